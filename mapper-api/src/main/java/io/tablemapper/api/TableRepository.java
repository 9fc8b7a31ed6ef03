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
   * Insert-or-merge (the store's {@code InsertOrMerge}): merges the entity's properties into the stored row as
   * {@link #merge} does, or inserts the entity when none with its keys is stored. Properties the entity does not
   * hold (a null property, or one this class does not store) keep their stored values. Like {@link #upsert} it
   * names no version: an {@code @ETag} value the entity carries is not a condition. Its index copies are kept as
   * {@code merge} keeps them — rewritten from the merged row in the same entity group transaction, which makes the
   * mapper read the stored row first when the class has indexes (or is of a version above 1); without them it is
   * one request and reads nothing.
   *
   * @throws EntityExistsException if an index value of the merged entity is taken by another entity, or the row
   *     at these keys is of another entity type
   */
  T upsertMerge(T entity);

  /**
   * Merges only the named properties of the entity into its stored row: the guide's data series pattern, where one
   * new value of a series (an hour's reading in the day's entity) is written in one request without reading the
   * entity. The entity needs only its keys' properties and the named ones; every other stored property keeps its
   * stored value, whatever the entity holds (a record's primitive components included). A named property whose
   * value is null is not written. When the entity carries an {@code @ETag} value the merge is conditional on it.
   *
   * <p>One request when the class has no index and is of version 1; otherwise the stored row is read first, and the
   * index copies in the entity's partition are rewritten from the merged row in the same entity group transaction
   * (so a copy never holds an old value of a merged property). A repository method can name the properties instead,
   * checked at compile time: {@code void mergeH07BySensorAndDay(double h07, String sensor, LocalDate day)}.
   *
   * @param properties the Java names of the properties to merge: stored properties that are no part of the keys
   * @return the entity as given, with its new ETag (its other properties are not the stored ones)
   * @throws InvalidEntityException if a name is no property of the entity, is a key property, is not stored (its
   *     {@code @ETag}, {@code @Timestamp} or a {@code @Transient}), is given twice, or none is given; or if the entity
   *     has an index in another partition or table — nothing is sent
   * @throws EntityNotFoundException if no entity with these keys is stored
   * @throws ConcurrencyConflictException if the entity carries an ETag and the stored entity changed since
   * @throws EntityExistsException if a merged index value is taken by another entity
   */
  T merge(T entity, String... properties);

  /**
   * Insert-or-merge of only the named properties: as {@link #merge(Object, String...)} over a stored entity, and an
   * insert of the keys' and the named properties when none is stored (the first value of a new series); no ETag
   * condition, as {@link #upsertMerge(Object)}. The properties not written read back as absent ones do: their
   * {@code @DefaultValue}, else null or a primitive's zero.
   *
   * @param properties the Java names of the properties to merge: stored properties that are no part of the keys
   * @return the entity as given, with its new ETag
   * @throws InvalidEntityException as {@link #merge(Object, String...)}
   * @throws EntityExistsException if a merged index value is taken by another entity
   */
  T upsertMerge(T entity, String... properties);

  /**
   * Deletes a stored entity and its index copies. When the entity has an {@code @ETag} value the delete is
   * conditional on it.
   *
   * @throws EntityNotFoundException if no entity with these keys is stored
   * @throws ConcurrencyConflictException if the stored entity changed since this one was read
   */
  void delete(T entity);
}
