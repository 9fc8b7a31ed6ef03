package io.tablemapper.api;

/**
 * The base of every {@code @Repository} interface: writes of one entity type, each applied together with the
 * entity's index copies in one entity group transaction. Derived query methods are declared on the
 * sub-interface and implemented at compile time.
 *
 * <p>Every write returns the entity as stored, carrying its new ETag (and Timestamp, where the class maps
 * them). For a record that is a new instance; a JavaBean is updated in place and returned.
 *
 * @param <T> the entity type
 */
public interface TableRepository<T> {

  /**
   * Inserts an entity that must not exist yet.
   *
   * @throws EntityExistsException if an entity with the same keys exists, or one of its index values is taken
   */
  T insert(T entity);

  /** Inserts the entity or replaces the stored one with the same keys, whatever its ETag. */
  T upsert(T entity);

  /**
   * Replaces a stored entity. When the entity has an {@code @ETag} value the replace is conditional on it.
   *
   * @throws EntityNotFoundException if no entity with these keys is stored
   * @throws ConcurrencyConflictException if the stored entity changed since this one was read
   * @throws EntityExistsException if a changed index value is taken by another entity
   */
  T update(T entity);

  /**
   * Merges the entity's properties into the stored row: each property the entity holds replaces the stored one,
   * and the row keeps every property this class does not store — written by another application or by a newer
   * version of the class — which {@link #update} would drop. A null property is not written, so it keeps the
   * stored value (use {@code update} to clear one). The entity's index copies are rewritten from the merged row
   * in the same entity group transaction, and the ETag rules are those of {@code update}. Allowed over a row of a
   * newer {@code @Entity} version, whose version marker it keeps.
   *
   * @throws EntityNotFoundException if no entity with these keys is stored
   * @throws ConcurrencyConflictException if the stored entity changed since this one was read
   * @throws EntityExistsException if a changed index value is taken by another entity
   */
  T merge(T entity);

  /**
   * Deletes a stored entity and its index copies. When the entity has an {@code @ETag} value the delete is
   * conditional on it.
   *
   * @throws EntityNotFoundException if no entity with these keys is stored
   * @throws ConcurrencyConflictException if the stored entity changed since this one was read
   */
  void delete(T entity);
}
