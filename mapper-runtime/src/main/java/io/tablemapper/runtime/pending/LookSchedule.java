package io.tablemapper.runtime.pending;

import java.time.Duration;

/**
 * When one thread of the background completer ({@link BackgroundCompleter}) looks next for pending work. The wait
 * before the first look is the poll interval; after a look that found work it is the poll interval again; after a
 * look that found nothing it doubles, up to the maximum. A write of this mapper that leaves work wakes it
 * ({@link #wake}): it looks at once, but no sooner than the poll interval after its previous look, and waits the poll
 * interval after that look. Idle with the defaults (1 s, 5 minutes) the waits are 1, 2, 4, ..., 256 s, then 300 s for
 * ever: 19 looks in the first hour, 12 an hour after. Holds no clock: the caller gives the time, in milliseconds of
 * any monotonic clock, and schedules the wait returned.
 */
public final class LookSchedule {
  private final long poll;
  private final long max;
  private long wait;
  private boolean woken;
  private boolean looked;
  private long lastLook;

  /** A schedule from {@code poll} up to {@code max} (no growth when {@code max} is below {@code poll}). */
  public LookSchedule(Duration poll, Duration max) {
    this.poll = poll.toMillis();
    this.max = Math.max(this.poll, max.toMillis());
    this.wait = this.poll;
  }

  /** The wait before the first look, in milliseconds: the poll interval. */
  long first() {
    return poll;
  }

  /**
   * The wait, in milliseconds, after a look that ended at {@code now} and found work (or not): the poll interval when
   * it did or when {@link #wake} was called since the last look, else twice the last wait, up to the maximum.
   */
  public synchronized long afterLook(boolean found, long now) {
    wait = found || woken ? poll : Math.min(max, wait * 2);
    woken = false;
    looked = true;
    lastLook = now;
    return wait;
  }

  /**
   * A write of this mapper left work at {@code now}: the wait, in milliseconds, before the next look, which the
   * caller schedules in place of a later one (a look under way is followed by one after the poll interval).
   */
  synchronized long wake(long now) {
    woken = true;
    wait = poll;
    return looked ? Math.max(0, lastLook + poll - now) : 0;
  }
}
