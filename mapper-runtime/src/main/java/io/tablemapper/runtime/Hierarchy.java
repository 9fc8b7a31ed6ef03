package io.tablemapper.runtime;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.UnknownEntityTypeException;
import io.tablemapper.spi.EntityMapping;
import io.tablemapper.spi.EntityRules;
import io.tablemapper.spi.Filter;
import io.tablemapper.spi.GeneratedNames;
import io.tablemapper.spi.MappingContext;
import io.tablemapper.spi.TableRow;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The mapping of an {@code @Entity} class that has {@code @Entity} subtypes: what a repository, a partition read
 * or a query over the class uses, so that each subtype is stored and returned as itself. Writes go through the
 * mapping of the object's class; a row is read through the mapping of its {@code EntityType}; reads select the
 * types of the whole hierarchy ({@link #typeFilter()}). Keys, table and indexes are the root's (the processor
 * keeps them so: {@code [EntityInheritedKey]}, {@code [EntityInheritedIndex]}).
 *
 * <p>The subtypes are those the processor listed in {@code META-INF/tablemapper/subtypes/<class>} resources,
 * read from the class's loader once per class ({@link #of}); a hierarchy may span jars.
 *
 * @param <T> the root (or intermediate) entity class
 */
final class Hierarchy<T> extends EntityMapping<T> {
  private static final ClassValue<EntityMapping<?>> HIERARCHIES =
      new ClassValue<>() {
        @Override
        protected EntityMapping<?> computeValue(Class<?> type) {
          EntityMapping<?> generated = GeneratedCode.mapping(type);
          return generated.entityClass() == type ? build(generated) : generated;
        }
      };

  private static final ClassValue<Boolean> HAS_SUBTYPES =
      new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
          return !subtypeNames(type).isEmpty();
        }
      };

  private final EntityMapping<T> own;
  /** Every concrete mapping of the hierarchy (the class's own first, if it is concrete), by type name. */
  private final Map<String, EntityMapping<? extends T>> byType;
  private final Filter typeFilter;

  private Hierarchy(EntityMapping<T> own, Map<String, EntityMapping<? extends T>> byType) {
    super(own.entityClass(), own.table(), own.typeName(), own.version(), own.partitionKeySpec(), own.rowKeySpec(),
        own.hasETag(), own.indexes());
    this.own = own;
    this.byType = byType;
    List<Filter> types = new ArrayList<>();
    for (String type : byType.keySet()) {
      types.add(Filter.eq(TYPE_PROPERTY, type));
    }
    this.typeFilter = types.size() == 1 ? types.get(0) : Filter.or(types.toArray(new Filter[0]));
  }

  /**
   * The mapping to use for a class: its generated mapping, or a {@link Hierarchy} over it when subtypes are
   * listed for it.
   *
   * @throws TableMapperException if a listed subtype cannot be loaded or does not fit the hierarchy
   */
  @SuppressWarnings("unchecked")
  static <T> EntityMapping<T> of(Class<T> entityClass) {
    return (EntityMapping<T>) HIERARCHIES.get(entityClass);
  }

  /** The mapping to use in place of a generated one: itself, or its hierarchy when it has subtypes. */
  static <T> EntityMapping<T> of(EntityMapping<T> generated) {
    return generated instanceof Hierarchy || !HAS_SUBTYPES.get(generated.entityClass())
        ? generated
        : of(generated.entityClass());
  }

  /** Whether a row's discriminator is one {@link #typeFilter(EntityMapping)} selects, decided without a filter. */
  static boolean hasType(EntityMapping<?> mapping, Object type) {
    return mapping instanceof Hierarchy
        ? type != null && ((Hierarchy<?>) mapping).byType.containsKey(type)
        : mapping.typeName().equals(type);
  }

  /** The server-side filter that selects the rows a mapping reads: its type, or every type of its hierarchy. */
  static Filter typeFilter(EntityMapping<?> mapping) {
    return mapping instanceof Hierarchy
        ? ((Hierarchy<?>) mapping).typeFilter
        : Filter.eq(TYPE_PROPERTY, mapping.typeName());
  }

  /** The mapping that writes an entity: its own class's when {@code mapping} is a hierarchy. */
  @SuppressWarnings("unchecked")
  static <T> EntityMapping<T> concrete(EntityMapping<T> mapping, T entity) {
    return mapping instanceof Hierarchy ? ((Hierarchy<T>) mapping).mappingOf(entity) : mapping;
  }

  /** The concrete mappings of a hierarchy (just {@code mapping} for any other). */
  static List<EntityMapping<?>> members(EntityMapping<?> mapping) {
    return mapping instanceof Hierarchy
        ? List.copyOf(((Hierarchy<?>) mapping).byType.values())
        : List.of(mapping);
  }

  private static <T> EntityMapping<T> build(EntityMapping<T> own) {
    Class<T> root = own.entityClass();
    List<String> names = subtypeNames(root);
    if (names.isEmpty()) {
      return own;
    }
    Map<String, EntityMapping<? extends T>> byType = new LinkedHashMap<>();
    if (!Modifier.isAbstract(root.getModifiers())) {
      byType.put(own.typeName(), own);
    }
    for (String name : names) {
      EntityMapping<? extends T> sub = subtype(root, name);
      if (Modifier.isAbstract(sub.entityClass().getModifiers())) {
        continue;
      }
      if (!sub.table().equalsIgnoreCase(own.table())) {
        throw new TableMapperException(sub.entityClass().getName() + " is stored in table " + sub.table()
            + ", not in table " + own.table() + " of its @Entity superclass " + root.getName()
            + "; rebuild the project so that generated code matches its sources");
      }
      EntityMapping<? extends T> previous = byType.putIfAbsent(sub.typeName(), sub);
      if (previous != null && previous != sub) {
        throw new TableMapperException(EntityRules.format(EntityRules.ENTITY_TYPE_DUPLICATE,
            EntityRules.typeDuplicate(previous.entityClass().getName(), sub.entityClass().getName(), own.table(),
                sub.typeName())
                + " (both are listed as subtypes of " + root.getName() + ")"));
      }
    }
    return new Hierarchy<>(own, byType);
  }

  private static <T> EntityMapping<? extends T> subtype(Class<T> root, String name) {
    Class<?> type;
    try {
      type = Class.forName(name, false, loader(root));
    } catch (ClassNotFoundException e) {
      throw new TableMapperException(
          GeneratedNames.subtypesResource(root.getName()) + " lists " + name + ", which cannot be loaded; rebuild"
              + " the jar that holds it, or remove the stale list from the class path",
          e);
    }
    if (!root.isAssignableFrom(type) || type == root) {
      throw new TableMapperException(
          GeneratedNames.subtypesResource(root.getName()) + " lists " + name + ", which does not extend "
              + root.getName() + "; rebuild the project so that generated code matches its sources");
    }
    return GeneratedCode.mapping(type.asSubclass(root));
  }

  /** The distinct subtype names listed for a class in every resource of its loader, sorted. */
  private static List<String> subtypeNames(Class<?> type) {
    String path = GeneratedNames.subtypesResource(type.getName());
    TreeSet<String> names = new TreeSet<>();
    try {
      Enumeration<URL> resources = loader(type).getResources(path);
      while (resources.hasMoreElements()) {
        URL url = resources.nextElement();
        try (BufferedReader reader =
            new BufferedReader(new InputStreamReader(url.openStream(), StandardCharsets.UTF_8))) {
          for (String line = reader.readLine(); line != null; line = reader.readLine()) {
            if (!line.isBlank()) {
              names.add(line.strip());
            }
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("reading " + path + " failed: " + e.getMessage(), e);
    }
    return new ArrayList<>(names);
  }

  private static ClassLoader loader(Class<?> type) {
    ClassLoader loader = type.getClassLoader();
    return loader != null ? loader : ClassLoader.getSystemClassLoader();
  }

  /** The mapping of an entity's class, which must be a concrete entity of this hierarchy. */
  @SuppressWarnings("unchecked")
  EntityMapping<T> mappingOf(T entity) {
    Class<?> type = entity.getClass();
    if (type == own.entityClass()) {
      return own;
    }
    EntityMapping<?> mapping = GeneratedCode.mapping(type);
    if (mapping == own || byType.get(mapping.typeName()) == mapping) {
      return (EntityMapping<T>) mapping; // own: a subclass that is no @Entity maps as the class (if concrete)
    }
    throw new InvalidEntityException(type.getName() + " maps as " + mapping.entityClass().getName()
        + " (type '" + mapping.typeName() + "'), which " + GeneratedNames.subtypesResource(own.entityClass().getName())
        + " does not list as a subtype of " + own.entityClass().getSimpleName()
        + "; rebuild the project so that generated code matches its sources");
  }

  /** The mapping of a row's type, which must be one of this hierarchy's. */
  @SuppressWarnings("unchecked")
  private EntityMapping<T> mappingOf(TableRow row) {
    Object type = row.get(TYPE_PROPERTY);
    EntityMapping<? extends T> mapping = type instanceof String ? byType.get(type) : null;
    if (mapping == null) {
      throw new UnknownEntityTypeException(type instanceof String ? (String) type : null,
          "row " + row.describeKeys() + " of table " + table() + " has "
              + (type instanceof String ? "EntityType '" + type + "'" : "no EntityType")
              + ", which is none of the types of " + entityClass().getSimpleName() + " and its subtypes ("
              + String.join(", ", new TreeSet<>(byType.keySet())) + ")");
    }
    return (EntityMapping<T>) mapping;
  }

  @Override
  public String partitionKey(T entity) {
    return mappingOf(entity).partitionKey(entity);
  }

  @Override
  public String rowKey(T entity) {
    return mappingOf(entity).rowKey(entity);
  }

  @Override
  public TableRow toRow(T entity, MappingContext context) {
    return mappingOf(entity).toRow(entity, context);
  }

  @Override
  public T fromRow(TableRow row, MappingContext context) {
    return mappingOf(row).fromRow(row, context);
  }

  @Override
  public String etag(T entity) {
    return mappingOf(entity).etag(entity);
  }

  @Override
  public T withSystemProperties(T entity, String etag, Instant timestamp) {
    return mappingOf(entity).withSystemProperties(entity, etag, timestamp);
  }

  @Override
  public String toString() {
    return "Hierarchy[" + entityClass().getName() + " → table " + table() + ", types "
        + String.join(", ", byType.keySet()) + "]";
  }
}
