package io.tablemapper.runtime.pending;

import io.tablemapper.api.PendingWorkException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import io.tablemapper.runtime.values.LargeValues;
import io.tablemapper.runtime.support.Lifecycle;
import io.tablemapper.runtime.support.Log;
import io.tablemapper.runtime.config.MapperSettings;

/**
 * A mapper's background completion of pending work ({@link PendingWork}): {@code pendingCompleters} daemon threads
 * of the mapper's own, each looking at the registry entries whose ids hash to it, on a schedule of its own
 * ({@link LookSchedule}): every {@code pendingPollInterval} while it finds work, backing off (doubling) up to
 * {@code pendingMaxPollInterval} while it finds none; a write of this mapper that leaves work of its slice wakes it
 * ({@link #wake}): it looks at once (no sooner than the poll interval after its previous look) and then polls again.
 * Started with the mapper, stopped by its {@code close()} after the write each thread is applying, and stopped too
 * when the application drops the mapper without closing it or closes its backend behind its back. A failure is
 * logged, never thrown: the next look tries again. The same threads sweep, once per grace period of large values,
 * the large values no row references of the tables this mapper stored or read such values of
 * ({@link LargeValues#sweepKnown}).
 */
public final class BackgroundCompleter {
  private static final Log LOG = new Log(BackgroundCompleter.class);

  /** The completer's side of the pending work, whose looks this schedules. */
  private final WorkCompleter work;
  private final Lifecycle lifecycle;
  /** The values of {@code @Large} properties, whose leftovers the completer sweeps. */
  private final LargeValues large;
  private final MapperSettings.Pending settings;
  private volatile ScheduledExecutorService daemon;
  private volatile Slice[] slices;

  BackgroundCompleter(WorkCompleter work, Lifecycle lifecycle, LargeValues large, MapperSettings.Pending settings) {
    this.work = work;
    this.lifecycle = lifecycle;
    this.large = large;
    this.settings = settings;
  }

  /** Starts the threads, unless background completion is off ({@code pendingCompleters(0)}). */
  public synchronized void start() {
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
    executor.setRemoveOnCancelPolicy(true);
    Slice[] all = new Slice[settings.completers()];
    for (int slice = 0; slice < all.length; slice++) {
      all[slice] = new Slice(slice, executor);
    }
    slices = all;
    for (Slice slice : all) {
      slice.start();
    }
    long grace = large.grace().toMillis();
    if (grace > 0) {
      executor.scheduleWithFixedDelay(this::sweep, grace, grace, TimeUnit.MILLISECONDS);
    }
    daemon = executor;
  }

  /**
   * A write of this mapper left the work of this id to the background completer: the thread of its slice looks at
   * once (no sooner than the poll interval after its previous look), however long it had backed off.
   */
  void wake(String id) {
    Slice[] all = slices;
    if (all != null) {
      all[Math.floorMod(id.hashCode(), all.length)].wake();
    }
  }

  /** One thread's schedule of looks at one slice of the registry. */
  private final class Slice implements Runnable {
    private final int index;
    private final ScheduledExecutorService executor;
    private final LookSchedule schedule = new LookSchedule(settings.pollInterval(), settings.maxPollInterval());
    private ScheduledFuture<?> next;
    private boolean looking;

    Slice(int index, ScheduledExecutorService executor) {
      this.index = index;
      this.executor = executor;
    }

    public synchronized void start() {
      scheduleIn(schedule.first());
    }

    @Override
    public void run() {
      synchronized (this) {
        looking = true;
      }
      boolean found = false;
      try {
        found = look(index);
      } finally {
        synchronized (this) {
          looking = false;
          scheduleIn(schedule.afterLook(found, now()));
        }
      }
    }

    synchronized void wake() {
      long wait = schedule.wake(now());
      if (!looking && next != null && next.getDelay(TimeUnit.MILLISECONDS) > wait && next.cancel(false)) {
        scheduleIn(wait);
      }
    }

    private static long now() {
      return TimeUnit.NANOSECONDS.toMillis(System.nanoTime());
    }

    private void scheduleIn(long millis) {
      if (lifecycle.closed()) {
        return;
      }
      try {
        next = executor.schedule(this, millis, TimeUnit.MILLISECONDS);
      } catch (RejectedExecutionException stopped) {
        // closed or abandoned meanwhile
      }
    }
  }

  /**
   * One look at one slice of the registry; never throws (that would end its schedule).
   *
   * @return whether it found work to do (or work that waits for another write)
   */
  private boolean look(int slice) {
    if (lifecycle.closed()) {
      return false;
    }
    List<PendingWorkException> failures = new ArrayList<>();
    boolean found = false;
    try {
      found = work.look(slice, settings.completers(), failures);
    } catch (IllegalStateException closed) {
      // the backend was closed behind the mapper's back: it does not come back
      abandon();
    } catch (RuntimeException e) {
      if (!lifecycle.closed()) {
        LOG.warn("background completion of pending work failed; it is retried", e);
      }
    }
    for (PendingWorkException failure : failures) {
      LOG.warn(failure.getMessage(), failure);
    }
    return found || !failures.isEmpty();
  }

  /** One background sweep of large values; never throws (that would end its schedule). */
  private void sweep() {
    if (lifecycle.closed()) {
      return;
    }
    try {
      large.sweepKnown();
    } catch (IllegalStateException closed) {
      abandon();
    } catch (RuntimeException e) {
      if (!lifecycle.closed()) {
        LOG.warn("background sweep of large values failed; it is retried", e);
      }
    }
  }

  /**
   * Stops the threads without waiting: for a mapper the application dropped without closing it (run by a
   * {@link java.lang.ref.Cleaner}, so it must not refer to the mapper), or whose backend was closed.
   */
  public void abandon() {
    ScheduledExecutorService running = daemon;
    if (running != null) {
      running.shutdown();
    }
  }

  /** Stops the threads after the write each is applying; waits up to {@code wait}. */
  public synchronized void stop(Duration wait) {
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
