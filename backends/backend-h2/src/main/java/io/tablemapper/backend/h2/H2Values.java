package io.tablemapper.backend.h2;

import io.tablemapper.spi.OutOfRowValues;
import io.tablemapper.spi.StoreLimits;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The H2 store's values stored out of rows: the SQL table {@value Schema#LARGE_VALUES} of the same database, keyed by
 * the table's name in lower case and the value's name, so that they live in the one file, are written in
 * transactions under the database's write lock like rows, and go with the file.
 */
final class H2Values implements OutOfRowValues {
  private static final String PUT = "MERGE INTO " + Schema.LARGE_VALUES + " (TABLE_KEY, NAME, STORED, DATA)"
      + " KEY (TABLE_KEY, NAME) VALUES (?, ?, ?, ?)";
  private static final String GET = "SELECT DATA FROM " + Schema.LARGE_VALUES + " WHERE TABLE_KEY = ? AND NAME = ?";
  private static final String DELETE = "DELETE FROM " + Schema.LARGE_VALUES + " WHERE TABLE_KEY = ? AND NAME = ?";
  private static final String LIST = "SELECT NAME, OCTET_LENGTH(DATA), STORED FROM " + Schema.LARGE_VALUES
      + " WHERE TABLE_KEY = ?";
  private static final String DELETE_ALL = "DELETE FROM " + Schema.LARGE_VALUES + " WHERE TABLE_KEY = ?";

  private final Database database;
  private final Clock clock;

  H2Values(Database database, Clock clock) {
    this.database = database;
    this.clock = clock;
  }

  private String key(String table) {
    if (database.isClosed()) {
      throw database.closedException();
    }
    StoreLimits.checkTableName(table);
    return table.toLowerCase(Locale.ROOT);
  }

  @Override
  public void put(String table, String name, byte[] value) {
    String key = key(table);
    OutOfRowValues.checkName(name);
    long stored = clock.millis();
    database.transaction(() -> "storing the value '" + name + "' of table '" + table + "'", session -> {
      PreparedStatement put = session.prepare(PUT);
      put.setString(1, key);
      put.setString(2, name);
      put.setLong(3, stored);
      put.setBytes(4, value);
      return put.executeUpdate();
    });
  }

  @Override
  public Optional<byte[]> get(String table, String name) {
    String key = key(table);
    return database.read(() -> "reading the value '" + name + "' of table '" + table + "'", session -> {
      PreparedStatement get = session.prepare(GET);
      get.setString(1, key);
      get.setString(2, name);
      try (ResultSet result = get.executeQuery()) {
        return result.next() ? Optional.of(result.getBytes(1)) : Optional.<byte[]>empty();
      }
    });
  }

  @Override
  public boolean delete(String table, String name) {
    String key = key(table);
    return database.transaction(() -> "deleting the value '" + name + "' of table '" + table + "'", session -> {
      PreparedStatement delete = session.prepare(DELETE);
      delete.setString(1, key);
      delete.setString(2, name);
      return delete.executeUpdate() > 0;
    });
  }

  @Override
  public List<StoredValue> list(String table) {
    String key = key(table);
    return database.read(() -> "listing the values of table '" + table + "'", session -> {
      PreparedStatement list = session.prepare(LIST);
      list.setString(1, key);
      List<StoredValue> values = new ArrayList<>();
      try (ResultSet result = list.executeQuery()) {
        while (result.next()) {
          values.add(new StoredValue(result.getString(1), result.getLong(2), Instant.ofEpochMilli(result.getLong(3))));
        }
      }
      return values;
    });
  }

  @Override
  public long deleteAll(String table) {
    String key = key(table);
    return database.transaction(() -> "deleting the values of table '" + table + "'", session -> {
      PreparedStatement delete = session.prepare(DELETE_ALL);
      delete.setString(1, key);
      return (long) delete.executeUpdate();
    });
  }
}
