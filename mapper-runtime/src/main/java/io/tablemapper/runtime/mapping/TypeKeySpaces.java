package io.tablemapper.runtime.mapping;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.internal.key.KeySpec;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.internal.model.KeySpaces;
import io.tablemapper.internal.model.Problems;
import io.tablemapper.internal.model.WideRules;
import java.util.ArrayList;
import java.util.List;
import io.tablemapper.runtime.introspect.ClassEntitySource;

/**
 * Proves, at run time, what the processor proves for the entity types it compiles together ({@link KeySpaces}): two
 * entity types of one table never take one another's rows. The runtime meets types the processor never saw
 * together: from other jars, or compiled without it. A remote index's copies count where they live: the copies in the
 * entity's own table are checked against the other types of that table; copies in another table are not checked against
 * the types of that table at run time (the processor checks the types it compiles together). The subtypes of a
 * hierarchy that have the RowKey template one class declares for them share one key space by design.
 */
public final class TypeKeySpaces {
  private TypeKeySpaces() {}

  /** Refuses the first key space of a type that can meet one of the other's. */
  private static final Problems REFUSE = (site, attribute, problem) -> {
    throw new InvalidEntityException(problem.toString());
  };

  /**
   * Checks a mapping against another entity type of its table.
   *
   * @throws InvalidEntityException {@code [KeySpaceOverlap]}, naming both key spaces and how to part them
   */
  static void check(EntityMapping<?> mapping, EntityMapping<?> other) {
    Class<?> owner = ClassEntitySource.rowKeyOwner(mapping.entityClass());
    if (mapping.entityClass() == other.entityClass() || mapping.rowKeySpec() == null || other.rowKeySpec() == null
        || (owner != null && owner == ClassEntitySource.rowKeyOwner(other.entityClass()))) {
      return;
    }
    KeySpaces.checkAgainst(spaces(mapping), spaces(other), REFUSE);
  }

  private static KeySpaces.Type spaces(EntityMapping<?> mapping) {
    List<KeySpaces.Space> spaces = new ArrayList<>();
    spaces.add(space(null, mapping.rowKeySpec()));
    if (mapping.wide()) {
      KeySpec rowKey = mapping.rowKeySpec();
      spaces.add(WideRules.partSpace(rowKey.template(), rowKey.shape(), firstType(rowKey), null));
    }
    for (IndexMapping<?> index : mapping.indexes()) {
      spaces.add(space(index.name(), index.rowKeySpec()));
    }
    for (IndexMapping<?> index : mapping.remoteIndexes()) {
      // a remote index's copies, in their own table and partitions: met only by the types of that table
      KeySpec rowKey = index.rowKeySpec();
      spaces.add(new KeySpaces.Space(index.name(), rowKey.template(), rowKey.shape(), firstType(rowKey), null, null,
          index.table(), index.partitionKeySpec().template(), index.partitionKeySpec().shape()));
    }
    return new KeySpaces.Type(mapping.entityClass().getName(), mapping.typeName(), mapping.table(),
        mapping.partitionKeySpec().template(), mapping.partitionKeySpec().shape(), spaces);
  }

  private static KeySpaces.Space space(String index, KeySpec spec) {
    return new KeySpaces.Space(index, spec.template(), spec.shape(), firstType(spec), null, null);
  }

  private static io.tablemapper.internal.key.KeyType firstType(KeySpec spec) {
    return spec.parts().isEmpty() ? null : spec.part(0).type();
  }
}
