package io.tablemapper.processor;

import io.tablemapper.internal.key.KeyShape;
import io.tablemapper.internal.key.KeyType;
import io.tablemapper.internal.model.EntityRules;
import java.util.ArrayList;
import java.util.List;
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
    seenNames.add(EntityRules.ownRowKey(rowKey.template()));
    seen.add(rowKey);
    for (EntityModel.IndexModel index : indexes) {
      KeyModel key = index.rowKey();
      KeyShape shape = key.shape();
      for (int i = 0; i < seen.size(); i++) {
        if (shape.disjoint(seen.get(i).shape())) {
          continue;
        }
        if (key.template().literalPrefix().isEmpty()) {
          diagnostics.error(type, key.annotation(), key.value(), Ids.KEY_SPACE_OVERLAP,
              EntityRules.keySpaceNoPrefix(owner, index.name(), key.template(), seenNames.get(i)));
        } else {
          diagnostics.error(type, key.annotation(), key.value(), Ids.KEY_SPACE_OVERLAP,
              EntityRules.keySpaceOverlap(owner, index.name(), key.template(), seenNames.get(i),
                  why(key, seen.get(i))));
        }
        break;
      }
      seenNames.add(EntityRules.indexSpace(index.name()));
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
            EntityRules.typesOverlap(space.describe(entity), theirs.describe(other), why(key, theirs.key()),
                entity.table(), entity.partitionKey().template(), other.partitionKey().template(),
                suggestion(space.index() == null ? entity.typeName() : space.index().name(), key)));
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
      return EntityRules.typeSpace(entity.element().getQualifiedName().toString(),
          index == null ? null : index.name(), key.template());
    }
  }

  private static List<Space> spaces(EntityModel entity) {
    List<Space> spaces = new ArrayList<>();
    if (entity.rowKey() != null) {
      spaces.add(new Space(entity.rowKey(), null));
    }
    for (EntityModel.IndexModel index : entity.indexes()) {
      spaces.add(new Space(index.rowKey(), index));
    }
    return spaces;
  }

  /** Why two templates were not proved apart, for messages. */
  private static String why(KeyModel a, KeyModel b) {
    return EntityRules.keySpaceWhy(a.template(), firstType(a), b.template(), firstType(b));
  }

  private static KeyType firstType(KeyModel key) {
    return key.properties().isEmpty() ? null : key.property(key.template().placeholders().get(0).index()).keyType();
  }

  /** A template with a literal prefix naming its key space: {@code manager_{id}} for {@code emp_{id}}. */
  private static String suggestion(String name, KeyModel key) {
    return EntityRules.keySpaceSuggestion(name, key.template());
  }
}
