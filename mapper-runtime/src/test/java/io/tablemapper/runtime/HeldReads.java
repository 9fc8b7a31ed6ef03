package io.tablemapper.runtime;

import io.tablemapper.spi.OutOfRowValues;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;

/**
 * A backend around another that forwards every call, its async ones to the other's async ones (so that on Azure they
 * stay on the SDK's async client), and can hold the answer of the next async read: the store is read, then the answer
 * waits until the test releases it — a read that a write overtakes.
 */
final class HeldReads implements TableBackend {
  private final TableBackend delegate;
  private CompletableFuture<Void> release;
  private CountDownLatch answered;

  HeldReads(TableBackend delegate) {
    this.delegate = delegate;
  }

  /** Holds the answer of the next async point read or query; the returned latch opens once the store answered it. */
  synchronized CountDownLatch holdNextAsyncRead() {
    release = new CompletableFuture<>();
    answered = new CountDownLatch(1);
    return answered;
  }

  /** Lets the held answer go on. */
  synchronized void release() {
    release.complete(null);
  }

  private synchronized <R> CompletableFuture<R> held(CompletableFuture<R> read) {
    if (answered == null || answered.getCount() == 0) {
      return read;
    }
    CountDownLatch latch = answered;
    CompletableFuture<Void> gate = release;
    return read.thenCompose(result -> {
      latch.countDown();
      return gate.thenApply(released -> result);
    });
  }

  @Override
  public CompletableFuture<Optional<TableRow>> getAsync(
      String table, String partitionKey, String rowKey, Executor executor) {
    return held(delegate.getAsync(table, partitionKey, rowKey, executor));
  }

  @Override
  public CompletableFuture<QueryResult> queryAsync(TableQuery query, Executor executor) {
    return held(delegate.queryAsync(query, executor));
  }

  @Override
  public CompletableFuture<WriteResult> writeAsync(String table, WriteOperation operation, Executor executor) {
    return delegate.writeAsync(table, operation, executor);
  }

  @Override
  public CompletableFuture<List<WriteResult>> batchAsync(
      String table, List<WriteOperation> operations, Executor executor) {
    return delegate.batchAsync(table, operations, executor);
  }

  @Override
  public Optional<OutOfRowValues> outOfRowValues() {
    return delegate.outOfRowValues();
  }

  @Override
  public boolean createTableIfNotExists(String table) {
    return delegate.createTableIfNotExists(table);
  }

  @Override
  public boolean deleteTableIfExists(String table) {
    return delegate.deleteTableIfExists(table);
  }

  @Override
  public boolean tableExists(String table) {
    return delegate.tableExists(table);
  }

  @Override
  public List<String> listTables(String prefix) {
    return delegate.listTables(prefix);
  }

  @Override
  public Optional<TableRow> get(String table, String partitionKey, String rowKey) {
    return delegate.get(table, partitionKey, rowKey);
  }

  @Override
  public QueryResult query(TableQuery query) {
    return delegate.query(query);
  }

  @Override
  public WriteResult write(String table, WriteOperation operation) {
    return delegate.write(table, operation);
  }

  @Override
  public List<WriteResult> batch(String table, List<WriteOperation> operations) {
    return delegate.batch(table, operations);
  }

  @Override
  public void close() {
    delegate.close();
  }
}
