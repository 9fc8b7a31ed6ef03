package io.tablemapper.runtime;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.internal.key.KeySpec;
import io.tablemapper.internal.key.KeyType;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.internal.model.EntityRules;

/**
 * Proves, at run time, what the processor's {@code KeySpaces} proves for the entity types it compiles together: two
 * entity types of one table never take one another's rows, because their PartitionKeys can never be equal, or
 * every key space of one (its rows, its index copies) is apart from every key space of the other. The runtime meets
 * types the processor never saw together: from other jars, or compiled without it. The subtypes of a hierarchy
 * that have the RowKey template one class declares for them share one key space by design.
 */
final class TypeKeySpaces {
  private TypeKeySpaces() {}

  /**
   * Checks a mapping against another entity type of its table.
   *
   * @throws InvalidEntityException {@code [KeySpaceOverlap]}, naming both key spaces and how to part them
   */
  static void check(EntityMapping<?> mapping, EntityMapping<?> other) {
    Class<?> owner = RuntimeInheritance.rowKeyOwner(mapping.entityClass());
    if (mapping.entityClass() == other.entityClass() || mapping.rowKeySpec() == null || other.rowKeySpec() == null
        || (owner != null && owner == RuntimeInheritance.rowKeyOwner(other.entityClass()))
        || mapping.partitionKeySpec().shape().disjoint(other.partitionKeySpec().shape())) {
      return;
    }
    check(mapping, null, mapping.rowKeySpec(), other);
    for (IndexMapping<?> index : mapping.indexes()) {
      check(mapping, index.name(), index.rowKeySpec(), other);
    }
  }

  private static void check(EntityMapping<?> mapping, String index, KeySpec space, EntityMapping<?> other) {
    check(mapping, index, space, other, null, other.rowKeySpec());
    for (IndexMapping<?> theirs : other.indexes()) {
      check(mapping, index, space, other, theirs.name(), theirs.rowKeySpec());
    }
  }

  private static void check(EntityMapping<?> mapping, String index, KeySpec space, EntityMapping<?> other,
      String otherIndex, KeySpec theirs) {
    if (space.shape().disjoint(theirs.shape())) {
      return;
    }
    throw new InvalidEntityException(EntityRules.format(EntityRules.KEY_SPACE_OVERLAP, EntityRules.typesOverlap(
        EntityRules.typeSpace(mapping.entityClass().getName(), index, space.template()),
        EntityRules.typeSpace(other.entityClass().getName(), otherIndex, theirs.template()),
        EntityRules.keySpaceWhy(space.template(), firstType(space), theirs.template(), firstType(theirs)),
        mapping.table(), mapping.partitionKeySpec().template(), other.partitionKeySpec().template(),
        EntityRules.keySpaceSuggestion(index == null ? mapping.typeName() : index, space.template()))));
  }

  private static KeyType firstType(KeySpec spec) {
    return spec.parts().isEmpty() ? null : spec.part(0).type();
  }
}
