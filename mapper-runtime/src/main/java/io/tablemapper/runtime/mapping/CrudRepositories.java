package io.tablemapper.runtime.mapping;

import io.tablemapper.annotations.Entity;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.AsyncTableRepository;
import io.tablemapper.api.TableRepository;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.RepositoryContext;
import io.tablemapper.internal.mapping.RepositorySupport;
import io.tablemapper.internal.model.EntityRules;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Proxy;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Repositories over entities compiled without the annotation processor: a repository interface that declares no methods
 * of its own gets the writes of {@link TableRepository} (insert, upsert, update, merge, upsertMerge, delete), served by
 * the same {@link RepositorySupport} generated repositories use (an {@link AsyncTableRepository}'s on the store's async
 * path, its {@code ...Async} writes). Derived queries are planned by the processor at compile time, so an interface
 * that declares any is refused, naming them; read such entities with
 * {@code mapper.partition(table, partitionKey).all(Entity.class)}.
 */
public final class CrudRepositories {
  private CrudRepositories() {}

  /**
   * The entity of a repository interface without generated implementation, when it was compiled without the
   * processor; null when the entity has a generated mapping (then the repository lacks its own generated code).
   *
   * @throws TableMapperException naming the derived query methods, which only the processor implements
   */
  static Class<?> unprocessedEntity(Class<?> repositoryType) {
    Class<?> entity = entityOf(repositoryType);
    if (entity == null || !entity.isAnnotationPresent(Entity.class)
        || GeneratedCode.hasGenerated(entity)) {
      return null;
    }
    List<String> queries = new ArrayList<>();
    for (Method method : repositoryType.getMethods()) {
      if (method.getDeclaringClass() != TableRepository.class
          && method.getDeclaringClass() != AsyncTableRepository.class && Modifier.isAbstract(method.getModifiers())) {
        queries.add(method.getName());
      }
    }
    if (!queries.isEmpty()) {
      throw new TableMapperException(
          EntityRules.unprocessedQueries(repositoryType.getSimpleName(), queries, entity.getSimpleName(),
              ProcessorSetup.snippets()).toString());
    }
    return entity;
  }

  /** A repository serving the writes of {@link TableRepository} for an entity mapped at run time. */
  static <R> R create(Class<R> repositoryType, Class<?> entity, RepositoryContext context, Mappings mappings) {
    RepositorySupport<Object> support = context.support(mapping(entity, mappings));
    boolean async = AsyncTableRepository.class.isAssignableFrom(repositoryType);
    InvocationHandler handler = (proxy, method, arguments) -> {
      if (async && method.getDeclaringClass() != Object.class) {
        return writeAsync(support, method.getName(), arguments);
      }
      switch (method.getName()) {
        case "insert":
          return support.insert(arguments[0]);
        case "upsert":
          return support.upsert(arguments[0]);
        case "update":
          return support.update(arguments[0]);
        case "merge":
          return arguments.length == 2 ? support.merge(arguments[0], (String[]) arguments[1])
              : support.merge(arguments[0]);
        case "upsertMerge":
          return arguments.length == 2 ? support.upsertMerge(arguments[0], (String[]) arguments[1])
              : support.upsertMerge(arguments[0]);
        case "delete":
          support.delete(arguments[0]);
          return null;
        case "equals":
          return proxy == arguments[0];
        case "hashCode":
          return System.identityHashCode(proxy);
        case "toString":
          return repositoryType.getSimpleName() + " (writes of " + entity.getSimpleName() + ", mapped at run time)";
        default:
          throw new AssertionError(method);
      }
    };
    return repositoryType.cast(
        Proxy.newProxyInstance(repositoryType.getClassLoader(), new Class<?>[] {repositoryType}, handler));
  }

  /** One write of an async repository, on the store's async path. */
  private static CompletableFuture<?> writeAsync(RepositorySupport<Object> support, String write, Object[] arguments) {
    Object entity = arguments[0];
    switch (write) {
      case "insert":
        return support.insertAsync(entity);
      case "upsert":
        return support.upsertAsync(entity);
      case "update":
        return support.updateAsync(entity);
      case "merge":
        return arguments.length == 2 ? support.mergeAsync(entity, (String[]) arguments[1])
            : support.mergeAsync(entity);
      case "upsertMerge":
        return arguments.length == 2 ? support.upsertMergeAsync(entity, (String[]) arguments[1])
            : support.upsertMergeAsync(entity);
      case "delete":
        return support.deleteAsync(entity);
      default:
        throw new AssertionError(write);
    }
  }

  @SuppressWarnings("unchecked")
  private static EntityMapping<Object> mapping(Class<?> entity, Mappings mappings) {
    return (EntityMapping<Object>) mappings.mapping(entity);
  }

  /** The {@code T} of {@code TableRepository<T>} that the interface extends, or null. */
  private static Class<?> entityOf(Class<?> repositoryType) {
    for (Type parent : repositoryType.getGenericInterfaces()) {
      if (parent instanceof ParameterizedType && (((ParameterizedType) parent).getRawType() == TableRepository.class
          || ((ParameterizedType) parent).getRawType() == AsyncTableRepository.class)) {
        Type argument = ((ParameterizedType) parent).getActualTypeArguments()[0];
        return argument instanceof Class ? (Class<?>) argument : null;
      }
    }
    return null;
  }
}
