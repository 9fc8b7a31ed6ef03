package io.tablemapper.runtime.support;

import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Runs the mapper's async operations (async repository methods, {@code Batch.commitAsync}) with an executor: the
 * application's, or by default a pool of {@code asyncThreads} daemon threads of the mapper's own, started on first
 * use and stopped by {@link #close()} — never the common pool, as the work it runs blocks on the store. Every
 * operation of today starts on the store's async path ({@link #start}, {@link #startWrite}, below); {@link #run}
 * runs work whole on the executor: a request of a store without an async client ({@link WriteChannel.Async}, for the
 * embedded stores' blocking defaults).
 *
 * <p>Work given to {@link #run} runs whole or not at all. A future cancelled before its work started skips it;
 * cancelling one whose work is under way does not interrupt it (a write is never left half-done): it runs to its end
 * and its result is dropped. {@link #close()} fails the operations that have not started with
 * {@code IllegalStateException} and waits for those under way, so that the backend closes after them.
 *
 * <p>An operation on the store's async path ({@link #start}: the reads of an async query method; {@link #startWrite}:
 * an async repository write, {@code Batch.commitAsync}) holds no thread of the executor while its requests are under
 * way; only its result is handed over on the executor. Cancelling such a write's future before its transaction is sent
 * sends nothing more; once sent, the transaction runs to its end and its result is dropped.
 */
public final class AsyncRunner {
  /** How long {@link #close()} waits for operations under way. */
  private static final long CLOSE_WAIT_SECONDS = 30;

  private final Executor given;
  private final int threads;
  private final Set<Object> pending = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;
  private ExecutorService pool;

  /**
   * @param given the application's executor, or null for a pool of the mapper's own
   * @param threads the threads of that pool
   */
  public AsyncRunner(Executor given, int threads) {
    this.given = given;
    this.threads = threads;
  }

  /** Runs the work on the executor; the future fails with what it threw, or when the mapper closes first. */
  public <R> CompletableFuture<R> run(Supplier<R> work) {
    Task<R> task = new Task<>(work);
    if (closed) {
      task.failClosed();
      return task.future;
    }
    pending.add(task);
    try {
      executor().execute(task);
    } catch (RejectedExecutionException e) {
      pending.remove(task);
      if (task.state.compareAndSet(Task.NEW, Task.DONE)) {
        task.future.completeExceptionally(new IllegalStateException(
            "the executor of this TableMapper's async operations refused the work: " + e.getMessage(), e));
      }
    }
    if (closed) {
      // raced with close(), which may have looked at pending before this task was added
      if (task.state.compareAndSet(Task.NEW, Task.DONE)) {
        pending.remove(task);
        task.failClosed();
      }
    }
    return task.future;
  }

  /**
   * Starts an operation on the async path: {@code start} sends its first requests from the caller's thread and gives
   * the future of its result, whose further steps run as the requests complete. Until it completes, the operation
   * is under way (and {@link #close()} waits for it); its result is handed over on the executor, so that the
   * application's callbacks never run on a thread of the store's client. Cancelling the future drops the result; the
   * reads under way run to their end.
   */
  public <R> CompletableFuture<R> start(Supplier<CompletableFuture<R>> start) {
    return startWrite(caller -> start.get());
  }

  /**
   * {@link #start} for a write on the async path ({@link WriteChannel.Async}): {@code start} is given the future the
   * caller holds, so that once the caller has cancelled it the write sends no further request (an entity group
   * transaction under way runs to its end, its result dropped).
   */
  public <R> CompletableFuture<R> startWrite(Function<Future<?>, CompletableFuture<R>> start) {
    if (closed) {
      return CompletableFuture.failedFuture(closedBeforeStart());
    }
    Object underWay = new Object();
    pending.add(underWay);
    CompletableFuture<R> result = new CompletableFuture<>();
    Futures.start(() -> start.apply(result)).whenComplete((value, failure) -> {
      ended(underWay); // the requests are over: close() need not wait for the hand-over
      Runnable handOver = () -> {
        if (failure != null) {
          result.completeExceptionally(Futures.unwrap(failure));
        } else {
          result.complete(value);
        }
      };
      if (closed) {
        handOver.run(); // the mapper is closing: not behind the work close() waits for
        return;
      }
      try {
        executor().execute(handOver);
      } catch (RejectedExecutionException e) {
        handOver.run(); // the executor is shut down: hand over here
      }
    });
    return result;
  }

  private void ended(Object underWay) {
    pending.remove(underWay);
    synchronized (pending) {
      pending.notifyAll();
    }
  }

  /** The executor of the async operations: the application's, or the mapper's own pool. */
  public synchronized Executor executor() {
    if (given != null) {
      return given;
    }
    if (pool == null) {
      AtomicInteger count = new AtomicInteger();
      pool = Executors.newFixedThreadPool(threads, runnable -> {
        Thread thread = new Thread(runnable, "tablemapper-async-" + count.incrementAndGet());
        thread.setDaemon(true);
        return thread;
      });
    }
    return pool;
  }

  /** Fails the operations not started, waits (a while) for those under way, and stops the mapper's own pool. */
  public void close() {
    closed = true;
    for (Object each : pending) {
      if (each instanceof Task && ((Task<?>) each).state.compareAndSet(Task.NEW, Task.DONE)) {
        Task<?> task = (Task<?>) each;
        pending.remove(task);
        task.failClosed();
      }
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CLOSE_WAIT_SECONDS);
    synchronized (pending) {
      while (!pending.isEmpty() && System.nanoTime() < deadline) {
        try {
          pending.wait(100);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          break;
        }
      }
    }
    synchronized (this) {
      if (pool != null) {
        pool.shutdown();
      }
    }
  }

  private static IllegalStateException closedBeforeStart() {
    return new IllegalStateException(
        "this TableMapper was closed before the async operation started; nothing of it was done");
  }

  /** One operation: NEW until a thread takes it (or close or cancel drops it), then RUNNING, then DONE. */
  private final class Task<R> implements Runnable {
    static final int NEW = 0;
    static final int RUNNING = 1;
    static final int DONE = 2;

    final AtomicInteger state = new AtomicInteger(NEW);
    final CompletableFuture<R> future = new CompletableFuture<>();
    private final Supplier<R> work;

    Task(Supplier<R> work) {
      this.work = work;
    }

    @Override
    public void run() {
      if (!state.compareAndSet(NEW, RUNNING)) {
        return;
      }
      R result = null;
      Throwable failure = null;
      boolean skipped = false;
      try {
        if (closed) {
          failure = closedBeforeStart();
        } else if (future.isDone()) {
          skipped = true; // cancelled before it started
        } else {
          // the work runs whole, whatever happens to the future meanwhile
          result = work.get();
        }
      } catch (Throwable e) {
        failure = e;
      } finally {
        // done before the future completes: a callback on it (run on this thread) may close the mapper
        state.set(DONE);
        ended(this);
      }
      if (failure != null) {
        future.completeExceptionally(failure);
      } else if (!skipped) {
        future.complete(result);
      }
    }

    void failClosed() {
      future.completeExceptionally(closedBeforeStart());
    }
  }
}
