package io.tablemapper.benchmarks;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.List;

/**
 * The bulk baseline: {@link Reading}s in a plain SQL table on an H2 file with a column per property, keyed by the same
 * composed keys, written with prepared statements by hand, with the durability the H2 backend's files have (every
 * commit written to the file before it returns, {@code WRITE_DELAY=0}). A single write is one transaction; a batch
 * is one transaction of up to 100 rows, as an EGT is.
 */
final class RawJdbcReadings implements AutoCloseable {
  private final Connection connection;
  private final PreparedStatement insert;
  private final PreparedStatement delete;

  RawJdbcReadings(Path file) {
    try {
      connection = DriverManager.getConnection("jdbc:h2:file:async:" + file + ";WRITE_DELAY=0");
      try (Statement ddl = connection.createStatement()) {
        ddl.execute("CREATE TABLE IF NOT EXISTS readings (pk VARCHAR(1024) NOT NULL, rk VARCHAR(1024) NOT NULL,"
            + " meter VARCHAR(255), sequence BIGINT, taken_at TIMESTAMP WITH TIME ZONE, reading DOUBLE PRECISION,"
            + " unit VARCHAR(16), PRIMARY KEY (pk, rk))");
      }
      insert = connection.prepareStatement(
          "INSERT INTO readings (pk, rk, meter, sequence, taken_at, reading, unit) VALUES (?, ?, ?, ?, ?, ?, ?)");
      delete = connection.prepareStatement("DELETE FROM readings WHERE pk = ? AND rk = ?");
    } catch (SQLException e) {
      throw new IllegalStateException("cannot set up the raw JDBC baseline: " + e.getMessage(), e);
    }
  }

  void insert(Reading reading) throws SQLException {
    bindInsert(reading);
    insert.executeUpdate();
  }

  void insertAll(List<Reading> readings) throws SQLException {
    connection.setAutoCommit(false);
    try {
      for (Reading reading : readings) {
        bindInsert(reading);
        insert.executeUpdate();
      }
      connection.commit();
    } finally {
      connection.setAutoCommit(true);
    }
  }

  void delete(Reading reading) throws SQLException {
    delete.setString(1, reading.meter());
    delete.setString(2, rowKey(reading.sequence()));
    if (delete.executeUpdate() != 1) {
      throw new IllegalStateException("no row to delete: " + reading);
    }
  }

  void deleteAll(List<Reading> readings) throws SQLException {
    connection.setAutoCommit(false);
    try {
      for (Reading reading : readings) {
        delete(reading);
      }
      connection.commit();
    } finally {
      connection.setAutoCommit(true);
    }
  }

  private void bindInsert(Reading reading) throws SQLException {
    insert.setString(1, reading.meter());
    insert.setString(2, rowKey(reading.sequence()));
    insert.setString(3, reading.meter());
    insert.setLong(4, reading.sequence());
    insert.setTimestamp(5, Timestamp.from(reading.takenAt()));
    insert.setDouble(6, reading.value());
    insert.setString(7, reading.unit());
  }

  /** {@code {sequence:012}}, by hand. */
  static String rowKey(long sequence) {
    String digits = Long.toString(sequence);
    return "0".repeat(Math.max(0, 12 - digits.length())) + digits;
  }

  @Override
  public void close() {
    try {
      connection.close();
    } catch (SQLException e) {
      throw new IllegalStateException("cannot close the raw JDBC baseline: " + e.getMessage(), e);
    }
  }
}
