package io.tablemapper.jakarta;

import io.tablemapper.api.QueryKind;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.EntityQuery;
import io.tablemapper.internal.mapping.RepositorySupport;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * What a repository generated for a Jakarta Data interface delegates its lifecycle methods and cursored pages to,
 * over the entity's {@link RepositorySupport}: {@code insert} is tablemapper's insert, {@code update} its update
 * (conditional on the entity's {@code @ETag} when it has one), {@code save} its upsert, {@code delete} its delete,
 * each keeping the entity's index copies consistent; every exception goes through {@link DataExceptions}. A method
 * that takes a list writes its entities one after the other, each atomically with its index copies, as Jakarta Data
 * allows: a failure stops it, and the entities before it stay written.
 *
 * @param <T> the entity class
 */
public final class JakartaSupport<T> {
  private final RepositorySupport<T> support;

  /** The Jakarta Data side of one entity's support; created by the generated repository's constructor. */
  public JakartaSupport(RepositorySupport<T> support) {
    this.support = Objects.requireNonNull(support, "support");
  }

  /** {@code @Insert}, {@code CrudRepository.insert}: the entity as stored, with its ETag. */
  @SuppressWarnings("unchecked")
  public <S extends T> S insert(S entity) {
    Objects.requireNonNull(entity, "entity");
    try {
      return (S) support.insert(entity);
    } catch (TableMapperException e) {
      throw DataExceptions.ofInsert(e);
    }
  }

  /** {@code @Update}, {@code CrudRepository.update}: the entity as stored, with its new ETag. */
  @SuppressWarnings("unchecked")
  public <S extends T> S update(S entity) {
    Objects.requireNonNull(entity, "entity");
    try {
      return (S) support.update(entity);
    } catch (TableMapperException e) {
      throw DataExceptions.ofUpdate(e);
    }
  }

  /**
   * {@code @Save}, {@code BasicRepository.save}: inserted, or replacing the entity stored under its keys, whatever its
   * {@code @ETag} (an upsert is unconditional).
   */
  @SuppressWarnings("unchecked")
  public <S extends T> S save(S entity) {
    Objects.requireNonNull(entity, "entity");
    try {
      return (S) support.upsert(entity);
    } catch (TableMapperException e) {
      throw DataExceptions.ofInsert(e);
    }
  }

  /** {@code @Delete}, {@code BasicRepository.delete}: conditional on the entity's {@code @ETag} when it has one. */
  public void delete(T entity) {
    Objects.requireNonNull(entity, "entity");
    try {
      support.delete(entity);
    } catch (TableMapperException e) {
      throw DataExceptions.ofUpdate(e);
    }
  }

  /** {@link #insert} of each entity, in order. */
  public <S extends T> List<S> insertAll(List<S> entities) {
    return each(entities, this::insert);
  }

  /** {@link #update} of each entity, in order. */
  public <S extends T> List<S> updateAll(List<S> entities) {
    return each(entities, this::update);
  }

  /** {@link #save} of each entity, in order. */
  public <S extends T> List<S> saveAll(List<S> entities) {
    return each(entities, this::save);
  }

  /** {@link #delete} of each entity, in order. */
  public void deleteAll(List<? extends T> entities) {
    Objects.requireNonNull(entities, "entities");
    for (T entity : entities) {
      delete(entity);
    }
  }

  /**
   * {@code BasicRepository.deleteById}: deletes the entity stored under these keys with its index copies, and does
   * nothing when none is.
   *
   * @param method the repository method, for events and messages
   * @param plan the plan's text
   */
  public void deleteByKeys(String method, String plan, String partitionKey, String rowKey) {
    try {
      support.delete(EntityQuery.builder(method, QueryKind.POINT, plan)
          .partitionKey(partitionKey).rowKey(rowKey).build());
    } catch (TableMapperException e) {
      throw DataExceptions.ofQuery(e);
    }
  }

  /**
   * One page of the query, as {@link TokenCursoredPage} maps a Jakarta Data {@code PageRequest} onto a continuation
   * token; with its totals counted (a read of every match) when the request asks for them.
   */
  public CursoredPage<T> page(EntityQuery query, PageRequest request) {
    Objects.requireNonNull(request, "pageRequest");
    io.tablemapper.api.PageRequest page = TokenCursoredPage.tokenRequest(query.method(), request);
    try {
      io.tablemapper.api.Page<T> read = support.page(query, page);
      long total = request.requestTotal() ? support.count(query) : -1;
      return new TokenCursoredPage<>(read, request, total);
    } catch (TableMapperException e) {
      throw DataExceptions.ofQuery(e);
    }
  }

  private static <S> List<S> each(List<S> entities, UnaryOperator<S> write) {
    Objects.requireNonNull(entities, "entities");
    List<S> written = new ArrayList<>(entities.size());
    for (S entity : entities) {
      written.add(write.apply(entity));
    }
    return written;
  }
}
