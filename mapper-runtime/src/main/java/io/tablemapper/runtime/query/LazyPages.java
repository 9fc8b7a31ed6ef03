package io.tablemapper.runtime.query;

import io.tablemapper.api.OperationType;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.EntityQuery;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableRow;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import io.tablemapper.runtime.support.Futures;

/**
 * The source of {@link EntityQueries#stream}: reads the first backend page when the stream is first consumed, and from
 * then on the next page ahead, on the store's async path, while the caller consumes the current one — one page ahead at
 * most. Each page is an operation for the mapper's listeners. A page that failed fails the stream at its first element,
 * after the rows before it; closing the stream drops the page ahead and reads no more. The reads of a union all start
 * with the first page, so a union has no page ahead.
 */
final class LazyPages<R> extends Spliterators.AbstractSpliterator<R> {
  private final ReadSide side;
  private final EntityMapping<?> mapping;
  private final EntityQuery query;
  /** Starts the run of the query, at the first page. */
  private final Supplier<RowSource> start;
  /** What a row is read as; null for a malformed row the policy leaves out. */
  private final Function<TableRow, R> decoder;
  private final ArrayDeque<TableRow> buffer = new ArrayDeque<>();
  private RowSource run;
  private int returned;
  /** The next page, being read while the caller consumes the buffer; null when none is. */
  private CompletableFuture<List<TableRow>> ahead;
  private volatile boolean closed;

  LazyPages(ReadSide side, EntityMapping<?> mapping, EntityQuery query, Supplier<RowSource> start,
      Function<TableRow, R> decoder) {
    super(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL);
    this.side = side;
    this.mapping = mapping;
    this.query = query;
    this.start = start;
    this.decoder = decoder;
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
      result = decoder.apply(buffer.poll()); // null: a malformed row the policy leaves out
    }
    returned++;
    action.accept(result);
    return true;
  }

  /** Reads the next page into the buffer: one operation for the mapper's listeners. */
  private Void readPage() {
    if (run == null) {
      run = start.get();
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
