package io.tablemapper.runtime.query;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.OperationType;
import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.PartialDeleteException;
import io.tablemapper.api.QueryEvent;
import io.tablemapper.api.QueryKind;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.EntityQuery;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.internal.mapping.Projection;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteResult;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import io.tablemapper.runtime.cache.EntityCache;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.values.LargeValues;
import io.tablemapper.runtime.MapperCore;
import io.tablemapper.runtime.observe.Operation;
import io.tablemapper.runtime.cache.ReadCache;
import io.tablemapper.runtime.values.RowReads;
import io.tablemapper.runtime.values.WholeRow;

/**
 * The query side of a repository: runs planned queries ({@link QueryRun}) to the shape a method returns — one
 * entity, a list, a lazy stream, a page, a count — and reports each to the listener. The first four also come as
 * the records of a {@link Projection}, read from rows that hold only its properties.
 *
 * @param <T> the entity class
 */
public final class EntityQueries<T> {
  private final ReadSide side;
  private final EntityMapping<T> mapping;

  public EntityQueries(ReadSide side, EntityMapping<T> mapping) {
    this.side = side;
    this.mapping = mapping;
  }

  public Optional<T> findOne(EntityQuery query) {
    return findOne(query, entities());
  }

  public <P> Optional<P> findOne(EntityQuery query, Projection<P> projection) {
    return findOne(query, projected(projection));
  }

  private <R> Optional<R> findOne(EntityQuery query, Reading<R> reading) {
    EntityCache cache = cacheFor(query, reading);
    if (cache != null && query.pointRowKey() != null) {
      List<TableRow> rows = cached(cache, query, 1);
      return rows.isEmpty() ? Optional.empty() : Optional.ofNullable(reading.decoder().apply(rows.get(0)));
    }
    RowSource run = run(query, null, reading);
    R result = null;
    while (result == null && !run.exhausted()) {
      for (TableRow row : run.next(1)) {
        result = reading.decoder().apply(row); // null: a malformed row the policy leaves out
      }
    }
    run.report(result == null ? 0 : 1);
    return Optional.ofNullable(result);
  }

  /**
   * The entity stored under these keys: the point read of a plan that names one row of the entity's table and nothing
   * else, made without a query object. The cache (a point read is one {@link #cacheFor} serves, under the same key),
   * the events and the malformed-row policy ({@link MapperCore#entity}) are those of {@link #findOne(EntityQuery)}.
   */
  public Optional<T> findByKeys(String method, String plan, String partitionKey, String rowKey) {
    EntityCache cache = side.cache().of(mapping);
    if (cache != null) {
      List<TableRow> rows = cached(cache, cache.key(partitionKey, rowKey, null), method, QueryKind.POINT, plan,
          () -> new PointRun<>(side, mapping, method, plan, partitionKey, rowKey), 1);
      return rows.isEmpty() ? Optional.empty() : Optional.ofNullable(side.decoder().entity(mapping, rows.get(0)));
    }
    return Optional.ofNullable(PointRun.entity(side, mapping, method, plan, partitionKey, rowKey));
  }

  public T getByKeys(String method, String plan, String partitionKey, String rowKey) {
    return findByKeys(method, plan, partitionKey, rowKey).orElseThrow(() -> notFound(method, plan,
        "PartitionKey '" + partitionKey + "', RowKey '" + rowKey + "'"));
  }

  public T getOne(EntityQuery query) {
    return findOne(query).orElseThrow(() -> notFound(query));
  }

  public <P> P getOne(EntityQuery query, Projection<P> projection) {
    return findOne(query, projection).orElseThrow(() -> notFound(query));
  }

  private EntityNotFoundException notFound(EntityQuery query) {
    return notFound(query.method(), query.plan(), keys(query));
  }

  private EntityNotFoundException notFound(String method, String plan, String keys) {
    return new EntityNotFoundException(
        method + " found no " + mapping.entityClass().getSimpleName() + " in table " + mapping.table() + " (" + keys
            + "); plan: " + plan);
  }

  public List<T> list(EntityQuery query) {
    return list(query, entities());
  }

  public <P> List<P> list(EntityQuery query, Projection<P> projection) {
    return list(query, projected(projection));
  }

  private <R> List<R> list(EntityQuery query, Reading<R> reading) {
    EntityCache cache = cacheFor(query, reading);
    if (cache != null) {
      List<R> results = new ArrayList<>();
      for (TableRow row : cached(cache, query, StoreLimits.MAX_PAGE_SIZE)) {
        addRead(results, reading, row);
      }
      return results;
    }
    RowSource run = run(query, null, reading);
    int limit = query.limit();
    List<R> results = new ArrayList<>();
    while (!run.exhausted() && (limit == 0 || results.size() < limit)) {
      addReads(results, reading, run.next(limit == 0 ? StoreLimits.MAX_PAGE_SIZE : limit - results.size()));
    }
    run.report(results.size());
    return results;
  }

  public Stream<T> stream(EntityQuery query) {
    return streamOf(new LazyPages<>(query, entities()));
  }

  public <P> Stream<P> stream(EntityQuery query, Projection<P> projection) {
    return streamOf(new LazyPages<>(query, projected(projection)));
  }

  private <R> Stream<R> streamOf(LazyPages<R> pages) {
    return StreamSupport.stream(pages, false).onClose(pages::close);
  }

  public Page<T> page(EntityQuery query, PageRequest request) {
    return page(query, request, entities());
  }

  public <P> Page<P> page(EntityQuery query, PageRequest request, Projection<P> projection) {
    return page(query, request, projected(projection));
  }

  private <R> Page<R> page(EntityQuery query, PageRequest request, Reading<R> reading) {
    String fingerprint = PageTokens.fingerprint(mapping, query);
    PageTokens.Token resumed =
        request.token().map(token -> PageTokens.decode(token, fingerprint, query.method())).orElse(null);
    int before = resumed == null ? 0 : resumed.returned();
    int size = query.limit() == 0 ? request.size() : Math.min(request.size(), query.limit() - before);
    RowSource run = source(query, resumed == null ? null : resumed.backendToken(), false, reading.select(), true);
    List<R> items = new ArrayList<>();
    while (items.size() < size && !run.exhausted()) {
      addReads(items, reading, run.next(size - items.size()));
    }
    return endPage(query, fingerprint, before, items, run);
  }

  /** The page of what a read returned, with a token to resume it unless the read or the method's limit ended. */
  private static <R> Page<R> endPage(EntityQuery query, String fingerprint, int before, List<R> items, RowSource run) {
    int total = before + items.size();
    boolean limitReached = query.limit() > 0 && total >= query.limit();
    String next = run.token() == null || limitReached
        ? null
        : PageTokens.encode(fingerprint, run.token(), query.limit() > 0 ? total : 0);
    run.report(items.size());
    return Page.of(items, next);
  }

  // ------------------------------------------------------------------ the async path

  public CompletableFuture<Optional<T>> findOneAsync(EntityQuery query, Executor executor) {
    return findOneAsync(query, entities(), executor);
  }

  public <P> CompletableFuture<Optional<P>> findOneAsync(EntityQuery query, Projection<P> projection,
      Executor executor) {
    return findOneAsync(query, projected(projection), executor);
  }

  public CompletableFuture<T> getOneAsync(EntityQuery query, Executor executor) {
    return findOneAsync(query, executor).thenApply(found -> found.orElseThrow(() -> notFound(query)));
  }

  public <P> CompletableFuture<P> getOneAsync(EntityQuery query, Projection<P> projection, Executor executor) {
    return findOneAsync(query, projection, executor).thenApply(found -> found.orElseThrow(() -> notFound(query)));
  }

  public CompletableFuture<List<T>> listAsync(EntityQuery query, Executor executor) {
    return listAsync(query, entities(), executor);
  }

  public <P> CompletableFuture<List<P>> listAsync(EntityQuery query, Projection<P> projection, Executor executor) {
    return listAsync(query, projected(projection), executor);
  }

  public CompletableFuture<Page<T>> pageAsync(EntityQuery query, PageRequest request, Executor executor) {
    return pageAsync(query, request, entities(), executor);
  }

  public <P> CompletableFuture<Page<P>> pageAsync(
      EntityQuery query, PageRequest request, Projection<P> projection, Executor executor) {
    return pageAsync(query, request, projected(projection), executor);
  }

  private <R> CompletableFuture<Optional<R>> findOneAsync(EntityQuery query, Reading<R> reading, Executor executor) {
    EntityCache cache = cacheFor(query, reading);
    Operation operation = Operation.current();
    List<R> found = new ArrayList<>(1);
    RowReads reads = side.decoder().reads(executor, operation);
    if (cache != null && query.pointRowKey() != null) {
      return readyToDecode(cachedAsync(cache, query, 1, executor), reads, executor, operation, found, reading)
          .thenApply(done -> found.stream().findFirst());
    }
    RowSource run = asyncSource(query, null, false, reading.select(), false);
    return Futures.loop(() -> found.isEmpty() && !run.exhausted(),
        () -> readyToDecode(run.nextAsync(1, executor), reads, executor, operation, found, reading))
        .thenApply(done -> {
          run.report(found.size());
          return found.stream().findFirst();
        });
  }

  private <R> CompletableFuture<List<R>> listAsync(EntityQuery query, Reading<R> reading, Executor executor) {
    EntityCache cache = cacheFor(query, reading);
    Operation operation = Operation.current();
    List<R> results = new ArrayList<>();
    RowReads reads = side.decoder().reads(executor, operation);
    if (cache != null) {
      return readyToDecode(cachedAsync(cache, query, StoreLimits.MAX_PAGE_SIZE, executor), reads, executor, operation,
          results, reading).thenApply(done -> results);
    }
    RowSource run = asyncSource(query, null, false, reading.select(), false);
    int limit = query.limit();
    return Futures.loop(() -> !run.exhausted() && (limit == 0 || results.size() < limit),
        () -> readyToDecode(
            run.nextAsync(limit == 0 ? StoreLimits.MAX_PAGE_SIZE : limit - results.size(), executor), reads, executor,
            operation, results, reading))
        .thenApply(done -> {
          run.report(results.size());
          return results;
        });
  }

  private <R> CompletableFuture<Page<R>> pageAsync(
      EntityQuery query, PageRequest request, Reading<R> reading, Executor executor) {
    String fingerprint = PageTokens.fingerprint(mapping, query);
    PageTokens.Token resumed =
        request.token().map(token -> PageTokens.decode(token, fingerprint, query.method())).orElse(null);
    int before = resumed == null ? 0 : resumed.returned();
    int size = query.limit() == 0 ? request.size() : Math.min(request.size(), query.limit() - before);
    RowSource run =
        asyncSource(query, resumed == null ? null : resumed.backendToken(), false, reading.select(), true);
    Operation operation = Operation.current();
    List<R> items = new ArrayList<>();
    RowReads reads = side.decoder().reads(executor, operation);
    return Futures.loop(() -> items.size() < size && !run.exhausted(),
        () -> readyToDecode(run.nextAsync(size - items.size(), executor), reads, executor, operation, items, reading))
        .thenApply(done -> endPage(query, fingerprint, before, items, run));
  }

  public CompletableFuture<Long> countAsync(EntityQuery query, Executor executor) {
    RowSource run = asyncSource(query, null, true, null, false);
    int limit = query.limit();
    long[] count = {0};
    return Futures.loop(() -> !run.exhausted() && (limit == 0 || count[0] < limit),
        () -> run.nextAsync(limit == 0 ? StoreLimits.MAX_PAGE_SIZE : (int) (limit - count[0]), executor)
            .thenAccept(rows -> count[0] += rows.size()))
        .thenApply(done -> {
          run.report((int) Math.min(count[0], Integer.MAX_VALUE));
          return count[0];
        });
  }

  public CompletableFuture<Boolean> existsAsync(EntityQuery query, Executor executor) {
    RowSource run = asyncSource(query, null, true, null, false);
    boolean[] found = {false};
    return Futures.loop(() -> !found[0] && !run.exhausted(),
        () -> run.nextAsync(1, executor).thenAccept(rows -> found[0] = !rows.isEmpty()))
        .thenApply(done -> {
          run.report(found[0] ? 1 : 0);
          return found[0];
        });
  }

  /**
   * The rows of a page on the async path made ready to decode with no I/O: the values of their {@code @Large}
   * properties fetched by the store's async calls, several rows and several values of a row at once
   * ({@link LargeValues#completeAll}); the rows as they are for an entity without such properties.
   */
  private CompletableFuture<List<TableRow>> valuesInPlace(
      CompletableFuture<List<TableRow>> page, Executor executor, Operation operation) {
    // a row read again counts into the read's operation, from whatever thread completes the page
    return page.thenCompose(rows -> Operation.within(operation,
        () -> side.large().completeAll(this::mappingOf, rows, executor)));
  }

  /** {@link #source} for the async path: a union's reads then start when it is first read, holding no pool thread. */
  private RowSource asyncSource(
      EntityQuery query, String startToken, boolean countOnly, List<String> select, boolean page) {
    if (mapping.tableTemplate() != null || query.overlapping() && !query.matchesNothing()) {
      // the tables of a period and the branches of an Or are merged as on the blocking path (one rule for which
      // reads a query makes and how they merge), each read by its own async requests (MergeRun.nextAsync)
      return source(query, startToken, countOnly, select, page, true);
    }
    if (query.reads() != null || query.matchesNothing()) {
      return new UnionRun<>(side, mapping, query,
          read -> new QueryRun<>(side, mapping, read, null, countOnly, select), true);
    }
    return new QueryRun<>(side, mapping, query, startToken, countOnly, select);
  }

  /**
   * How rows become results.
   *
   * @param select the properties a projection reads, or null for whole entities
   * @param decoder the result of a row, made whole now where it must be (the blocking path)
   * @param ofWhole the result of a row the async path made whole before ({@link MapperCore#madeWhole}; null: the row
   *     needed nothing), which decodes without I/O
   */
  private record Reading<R>(
      List<String> select, Function<TableRow, R> decoder, BiFunction<TableRow, WholeRow, R> ofWhole) {

    static <R> Reading<R> of(List<String> select, BiFunction<TableRow, WholeRow, R> decode) {
      return new Reading<>(select, row -> decode.apply(row, null), decode);
    }
  }

  /**
   * Whole entities, each read by the mapping of its type; null for a malformed row the mapper's
   * {@link io.tablemapper.api.MalformedRowPolicy} leaves out ({@link MapperCore#read}).
   */
  private Reading<T> entities() {
    return Reading.of(null, (row, made) -> side.decoder().entity(mappingOf(row), row, made));
  }

  /**
   * The mapping a row is read with: the entity's, or for a table per period that of the row's own table, which its
   * keys name (encrypted values are bound to it).
   */
  private EntityMapping<T> mappingOf(TableRow row) {
    return mapping.tableTemplate() == null ? mapping : mapping.forKeys(row.partitionKey(), row.rowKey());
  }

  /** A projection's records, of rows that hold only its properties; null for a malformed row left out. */
  private <P> Reading<P> projected(Projection<P> projection) {
    return Reading.of(projection.properties(),
        (row, made) -> side.decoder().read(mapping, row, made,
            each -> projection.read(side.decoder().decrypted(mappingOf(each), each), side.context())));
  }

  /**
   * Adds what rows read as, in order, leaving out malformed rows the policy leaves out; the rows of entities with
   * {@code @Large} values are read in parallel on the mapper's read pool ({@link LargeValues#readAll}).
   */
  private <R> void addReads(List<R> results, Reading<R> reading, List<TableRow> rows) {
    for (R result : LargeValues.readAll(mapping, rows, reading.decoder(), side.pool()::executor)) {
      if (result != null) {
        results.add(result);
      }
    }
  }

  /** Adds what a row reads as, unless it is a malformed row the policy leaves out. */
  private static <R> void addRead(List<R> results, Reading<R> reading, TableRow row) {
    R result = reading.decoder().apply(row);
    if (result != null) {
      results.add(result);
    }
  }

  /**
   * The async path's last steps of a page: its rows made whole at once ({@link MapperCore#madeWhole}: the parts of
   * its wide entities read together), then the values of their {@code @Large} properties fetched
   * ({@link #valuesInPlace}), both with the store's async requests, then the rows decoded in order, without I/O
   * ({@link LargeValues#inPlace}), into {@code results} (leaving out malformed rows the policy leaves out).
   */
  private <R> CompletableFuture<Void> readyToDecode(CompletableFuture<List<TableRow>> page, RowReads reads,
      Executor executor, Operation operation, List<R> results, Reading<R> reading) {
    return page.thenCompose(rows -> side.decoder().madeWhole(rows, row -> mappingOf(row), reads).thenCompose(made -> {
      // the rows whose values to fetch: each whole (a wide entity's head joined with its parts), none that is gone
      // or failed to be made whole (its decoder meets that first, as on the blocking path)
      List<TableRow> whole = new ArrayList<>(rows.size());
      for (int i = 0; i < rows.size(); i++) {
        WholeRow each = made == null ? null : made[i];
        if (each == null) {
          whole.add(rows.get(i));
        } else if (each.row() != null && each.failure() == null) {
          whole.add(each.row());
        }
      }
      return valuesInPlace(CompletableFuture.completedFuture(whole), executor, operation).thenAccept(ready ->
          LargeValues.inPlace(() -> {
            int next = 0;
            for (int i = 0; i < rows.size(); i++) {
              WholeRow each = made == null ? null : made[i];
              R result;
              if (each == null) {
                result = reading.ofWhole().apply(ready.get(next++), null);
              } else if (each.row() != null && each.failure() == null) {
                result = reading.ofWhole().apply(rows.get(i), new WholeRow(ready.get(next++), null));
              } else {
                result = reading.ofWhole().apply(rows.get(i), each);
              }
              if (result != null) {
                results.add(result);
              }
            }
          }));
    }));
  }

  private RowSource run(EntityQuery query, String startToken, Reading<?> reading) {
    return source(query, startToken, false, reading.select(), false);
  }

  /**
   * The rows of a query: one read, or the merge of several ({@code In} on a key component, the branches of an
   * {@code Or}, or nothing at all for an {@code In} with an empty collection).
   */
  private RowSource source(EntityQuery query, String startToken, boolean countOnly, List<String> select) {
    return source(query, startToken, countOnly, select, false);
  }

  /**
   * {@link #source(EntityQuery, String, boolean, List)} for a page when {@code page}: a page's token cannot resume a
   * read of several tables of a table per period, so such a page is refused.
   */
  private RowSource source(
      EntityQuery query, String startToken, boolean countOnly, List<String> select, boolean page) {
    return source(query, startToken, countOnly, select, page, false);
  }

  /** {@link #source(EntityQuery, String, boolean, List, boolean)}, for the async path when {@code async}. */
  private RowSource source(
      EntityQuery query, String startToken, boolean countOnly, List<String> select, boolean page, boolean async) {
    if (mapping.tableTemplate() != null) {
      return periodSource(query, startToken, countOnly, select, page);
    }
    if (query.overlapping() && !query.matchesNothing()) {
      // a count reads a branch through an index whole (one row at most): a keys-only copy row has the copy's keys,
      // and the merge must see the entity's to count an entity that two branches match once
      return MergeRun.union(side, mapping, query,
          read -> new QueryRun<>(side, mapping, read, null, countOnly && read.index() == null, select), !async);
    }
    if (query.reads() != null || query.matchesNothing()) {
      return new UnionRun<>(side, mapping, query, read -> new QueryRun<>(side, mapping, read, null, countOnly, select));
    }
    return new QueryRun<>(side, mapping, query, startToken, countOnly, select);
  }

  /**
   * The rows of a query of a table per period: one read of one table as for any entity (its pages resume), or the
   * merge of one read per table and per read of an {@code In} ({@link MergeRun}).
   */
  private RowSource periodSource(
      EntityQuery query, String startToken, boolean countOnly, List<String> select, boolean page) {
    List<QueryRun<?>> runs = new ArrayList<>();
    List<String> tables = new ArrayList<>();
    if (!query.matchesNothing()) {
      for (EntityQuery read : query.reads() == null ? List.of(query) : query.reads()) {
        for (String table : side.periods().of(mapping, read)) {
          runs.add(new QueryRun<>(side, mapping.inTable(table), read, startToken,
              countOnly && (!query.overlapping() || read.index() == null), select));
          if (!tables.contains(table)) {
            tables.add(table);
          }
        }
      }
    }
    if (runs.size() == 1) {
      return runs.get(0);
    }
    if (startToken != null || page) {
      throw new TableMapperException(query.method() + " reads " + tables.size() + " tables of "
          + mapping.tableTemplate() + " (" + String.join(", ", tables) + "), and a page cannot resume a read of"
          + " several tables; bind '" + mapping.tableTemplate().property() + "' to one "
          + mapping.tableTemplate().unit().modifier() + ", or return a List or a Stream, which merge them");
    }
    return new MergeRun(side, query, tables.isEmpty() ? mapping.table() : String.join(",", tables), runs, false);
  }

  public long count(EntityQuery query) {
    RowSource run = source(query, null, true, null);
    int limit = query.limit();
    long count = 0;
    while (!run.exhausted() && (limit == 0 || count < limit)) {
      count += run.next(limit == 0 ? StoreLimits.MAX_PAGE_SIZE : (int) (limit - count)).size();
    }
    run.report((int) Math.min(count, Integer.MAX_VALUE));
    return count;
  }

  public boolean exists(EntityQuery query) {
    RowSource run = source(query, null, true, null);
    boolean found = false;
    while (!found && !run.exhausted()) {
      found = !run.next(1).isEmpty();
    }
    run.report(found ? 1 : 0);
    return found;
  }

  /**
   * The rows a delete by query reads: the matches of {@code query}, selecting only {@code select}, on the async path
   * when {@code async}.
   */
  public RowSource deleteSource(EntityQuery query, List<String> select, boolean async) {
    return async ? asyncSource(query, null, false, select, false) : source(query, null, false, select);
  }

  /** The mapping of a row this repository's query found: its type's, in the table it was read from. */
  public EntityMapping<T> mappingOfRow(TableRow row) {
    return mappingOf(row);
  }

  /**
   * The cache of a {@code @Cached} class for a query it may serve — one PartitionKey of its table, no filter, no
   * limit: a point read, a RowKey range or the whole partition — else null. A projection reads the store, and its rows,
   * which lack properties, never enter the cache.
   */
  private EntityCache cacheFor(EntityQuery query, Reading<?> reading) {
    if (reading.select() != null || query.partitionKey() == null || query.filter() != null || query.limit() > 1
        || query.limit() == 1 && query.pointRowKey() == null) {
      return null;
    }
    IndexMapping<T> index = query.index() == null ? null : mapping.indexNamed(query.index());
    if (index != null && index.remote()) {
      return null; // the cache holds partitions of the entity's table, and a remote read checks every entity anyway
    }
    if (mapping.tableTemplate() != null) {
      return null; // a table per period: the cache of each table would have to be found per read
    }
    return side.cache().of(mapping);
  }

  /** What a query reads of its partition: its point RowKey, or its RowKey range (null: the whole partition). */
  private static String rowsRead(EntityQuery query) {
    if (query.pointRowKey() != null) {
      return query.pointRowKey();
    }
    if (query.rowFrom() == null && query.rowTo() == null) {
      return null;
    }
    // not a RowKey (it holds a control character), so it never equals a point read's key
    return (query.rowFrom() == null ? "" : (query.rowFrom().inclusive() ? "[" : "(") + query.rowFrom().key())
        + '\u0000' + (query.rowTo() == null ? "" : query.rowTo().key() + (query.rowTo().inclusive() ? "]" : ")"));
  }

  /**
   * The rows of a point read, a range or a whole partition, from the cache or else from the store (then cached under
   * the key taken before the store was read). A hit is reported to the listener as a query that made no request.
   */
  private List<TableRow> cached(EntityCache cache, EntityQuery query, int pageSize) {
    return cached(cache, cacheKey(cache, query), query.method(), query.kind(), query.plan(),
        () -> new QueryRun<>(side, mapping, query, null, false), pageSize);
  }

  /**
   * {@link #cached(EntityCache, EntityQuery, int)}: the rows under {@code key}, or else those a run of the store reads
   * (started only then), the blocking way.
   */
  private List<TableRow> cached(EntityCache cache, ReadCache.Key key, String method, QueryKind kind, String plan,
      Supplier<RowSource> store, int pageSize) {
    List<TableRow> rows = hit(cache, key, method, kind, plan);
    return rows != null ? rows
        : Futures.join(readThrough(cache, key, store.get(), pageSize, (run, max) ->
            CompletableFuture.completedFuture(run.next(max))));
  }

  /**
   * {@link #cached(EntityCache, EntityQuery, int)} on the store's async path: a hit completes at once, without a
   * request or a thread; a miss reads with {@link RowSource#nextAsync} and is cached under the key taken here, before
   * its first request, as on the blocking path ({@link #readThrough}).
   */
  private CompletableFuture<List<TableRow>> cachedAsync(
      EntityCache cache, EntityQuery query, int pageSize, Executor executor) {
    ReadCache.Key key = cacheKey(cache, query);
    List<TableRow> rows = hit(cache, key, query.method(), query.kind(), query.plan());
    return rows != null ? CompletableFuture.completedFuture(rows)
        : readThrough(cache, key, new QueryRun<>(side, mapping, query, null, false), pageSize,
            (run, max) -> run.nextAsync(max, executor));
  }

  /** The key a query's rows are cached under, in its partition's current write generation: take it before reading. */
  private static ReadCache.Key cacheKey(EntityCache cache, EntityQuery query) {
    return cache.key(query.partitionKey(), rowsRead(query), query.index());
  }

  /** The rows cached under {@code key}, reported as a query that made no request; null when none are. */
  private List<TableRow> hit(EntityCache cache, ReadCache.Key key, String method, QueryKind kind, String plan) {
    List<TableRow> rows = cache.get(key);
    if (rows != null) {
      QueryRun.report(side, method, kind, plan, mapping.table(), 0, rows.size(), 0);
    }
    return rows;
  }

  /**
   * A miss, on either path: every row the run reads, page after page ({@code pages}: at once on the blocking path,
   * by the store's async requests on the other), reported, then cached under {@code key} — taken before the first
   * request, so a write to the partition that ends meanwhile files these possibly older rows where no later read
   * looks. A failed read caches nothing.
   */
  private CompletableFuture<List<TableRow>> readThrough(
      EntityCache cache, ReadCache.Key key, RowSource run, int pageSize, Pages pages) {
    List<TableRow> read = new ArrayList<>();
    return Futures.loop(() -> !run.exhausted(), () -> pages.next(run, pageSize).thenAccept(read::addAll))
        .thenApply(done -> {
          run.report(read.size());
          cache.put(key, read);
          return read;
        });
  }

  /** How a read through the cache takes its next rows: {@link RowSource#next} or {@link RowSource#nextAsync}. */
  private interface Pages {
    CompletableFuture<List<TableRow>> next(RowSource run, int max);
  }

  private static String keys(EntityQuery query) {
    StringBuilder text = new StringBuilder();
    text.append(query.partitionKey() == null ? "every partition" : "PartitionKey '" + query.partitionKey() + "'");
    if (query.pointRowKey() != null) {
      text.append(", RowKey '").append(query.pointRowKey()).append('\'');
    } else {
      if (query.rowFrom() != null) {
        text.append(", RowKey ").append(query.rowFrom().inclusive() ? ">= '" : "> '")
            .append(query.rowFrom().key()).append('\'');
      }
      if (query.rowTo() != null) {
        text.append(", RowKey ").append(query.rowTo().inclusive() ? "<= '" : "< '")
            .append(query.rowTo().key()).append('\'');
      }
    }
    if (query.index() != null) {
      text.append(", via index '").append(query.index()).append('\'');
    }
    if (query.filter() != null) {
      text.append(", where ").append(query.filter());
    }
    return text.toString();
  }

  /**
   * The source of {@link #stream}: reads the first backend page when the stream is first consumed, and from then on
   * the next page ahead, on the store's async path, while the caller consumes the current one — one page ahead at
   * most. Each page is an operation for the mapper's listeners. A page that failed fails the stream at its first
   * element, after the rows before it; closing the stream drops the page ahead and reads no more. The reads of a union
   * all start with the first page, so a union has no page ahead.
   */
  private final class LazyPages<R> extends Spliterators.AbstractSpliterator<R> {
    private final EntityQuery query;
    private final Reading<R> reading;
    private final ArrayDeque<TableRow> buffer = new ArrayDeque<>();
    private RowSource run;
    private int returned;
    /** The next page, being read while the caller consumes the buffer; null when none is. */
    private CompletableFuture<List<TableRow>> ahead;
    private volatile boolean closed;

    LazyPages(EntityQuery query, Reading<R> reading) {
      super(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL);
      this.query = query;
      this.reading = reading;
    }

    @Override
    public boolean tryAdvance(Consumer<? super R> action) {
      R result = null;
      while (result == null) {
        while (buffer.isEmpty()) {
          if (ahead != null) {
            CompletableFuture<List<TableRow>> page = ahead;
            ahead = null;
            buffer.addAll(Futures.join(page)); // a failed page fails here, at its first element
            readAhead();
            continue;
          }
          if (closed || run != null && run.exhausted() || query.limit() > 0 && returned >= query.limit()) {
            return false;
          }
          side.listeners().observe(OperationType.QUERY, mapping.table(), mapping.entityClass().getSimpleName(), query,
              this::readPage);
          readAhead();
        }
        result = reading.decoder().apply(buffer.poll()); // null: a malformed row the policy leaves out
      }
      returned++;
      action.accept(result);
      return true;
    }

    /** Reads the next page into the buffer: one operation for the mapper's listeners. */
    private Void readPage() {
      if (run == null) {
        run = run(query, null, reading);
      }
      if (!run.exhausted()) {
        int limit = query.limit();
        List<TableRow> rows = run.next(limit == 0 ? StoreLimits.MAX_PAGE_SIZE : limit - returned);
        run.report(rows.size());
        buffer.addAll(rows);
      }
      return null;
    }

    /** Starts reading the page after the buffer's, if one may follow: an operation of its own, on the async path. */
    private void readAhead() {
      int limit = query.limit();
      int wanted = limit == 0 ? StoreLimits.MAX_PAGE_SIZE : limit - returned - buffer.size();
      if (closed || !(run instanceof QueryRun) || run.exhausted() || wanted <= 0) {
        return;
      }
      RowSource source = run;
      Executor executor = side.async().executor();
      ahead = side.async().start(() -> side.listeners().observeAsync(OperationType.QUERY, mapping.table(),
          mapping.entityClass().getSimpleName(), query, () -> source.nextAsync(wanted, executor).thenApply(rows -> {
            source.report(rows.size());
            return rows;
          })));
    }

    /** Drops the page ahead, if any; the stream reads nothing more. */
    void close() {
      closed = true;
      CompletableFuture<List<TableRow>> page = ahead;
      if (page != null) {
        page.cancel(false);
      }
    }
  }
}
