package io.tablemapper.backend.h2;

import static io.tablemapper.backend.h2.Schema.ENTITIES;
import static io.tablemapper.backend.h2.Schema.PARTITION_LOCKS;
import static io.tablemapper.backend.h2.Schema.PROPERTIES;

import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.backend.h2.Catalog.TableRef;
import io.tablemapper.spi.EdmType;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Applies valid operations on one partition within the caller's transaction, atomically: it locks the partition,
 * evaluates every operation against the stored rows, and writes only if all succeed, with one new version and
 * Timestamp for every row it stores.
 *
 * <p>The partition's lock is its row in {@link Schema#PARTITION_LOCKS}, taken with {@code SELECT ... FOR UPDATE}
 * and held until the transaction ends, so writes to one partition are serialized (an If-Match race has exactly one
 * winner) while writes to other partitions proceed. A partition's first write creates its lock row while holding
 * the table's catalog lock ({@link Catalog}), and the write that empties a partition deletes it; a write waiting for
 * the lock of a partition that was deleted meanwhile creates it again.
 */
final class PartitionWriter {
  private static final int LOCK_ATTEMPTS = 3;

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
   * @throws TableNotFoundException if the table was deleted meanwhile
   */
  List<WriteResult> apply(Connection connection, TableRef table, String partitionKey, List<WriteOperation> operations)
      throws SQLException {
    byte[] partition = Encoding.text(partitionKey);
    if (!lockPartition(connection, table.id(), partition)) {
      throw new TableNotFoundException(
          "table '" + table.name() + "' was deleted while a write to it waited; create it again to write to it");
    }
    int count = operations.size();
    byte[][] rowKeys = new byte[count][];
    boolean[] existed = new boolean[count];
    List<Map<String, Object>> outcomes = new ArrayList<>(count);
    try (PreparedStatement selectVersion = connection.prepareStatement(
            "SELECT VERSION FROM " + ENTITIES + " WHERE TABLE_ID = ? AND PK = ? AND RK = ?");
        PreparedStatement selectProperties = connection.prepareStatement(
            "SELECT NAME, TYPE, VAL FROM " + PROPERTIES + " WHERE TABLE_ID = ? AND PK = ? AND RK = ? ORDER BY ORD")) {
      for (int i = 0; i < count; i++) {
        WriteOperation operation = operations.get(i);
        byte[] rowKey = Encoding.text(operation.row().rowKey());
        rowKeys[i] = rowKey;
        String storedEtag = storedEtag(selectVersion, table.id(), partition, rowKey);
        existed[i] = storedEtag != null;
        try {
          outcomes.add(WriteSemantics.outcome(table.name(), operation, storedEtag,
              () -> storedProperties(selectProperties, table.id(), partition, rowKey)));
        } catch (TableMapperException failure) {
          throw new Rejected(i, failure);
        }
      }
    }
    long version = Versions.nextVersion(connection);
    Instant timestamp = versions.nextTimestamp();
    store(connection, table.id(), partition, rowKeys, existed, outcomes, version, Encoding.instant(timestamp));
    WriteResult written = new WriteResult(Versions.etag(version), timestamp);
    WriteResult deleted = new WriteResult(null, null);
    List<WriteResult> results = new ArrayList<>(count);
    for (Map<String, Object> outcome : outcomes) {
      results.add(outcome == null ? deleted : written);
    }
    return results;
  }

  /** Takes the partition's lock, creating its lock row if need be; false if the table no longer exists. */
  private static boolean lockPartition(Connection connection, long tableId, byte[] partition) throws SQLException {
    for (int attempt = 1; ; attempt++) {
      if (lockExisting(connection, tableId, partition)) {
        return true;
      }
      if (!Catalog.lock(connection, tableId)) {
        return false;
      }
      if (lockExisting(connection, tableId, partition)) {
        return true;
      }
      try (PreparedStatement insert =
          connection.prepareStatement("INSERT INTO " + PARTITION_LOCKS + " (TABLE_ID, PK) VALUES (?, ?)")) {
        insert.setLong(1, tableId);
        insert.setBytes(2, partition);
        insert.executeUpdate();
        return true;
      } catch (SQLException e) {
        if (!SqlErrors.isDuplicateKey(e) || attempt == LOCK_ATTEMPTS) {
          throw e;
        }
      }
    }
  }

  private static boolean lockExisting(Connection connection, long tableId, byte[] partition) throws SQLException {
    try (PreparedStatement lock = connection.prepareStatement(
        "SELECT PK FROM " + PARTITION_LOCKS + " WHERE TABLE_ID = ? AND PK = ? FOR UPDATE")) {
      lock.setLong(1, tableId);
      lock.setBytes(2, partition);
      try (ResultSet result = lock.executeQuery()) {
        return result.next();
      }
    }
  }

  private static String storedEtag(PreparedStatement select, long tableId, byte[] partition, byte[] rowKey)
      throws SQLException {
    bindKeys(select, tableId, partition, rowKey);
    try (ResultSet result = select.executeQuery()) {
      return result.next() ? Versions.etag(result.getLong(1)) : null;
    }
  }

  private static Map<String, Object> storedProperties(
      PreparedStatement select, long tableId, byte[] partition, byte[] rowKey) throws SQLException {
    bindKeys(select, tableId, partition, rowKey);
    Map<String, Object> properties = new LinkedHashMap<>();
    try (ResultSet result = select.executeQuery()) {
      while (result.next()) {
        properties.put(result.getString(1), Encoding.value(result.getByte(2), result.getBytes(3)));
      }
    }
    return properties;
  }

  /**
   * Writes the outcomes: deletes, replaces (new version, properties rewritten) and inserts. The property rows under
   * the keys of every operation are deleted first, also for a row that did not exist: the write relies on nothing but
   * the entity row, so property rows that outlived theirs (see the package's notes on durability) are replaced, not
   * collided with or revived.
   */
  private static void store(Connection connection, long tableId, byte[] partition, byte[][] rowKeys,
      boolean[] existed, List<Map<String, Object>> outcomes, long version, byte[] timestamp) throws SQLException {
    boolean deletedAny = false;
    try (PreparedStatement deleteProperties = connection.prepareStatement(
            "DELETE FROM " + PROPERTIES + " WHERE TABLE_ID = ? AND PK = ? AND RK = ?");
        PreparedStatement deleteEntity = connection.prepareStatement(
            "DELETE FROM " + ENTITIES + " WHERE TABLE_ID = ? AND PK = ? AND RK = ?");
        PreparedStatement updateEntity = connection.prepareStatement(
            "UPDATE " + ENTITIES + " SET VERSION = ?, TS = ? WHERE TABLE_ID = ? AND PK = ? AND RK = ?");
        PreparedStatement insertEntity = connection.prepareStatement(
            "INSERT INTO " + ENTITIES + " (TABLE_ID, PK, RK, VERSION, TS) VALUES (?, ?, ?, ?, ?)");
        PreparedStatement insertProperty = connection.prepareStatement(
            "INSERT INTO " + PROPERTIES + " (TABLE_ID, PK, RK, NAME, ORD, TYPE, VAL) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
      for (int i = 0; i < rowKeys.length; i++) {
        Map<String, Object> outcome = outcomes.get(i);
        // Whether or not the entity row existed: property rows without one must not survive under its keys (they
        // would make this insert fail on the primary key of PROPERTIES, or show up as properties of the new row).
        bindKeys(deleteProperties, tableId, partition, rowKeys[i]);
        deleteProperties.addBatch();
        if (outcome == null) {
          bindKeys(deleteEntity, tableId, partition, rowKeys[i]);
          deleteEntity.addBatch();
          deletedAny = true;
          continue;
        }
        if (existed[i]) {
          updateEntity.setLong(1, version);
          updateEntity.setBytes(2, timestamp);
          updateEntity.setLong(3, tableId);
          updateEntity.setBytes(4, partition);
          updateEntity.setBytes(5, rowKeys[i]);
          updateEntity.addBatch();
        } else {
          bindKeys(insertEntity, tableId, partition, rowKeys[i]);
          insertEntity.setLong(4, version);
          insertEntity.setBytes(5, timestamp);
          insertEntity.addBatch();
        }
        int ordinal = 0;
        for (Map.Entry<String, Object> property : outcome.entrySet()) {
          bindKeys(insertProperty, tableId, partition, rowKeys[i]);
          insertProperty.setString(4, property.getKey());
          insertProperty.setShort(5, (short) ordinal++);
          insertProperty.setByte(6, Encoding.typeCode(EdmType.of(property.getValue())));
          insertProperty.setBytes(7, Encoding.value(property.getValue()));
          insertProperty.addBatch();
        }
      }
      deleteProperties.executeBatch();
      deleteEntity.executeBatch();
      updateEntity.executeBatch();
      insertEntity.executeBatch();
      insertProperty.executeBatch();
    }
    if (deletedAny) {
      releaseIfEmpty(connection, tableId, partition);
    }
  }

  /** Deletes the lock row of a partition left without rows; writes waiting for it then create it again. */
  private static void releaseIfEmpty(Connection connection, long tableId, byte[] partition) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(
        "SELECT 1 FROM " + ENTITIES + " WHERE TABLE_ID = ? AND PK = ? FETCH FIRST ROW ONLY")) {
      select.setLong(1, tableId);
      select.setBytes(2, partition);
      try (ResultSet result = select.executeQuery()) {
        if (result.next()) {
          return;
        }
      }
    }
    try (PreparedStatement delete =
        connection.prepareStatement("DELETE FROM " + PARTITION_LOCKS + " WHERE TABLE_ID = ? AND PK = ?")) {
      delete.setLong(1, tableId);
      delete.setBytes(2, partition);
      delete.executeUpdate();
    }
  }

  private static void bindKeys(PreparedStatement statement, long tableId, byte[] partition, byte[] rowKey)
      throws SQLException {
    statement.setLong(1, tableId);
    statement.setBytes(2, partition);
    statement.setBytes(3, rowKey);
  }
}
