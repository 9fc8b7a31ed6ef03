package io.tablemapper.runtime.mapping;

import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.Repository;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.GeneratedNames;
import io.tablemapper.internal.mapping.RepositoryContext;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import io.tablemapper.runtime.introspect.EntityIntrospector;
import io.tablemapper.runtime.introspect.RuntimeMapping;

/**
 * Finds the classes the annotation processor generated, by the names {@link GeneratedNames} decides: no classpath
 * scanning, and reflection only the first time a class is seen (the results are kept in {@link ClassValue}s, here
 * and in {@link Mappings}, so they never pin a class loader). An {@code @Entity} class compiled without the
 * processor gets its mapping from {@link EntityIntrospector} instead, at its first use. Nothing here runs on the hot
 * path.
 */
public final class GeneratedCode {
  private static final ClassValue<Constructor<?>> REPOSITORIES =
      new ClassValue<>() {
        @Override
        protected Constructor<?> computeValue(Class<?> type) {
          return findRepositoryConstructor(type);
        }
      };

  private GeneratedCode() {}

  /**
   * A new instance of a repository's generated implementation, bound to a mapper; for an interface over an entity
   * compiled without the processor that declares no queries, the writes of {@code TableRepository}
   * ({@link CrudRepositories}).
   *
   * @throws TableMapperException naming the class looked for and how to generate it
   */
  public static <R> R newRepository(Class<R> repositoryType, RepositoryContext context, Mappings mappings) {
    Constructor<?> constructor = REPOSITORIES.get(repositoryType);
    if (constructor == null) {
      return CrudRepositories.create(repositoryType, CrudRepositories.unprocessedEntity(repositoryType),
          context, mappings);
    }
    try {
      return repositoryType.cast(constructor.newInstance(context));
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException) {
        throw (RuntimeException) cause;
      }
      if (cause instanceof Error) {
        throw (Error) cause;
      }
      throw new TableMapperException(
          "creating " + constructor.getDeclaringClass().getName() + " failed: " + cause, cause);
    } catch (InstantiationException | IllegalAccessException e) {
      throw new TableMapperException(
          "cannot create " + constructor.getDeclaringClass().getName() + ": " + e.getMessage()
              + "; rebuild so that it is generated again",
          e);
    }
  }

  /**
   * Finds the mapping of an entity class (for {@link Mappings#mapping}, which caches it): the generated one of the
   * class or its nearest superclass that has one, checked against the default naming of {@code mappings}; for an
   * {@code @Entity} compiled without the processor, the one {@code mappings} builds at run time.
   *
   * @throws TableMapperException naming the class looked for and how to generate it
   */
  static EntityMapping<?> find(Class<?> type, Mappings mappings) {
    // The nearest class that has a generated mapping or is an @Entity compiled without the processor (interfaces
    // and enums too, so the runtime can say why not): a plain subclass maps as its entity, an @Entity as itself.
    Class<?> generated = null;
    String name = GeneratedNames.mapping(type.getName());
    for (Class<?> source = type; generated == null && source != null && !isJava(source);
        source = source.getSuperclass()) {
      name = GeneratedNames.mapping(source.getName());
      generated = source.isInterface() ? null : load(name, source);
      if (generated == null && source.isAnnotationPresent(Entity.class)) {
        RuntimeMapping<?> introspected = mappings.introspect(source);
        Hierarchy.join(introspected, mappings);
        return introspected;
      }
    }
    if (generated == null) {
      throw new TableMapperException(
          "No generated mapping for entity class " + type.getName() + ": looked for "
              + GeneratedNames.mapping(type.getName()) + ", which does not exist, and " + type.getSimpleName()
              + " is not annotated @Entity, so the runtime cannot map it itself either. Annotate "
              + type.getSimpleName() + " with @Entity, @PartitionKey and @RowKey: io.tablemapper:mapper-processor"
              + " then generates its mapping when it compiles the class, and the runtime builds one when it did"
              + " not");
    }
    Object instance;
    try {
      Field field = generated.getField(GeneratedNames.MAPPING_INSTANCE_FIELD);
      if (!Modifier.isStatic(field.getModifiers())) {
        throw new NoSuchFieldException(GeneratedNames.MAPPING_INSTANCE_FIELD + " is not static");
      }
      instance = field.get(null);
    } catch (NoSuchFieldException | IllegalAccessException e) {
      throw new TableMapperException(
          name + " is not a usable generated mapping (it needs a public static final "
              + GeneratedNames.MAPPING_INSTANCE_FIELD + " field: " + e.getMessage()
              + "); it was probably compiled by another version of mapper-processor, rebuild the project",
          e);
    } catch (ExceptionInInitializerError e) {
      throw new TableMapperException(
          "initialising the generated mapping " + name + " failed: " + e.getCause(), e.getCause());
    }
    if (!(instance instanceof EntityMapping)) {
      throw new TableMapperException(
          name + "." + GeneratedNames.MAPPING_INSTANCE_FIELD + " is not an EntityMapping but "
              + (instance == null ? "null" : instance.getClass().getName()) + "; rebuild the project");
    }
    EntityMapping<?> mapping = (EntityMapping<?>) instance;
    if (!mapping.entityClass().isAssignableFrom(type)) {
      throw new TableMapperException(
          name + " maps " + mapping.entityClass().getName() + ", not " + type.getName()
              + "; rebuild the project so that generated code matches its sources");
    }
    return mappings.checked(mapping, name);
  }

  /**
   * Whether the processor generated a repository for this interface: how a Jakarta Data repository, which extends
   * none of tablemapper's repository interfaces, is told from a type that is no repository.
   */
  public static boolean hasGeneratedRepository(Class<?> type) {
    return type.isInterface() && load(GeneratedNames.repository(type.getName()), type) != null;
  }

  /** Whether the processor generated a mapping for this very class. */
  static boolean hasGenerated(Class<?> type) {
    return !type.isInterface() && load(GeneratedNames.mapping(type.getName()), type) != null;
  }

  private static Constructor<?> findRepositoryConstructor(Class<?> type) {
    if (!type.isInterface()) {
      throw new IllegalArgumentException(
          type.getName() + " is not an interface; mapper.repository(...) takes a @Repository interface that"
              + " extends TableRepository<T>");
    }
    String name = GeneratedNames.repository(type.getName());
    Class<?> generated = load(name, type);
    if (generated == null && CrudRepositories.unprocessedEntity(type) != null) {
      return null; // compiled without the processor: newRepository serves the writes of TableRepository
    }
    if (generated == null) {
      throw new TableMapperException(
          "No generated implementation for repository " + type.getName() + ": looked for " + name
              + ", which does not exist. "
              + (type.isAnnotationPresent(Repository.class)
                  ? "The annotation processor generates it when it compiles " + type.getSimpleName()
                      + ", so it did not run on this build."
                  : "The annotation processor generates it for an interface annotated @Repository, and "
                      + type.getSimpleName() + " is not: annotate it.")
              + ProcessorSetup.snippets());
    }
    if (!type.isAssignableFrom(generated)) {
      throw new TableMapperException(
          name + " does not implement " + type.getName()
              + "; rebuild the project so that generated code matches its sources");
    }
    try {
      return generated.getConstructor(RepositoryContext.class);
    } catch (NoSuchMethodException e) {
      throw new TableMapperException(
          name + " has no public constructor taking a RepositoryContext; it was probably compiled by another"
              + " version of mapper-processor, rebuild the project",
          e);
    }
  }

  private static boolean isJava(Class<?> type) {
    return type == Object.class || type.getName().startsWith("java.");
  }

  private static Class<?> load(String name, Class<?> source) {
    ClassLoader loader = source.getClassLoader();
    try {
      return Class.forName(name, true, loader != null ? loader : ClassLoader.getSystemClassLoader());
    } catch (ClassNotFoundException e) {
      return null;
    } catch (ExceptionInInitializerError e) {
      throw new TableMapperException(
          "initialising the generated class " + name + " failed: " + e.getCause(), e.getCause());
    }
  }
}
