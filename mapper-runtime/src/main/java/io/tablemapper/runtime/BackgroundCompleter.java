package io.tablemapper.runtime;

import io.tablemapper.api.PendingWorkException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A mapper's background completion of pending work ({@link PendingWork}): {@code pendingCompleters} daemon threads
 * of the mapper's own, each looking every {@code pendingPollInterval} at the registry entries whose ids hash to it.
 * Started with the mapper, stopped by its {@code close()} after the write each thread is applying, and stopped too
 * when the application drops the mapper without closing it or closes its backend behind its back. A failure is
 * logged, never thrown: the next look tries again. The same threads sweep, once per grace period of large values,
 * the large values no row references of the tables this mapper stored or read such values of
 * ({@link LargeValues#sweepKnown}).
 */
final class BackgroundCompleter {
  private static final Log LOG = new Log(BackgroundCompleter.class);

  private final MapperCore core;
  private final MapperSettings.Pending settings;
  private volatile ScheduledExecutorService daemon;

  BackgroundCompleter(MapperCore core, MapperSettings.Pending settings) {
    this.core = core;
    this.settings = settings;
  }

  /** Starts the threads, unless background completion is off ({@code pendingCompleters(0)}). */
  synchronized void start() {
    if (settings.completers() == 0 || daemon != null) {
      return;
    }
    AtomicInteger threads = new AtomicInteger();
    ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(settings.completers(), task -> {
      Thread thread = new Thread(task, "tablemapper-pending-" + threads.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    });
    executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    long poll = settings.pollInterval().toMillis();
    for (int shard = 0; shard < settings.completers(); shard++) {
      int mine = shard;
      executor.scheduleWithFixedDelay(() -> look(mine), poll, poll, TimeUnit.MILLISECONDS);
    }
    long grace = core.large.grace().toMillis();
    if (grace > 0) {
      executor.scheduleWithFixedDelay(this::sweep, grace, grace, TimeUnit.MILLISECONDS);
    }
    daemon = executor;
  }

  /** One look at one shard of the registry; never throws (that would end its schedule). */
  private void look(int shard) {
    if (core.closed()) {
      return;
    }
    List<PendingWorkException> failures = new ArrayList<>();
    try {
      core.pending.look(shard, settings.completers(), failures);
    } catch (IllegalStateException closed) {
      // the backend was closed behind the mapper's back: it does not come back
      abandon();
    } catch (RuntimeException e) {
      if (!core.closed()) {
        LOG.warn("background completion of pending work failed; it is retried", e);
      }
    }
    for (PendingWorkException failure : failures) {
      LOG.warn(failure.getMessage(), failure);
    }
  }

  /** One background sweep of large values; never throws (that would end its schedule). */
  private void sweep() {
    if (core.closed()) {
      return;
    }
    try {
      core.large.sweepKnown();
    } catch (IllegalStateException closed) {
      abandon();
    } catch (RuntimeException e) {
      if (!core.closed()) {
        LOG.warn("background sweep of large values failed; it is retried", e);
      }
    }
  }

  /**
   * Stops the threads without waiting: for a mapper the application dropped without closing it (run by a
   * {@link java.lang.ref.Cleaner}, so it must not refer to the mapper), or whose backend was closed.
   */
  void abandon() {
    ScheduledExecutorService running = daemon;
    if (running != null) {
      running.shutdown();
    }
  }

  /** Stops the threads after the write each is applying; waits up to {@code wait}. */
  synchronized void stop(Duration wait) {
    if (daemon == null) {
      return;
    }
    daemon.shutdown();
    try {
      if (!daemon.awaitTermination(wait.toMillis(), TimeUnit.MILLISECONDS)) {
        LOG.warn("the background completer of pending work did not stop within {}", wait);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
