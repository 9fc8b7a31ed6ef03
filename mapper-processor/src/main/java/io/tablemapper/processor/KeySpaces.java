package io.tablemapper.processor;

import io.tablemapper.spi.key.KeyShape;
import io.tablemapper.spi.key.KeyTemplate;
import io.tablemapper.spi.key.KeyType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.lang.model.element.TypeElement;

/**
 * Proves that rows which share a partition can never take one another's RowKey: an entity's own rows and each of its
 * index copies, and the rows (and copies) of every other entity type of the same table. A proof comes from
 * {@link KeyShape}: two key spaces are apart when their PartitionKeys can never be equal, or their RowKeys can never
 * be equal (a leading character that differs, such as distinct literal prefixes, or lengths that never match).
 * Whatever cannot be proved is reported, on the template that comes second, with a literal prefix to add.
 */
final class KeySpaces {
  private KeySpaces() {}

  /** Checks an entity's indexes against its own RowKey and against each other, reporting on the index. */
  static void checkIndexes(
      TypeElement type, KeyModel rowKey, List<EntityModel.IndexModel> indexes, Diagnostics diagnostics) {
    String owner = type.getSimpleName().toString();
    List<String> seenNames = new ArrayList<>();
    List<KeyModel> seen = new ArrayList<>();
    seenNames.add("its own RowKey '" + rowKey.template() + "'");
    seen.add(rowKey);
    for (EntityModel.IndexModel index : indexes) {
      KeyModel key = index.rowKey();
      KeyShape shape = key.shape();
      String where = "index '" + index.name() + "' of " + owner;
      for (int i = 0; i < seen.size(); i++) {
        if (shape.disjoint(seen.get(i).shape())) {
          continue;
        }
        if (key.template().literalPrefix().isEmpty()) {
          diagnostics.error(type, key.annotation(), key.value(), Ids.KEY_SPACE_OVERLAP,
              where + " has rowKey '" + key.template() + "', which starts with a value that can equal the start of "
                  + seenNames.get(i) + "; give it a literal prefix that no other key of " + owner + " starts with,"
                  + " for example \"" + suggestion(index.name(), key) + "\", so its copies can never take an"
                  + " entity's RowKey");
        } else {
          diagnostics.error(type, key.annotation(), key.value(), Ids.KEY_SPACE_OVERLAP,
              where + " has rowKey '" + key.template() + "', whose keys can equal those of " + seenNames.get(i)
                  + why(key, seen.get(i)) + "; choose literal prefixes that do not start with one another");
        }
        break;
      }
      seenNames.add("index '" + index.name() + "'");
      seen.add(key);
    }
  }

  /**
   * Checks an entity against another entity type of the same table: their partitions may coincide unless their
   * PartitionKeys are provably apart, and then each of the entity's key spaces (rows, index copies) must be apart
   * from each of the other's. Reports on the entity's template and returns whether everything was proved.
   */
  static boolean checkAgainst(EntityModel entity, EntityModel other, Diagnostics diagnostics) {
    if (entity.partitionKey().shape().disjoint(other.partitionKey().shape())) {
      return true;
    }
    boolean ok = true;
    for (Space space : spaces(entity)) {
      for (Space theirs : spaces(other)) {
        if (space.key().shape().disjoint(theirs.key().shape())) {
          continue;
        }
        KeyModel key = space.key();
        diagnostics.error(entity.element(), key.annotation(), key.value(), Ids.KEY_SPACE_OVERLAP,
            space.describe(entity) + " can produce the same keys as " + theirs.describe(other) + why(key, theirs.key())
                + ", and both live in table "
                + entity.table() + " under PartitionKeys ('" + entity.partitionKey().template() + "' and '"
                + other.partitionKey().template() + "') that can be equal: one could take the other's row; give"
                + " each entity type of a table a literal RowKey prefix that no other type's keys start with, for"
                + " example \"" + suggestion(space.index() == null ? entity.typeName() : space.index().name(), key)
                + "\"");
        ok = false;
        break;
      }
    }
    return ok;
  }

  /**
   * A key space of an entity: its own rows, or the copies of one index.
   *
   * @param key the RowKey template of the rows
   * @param index the index, or null for the entity's own rows
   */
  private record Space(KeyModel key, EntityModel.IndexModel index) {
    String describe(EntityModel entity) {
      String name = entity.element().getQualifiedName().toString();
      return index == null
          ? "the RowKey '" + key.template() + "' of " + name
          : "the rowKey '" + key.template() + "' of index '" + index.name() + "' of " + name;
    }
  }

  private static List<Space> spaces(EntityModel entity) {
    List<Space> spaces = new ArrayList<>();
    spaces.add(new Space(entity.rowKey(), null));
    for (EntityModel.IndexModel index : entity.indexes()) {
      spaces.add(new Space(index.rowKey(), index));
    }
    return spaces;
  }

  /** Why two templates were not proved apart, for messages. */
  private static String why(KeyModel a, KeyModel b) {
    String prefixA = a.template().literalPrefix();
    String prefixB = b.template().literalPrefix();
    if (prefixA.isEmpty() || prefixB.isEmpty()) {
      KeyModel open = prefixA.isEmpty() ? a : b;
      KeyTemplate.Placeholder first = open.template().placeholders().get(0);
      KeyType type = open.property(first.index()).keyType();
      return " ('" + open.template() + "' starts with " + first.text() + ", "
          + (type == KeyType.STRING ? "which can be any text" : "whose encoding can start like the other key") + ")";
    }
    if (prefixA.equals(prefixB)) {
      return " (both start with '" + prefixA + "')";
    }
    if (prefixA.startsWith(prefixB) || prefixB.startsWith(prefixA)) {
      return " (literal prefixes '" + prefixA + "' and '" + prefixB + "')";
    }
    return "";
  }

  /** A template with a literal prefix naming its key space: {@code manager_{id}} for {@code emp_{id}}. */
  private static String suggestion(String name, KeyModel key) {
    String prefix = key.template().literalPrefix();
    String rest = key.template().source().substring(escapedLength(key.template(), prefix));
    return name.substring(0, 1).toLowerCase(Locale.ROOT) + name.substring(1) + "_" + rest;
  }

  /** How many characters of the template's source write its literal prefix (braces are doubled there). */
  private static int escapedLength(KeyTemplate template, String prefix) {
    if (template.segments().size() < 2 || prefix.isEmpty()) {
      return prefix.isEmpty() ? 0 : template.source().length();
    }
    return ((KeyTemplate.Placeholder) template.segments().get(1)).start();
  }
}
