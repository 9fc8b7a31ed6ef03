package io.tablemapper.backend.h2;

import io.tablemapper.api.TableMapperException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The connections of one backend to its H2 database: a pool of {@link Session}s (a connection and the statements it
 * prepared) that threads borrow for one operation, and an anchor connection held from opening to closing, which
 * keeps an in-memory database alive and makes opening fail at once (file in use, damaged, of another schema version)
 * rather than at the first write. What all backends on one database in this JVM share (the write lock and the
 * {@link Catalog} of tables) is in {@link Shared}.
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
  /** How long a write waits for the lock of the database (held by another write) before it fails. */
  static final int LOCK_TIMEOUT_MILLIS = 30_000;
  /** Connections in use at once; more concurrent operations wait for one. */
  private static final int MAX_CONNECTIONS = 32;

  /** What the database is, for messages: {@code the H2 database /data/company.mv.db}. */
  final String description;
  /** The tables of the database, shared by every backend on it in this JVM. */
  final Catalog catalog;
  private final String url;
  private final Connection anchor;
  private final Shared shared;
  /** Idle sessions; an array, so that returning one allocates nothing (never more than the permits allow). */
  private final ArrayBlockingQueue<Session> idle = new ArrayBlockingQueue<>(MAX_CONNECTIONS);
  private final Semaphore permits = new Semaphore(MAX_CONNECTIONS);
  private final AtomicBoolean closed = new AtomicBoolean();

  /** Work done with a session. */
  @FunctionalInterface
  interface Work<T> {
    T run(Session session) throws SQLException;
  }

  private Database(String description, String url, Connection anchor, Shared shared) {
    this.description = description;
    this.url = url;
    this.anchor = anchor;
    this.shared = shared;
    this.catalog = shared.catalog;
  }

  /**
   * Opens the database at {@code url} and creates, checks or migrates its schema ({@link Schema#open}).
   *
   * @param url a JDBC URL without settings
   * @param durable whether every commit is written to the file before it returns (no write delay)
   * @throws io.tablemapper.api.StoreUnavailableException if the database is in use by another process, damaged,
   *     or of a later schema version
   */
  static Database open(String url, boolean durable, String description) {
    // Failures reach the caller as exceptions, so H2 writes no trace file beside the database. Queries run eagerly
    // (H2's lazy execution switches its session in and out for every row fetched); every read has a LIMIT instead.
    String settings = ";LOCK_TIMEOUT=" + LOCK_TIMEOUT_MILLIS + ";TRACE_LEVEL_FILE=0"
        + (durable ? ";WRITE_DELAY=0" : "");
    Shared shared = Shared.of(url);
    Connection anchor = null;
    try {
      anchor = DriverManager.getConnection(url + settings, "", "");
      shared.lock(() -> "opening", description);
      try {
        Schema.open(anchor, description);
      } finally {
        shared.unlock();
      }
      return new Database(description, url + settings, anchor, shared);
    } catch (SQLException | RuntimeException e) {
      closeQuietly(anchor, e);
      shared.release();
      if (e instanceof SQLException) {
        throw SqlErrors.translate((SQLException) e, null, description);
      }
      throw (RuntimeException) e;
    }
  }

  /** Runs {@code work} on a session in auto-commit mode: each statement sees the data committed when it starts. */
  <T> T read(Supplier<String> what, Work<T> work) {
    Session session = borrow(what);
    try {
      return work.run(session);
    } catch (SQLException e) {
      throw SqlErrors.translate(e, what.get(), description);
    } finally {
      giveBack(session, false);
    }
  }

  /**
   * Runs {@code work} in one read-only transaction that sees one snapshot of the database throughout (repeatable
   * read), without the write lock: for reads of several statements, such as a page read in chunks.
   */
  <T> T snapshot(Supplier<String> what, Work<T> work) {
    Session session = borrow(what);
    boolean broken = true;
    try {
      Connection connection = session.connection;
      connection.setAutoCommit(false);
      try {
        return work.run(session);
      } finally {
        connection.rollback();
        broken = false;
      }
    } catch (SQLException e) {
      throw SqlErrors.translate(e, what.get(), description);
    } finally {
      giveBack(session, broken);
    }
  }

  /**
   * Runs {@code work} in one transaction, holding the database's write lock until it has committed or rolled back:
   * committed if it returns, rolled back if it throws, so that it is applied whole or not at all.
   */
  <T> T transaction(Supplier<String> what, Work<T> work) {
    return transaction(what, work, result -> { });
  }

  /**
   * Runs {@code work} as {@link #transaction(Supplier, Work)} does, then, once it has committed and before any other
   * write starts, {@code afterCommit} with its result.
   */
  <T> T transaction(Supplier<String> what, Work<T> work, Consumer<? super T> afterCommit) {
    shared.lock(what, description);
    try {
      Session session = borrow(what);
      boolean broken = true;
      try {
        Connection connection = session.connection;
        connection.setAutoCommit(false);
        try {
          T result = work.run(session);
          connection.commit();
          broken = false;
          afterCommit.accept(result);
          return result;
        } catch (SQLException | RuntimeException | Error e) {
          if (!broken) {
            throw e; // committed; afterCommit failed
          }
          try {
            connection.rollback();
            broken = false;
          } catch (SQLException rollbackFailed) {
            e.addSuppressed(rollbackFailed);
          }
          throw e;
        }
      } catch (SQLException e) {
        throw SqlErrors.translate(e, what.get(), description);
      } finally {
        giveBack(session, broken);
      }
    } finally {
      shared.unlock();
    }
  }

  /** Whether a transaction holds the database's write lock (for tests). */
  boolean isWriteLocked() {
    return shared.lock.isLocked();
  }

  /** Whether {@link #close()} was called. */
  boolean isClosed() {
    return closed.get();
  }

  /** Stops lending sessions and closes the idle ones and the anchor; idempotent. */
  void close() {
    if (closed.compareAndSet(false, true)) {
      for (Session session; (session = idle.poll()) != null; ) {
        session.close(null);
      }
      closeQuietly(anchor, null);
      shared.release();
    }
  }

  private Session borrow(Supplier<String> what) {
    if (closed.get()) {
      throw closedException();
    }
    if (!acquireUninterruptibly(permits)) {
      throw new TableMapperException(what.get() + " failed in " + description + ": every connection stayed busy for "
          + CONNECTION_WAIT_SECONDS + " s");
    }
    Session session = idle.poll();
    if (session != null) {
      return session;
    }
    try {
      Connection connection = DriverManager.getConnection(url, "", "");
      // a page is read in one transaction of this level, so that all its statements, and the rows each statement
      // fetches after it started, see one snapshot; writes are serialized, so they never conflict at this level
      connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
      return new Session(connection);
    } catch (SQLException e) {
      permits.release();
      throw SqlErrors.translate(e, what.get(), description);
    } catch (RuntimeException e) {
      permits.release();
      throw e;
    }
  }

  /** Returns a session to the pool, or closes it if it may be unusable or the backend is closed. */
  private void giveBack(Session session, boolean broken) {
    try {
      if (!broken && !closed.get() && !session.connection.isClosed()) {
        if (!session.connection.getAutoCommit()) {
          session.connection.setAutoCommit(true);
        }
        idle.add(session);
        if (closed.get() && idle.remove(session)) {
          session.close(null);
        }
      } else {
        session.close(null);
      }
    } catch (SQLException e) {
      session.close(e);
    } finally {
      permits.release();
    }
  }

  private static boolean acquireUninterruptibly(Semaphore semaphore) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CONNECTION_WAIT_SECONDS);
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return semaphore.tryAcquire(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
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
   * What the backends that have one database open in this JVM share, forgotten when the last one closes: the write
   * lock and the {@link Catalog}. Taking the lock ignores interrupts (the thread's interrupt is kept for its caller),
   * as H2's own writes do.
   */
  static final class Shared {
    private static final Map<String, Shared> OPEN = new HashMap<>();

    private final String url;
    private final ReentrantLock lock = new ReentrantLock();
    private final Catalog catalog = new Catalog();
    private int users;

    private Shared(String url) {
      this.url = url;
    }

    /** The shared state of the database at {@code url}, counted as used until {@link #release()}. */
    static Shared of(String url) {
      synchronized (OPEN) {
        Shared found = OPEN.computeIfAbsent(url, Shared::new);
        found.users++;
        return found;
      }
    }

    /** Drops one use; the last one forgets the state. */
    void release() {
      synchronized (OPEN) {
        if (--users == 0) {
          OPEN.remove(url);
        }
      }
    }

    /**
     * Takes the write lock, waiting at most {@link #LOCK_TIMEOUT_MILLIS}.
     *
     * @throws TableMapperException if other writes held it for that long
     */
    void lock(Supplier<String> what, String database) {
      long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(LOCK_TIMEOUT_MILLIS);
      boolean interrupted = false;
      try {
        while (true) {
          try {
            if (lock.tryLock(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
              return;
            }
            throw new TableMapperException(what.get() + " failed in " + database + ": it waited more than "
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
  }
}
