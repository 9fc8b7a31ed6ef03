package io.tablemapper.backend.memory;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.util.Map;

/**
 * What one write operation does to the stored row with its keys, as {@link WriteOperation}'s Javadoc specifies:
 * the row to store (without ETag and Timestamp yet), {@code null} for a delete, or the specific exception.
 */
final class Writes {
  private Writes() {}

  /**
   * The row an operation leaves behind, given the row stored under its keys (null if none); null for a delete.
   * The result owns its property map and binary values.
   *
   * @throws EntityExistsException for an insert of an existing row
   * @throws EntityNotFoundException for a replace, merge or delete of a missing row
   * @throws ConcurrencyConflictException for an If-Match ETag other than the stored one
   * @throws io.tablemapper.api.InvalidEntityException if a merge would leave a row that breaks the entity rules
   */
  static TableRow evaluate(String table, WriteOperation operation, TableRow stored) {
    operation.checkPrecondition(table, stored == null ? null : stored.etag());
    if (operation.kind() == WriteOperation.Kind.DELETE) {
      return null;
    }
    return copy(operation.merges() && stored != null ? operation.mergedInto(table, stored) : operation.row());
  }

  /** A copy of the row's keys and properties that shares no array with the caller (nor with the stored row). */
  private static TableRow copy(TableRow row) {
    TableRow.Builder copy = TableRow.builder(row.partitionKey(), row.rowKey(), row.properties().size());
    for (Map.Entry<String, Object> property : row.properties().entrySet()) {
      Object value = property.getValue();
      copy.put(property.getKey(), value instanceof byte[] ? ((byte[]) value).clone() : value);
    }
    return copy.build();
  }
}
