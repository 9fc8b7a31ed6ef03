package io.tablemapper.runtime;

import io.tablemapper.api.IndexNotReadyException;
import io.tablemapper.api.IndexState;
import io.tablemapper.api.OperationType;
import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.QueryKind;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.EntityQuery;
import io.tablemapper.internal.mapping.Projection;
import io.tablemapper.internal.mapping.RepositorySupport;
import io.tablemapper.runtime.write.WriteFailures.Mode;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import io.tablemapper.runtime.support.AsyncRunner;
import io.tablemapper.runtime.store.Channels;
import io.tablemapper.runtime.store.IndexStates;
import io.tablemapper.runtime.write.EgtWriter;
import io.tablemapper.runtime.query.EntityQueries;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.support.Lifecycle;
import io.tablemapper.runtime.observe.Listeners;
import io.tablemapper.runtime.pending.PendingWork;
import io.tablemapper.runtime.write.WriteIntent;
import io.tablemapper.runtime.write.WriteIntents;
import io.tablemapper.runtime.rows.WriteKind;

/**
 * What a generated repository delegates to, for one entity class and one mapper: writes go through
 * {@link PendingWork#write} to {@link EgtWriter} (the entity and its index copies in one entity group transaction,
 * the pending work of its remote indexes recorded in it), queries through
 * {@link EntityQueries}. Each is one operation for the mapper's listeners ({@link Listeners#observe}), except a
 * stream's, whose pages are, each when the stream reads it. The {@code ...Async} reads are the same queries on the
 * store's async path ({@link EntityQueries}' async forms, {@link Listeners#observeAsync}, {@link AsyncRunner#start}).
 *
 * @param <T> the entity class
 */
final class EntitySupport<T> implements RepositorySupport<T> {
  private final EntityMapping<T> mapping;
  private final Lifecycle lifecycle;
  private final Listeners listeners;
  private final WriteIntents intents;
  private final PendingWork pending;
  private final AsyncRunner async;
  private final Channels channels;
  private final EntityQueries<T> queries;
  private final QueryDeletes<T> deletes;
  private final IndexStates states;

  EntitySupport(EntityMapping<T> mapping, Lifecycle lifecycle, Listeners listeners, WriteIntents intents,
      PendingWork pending, Channels channels, EntityQueries<T> queries, QueryDeletes<T> deletes,
      IndexStates states) {
    this.states = states;
    this.mapping = mapping;
    this.lifecycle = lifecycle;
    this.listeners = listeners;
    this.intents = intents;
    this.pending = pending;
    this.async = channels.runner();
    this.channels = channels;
    this.queries = queries;
    this.deletes = deletes;
  }

  @Override
  public T insert(T entity) {
    return write(WriteKind.INSERT, entity);
  }

  @Override
  public T upsert(T entity) {
    return write(WriteKind.UPSERT, entity);
  }

  @Override
  public T update(T entity) {
    return write(WriteKind.UPDATE, entity);
  }

  @Override
  public T merge(T entity) {
    return write(WriteKind.MERGE, entity);
  }

  @Override
  public T upsertMerge(T entity) {
    return write(WriteKind.UPSERT_MERGE, entity);
  }

  @Override
  public T merge(T entity, String... properties) {
    return partial(WriteKind.MERGE, entity, properties);
  }

  @Override
  public T upsertMerge(T entity, String... properties) {
    return partial(WriteKind.UPSERT_MERGE, entity, properties);
  }

  @Override
  public void delete(T entity) {
    write(WriteKind.DELETE, entity);
  }

  private T partial(WriteKind kind, T entity, String[] properties) {
    return listeners.observe(kind.operation(), mapping.table(), mapping.entityClass().getSimpleName(), null, () -> {
      WriteIntent<T> write = intent(kind, entity, properties);
      return write.stored(pending.write(mapping.table(), List.of(write), Mode.REPOSITORY).get(0));
    });
  }

  private T write(WriteKind kind, T entity) {
    return listeners.observe(kind.operation(), mapping.table(), mapping.entityClass().getSimpleName(), null, () -> {
      WriteIntent<T> write = intent(kind, entity, null);
      return write.stored(pending.write(table(write, null), List.of(write), Mode.REPOSITORY).get(0));
    });
  }

  /** A repository write's intent, checked: a partial one for {@code properties} (null for a whole write). */
  private WriteIntent<T> intent(WriteKind kind, T entity, String[] properties) {
    lifecycle.checkOpen();
    Objects.requireNonNull(entity, () -> "cannot " + kind.verb() + " a null " + mapping.entityClass().getSimpleName());
    if (properties == null) {
      return intents.intent(kind, mapping, entity, 0);
    }
    Objects.requireNonNull(properties, "properties");
    return intents.partialIntent(kind, mapping, entity, Arrays.asList(properties));
  }

  /**
   * The table a repository write goes to: a whole write's own ({@code write.mapping().table()}: for a table per
   * period, its period's), the entity's for a partial one.
   */
  private String table(WriteIntent<T> write, String[] properties) {
    return properties == null ? write.mapping().table() : mapping.table();
  }

  // ------------------------------------------------------------------ writes on the async path

  /**
   * A repository write on the store's async path, as one operation: the write's checks on the caller's thread (what
   * they throw fails the future), then its transaction through {@link PendingWork#writeAsync}, holding no thread
   * while its requests are under way.
   */
  private CompletableFuture<T> writeAsync(WriteKind kind, T entity, String[] properties) {
    return writeAsync(kind, entity, properties, stored -> stored);
  }

  private <R> CompletableFuture<R> writeAsync(WriteKind kind, T entity, String[] properties, Function<T, R> result) {
    return async.startWrite(caller -> listeners.observeAsync(
        kind.operation(), mapping.table(), mapping.entityClass().getSimpleName(), null, () -> {
          WriteIntent<T> write = intent(kind, entity, properties);
          return pending.writeAsync(table(write, properties), List.of(write), Mode.REPOSITORY,
              channels.async(caller)).thenApply(results -> result.apply(write.stored(results.get(0))));
        }));
  }

  @Override
  public CompletableFuture<T> insertAsync(T entity) {
    return writeAsync(WriteKind.INSERT, entity, null);
  }

  @Override
  public CompletableFuture<T> upsertAsync(T entity) {
    return writeAsync(WriteKind.UPSERT, entity, null);
  }

  @Override
  public CompletableFuture<T> updateAsync(T entity) {
    return writeAsync(WriteKind.UPDATE, entity, null);
  }

  @Override
  public CompletableFuture<T> mergeAsync(T entity) {
    return writeAsync(WriteKind.MERGE, entity, null);
  }

  @Override
  public CompletableFuture<T> upsertMergeAsync(T entity) {
    return writeAsync(WriteKind.UPSERT_MERGE, entity, null);
  }

  @Override
  public CompletableFuture<T> mergeAsync(T entity, String... properties) {
    return properties == null ? CompletableFuture.failedFuture(new NullPointerException("properties"))
        : writeAsync(WriteKind.MERGE, entity, properties);
  }

  @Override
  public CompletableFuture<T> upsertMergeAsync(T entity, String... properties) {
    return properties == null ? CompletableFuture.failedFuture(new NullPointerException("properties"))
        : writeAsync(WriteKind.UPSERT_MERGE, entity, properties);
  }

  @Override
  public CompletableFuture<Void> deleteAsync(T entity) {
    return writeAsync(WriteKind.DELETE, entity, null, deleted -> null);
  }

  /** A repository read, as one operation. */
  private <R> R query(EntityQuery query, Supplier<R> run) {
    return observed(OperationType.QUERY, query, run);
  }

  private <R> R observed(OperationType type, EntityQuery query, Supplier<R> run) {
    return listeners.observe(type, mapping.table(), mapping.entityClass().getSimpleName(), query, () -> {
      lifecycle.checkOpen();
      checkReady(query);
      return run.get();
    });
  }

  @Override
  public Optional<T> findOne(EntityQuery query) {
    return query(query, () -> queries.findOne(query));
  }

  @Override
  public Optional<T> findByKeys(String method, String plan, String partitionKey, String rowKey) {
    if (!listeners.observing()) { // what observe does then, without a lambda per read
      lifecycle.checkOpen();
      return queries.findByKeys(method, plan, partitionKey, rowKey);
    }
    return point(method, plan, () -> queries.findByKeys(method, plan, partitionKey, rowKey));
  }

  @Override
  public T getByKeys(String method, String plan, String partitionKey, String rowKey) {
    if (!listeners.observing()) {
      lifecycle.checkOpen();
      return queries.getByKeys(method, plan, partitionKey, rowKey);
    }
    return point(method, plan, () -> queries.getByKeys(method, plan, partitionKey, rowKey));
  }

  /** A repository method's point read, as one operation (called only when operation listeners wait for it). */
  private <R> R point(String method, String plan, Supplier<R> run) {
    return listeners.observe(OperationType.QUERY, mapping.table(), mapping.entityClass().getSimpleName(), method,
        QueryKind.POINT, plan, () -> {
          lifecycle.checkOpen();
          return run.get();
        });
  }

  @Override
  public T getOne(EntityQuery query) {
    return query(query, () -> queries.getOne(query));
  }

  @Override
  public List<T> list(EntityQuery query) {
    return query(query, () -> queries.list(query));
  }

  @Override
  public Stream<T> stream(EntityQuery query) {
    lifecycle.checkOpen();
    checkReady(query);
    return queries.stream(query);
  }

  @Override
  public Page<T> page(EntityQuery query, PageRequest request) {
    Objects.requireNonNull(request, "request");
    return query(query, () -> queries.page(query, request));
  }

  @Override
  public <P> Optional<P> findOne(EntityQuery query, Projection<P> projection) {
    return query(query, () -> queries.findOne(query, projection));
  }

  @Override
  public <P> P getOne(EntityQuery query, Projection<P> projection) {
    return query(query, () -> queries.getOne(query, projection));
  }

  @Override
  public <P> List<P> list(EntityQuery query, Projection<P> projection) {
    return query(query, () -> queries.list(query, projection));
  }

  @Override
  public <P> Stream<P> stream(EntityQuery query, Projection<P> projection) {
    lifecycle.checkOpen();
    checkReady(query);
    return queries.stream(query, projection);
  }

  @Override
  public <P> Page<P> page(EntityQuery query, PageRequest request, Projection<P> projection) {
    Objects.requireNonNull(request, "request");
    return query(query, () -> queries.page(query, request, projection));
  }

  @Override
  public long count(EntityQuery query) {
    return query(query, () -> queries.count(query));
  }

  @Override
  public boolean exists(EntityQuery query) {
    return query(query, () -> queries.exists(query));
  }

  @Override
  public long delete(EntityQuery query) {
    return observed(OperationType.DELETE_BY_QUERY, query, () -> deletes.delete(query));
  }

  /**
   * A query (or one of its reads) through an index that is not {@link IndexState#READY} is refused, never answered
   * from the copies there are ({@link IndexStates#requireReady}). Free once this mapper has seen the index ready. A
   * table per period is checked table by table, where its query finds which tables it reads (the query side's
   * {@code QuerySources}).
   *
   * @throws IndexNotReadyException naming the index and the call that builds it
   */
  private void checkReady(EntityQuery query) {
    if (IndexStates.periodTemplate(mapping)) {
      return;
    }
    states.requireReady(mapping, query.index());
    if (query.reads() != null) {
      for (EntityQuery read : query.reads()) {
        checkReady(read);
      }
    }
  }

  @Override
  public String toString() {
    return "RepositorySupport[" + mapping.entityClass().getName() + " in table " + mapping.table() + "]";
  }

  // ------------------------------------------------------------------ the async path

  @Override
  public <A, R> CompletableFuture<R> async(Supplier<A> prepare, Function<A, CompletableFuture<R>> run) {
    A built;
    try {
      built = prepare.get();
    } catch (RuntimeException | Error e) { // a constructor's or setter's failure fails the future, as run's does
      return CompletableFuture.failedFuture(e);
    }
    return Futures.start(() -> run.apply(built));
  }

  /** A repository read on the async path, as one operation, under way until its future completes. */
  private <R> CompletableFuture<R> queryAsync(EntityQuery query, Function<Executor, CompletableFuture<R>> run) {
    return async.start(() -> listeners.observeAsync(
        OperationType.QUERY, mapping.table(), mapping.entityClass().getSimpleName(), query, () -> {
          lifecycle.checkOpen();
          checkReady(query);
          return run.apply(async.executor());
        }));
  }

  @Override
  public CompletableFuture<Optional<T>> findOneAsync(EntityQuery query) {
    return queryAsync(query, executor -> queries.findOneAsync(query, executor));
  }

  @Override
  public CompletableFuture<T> getOneAsync(EntityQuery query) {
    return queryAsync(query, executor -> queries.getOneAsync(query, executor));
  }

  @Override
  public CompletableFuture<List<T>> listAsync(EntityQuery query) {
    return queryAsync(query, executor -> queries.listAsync(query, executor));
  }

  @Override
  public CompletableFuture<Page<T>> pageAsync(EntityQuery query, PageRequest request) {
    Objects.requireNonNull(request, "request");
    return queryAsync(query, executor -> queries.pageAsync(query, request, executor));
  }

  @Override
  public <P> CompletableFuture<Optional<P>> findOneAsync(EntityQuery query, Projection<P> projection) {
    return queryAsync(query, executor -> queries.findOneAsync(query, projection, executor));
  }

  @Override
  public <P> CompletableFuture<P> getOneAsync(EntityQuery query, Projection<P> projection) {
    return queryAsync(query, executor -> queries.getOneAsync(query, projection, executor));
  }

  @Override
  public <P> CompletableFuture<List<P>> listAsync(EntityQuery query, Projection<P> projection) {
    return queryAsync(query, executor -> queries.listAsync(query, projection, executor));
  }

  @Override
  public <P> CompletableFuture<Page<P>> pageAsync(EntityQuery query, PageRequest request, Projection<P> projection) {
    Objects.requireNonNull(request, "request");
    return queryAsync(query, executor -> queries.pageAsync(query, request, projection, executor));
  }

  @Override
  public CompletableFuture<Long> countAsync(EntityQuery query) {
    return queryAsync(query, executor -> queries.countAsync(query, executor));
  }

  /**
   * A delete by query on the async path, as one operation: the matches read and deleted by the store's async calls
   * ({@link QueryDeletes#deleteAsync}); once the caller cancelled its future, no further transaction is sent.
   */
  @Override
  public CompletableFuture<Long> deleteAsync(EntityQuery query) {
    return async.startWrite(caller -> listeners.observeAsync(OperationType.DELETE_BY_QUERY, mapping.table(),
        mapping.entityClass().getSimpleName(), query, () -> {
          lifecycle.checkOpen();
          checkReady(query);
          return deletes.deleteAsync(query, channels.async(caller));
        }));
  }

  @Override
  public CompletableFuture<Boolean> existsAsync(EntityQuery query) {
    return queryAsync(query, executor -> queries.existsAsync(query, executor));
  }
}
