package io.tablemapper.backend.memory;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.spi.BatchRules;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.Values;
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
    switch (operation.kind()) {
      case INSERT:
        if (stored != null) {
          throw new EntityExistsException(
              "table '" + table + "': cannot " + operation + ": an entity with these keys already exists");
        }
        return copy(operation.row());
      case REPLACE:
        requireMatch(table, operation, stored);
        return copy(operation.row());
      case MERGE:
        requireMatch(table, operation, stored);
        return merge(table, stored, operation.row());
      case UPSERT_REPLACE:
        return copy(operation.row());
      case UPSERT_MERGE:
        return stored == null ? copy(operation.row()) : merge(table, stored, operation.row());
      case DELETE:
        requireMatch(table, operation, stored);
        return null;
      default:
        throw new AssertionError(operation.kind());
    }
  }

  private static void requireMatch(String table, WriteOperation operation, TableRow stored) {
    if (stored == null) {
      throw new EntityNotFoundException(
          "table '" + table + "': cannot " + operation + ": no entity with these keys exists");
    }
    if (operation.conditional() && !operation.ifMatch().equals(stored.etag())) {
      throw new ConcurrencyConflictException(
          "table '" + table + "': cannot " + operation + ": the entity changed since it was read (stored ETag "
              + stored.etag() + ")");
    }
  }

  /** A copy of the row's keys and properties that shares no array with the caller. */
  private static TableRow copy(TableRow row) {
    TableRow.Builder copy = TableRow.builder(row.partitionKey(), row.rowKey(), row.properties().size());
    putAll(copy, row.properties(), true);
    return copy.build();
  }

  /** The stored row with the changes merged in; it must itself be a valid row, as a replace of it would be. */
  private static TableRow merge(String table, TableRow stored, TableRow changes) {
    int size = stored.properties().size() + changes.properties().size();
    TableRow.Builder merged = TableRow.builder(stored.partitionKey(), stored.rowKey(), size);
    putAll(merged, stored.properties(), false);
    putAll(merged, changes.properties(), true);
    TableRow row = merged.build();
    BatchRules.checkOperation(table, WriteOperation.upsertReplace(row));
    return row;
  }

  private static void putAll(TableRow.Builder target, Map<String, Object> properties, boolean copyArrays) {
    for (Map.Entry<String, Object> property : properties.entrySet()) {
      Object value = property.getValue();
      target.put(property.getKey(), copyArrays && value instanceof byte[] ? Values.copy((byte[]) value) : value);
    }
  }
}
