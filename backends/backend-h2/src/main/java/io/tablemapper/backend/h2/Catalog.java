package io.tablemapper.backend.h2;

import static io.tablemapper.backend.h2.Schema.ENTITIES;
import static io.tablemapper.backend.h2.Schema.PARTITION_LOCKS;
import static io.tablemapper.backend.h2.Schema.PROPERTIES;
import static io.tablemapper.backend.h2.Schema.TABLES;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Locale;

/**
 * The store's tables: created, found and deleted by name, case-insensitively (the name is kept as spelled at
 * creation, for messages).
 *
 * <p>Deleting a table takes its catalog row's lock, then every partition lock of the table, waiting for the writes
 * that hold them, and only then deletes the rows: a write either finished before (and its rows are deleted with
 * the table) or finds the table gone. A write that creates a partition takes the catalog row's lock for that, so no
 * partition can appear in a table being deleted.
 */
final class Catalog {
  private Catalog() {}

  /** A table as stored: its id, which the rows of the table carry, and its name as created. */
  record TableRef(long id, String name) {}

  /** The table of that name, or null. */
  static TableRef find(Connection connection, String table) throws SQLException {
    try (PreparedStatement select =
        connection.prepareStatement("SELECT ID, NAME FROM " + TABLES + " WHERE NAME_KEY = ?")) {
      select.setString(1, key(table));
      try (ResultSet result = select.executeQuery()) {
        return result.next() ? new TableRef(result.getLong(1), result.getString(2)) : null;
      }
    }
  }

  /** Creates the table unless one of that name exists (in auto-commit mode); returns whether it did. */
  static boolean create(Connection connection, String table) throws SQLException {
    try (PreparedStatement insert =
        connection.prepareStatement("INSERT INTO " + TABLES + " (NAME_KEY, NAME) VALUES (?, ?)")) {
      insert.setString(1, key(table));
      insert.setString(2, table);
      insert.executeUpdate();
      return true;
    } catch (SQLException e) {
      if (SqlErrors.isDuplicateKey(e)) {
        return false;
      }
      throw e;
    }
  }

  /** Deletes the table and all its rows, within the caller's transaction; returns whether it existed. */
  static boolean delete(Connection connection, String table) throws SQLException {
    Long id;
    try (PreparedStatement lock =
        connection.prepareStatement("SELECT ID FROM " + TABLES + " WHERE NAME_KEY = ? FOR UPDATE")) {
      lock.setString(1, key(table));
      try (ResultSet result = lock.executeQuery()) {
        id = result.next() ? result.getLong(1) : null;
      }
    }
    if (id == null) {
      return false;
    }
    for (String sql : new String[] {
      "DELETE FROM " + TABLES + " WHERE ID = ?",
      "DELETE FROM " + PARTITION_LOCKS + " WHERE TABLE_ID = ?",
      "DELETE FROM " + PROPERTIES + " WHERE TABLE_ID = ?",
      "DELETE FROM " + ENTITIES + " WHERE TABLE_ID = ?",
    }) {
      try (PreparedStatement delete = connection.prepareStatement(sql)) {
        delete.setLong(1, id);
        delete.executeUpdate();
      }
    }
    return true;
  }

  /**
   * Locks the table's catalog row until the transaction ends, as a write that creates a partition does; returns
   * false if the table no longer exists.
   */
  static boolean lock(Connection connection, long tableId) throws SQLException {
    try (PreparedStatement lock = connection.prepareStatement("SELECT ID FROM " + TABLES + " WHERE ID = ? FOR UPDATE")) {
      lock.setLong(1, tableId);
      try (ResultSet result = lock.executeQuery()) {
        return result.next();
      }
    }
  }

  private static String key(String table) {
    return table.toLowerCase(Locale.ROOT);
  }
}
