package io.tablemapper.internal.model;

import io.tablemapper.internal.key.KeyShape;
import io.tablemapper.internal.key.KeyTemplate;
import io.tablemapper.internal.key.KeyType;
import java.util.List;

/**
 * Proves that two entity types never take one another's rows: every key space of one (its rows, each index's copies)
 * is apart from every key space of the other — in another table, under PartitionKeys that can never be equal, or
 * under RowKeys that can never be equal. A remote index's copies are a key space of their own table and PartitionKey
 * template, so they are checked against the types of the table they live in, whichever table their entity's is. A proof
 * comes from {@link KeyShape}: two key spaces are apart when their keys can never be equal (a leading character that
 * differs, such as distinct literal prefixes, or lengths that never match). The processor proves it for the types it
 * compiles together, the runtime for the types it meets in one table (from other jars, or compiled without the
 * processor); both word what cannot be proved here.
 */
public final class KeySpaces {
  private KeySpaces() {}

  /**
   * The rows of one RowKey template: an entity type's own rows, or the copies of one of its indexes.
   *
   * @param index the index, or null for the entity's own rows
   * @param firstType the key type of the template's first placeholder, or null; for messages
   * @param site where the template is written, for {@link Problems}; problems are on its {@code attribute}
   * @param table the table of the rows, or null for the type's own
   * @param partitionKey the PartitionKey template of the rows (a remote index's), or null for the type's own
   * @param partitionKeyShape what those PartitionKeys look like, or null for the type's own
   */
  public record Space(String index, KeyTemplate template, KeyShape shape, KeyType firstType, Object site,
      String attribute, String table, KeyTemplate partitionKey, KeyShape partitionKeyShape) {

    /** A key space in the type's own table and partitions: its rows, or an index in the entity's partition. */
    public Space(String index, KeyTemplate template, KeyShape shape, KeyType firstType, Object site,
        String attribute) {
      this(index, template, shape, firstType, site, attribute, null, null, null);
    }
  }

  /**
   * The key spaces of an entity type.
   *
   * @param entity the class's qualified name, for messages
   * @param typeName its discriminator
   * @param spaces its own rows first (when it has a RowKey), then its indexes
   */
  public record Type(String entity, String typeName, String table, KeyTemplate partitionKey,
      KeyShape partitionKeyShape, List<Space> spaces) {}

  /**
   * Checks a type against another type of its table, reporting each of its key spaces that can meet one of the
   * other's.
   *
   * @return whether everything was proved apart
   */
  public static boolean checkAgainst(Type type, Type other, Problems problems) {
    boolean ok = true;
    for (Space space : type.spaces()) {
      for (Space theirs : other.spaces()) {
        if (!table(type, space).equalsIgnoreCase(table(other, theirs))
            || partitionKeyShape(type, space).disjoint(partitionKeyShape(other, theirs))
            || space.shape().disjoint(theirs.shape())) {
          continue;
        }
        problems.report(space.site(), space.attribute(), EntityRules.typesOverlap(
            EntityRules.typeSpace(type.entity(), space.index(), space.template()),
            EntityRules.typeSpace(other.entity(), theirs.index(), theirs.template()),
            EntityRules.keySpaceWhy(space.template(), space.firstType(), theirs.template(), theirs.firstType()),
            table(type, space), partitionKey(type, space), partitionKey(other, theirs),
            EntityRules.keySpaceSuggestion(space.index() == null ? type.typeName() : space.index(),
                space.template())));
        ok = false;
        break;
      }
    }
    return ok;
  }

  private static String table(Type type, Space space) {
    return space.table() != null ? space.table() : type.table();
  }

  private static KeyTemplate partitionKey(Type type, Space space) {
    return space.partitionKey() != null ? space.partitionKey() : type.partitionKey();
  }

  private static KeyShape partitionKeyShape(Type type, Space space) {
    return space.partitionKeyShape() != null ? space.partitionKeyShape() : type.partitionKeyShape();
  }
}
