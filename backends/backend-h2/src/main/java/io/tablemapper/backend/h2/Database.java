package io.tablemapper.backend.h2;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.h2.jdbcx.JdbcConnectionPool;

/**
 * The connections of one backend to its H2 database: a pool that threads borrow a connection from for one
 * operation, and an anchor connection held from opening to closing, which keeps an in-memory database alive and
 * makes opening fail at once (file in use, damaged, of another schema version) rather than at the first write.
 *
 * <p>H2 closes an embedded database when its last connection closes, so after {@link #close()} a file is closed
 * cleanly as soon as operations still running have returned their connections; another backend on the same file in
 * this JVM keeps it open, and shares it.
 */
final class Database {
  /** How long an operation waits for a free connection before it fails. */
  static final int CONNECTION_WAIT_SECONDS = 30;
  /** How long a write waits for the lock of its partition (held by another write) before it fails. */
  static final int LOCK_TIMEOUT_MILLIS = 30_000;
  /** Connections in use at once; more concurrent operations wait for one. */
  private static final int MAX_CONNECTIONS = 32;

  /** What the database is, for messages: {@code the H2 database /data/company.mv.db}. */
  final String description;
  private final JdbcConnectionPool pool;
  private final Connection anchor;
  private final AtomicBoolean closed = new AtomicBoolean();

  /** Work done with a connection. */
  @FunctionalInterface
  interface Work<T> {
    T run(Connection connection) throws SQLException;
  }

  private Database(String description, JdbcConnectionPool pool, Connection anchor) {
    this.description = description;
    this.pool = pool;
    this.anchor = anchor;
  }

  /**
   * Opens the database at {@code url} and creates or checks its schema.
   *
   * @param url a JDBC URL without settings
   * @param durable whether every commit is written to the file before it returns (no write delay)
   * @throws io.tablemapper.api.StoreUnavailableException if the database is in use by another process, damaged,
   *     or of another schema version
   */
  static Database open(String url, boolean durable, String description) {
    // A write prepares about ten statements: a larger cache of parsed statements per connection keeps them all.
    // Failures reach the caller as exceptions, so H2 writes no trace file beside the database.
    String settings = ";LOCK_TIMEOUT=" + LOCK_TIMEOUT_MILLIS + ";QUERY_CACHE_SIZE=64;TRACE_LEVEL_FILE=0"
        + (durable ? ";WRITE_DELAY=0" : "");
    JdbcConnectionPool pool = JdbcConnectionPool.create(url + settings, "", "");
    pool.setMaxConnections(MAX_CONNECTIONS);
    pool.setLoginTimeout(CONNECTION_WAIT_SECONDS);
    Connection anchor = null;
    try {
      anchor = pool.getConnection();
      Schema.open(anchor, description);
      return new Database(description, pool, anchor);
    } catch (SQLException | RuntimeException e) {
      closeQuietly(anchor, e);
      pool.dispose();
      if (e instanceof SQLException) {
        throw SqlErrors.translate((SQLException) e, null, description);
      }
      throw (RuntimeException) e;
    }
  }

  /** Runs {@code work} on a connection in auto-commit mode: each statement sees the data committed when it starts. */
  <T> T read(String what, Work<T> work) {
    try (Connection connection = borrow()) {
      return work.run(connection);
    } catch (SQLException e) {
      throw SqlErrors.translate(e, what, description);
    }
  }

  /**
   * Runs {@code work} in one transaction: committed if it returns, rolled back if it throws, so that it is applied
   * whole or not at all.
   */
  <T> T transaction(String what, Work<T> work) {
    try (Connection connection = borrow()) {
      connection.setAutoCommit(false);
      try {
        T result = work.run(connection);
        connection.commit();
        return result;
      } catch (SQLException | RuntimeException | Error e) {
        try {
          connection.rollback();
        } catch (SQLException rollbackFailed) {
          e.addSuppressed(rollbackFailed);
        }
        throw e;
      }
    } catch (SQLException e) {
      throw SqlErrors.translate(e, what, description);
    }
  }

  /** Whether {@link #close()} was called. */
  boolean isClosed() {
    return closed.get();
  }

  /** Stops lending connections and closes the idle ones and the anchor; idempotent. */
  void close() {
    if (closed.compareAndSet(false, true)) {
      pool.dispose();
      closeQuietly(anchor, null);
    }
  }

  private Connection borrow() throws SQLException {
    if (closed.get()) {
      throw closedException();
    }
    try {
      return pool.getConnection();
    } catch (IllegalStateException disposed) {
      throw closedException();
    }
  }

  /** The exception for any use after {@link #close()}. */
  IllegalStateException closedException() {
    return new IllegalStateException(
        "the H2 backend on " + description + " is closed; open a new one with H2Backend.file or H2Backend.inMemory");
  }

  private static void closeQuietly(Connection connection, Throwable failure) {
    if (connection == null) {
      return;
    }
    try {
      connection.close();
    } catch (SQLException e) {
      if (failure != null) {
        failure.addSuppressed(e);
      }
    }
  }
}
