package io.tablemapper.jakarta;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.QueryKind;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.EntityQuery;
import io.tablemapper.internal.mapping.RepositorySupport;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * What a repository generated for a Jakarta Data interface delegates its lifecycle methods and cursored pages to,
 * over the entity's {@link RepositorySupport}: {@code insert} is tablemapper's insert, {@code update} its update
 * (conditional on the entity's {@code @ETag} when it has one), {@code save} its upsert, {@code delete} its delete,
 * each keeping the entity's index copies consistent; every exception goes through {@link DataExceptions}. A method
 * that takes a list writes its entities one after the other, each atomically with its index copies, as Jakarta Data
 * allows: a failure stops it, and the entities before it stay written.
 *
 * <p>A JDQL {@code UPDATE} or {@code DELETE} is a query and one conditional write per match ({@link #updateEach},
 * {@link #deleteMatches}, {@link #deleteEach}): a key-sorted store has no update of its own.
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

  /**
   * A JDQL {@code DELETE} with no condition the client evaluates: every match of the query, each deleted with its
   * index copies and conditional on the ETag it was read with; an entity deleted by someone else meanwhile is not
   * counted, one changed meanwhile stops it with {@code OptimisticLockingFailureException}, the entities deleted
   * before it staying deleted.
   *
   * @return how many it deleted
   */
  public long deleteMatches(EntityQuery query) {
    try {
      return support.delete(query);
    } catch (TableMapperException e) {
      throw DataExceptions.ofUpdate(e);
    }
  }

  /**
   * A JDQL {@code DELETE} whose conditions the client evaluated: each of these matches deleted with its index
   * copies, conditional on its {@code @ETag} when the entity has one; an entity deleted by someone else meanwhile
   * is not counted, one changed meanwhile stops it with {@code OptimisticLockingFailureException}.
   *
   * @return how many it deleted
   */
  public long deleteEach(List<T> matches) {
    long deleted = 0;
    for (T match : matches) {
      try {
        support.delete(match);
        deleted++;
      } catch (EntityNotFoundException gone) {
        // deleted meanwhile: not this call's
      } catch (TableMapperException e) {
        throw DataExceptions.ofUpdate(e);
      }
    }
    return deleted;
  }

  /** How many times {@link #updateEach} writes one entity that keeps changing under it before it gives up. */
  public static final int UPDATE_ATTEMPTS = 5;

  /**
   * A JDQL {@code UPDATE}: each match changed as its {@code SET} says and written back with its index copies, each
   * write conditional on the ETag it was read with when the entity has an {@code @ETag}. When an entity changed
   * between the read and its write, it is read again by its keys ({@code reread}), tested against the query's
   * conditions again ({@code where}: one that no longer matches is left alone), changed from its new values and
   * written under its new ETag, up to {@link #UPDATE_ATTEMPTS} times, after which the update stops with
   * {@code OptimisticLockingFailureException} (the entities written before it stay written). An entity deleted
   * meanwhile is not counted. An entity without an {@code @ETag} is written unconditionally, as its
   * {@code @Update} is: a change made between the read and the write is overwritten.
   *
   * @param method the repository method, for messages
   * @param matches the entities the query read (and the client's conditions kept)
   * @param where the query's conditions, tested again on an entity read again
   * @param change the {@code SET}: the entity with its new values (the same object when its class is mutable)
   * @param reread the entity as stored now, or empty when it is no longer stored
   * @return how many it updated
   */
  public long updateEach(String method, List<T> matches, Predicate<? super T> where, UnaryOperator<T> change,
      Function<? super T, Optional<T>> reread) {
    long updated = 0;
    for (T match : matches) {
      T current = match;
      for (int attempt = 1; ; attempt++) {
        try {
          support.update(change.apply(current));
          updated++;
          break;
        } catch (EntityNotFoundException gone) {
          break; // deleted meanwhile: nothing to update
        } catch (ConcurrencyConflictException changed) {
          if (attempt == UPDATE_ATTEMPTS) {
            throw DataExceptions.ofUpdate(new ConcurrencyConflictException(method + ": the entity changed "
                + UPDATE_ATTEMPTS + " times between its read and its update; " + changed.getMessage(), changed));
          }
          Optional<T> now = readAgain(reread, current);
          if (now.isEmpty() || !where.test(now.get())) {
            break; // deleted, or changed so that it no longer matches
          }
          current = now.get();
        } catch (TableMapperException e) {
          throw DataExceptions.ofUpdate(e);
        }
      }
    }
    return updated;
  }

  private Optional<T> readAgain(Function<? super T, Optional<T>> reread, T entity) {
    try {
      return reread.apply(entity);
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
