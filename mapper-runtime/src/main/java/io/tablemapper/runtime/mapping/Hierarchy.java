package io.tablemapper.runtime.mapping;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.UnknownEntityTypeException;
import io.tablemapper.internal.mapping.EntityDescriptor;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.GeneratedNames;
import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.internal.model.EntityRules;
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
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import io.tablemapper.runtime.introspect.ClassEntitySource;

/**
 * The mapping of an {@code @Entity} class that has (or may gain) {@code @Entity} subtypes: what a repository, a
 * partition read or a query over the class uses, so that each subtype is stored and returned as itself. Writes go
 * through the mapping of the object's class; a row is read through the mapping of its type ({@link #reading}, given
 * the type the mapper's discriminator holds); reads select the types of the whole hierarchy ({@link #typeNames}).
 * The table and the PartitionKey are the root's;
 * the RowKey is the class's own, or, for an abstract class that declares none, each subtype's (with key spaces that
 * never meet: {@link #check}); no class of a hierarchy has indexes ({@code [EntityInheritedKey]},
 * {@code [EntityInheritedIndex]}).
 *
 * <p>The subtypes are those the processor listed in {@code META-INF/tablemapper/subtypes/<class>} resources, read
 * from the class's loader once per class ({@link Mappings#hierarchy}), so a hierarchy may span jars; and those
 * compiled without the processor, which no list names: each joins the hierarchies of its {@code @Entity} ancestors
 * when it is first mapped in this JVM under a default naming ({@link #join}). Hierarchies are cached per default
 * naming by {@link Mappings}, and a hierarchy's members are those of its default naming. A class has a hierarchy
 * when it has listed subtypes, is abstract, or is mapped at run time and not final; a subtype compiled without the
 * processor of a class that has none is refused.
 *
 * @param <T> the root (or intermediate) entity class
 */
public final class Hierarchy<T> extends EntityMapping<T> {
  private final EntityMapping<T> own;
  /** The mappings of the default naming the hierarchy was built under, which its members follow. */
  private final Mappings mappings;
  /** Every concrete mapping of the hierarchy (the class's own first, if it is concrete), by type name. */
  private volatile Map<String, EntityMapping<? extends T>> byType;

  private Hierarchy(EntityMapping<T> own, Map<String, EntityMapping<? extends T>> byType, Mappings mappings) {
    super(EntityDescriptor.of(own.entityClass(), own.table(), own.typeName())
        .version(own.version())
        .partitionKey(own.partitionKeySpec())
        .rowKey(own.rowKeySpec())
        .hasETag(own.hasETag())
        .cached(own.cache())
        .indexes(own.allIndexes())
        .properties(own.storedNames().entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue()))
            .toArray(String[]::new)));
    this.own = own;
    this.mappings = mappings;
    this.byType = Collections.unmodifiableMap(new LinkedHashMap<>(byType));
  }

  /**
   * Adds an entity class mapped at run time to the hierarchy of each of its {@code @Entity} ancestors, so that
   * reads of an ancestor select its rows and writes through an ancestor's repository use its mapping. Idempotent.
   *
   * @throws InvalidEntityException if an ancestor has no hierarchy to join: it was compiled with the processor,
   *     is concrete and has no listed subtypes, so its mapping would write the subtype's objects as its own
   */
  static void join(EntityMapping<?> subtype, Mappings mappings) {
    Class<?> type = subtype.entityClass();
    for (Class<?> ancestor : ClassEntitySource.entityAncestors(type)) {
      EntityMapping<?> mapping = mappings.hierarchy(ancestor);
      if (!(mapping instanceof Hierarchy)) {
        throw new InvalidEntityException(
            EntityRules.unlistedSubtype(type.getSimpleName(), ancestor.getSimpleName()).toString());
      }
      ((Hierarchy<?>) mapping).add(subtype);
    }
  }

  /** Whether {@code type} is one of {@link #typeNames}, without building the list. */
  public static boolean hasType(EntityMapping<?> mapping, String type) {
    return mapping instanceof Hierarchy ? ((Hierarchy<?>) mapping).byType.containsKey(type)
        : mapping.typeName().equals(type);
  }

  /** The types of the rows a mapping reads: its type, or every concrete type of its hierarchy (none for now). */
  static List<String> typeNames(EntityMapping<?> mapping) {
    return mapping instanceof Hierarchy
        ? List.copyOf(((Hierarchy<?>) mapping).byType.keySet())
        : List.of(mapping.typeName());
  }

  /**
   * The mapping that reads a row of type {@code type} (null for none) through {@code mapping}: the mapping itself,
   * or the member of its hierarchy that has that type.
   *
   * @throws UnknownEntityTypeException if the type is none of the hierarchy's
   */
  @SuppressWarnings("unchecked")
  public static <T> EntityMapping<T> reading(EntityMapping<T> mapping, String type, TableRow row) {
    return mapping instanceof Hierarchy ? ((Hierarchy<T>) mapping).member(type, row) : mapping;
  }

  /**
   * The mapping that writes an entity: its own class's when {@code mapping} is a hierarchy.
   *
   * @throws InvalidEntityException if the object's class is an entity of its own that {@code mapping} does not know
   */
  @SuppressWarnings("unchecked")
  public static <T> EntityMapping<T> concrete(EntityMapping<T> mapping, T entity, Mappings mappings) {
    if (mapping instanceof Hierarchy) {
      return ((Hierarchy<T>) mapping).mappingOf(entity);
    }
    if (entity.getClass() != mapping.entityClass()) {
      EntityMapping<?> own = mappings.mappingOf(entity);
      if (own.entityClass() != mapping.entityClass()) {
        throw new InvalidEntityException(entity.getClass().getName() + " maps as " + own.entityClass().getName()
            + " (type '" + own.typeName() + "'), which the mapping of " + mapping.entityClass().getSimpleName()
            + " does not know as a subtype; rebuild the project so that generated code matches its sources");
      }
    }
    return mapping;
  }

  /** The concrete mappings of a hierarchy, as far as they are known now (just {@code mapping} for any other). */
  public static List<EntityMapping<?>> members(EntityMapping<?> mapping) {
    return mapping instanceof Hierarchy
        ? List.copyOf(((Hierarchy<?>) mapping).byType.values())
        : List.of(mapping);
  }

  /** The hierarchy of a class that has one ({@link Mappings#hasHierarchy}), its members mapped by {@code mappings}. */
  static <T> EntityMapping<T> build(EntityMapping<T> own, Mappings mappings) {
    Class<T> root = own.entityClass();
    Map<String, EntityMapping<? extends T>> byType = new LinkedHashMap<>();
    if (!Modifier.isAbstract(root.getModifiers())) {
      byType.put(own.typeName(), own);
    }
    for (String name : subtypeNames(root)) {
      EntityMapping<? extends T> sub = subtype(root, name, mappings);
      if (!Modifier.isAbstract(sub.entityClass().getModifiers())) {
        check(own, byType, sub, " (both are listed as subtypes of " + root.getName() + ")");
        byType.putIfAbsent(sub.typeName(), sub);
      }
    }
    return new Hierarchy<>(own, byType, mappings);
  }

  /** Adds a concrete subtype mapped at run time, unless it is known already. */
  @SuppressWarnings("unchecked")
  private synchronized void add(EntityMapping<?> subtype) {
    if (Modifier.isAbstract(subtype.entityClass().getModifiers())) {
      return;
    }
    EntityMapping<? extends T> sub = (EntityMapping<? extends T>) subtype;
    EntityMapping<? extends T> known = byType.get(sub.typeName());
    if (known != null && known.entityClass() == sub.entityClass()) {
      return;
    }
    check(own, byType, sub, " (both are subtypes of " + entityClass().getName() + ")");
    Map<String, EntityMapping<? extends T>> members = new LinkedHashMap<>(byType);
    members.put(sub.typeName(), sub);
    byType = Collections.unmodifiableMap(members);
  }

  /**
   * A subtype is stored in the hierarchy's table, under a type no other class of it has, and its RowKeys never equal
   * another member's, unless both have the RowKey template one class declares for them ({@link TypeKeySpaces}).
   */
  private static <T> void check(EntityMapping<T> own, Map<String, EntityMapping<? extends T>> byType,
      EntityMapping<? extends T> sub, String where) {
    for (EntityMapping<? extends T> member : byType.values()) {
      TypeKeySpaces.check(sub, member);
    }
    if (!sub.table().equalsIgnoreCase(own.table())) {
      throw new TableMapperException(sub.entityClass().getName() + " is stored in table " + sub.table()
          + ", not in table " + own.table() + " of its @Entity superclass " + own.entityClass().getName()
          + "; rebuild the project so that generated code matches its sources");
    }
    EntityMapping<? extends T> previous = byType.get(sub.typeName());
    if (previous != null && previous.entityClass() != sub.entityClass()) {
      throw new TableMapperException(EntityRules.typeDuplicate(previous.entityClass().getName(),
          sub.entityClass().getName(), own.table(), sub.typeName()) + where);
    }
  }

  private static <T> EntityMapping<? extends T> subtype(Class<T> root, String name, Mappings mappings) {
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
    return mappings.mapping(type.asSubclass(root));
  }

  /** The distinct subtype names listed for a class in every resource of its loader, sorted. */
  static List<String> subtypeNames(Class<?> type) {
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
    EntityMapping<?> mapping = mappings.mapping(type);
    EntityMapping<?> member = byType.get(mapping.typeName());
    if (mapping == own || (member != null && member.entityClass() == mapping.entityClass())) {
      return (EntityMapping<T>) mapping; // own: a subclass that is no @Entity maps as the class (if concrete)
    }
    throw new InvalidEntityException(type.getName() + " maps as " + mapping.entityClass().getName()
        + " (type '" + mapping.typeName() + "'), which " + GeneratedNames.subtypesResource(own.entityClass().getName())
        + " does not list as a subtype of " + own.entityClass().getSimpleName()
        + "; rebuild the project so that generated code matches its sources");
  }

  /** The mapping of a row's type, which must be one of this hierarchy's. */
  @SuppressWarnings("unchecked")
  private EntityMapping<T> member(String type, TableRow row) {
    EntityMapping<? extends T> mapping = type == null ? null : byType.get(type);
    if (mapping == null) {
      throw new UnknownEntityTypeException(type,
          "row " + row.describeKeys() + " of table " + table() + " has "
              + (type != null ? "EntityType '" + type + "'" : "no EntityType")
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
    return mappingOf(entity).toStoredRow(entity, context); // each member encrypts its own
  }

  /**
   * Not served: which member reads a row depends on the mapper's discriminator, which a hierarchy (shared by every
   * mapper of the JVM with its default naming) does not know; the mapper reads through {@link #reading}.
   */
  @Override
  public T fromRow(TableRow row, MappingContext context) {
    throw new UnsupportedOperationException("a hierarchy reads a row through the mapping of its type: " + this);
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
