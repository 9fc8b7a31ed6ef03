package io.tablemapper.backend.h2;

import io.tablemapper.api.TableMapperException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.h2.jdbcx.JdbcConnectionPool;

/**
 * The connections of one backend to its H2 database: a pool that threads borrow a connection from for one
 * operation, and an anchor connection held from opening to closing, which keeps an in-memory database alive and
 * makes opening fail at once (file in use, damaged, of another schema version) rather than at the first write.
 *
 * <p>H2 closes an embedded database when its last connection closes, so after {@link #close()} a file is closed
 * cleanly as soon as operations still running have returned their connections; another backend on the same file in
 * this JVM keeps it open, and shares it.
 *
 * <p><b>One write transaction at a time.</b> Every transaction that changes the database ({@link #transaction})
 * holds the database's write lock, shared by all backends on the database in this JVM (H2 lets one process open a
 * file), from its first statement until after its commit. H2's MVStore makes each commit durable by storing the
 * changed maps (tables, indexes, undo logs) to the file one after the other while other threads go on changing
 * them, so a store taken while another transaction is half-written can hold some of that transaction's changes
 * without the undo-log records that would roll them back; if the process is then killed, those changes are in the
 * file as if committed (H2 issue #2080: a snapshot is consistent per map, not across maps). That is how a killed
 * writer could leave rows of a batch it never committed, such as property rows without their entity row, which
 * {@code CrashRecoveryTest} once met as "Unique index or primary key violation" on {@code TABLEMAPPER.PROPERTIES}.
 * With one writer at a time, the only stores are the ones a committing transaction makes of its own complete
 * changes (with {@code WRITE_DELAY=0} the background writer is off), and those H2 makes in the writer's own thread
 * when unsaved pages pile up, which see its undo records with its changes. Reads take no lock.
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
  private final WriteLock writeLock;
  private final AtomicBoolean closed = new AtomicBoolean();

  /** Work done with a connection. */
  @FunctionalInterface
  interface Work<T> {
    T run(Connection connection) throws SQLException;
  }

  private Database(String description, JdbcConnectionPool pool, Connection anchor, WriteLock writeLock) {
    this.description = description;
    this.pool = pool;
    this.anchor = anchor;
    this.writeLock = writeLock;
  }

  /**
   * Opens the database at {@code url} and creates or checks its schema.
   *
   * @param url a JDBC URL without settings
   * @param durable whether every commit is written to the file before it returns (no write delay)
   * @throws IllegalStateException if the database is in use by another process, damaged, or of another schema
   *     version
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
    WriteLock writeLock = WriteLock.of(url);
    try {
      anchor = pool.getConnection();
      writeLock.lock("opening", description);
      try {
        Schema.open(anchor, description);
      } finally {
        writeLock.unlock();
      }
      return new Database(description, pool, anchor, writeLock);
    } catch (SQLException | RuntimeException e) {
      closeQuietly(anchor, e);
      pool.dispose();
      writeLock.release();
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
   * Runs {@code work} in one transaction, holding the database's write lock until it has committed or rolled back:
   * committed if it returns, rolled back if it throws, so that it is applied whole or not at all.
   */
  <T> T transaction(String what, Work<T> work) {
    writeLock.lock(what, description);
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
    } finally {
      writeLock.unlock();
    }
  }

  /** Whether a transaction holds the database's write lock (for tests). */
  boolean isWriteLocked() {
    return writeLock.isLocked();
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
      writeLock.release();
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

  /**
   * The write lock of one database, shared by the backends that have it open in this JVM and forgotten when the last
   * one closes. Taking it ignores interrupts (the thread's interrupt is kept for its caller), as H2's own writes do.
   */
  static final class WriteLock {
    private static final Map<String, WriteLock> OPEN = new HashMap<>();

    private final String url;
    private final ReentrantLock lock = new ReentrantLock();
    private int users;

    private WriteLock(String url) {
      this.url = url;
    }

    /** The lock of the database at {@code url}, counted as used until {@link #release()}. */
    static WriteLock of(String url) {
      synchronized (OPEN) {
        WriteLock found = OPEN.computeIfAbsent(url, WriteLock::new);
        found.users++;
        return found;
      }
    }

    /** Drops one use; the last one forgets the lock. */
    void release() {
      synchronized (OPEN) {
        if (--users == 0) {
          OPEN.remove(url);
        }
      }
    }

    /**
     * Takes the lock, waiting at most {@link #LOCK_TIMEOUT_MILLIS}.
     *
     * @throws TableMapperException if other writes held it for that long
     */
    void lock(String what, String database) {
      long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(LOCK_TIMEOUT_MILLIS);
      boolean interrupted = false;
      try {
        while (true) {
          try {
            if (lock.tryLock(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
              return;
            }
            throw new TableMapperException(what + " failed in " + database + ": it waited more than "
                + LOCK_TIMEOUT_MILLIS / 1000 + " s for other writes to the database to finish; nothing of it was"
                + " written, so it can be retried");
          } catch (InterruptedException e) {
            interrupted = true;
          }
        }
      } finally {
        if (interrupted) {
          Thread.currentThread().interrupt();
        }
      }
    }

    void unlock() {
      lock.unlock();
    }

    /** Whether a thread holds the lock (for tests). */
    boolean isLocked() {
      return lock.isLocked();
    }
  }
}
