package io.tablemapper.runtime.observe;

import io.tablemapper.api.OperationEvent;
import io.tablemapper.api.OperationType;
import io.tablemapper.api.QueryKind;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * One operation the application asked for, while it runs, as the {@link io.tablemapper.api.OperationListener}s will
 * see it: what it is, when it started, and what it has read, written and sent so far. {@link Listeners#observe}
 * makes it the current operation of the thread that runs it, and {@link ObservedBackend} counts every request of that
 * thread into it, wherever in the runtime the request is made (a write's reads and retries included); the parallel
 * reads of a union count into the operation that started them ({@link #within}).
 */
public final class Operation {
  private static final ThreadLocal<Operation> CURRENT = new ThreadLocal<>();

  private final OperationType type;
  private final String table;
  private final String entity;
  private final String method;
  private final QueryKind kind;
  private final String plan;
  private final long started = System.nanoTime();
  // the reads of a union, on the mapper's read pool, count concurrently
  private final AtomicInteger rowsRead = new AtomicInteger();
  private final AtomicInteger rowsWritten = new AtomicInteger();
  private final AtomicInteger requests = new AtomicInteger();

  /**
   * An operation, starting now.
   *
   * @param entity the simple name of its entity class, or null
   * @param method the repository method of a planned query, or null
   * @param kind the kind of its plan, or null
   * @param plan its plan as text, or null
   */
  Operation(OperationType type, String table, String entity, String method, QueryKind kind, String plan) {
    this.type = type;
    this.table = table;
    this.entity = entity;
    this.method = method;
    this.kind = kind;
    this.plan = plan;
  }

  /** The operation running on this thread, or null. */
  public static Operation current() {
    return CURRENT.get();
  }

  /** Runs {@code body} with {@code operation} (which may be null) as this thread's current operation. */
  public static <R> R within(Operation operation, Supplier<R> body) {
    Operation outer = CURRENT.get();
    CURRENT.set(operation);
    try {
      return body.get();
    } finally {
      if (outer == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(outer);
      }
    }
  }

  /** A request sent to the store. */
  void requested() {
    requests.incrementAndGet();
  }

  /** Rows the store returned. */
  void read(int rows) {
    rowsRead.addAndGet(rows);
  }

  /** Rows the store applied. */
  void wrote(int rows) {
    rowsWritten.addAndGet(rows);
  }

  /** What the operation did, now that it ended; {@code failure} null if it succeeded. */
  OperationEvent ended(Throwable failure) {
    return new OperationEvent(type, table, entity, method, kind, plan, rowsRead.get(), rowsWritten.get(),
        requests.get(), Duration.ofNanos(System.nanoTime() - started), failure);
  }
}
