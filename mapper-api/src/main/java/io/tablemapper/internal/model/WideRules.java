package io.tablemapper.internal.model;

import io.tablemapper.internal.key.KeyShape;
import io.tablemapper.internal.key.KeyTemplate;
import io.tablemapper.internal.key.KeyType;
import io.tablemapper.internal.mapping.WideRows;
import io.tablemapper.spi.StoreLimits;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The rules of a wide entity ({@code @Wide}), for the processor and the runtime alike, and the one decision they
 * share: which properties its head row always holds ({@link #head}) — the keys' properties, the index properties and
 * {@code @Wide(head)} — so that the store can select, filter and index by them; where the others lie depends on the
 * values ({@link WideRows#split}).
 *
 * <p>A wide entity is no member of a hierarchy; its indexes live in its partition and copy only head properties (a
 * full copy would be as wide as the entity), or keep key lists ({@code KEY_LIST}, which copy nothing); its RowKey
 * does not end with a String (a part's RowKey, the entity's followed by {@code ~NN}, could be another entity's), and
 * its index rows' RowKeys (a key list's part rows' included) never meet its parts'. Its stored properties fit one
 * transaction with its indexes' changes: a head and {@link #maxParts} parts.
 */
public final class WideRules {
  private WideRules() {}

  /**
   * The operations the in-partition indexes of an entity add to one write at most: per copying index an old and a
   * new copy; per key list, the list it leaves and the one it joins, each a head and a part row.
   */
  public static int indexOperations(int copyIndexes, int keyLists) {
    return 2 * copyIndexes + 4 * keyLists;
  }

  /**
   * How many part rows an entity whose indexes add {@code indexOperations} ({@link #indexOperations}) may have: a
   * write's rows fit one EGT.
   */
  public static int maxParts(int indexOperations) {
    // the head, each part (written, or deleted when a replace needs fewer), and the indexes' operations
    return Math.min(WideRows.MAX_PARTS, StoreLimits.MAX_BATCH_OPERATIONS - 1 - indexOperations);
  }

  /** The most stored properties a wide entity whose indexes add {@code indexOperations} holds. */
  public static int maxProperties(int indexOperations) {
    return StoreLimits.MAX_PROPERTIES - WideRows.HEAD_MARKS
        + maxParts(indexOperations) * (StoreLimits.MAX_PROPERTIES - WideRows.PART_MARKS);
  }

  /**
   * Checks a wide entity and decides its head.
   *
   * @return the Java names of the properties its head always holds, in declaration order; null when the entity is
   *     not wide, or an error was reported
   */
  static <P extends PropertySource> List<String> check(EntitySource<P> source, List<CheckedProperty<P>> properties,
      BoundKey<CheckedProperty<P>> partitionKey, BoundKey<CheckedProperty<P>> rowKey,
      List<IndexRules.BoundIndex<CheckedProperty<P>>> indexes, Problems problems) {
    EntitySource.Wide wide = source.wide();
    if (wide == null) {
      return null;
    }
    String entity = source.simpleName();
    boolean ok = true;
    if (source.isAbstract() || !source.ancestors().isEmpty()) {
      problems.report(wide.site(), null, Rule.WIDE_SHAPE.problem(entity + " is @Wide and "
          + (source.isAbstract() ? "abstract" : "extends the @Entity " + source.ancestors().get(0).simpleName())
          + "; a wide entity is a concrete class of its own: remove @Wide or the @Entity superclass"));
      return null;
    }
    Set<String> head = new LinkedHashSet<>();
    for (String name : wide.head()) {
      CheckedProperty<P> property = ModelProperty.named(properties, name);
      if (property == null || !property.stored()) {
        problems.report(wide.site(), "head", Rule.WIDE_HEAD.problem("@Wide(head) of " + entity + " names '" + name
            + "', which is not " + (property == null ? "a property" : "a stored property") + " of " + entity
            + Suggestions.didYouMean(name, storedNames(properties))));
        ok = false;
      } else {
        head.add(name);
      }
    }
    if (partitionKey != null) {
      head.addAll(partitionKey.names());
    }
    if (rowKey != null) {
      head.addAll(rowKey.names());
      ok &= checkRowKey(entity, source.rowKeySite(), rowKey, problems);
    }
    for (IndexRules.BoundIndex<CheckedProperty<P>> index : indexes) {
      if (index.remote()) {
        problems.report(index.site(), null, Rule.WIDE_SHAPE.problem("index '" + index.name() + "' of the @Wide "
            + entity + " lives outside the entity's partition; a wide entity's indexes live in its partition"
            + " (no partitionKey or table), kept in the transaction that writes its rows"));
        ok = false;
      } else if (index.properties().isEmpty() && !index.keysOnly() && !index.keyList()) {
        problems.report(index.site(), null, Rule.WIDE_SHAPE.problem("index '" + index.name() + "' of the @Wide "
            + entity + " copies the whole entity, which does not fit one row; copy only some properties"
            + " (properties = {...}) or its keys (form = IndexForm.KEYS)"));
        ok = false;
      } else {
        head.addAll(index.rowKey().names());
        head.addAll(index.properties());
        // a key list's part rows (its head's RowKey, '~' and four digits) never meet the entity's ('~' and two)
        if (rowKey != null && !index.rowKey().shape().disjoint(WideRows.partShape(rowKey.shape()))) {
          problems.report(index.site(), "rowKey", Rule.WIDE_ROW_KEY.problem("index '" + index.name() + "' of the"
              + " @Wide " + entity + " has RowKeys '" + index.rowKey().template() + "' that can be the RowKeys of"
              + " the entity's part rows ('" + rowKey.template() + "~01' ...); give the index a literal prefix of"
              + " its own"));
          ok = false;
        }
      }
    }
    List<String> ordered = new ArrayList<>();
    int stored = 0;
    for (CheckedProperty<P> property : properties) {
      if (property.stored()) {
        stored++;
        if (head.contains(property.name())) {
          ordered.add(property.name());
        }
      }
    }
    if (ordered.size() + WideRows.HEAD_MARKS > StoreLimits.MAX_PROPERTIES) {
      problems.report(wide.site(), "head", Rule.WIDE_HEAD.problem(entity + "'s head row must hold " + ordered.size()
          + " properties (keys, index properties, @Wide(head)) besides the mapper's " + WideRows.HEAD_MARKS
          + " marks; a row holds at most " + StoreLimits.MAX_PROPERTIES));
      ok = false;
    }
    int keyLists = (int) indexes.stream().filter(index -> !index.remote() && index.keyList()).count();
    int localIndexes = (int) indexes.stream().filter(index -> !index.remote()).count();
    int operations = indexOperations(localIndexes - keyLists, keyLists);
    if (stored > maxProperties(operations)) {
      problems.report(wide.site(), null, Rule.WIDE_CAPACITY.problem(entity + " stores " + stored + " properties;"
          + " a wide entity" + (localIndexes == 0 ? "" : " with " + localIndexes + " index(es)") + " holds at most "
          + maxProperties(operations) + ": a head and " + maxParts(operations) + " part rows, written with its"
          + " index rows (up to " + operations + " per write" + (keyLists == 0 ? "" : ", 4 per key list") + ") in"
          + " one entity group transaction of at most " + StoreLimits.MAX_BATCH_OPERATIONS + " operations; split"
          + " the entity, or group properties into one @Json property"));
      ok = false;
    }
    return ok ? List.copyOf(ordered) : null;
  }

  /** A RowKey that ends with a String could be another entity's RowKey followed by {@code ~NN}: reported. */
  private static boolean checkRowKey(String entity, Object site, BoundKey<?> rowKey, Problems problems) {
    List<KeyTemplate.Segment> segments = rowKey.template().segments();
    KeyTemplate.Segment last = segments.get(segments.size() - 1);
    if (last instanceof KeyTemplate.Placeholder placeholder
        && rowKey.property(placeholder.index()).keyType() == KeyType.STRING) {
      problems.report(site, "value", Rule.WIDE_ROW_KEY.problem("@RowKey '" + rowKey.template() + "' of the @Wide "
          + entity + " ends with the String '" + placeholder.property() + "', so the RowKey of a part row ('"
          + rowKey.template() + "~01') could be another " + entity + "'s RowKey; end the template with a literal"
          + " (\"..._{" + placeholder.property() + "}_\") or a number"));
      return false;
    }
    return true;
  }

  private static List<String> storedNames(List<? extends CheckedProperty<?>> properties) {
    List<String> names = new ArrayList<>();
    for (CheckedProperty<?> property : properties) {
      if (property.stored()) {
        names.add(property.name());
      }
    }
    return names;
  }

  /**
   * The key space of the part rows of a wide entity whose RowKey is {@code rowKey}, for the proof that no other type's
   * rows take their keys ({@link KeySpaces}); its template ({@code RowKey~{part:02}}) names it in messages.
   */
  public static KeySpaces.Space partSpace(KeyTemplate rowKey, KeyShape rowKeyShape, KeyType firstType, Object site) {
    return new KeySpaces.Space(null, KeyTemplate.parse(rowKey.source() + WideRows.PART_SEPARATOR + "{part:02}"),
        WideRows.partShape(rowKeyShape), firstType, site, "value");
  }
}
