package io.tablemapper.api;

import java.util.List;
import java.util.Optional;

/**
 * One table read and written as {@link DynamicEntity} property bags, without entity classes: for rows no class
 * describes, tables of other applications, and tools. From {@link TableMapper#dynamic(String)}.
 *
 * <p>Entities are written exactly as given: nothing is added (no {@code EntityType} unless the entity has one), no
 * index copies are kept. {@code update}, {@code merge} and {@code delete} are conditional on the entity's ETag
 * when it has one (If-Match), and fail with {@link ConcurrencyConflictException} when the row changed since;
 * without one they are unconditional. Every write returns the entity with its new ETag and Timestamp.
 */
public interface DynamicTable {

  /** The table. */
  String table();

  /** The row with these keys, or empty. */
  Optional<DynamicEntity> get(String partitionKey, String rowKey);

  /**
   * Inserts a new row.
   *
   * @throws EntityExistsException if a row with its keys exists
   */
  DynamicEntity insert(DynamicEntity entity);

  /** Inserts the row, or replaces the one with its keys (unconditionally). */
  DynamicEntity upsert(DynamicEntity entity);

  /**
   * Replaces the row with its keys: properties the entity lacks are removed.
   *
   * @throws EntityNotFoundException if there is no such row
   */
  DynamicEntity update(DynamicEntity entity);

  /**
   * Writes the entity's properties over the row with its keys, keeping the row's other properties.
   *
   * @throws EntityNotFoundException if there is no such row
   */
  DynamicEntity merge(DynamicEntity entity);

  /**
   * Writes the entity's properties over the row with its keys, keeping the row's other properties, or inserts the
   * row when there is none (unconditionally: the store's {@code InsertOrMerge}).
   */
  DynamicEntity upsertMerge(DynamicEntity entity);

  /**
   * Deletes the row with the entity's keys.
   *
   * @throws EntityNotFoundException if there is no such row
   */
  void delete(DynamicEntity entity);

  /** Every row the query selects, in key order, read a page at a time. */
  List<DynamicEntity> query(DynamicQuery query);

  /** One page of the rows the query selects; at most 1000, as the store allows. */
  Page<DynamicEntity> query(DynamicQuery query, PageRequest request);
}
