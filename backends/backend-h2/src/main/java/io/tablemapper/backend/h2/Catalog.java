package io.tablemapper.backend.h2;

import static io.tablemapper.backend.h2.Schema.ROWS;
import static io.tablemapper.backend.h2.Schema.TABLES;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The store's tables: created, found and deleted by name, case-insensitively (the name is kept as spelled at
 * creation, for messages), with the tables found kept in memory so that an operation needs no query for its table's
 * id. One catalog serves every backend on a database in this JVM ({@link Database.Shared}).
 *
 * <p>The cache stays right under concurrent deletes and re-creates. Table ids are never reused; a table is deleted
 * under the database's write lock, and {@link #forget forgotten} after that commits but before the lock is released,
 * which counts a deletion. Every cached table carries the count from before it was looked up. A read may use any
 * cached table (a read racing with a delete may see the table or not, as it would in SQL). A write, under the lock,
 * uses a cached table only if no deletion was counted since it was looked up, and otherwise asks the database
 * whether the id still exists ({@link #forWrite}): so no write ever stores rows under the id of a deleted table, and
 * no operation after {@code deleteTableIfExists} returned finds the table.
 */
final class Catalog {
  /** The tables by every spelling they were looked up with. */
  private final ConcurrentHashMap<String, Cached> byName = new ConcurrentHashMap<>();
  private final AtomicLong deletions = new AtomicLong();

  /** A table as stored: its id, which the rows of the table carry, and its name as created. */
  record TableRef(long id, String name) {}

  /** A table found, and the count of deletions before it was looked up. */
  private record Cached(TableRef table, long deletionsBefore) {}

  /** The table of that name, or null, for a read. */
  TableRef find(Session session, String table) throws SQLException {
    Cached cached = byName.get(table);
    return cached != null ? cached.table() : lookUp(session, table);
  }

  /** The table of that name, or null, for a write: called under the database's write lock. */
  TableRef forWrite(Session session, String table) throws SQLException {
    Cached cached = byName.get(table);
    if (cached != null) {
      long now = deletions.get();
      if (cached.deletionsBefore() == now) {
        return cached.table();
      }
      if (stillExists(session, cached.table().id())) {
        byName.put(table, new Cached(cached.table(), now));
        return cached.table();
      }
      byName.remove(table, cached);
    }
    return lookUp(session, table);
  }

  private TableRef lookUp(Session session, String table) throws SQLException {
    long before = deletions.get();
    PreparedStatement select = session.prepare("SELECT ID, NAME FROM " + TABLES + " WHERE NAME_KEY = ?");
    select.setString(1, key(table));
    TableRef found;
    try (ResultSet result = select.executeQuery()) {
      found = result.next() ? new TableRef(result.getLong(1), result.getString(2)) : null;
    }
    if (found != null) {
      Cached entry = new Cached(found, before);
      byName.put(table, entry);
      if (deletions.get() != before) {
        byName.remove(table, entry); // a table was deleted meanwhile, maybe this one: look it up again next time
      }
    }
    return found;
  }

  private static boolean stillExists(Session session, long tableId) throws SQLException {
    PreparedStatement select = session.prepare("SELECT 1 FROM " + TABLES + " WHERE ID = ?");
    select.setLong(1, tableId);
    try (ResultSet result = select.executeQuery()) {
      return result.next();
    }
  }

  /** Creates the table unless one of that name exists; returns whether it did. */
  static boolean create(Session session, String table) throws SQLException {
    PreparedStatement insert = session.prepare("INSERT INTO " + TABLES + " (NAME_KEY, NAME) VALUES (?, ?)");
    insert.setString(1, key(table));
    insert.setString(2, table);
    try {
      insert.executeUpdate();
      return true;
    } catch (SQLException e) {
      if (SqlErrors.isDuplicateKey(e)) {
        return false;
      }
      throw e;
    }
  }

  /**
   * Deletes the table and all its rows, within the caller's transaction (under the write lock); returns its id, or
   * null if it did not exist. The caller {@link #forget}s it once that commits.
   */
  static Long delete(Session session, String table) throws SQLException {
    PreparedStatement select = session.prepare("SELECT ID FROM " + TABLES + " WHERE NAME_KEY = ?");
    select.setString(1, key(table));
    Long id;
    try (ResultSet result = select.executeQuery()) {
      id = result.next() ? result.getLong(1) : null;
    }
    if (id == null) {
      return null;
    }
    for (String sql : new String[] {
      "DELETE FROM " + TABLES + " WHERE ID = ?", "DELETE FROM " + ROWS + " WHERE TABLE_ID = ?",
    }) {
      PreparedStatement delete = session.prepare(sql);
      delete.setLong(1, id);
      delete.executeUpdate();
    }
    return id;
  }

  /** Forgets a deleted table, by every spelling; called after its deletion committed, under the write lock. */
  void forget(long tableId) {
    deletions.incrementAndGet();
    byName.values().removeIf(cached -> cached.table().id() == tableId);
  }

  /** The names of the tables whose names start with the prefix (letters and digits), ignoring case, in order. */
  static List<String> list(Session session, String prefix) throws SQLException {
    PreparedStatement select =
        session.prepare("SELECT NAME FROM " + TABLES + " WHERE NAME_KEY LIKE ? ORDER BY NAME_KEY");
    select.setString(1, key(prefix) + "%"); // letters and digits only: nothing to escape
    List<String> names = new ArrayList<>();
    try (ResultSet result = select.executeQuery()) {
      while (result.next()) {
        names.add(result.getString(1));
      }
    }
    return names;
  }

  private static String key(String table) {
    return table.toLowerCase(Locale.ROOT);
  }
}
