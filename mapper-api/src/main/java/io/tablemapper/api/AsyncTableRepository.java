package io.tablemapper.api;

import java.util.concurrent.CompletableFuture;

/**
 * The base of a {@code @Repository} interface whose writes are async: each is the write of {@link TableRepository}
 * of the same name, with the same rules and exceptions, sent on the store's async path — on Azure with no thread held
 * while its requests are under way; on a store without an async client (in-memory, H2) each request runs on the
 * mapper's async executor (see {@link TableMapper.Builder#asyncExecutor}). Every request of a write goes this way: a
 * table's first creation, {@code @Large} values, the pending work of remote indexes. The result is handed over
 * on that executor. A failed future holds the exception the synchronous write throws, as the cause of the
 * {@code CompletionException} that {@code join()} throws. Cancelling a future before its transaction is sent sends
 * nothing more; once sent, the transaction runs to its end (all or nothing) and only its result is dropped. Derived
 * query and partial merge methods on the sub-interface may return {@code CompletableFuture} or not, as on a
 * {@code TableRepository}.
 *
 * @param <T> the entity type
 */
public interface AsyncTableRepository<T> {

  /** See {@link TableRepository#insert}. */
  CompletableFuture<T> insert(T entity);

  /** See {@link TableRepository#upsert}. */
  CompletableFuture<T> upsert(T entity);

  /** See {@link TableRepository#update}. */
  CompletableFuture<T> update(T entity);

  /** See {@link TableRepository#merge}. */
  CompletableFuture<T> merge(T entity);

  /** See {@link TableRepository#upsertMerge}. */
  CompletableFuture<T> upsertMerge(T entity);

  /** See {@link TableRepository#merge(Object, String...)}. */
  CompletableFuture<T> merge(T entity, String... properties);

  /** See {@link TableRepository#upsertMerge(Object, String...)}. */
  CompletableFuture<T> upsertMerge(T entity, String... properties);

  /** See {@link TableRepository#delete}. */
  CompletableFuture<Void> delete(T entity);
}
