package io.tablemapper.runtime.observe;

import io.tablemapper.api.OperationTracer.Scope;
import io.tablemapper.api.OperationTracer.Span;
import io.tablemapper.api.OperationTracer.StoreRequest.Kind;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.RequestTally;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The backend a mapper with {@link io.tablemapper.api.OperationListener}s or an
 * {@link io.tablemapper.api.OperationTracer} works through: the application's backend,
 * with every request counted into the {@link Operation} of the thread that sends it (requests outside any operation,
 * such as closing, count nowhere). The one place requests are counted for the listeners, so a request added anywhere
 * in the runtime is counted without more code. Each request is sent with that operation as the thread's
 * {@link RequestTally} sink, so the retries and throttling answers the backend reports count into it too, and the
 * partition each request addresses is noted ({@link Operation#addressed}). A traced operation's requests are spans
 * under its span ({@link #traced}).
 */
public final class ObservedBackend implements TableBackend {
  private final TableBackend backend;

  public ObservedBackend(TableBackend backend) {
    this.backend = backend;
  }

  /** The backend whose requests this counts. */
  public TableBackend observed() {
    return backend;
  }

  private static void requested() {
    Operation operation = Operation.current();
    if (operation != null) {
      operation.requested();
    }
  }

  /** A request to one partition of a table ({@code partitionKey} null: several, or none that can be told). */
  private static void requested(String table, String partitionKey) {
    Operation operation = Operation.current();
    if (operation != null) {
      operation.requested();
      operation.addressed(table, partitionKey);
    }
  }

  /** Sends {@code request} with the current operation, if any, as the sink of what its attempts meet. */
  private static <R> R tallied(Supplier<R> request) {
    Operation operation = Operation.current();
    return operation == null ? request.get() : RequestTally.within(operation, request);
  }

  /**
   * Sends {@code request} as {@link #tallied}, as a span of its own under the current operation's when that is
   * traced: open on this thread while the backend is called, ended when the request returned or threw.
   */
  @SuppressWarnings("try") // the scope is held open, not used
  private static <R> R traced(Kind kind, String table, String partitionKey, WriteOperation.Kind write, int batchSize,
      Supplier<R> request) {
    Operation operation = Operation.current();
    Tracing tracing = operation == null ? null : operation.tracing();
    if (tracing == null) {
      return tallied(request);
    }
    Span span = tracing.request(kind, table, partitionKey, write, batchSize, operation.span());
    R result;
    try (Scope scope = tracing.open(span)) {
      result = RequestTally.within(operation, request);
    } catch (RuntimeException | Error e) {
      tracing.end(span, e);
      throw e;
    }
    tracing.end(span, (Throwable) null);
    return result;
  }

  /**
   * Sends an async {@code request} as {@link #traced}: its span open on this thread while the backend is handed the
   * request (a client library that starts its own span there finds it current), and on the executor's thread while
   * a task the backend gave it for this request runs (a blocking call run there, say); ended when the future
   * completed.
   */
  @SuppressWarnings("try") // the scope is held open, not used
  private static <R> CompletableFuture<R> tracedAsync(Kind kind, String table, String partitionKey,
      WriteOperation.Kind write, int batchSize, Executor executor, Function<Executor, CompletableFuture<R>> request) {
    Operation operation = Operation.current();
    Tracing tracing = operation == null ? null : operation.tracing();
    if (tracing == null) {
      return tallied(() -> request.apply(executor));
    }
    Span span = tracing.request(kind, table, partitionKey, write, batchSize, operation.span());
    Executor inSpan = span == null ? executor : task -> executor.execute(() -> {
      try (Scope scope = tracing.open(span)) {
        task.run();
      }
    });
    CompletableFuture<R> sent;
    try (Scope scope = tracing.open(span)) {
      sent = RequestTally.within(operation, () -> request.apply(inSpan));
    } catch (RuntimeException | Error e) {
      tracing.end(span, e);
      throw e;
    }
    return sent.whenComplete((result, failure) -> tracing.end(span, failure == null ? null : Futures.unwrap(failure)));
  }

  private static String partitionOf(List<WriteOperation> operations) {
    return operations.isEmpty() ? null : operations.get(0).row().partitionKey();
  }

  private static void read(int rows) {
    Operation operation = Operation.current();
    if (operation != null) {
      operation.read(rows);
    }
  }

  private static void wrote(int rows) {
    Operation operation = Operation.current();
    if (operation != null) {
      operation.wrote(rows);
    }
  }

  @Override
  public boolean createTableIfNotExists(String table) {
    requested();
    return traced(Kind.TABLE, table, null, null, 0, () -> backend.createTableIfNotExists(table));
  }

  @Override
  public boolean deleteTableIfExists(String table) {
    requested();
    return traced(Kind.TABLE, table, null, null, 0, () -> backend.deleteTableIfExists(table));
  }

  @Override
  public List<String> listTables(String prefix) {
    requested();
    return traced(Kind.TABLE, null, null, null, 0, () -> backend.listTables(prefix));
  }

  @Override
  public boolean tableExists(String table) {
    requested();
    return traced(Kind.TABLE, table, null, null, 0, () -> backend.tableExists(table));
  }

  @Override
  public Optional<TableRow> get(String table, String partitionKey, String rowKey) {
    requested(table, partitionKey);
    Optional<TableRow> row = traced(Kind.GET, table, partitionKey, null, 0, () -> backend.get(table, partitionKey,
        rowKey));
    read(row.isPresent() ? 1 : 0);
    return row;
  }

  /** The profile of the store this one wraps. */
  @Override
  public io.tablemapper.spi.StoreProfile profile() {
    return backend.profile();
  }

  /** The description of the store this one wraps. */
  @Override
  public io.tablemapper.spi.StoreDescription description() {
    return backend.description();
  }

  @Override
  public QueryResult query(TableQuery query) {
    requested(query.table(), query.singlePartition());
    QueryResult result = traced(Kind.QUERY, query.table(), query.singlePartition(), null, 0,
        () -> backend.query(query));
    read(result.rows().size());
    return result;
  }

  @Override
  public WriteResult write(String table, WriteOperation operation) {
    requested(table, operation.row().partitionKey());
    WriteResult result = traced(Kind.WRITE, table, operation.row().partitionKey(), operation.kind(), 0,
        () -> backend.write(table, operation));
    wrote(1);
    return result;
  }

  @Override
  public List<WriteResult> batch(String table, List<WriteOperation> operations) {
    requested(table, partitionOf(operations));
    List<WriteResult> results = traced(Kind.BATCH, table, partitionOf(operations), null, operations.size(),
        () -> backend.batch(table, operations));
    wrote(operations.size());
    return results;
  }

  // The async path: the requests count into the operation current where they are sent, their rows when they return.

  @Override
  public CompletableFuture<Optional<TableRow>> getAsync(
      String table, String partitionKey, String rowKey, Executor executor) {
    Operation operation = Operation.current();
    requested(table, partitionKey);
    return tracedAsync(Kind.GET, table, partitionKey, null, 0, executor,
        inSpan -> backend.getAsync(table, partitionKey, rowKey, inSpan)).thenApply(row -> {
      count(operation, row.isPresent() ? 1 : 0, 0);
      return row;
    });
  }

  @Override
  public CompletableFuture<QueryResult> queryAsync(TableQuery query, Executor executor) {
    Operation operation = Operation.current();
    requested(query.table(), query.singlePartition());
    return tracedAsync(Kind.QUERY, query.table(), query.singlePartition(), null, 0, executor,
        inSpan -> backend.queryAsync(query, inSpan)).thenApply(result -> {
      count(operation, result.rows().size(), 0);
      return result;
    });
  }

  @Override
  public CompletableFuture<WriteResult> writeAsync(String table, WriteOperation operation, Executor executor) {
    Operation current = Operation.current();
    requested(table, operation.row().partitionKey());
    return tracedAsync(Kind.WRITE, table, operation.row().partitionKey(), operation.kind(), 0, executor,
        inSpan -> backend.writeAsync(table, operation, inSpan)).thenApply(result -> {
      count(current, 0, 1);
      return result;
    });
  }

  @Override
  public CompletableFuture<List<WriteResult>> batchAsync(
      String table, List<WriteOperation> operations, Executor executor) {
    Operation current = Operation.current();
    requested(table, partitionOf(operations));
    return tracedAsync(Kind.BATCH, table, partitionOf(operations), null, operations.size(), executor,
        inSpan -> backend.batchAsync(table, operations, inSpan)).thenApply(results -> {
      count(current, 0, operations.size());
      return results;
    });
  }

  @Override
  public CompletableFuture<Boolean> createTableIfNotExistsAsync(String table, Executor executor) {
    requested();
    return tracedAsync(Kind.TABLE, table, null, null, 0, executor,
        inSpan -> backend.createTableIfNotExistsAsync(table, inSpan));
  }

  @Override
  public CompletableFuture<Boolean> tableExistsAsync(String table, Executor executor) {
    requested();
    return tracedAsync(Kind.TABLE, table, null, null, 0, executor, inSpan -> backend.tableExistsAsync(table, inSpan));
  }

  private static void count(Operation operation, int read, int written) {
    if (operation != null) {
      operation.read(read);
      operation.wrote(written);
    }
  }

  @Override
  public java.util.Optional<io.tablemapper.spi.OutOfRowValues> outOfRowValues() {
    return backend.outOfRowValues();
  }

  @Override
  public String name() {
    return backend.name();
  }

  @Override
  public void close() {
    backend.close();
  }
}
