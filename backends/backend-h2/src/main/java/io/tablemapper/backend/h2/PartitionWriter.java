package io.tablemapper.backend.h2;

import static io.tablemapper.backend.h2.Schema.ROWS;

import io.tablemapper.api.TableMapperException;
import io.tablemapper.backend.h2.Catalog.TableRef;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Applies valid operations on one partition within the caller's transaction, which holds the database's write lock
 * ({@link Database#transaction}): it evaluates every operation against the stored row under its keys and writes it,
 * with one new version and Timestamp for every row it stores, and throws {@link Rejected} at the first operation
 * the stored state rejects, so that the transaction is rolled back whole.
 *
 * <p>Each operation costs one statement where it can: an insert is tried directly (the primary key reports an
 * existing row), an upsert-replace is a {@code MERGE}; a replace, merge, delete or upsert-merge reads the stored
 * version (and, for a merge, properties) first. Statements are the session's prepared ones, reused.
 */
final class PartitionWriter {
  private static final String SELECT =
      "SELECT VERSION, PROPS FROM " + ROWS + " WHERE TABLE_ID = ? AND PK = ? AND RK = ?";
  private static final String INSERT =
      "INSERT INTO " + ROWS + " (TABLE_ID, PK, RK, VERSION, TS, PROPS) VALUES (?, ?, ?, ?, ?, ?)";
  private static final String UPSERT = "MERGE INTO " + ROWS + " (TABLE_ID, PK, RK, VERSION, TS, PROPS)"
      + " KEY (TABLE_ID, PK, RK) VALUES (?, ?, ?, ?, ?, ?)";
  private static final String UPDATE =
      "UPDATE " + ROWS + " SET VERSION = ?, TS = ?, PROPS = ? WHERE TABLE_ID = ? AND PK = ? AND RK = ?";
  private static final String DELETE = "DELETE FROM " + ROWS + " WHERE TABLE_ID = ? AND PK = ? AND RK = ?";

  private static final WriteResult DELETED = new WriteResult(null, null);

  private final Versions versions;

  PartitionWriter(Versions versions) {
    this.versions = versions;
  }

  /** The first operation that the stored state rejected; nothing was written. */
  static final class Rejected extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final int index;
    final TableMapperException failure;

    Rejected(int index, TableMapperException failure) {
      super(failure.getMessage(), failure, false, false);
      this.index = index;
      this.failure = failure;
    }
  }

  /**
   * Applies the operations, all on {@code partitionKey}, each of a distinct row and valid by the store's rules.
   *
   * @return one result per operation
   * @throws Rejected naming the first operation the stored state rejects
   */
  List<WriteResult> apply(Session session, TableRef table, String partitionKey, List<WriteOperation> operations)
      throws SQLException {
    byte[] partition = Encoding.text(partitionKey);
    long version = Versions.nextVersion(session);
    long ticks = versions.nextTicks();
    WriteResult written = new WriteResult(Versions.etag(version), Versions.instant(ticks));
    int count = operations.size();
    List<WriteResult> results = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      WriteOperation operation = operations.get(i);
      byte[] rowKey = Encoding.text(operation.row().rowKey());
      try {
        boolean stored = write(session, table, partition, rowKey, operation, version, ticks);
        results.add(stored ? written : DELETED);
      } catch (TableMapperException failure) {
        throw new Rejected(i, failure);
      }
    }
    return results;
  }

  /** Writes one operation; returns false for a delete. */
  private static boolean write(Session session, TableRef table, byte[] partition, byte[] rowKey,
      WriteOperation operation, long version, long ticks) throws SQLException {
    switch (operation.kind()) {
      case INSERT:
        PreparedStatement insert = session.prepare(INSERT);
        bindRow(insert, table.id(), partition, rowKey, version, ticks, operation.row().properties());
        try {
          insert.executeUpdate();
        } catch (SQLException e) {
          if (!SqlErrors.isDuplicateKey(e)) {
            throw e;
          }
          Stored existing = stored(session, table.id(), partition, rowKey);
          if (existing == null) {
            throw e; // the primary key holds an entry that no read sees: let the failure say so
          }
          operation.checkPrecondition(table.name(), Versions.etag(existing.version));
        }
        return true;
      case UPSERT_REPLACE:
        PreparedStatement upsert = session.prepare(UPSERT);
        bindRow(upsert, table.id(), partition, rowKey, version, ticks, operation.row().properties());
        upsert.executeUpdate();
        return true;
      default:
        Stored existing = stored(session, table.id(), partition, rowKey);
        Map<String, Object> outcome = WriteSemantics.outcome(table.name(), operation,
            existing == null ? null : Versions.etag(existing.version), () -> existing.properties(operation.row()));
        if (outcome == null) {
          PreparedStatement delete = session.prepare(DELETE);
          delete.setLong(1, table.id());
          delete.setBytes(2, partition);
          delete.setBytes(3, rowKey);
          delete.executeUpdate();
          return false;
        }
        if (existing == null) {
          PreparedStatement added = session.prepare(INSERT);
          bindRow(added, table.id(), partition, rowKey, version, ticks, outcome);
          added.executeUpdate();
        } else {
          PreparedStatement update = session.prepare(UPDATE);
          update.setLong(1, version);
          update.setLong(2, ticks);
          update.setBytes(3, RowCodec.encode(outcome));
          update.setLong(4, table.id());
          update.setBytes(5, partition);
          update.setBytes(6, rowKey);
          update.executeUpdate();
        }
        return true;
    }
  }

  /** What is stored under a row's keys. */
  private record Stored(long version, byte[] props) {
    Map<String, Object> properties(TableRow keys) {
      TableRow.Builder row = TableRow.builder(keys.partitionKey(), keys.rowKey(), RowCodec.count(props));
      RowCodec.decodeInto(props, row);
      return row.build().properties();
    }
  }

  private static Stored stored(Session session, long tableId, byte[] partition, byte[] rowKey) throws SQLException {
    PreparedStatement select = session.prepare(SELECT);
    select.setLong(1, tableId);
    select.setBytes(2, partition);
    select.setBytes(3, rowKey);
    try (ResultSet result = select.executeQuery()) {
      return result.next() ? new Stored(result.getLong(1), result.getBytes(2)) : null;
    }
  }

  private static void bindRow(PreparedStatement statement, long tableId, byte[] partition, byte[] rowKey,
      long version, long ticks, Map<String, Object> properties) throws SQLException {
    statement.setLong(1, tableId);
    statement.setBytes(2, partition);
    statement.setBytes(3, rowKey);
    statement.setLong(4, version);
    statement.setLong(5, ticks);
    statement.setBytes(6, RowCodec.encode(properties));
  }
}
