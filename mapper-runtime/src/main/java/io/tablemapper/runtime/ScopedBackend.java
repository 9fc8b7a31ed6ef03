package io.tablemapper.runtime;

import io.tablemapper.api.MapperScope;
import io.tablemapper.api.OutOfScopeException;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The store as a scoped view of a mapper sees it ({@link io.tablemapper.api.TableMapper#scoped}): every request is
 * checked against the {@link MapperScope} before it is passed on, so whatever part of the mapper makes it —
 * repository, partition, batch, dynamic table, index read, continued page — nothing outside the scope is sent. A
 * query must lie wholly within the scope; its rows are checked again on the way back. Also a mapper's own backend
 * when its credentials name a scope ({@link TableBackend#accessScope}).
 */
final class ScopedBackend implements TableBackend {
  private final TableBackend store;
  private final MapperScope scope;
  private final boolean ownsStore;

  /**
   * The store limited to a scope.
   *
   * @param ownsStore whether closing this closes the store: a mapper's own backend limited to the scope of its
   *     credentials, not a view's
   */
  ScopedBackend(TableBackend store, MapperScope scope, boolean ownsStore) {
    this.store = store;
    this.scope = scope;
    this.ownsStore = ownsStore;
  }

  /** A mapper's backend: limited to the scope of its credentials if it names one, else itself. */
  static TableBackend ofCredentials(TableBackend backend) {
    if (backend instanceof ScopedBackend) {
      return backend; // a view's, limited already
    }
    Optional<MapperScope> scope = backend.accessScope();
    return scope.isPresent() ? new ScopedBackend(backend, scope.get(), true) : backend;
  }

  /**
   * Refuses writes outside a backend's scope before anything of them is sent (the table's creation included); does
   * nothing for a backend without one.
   */
  static void checkWrites(TableBackend backend, String table, List<? extends WriteIntent<?>> writes) {
    if (backend instanceof ScopedBackend) {
      ScopedBackend scoped = (ScopedBackend) backend;
      for (WriteIntent<?> write : writes) {
        scoped.checkKeys(write.kind().verb() + " of " + write.describe(), table, write.partitionKey(), write.rowKey());
      }
    }
  }

  private void checkKeys(String what, String table, String partitionKey, String rowKey) {
    if (!scope.allows(table, partitionKey, rowKey)) {
      throw refused(what + " in table " + table + ", partition '" + partitionKey + "'");
    }
  }

  private void checkWholeTable(String what, String table) {
    if (!scope.allowsWholeTable(table)) {
      throw refused(what + " table " + table + ", which the scope does not hold whole");
    }
  }

  private OutOfScopeException refused(String what) {
    return new OutOfScopeException(what + " is outside this mapper's scope " + scope
        + "; nothing was sent to the store");
  }

  @Override
  public boolean createTableIfNotExists(String table) {
    checkCreation(table);
    return store.createTableIfNotExists(table);
  }

  private void checkCreation(String table) {
    if (!scope.allowsTable(table)) {
      throw refused("creating table " + table);
    }
  }

  @Override
  public boolean deleteTableIfExists(String table) {
    checkWholeTable("dropping", table);
    return store.deleteTableIfExists(table);
  }

  /** The tables of the listing that the scope holds (a listing reveals names only, never rows). */
  @Override
  public List<String> listTables(String prefix) {
    List<String> held = new ArrayList<>();
    for (String table : store.listTables(prefix)) {
      if (scope.allowsTable(table)) {
        held.add(table);
      }
    }
    return held;
  }

  @Override
  public boolean tableExists(String table) {
    checkExistence(table);
    return store.tableExists(table);
  }

  private void checkExistence(String table) {
    if (!scope.allowsTable(table)) {
      throw refused("checking table " + table);
    }
  }

  @Override
  public Optional<TableRow> get(String table, String partitionKey, String rowKey) {
    checkKeys("a read of RowKey '" + rowKey + "'", table, partitionKey, rowKey);
    return store.get(table, partitionKey, rowKey);
  }

  @Override
  public QueryResult query(TableQuery query) {
    checkRange(query);
    return checkedRows(query, store.query(query));
  }

  private void checkRange(TableQuery query) {
    if (!scope.allowsRange(query.table(), query.partitionFrom(), query.partitionTo(), query.rowFrom(),
        query.rowTo())) {
      throw refused("a query of table " + query.table() + " over " + describeRange(query)
          + " (a query must lie wholly within the scope: bind its PartitionKey)");
    }
  }

  private QueryResult checkedRows(TableQuery query, QueryResult result) {
    for (TableRow row : result.rows()) {
      checkKeys("a row the store returned", query.table(), row.partitionKey(), row.rowKey());
    }
    return result;
  }

  private static String describeRange(TableQuery query) {
    if (query.singlePartition() != null) {
      return "partition '" + query.singlePartition() + "'";
    }
    if (query.partitionFrom() == null && query.partitionTo() == null) {
      return "every partition";
    }
    return "PartitionKeys " + (query.partitionFrom() == null ? "(" : "'" + query.partitionFrom().key() + "'")
        + " .. " + (query.partitionTo() == null ? ")" : "'" + query.partitionTo().key() + "'");
  }

  @Override
  public WriteResult write(String table, WriteOperation operation) {
    checkWrite(table, operation);
    return store.write(table, operation);
  }

  private void checkWrite(String table, WriteOperation operation) {
    checkKeys("a " + operation.kind().name().toLowerCase(Locale.ROOT) + " of RowKey '"
        + operation.row().rowKey() + "'", table, operation.row().partitionKey(), operation.row().rowKey());
  }

  @Override
  public List<WriteResult> batch(String table, List<WriteOperation> operations) {
    checkBatch(table, operations);
    return store.batch(table, operations);
  }

  private void checkBatch(String table, List<WriteOperation> operations) {
    for (WriteOperation operation : operations) {
      checkKeys("a batch with a " + operation.kind().name().toLowerCase(Locale.ROOT)
          + " of RowKey '" + operation.row().rowKey() + "'", table, operation.row().partitionKey(),
          operation.row().rowKey());
    }
  }

  // The async path: the same checks, made before anything is sent; a refusal fails the future.

  @Override
  public CompletableFuture<Optional<TableRow>> getAsync(
      String table, String partitionKey, String rowKey, Executor executor) {
    return Futures.start(() -> {
      checkKeys("a read of RowKey '" + rowKey + "'", table, partitionKey, rowKey);
      return store.getAsync(table, partitionKey, rowKey, executor);
    });
  }

  @Override
  public CompletableFuture<QueryResult> queryAsync(TableQuery query, Executor executor) {
    return Futures.start(() -> {
      checkRange(query);
      return store.queryAsync(query, executor).thenApply(result -> checkedRows(query, result));
    });
  }

  @Override
  public CompletableFuture<WriteResult> writeAsync(String table, WriteOperation operation, Executor executor) {
    return Futures.start(() -> {
      checkWrite(table, operation);
      return store.writeAsync(table, operation, executor);
    });
  }

  @Override
  public CompletableFuture<List<WriteResult>> batchAsync(
      String table, List<WriteOperation> operations, Executor executor) {
    return Futures.start(() -> {
      checkBatch(table, operations);
      return store.batchAsync(table, operations, executor);
    });
  }

  @Override
  public CompletableFuture<Boolean> createTableIfNotExistsAsync(String table, Executor executor) {
    return Futures.start(() -> {
      checkCreation(table);
      return store.createTableIfNotExistsAsync(table, executor);
    });
  }

  @Override
  public CompletableFuture<Boolean> tableExistsAsync(String table, Executor executor) {
    return Futures.start(() -> {
      checkExistence(table);
      return store.tableExistsAsync(table, executor);
    });
  }

  @Override
  public String name() {
    return store.name() + " (scoped)";
  }

  /** The store's values: reached only through writes and reads of rows that this view checked first. */
  @Override
  public Optional<io.tablemapper.spi.OutOfRowValues> outOfRowValues() {
    return store.outOfRowValues();
  }

  @Override
  public Optional<MapperScope> accessScope() {
    return Optional.of(scope);
  }

  /** Closes the store if this owns it; a view's leaves it open, for the mapper it was scoped from owns it. */
  @Override
  public void close() {
    if (ownsStore) {
      store.close();
    }
  }

  @Override
  public String toString() {
    return "ScopedBackend[" + store.name() + ", " + scope + "]";
  }
}
