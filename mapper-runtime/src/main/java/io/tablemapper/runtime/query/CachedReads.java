package io.tablemapper.runtime.query;

import io.tablemapper.api.QueryKind;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.EntityQuery;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import io.tablemapper.runtime.cache.EntityCache;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.cache.ReadCache;

/**
 * The reads of a {@code @Cached} entity class that its cache serves — one PartitionKey of its table, no filter, no
 * limit: a point read, a RowKey range or the whole partition — on either path: a hit from the cache (reported as a
 * query that made no request), a miss read through to the store and cached under the key taken before it was read.
 *
 * @param <T> the entity class
 */
final class CachedReads<T> {
  private final ReadSide side;
  private final EntityMapping<T> mapping;

  CachedReads(ReadSide side, EntityMapping<T> mapping) {
    this.side = side;
    this.mapping = mapping;
  }

  /**
   * The cache of a {@code @Cached} class for a query it may serve — one PartitionKey of its table, no filter, no
   * limit: a point read, a RowKey range or the whole partition — else null. A projection reads the store, and its rows,
   * which lack properties, never enter the cache.
   */
  EntityCache cacheFor(EntityQuery query, boolean projected) {
    if (projected || query.partitionKey() == null || query.filter() != null || query.limit() > 1
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
  List<TableRow> cached(EntityCache cache, EntityQuery query, int pageSize) {
    return cached(cache, cacheKey(cache, query), query.method(), query.kind(), query.plan(),
        () -> new QueryRun<>(side, mapping, query, null, false), pageSize);
  }

  /**
   * {@link #cached(EntityCache, EntityQuery, int)}: the rows under {@code key}, or else those a run of the store reads
   * (started only then), the blocking way.
   */
  List<TableRow> cached(EntityCache cache, ReadCache.Key key, String method, QueryKind kind, String plan,
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
  CompletableFuture<List<TableRow>> cachedAsync(
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
      RunRequests.report(side, method, kind, plan, mapping.table(), 0, rows.size(), 0);
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
}
