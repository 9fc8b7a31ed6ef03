package io.tablemapper.runtime.store;

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
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.observe.ObservedBackend;
import io.tablemapper.runtime.mapping.TypeRegistry;

/**
 * The store as a scoped view of a mapper sees it ({@link io.tablemapper.api.TableMapper#scoped}): every request is
 * checked against the {@link MapperScope} before it is passed on, so whatever part of the mapper makes it —
 * repository, partition, batch, dynamic table, index read, continued page — nothing outside the scope is sent. A
 * query must lie wholly within the scope. Also a mapper's own backend when its credentials name a scope ({@link
 * TableBackend#accessScope}).
 *
 * <p>Within the scope, a view sees and changes only rows whose holders the scope holds ({@link ScopeRows}): the
 * copies, claims and key-list entries of another tenant's entities in an index table or partition the tenants share
 * are not there for it — a point read finds nothing, a query skips them ({@link ScopedPages}, whose tokens name only
 * rows the view returned), and a write that would replace, merge into or delete such a row is refused
 * ({@link OutOfScopeException}) without naming it. So that no other writer's row takes the place of the one checked,
 * such a write is sent conditional on the ETag of the row read (an upsert of a missing row as an insert), and sent
 * again, checked again, when that row changed in between ({@link GuardedWrites}). A mapper's own backend limited to its credentials checks
 * keys only: its store applies the credentials' rules to what it returns.
 */
public final class ScopedBackend implements TableBackend {
  private final TableBackend store;
  private final MapperScope scope;
  private final boolean ownsStore;
  /**
   * What a view may see of the rows its scope's keys admit; null for a mapper's own backend limited to its
   * credentials, whose store applies the credentials' rules itself (this only checks keys before the store would).
   */
  private final ScopeRows rows;
  /** The writes of a view, each checked against the row it would change; null where {@link #rows} is. */
  private final GuardedWrites guarded;

  /**
   * The store limited to a scope.
   *
   * @param ownsStore whether closing this closes the store: a mapper's own backend limited to the scope of its
   *     credentials, not a view's
   */
  public ScopedBackend(TableBackend store, MapperScope scope, boolean ownsStore) {
    this.store = store;
    this.scope = scope;
    this.ownsStore = ownsStore;
    this.rows = ownsStore ? null : new ScopeRows(scope);
    this.guarded = rows == null ? null : new GuardedWrites(store, scope, rows);
  }

  /**
   * Resolves the entity types of key lists (whose entries name no table) through the mappings of a mapper over this
   * backend, and of the backends of the views it is a view of; a list of a type none of them knows shows the view no
   * entry.
   */
  public void resolveListsWith(Discriminator discriminator, TypeRegistry registry) {
    if (rows != null) {
      rows.resolveListsWith(discriminator, registry);
    }
    ScopedBackend viewed = of(store);
    if (viewed != null) {
      viewed.resolveListsWith(discriminator, registry); // a view of a view: the lists it reads pass both
    }
  }

  /** A mapper's backend: limited to the scope of its credentials if it names one, else itself. */
  public static TableBackend ofCredentials(TableBackend backend) {
    if (backend instanceof ScopedBackend) {
      return backend; // a view's, limited already
    }
    Optional<MapperScope> scope = backend.accessScope();
    return scope.isPresent() ? new ScopedBackend(backend, scope.get(), true) : backend;
  }

  /** The scoped backend a mapper's requests go through (under its operation listeners), or null. */
  private static ScopedBackend of(TableBackend backend) {
    TableBackend used = backend instanceof ObservedBackend observed ? observed.observed() : backend;
    return used instanceof ScopedBackend scoped ? scoped : null;
  }

  /**
   * The scoped view a mapper's requests go through (under its operation listeners), or null: what the write path
   * checks its writes against before it sends anything ({@code ScopeChecks}).
   */
  public static ScopedBackend viewOf(TableBackend backend) {
    return of(backend);
  }

  /** The scope this backend holds. */
  public MapperScope scope() {
    return scope;
  }

  /** Whether this is a scoped view of a mapper (which resolves rows to their holders), not a credential's scope. */
  public boolean isView() {
    return rows != null;
  }

  /**
   * Refuses a request that addresses keys outside the scope.
   *
   * @throws OutOfScopeException naming {@code what}, the table and the partition
   */
  public void checkKeys(String what, String table, String partitionKey, String rowKey) {
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
    return seen(table, store.get(table, partitionKey, rowKey));
  }

  /** What the view sees of a row read by its keys: nothing, when it stands for an entity outside the scope. */
  private Optional<TableRow> seen(String table, Optional<TableRow> row) {
    return row.isEmpty() || rows == null ? row : Optional.ofNullable(rows.visible(table, row.get()));
  }

  /** The profile of the store this one wraps. */
  @Override
  public io.tablemapper.spi.StoreProfile profile() {
    return store.profile();
  }

  /** The description of the store this one wraps. */
  @Override
  public io.tablemapper.spi.StoreDescription description() {
    return store.description();
  }

  @Override
  public QueryResult query(TableQuery query) {
    checkRange(query);
    if (rows == null) {
      return checkedRows(query, store.query(query));
    }
    return Futures.join(ScopedPages.page(query, rows.withHolders(query.select()), store.profile().ordered(),
        page -> Futures.start(() -> CompletableFuture.completedFuture(store.query(page))),
        row -> rows.visible(query.table(), row)));
  }

  private void checkRange(TableQuery query) {
    if (!scope.allowsRange(query.table(), query.partitionFrom(), query.partitionTo(), query.rowFrom(),
        query.rowTo())) {
      throw refused("a query of table " + query.table() + " over " + describeRange(query)
          + " (a query must lie wholly within the scope: bind its PartitionKey)");
    }
  }

  /** A credential scope's page: the store's, each row checked against the scope's keys. */
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
    if (rows == null) {
      return store.write(table, operation);
    }
    return Futures.join(guarded.blocking(table, List.of(operation))).get(0);
  }

  private void checkWrite(String table, WriteOperation operation) {
    checkKeys("a " + operation.kind().name().toLowerCase(Locale.ROOT) + " of RowKey '"
        + operation.row().rowKey() + "'", table, operation.row().partitionKey(), operation.row().rowKey());
    checkHolders(table, operation);
  }

  /** Refuses a row whose holders lie outside the scope: a copy or list the view writes stands for its own entities. */
  private void checkHolders(String table, WriteOperation operation) {
    if (rows != null && !rows.owns(table, operation.row())) {
      throw refused("a " + operation.kind().name().toLowerCase(Locale.ROOT) + " of RowKey '"
          + operation.row().rowKey() + "' in table " + table + ", partition '" + operation.row().partitionKey()
          + "' naming an entity that");
    }
  }

  @Override
  public List<WriteResult> batch(String table, List<WriteOperation> operations) {
    checkBatch(table, operations);
    if (rows == null) {
      return store.batch(table, operations);
    }
    return Futures.join(guarded.blocking(table, operations));
  }

  private void checkBatch(String table, List<WriteOperation> operations) {
    for (WriteOperation operation : operations) {
      checkKeys("a batch with a " + operation.kind().name().toLowerCase(Locale.ROOT)
          + " of RowKey '" + operation.row().rowKey() + "'", table, operation.row().partitionKey(),
          operation.row().rowKey());
      checkHolders(table, operation);
    }
  }

  // The async path: the same checks, made before anything is sent; a refusal fails the future.

  @Override
  public CompletableFuture<Optional<TableRow>> getAsync(
      String table, String partitionKey, String rowKey, Executor executor) {
    return Futures.start(() -> {
      checkKeys("a read of RowKey '" + rowKey + "'", table, partitionKey, rowKey);
      return store.getAsync(table, partitionKey, rowKey, executor).thenApply(row -> seen(table, row));
    });
  }

  @Override
  public CompletableFuture<QueryResult> queryAsync(TableQuery query, Executor executor) {
    return Futures.start(() -> {
      checkRange(query);
      if (rows == null) {
        return store.queryAsync(query, executor).thenApply(result -> checkedRows(query, result));
      }
      return ScopedPages.page(query, rows.withHolders(query.select()), store.profile().ordered(),
          page -> store.queryAsync(page, executor), row -> rows.visible(query.table(), row));
    });
  }

  @Override
  public CompletableFuture<WriteResult> writeAsync(String table, WriteOperation operation, Executor executor) {
    return Futures.start(() -> {
      checkWrite(table, operation);
      if (rows == null) {
        return store.writeAsync(table, operation, executor);
      }
      return guarded.async(table, List.of(operation), executor).thenApply(written -> written.get(0));
    });
  }

  @Override
  public CompletableFuture<List<WriteResult>> batchAsync(
      String table, List<WriteOperation> operations, Executor executor) {
    return Futures.start(() -> {
      checkBatch(table, operations);
      if (rows == null) {
        return store.batchAsync(table, operations, executor);
      }
      return guarded.async(table, operations, executor);
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
