package io.tablemapper.backend.h2;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One JDBC connection of a backend's pool with the statements it prepared, kept open for the connection's life and
 * used again by every later operation with the same SQL text: H2 parses and plans a statement once per connection
 * instead of on every call. A session is used by one thread at a time ({@link Database} lends it); statements
 * handed out are the session's, never closed by the caller.
 */
final class Session {
  /** The most statements kept per connection; the least recently used one is closed beyond that. */
  private static final int MAX_STATEMENTS = 96;

  final Connection connection;
  private final Map<String, PreparedStatement> statements = new LinkedHashMap<>(64, 0.75f, true);

  Session(Connection connection) {
    this.connection = connection;
  }

  /** The statement for {@code sql}, prepared on first use; its parameters are whatever the last use left. */
  PreparedStatement prepare(String sql) throws SQLException {
    PreparedStatement statement = statements.get(sql);
    if (statement == null) {
      statement = connection.prepareStatement(sql);
      statements.put(sql, statement);
      if (statements.size() > MAX_STATEMENTS) {
        Iterator<PreparedStatement> eldest = statements.values().iterator();
        PreparedStatement evicted = eldest.next();
        eldest.remove();
        evicted.close();
      }
    }
    return statement;
  }

  /** Closes the statements and the connection, keeping the first failure on {@code failure} if given. */
  void close(Throwable failure) {
    try {
      for (PreparedStatement statement : statements.values()) {
        statement.close();
      }
      statements.clear();
      connection.close();
    } catch (SQLException e) {
      if (failure != null) {
        failure.addSuppressed(e);
      }
    }
  }
}
