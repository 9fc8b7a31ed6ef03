package io.tablemapper.runtime.mapping;

import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.model.EntityRules;
import io.tablemapper.internal.model.TableTemplate;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The entity types one mapper has seen, per table: resolves a row's discriminator to its mapping for partition
 * reads. Two classes may not claim the same type in the same table, nor have keys that can take one another's rows
 * ({@link TypeKeySpaces}). Table names are case-insensitive, as in the store.
 */
public final class TypeRegistry {
  private final Map<String, Map<String, EntityMapping<?>>> byTable = new ConcurrentHashMap<>();
  /** Whether a wide entity ({@code @Wide}) was registered: until one is, no row read needs its parts looked for. */
  private volatile boolean wide;

  /**
   * Records a mapping, once per class: the first time, it is checked against the other types of its table.
   *
   * @throws TableMapperException if another class already declared the same type in the same table
   * @throws io.tablemapper.api.InvalidEntityException if its keys can take another type's rows
   *     ({@code [KeySpaceOverlap]}, as the processor refuses it for the types it compiles together)
   */
  void register(EntityMapping<?> mapping) {
    String table = key(mapping.table());
    Map<String, EntityMapping<?>> types = byTable.get(table);
    if (types == null) { // no lambda for computeIfAbsent: it would be spun at the first repository call
      Map<String, EntityMapping<?>> created = new ConcurrentHashMap<>();
      types = byTable.putIfAbsent(table, created);
      types = types != null ? types : created;
    }
    EntityMapping<?> known = types.get(mapping.typeName());
    if (known != null && known.entityClass() == mapping.entityClass()) {
      return;
    }
    synchronized (types) {
      for (EntityMapping<?> other : types.values()) {
        if (other.typeName().equals(mapping.typeName()) && other.entityClass() != mapping.entityClass()) {
          throw new TableMapperException(EntityRules.typeDuplicate(other.entityClass().getName(),
              mapping.entityClass().getName(), mapping.table(), mapping.typeName()).toString());
        }
        TypeKeySpaces.check(mapping, other);
      }
      types.putIfAbsent(mapping.typeName(), mapping);
      if (mapping.wide()) {
        wide = true;
      }
    }
  }

  /**
   * Whether any wide entity is registered. A row can only be read as a wide entity through a registered mapping, so
   * without one no read looks up a part count (on a store whose rows decode on demand, a missing property's lookup
   * walks every property of the row).
   */
  public boolean anyWide() {
    return wide;
  }

  /** The mapping of a type in a table, or null. */
  public EntityMapping<?> find(String table, String typeName) {
    Map<String, EntityMapping<?>> types = typesOf(table);
    return types == null ? null : types.get(typeName);
  }

  /** The one mapping of a type name in any table, or null when there is none or several tables have the type. */
  public EntityMapping<?> ofType(String typeName) {
    EntityMapping<?> found = null;
    for (Map<String, EntityMapping<?>> types : byTable.values()) {
      EntityMapping<?> mapping = types.get(typeName);
      if (mapping != null) {
        if (found != null && !found.table().equalsIgnoreCase(mapping.table())) {
          return null;
        }
        found = mapping;
      }
    }
    return found;
  }

  /** The mappings known for a table. */
  List<EntityMapping<?>> types(String table) {
    Map<String, EntityMapping<?>> types = typesOf(table);
    return types == null ? List.of() : List.copyOf(types.values());
  }

  /**
   * The types of a table by name: those registered under it, or, for one period's table of a table per period,
   * those of its template, each as the mapping of that table.
   */
  private Map<String, EntityMapping<?>> typesOf(String table) {
    Map<String, EntityMapping<?>> types = byTable.get(key(table));
    if (types != null) {
      return types;
    }
    for (Map<String, EntityMapping<?>> candidates : byTable.values()) {
      Map<String, EntityMapping<?>> bound = new HashMap<>();
      for (Map.Entry<String, EntityMapping<?>> type : candidates.entrySet()) {
        TableTemplate template = type.getValue().tableTemplate();
        if (template != null && template.periodOf(table) != null) {
          bound.put(type.getKey(), type.getValue().inTable(table));
        }
      }
      if (!bound.isEmpty()) {
        return bound;
      }
    }
    return null;
  }

  /** The type names known for a table, sorted, for messages. */
  public String describeTypes(String table) {
    Map<String, EntityMapping<?>> types = typesOf(table);
    return types == null || types.isEmpty() ? "none" : String.join(", ", new TreeSet<>(types.keySet()));
  }

  private static String key(String table) {
    return table.toLowerCase(Locale.ROOT);
  }
}
