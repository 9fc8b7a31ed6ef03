package io.tablemapper.runtime.query;

import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.QueryKind;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.EntityQuery;
import io.tablemapper.internal.mapping.Projection;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import io.tablemapper.runtime.cache.EntityCache;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.observe.Operation;
import io.tablemapper.runtime.query.RowResults.Reading;
import io.tablemapper.runtime.values.RowReads;

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
  /** The runs that read each query. */
  private final QuerySources<T> sources;
  /** The reads a {@code @Cached} class serves from its cache. */
  private final CachedReads<T> caches;
  /** What the rows read become: entities or a projection's records. */
  private final RowResults<T> decoding;

  public EntityQueries(ReadSide side, EntityMapping<T> mapping) {
    this.side = side;
    this.mapping = mapping;
    this.sources = new QuerySources<>(side, mapping);
    this.caches = new CachedReads<>(side, mapping);
    this.decoding = new RowResults<>(side, mapping);
  }

  public Optional<T> findOne(EntityQuery query) {
    return Futures.join(findOne(query, decoding.entities(), blocking));
  }

  public <P> Optional<P> findOne(EntityQuery query, Projection<P> projection) {
    return Futures.join(findOne(query, decoding.projected(projection), blocking));
  }

  public CompletableFuture<Optional<T>> findOneAsync(EntityQuery query, Executor executor) {
    return findOne(query, decoding.entities(), async(executor));
  }

  public <P> CompletableFuture<Optional<P>> findOneAsync(EntityQuery query, Projection<P> projection,
      Executor executor) {
    return findOne(query, decoding.projected(projection), async(executor));
  }

  /** The first result of a query, from the cache when its class is cached and the query names one row. */
  private <R> CompletableFuture<Optional<R>> findOne(EntityQuery query, Reading<R> reading, Path path) {
    EntityCache cache = caches.cacheFor(query, reading.select() != null);
    List<R> found = new ArrayList<>(1);
    if (cache != null && query.pointRowKey() != null) {
      return path.read(path.cached(cache, query, 1), reading, found).thenApply(done -> found.stream().findFirst());
    }
    RowSource run = path.source(query, null, false, reading.select(), false);
    // a row the malformed-row policy leaves out reads as nothing, and the next one is read
    return Futures.loop(() -> found.isEmpty() && !run.exhausted(), () -> path.read(path.rows(run, 1), reading, found))
        .thenApply(done -> {
          run.report(found.size());
          return found.stream().findFirst();
        });
  }

  /**
   * The entity stored under these keys: the point read of a plan that names one row of the entity's table and nothing
   * else, made without a query object. The cache (a point read is one {@link CachedReads#cacheFor} serves, under the
   * same key), the events and the malformed-row policy ({@link io.tablemapper.runtime.values.RowDecoder#entity}) are
   * those of {@link #findOne(EntityQuery)}.
   */
  public Optional<T> findByKeys(String method, String plan, String partitionKey, String rowKey) {
    EntityCache cache = side.cache().of(mapping);
    if (cache != null) {
      List<TableRow> rows = caches.cached(cache, cache.key(partitionKey, rowKey, null), method, QueryKind.POINT, plan,
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

  public CompletableFuture<T> getOneAsync(EntityQuery query, Executor executor) {
    return findOneAsync(query, executor).thenApply(found -> found.orElseThrow(() -> notFound(query)));
  }

  public <P> CompletableFuture<P> getOneAsync(EntityQuery query, Projection<P> projection, Executor executor) {
    return findOneAsync(query, projection, executor).thenApply(found -> found.orElseThrow(() -> notFound(query)));
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
    return Futures.join(list(query, decoding.entities(), blocking));
  }

  public <P> List<P> list(EntityQuery query, Projection<P> projection) {
    return Futures.join(list(query, decoding.projected(projection), blocking));
  }

  public CompletableFuture<List<T>> listAsync(EntityQuery query, Executor executor) {
    return list(query, decoding.entities(), async(executor));
  }

  public <P> CompletableFuture<List<P>> listAsync(EntityQuery query, Projection<P> projection, Executor executor) {
    return list(query, decoding.projected(projection), async(executor));
  }

  /** Every result of a query up to its limit, from the cache when its class is cached and the query reads one. */
  private <R> CompletableFuture<List<R>> list(EntityQuery query, Reading<R> reading, Path path) {
    EntityCache cache = caches.cacheFor(query, reading.select() != null);
    List<R> results = new ArrayList<>();
    if (cache != null) {
      return path.read(path.cached(cache, query, StoreLimits.MAX_PAGE_SIZE), reading, results)
          .thenApply(done -> results);
    }
    RowSource run = path.source(query, null, false, reading.select(), false);
    int limit = query.limit();
    return Futures.loop(() -> !run.exhausted() && (limit == 0 || results.size() < limit),
        () -> path.read(path.rows(run, limit == 0 ? StoreLimits.MAX_PAGE_SIZE : limit - results.size()), reading,
            results))
        .thenApply(done -> {
          run.report(results.size());
          return results;
        });
  }

  public Stream<T> stream(EntityQuery query) {
    return streamOf(pages(query, decoding.entities()));
  }

  public <P> Stream<P> stream(EntityQuery query, Projection<P> projection) {
    return streamOf(pages(query, decoding.projected(projection)));
  }

  /** The pages of a stream of {@code reading}'s results, read as the stream is consumed. */
  private <R> LazyPages<R> pages(EntityQuery query, Reading<R> reading) {
    return new LazyPages<>(side, mapping, query, () -> sources.source(query, null, false, reading.select(), false,
        false), reading.decoder());
  }

  private <R> Stream<R> streamOf(LazyPages<R> pages) {
    return StreamSupport.stream(pages, false).onClose(pages::close);
  }

  public Page<T> page(EntityQuery query, PageRequest request) {
    return Futures.join(page(query, request, decoding.entities(), blocking));
  }

  public <P> Page<P> page(EntityQuery query, PageRequest request, Projection<P> projection) {
    return Futures.join(page(query, request, decoding.projected(projection), blocking));
  }

  public CompletableFuture<Page<T>> pageAsync(EntityQuery query, PageRequest request, Executor executor) {
    return page(query, request, decoding.entities(), async(executor));
  }

  public <P> CompletableFuture<Page<P>> pageAsync(
      EntityQuery query, PageRequest request, Projection<P> projection, Executor executor) {
    return page(query, request, decoding.projected(projection), async(executor));
  }

  /**
   * One page of a query's results, resumed from the request's token, with a token to resume it unless the read or the
   * method's limit ended.
   */
  private <R> CompletableFuture<Page<R>> page(EntityQuery query, PageRequest request, Reading<R> reading, Path path) {
    String fingerprint = PageTokens.fingerprint(mapping, query);
    PageTokens.Token resumed =
        request.token().map(token -> PageTokens.decode(token, fingerprint, query.method())).orElse(null);
    int before = resumed == null ? 0 : resumed.returned();
    int size = query.limit() == 0 ? request.size() : Math.min(request.size(), query.limit() - before);
    RowSource run =
        path.source(query, resumed == null ? null : resumed.backendToken(), false, reading.select(), true);
    List<R> items = new ArrayList<>();
    return Futures.loop(() -> items.size() < size && !run.exhausted(),
        () -> path.read(path.rows(run, size - items.size()), reading, items))
        .thenApply(done -> {
          int total = before + items.size();
          boolean limitReached = query.limit() > 0 && total >= query.limit();
          String next = run.token() == null || limitReached
              ? null
              : PageTokens.encode(fingerprint, run.token(), query.limit() > 0 ? total : 0);
          run.report(items.size());
          return Page.of(items, next);
        });
  }

  public long count(EntityQuery query) {
    return Futures.join(count(query, blocking));
  }

  public CompletableFuture<Long> countAsync(EntityQuery query, Executor executor) {
    return count(query, async(executor));
  }

  /** How many entities a query matches, up to its limit, reading only their keys. */
  private CompletableFuture<Long> count(EntityQuery query, Path path) {
    RowSource run = path.source(query, null, true, null, false);
    int limit = query.limit();
    long[] count = {0};
    return Futures.loop(() -> !run.exhausted() && (limit == 0 || count[0] < limit),
        () -> path.rows(run, limit == 0 ? StoreLimits.MAX_PAGE_SIZE : (int) (limit - count[0]))
            .thenAccept(rows -> count[0] += rows.size()))
        .thenApply(done -> {
          run.report((int) Math.min(count[0], Integer.MAX_VALUE));
          return count[0];
        });
  }

  public boolean exists(EntityQuery query) {
    return Futures.join(exists(query, blocking));
  }

  public CompletableFuture<Boolean> existsAsync(EntityQuery query, Executor executor) {
    return exists(query, async(executor));
  }

  /** Whether a query matches an entity, reading the keys of one at most. */
  private CompletableFuture<Boolean> exists(EntityQuery query, Path path) {
    RowSource run = path.source(query, null, true, null, false);
    boolean[] found = {false};
    return Futures.loop(() -> !found[0] && !run.exhausted(),
        () -> path.rows(run, 1).thenAccept(rows -> found[0] = !rows.isEmpty()))
        .thenApply(done -> {
          run.report(found[0] ? 1 : 0);
          return found[0];
        });
  }

  // ------------------------------------------------------------------ the two paths

  private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

  /**
   * How the steps of a read take rows from the store and make them results; every other step of a read — the
   * cache, the source, the loop, the limit, the report — is the same on both paths.
   */
  private interface Path {
    /** The rows of a query: {@link QuerySources#source}, on this path. */
    RowSource source(EntityQuery query, String startToken, boolean countOnly, List<String> select, boolean page);

    /** At most {@code max} next rows of a run. */
    CompletableFuture<List<TableRow>> rows(RowSource run, int max);

    /** The rows of a cached read ({@link CachedReads}): from the cache, or read through it. */
    CompletableFuture<List<TableRow>> cached(EntityCache cache, EntityQuery query, int pageSize);

    /** Adds what rows read as, in order, leaving out malformed rows the policy leaves out. */
    <R> CompletableFuture<Void> read(CompletableFuture<List<TableRow>> rows, Reading<R> reading, List<R> results);
  }

  /**
   * The blocking path: each step is done when it returns, on the calling thread, so its future has completed (and
   * {@link Futures#join} throws what a step threw, as it is). The rows of entities with {@code @Large} values are
   * read in parallel on the mapper's read pool ({@link RowResults#read}). It holds no state of a call, so one
   * serves them all.
   */
  private final Path blocking = new Path() {
    @Override
    public RowSource source(
        EntityQuery query, String startToken, boolean countOnly, List<String> select, boolean page) {
      return sources.source(query, startToken, countOnly, select, page, false);
    }

    @Override
    public CompletableFuture<List<TableRow>> rows(RowSource run, int max) {
      return CompletableFuture.completedFuture(run.next(max));
    }

    @Override
    public CompletableFuture<List<TableRow>> cached(EntityCache cache, EntityQuery query, int pageSize) {
      return CompletableFuture.completedFuture(caches.cached(cache, query, pageSize));
    }

    @Override
    public <R> CompletableFuture<Void> read(
        CompletableFuture<List<TableRow>> rows, Reading<R> reading, List<R> results) {
      decoding.read(rows.join(), reading, results);
      return DONE;
    }
  };

  /**
   * The store's async path: requests made with the store's async calls on {@code executor}, their rows made whole
   * and their {@code @Large} values fetched without holding a thread ({@link RowResults#readyToDecode}), each
   * counting into the operation current when the read started.
   */
  private Path async(Executor executor) {
    Operation operation = Operation.current();
    RowReads reads = side.decoder().reads(executor, operation);
    return new Path() {
      @Override
      public RowSource source(
          EntityQuery query, String startToken, boolean countOnly, List<String> select, boolean page) {
        return sources.source(query, startToken, countOnly, select, page, true);
      }

      @Override
      public CompletableFuture<List<TableRow>> rows(RowSource run, int max) {
        return run.nextAsync(max, executor);
      }

      @Override
      public CompletableFuture<List<TableRow>> cached(EntityCache cache, EntityQuery query, int pageSize) {
        return caches.cachedAsync(cache, query, pageSize, executor);
      }

      @Override
      public <R> CompletableFuture<Void> read(
          CompletableFuture<List<TableRow>> rows, Reading<R> reading, List<R> results) {
        return decoding.readyToDecode(rows, reads, executor, operation, results, reading);
      }
    };
  }

  /**
   * The rows a delete by query reads: the matches of {@code query}, selecting only {@code select}, on the async path
   * when {@code async}.
   */
  public RowSource deleteSource(EntityQuery query, List<String> select, boolean async) {
    return sources.source(query, null, false, select, false, async);
  }

  /** The mapping of a row this repository's query found: its type's, in the table it was read from. */
  public EntityMapping<T> mappingOfRow(TableRow row) {
    return decoding.mappingOf(row);
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
}
