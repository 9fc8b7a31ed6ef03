package io.tablemapper.backend.h2;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.sql.SQLException;
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
    operation.checkPrecondition(table, storedEtag);
    if (operation.kind() == WriteOperation.Kind.DELETE) {
      return null;
    }
    if (!operation.merges() || storedEtag == null) {
      return operation.row().properties();
    }
    TableRow storedRow = TableRow.builder(operation.row().partitionKey(), operation.row().rowKey())
        .putAll(stored.read())
        .build();
    return operation.mergedInto(table, storedRow).properties();
  }
}
