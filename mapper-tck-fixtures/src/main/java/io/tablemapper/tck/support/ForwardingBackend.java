package io.tablemapper.tck.support;

import io.tablemapper.api.MapperScope;
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
import java.util.concurrent.Executor;

/**
 * A backend around another that forwards every call of the SPI to it — the store's values ({@code outOfRowValues})
 * and access scope included — so that a test's backend overrides only the calls it changes. Its async calls go either
 * to the other's async calls (on Azure the SDK's async client) or through this backend's own blocking calls on the
 * executor, as the SPI's defaults run them ({@link Async}); {@code name()} stays the SPI's default, the test
 * backend's own class name.
 */
public abstract class ForwardingBackend implements TableBackend {

  /** Where the async calls of a forwarding backend go. */
  public enum Async {
    /**
     * To the other backend's async calls: a subclass that changes a blocking call does not change its async form,
     * and no executor thread is held where the other holds none.
     */
    FORWARDED,
    /**
     * Through this backend's blocking calls, on the executor (the SPI's default async calls): a subclass's change of a
     * blocking call holds on both paths.
     */
    THROUGH_BLOCKING_CALLS
  }

  /** The backend every call goes to. */
  protected final TableBackend delegate;
  private final Async async;

  /** A backend that forwards every call to {@code delegate}, its async calls to the delegate's async ones. */
  protected ForwardingBackend(TableBackend delegate) {
    this(delegate, Async.FORWARDED);
  }

  /** A backend that forwards every call to {@code delegate}, its async calls as {@code async} says. */
  protected ForwardingBackend(TableBackend delegate, Async async) {
    this.delegate = delegate;
    this.async = async;
  }

  private boolean forwardsAsync() {
    return async == Async.FORWARDED;
  }

  /** The profile of the store this one wraps. */
  @Override
  public io.tablemapper.spi.StoreProfile profile() {
    return delegate.profile();
  }

  /** The description of the store this one wraps. */
  @Override
  public io.tablemapper.spi.StoreDescription description() {
    return delegate.description();
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
  public CompletableFuture<Optional<TableRow>> getAsync(
      String table, String partitionKey, String rowKey, Executor executor) {
    return forwardsAsync() ? delegate.getAsync(table, partitionKey, rowKey, executor)
        : TableBackend.super.getAsync(table, partitionKey, rowKey, executor);
  }

  @Override
  public CompletableFuture<QueryResult> queryAsync(TableQuery query, Executor executor) {
    return forwardsAsync() ? delegate.queryAsync(query, executor) : TableBackend.super.queryAsync(query, executor);
  }

  @Override
  public CompletableFuture<WriteResult> writeAsync(String table, WriteOperation operation, Executor executor) {
    return forwardsAsync() ? delegate.writeAsync(table, operation, executor)
        : TableBackend.super.writeAsync(table, operation, executor);
  }

  @Override
  public CompletableFuture<List<WriteResult>> batchAsync(
      String table, List<WriteOperation> operations, Executor executor) {
    return forwardsAsync() ? delegate.batchAsync(table, operations, executor)
        : TableBackend.super.batchAsync(table, operations, executor);
  }

  @Override
  public CompletableFuture<Boolean> createTableIfNotExistsAsync(String table, Executor executor) {
    return forwardsAsync() ? delegate.createTableIfNotExistsAsync(table, executor)
        : TableBackend.super.createTableIfNotExistsAsync(table, executor);
  }

  @Override
  public CompletableFuture<Boolean> tableExistsAsync(String table, Executor executor) {
    return forwardsAsync() ? delegate.tableExistsAsync(table, executor)
        : TableBackend.super.tableExistsAsync(table, executor);
  }

  @Override
  public Optional<MapperScope> accessScope() {
    return delegate.accessScope();
  }

  @Override
  public void close() {
    delegate.close();
  }
}
