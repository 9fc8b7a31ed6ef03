package io.tablemapper.runtime.query;

import io.tablemapper.api.QueryEvent;
import io.tablemapper.internal.mapping.EntityQuery;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableRow;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.observe.Operation;

/**
 * The run of a query that merges several reads in key order: {@code In} on a key component, one point or range
 * read per distinct element. The reads address disjoint keys (distinct values of one key component, after the same
 * leading components), so taking them in the order of their first keys — PartitionKey, then RowKey — and each in
 * its own key order is the k-way merge of their sorted results. Reads of identical keys are read once.
 *
 * <p>With a read pool ({@code readParallelism} above 1) every read starts at once on the pool, each reading at most
 * the query's limit (all its matches when there is none) before the caller takes the first rows; without one, the
 * reads run one after another on the caller's thread, lazily. A {@link QueryEvent} reports the whole union: the rows
 * and requests of every read taken, and, with a pool, of every read finished by then. A query that
 * {@linkplain EntityQuery#matchesNothing() matches nothing} (an {@code In} with an empty collection) is a union of no
 * reads: it makes no request.
 *
 * @param <T> the entity class
 */
public final class UnionRun<T> implements RowSource {
  /** Reads in the order of their first keys: PartitionKey, then the lower RowKey bound (none first). */
  private static final Comparator<EntityQuery> KEY_ORDER = Comparator
      .comparing(EntityQuery::partitionKey, Comparator.nullsFirst(Comparator.<String>naturalOrder()))
      .thenComparing(read -> read.rowFrom() == null ? null : read.rowFrom().key(),
          Comparator.nullsFirst(Comparator.<String>naturalOrder()));

  private final ReadSide reading;
  private final EntityQuery query;
  /** The table the reads query, for the listener: the entity's, or a remote index's. */
  private final String table;
  private final List<QueryRun<T>> runs = new ArrayList<>();
  private List<CompletableFuture<List<TableRow>>> prefetched;
  private final ArrayDeque<TableRow> buffer = new ArrayDeque<>();
  private final boolean[] counted;
  private int current;
  private boolean taken;
  private int rowsRead;
  private int requests;

  /**
   * Starts the reads of a union, or, on the async path, prepares them: {@link #nextAsync} then starts them.
   *
   * @param start the run of one read
   * @param async whether the union is read by {@link #nextAsync} (its reads then use no thread of the read pool)
   */
  UnionRun(ReadSide reading, EntityMapping<T> mapping, EntityQuery query, Function<EntityQuery, QueryRun<T>> start,
      boolean async) {
    this.reading = reading;
    this.query = query;
    this.table = readTable(mapping, query);
    if (!query.matchesNothing()) {
      for (EntityQuery read : distinctInKeyOrder(query.reads())) {
        runs.add(start.apply(read));
      }
    }
    this.counted = new boolean[runs.size()];
    Executor pool = runs.size() > 1 && !async ? reading.pool().executor() : null;
    if (pool == null) {
      this.prefetched = null;
      return;
    }
    int wanted = query.limit() == 0 ? Integer.MAX_VALUE : query.limit();
    this.prefetched = new ArrayList<>();
    Operation operation = Operation.current(); // the reads' requests count into it, from the pool's threads
    for (QueryRun<T> run : runs) {
      prefetched.add(CompletableFuture.supplyAsync(() -> Operation.within(operation, () -> drain(run, wanted)), pool));
    }
  }

  /** The table a union's reads query: a remote index's table when they read through one, else the entity's. */
  private static String readTable(EntityMapping<?> mapping, EntityQuery query) {
    List<EntityQuery> reads = query.reads();
    String name = reads == null || reads.isEmpty() ? null : reads.get(0).index();
    IndexMapping<?> index = name == null ? null : mapping.indexNamed(name);
    return index != null && index.remote() ? index.table() : mapping.table();
  }

  /** The reads sorted by their first keys, each set of keys once. */
  static List<EntityQuery> distinctInKeyOrder(List<EntityQuery> reads) {
    List<EntityQuery> sorted = new ArrayList<>(reads);
    sorted.sort(KEY_ORDER);
    List<EntityQuery> distinct = new ArrayList<>();
    for (EntityQuery read : sorted) {
      EntityQuery last = distinct.isEmpty() ? null : distinct.get(distinct.size() - 1);
      if (last == null || !sameKeys(last, read)) {
        distinct.add(read);
      }
    }
    return distinct;
  }

  /** Whether two reads read the same rows: the same keys, index and filter. */
  private static boolean sameKeys(EntityQuery a, EntityQuery b) {
    return Objects.equals(a.partitionKey(), b.partitionKey()) && same(a.rowFrom(), b.rowFrom())
        && same(a.rowTo(), b.rowTo()) && Objects.equals(a.index(), b.index())
        && Objects.equals(a.filter(), b.filter());
  }

  private static boolean same(KeyBound a, KeyBound b) {
    return a == null ? b == null : b != null && a.key().equals(b.key()) && a.inclusive() == b.inclusive();
  }

  /** Every row of a read, up to {@code wanted}. */
  static List<TableRow> drain(QueryRun<?> run, int wanted) {
    List<TableRow> rows = new ArrayList<>();
    while (!run.exhausted() && rows.size() < wanted) {
      rows.addAll(run.next((int) Math.min(StoreLimits.MAX_PAGE_SIZE, (long) wanted - rows.size())));
    }
    return rows;
  }

  /**
   * On the async path, every read of the union is under way at once — at most {@code readParallelism} of them, the
   * next starting as one ends — each with the store's async requests, so that no thread waits for any of them; the
   * rows are then taken in the reads' key order, as {@link #next} takes them.
   */
  @Override
  public CompletableFuture<List<TableRow>> nextAsync(int max, Executor executor) {
    if (!buffer.isEmpty()) {
      return CompletableFuture.completedFuture(take(max));
    }
    if (current >= runs.size()) {
      return CompletableFuture.completedFuture(List.of());
    }
    if (prefetched == null) {
      startAsync(executor);
    }
    int read = current;
    return prefetched.get(read).thenApply(rows -> {
      buffer.addAll(rows);
      count(read);
      current++;
      return take(max);
    });
  }

  private void startAsync(Executor executor) {
    int wanted = query.limit() == 0 ? Integer.MAX_VALUE : query.limit();
    List<CompletableFuture<List<TableRow>>> reads = new ArrayList<>(runs.size());
    for (int i = 0; i < runs.size(); i++) {
      reads.add(new CompletableFuture<>());
    }
    prefetched = reads;
    AtomicInteger next = new AtomicInteger();
    for (int i = 0; i < Math.min(reading.pool().parallelism(), runs.size()); i++) {
      startNext(reads, next, wanted, executor);
    }
  }

  /** Starts the next read not started yet, and, once it has ended well, the one after it. */
  private void startNext(
      List<CompletableFuture<List<TableRow>>> reads, AtomicInteger next, int wanted, Executor executor) {
    int read = next.getAndIncrement();
    if (read >= runs.size()) {
      return;
    }
    drainAsync(runs.get(read), wanted, executor).whenComplete((rows, failure) -> {
      if (failure != null) {
        reads.get(read).completeExceptionally(Futures.unwrap(failure));
      } else {
        reads.get(read).complete(rows);
        startNext(reads, next, wanted, executor);
      }
    });
  }

  /** {@link #drain} on the async path. */
  private static CompletableFuture<List<TableRow>> drainAsync(QueryRun<?> run, int wanted, Executor executor) {
    List<TableRow> rows = new ArrayList<>();
    return Futures.loop(() -> !run.exhausted() && rows.size() < wanted,
            () -> run.nextAsync((int) Math.min(StoreLimits.MAX_PAGE_SIZE, (long) wanted - rows.size()), executor)
                .thenAccept(rows::addAll))
        .thenApply(done -> rows);
  }

  private List<TableRow> take(int max) {
    List<TableRow> rows = new ArrayList<>();
    while (rows.size() < max && !buffer.isEmpty()) {
      rows.add(buffer.poll());
    }
    return rows;
  }

  @Override
  public boolean exhausted() {
    return current >= runs.size() && buffer.isEmpty();
  }

  /** Always null: a page token cannot resume several reads (the processor refuses {@code Page} over a union). */
  @Override
  public String token() {
    return null;
  }

  @Override
  public List<TableRow> next(int max) {
    while (current < runs.size() || !buffer.isEmpty()) {
      if (!buffer.isEmpty()) {
        List<TableRow> rows = new ArrayList<>();
        while (rows.size() < max && !buffer.isEmpty()) {
          rows.add(buffer.poll());
        }
        return rows;
      }
      QueryRun<T> run = runs.get(current);
      if (prefetched != null) {
        if (!taken) {
          buffer.addAll(Futures.join(prefetched.get(current)));
          taken = true;
          continue;
        }
      } else if (!run.exhausted()) {
        List<TableRow> rows = run.next(max);
        if (!rows.isEmpty()) {
          return rows;
        }
        continue;
      }
      count(current);
      current++;
      taken = false;
    }
    return List.of();
  }

  /** Adds what a read has read to the counts; a prefetched read only once it has finished, and then once. */
  private void count(int read) {
    if (prefetched != null && (counted[read] || !prefetched.get(read).isDone())) {
      return;
    }
    counted[read] = prefetched != null;
    rowsRead += runs.get(read).requests().takeRowsRead();
    requests += runs.get(read).requests().takeRequests();
  }


  @Override
  public void report(int rowsReturned) {
    if (prefetched == null && current < runs.size()) {
      count(current);
    }
    if (prefetched != null) {
      // every read was started at once: report those that have finished, taken or not
      for (int read = 0; read < runs.size(); read++) {
        count(read);
      }
    }
    if (reading.listeners().listening()) {
      reading.listeners().report(new QueryEvent(query.method(), query.kind(),
          ClientOrder.plan(query, reading.backend().profile(), false), table, rowsRead,
          rowsReturned, requests));
    }
    rowsRead = 0;
    requests = 0;
  }
}
