package io.tablemapper.backend.h2;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
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
  static long nextVersion(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery("SELECT NEXT VALUE FOR " + Schema.VERSIONS)) {
      result.next();
      return result.getLong(1);
    }
  }

  /** The ETag of a version. */
  static String etag(long version) {
    return "W/\"" + version + "\"";
  }

  /** A Timestamp later than every one this backend issued before. */
  Instant nextTimestamp() {
    Instant now = clock.instant();
    long nowTicks = Math.multiplyExact(now.getEpochSecond(), TICKS_PER_SECOND) + now.getNano() / NANOS_PER_TICK;
    long ticks = lastTicks.updateAndGet(last -> Math.max(last + 1, nowTicks));
    return Instant.ofEpochSecond(
        Math.floorDiv(ticks, TICKS_PER_SECOND), Math.floorMod(ticks, TICKS_PER_SECOND) * NANOS_PER_TICK);
  }
}
