package io.tablemapper.runtime;

import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.Index;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;
import io.tablemapper.internal.model.EntityRules;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.List;

/**
 * Where an {@code @Entity} class compiled without the processor stands in its hierarchy, and the rules a subtype
 * follows, as the processor's {@code EntityAnalyzer} decides and words them ({@link EntityRules}): a subtype is
 * stored in its root's table under a type of its own, takes the root's PartitionKey template and the RowKey template
 * of the ancestor that declares one (declaring its own only when none does), and no entity of a hierarchy declares
 * indexes. Problems are added to the introspector's list, as {@link RuntimeKeys} does.
 */
final class RuntimeInheritance {
  private final Class<?> type;
  private final String entity;
  private final List<String> problems;
  /** The {@code @Entity} superclasses, nearest first. */
  private final List<Class<?>> ancestors;

  RuntimeInheritance(Class<?> type, List<String> problems) {
    this.type = type;
    this.entity = type.getSimpleName();
    this.problems = problems;
    this.ancestors = entityAncestors(type);
  }

  private void error(String id, String message) {
    problems.add(EntityRules.format(id, message));
  }

  /** Whether the class extends an {@code @Entity}. */
  boolean subtype() {
    return !ancestors.isEmpty();
  }

  /** The table: the class's own, or for a subtype its nearest ancestor's (reporting another it names). */
  String table() {
    String table = type.getDeclaredAnnotation(Entity.class).table();
    if (ancestors.isEmpty()) {
      return table.isEmpty() ? entity : table;
    }
    Class<?> parent = ancestors.get(0);
    String inherited = table(parent);
    if (!table.isEmpty() && !table.equalsIgnoreCase(inherited)) {
      error(EntityRules.ENTITY_INHERITED_TABLE,
          EntityRules.inheritedTable(entity, table, parent.getSimpleName(), inherited));
    }
    return inherited;
  }

  /** Reports a type that an ancestor has too. */
  void checkType(String typeName) {
    for (Class<?> ancestor : ancestors) {
      if (typeName(ancestor).equals(typeName)) {
        error(EntityRules.ENTITY_INHERITED_TYPE, EntityRules.inheritedType(entity, typeName, ancestor.getSimpleName()));
      }
    }
  }

  /**
   * The class whose key template of this kind the entity has: its own, else its nearest {@code @Entity} ancestor
   * that declares one; null if none does. A subtype's own {@code @PartitionKey} is not used (only the root declares
   * it; {@link #checkKeysAndIndexes} reports it); its own {@code @RowKey} is.
   */
  Class<?> keyOwner(Class<? extends Annotation> annotation) {
    return keyOwner(type, ancestors, annotation);
  }

  /** The rules of a subtype's keys and indexes. */
  void checkKeysAndIndexes() {
    Class<?> parent = ancestors.get(0);
    Class<?> root = ancestors.get(ancestors.size() - 1);
    if (type.getDeclaredAnnotation(PartitionKey.class) != null) {
      error(EntityRules.ENTITY_INHERITED_KEY,
          EntityRules.inheritedPartitionKey(entity, parent.getSimpleName(), root.getSimpleName()));
    }
    Class<?> declaring = keyOwner(parent, entityAncestors(parent), RowKey.class);
    if (type.getDeclaredAnnotation(RowKey.class) != null && declaring != null) {
      error(EntityRules.ENTITY_INHERITED_KEY, EntityRules.inheritedRowKey(entity, parent.getSimpleName(),
          declaring.getSimpleName(), keyValue(declaring, RowKey.class)));
    }
    List<Class<?>> hierarchy = new ArrayList<>();
    hierarchy.add(type);
    hierarchy.addAll(ancestors);
    for (Class<?> t : hierarchy) {
      if (t.getDeclaredAnnotationsByType(Index.class).length > 0) {
        error(EntityRules.ENTITY_INHERITED_INDEX,
            EntityRules.inheritedIndex(entity, t == type ? null : t.getSimpleName(), root.getSimpleName()));
      }
    }
  }

  /** The template a class declares, or null (also for no class). */
  static String keyValue(Class<?> type, Class<? extends Annotation> annotation) {
    Annotation found = type == null ? null : type.getDeclaredAnnotation(annotation);
    if (found == null) {
      return null;
    }
    return found instanceof PartitionKey ? ((PartitionKey) found).value() : ((RowKey) found).value();
  }

  /** The discriminator of an entity class: its {@code @Entity(type)}, or its simple name. */
  static String typeName(Class<?> type) {
    String typeName = type.getDeclaredAnnotation(Entity.class).type();
    return typeName.isEmpty() ? type.getSimpleName() : typeName;
  }

  private static Class<?> keyOwner(Class<?> type, List<Class<?>> ancestors, Class<? extends Annotation> annotation) {
    if ((ancestors.isEmpty() || annotation == RowKey.class) && type.getDeclaredAnnotation(annotation) != null) {
      return type;
    }
    for (Class<?> ancestor : ancestors) {
      if (ancestor.getDeclaredAnnotation(annotation) != null) {
        return ancestor;
      }
    }
    return null;
  }

  /**
   * The class that declares the RowKey template an entity class has (itself or an {@code @Entity} ancestor), or
   * null; entity classes with the same one share one key space by design.
   */
  static Class<?> rowKeyOwner(Class<?> type) {
    return keyOwner(type, entityAncestors(type), RowKey.class);
  }

  /** The {@code @Entity} superclasses of a class, nearest first. */
  static List<Class<?>> entityAncestors(Class<?> type) {
    List<Class<?>> ancestors = new ArrayList<>();
    for (Class<?> t = type.getSuperclass(); t != null; t = t.getSuperclass()) {
      if (t.isAnnotationPresent(Entity.class)) {
        ancestors.add(t);
      }
    }
    return ancestors;
  }

  /** The table of an entity class: its own {@code @Entity(table)}, its nearest entity ancestor's, or its name. */
  private static String table(Class<?> type) {
    String table = type.getDeclaredAnnotation(Entity.class).table();
    if (!table.isEmpty()) {
      return table;
    }
    List<Class<?>> ancestors = entityAncestors(type);
    return ancestors.isEmpty() ? type.getSimpleName() : table(ancestors.get(0));
  }
}
