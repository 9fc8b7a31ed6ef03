package io.tablemapper.runtime;

import io.tablemapper.api.TableMapperException;
import io.tablemapper.spi.EntityMapping;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The entity types one mapper has seen, per table: resolves a row's discriminator to its mapping for partition
 * reads. Two classes may not claim the same type in the same table. Table names are case-insensitive, as in the
 * store.
 */
final class TypeRegistry {
  private final Map<String, Map<String, EntityMapping<?>>> byTable = new ConcurrentHashMap<>();

  /**
   * Records a mapping.
   *
   * @throws TableMapperException if another class already declared the same type in the same table
   */
  void register(EntityMapping<?> mapping) {
    EntityMapping<?> previous =
        byTable
            .computeIfAbsent(key(mapping.table()), table -> new ConcurrentHashMap<>())
            .putIfAbsent(mapping.typeName(), mapping);
    if (previous != null && previous.entityClass() != mapping.entityClass()) {
      throw new TableMapperException(
          previous.entityClass().getName() + " and " + mapping.entityClass().getName()
              + " both declare entity type '" + mapping.typeName() + "' in table " + mapping.table()
              + ", so rows of that type could not be told apart; give one of them another @Entity(type = ...)");
    }
  }

  /** The mapping of a type in a table, or null. */
  EntityMapping<?> find(String table, String typeName) {
    Map<String, EntityMapping<?>> types = byTable.get(key(table));
    return types == null ? null : types.get(typeName);
  }

  /** The type names known for a table, sorted, for messages. */
  String describeTypes(String table) {
    Map<String, EntityMapping<?>> types = byTable.get(key(table));
    return types == null || types.isEmpty() ? "none" : String.join(", ", new TreeSet<>(types.keySet()));
  }

  private static String key(String table) {
    return table.toLowerCase(Locale.ROOT);
  }
}
