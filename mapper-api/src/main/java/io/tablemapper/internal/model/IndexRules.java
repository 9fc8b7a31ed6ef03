package io.tablemapper.internal.model;

import io.tablemapper.annotations.IndexForm;
import io.tablemapper.annotations.IndexReads;
import io.tablemapper.internal.key.KeyShape;
import io.tablemapper.internal.key.KeyTemplate;
import io.tablemapper.spi.StoreLimits;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The rules of an entity's {@code @Index} annotations, for the processor and the runtime alike: names (valid, and
 * unique even ignoring case, since generated names derive from them), a valid index table, known copied properties,
 * key templates that bind ({@link KeyBinder}), a declared uniqueness that the templates can keep, and copies whose
 * keys never meet the entity's own or another index's.
 *
 * <p>An index with neither {@code partitionKey} nor a {@code table} of its own lives in its entity's partition (kept
 * in the entity's group transaction); any other index lives elsewhere (eventually consistent). A {@code table}
 * without a {@code partitionKey} keeps the entity's PartitionKey in that table.
 */
public final class IndexRules {
  /** What follows a key list's head RowKey in the RowKeys of its part rows, before their number. */
  public static final char LIST_PART_SEPARATOR = '~';
  /** The digits of a key list's part number. */
  public static final int LIST_PART_DIGITS = 4;
  private static final String DIGITS = "0123456789";

  private IndexRules() {}

  /**
   * One {@code @Index} as written.
   *
   * @param uniqueExplicit whether {@code unique} was written out; a front end that cannot tell (a retained
   *     annotation) says false, and an explicit {@code unique = true} that can never hold goes unreported there
   * @param reads how a query through the index answers: verified against the entities, or from the copies
   * @param site where it is written, for {@link Problems}
   */
  public record Declaration(String name, String rowKey, String partitionKey, String table, List<String> properties,
      IndexForm form, boolean unique, boolean uniqueExplicit, IndexReads reads, Object site) {

    /** A declaration whose queries are verified against the entities ({@link IndexReads#ENTITIES}). */
    public Declaration(String name, String rowKey, String partitionKey, String table, List<String> properties,
        IndexForm form, boolean unique, boolean uniqueExplicit, Object site) {
      this(name, rowKey, partitionKey, table, properties, form, unique, uniqueExplicit, IndexReads.ENTITIES, site);
    }

    /** A declaration of the default form, {@link IndexForm#COPY}. */
    public Declaration(String name, String rowKey, String partitionKey, String table, List<String> properties,
        boolean unique, boolean uniqueExplicit, Object site) {
      this(name, rowKey, partitionKey, table, properties, IndexForm.COPY, unique, uniqueExplicit, site);
    }
  }

  /**
   * A valid index.
   *
   * @param table the table of the copies: the entity's own unless the index names another
   * @param partitionKey the PartitionKey of the copies when they live outside the entity's partition (the entity's
   *     own template for an index that only names another table), or null for copies in the entity's partition
   * @param properties the Java names of the copied properties, empty for all (or for none, with {@code keysOnly})
   * @param form what the index keeps: a copy per entity, its keys alone, or a list of keys per value
   * @param unique whether a value identifies one entity (its keys lack a component of the entity's keys), so a
   *     second entity with the value is refused; else every entity has its own copy
   * @param copyReads whether queries through the index may be answered by its copies ({@link IndexReads#COPIES}):
   *     only for a copy index outside the entity's partition
   */
  public record BoundIndex<P extends ModelProperty>(String name, String table, BoundKey<P> partitionKey,
      BoundKey<P> rowKey, List<String> properties, IndexForm form, boolean unique, boolean copyReads, Object site) {

    /** Whether the copies hold only the entity's keys ({@link IndexForm#KEYS}). */
    public boolean keysOnly() {
      return form == IndexForm.KEYS;
    }

    /** Whether the index keeps one row per value listing its entities' keys ({@link IndexForm#KEY_LIST}). */
    public boolean keyList() {
      return form == IndexForm.KEY_LIST;
    }

    /** Whether the copies live outside the entity's partition, so they are kept eventually consistent. */
    public boolean remote() {
      return partitionKey != null;
    }
  }

  /**
   * The valid indexes of an entity; the others are reported.
   *
   * @param entity the entity's simple name, for messages
   * @param typeName its discriminator
   * @param table its table
   * @param partitionKey its bound PartitionKey, or null when it is not valid
   * @param rowKey its bound RowKey, or null when it has none (then no index is valid)
   */
  public static <P extends ModelProperty> List<BoundIndex<P>> bind(String entity, String typeName, String table,
      List<P> properties, BoundKey<P> partitionKey, BoundKey<P> rowKey, List<Declaration> declarations,
      Problems problems) {
    List<BoundIndex<P>> indexes = new ArrayList<>();
    Map<String, String> names = new LinkedHashMap<>();
    List<String> known = new ArrayList<>();
    for (P property : properties) {
      if (property.stored()) {
        known.add(property.name());
      }
    }
    for (Declaration declaration : declarations) {
      String name = declaration.name();
      Object site = declaration.site();
      if (!EntityRules.validIndexName(name)) {
        problems.report(site, "name", EntityRules.indexName(entity, name));
        continue;
      }
      String first = names.putIfAbsent(name.toLowerCase(Locale.ROOT), name);
      if (first != null) {
        problems.report(site, "name", EntityRules.indexNameDuplicate(entity, typeName, name, first));
        continue;
      }
      String indexTable = declaration.table().isEmpty() || declaration.table().equalsIgnoreCase(table)
          ? table : declaration.table();
      boolean ok = true;
      boolean entityTemplate = indexTable.equals(table) && TableTemplate.isTemplate(table); // checked with it
      if (!entityTemplate && !StoreLimits.isValidTableName(indexTable)) {
        problems.report(site, "table", EntityRules.indexTable(entity, name, indexTable));
        ok = false;
      }
      if (declaration.form() != IndexForm.COPY && !declaration.properties().isEmpty()) {
        problems.report(site, "properties", EntityRules.indexFormProperties(entity, name, declaration.form().name(),
            declaration.properties()));
        ok = false;
      }
      for (String property : declaration.properties()) {
        if (!known.contains(property)) {
          problems.report(site, "properties", EntityRules.indexUnknownProperty(entity, name, property, known));
          ok = false;
        }
      }
      BoundKey<P> indexPartitionKey = null;
      if (!declaration.partitionKey().isEmpty()) {
        indexPartitionKey = KeyBinder.bind(entity, properties, declaration.partitionKey(),
            "@Index(name = \"" + name + "\") partitionKey", site, "partitionKey", problems);
        ok &= indexPartitionKey != null;
        if (indexPartitionKey != null && indexPartitionKey.template().isConstant()) {
          problems.report(site, "partitionKey",
              EntityRules.indexHotPartition(entity, name, indexPartitionKey.template()));
        }
      } else if (!indexTable.equals(table)) {
        indexPartitionKey = partitionKey;
        ok &= partitionKey != null;
      }
      if (declaration.reads() == IndexReads.COPIES) {
        if (declaration.form() != IndexForm.COPY) {
          problems.report(site, "reads", EntityRules.indexReadsForm(entity, name, declaration.form().name()));
          ok = false;
        } else if (indexPartitionKey == null) {
          problems.report(site, "reads", EntityRules.indexReadsLocal(entity, name));
          ok = false;
        }
      }
      BoundKey<P> key = KeyBinder.bind(entity, properties, declaration.rowKey(),
          "@Index(name = \"" + name + "\") rowKey", site, "rowKey", problems);
      if (key == null || !ok || rowKey == null || partitionKey == null) {
        continue;
      }
      if (declaration.form() == IndexForm.KEY_LIST) {
        if (keyList(entity, declaration, indexPartitionKey, key, partitionKey, rowKey, problems)) {
          indexes.add(new BoundIndex<>(name, indexTable, indexPartitionKey, key, List.of(), IndexForm.KEY_LIST, false,
              false, site));
        }
        continue;
      }
      Boolean unique = indexPartitionKey == null
          ? uniqueness(entity, declaration, key, rowKey, problems)
          : uniquenessElsewhere(entity, declaration, indexPartitionKey, key, partitionKey, rowKey, problems);
      if (unique != null) {
        indexes.add(new BoundIndex<>(name, indexTable, indexPartitionKey, key, List.copyOf(declaration.properties()),
            declaration.form(), unique, declaration.reads() == IndexReads.COPIES, site));
      }
    }
    if (rowKey != null && partitionKey != null) {
      checkKeySpaces(entity, table, partitionKey, rowKey, indexes, problems);
    }
    return indexes;
  }

  /**
   * Whether an index in the entity's partition is unique: it is when its RowKey lacks a component of the entity's
   * RowKey (then two entities with the same value would need the same copy, and the second is refused); otherwise
   * every entity has its own copy. Reports a declaration that says the opposite, and returns null then.
   */
  private static Boolean uniqueness(String entity, Declaration declaration, BoundKey<?> index, BoundKey<?> rowKey,
      Problems problems) {
    List<String> missing = missing(List.of(rowKey), List.of(index));
    if (!declaration.unique() && !missing.isEmpty()) {
      problems.report(declaration.site(), "unique", EntityRules.indexNotUnique(entity, declaration.name(),
          index.template().toString(), missing,
              rowKey.template().toString(), suffix(List.of(rowKey), missing)));
      return null;
    }
    if (declaration.unique() && declaration.uniqueExplicit() && missing.isEmpty() && !rowKey.properties().isEmpty()) {
      problems.report(declaration.site(), "unique", EntityRules.indexUniqueNever(entity, declaration.name(),
          index.template().toString(),
              rowKey.template().toString(), rowKey.names()));
      return null;
    }
    return missing.isEmpty() && !rowKey.properties().isEmpty() ? Boolean.FALSE : Boolean.TRUE;
  }

  /**
   * Whether an index outside the entity's partition is unique: it is when its keys lack a component of the
   * entity's PartitionKey or RowKey, which together tell the entities of the table apart. Reports a declaration
   * that says the opposite, and returns null then.
   */
  private static Boolean uniquenessElsewhere(String entity, Declaration declaration, BoundKey<?> indexPartitionKey,
      BoundKey<?> indexRowKey, BoundKey<?> partitionKey, BoundKey<?> rowKey, Problems problems) {
    List<BoundKey<?>> own = List.of(partitionKey, rowKey);
    List<BoundKey<?>> index = List.of(indexPartitionKey, indexRowKey);
    List<String> missing = missing(own, index);
    String indexKeys = keys(indexPartitionKey, indexRowKey);
    String entityKeys = keys(partitionKey, rowKey);
    boolean identified = !partitionKey.properties().isEmpty() || !rowKey.properties().isEmpty();
    if (!declaration.unique() && !missing.isEmpty()) {
      problems.report(declaration.site(), "unique", EntityRules.indexNotUniqueElsewhere(entity, declaration.name(),
          indexKeys, missing, entityKeys, indexRowKey.template().toString(), suffix(own, missing)));
      return null;
    }
    if (declaration.unique() && declaration.uniqueExplicit() && missing.isEmpty() && identified) {
      List<String> components = new ArrayList<>(partitionKey.names());
      components.addAll(rowKey.names());
      problems.report(declaration.site(), "unique", EntityRules.indexUniqueNeverElsewhere(entity,
          declaration.name(), indexKeys, entityKeys, components));
      return null;
    }
    return missing.isEmpty() && identified ? Boolean.FALSE : Boolean.TRUE;
  }

  /**
   * Whether a {@code KEY_LIST} index can keep its lists — in the entity's partition (strongly consistent, in the
   * entity's EGT) or outside it (eventually consistent): not unique (a list holds every entity with its value), and
   * keyed by less than the entity's keys (else each list holds one entity).
   * Reports what it cannot.
   */
  private static boolean keyList(String entity, Declaration declaration, BoundKey<?> indexPartitionKey,
      BoundKey<?> indexRowKey, BoundKey<?> partitionKey, BoundKey<?> rowKey, Problems problems) {
    if (declaration.unique()) {
      problems.report(declaration.site(), "unique", EntityRules.indexKeyListUnique(entity, declaration.name()));
      return false;
    }
    List<BoundKey<?>> own = List.of(partitionKey, rowKey);
    boolean identified = !partitionKey.properties().isEmpty() || !rowKey.properties().isEmpty();
    // a list in the entity's partition is keyed by the entity's PartitionKey and its own RowKey
    BoundKey<?> listPartitionKey = indexPartitionKey != null ? indexPartitionKey : partitionKey;
    if (identified && missing(own, List.of(listPartitionKey, indexRowKey)).isEmpty()) {
      List<String> components = new ArrayList<>(partitionKey.names());
      components.addAll(rowKey.names());
      problems.report(declaration.site(), "rowKey", EntityRules.indexKeyListPerEntity(entity, declaration.name(),
          keys(listPartitionKey, indexRowKey), components));
      return false;
    }
    String component = listPartCollision(indexRowKey.template(), indexRowKey.shape());
    if (component != null) {
      problems.report(declaration.site(), "rowKey", EntityRules.indexListRowKey(entity, declaration.name(),
          indexRowKey.template(), component));
    }
    return true;
  }

  /** The shape of the RowKeys of a key list's part rows, whose heads' RowKeys have the shape {@code heads}. */
  public static KeyShape listPartShape(KeyShape heads) {
    return heads.followedBy(listPartSuffix());
  }

  /** What a key list's part RowKeys add to their head's, per position: {@code ~} and four digits. */
  private static List<String> listPartSuffix() {
    List<String> suffix = new ArrayList<>();
    suffix.add(String.valueOf(LIST_PART_SEPARATOR));
    for (int i = 0; i < LIST_PART_DIGITS; i++) {
      suffix.add(DIGITS);
    }
    return suffix;
  }

  /**
   * Whether the RowKeys of a key list's heads ({@code rowKey}, of that shape) can end as its part rows' do, with
   * {@code ~} and four digits, so that one value's head could sit where another value's list puts a part row: the
   * component that can end so (a placeholder as written, or a literal), or null when none can.
   */
  public static String listPartCollision(KeyTemplate rowKey, KeyShape shape) {
    int at = shape.endingWith(listPartSuffix());
    if (at < 0) {
      return null;
    }
    KeyTemplate.Segment segment = rowKey.segments().get(at);
    return segment instanceof KeyTemplate.Placeholder placeholder
        ? "its component " + placeholder.text()
        : "its literal '" + ((KeyTemplate.Literal) segment).text() + "'";
  }

  private static String keys(BoundKey<?> partitionKey, BoundKey<?> rowKey) {
    return "PartitionKey '" + partitionKey.template() + "', RowKey '" + rowKey.template() + "'";
  }

  /** The components of {@code own} keys that none of {@code index} keys holds, in order. */
  private static List<String> missing(List<BoundKey<?>> own, List<BoundKey<?>> index) {
    List<String> missing = new ArrayList<>();
    for (BoundKey<?> key : own) {
      for (String component : key.names()) {
        boolean held = false;
        for (BoundKey<?> copy : index) {
          held |= copy.indexOf(component) >= 0;
        }
        if (!held && !missing.contains(component)) {
          missing.add(component);
        }
      }
    }
    return missing;
  }

  /** The key components to append to an index template, written as in the entity's keys. */
  private static String suffix(List<BoundKey<?>> keys, List<String> missing) {
    StringBuilder text = new StringBuilder();
    List<String> written = new ArrayList<>();
    for (BoundKey<?> key : keys) {
      for (KeyTemplate.Placeholder placeholder : key.template().placeholders()) {
        if (missing.contains(placeholder.property()) && !written.contains(placeholder.property())) {
          written.add(placeholder.property());
          text.append('_').append(placeholder.text());
        }
      }
    }
    return text.toString();
  }

  /**
   * Index copies never take the keys of the entity's rows, nor of another index's copies; reported on the index.
   * Two key spaces meet only in one table, where both their PartitionKeys and their RowKeys can be equal; copies in
   * the entity's partition share its PartitionKey, so there only the RowKeys tell them apart. A key list's rows are
   * its heads and their part rows ({@link #listPartShape}).
   */
  private static <P extends ModelProperty> void checkKeySpaces(String entity, String table, BoundKey<P> partitionKey,
      BoundKey<P> rowKey, List<? extends BoundIndex<P>> indexes, Problems problems) {
    List<String> seenNames = new ArrayList<>();
    List<String> seenTables = new ArrayList<>();
    List<BoundKey<?>> seenPartitions = new ArrayList<>();
    List<BoundKey<?>> seen = new ArrayList<>();
    List<Boolean> seenLists = new ArrayList<>();
    seenLists.add(false);
    seenNames.add(EntityRules.ownRowKey(rowKey.template()));
    seenTables.add(table);
    seenPartitions.add(partitionKey);
    seen.add(rowKey);
    for (BoundIndex<P> index : indexes) {
      BoundKey<?> key = index.rowKey();
      BoundKey<?> partition = index.remote() ? index.partitionKey() : partitionKey;
      KeyShape shape = key.shape();
      for (int i = 0; i < seen.size(); i++) {
        BoundKey<?> other = seen.get(i);
        if (!seenTables.get(i).equalsIgnoreCase(index.table())
            || partition != seenPartitions.get(i) && partition.shape().disjoint(seenPartitions.get(i).shape())
            || apart(shape, index.keyList(), other.shape(), seenLists.get(i))) {
          continue;
        }
        if (key.template().literalPrefix().isEmpty()) {
          problems.report(index.site(), "rowKey", EntityRules.keySpaceNoPrefix(entity, index.name(), key.template(),
              seenNames.get(i)));
        } else {
          problems.report(index.site(), "rowKey", EntityRules.keySpaceOverlap(entity, index.name(), key.template(),
              seenNames.get(i),
                  EntityRules.keySpaceWhy(key.template(), key.firstType(), other.template(), other.firstType())));
        }
        break;
      }
      seenNames.add(EntityRules.indexSpace(index.name()));
      seenTables.add(index.table());
      seenPartitions.add(partition);
      seen.add(key);
      seenLists.add(index.keyList());
    }
  }

  /** Whether two key spaces' RowKeys never meet, a key list's part rows included. */
  private static boolean apart(KeyShape one, boolean oneList, KeyShape other, boolean otherList) {
    KeyShape oneParts = oneList ? listPartShape(one) : null;
    KeyShape otherParts = otherList ? listPartShape(other) : null;
    return one.disjoint(other)
        && (oneParts == null || oneParts.disjoint(other))
        && (otherParts == null || one.disjoint(otherParts))
        && (oneParts == null || otherParts == null || oneParts.disjoint(otherParts));
  }
}
