package io.tablemapper.runtime.observe;

import io.tablemapper.api.OperationEvent;
import io.tablemapper.api.OperationType;
import io.tablemapper.api.OperationTracer.Scope;
import io.tablemapper.api.OperationTracer.Span;
import io.tablemapper.api.OperationTracer.StoreRequest;
import io.tablemapper.api.QueryKind;
import io.tablemapper.spi.RequestTally;
import io.tablemapper.runtime.support.Futures;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One operation the application asked for, while it runs, as the {@link io.tablemapper.api.OperationListener}s will
 * see it: what it is, when it started, and what it has read, written and sent so far. {@link Listeners#observe}
 * makes it the current operation of the thread that runs it, and {@link ObservedBackend} counts every request of that
 * thread into it, wherever in the runtime the request is made (a write's reads and retries included); the parallel
 * reads of a union count into the operation that started them ({@link #within}). It is also the
 * {@link RequestTally.Sink} its requests report their retries and throttling answers to, and keeps the one
 * PartitionKey its requests to its own table addressed.
 */
public final class Operation implements RequestTally.Sink {
  private static final ThreadLocal<Operation> CURRENT = new ThreadLocal<>();
  /** The partition of an operation whose requests to its table addressed more than one. */
  private static final String SEVERAL = new String("several partitions");

  /** The operation a pending step's view counts into, or null for an operation itself. */
  private final Operation root;
  /** Whether it is work the mapper does on its own ({@link Listeners#background}), which no listener hears of. */
  private final boolean background;
  /** What traces it, or null. */
  private final Tracing tracing;
  /** Its span (or its pending step's), or null when it is not traced. */
  private final Span span;
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
  private final AtomicInteger retries = new AtomicInteger();
  private final AtomicInteger throttled = new AtomicInteger();
  /** Null before a request to its table named a partition, then that partition, or {@link #SEVERAL}. */
  private final AtomicReference<String> partition = new AtomicReference<>();

  /**
   * An operation, starting now.
   *
   * @param entity the simple name of its entity class, or null
   * @param method the repository method of a planned query, or null
   * @param kind the kind of its plan, or null
   * @param plan its plan as text, or null
   * @param background whether it is work the mapper does on its own, which no listener hears of
   */
  Operation(OperationType type, String table, String entity, String method, QueryKind kind, String plan,
      Tracing tracing, boolean background) {
    this.root = null;
    this.background = background;
    this.type = type;
    this.table = table;
    this.entity = entity;
    this.method = method;
    this.kind = kind;
    this.plan = plan;
    this.tracing = tracing;
    this.span = tracing == null ? null : tracing.operation(this);
  }

  /** A pending step of {@code root}: counts into it, its requests traced under {@code span}. */
  private Operation(Operation root, Span span) {
    this.root = root;
    this.background = root.background;
    this.type = root.type;
    this.table = root.table;
    this.entity = root.entity;
    this.method = root.method;
    this.kind = root.kind;
    this.plan = root.plan;
    this.tracing = root.tracing;
    this.span = span;
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

  /**
   * Runs {@code body}, one step of pending work of {@code operation} that writes to {@code table} at
   * {@code partitionKey}, as a span of its own under the operation's, its requests under it; without a traced
   * operation, only runs it.
   *
   * @param operation the operation applying the step (the one its write channel sends for), or null
   * @param body the step, given the operation its requests are to be sent within (a view of the current one, which
   *     counts into it, with the step's span), or null when the step is not traced
   * @param failed what a result says the step failed with, or null when it says it succeeded
   */
  @SuppressWarnings("try") // the scope is held open, not used
  public static <R> CompletableFuture<R> step(Operation operation, String table, String partitionKey,
      Function<Operation, CompletableFuture<R>> body, Function<? super R, ? extends Throwable> failed) {
    if (operation == null || operation.span == null) {
      return body.apply(null);
    }
    Span step = operation.tracing.request(StoreRequest.Kind.PENDING_STEP, table, partitionKey, null, 0,
        operation.span);
    if (step == null) {
      return body.apply(null);
    }
    Operation view = new Operation(operation.counted(), step);
    CompletableFuture<R> ran;
    try (Scope scope = operation.tracing.open(step)) {
      ran = within(view, () -> Futures.start(() -> body.apply(view)));
    }
    return ran.whenComplete((result, failure) -> operation.tracing.end(step,
        failure == null ? failed.apply(result) : Futures.unwrap(failure)));
  }

  /** Whether it is work the mapper does on its own, which no listener hears of. */
  boolean background() {
    return background;
  }

  /** What traces this operation and its requests, or null when it is not traced. */
  Tracing tracing() {
    return span == null ? null : tracing;
  }

  /** The span of this operation (or pending step), or null when it is not traced. */
  Span span() {
    return span;
  }

  /** Where its counts go: the operation itself, or the one a pending step's view belongs to. */
  private Operation counted() {
    return root == null ? this : root;
  }

  OperationType type() {
    return type;
  }

  String table() {
    return table;
  }

  String entity() {
    return entity;
  }

  String method() {
    return method;
  }

  QueryKind kind() {
    return kind;
  }

  /** A request sent to the store. */
  void requested() {
    counted().requests.incrementAndGet();
  }

  /**
   * A request to {@code table} addressed the partition {@code partitionKey}, or (null) several or none that can be
   * told; requests to another table than the operation's are not counted here.
   */
  void addressed(String table, String partitionKey) {
    if (this.table != null && table != null && !this.table.equalsIgnoreCase(table)) {
      return;
    }
    String seen = partitionKey == null ? SEVERAL : partitionKey;
    counted().partition.accumulateAndGet(seen, (before, now) -> before == null ? now
        : before == SEVERAL || !before.equals(now) ? SEVERAL : before);
  }

  @Override
  public void attempted(int retries, int throttled) {
    counted().retries.addAndGet(retries);
    counted().throttled.addAndGet(throttled);
  }

  /** Rows the store returned. */
  void read(int rows) {
    counted().rowsRead.addAndGet(rows);
  }

  /** Rows the store applied. */
  void wrote(int rows) {
    counted().rowsWritten.addAndGet(rows);
  }

  /** What the operation did, now that it ended; {@code failure} null if it succeeded. */
  OperationEvent ended(Throwable failure) {
    return ended(failure, false);
  }

  /**
   * What the operation did, now that it ended; {@code failure} null if it succeeded, {@code foundWork} whether a
   * look for pending work found some ({@link OperationEvent#foundWork()}).
   */
  OperationEvent ended(Throwable failure, boolean foundWork) {
    String partitionKey = partition.get();
    return new OperationEvent(type, table, partitionKey == SEVERAL ? null : partitionKey, entity, method, kind, plan,
        rowsRead.get(), rowsWritten.get(), requests.get(), retries.get(), throttled.get(),
        Duration.ofNanos(System.nanoTime() - started), failure, foundWork);
  }
}
