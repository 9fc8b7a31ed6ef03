package io.tablemapper.internal.mapping;

import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * What a generated repository delegates to: the writes of {@code TableRepository} and the execution of planned
 * queries, of whole entities or of a {@link Projection} of their properties. Implemented by the runtime, one per
 * entity class and mapper.
 *
 * @param <T> the entity class
 */
public interface RepositorySupport<T> {

  /** See {@code TableRepository.insert}. */
  T insert(T entity);

  /** See {@code TableRepository.upsert}. */
  T upsert(T entity);

  /** See {@code TableRepository.update}. */
  T update(T entity);

  /** See {@code TableRepository.merge}. */
  T merge(T entity);

  /** See {@code TableRepository.upsertMerge}. */
  T upsertMerge(T entity);

  /** See {@code TableRepository.merge(T, String...)}: only the named properties (Java names). */
  T merge(T entity, String... properties);

  /** See {@code TableRepository.upsertMerge(T, String...)}: only the named properties (Java names). */
  T upsertMerge(T entity, String... properties);

  /** See {@code TableRepository.delete}. */
  void delete(T entity);

  /**
   * {@link #insert} of an {@code AsyncTableRepository}, on the store's async path: the same checks, transaction,
   * retries and exceptions (the cause of the {@code CompletionException}), with no thread held while its requests
   * are under way where the backend has a non-blocking client. A write that must do blocking work (its table's first
   * creation, {@code @Large} values, pending work of remote indexes) does that part on the mapper's executor.
   * Cancelling the future before the transaction is sent sends nothing more; once sent, the transaction runs to its
   * end and its result is dropped.
   */
  CompletableFuture<T> insertAsync(T entity);

  /** {@link #upsert} on the async path, as {@link #insertAsync}. */
  CompletableFuture<T> upsertAsync(T entity);

  /** {@link #update} on the async path, as {@link #insertAsync}. */
  CompletableFuture<T> updateAsync(T entity);

  /** {@link #merge(Object)} on the async path, as {@link #insertAsync}. */
  CompletableFuture<T> mergeAsync(T entity);

  /** {@link #upsertMerge(Object)} on the async path, as {@link #insertAsync}. */
  CompletableFuture<T> upsertMergeAsync(T entity);

  /** {@link #merge(Object, String...)} on the async path, as {@link #insertAsync}. */
  CompletableFuture<T> mergeAsync(T entity, String... properties);

  /** {@link #upsertMerge(Object, String...)} on the async path, as {@link #insertAsync}. */
  CompletableFuture<T> upsertMergeAsync(T entity, String... properties);

  /** {@link #delete} on the async path, as {@link #insertAsync}. */
  CompletableFuture<Void> deleteAsync(T entity);

  /** The first matching entity in key order, or empty. */
  Optional<T> findOne(EntityQuery query);

  /**
   * The first matching entity in key order.
   *
   * @throws io.tablemapper.api.EntityNotFoundException naming the method and its keys when none matches
   */
  T getOne(EntityQuery query);

  /**
   * The entity stored under these keys, or empty: the point read of a method whose plan names one row of the
   * entity's own table and nothing else (no index, filter, limit or projection). It reads that row straight away,
   * without a query object, with the same events, cache, scope and malformed-row policy as {@link #findOne}.
   *
   * @param method the repository method, for example {@code EmployeeRepository.findByDepartmentAndEmployeeId}
   * @param plan the plan as text (the generated constant)
   */
  Optional<T> findByKeys(String method, String plan, String partitionKey, String rowKey);

  /**
   * {@link #findByKeys}, for a method that returns the entity itself.
   *
   * @throws io.tablemapper.api.EntityNotFoundException naming the method and its keys when no entity is stored there
   */
  T getByKeys(String method, String plan, String partitionKey, String rowKey);

  /** Every matching entity in key order (up to the query's limit). */
  List<T> list(EntityQuery query);

  /** Every matching entity in key order, read a page at a time as the stream is consumed. */
  Stream<T> stream(EntityQuery query);

  /** One page of matching entities. */
  Page<T> page(EntityQuery query, PageRequest request);

  /** The projection of the first matching entity in key order, or empty; only its properties are read. */
  <P> Optional<P> findOne(EntityQuery query, Projection<P> projection);

  /**
   * The projection of the first matching entity in key order; only its properties are read.
   *
   * @throws io.tablemapper.api.EntityNotFoundException naming the method and its keys when none matches
   */
  <P> P getOne(EntityQuery query, Projection<P> projection);

  /** The projections of every matching entity in key order (up to the query's limit), reading only their properties. */
  <P> List<P> list(EntityQuery query, Projection<P> projection);

  /** The projections of every matching entity in key order, read a page at a time as the stream is consumed. */
  <P> Stream<P> stream(EntityQuery query, Projection<P> projection);

  /** The projections of one page of matching entities; only their properties are read. */
  <P> Page<P> page(EntityQuery query, PageRequest request, Projection<P> projection);

  /** The number of matching entities. */
  long count(EntityQuery query);

  /** Whether any entity matches. */
  boolean exists(EntityQuery query);

  /**
   * Deletes every matching entity with its index copies, each atomically with its copies and conditional on the
   * ETag it was read with (several entities of one partition share a batch); returns how many were deleted. An
   * entity deleted by someone else meanwhile is skipped; one changed meanwhile stops the deletion with
   * {@code ConcurrencyConflictException}, and the entities of earlier batches stay deleted.
   */
  long delete(EntityQuery query);

  /**
   * An async method that reads or writes on the store's async path ({@code TableBackend.getAsync}/{@code queryAsync},
   * the async writes), holding no thread while its requests are under way where the backend has a non-blocking
   * client: builds what it needs on the caller's thread ({@code prepare}: a query method's {@link EntityQuery}, a
   * partial merge method's entity; what it throws, a bad argument's exception, fails the future), then starts it
   * ({@code run}: one of the {@code ...Async} methods of this interface). Cancelling the future abandons the reads
   * still under way, and a write sends no further request; the mapper's {@code close()} waits for those under way.
   *
   * @param <A> what {@code prepare} builds
   * @param <R> the method's result
   */
  <A, R> CompletableFuture<R> async(Supplier<A> prepare, Function<A, CompletableFuture<R>> run);

  /** {@link #findOne(EntityQuery)} on the async path. */
  CompletableFuture<Optional<T>> findOneAsync(EntityQuery query);

  /** {@link #getOne(EntityQuery)} on the async path. */
  CompletableFuture<T> getOneAsync(EntityQuery query);

  /** {@link #list(EntityQuery)} on the async path: the reads of an {@code In} all under way at once. */
  CompletableFuture<List<T>> listAsync(EntityQuery query);

  /** {@link #page(EntityQuery, PageRequest)} on the async path. */
  CompletableFuture<Page<T>> pageAsync(EntityQuery query, PageRequest request);

  /** {@link #findOne(EntityQuery, Projection)} on the async path. */
  <P> CompletableFuture<Optional<P>> findOneAsync(EntityQuery query, Projection<P> projection);

  /** {@link #getOne(EntityQuery, Projection)} on the async path. */
  <P> CompletableFuture<P> getOneAsync(EntityQuery query, Projection<P> projection);

  /** {@link #list(EntityQuery, Projection)} on the async path. */
  <P> CompletableFuture<List<P>> listAsync(EntityQuery query, Projection<P> projection);

  /** {@link #page(EntityQuery, PageRequest, Projection)} on the async path. */
  <P> CompletableFuture<Page<P>> pageAsync(EntityQuery query, PageRequest request, Projection<P> projection);

  /** {@link #count} on the async path. */
  CompletableFuture<Long> countAsync(EntityQuery query);

  /**
   * {@link #delete} on the async path: the same deletes, counts and exceptions, the matches read and deleted by the
   * store's async calls; once the future is cancelled, no further transaction is sent (one under way is applied
   * whole).
   */
  CompletableFuture<Long> deleteAsync(EntityQuery query);

  /** {@link #exists} on the async path. */
  CompletableFuture<Boolean> existsAsync(EntityQuery query);
}
