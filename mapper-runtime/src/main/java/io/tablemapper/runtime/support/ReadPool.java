package io.tablemapper.runtime.support;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads that run the reads of one query in parallel ({@code In} on a key component, a union's branches, the
 * fetch of a page's {@code @Large} values): {@code readParallelism} daemon threads of the mapper's own, started on
 * first use and stopped when the mapper closes.
 */
public final class ReadPool {
  private final int parallelism;
  private final Lifecycle lifecycle;
  private ExecutorService pool;

  public ReadPool(int parallelism, Lifecycle lifecycle) {
    this.parallelism = parallelism;
    this.lifecycle = lifecycle;
  }

  /** How many reads of one query run at once ({@code readParallelism}), on this pool or on the async path. */
  public int parallelism() {
    return parallelism;
  }

  /**
   * The pool, started on first use; null when reads run one after another ({@code readParallelism(1)}).
   *
   * @throws IllegalStateException if the mapper is closed
   */
  public synchronized Executor executor() {
    if (parallelism == 1) {
      return null;
    }
    lifecycle.checkOpen();
    if (pool == null) {
      AtomicInteger threads = new AtomicInteger();
      pool = Executors.newFixedThreadPool(parallelism, task -> {
        Thread thread = new Thread(task, "tablemapper-read-" + threads.incrementAndGet());
        thread.setDaemon(true);
        return thread;
      });
    }
    return pool;
  }

  /** Stops the threads, if they were started. */
  public synchronized void shutdown() {
    if (pool != null) {
      pool.shutdown();
    }
  }
}
