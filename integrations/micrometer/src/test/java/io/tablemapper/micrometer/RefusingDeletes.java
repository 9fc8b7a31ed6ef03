package io.tablemapper.micrometer;

import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.StoreDescription;
import io.tablemapper.spi.StoreProfile;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.util.List;
import java.util.Optional;

/**
 * A store that refuses, as unreachable, every delete of one row in one partition: the step of pending work that
 * deletes an index's old copy there fails, and the work is left recorded for a completer. Closing it leaves the store
 * open, for the mappers that complete the work over it.
 */
final class RefusingDeletes implements TableBackend {
  private final TableBackend store;
  private final String partitionKey;

  RefusingDeletes(TableBackend store, String partitionKey) {
    this.store = store;
    this.partitionKey = partitionKey;
  }

  @Override
  public WriteResult write(String table, WriteOperation operation) {
    if (operation.kind() == WriteOperation.Kind.DELETE && operation.row().partitionKey().equals(partitionKey)) {
      throw new StoreUnavailableException("the test's store refuses deletes in partition " + partitionKey);
    }
    return store.write(table, operation);
  }

  @Override
  public StoreProfile profile() {
    return store.profile();
  }

  @Override
  public StoreDescription description() {
    return store.description();
  }

  @Override
  public boolean createTableIfNotExists(String table) {
    return store.createTableIfNotExists(table);
  }

  @Override
  public boolean deleteTableIfExists(String table) {
    return store.deleteTableIfExists(table);
  }

  @Override
  public boolean tableExists(String table) {
    return store.tableExists(table);
  }

  @Override
  public List<String> listTables(String prefix) {
    return store.listTables(prefix);
  }

  @Override
  public Optional<TableRow> get(String table, String partitionKey, String rowKey) {
    return store.get(table, partitionKey, rowKey);
  }

  @Override
  public QueryResult query(TableQuery query) {
    return store.query(query);
  }

  @Override
  public List<WriteResult> batch(String table, List<WriteOperation> operations) {
    return store.batch(table, operations);
  }

  @Override
  public String name() {
    return store.name();
  }

  @Override
  public void close() {
    // the store stays open for the next mapper
  }
}
