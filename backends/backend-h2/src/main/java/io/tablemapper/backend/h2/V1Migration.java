package io.tablemapper.backend.h2;

import static io.tablemapper.backend.h2.Schema.META;
import static io.tablemapper.backend.h2.Schema.ROWS;
import static io.tablemapper.backend.h2.Schema.TABLES;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Migrates a file of schema version 1 (one SQL row per property) to version 2 (one SQL row per entity, {@link
 * RowCodec}) in place, when a backend opens it, under the database's write lock.
 *
 * <p>Crash-safe by being one transaction, and resumable: the new tables are created first (H2 commits DDL at
 * once, and they are empty), then one transaction empties {@code ROWS} (a previous attempt may have been cut short),
 * copies every entity of a table that exists with its properties in their stored order, its ETag version and its
 * Timestamp, and sets the version to 2. A crash before that commit leaves version 1 and its tables untouched, and
 * the next open starts again; after it, the next open finds version 2 and only drops the version-1 tables
 * ({@link #dropLeftovers}), which no longer matter. Property rows without their entity row, which a killed writer of
 * version 1 could leave (see the package notes), and rows of deleted tables are not copied.
 */
final class V1Migration {
  static final String ENTITIES = "TABLEMAPPER.ENTITIES";
  static final String PROPERTIES = "TABLEMAPPER.PROPERTIES";
  static final String PARTITION_LOCKS = "TABLEMAPPER.PARTITION_LOCKS";

  /** Entities inserted per JDBC batch while copying. */
  private static final int BATCH = 500;

  private V1Migration() {}

  /** Migrates the version-1 data of the database, or fails leaving it as it was. */
  static void migrate(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      // the copy reads all entities in one query while it inserts; H2 holds (or spills) the result, as queries
      // here run eagerly (Database.open)
      for (String ddl : Schema.CREATE) {
        statement.execute(ddl);
      }
    }
    connection.setAutoCommit(false);
    try {
      copy(connection);
      try (PreparedStatement update = connection.prepareStatement("UPDATE " + META + " SET VAL = ? WHERE NAME = ?")) {
        update.setString(1, Integer.toString(Schema.VERSION));
        update.setString(2, Schema.VERSION_KEY);
        update.executeUpdate();
      }
      connection.commit();
    } catch (SQLException | RuntimeException e) {
      try {
        connection.rollback();
      } catch (SQLException rollbackFailed) {
        e.addSuppressed(rollbackFailed);
      }
      throw e;
    } finally {
      connection.setAutoCommit(true);
    }
    dropLeftovers(connection);
  }

  /**
   * Drops the version-1 tables, if a migration left them (idempotent). Looks first, so that opening a current file
   * runs no DDL.
   */
  static void dropLeftovers(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      boolean left;
      try (ResultSet found = statement.executeQuery("SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES"
          + " WHERE TABLE_SCHEMA = 'TABLEMAPPER' AND TABLE_NAME IN ('PROPERTIES', 'ENTITIES', 'PARTITION_LOCKS')")) {
        left = found.next() && found.getLong(1) > 0;
      }
      if (left) {
        for (String table : new String[] {PROPERTIES, ENTITIES, PARTITION_LOCKS}) {
          statement.execute("DROP TABLE IF EXISTS " + table);
        }
      }
    }
  }

  private static void copy(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.executeUpdate("DELETE FROM " + ROWS);
    }
    String select = "SELECT e.TABLE_ID, e.PK, e.RK, e.VERSION, e.TS, p.NAME, p.TYPE, p.VAL FROM " + ENTITIES + " e"
        + " JOIN " + TABLES + " t ON t.ID = e.TABLE_ID"
        + " LEFT JOIN " + PROPERTIES + " p ON p.TABLE_ID = e.TABLE_ID AND p.PK = e.PK AND p.RK = e.RK"
        + " ORDER BY e.TABLE_ID, e.PK, e.RK, p.ORD";
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(select);
        PreparedStatement insert = connection.prepareStatement(
            "INSERT INTO " + ROWS + " (TABLE_ID, PK, RK, VERSION, TS, PROPS) VALUES (?, ?, ?, ?, ?, ?)")) {
      long tableId = 0;
      byte[] partitionKey = null;
      byte[] rowKey = null;
      long version = 0;
      long ticks = 0;
      Map<String, Object> properties = null;
      int pending = 0;
      while (result.next()) {
        long nextTable = result.getLong(1);
        byte[] nextPartition = result.getBytes(2);
        byte[] nextRow = result.getBytes(3);
        if (properties == null || nextTable != tableId || !Arrays.equals(nextPartition, partitionKey)
            || !Arrays.equals(nextRow, rowKey)) {
          if (properties != null) {
            add(insert, tableId, partitionKey, rowKey, version, ticks, properties);
            if (++pending == BATCH) {
              insert.executeBatch();
              pending = 0;
            }
          }
          tableId = nextTable;
          partitionKey = nextPartition;
          rowKey = nextRow;
          version = result.getLong(4);
          ticks = Versions.ticks(Encoding.instant(result.getBytes(5)));
          properties = new LinkedHashMap<>();
        }
        String name = result.getString(6);
        if (name != null) {
          properties.put(name, Encoding.value(result.getByte(7), result.getBytes(8)));
        }
      }
      if (properties != null) {
        add(insert, tableId, partitionKey, rowKey, version, ticks, properties);
        pending++;
      }
      if (pending > 0) {
        insert.executeBatch();
      }
    }
  }

  private static void add(PreparedStatement insert, long tableId, byte[] partitionKey, byte[] rowKey, long version,
      long ticks, Map<String, Object> properties) throws SQLException {
    insert.setLong(1, tableId);
    insert.setBytes(2, partitionKey);
    insert.setBytes(3, rowKey);
    insert.setLong(4, version);
    insert.setLong(5, ticks);
    insert.setBytes(6, RowCodec.encode(properties));
    insert.addBatch();
  }
}
