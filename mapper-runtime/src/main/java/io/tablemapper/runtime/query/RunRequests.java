package io.tablemapper.runtime.query;

import io.tablemapper.api.QueryEvent;
import io.tablemapper.api.QueryKind;
import io.tablemapper.runtime.observe.Operation;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.store.Tables;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * The store requests of one {@link QueryRun} and what they count for the {@link io.tablemapper.api.QueryListener}:
 * point reads and pages of its read table on either path (the blocking call when the executor is null, its future
 * complete at once; else the store's async one), each sent within the run's operation, and the rows and requests
 * read since the last report. Every step of a run ({@link CopyFollowing}, {@link Upgrades}, {@link KeyListReads},
 * {@link ClientOrder}) reads and counts through it. Not thread-safe, except that the async path's requests count into
 * the run's operation from whatever thread sends them.
 */
final class RunRequests {
  private final ReadSide reading;
  /** The table the run's pages read: the entity's, or a remote index's. */
  private final String readTable;
  /**
   * The operation the run's requests count into, from whatever thread the async path sends them: the one current
   * where the run was made, or where {@link #enter} was last called within one (a stream's page ahead).
   */
  private volatile Operation operation = Operation.current();
  private int rowsRead;
  private int requests;

  RunRequests(ReadSide reading, String readTable) {
    this.reading = reading;
    this.readTable = readTable;
  }

  /** Counts the run's requests from now on into the current operation, if there is one (an async page's caller's). */
  void enter() {
    Operation current = Operation.current();
    if (current != null) {
      operation = current;
    }
  }

  /** A point read: the blocking one when {@code executor} is null (its future complete at once), else the async one. */
  CompletableFuture<Optional<TableRow>> read(String table, String partitionKey, String rowKey, Executor executor) {
    return executor == null ? Futures.start(() -> CompletableFuture.completedFuture(get(table, partitionKey, rowKey)))
        : getAsync(table, partitionKey, rowKey, executor);
  }

  /** A page of a query of the read table, as {@link #read} makes a point read (blocking when executor is null). */
  CompletableFuture<QueryResult> page(TableQuery page, Executor executor) {
    return executor == null
        ? Futures.start(() -> CompletableFuture.completedFuture(
            reading.tables().read(readTable, () -> reading.backend().query(page), Tables.NO_ROWS)))
        : reading.tables().readAsync(readTable, () -> within(() -> reading.backend().queryAsync(page, executor)),
            Tables.NO_ROWS);
  }

  /** An async point read; a table that does not exist holds no row (and is not created). */
  CompletableFuture<Optional<TableRow>> getAsync(String table, String partitionKey, String rowKey, Executor executor) {
    return reading.tables().readAsync(table,
        () -> within(() -> reading.backend().getAsync(table, partitionKey, rowKey, executor)), Optional.empty());
  }

  /** A point read; a table that does not exist holds no row (and is not created). */
  Optional<TableRow> get(String table, String partitionKey, String rowKey) {
    return get(reading, table, partitionKey, rowKey);
  }

  /** A point read; a table that does not exist holds no row (and is not created). */
  static Optional<TableRow> get(ReadSide reading, String table, String partitionKey, String rowKey) {
    return reading.tables().get(reading.backend(), table, partitionKey, rowKey);
  }

  /** Sends a request within the run's operation, so that it counts there from any thread. */
  <R> CompletableFuture<R> within(Supplier<CompletableFuture<R>> request) {
    return Operation.within(operation, request);
  }

  /** The operation this run's requests count into. */
  Operation operation() {
    return operation;
  }

  /** Counts the rows of one page this run read. */
  void countRowsRead(int rows) {
    rowsRead += rows;
  }

  /** Counts one request of this run. */
  void countRequest() {
    requests++;
  }

  /** Counts one row this run read. */
  void countRowRead() {
    rowsRead++;
  }

  /** The rows read since the last report or take, which then start again from 0. */
  int takeRowsRead() {
    int taken = rowsRead;
    rowsRead = 0;
    return taken;
  }

  /** The requests made since the last report or take, which then start again from 0. */
  int takeRequests() {
    int taken = requests;
    requests = 0;
    return taken;
  }

  /** Reports what was read since the last report as one run of the method, and starts counting afresh. */
  void report(String method, QueryKind kind, String plan, int rowsReturned) {
    report(reading, method, kind, plan, readTable, rowsRead, rowsReturned, requests);
    rowsRead = 0;
    requests = 0;
  }

  /** Reports one run of a repository method's query to the query listener, if there is one. */
  static void report(
      ReadSide reading, String method, QueryKind kind, String plan, String table, int rowsRead, int rowsReturned,
      int requests) {
    if (reading.listeners().listening()) {
      reading.listeners().report(new QueryEvent(method, kind, plan, table, rowsRead, rowsReturned, requests));
    }
  }
}
