package io.tablemapper.runtime;

import io.tablemapper.api.QueryEvent;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.EntityQuery;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableRow;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * The run of a query whose reads may address the same entities: the branches of an {@code Or}
 * ({@link EntityQuery#overlapping()}), each a point, a range or a partition with its own filter. Each read returns
 * its rows in key order, so a k-way merge by (PartitionKey, RowKey) gives the union in key order; a row whose keys
 * another read returned too is the same entity and is returned once. Reads that
 * {@linkplain EntityQuery#matchesNothing() match nothing} make no request, and reads of the same keys and filter are
 * read once.
 *
 * <p>With a read pool ({@code readParallelism} above 1) every read starts at once on the pool, each reading at most
 * the query's limit (all its matches when there is none); without one, each read is asked for a page only when the
 * merge needs its next row. A {@link QueryEvent} reports the whole union: the rows and requests of every read.
 *
 * @param <T> the entity class
 */
final class MergeRun<T> implements RowSource {
  private static final Comparator<TableRow> KEY_ORDER =
      Comparator.comparing(TableRow::partitionKey).thenComparing(TableRow::rowKey);

  private final MapperCore core;
  private final EntityQuery query;
  private final String table;
  private final List<QueryRun<T>> runs = new ArrayList<>();
  private final List<ArrayDeque<TableRow>> heads = new ArrayList<>();
  private final List<CompletableFuture<List<TableRow>>> prefetched;
  private boolean taken;
  private int rowsRead;
  private int requests;

  /**
   * Starts the reads of a union.
   *
   * @param start the run of one read
   */
  MergeRun(MapperCore core, EntityMapping<T> mapping, EntityQuery query, Function<EntityQuery, QueryRun<T>> start) {
    this.core = core;
    this.query = query;
    this.table = mapping.table();
    List<EntityQuery> reads = new ArrayList<>();
    for (EntityQuery read : query.reads()) {
      if (!read.matchesNothing()) {
        reads.add(read);
      }
    }
    for (EntityQuery read : UnionRun.distinctInKeyOrder(reads)) {
      runs.add(start.apply(read));
      heads.add(new ArrayDeque<>());
    }
    Executor pool = runs.size() > 1 ? core.readPool() : null;
    if (pool == null) {
      this.prefetched = null;
      return;
    }
    int wanted = query.limit() == 0 ? Integer.MAX_VALUE : query.limit();
    this.prefetched = new ArrayList<>();
    Operation operation = Operation.current(); // the reads' requests count into it, from the pool's threads
    for (QueryRun<T> run : runs) {
      prefetched.add(CompletableFuture.supplyAsync(
          () -> Operation.within(operation, () -> UnionRun.drain(run, wanted)), pool));
    }
  }

  @Override
  public boolean exhausted() {
    for (int read = 0; read < runs.size(); read++) {
      if (!heads.get(read).isEmpty() || prefetched == null && !runs.get(read).exhausted()) {
        return false;
      }
    }
    return prefetched == null || taken;
  }

  /** Always null: a page token cannot resume several reads (the processor refuses {@code Page} over a union). */
  @Override
  public String token() {
    return null;
  }

  @Override
  public List<TableRow> next(int max) {
    takePrefetched();
    List<TableRow> rows = new ArrayList<>();
    while (rows.size() < max) {
      TableRow least = null;
      for (int read = 0; read < runs.size(); read++) {
        TableRow head = head(read, max);
        if (head != null && (least == null || KEY_ORDER.compare(head, least) < 0)) {
          least = head;
        }
      }
      if (least == null) {
        break;
      }
      for (ArrayDeque<TableRow> head : heads) {
        if (!head.isEmpty() && KEY_ORDER.compare(head.peek(), least) == 0) {
          head.poll(); // the same entity through another branch: returned once
        }
      }
      rows.add(least);
    }
    return rows;
  }

  /** The next row of a read, reading its next page when it has none buffered; null when it has no more. */
  private TableRow head(int read, int max) {
    ArrayDeque<TableRow> head = heads.get(read);
    QueryRun<T> run = runs.get(read);
    while (head.isEmpty() && prefetched == null && !run.exhausted()) {
      head.addAll(run.next(Math.min(Math.max(max, 1), StoreLimits.MAX_PAGE_SIZE)));
    }
    return head.peek();
  }

  /** With a pool: waits for every read once, and buffers what each read. */
  private void takePrefetched() {
    if (prefetched == null || taken) {
      return;
    }
    taken = true;
    for (int read = 0; read < runs.size(); read++) {
      heads.get(read).addAll(join(prefetched.get(read)));
    }
  }

  private static List<TableRow> join(CompletableFuture<List<TableRow>> read) {
    try {
      return read.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException) {
        throw (RuntimeException) e.getCause();
      }
      if (e.getCause() instanceof Error) {
        throw (Error) e.getCause();
      }
      throw e;
    }
  }

  @Override
  public void report(int rowsReturned) {
    for (int read = 0; read < runs.size(); read++) {
      if (prefetched == null || prefetched.get(read).isDone()) {
        rowsRead += runs.get(read).takeRowsRead();
        requests += runs.get(read).takeRequests();
      }
    }
    if (core.listening()) {
      core.report(new QueryEvent(query.method(), query.kind(), query.plan(), table, rowsRead, rowsReturned,
          requests));
    }
    rowsRead = 0;
    requests = 0;
  }
}
