package io.tablemapper.api;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One entity group transaction: operations on entities of any types stored in one partition of one table,
 * applied atomically by {@link #commit()}.
 *
 * <p>The store's rules are checked before anything is sent — one partition, at most 100 operations counting
 * the index copies each entity implies, at most 4 MiB, one operation per entity — and a broken rule throws
 * {@link BatchException} naming it. Each operation follows the ETag rules of {@link TableRepository}. A batch
 * is not thread-safe and can be committed once.
 *
 * <p>A {@link DynamicEntity} may stand beside typed entities: it is written as built, in the batch's table, and
 * conditional on its ETag when it has one (see {@link DynamicTable}).
 */
public interface Batch {

  /** Adds an insert of an entity that must not exist yet. */
  Batch insert(Object entity);

  /** Adds an insert-or-replace. */
  Batch upsert(Object entity);

  /** Adds a replace of a stored entity, conditional on its {@code @ETag} value when it has one. */
  Batch update(Object entity);

  /**
   * Adds a merge of the entity's properties into its stored row, keeping properties its class does not store;
   * conditional on its {@code @ETag} value when it has one. See {@link TableRepository#merge}.
   */
  Batch merge(Object entity);

  /**
   * Adds an insert-or-merge: a merge of the entity's properties into its stored row, or its insert when there is
   * none; its {@code @ETag} value is no condition. See {@link TableRepository#upsertMerge}.
   */
  Batch upsertMerge(Object entity);

  /** Adds a delete of a stored entity, conditional on its {@code @ETag} value when it has one. */
  Batch delete(Object entity);

  /** The number of operations added so far (not counting index copies). */
  int size();

  /**
   * Applies every operation atomically.
   *
   * @return the entities as stored, in the order their operations were added, each carrying its new ETag; a
   *     deleted entity is returned as it was given
   * @throws BatchException if a rule is broken (nothing sent) or the store rejected an operation (nothing
   *     written; {@link BatchException#failedIndex()} names it)
   */
  List<Object> commit();

  /**
   * Applies every operation atomically, as {@link #commit()} does, on the store's async path: its transaction sent
   * with no thread held on Azure, each request run on the mapper's async executor on a store without an async client
   * (see {@link TableMapper.Builder#asyncExecutor}), where the result is handed over too; a batch with {@code @Large}
   * values or pending work of remote indexes runs whole on that executor. The future completes with what
   * {@code commit()} returns, or exceptionally with what it throws ({@code join()} wraps it in a
   * {@code CompletionException}, {@code get()} in an {@code ExecutionException}). Cancelling the future before the
   * transaction is sent sends nothing; once sent, it runs to its end (all or nothing) and only its result is dropped.
   */
  CompletableFuture<List<Object>> commitAsync();
}
