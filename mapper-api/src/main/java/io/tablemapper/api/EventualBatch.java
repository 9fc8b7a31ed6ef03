package io.tablemapper.api;

import java.util.List;

/**
 * An eventually consistent transaction: writes of entities in any tables and partitions, applied in the order they
 * were added, each exactly once in effect — the guide's "eventually consistent transactions" pattern (move an
 * employee to another department, archive an employee into another table), with the durable record of the work
 * kept in the store itself rather than in a queue.
 *
 * <pre>{@code
 * mapper.eventually()
 *       .delete(employeeInSales)          // Company, partition Sales
 *       .insert(employeeInMarketing)      // Company, partition Marketing
 *       .commit();
 * }</pre>
 *
 * <p>{@link #commit()} first checks every write against the store as it is (nothing is written if one cannot
 * succeed), then applies the first write in one entity group transaction together with a record of the writes
 * still to do, then applies those one after another and removes the record. From the moment that transaction is
 * applied the remaining writes will happen even if this process dies: {@link TableMapper#completePending()} in any
 * process over the same store (or a mapper's background completer) finishes them. In between, a reader may see the
 * first writes and not yet the later ones (no isolation), never a write twice.
 *
 * <p>Each write keeps the entity's index copies as a repository write does (those in its partition in its
 * transaction, the others by pending work of their own), and honours the entity's {@code @ETag} when it carries one. Every write must address a distinct entity (table, PartitionKey,
 * RowKey). Not thread-safe; commits once.
 */
public interface EventualBatch {

  /** Adds an insert of an entity that must not exist yet. */
  EventualBatch insert(Object entity);

  /** Adds an insert-or-replace. */
  EventualBatch upsert(Object entity);

  /** Adds a replace of a stored entity, conditional on its {@code @ETag} value when it has one. */
  EventualBatch update(Object entity);

  /** Adds a merge of the entity's properties into its stored row, conditional on its {@code @ETag} when it has one. */
  EventualBatch merge(Object entity);

  /**
   * Adds an insert-or-merge: a merge of the entity's properties into its stored row, or its insert when there is
   * none; its {@code @ETag} value is no condition. See {@link TableRepository#upsertMerge}.
   */
  EventualBatch upsertMerge(Object entity);

  /** Adds a delete of a stored entity, conditional on its {@code @ETag} value when it has one. */
  EventualBatch delete(Object entity);

  /** The number of writes added so far. */
  int size();

  /**
   * Records the writes durably and applies them.
   *
   * <p>When it returns, every write has been applied, or — if the store failed in between — is recorded and will be
   * applied by a completer.
   *
   * @throws BatchException if nothing was written: a rule is broken (empty, two writes of one entity, a dynamic
   *     entity) or a write cannot succeed against the store as it is ({@link BatchException#failedIndex()} names it
   *     and the cause is the specific exception, for example {@link EntityExistsException} or
   *     {@link ConcurrencyConflictException})
   * @throws PendingWorkException if the first write was applied but a later one then failed for good (another writer
   *     changed its entity in between): the writes before it stay applied, the ones after it are not applied, and
   *     the record stays in the store marked failed
   */
  void commit();
}
