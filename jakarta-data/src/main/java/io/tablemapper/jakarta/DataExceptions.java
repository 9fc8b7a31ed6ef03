package io.tablemapper.jakarta;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.TableMapperException;
import jakarta.data.exceptions.EmptyResultException;
import jakarta.data.exceptions.OptimisticLockingFailureException;

/**
 * tablemapper's exceptions as Jakarta Data names them, in one place. Each Jakarta Data exception keeps the
 * tablemapper exception as its cause and its message, which names the entity, the keys and the rule; an exception
 * Jakarta Data has no name for (an invalid key, an entity too large) is thrown as it is.
 *
 * <table>
 *   <caption>What each operation throws</caption>
 *   <tr><th>operation</th><th>tablemapper</th><th>Jakarta Data</th></tr>
 *   <tr><td>a query that returns one entity</td><td>{@code EntityNotFoundException}</td>
 *       <td>{@code EmptyResultException}</td></tr>
 *   <tr><td>insert</td><td>{@code EntityExistsException}</td>
 *       <td>{@code jakarta.data.exceptions.EntityExistsException}</td></tr>
 *   <tr><td>update, delete of an entity</td><td>{@code EntityNotFoundException},
 *       {@code ConcurrencyConflictException}</td><td>{@code OptimisticLockingFailureException}</td></tr>
 *   <tr><td>save (an upsert)</td><td>{@code ConcurrencyConflictException}</td>
 *       <td>{@code OptimisticLockingFailureException}</td></tr>
 * </table>
 */
public final class DataExceptions {
  private DataExceptions() {}

  /** What a query method throws for {@code e}: no entity where one is returned is an {@code EmptyResultException}. */
  public static RuntimeException ofQuery(TableMapperException e) {
    if (e instanceof EntityNotFoundException) {
      return new EmptyResultException(e.getMessage(), e);
    }
    return common(e);
  }

  /** What an insert throws for {@code e}: a taken key or unique index value is Jakarta Data's EntityExistsException. */
  public static RuntimeException ofInsert(TableMapperException e) {
    return common(e);
  }

  /**
   * What an update or delete of an entity throws for {@code e}: an entity that is not stored, or that changed since
   * it was read (its {@code @ETag}), is an {@code OptimisticLockingFailureException}, as Jakarta Data requires of
   * both.
   */
  public static RuntimeException ofUpdate(TableMapperException e) {
    if (e instanceof EntityNotFoundException) {
      return new OptimisticLockingFailureException(e.getMessage(), e);
    }
    return common(e);
  }

  private static RuntimeException common(TableMapperException e) {
    if (e instanceof ConcurrencyConflictException) {
      return new OptimisticLockingFailureException(e.getMessage(), e);
    }
    if (e instanceof EntityExistsException) {
      return new jakarta.data.exceptions.EntityExistsException(e.getMessage(), e);
    }
    return e;
  }
}
