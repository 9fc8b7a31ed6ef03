package io.tablemapper.backend.memory;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Issues the Timestamp and ETag of every write: the wall clock truncated to the store's 100 ns ticks, made
 * strictly increasing within one backend (a write in the same tick as the previous one gets the next tick), so
 * that no two writes share a Timestamp and the ETags derived from them are unique.
 *
 * <p>ETags look like Azure's, {@code W/"datetime'2024-01-31T12%3A00%3A00.1234567Z'"}.
 */
final class VersionClock {
  private static final long TICKS_PER_SECOND = 10_000_000L;
  private static final int NANOS_PER_TICK = 100;

  private final Clock clock;
  private final AtomicLong lastTicks = new AtomicLong(Long.MIN_VALUE);

  VersionClock(Clock clock) {
    this.clock = clock;
  }

  /** A version later than every one issued before. */
  Version next() {
    long now = ticks(clock.instant());
    long ticks = lastTicks.updateAndGet(last -> Math.max(last + 1, now));
    Instant timestamp = instant(ticks);
    return new Version(etag(timestamp), timestamp);
  }

  static String etag(Instant timestamp) {
    return "W/\"datetime'" + EtagTime.FORMAT.format(timestamp) + "'\"";
  }

  /** The ETag's format, made at the first write: building it loads much of {@code java.time.format}. */
  private static final class EtagTime {
    static final DateTimeFormatter FORMAT =
        DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH'%3A'mm'%3A'ss.SSSSSSS'Z'").withZone(ZoneOffset.UTC);
  }

  private static long ticks(Instant instant) {
    return instant.getEpochSecond() * TICKS_PER_SECOND + instant.getNano() / NANOS_PER_TICK;
  }

  private static Instant instant(long ticks) {
    return Instant.ofEpochSecond(
        Math.floorDiv(ticks, TICKS_PER_SECOND), Math.floorMod(ticks, TICKS_PER_SECOND) * NANOS_PER_TICK);
  }
}
