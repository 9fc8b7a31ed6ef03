package io.tablemapper.runtime;

import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.UnknownEntityTypeException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.model.EntityRules;
import io.tablemapper.spi.TableRow;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
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
final class TypeRegistry {
  private final Map<String, Map<String, EntityMapping<?>>> byTable = new ConcurrentHashMap<>();

  /**
   * Records a mapping, once per class: the first time, it is checked against the other types of its table.
   *
   * @throws TableMapperException if another class already declared the same type in the same table
   * @throws io.tablemapper.api.InvalidEntityException if its keys can take another type's rows
   *     ({@code [KeySpaceOverlap]}, as the processor refuses it for the types it compiles together)
   */
  void register(EntityMapping<?> mapping) {
    Map<String, EntityMapping<?>> types =
        byTable.computeIfAbsent(key(mapping.table()), table -> new ConcurrentHashMap<>());
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
    }
  }

  /** The mapping of a type in a table, or null. */
  EntityMapping<?> find(String table, String typeName) {
    Map<String, EntityMapping<?>> types = byTable.get(key(table));
    return types == null ? null : types.get(typeName);
  }

  /**
   * The mapping of a row without a discriminator, by its RowKey: the concrete entity class of the table whose
   * RowKey template's leading literal (as {@code EMPLOYEE_} of {@code EMPLOYEE_{id:06}}) is the longest one the
   * RowKey starts with; null when none does. Classes whose template starts with a placeholder never match.
   *
   * @throws UnknownEntityTypeException if classes of different types have that longest prefix (as the subtypes of
   *     one hierarchy that share its RowKey do), naming them
   */
  EntityMapping<?> findByPrefix(String table, TableRow row) {
    Map<String, EntityMapping<?>> types = byTable.get(key(table));
    if (types == null) {
      return null;
    }
    String longest = "";
    List<EntityMapping<?>> found = new ArrayList<>();
    for (EntityMapping<?> mapping : types.values()) {
      if (Modifier.isAbstract(mapping.entityClass().getModifiers())) {
        continue;
      }
      String prefix = mapping.rowKeySpec().template().literalPrefix();
      if (prefix.isEmpty() || !row.rowKey().startsWith(prefix) || prefix.length() < longest.length()) {
        continue;
      }
      if (prefix.length() > longest.length()) {
        longest = prefix;
        found.clear();
      }
      found.add(mapping);
    }
    if (found.size() > 1) {
      List<String> names = new ArrayList<>();
      found.forEach(mapping -> names.add(mapping.entityClass().getSimpleName()));
      Collections.sort(names);
      throw new UnknownEntityTypeException(null,
          "row " + row.describeKeys() + " of table " + table + " has no EntityType property, and its RowKey starts"
              + " with '" + longest + "', the RowKey prefix of several entity classes (" + String.join(", ", names)
              + "), so its class cannot be told; write it with its EntityType, or give each class a RowKey prefix"
              + " of its own");
    }
    return found.isEmpty() ? null : found.get(0);
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
