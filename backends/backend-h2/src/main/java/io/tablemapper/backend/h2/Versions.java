package io.tablemapper.backend.h2;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Issues what every write (a single write or a whole batch) gives the rows it stores: a version, from which the
 * ETag is made, and a Timestamp.
 *
 * <p>Versions come from a sequence in the database ({@link Schema#VERSIONS}). H2 records how far a sequence has
 * been drawn before handing out its values, in the same store as the rows, so a version is never handed out twice,
 * across closing and reopening, a crash, and several backends on one file: ETags never repeat. An ETag is
 * {@code W/"<version>"}.
 *
 * <p>Timestamps are the clock in the store's 100 ns ticks, made strictly increasing within the backend (a write
 * in the tick of the previous one, or after the clock went back, gets the next tick).
 */
final class Versions {
  private static final long TICKS_PER_SECOND = 10_000_000L;
  private static final int NANOS_PER_TICK = 100;

  private final Clock clock;
  private final AtomicLong lastTicks = new AtomicLong(Long.MIN_VALUE);

  Versions(Clock clock) {
    this.clock = clock;
  }

  /** A version never issued before in this database. */
  static long nextVersion(Session session) throws SQLException {
    try (ResultSet result = session.prepare("SELECT NEXT VALUE FOR " + Schema.VERSIONS).executeQuery()) {
      result.next();
      return result.getLong(1);
    }
  }

  /** The ETag of a version. */
  static String etag(long version) {
    return "W/\"" + version + "\"";
  }

  /** A Timestamp, in ticks since the epoch, later than every one this backend issued before. */
  long nextTicks() {
    long nowTicks = ticks(clock.instant());
    return lastTicks.updateAndGet(last -> Math.max(last + 1, nowTicks));
  }

  /** An instant in the store's ticks since the epoch, truncated to a tick. */
  static long ticks(Instant instant) {
    return Math.multiplyExact(instant.getEpochSecond(), TICKS_PER_SECOND) + instant.getNano() / NANOS_PER_TICK;
  }

  /** The instant of a number of ticks since the epoch. */
  static Instant instant(long ticks) {
    return Instant.ofEpochSecond(
        Math.floorDiv(ticks, TICKS_PER_SECOND), Math.floorMod(ticks, TICKS_PER_SECOND) * NANOS_PER_TICK);
  }
}
