package io.tablemapper.runtime.query;

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
import java.util.concurrent.Executor;
import java.util.function.Function;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.observe.Operation;

/**
 * The run of several reads merged in key order — PartitionKey, then RowKey — each row of identical keys taken once:
 * the branches of an {@code Or} ({@link EntityQuery#overlapping()}, {@link #union}), whose reads may address the same
 * entities, and the tables of a table per period (one read per table and per read of an {@code In}), where an entity
 * lives in the one table its period names. Each read returns its rows in key order, so a k-way merge gives the whole
 * in key order. One {@link QueryEvent} reports the whole merge: the rows and requests of every read.
 *
 * <p>Prefetching (a union with a read pool, {@code readParallelism} above 1): every read starts at once on the pool,
 * each reading at most the query's limit (all its matches when there is none). Otherwise each read is asked for a page
 * only when the merge has taken all it had, so a merge over many tables holds one page of each. A page token cannot
 * resume several reads: {@code Page} over a union is refused by the processor, over several tables before this runs.
 *
 * <p>On the async path ({@link #nextAsync}) the reads are not prefetched on the pool: each is asked for its next page
 * with its own async requests when the merge has taken all it had, several at once, and no thread waits for them.
 */
public final class MergeRun implements RowSource {
  private static final Comparator<TableRow> KEY_ORDER =
      Comparator.comparing(TableRow::partitionKey).thenComparing(TableRow::rowKey);

  private final ReadSide reading;
  private final EntityQuery query;
  private final String tables;
  private final List<QueryRun<?>> runs;
  private final List<ArrayDeque<TableRow>> heads = new ArrayList<>();
  private final List<CompletableFuture<List<TableRow>>> prefetched;
  private boolean taken;
  private TableRow last;

  /**
   * @param tables the tables read, for the listener (their names joined)
   * @param runs the reads, each in key order
   * @param prefetch whether to start every read at once on the mapper's read pool (when it has one)
   */
  MergeRun(ReadSide reading, EntityQuery query, String tables, List<? extends QueryRun<?>> runs, boolean prefetch) {
    this.reading = reading;
    this.query = query;
    this.tables = tables;
    this.runs = new ArrayList<>(runs);
    for (int i = 0; i < runs.size(); i++) {
      heads.add(new ArrayDeque<>());
    }
    Executor pool = prefetch && runs.size() > 1 ? reading.pool().executor() : null;
    if (pool == null) {
      this.prefetched = null;
      return;
    }
    int wanted = query.limit() == 0 ? Integer.MAX_VALUE : query.limit();
    this.prefetched = new ArrayList<>();
    Operation operation = Operation.current(); // the reads' requests count into it, from the pool's threads
    for (QueryRun<?> run : this.runs) {
      prefetched.add(CompletableFuture.supplyAsync(
          () -> Operation.within(operation, () -> UnionRun.drain(run, wanted)), pool));
    }
  }

  /**
   * The union of the branches of an {@code Or}: reads that {@linkplain EntityQuery#matchesNothing() match nothing}
   * make no request, reads of the same keys and filter are read once, and the others are prefetched on the pool.
   *
   * @param start the run of one read
   * @param prefetch whether to prefetch on the read pool (not for a union read by {@link #nextAsync}, whose reads
   *     then use no thread of the pool)
   */
  static <T> MergeRun union(ReadSide reading, EntityMapping<T> mapping, EntityQuery query,
      Function<EntityQuery, QueryRun<T>> start, boolean prefetch) {
    List<EntityQuery> reads = new ArrayList<>();
    for (EntityQuery read : query.reads()) {
      if (!read.matchesNothing()) {
        reads.add(read);
      }
    }
    List<QueryRun<T>> runs = new ArrayList<>();
    for (EntityQuery read : UnionRun.distinctInKeyOrder(reads)) {
      runs.add(start.apply(read));
    }
    return new MergeRun(reading, query, mapping.table(), runs, prefetch);
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

  /** Always null: a page token cannot resume several reads. */
  @Override
  public String token() {
    return null;
  }

  /**
   * {@link #next} on the store's async path. Reads prefetched on the pool are awaited without blocking; otherwise
   * every read whose buffered rows ran out and that has more is asked for its next page with its own {@code
   * nextAsync} — at most {@code readParallelism} of them under way at once — and the rows are then merged as
   * {@link #next} merges them, until a read runs out again; no thread waits for any read.
   */
  @Override
  public CompletableFuture<List<TableRow>> nextAsync(int max, Executor executor) {
    if (prefetched != null) {
      return CompletableFuture.allOf(prefetched.toArray(CompletableFuture[]::new)).thenApply(all -> next(max));
    }
    Operation operation = Operation.current(); // the reads' requests count into it, from any thread
    List<TableRow> rows = new ArrayList<>();
    return Futures.loop(() -> rows.size() < max && !exhausted(),
            () -> refill(Math.max(1, Math.min(max - rows.size(), StoreLimits.MAX_PAGE_SIZE)), operation, executor)
                .thenRun(() -> merge(rows, max)))
        .thenApply(done -> rows);
  }

  /** Asks every read whose buffer is empty and that has more for its next page, a window of them at a time. */
  private CompletableFuture<Void> refill(int page, Operation operation, Executor executor) {
    List<Integer> empty = new ArrayList<>();
    for (int read = 0; read < runs.size(); read++) {
      if (heads.get(read).isEmpty() && !runs.get(read).exhausted()) {
        empty.add(read);
      }
    }
    int window = Math.max(1, reading.pool().parallelism());
    int[] from = {0};
    return Futures.loop(() -> from[0] < empty.size(), () -> {
      List<CompletableFuture<?>> pages = new ArrayList<>();
      for (int read : empty.subList(from[0], Math.min(empty.size(), from[0] + window))) {
        ArrayDeque<TableRow> head = heads.get(read);
        QueryRun<?> run = runs.get(read);
        pages.add(Operation.within(operation, () -> run.nextAsync(page, executor)).thenAccept(head::addAll));
      }
      from[0] += window;
      return CompletableFuture.allOf(pages.toArray(CompletableFuture[]::new));
    });
  }

  /**
   * Takes rows in key order into {@code rows}, up to {@code max}, while every read that has more has a row buffered
   * (the least row is known only then); each row of identical keys once.
   */
  private void merge(List<TableRow> rows, int max) {
    while (rows.size() < max) {
      int least = -1;
      for (int read = 0; read < runs.size(); read++) {
        TableRow head = heads.get(read).peek();
        if (head == null) {
          if (!runs.get(read).exhausted()) {
            return; // its next page first
          }
        } else if (least < 0 || KEY_ORDER.compare(head, heads.get(least).peek()) < 0) {
          least = read;
        }
      }
      if (least < 0) {
        return;
      }
      take(rows, heads.get(least).poll());
    }
  }

  /** Adds a row unless it has the keys of the row taken last (the same entity through another read). */
  private void take(List<TableRow> rows, TableRow row) {
    if (last == null || KEY_ORDER.compare(last, row) != 0) {
      rows.add(row);
    }
    last = row;
  }

  @Override
  public List<TableRow> next(int max) {
    takePrefetched();
    List<TableRow> rows = new ArrayList<>();
    while (rows.size() < max) {
      int least = -1;
      for (int read = 0; read < runs.size(); read++) {
        TableRow head = head(read, max);
        if (head != null && (least < 0 || KEY_ORDER.compare(head, heads.get(least).peek()) < 0)) {
          least = read;
        }
      }
      if (least < 0) {
        break;
      }
      take(rows, heads.get(least).poll()); // the same keys through another read follow at once: taken once
    }
    return rows;
  }

  /** The next row of a read, reading its next page when it has none buffered; null when it has no more. */
  private TableRow head(int read, int max) {
    ArrayDeque<TableRow> head = heads.get(read);
    QueryRun<?> run = runs.get(read);
    while (head.isEmpty() && prefetched == null && !run.exhausted()) {
      head.addAll(run.next(Math.max(1, Math.min(max, StoreLimits.MAX_PAGE_SIZE))));
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
      heads.get(read).addAll(Futures.join(prefetched.get(read)));
    }
  }


  @Override
  public void report(int rowsReturned) {
    int rowsRead = 0;
    int requests = 0;
    for (int read = 0; read < runs.size(); read++) {
      if (prefetched == null || prefetched.get(read).isDone()) {
        rowsRead += runs.get(read).requests().takeRowsRead();
        requests += runs.get(read).requests().takeRequests();
      }
    }
    if (reading.listeners().listening()) {
      reading.listeners().report(new QueryEvent(query.method(), query.kind(),
          ClientOrder.plan(query, reading.backend().profile(), false), tables, rowsRead,
          rowsReturned,
          requests));
    }
  }
}
