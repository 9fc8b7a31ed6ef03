package io.tablemapper.backend.h2;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.spi.BatchRules;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one {@link WriteOperation} does, given what is stored under its keys, as the operation's Javadoc specifies:
 * the properties to store, null for a delete, or the specific exception.
 */
final class WriteSemantics {
  private WriteSemantics() {}

  /** The properties stored under an operation's keys, read only when a merge needs them. */
  @FunctionalInterface
  interface StoredProperties {
    Map<String, Object> read() throws SQLException;
  }

  /**
   * The properties an operation leaves under its keys, in order, or null if it deletes the row.
   *
   * @param storedEtag the ETag of the stored row, or null if there is none
   * @param stored the stored row's properties, read only for a merge of an existing row
   * @throws EntityExistsException for an insert of an existing row
   * @throws EntityNotFoundException for a replace, merge or delete of a missing row
   * @throws ConcurrencyConflictException for an If-Match ETag other than the stored one
   * @throws io.tablemapper.api.InvalidEntityException if a merge would leave a row beyond the store's limits
   */
  static Map<String, Object> outcome(
      String table, WriteOperation operation, String storedEtag, StoredProperties stored) throws SQLException {
    switch (operation.kind()) {
      case INSERT:
        if (storedEtag != null) {
          throw new EntityExistsException(
              "cannot " + operation + " in table '" + table + "': an entity with these keys exists");
        }
        return operation.row().properties();
      case REPLACE:
        requireMatch(table, operation, storedEtag);
        return operation.row().properties();
      case MERGE:
        requireMatch(table, operation, storedEtag);
        return merge(table, operation.row(), stored.read());
      case UPSERT_REPLACE:
        return operation.row().properties();
      case UPSERT_MERGE:
        return storedEtag == null ? operation.row().properties() : merge(table, operation.row(), stored.read());
      case DELETE:
        requireMatch(table, operation, storedEtag);
        return null;
      default:
        throw new AssertionError(operation.kind());
    }
  }

  private static void requireMatch(String table, WriteOperation operation, String storedEtag) {
    if (storedEtag == null) {
      throw new EntityNotFoundException(
          "cannot " + operation + " in table '" + table + "': no entity with these keys exists");
    }
    if (operation.conditional() && !operation.ifMatch().equals(storedEtag)) {
      throw new ConcurrencyConflictException(
          "cannot " + operation + " in table '" + table + "': the entity changed since it was read (its ETag is now "
              + storedEtag + ")");
    }
  }

  /** The stored properties with the row's merged in (replaced in place, new ones last), checked as a whole row. */
  private static Map<String, Object> merge(String table, TableRow changes, Map<String, Object> stored) {
    Map<String, Object> merged = new LinkedHashMap<>(stored);
    merged.putAll(changes.properties());
    TableRow row = TableRow.builder(changes.partitionKey(), changes.rowKey(), merged.size()).putAll(merged).build();
    BatchRules.checkOperation(table, WriteOperation.upsertReplace(row));
    return merged;
  }
}
