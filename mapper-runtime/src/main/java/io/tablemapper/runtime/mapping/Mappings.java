package io.tablemapper.runtime.mapping;

import io.tablemapper.annotations.NamingStrategy;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.EntityMapping;
import java.lang.reflect.Modifier;
import java.util.EnumMap;
import java.util.Map;
import io.tablemapper.runtime.introspect.ClassEntitySource;
import io.tablemapper.runtime.introspect.EntityIntrospector;
import io.tablemapper.runtime.introspect.RuntimeMapping;

/**
 * The mappings of entity classes under one default naming strategy ({@code TableMapper.builder().naming(...)}): one
 * instance per strategy, and one for mappers that set none, each shared by every mapper built with it. Each caches
 * in {@link ClassValue}s (which never pin a class loader) the three things a class is mapped as: its own mapping
 * (generated, found by {@link GeneratedCode}, or built at run time by {@link EntityIntrospector} with this default),
 * its {@link Hierarchy}, and whether its ancestors' hierarchies were checked. A class mapped at run time is thus
 * mapped once per strategy it is used under, and stores the names of that strategy in every mapper that uses it.
 *
 * <p>A generated mapping cannot be renamed: one whose names followed its compilation's default (it records that
 * default, {@link EntityMapping#defaultNaming()}) is refused under another one set on the builder
 * ({@link #checked}); without a builder default it is used as compiled, as before the option existed.
 */
public final class Mappings {
  /** One definition of each accessor class, even when threads or strategies race to map a class at run time. */
  static final Object INTROSPECTION = new Object();

  private static final Mappings UNSET = new Mappings(null);
  private static final Map<NamingStrategy, Mappings> BY_STRATEGY = new EnumMap<>(NamingStrategy.class);

  static {
    for (NamingStrategy strategy : NamingStrategy.values()) {
      BY_STRATEGY.put(strategy, new Mappings(strategy));
    }
  }

  /** The builder's default, or null when it set none. */
  private final NamingStrategy required;

  private final ClassValue<EntityMapping<?>> own =
      new ClassValue<>() {
        @Override
        protected EntityMapping<?> computeValue(Class<?> type) {
          return GeneratedCode.find(type, Mappings.this);
        }
      };

  private final ClassValue<RuntimeMapping<?>> introspected =
      new ClassValue<>() {
        @Override
        protected RuntimeMapping<?> computeValue(Class<?> type) {
          synchronized (INTROSPECTION) {
            return EntityIntrospector.mapping(type, naming());
          }
        }
      };

  private final ClassValue<EntityMapping<?>> hierarchies =
      new ClassValue<>() {
        @Override
        protected EntityMapping<?> computeValue(Class<?> type) {
          EntityMapping<?> mapping = mapping(type);
          return mapping.entityClass() == type && hasHierarchy(type) ? Hierarchy.build(mapping, Mappings.this)
              : mapping;
        }
      };

  private final ClassValue<Boolean> withHierarchy =
      new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
          return !Hierarchy.subtypeNames(type).isEmpty() || Modifier.isAbstract(type.getModifiers())
              || (!Modifier.isFinal(type.getModifiers()) && mapping(type) instanceof RuntimeMapping);
        }
      };

  private final ClassValue<Boolean> ancestorsChecked =
      new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
          for (Class<?> ancestor : ClassEntitySource.entityAncestors(type)) {
            hierarchy(ancestor);
          }
          return Boolean.TRUE;
        }
      };

  private Mappings(NamingStrategy required) {
    this.required = required;
  }

  /** The mappings under a builder's default naming strategy; null for a builder that set none. */
  public static Mappings of(NamingStrategy defaultNaming) {
    return defaultNaming == null ? UNSET : BY_STRATEGY.get(defaultNaming);
  }

  /** The strategy of classes mapped at run time that no {@code @Naming} governs. */
  NamingStrategy naming() {
    return required == null ? NamingStrategy.AS_DECLARED : required;
  }

  /**
   * The mapping of an entity class, or of its nearest superclass that has one (so anonymous or proxy subclasses of
   * a JavaBean entity map like the entity); for an {@code @Entity} compiled without the processor, the mapping
   * built at run time.
   *
   * @throws TableMapperException naming the class looked for and how to generate it, or a generated mapping whose
   *     names follow another default naming strategy
   */
  @SuppressWarnings("unchecked")
  public <T> EntityMapping<T> mapping(Class<T> entityClass) {
    return (EntityMapping<T>) own.get(entityClass);
  }

  /** The mapping of an entity object's class. */
  public EntityMapping<?> mappingOf(Object entity) {
    return own.get(entity.getClass());
  }

  /**
   * The mapping of an {@code @Entity} class compiled without the processor, built at its first use under this
   * default and kept as long as the class is.
   *
   * @throws io.tablemapper.api.InvalidEntityException listing every rule the class breaks
   */
  @SuppressWarnings("unchecked")
  public <T> RuntimeMapping<T> introspect(Class<T> type) {
    return (RuntimeMapping<T>) introspected.get(type);
  }

  /**
   * The mapping to use for a class: its own mapping, or a {@link Hierarchy} over it when the class has one.
   *
   * @throws TableMapperException if a listed subtype cannot be loaded or does not fit the hierarchy
   */
  @SuppressWarnings("unchecked")
  public <T> EntityMapping<T> hierarchy(Class<T> entityClass) {
    return (EntityMapping<T>) hierarchies.get(entityClass);
  }

  /** The mapping to use in place of a generated one (checked as {@link #mapping}): itself, or its hierarchy. */
  public <T> EntityMapping<T> hierarchy(EntityMapping<T> generated) {
    if (generated instanceof Hierarchy) {
      return generated;
    }
    mapping(generated.entityClass()); // refuses it under another default naming
    return hasHierarchy(generated.entityClass()) ? hierarchy(generated.entityClass()) : generated;
  }

  /** Whether a class has a hierarchy: listed subtypes, abstract, or mapped at run time and not final. */
  boolean hasHierarchy(Class<?> type) {
    return withHierarchy.get(type);
  }

  /**
   * Builds the hierarchies of an entity class's {@code @Entity} ancestors, once per class, so that a subtype is
   * checked against the others of its hierarchy before the first write of it, whatever path the write takes.
   *
   * @throws TableMapperException if a hierarchy it belongs to breaks a rule
   */
  void checkAncestors(Class<?> type) {
    ancestorsChecked.get(type);
  }

  /**
   * A generated mapping, unless its names followed its compilation's default and the builder set another one.
   *
   * @throws TableMapperException naming the class, both strategies and the fixes
   */
  <T> EntityMapping<T> checked(EntityMapping<T> generated, String generatedName) {
    NamingStrategy compiled = generated.defaultNaming();
    if (required == null || compiled == null || compiled == required) {
      return generated;
    }
    String type = generated.entityClass().getName();
    throw new TableMapperException("Entity class " + type + " cannot follow the mapper's default naming "
        + required + ": its generated mapping " + generatedName + " stores its property names " + compiled
        + " (the default of its compilation; no @Naming governs the class or an @Entity superclass), and generated"
        + " names cannot change at run time. Annotate " + generated.entityClass().getSimpleName()
        + " (or its package) with @Naming(NamingStrategy." + required + "), or compile it with -Atablemapper.naming="
        + required + ", or build the mapper with naming(NamingStrategy." + compiled + ")");
  }

  @Override
  public String toString() {
    return "Mappings[" + (required == null ? "no default naming" : "default naming " + required) + "]";
  }
}
