package io.tablemapper.internal.key;

import io.tablemapper.spi.StoreLimits;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Predicate;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.RandomDistribution;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;

/**
 * Generators over the whole domain of every key type, weighted towards the values where encodings change shape:
 * MIN/MAX, 0 and -1, the years -1, 0, 9999 and 10000, the ends of LocalDateTime's range (where Instant encoding
 * shifts by 400-year cycles), offsets of ±18:00, nanos of 0 and 999,999,999.
 *
 * <p>{@link #pairs} makes the pairs that order properties need: independent values, neighbours one step apart,
 * and equal values.
 */
final class KeyArbitraries {
  private KeyArbitraries() {}

  // ------------------------------------------------------------------ pairs

  /** Independent pairs, pairs of a value and one of its neighbours, and equal pairs. */
  static <T> Arbitrary<Tuple2<T, T>> pairs(Arbitrary<T> values, Function<T, Arbitrary<T>> neighbours) {
    Arbitrary<Tuple2<T, T>> independent = Combinators.combine(values, values).as(Tuple::of);
    Arbitrary<Tuple2<T, T>> near = values.flatMap(a -> neighbours.apply(a).map(b -> Tuple.of(a, b)));
    Arbitrary<Tuple2<T, T>> equal = values.map(a -> Tuple.of(a, a));
    return Arbitraries.frequencyOf(Tuple.of(4, independent), Tuple.of(5, near), Tuple.of(1, equal));
  }

  // ------------------------------------------------------------------ integers

  /** Longs in [min, max]: biased, uniform, and the edges of the range and around zero. */
  static Arbitrary<Long> longsIn(long min, long max) {
    List<Long> edges = new ArrayList<>();
    for (long edge : new long[] {min, min + 1, max - 1, max, 0, 1, -1, 9, 10, 99, 100, 999, 1000}) {
      if (edge >= min && edge <= max) {
        edges.add(edge);
      }
    }
    long power = 1;
    for (int exponent = 1; exponent <= 18; exponent++) {
      power *= 10;
      for (long edge : new long[] {power - 1, power, -power}) {
        if (edge >= min && edge <= max) {
          edges.add(edge);
        }
      }
    }
    return Arbitraries.frequencyOf(
        Tuple.of(3, Arbitraries.longs().between(min, max)),
        Tuple.of(3, Arbitraries.longs().between(min, max).withDistribution(RandomDistribution.uniform())),
        Tuple.of(2, Arbitraries.of(edges)));
  }

  /** A long and its neighbours within [min, max]. */
  static Function<Long, Arbitrary<Long>> longNeighbours(long min, long max) {
    return a -> Arbitraries.integers().between(-3, 3).map(delta -> clamp(a, delta, min, max));
  }

  /** {@code a + delta}, kept within [min, max] without overflowing. */
  static long clamp(long a, int delta, long min, long max) {
    if (delta < 0) {
      return a < min - delta ? min : a + delta;
    }
    return a > max - delta ? max : a + delta;
  }

  // ------------------------------------------------------------------ strings

  /** Characters a key may hold, weighted towards ASCII and the characters that matter to ordering. */
  static Arbitrary<Character> keyChars() {
    return Arbitraries.frequencyOf(
            Tuple.of(6, Arbitraries.chars().range(' ', '~')),
            Tuple.of(2, Arbitraries.chars().all()),
            Tuple.of(1, Arbitraries.of(' ', '!', '_', '-', '.', '0', '9', 'A', 'Z', 'a', 'z', '{', '}', '~', '\u00a0',
                '\u00ff', '\u0100', '\ud7ff', '\ud800', '\udbff', '\udc00', '\udfff', '\ue000', '\ufffe', '\uffff')))
        .filter(StoreLimits::isKeyCharAllowed);
  }

  /** Strings a key may hold (no forbidden character), up to 24 characters. */
  static Arbitrary<String> keyStrings() {
    return keyStrings(c -> true);
  }

  /** Strings a key may hold whose characters also pass {@code allowed}. */
  static Arbitrary<String> keyStrings(Predicate<Character> allowed) {
    return keyChars().filter(allowed::test).list().ofMaxSize(24).map(KeyArbitraries::join);
  }

  /** Neighbours of a string in UTF-16 order: extended, shortened, or with one character moved by one. */
  static Function<String, Arbitrary<String>> stringNeighbours(Predicate<Character> allowed) {
    return a -> {
      List<Arbitrary<String>> options = new ArrayList<>();
      options.add(keyChars().filter(allowed::test).map(c -> a + c));
      options.add(Arbitraries.just(a + a));
      if (!a.isEmpty()) {
        options.add(Arbitraries.integers().between(0, a.length() - 1).map(n -> a.substring(0, n)));
        options.add(Arbitraries.integers().between(0, a.length() - 1).flatMap(i -> Arbitraries.of(-1, 1).map(d -> {
          char moved = (char) (a.charAt(i) + d);
          return StoreLimits.isKeyCharAllowed(moved) && allowed.test(moved)
              ? a.substring(0, i) + moved + a.substring(i + 1)
              : a;
        })));
      }
      return Arbitraries.oneOf(options);
    };
  }

  static String join(List<Character> chars) {
    StringBuilder text = new StringBuilder(chars.size());
    chars.forEach(text::append);
    return text.toString();
  }

  // ------------------------------------------------------------------ UUIDs

  static Arbitrary<UUID> uuids() {
    Arbitrary<Long> halves = longsIn(Long.MIN_VALUE, Long.MAX_VALUE);
    return Combinators.combine(halves, halves).as(UUID::new);
  }

  /** Neighbours of a UUID: one half moved by one, or the sign bit of a half flipped. */
  static Arbitrary<UUID> uuidNeighbours(UUID a) {
    long msb = a.getMostSignificantBits();
    long lsb = a.getLeastSignificantBits();
    return Arbitraries.of(
        new UUID(msb, lsb + 1), new UUID(msb, lsb - 1), new UUID(msb + 1, lsb), new UUID(msb - 1, lsb),
        new UUID(msb ^ Long.MIN_VALUE, lsb), new UUID(msb, lsb ^ Long.MIN_VALUE));
  }

  // ------------------------------------------------------------------ times

  static final long INSTANT_MIN_SECOND = Instant.MIN.getEpochSecond();
  static final long INSTANT_MAX_SECOND = Instant.MAX.getEpochSecond();
  static final long LOCAL_MIN_SECOND = LocalDateTime.MIN.toEpochSecond(ZoneOffset.UTC);
  static final long LOCAL_MAX_SECOND = LocalDateTime.MAX.toEpochSecond(ZoneOffset.UTC);

  private static long yearStart(int year) {
    return LocalDateTime.of(year, 1, 1, 0, 0).toEpochSecond(ZoneOffset.UTC);
  }

  /** Epoch seconds where the encodings change shape, each with its neighbours. */
  private static List<Long> edgeSeconds(long min, long max) {
    List<Long> edges = new ArrayList<>();
    long[] centres = {
      min, max, 0, LOCAL_MIN_SECOND, LOCAL_MAX_SECOND, INSTANT_MIN_SECOND, INSTANT_MAX_SECOND,
      yearStart(-1), yearStart(0), yearStart(1), yearStart(9999), yearStart(10000), yearStart(10001),
      yearStart(1601), yearStart(1970), yearStart(2024)
    };
    for (long centre : centres) {
      for (long delta = -2; delta <= 2; delta++) {
        long second = centre + delta;
        if (second >= min && second <= max) {
          edges.add(second);
        }
      }
    }
    return edges;
  }

  /** Epoch seconds in [min, max]: the whole range, the years around 0000-9999, and the edges. */
  private static Arbitrary<Long> seconds(long min, long max) {
    return Arbitraries.frequencyOf(
        Tuple.of(3, Arbitraries.longs().between(min, max).withDistribution(RandomDistribution.uniform())),
        Tuple.of(2, Arbitraries.longs().between(min, max)),
        Tuple.of(3, Arbitraries.longs().between(Math.max(min, yearStart(-2)), Math.min(max, yearStart(10002)))
            .withDistribution(RandomDistribution.uniform())),
        Tuple.of(2, Arbitraries.of(edgeSeconds(min, max))));
  }

  static Arbitrary<Integer> nanos() {
    return Arbitraries.frequencyOf(
        Tuple.of(3, Arbitraries.integers().between(0, 999_999_999)),
        Tuple.of(1, Arbitraries.of(0, 1, 100, 999_999_998, 999_999_999, 500_000_000)));
  }

  static Arbitrary<Instant> instants() {
    return Combinators.combine(seconds(INSTANT_MIN_SECOND, INSTANT_MAX_SECOND), nanos())
        .as(Instant::ofEpochSecond);
  }

  /** Neighbours of an Instant: nanos, seconds and days away, within Instant's range. */
  static Arbitrary<Instant> instantNeighbours(Instant a) {
    return Arbitraries.of(-86_400_000_000_000L, -1_000_000_000L, -2L, -1L, 1L, 2L, 1_000_000_000L, 86_400_000_000_000L)
        .map(nanos -> guarded(() -> a.plusNanos(nanos), a));
  }

  static Arbitrary<LocalDateTime> localDateTimes() {
    return Combinators.combine(seconds(LOCAL_MIN_SECOND, LOCAL_MAX_SECOND), nanos())
        .as((second, nano) -> LocalDateTime.ofEpochSecond(second, nano, ZoneOffset.UTC));
  }

  static Arbitrary<LocalDateTime> localDateTimeNeighbours(LocalDateTime a) {
    return Arbitraries.of(-86_400_000_000_000L, -1_000_000_000L, -2L, -1L, 1L, 2L, 1_000_000_000L, 86_400_000_000_000L)
        .map(nanos -> guarded(() -> a.plusNanos(nanos), a));
  }

  static Arbitrary<LocalDate> localDates() {
    long minDay = LocalDate.MIN.toEpochDay();
    long maxDay = LocalDate.MAX.toEpochDay();
    return seconds(LOCAL_MIN_SECOND, LOCAL_MAX_SECOND)
        .map(second -> Math.floorDiv(second, 86_400L))
        .map(day -> LocalDate.ofEpochDay(Math.max(minDay, Math.min(maxDay, day))));
  }

  static Arbitrary<LocalDate> localDateNeighbours(LocalDate a) {
    return Arbitraries.of(-366L, -31L, -1L, 1L, 31L, 366L).map(days -> guarded(() -> a.plusDays(days), a));
  }

  static Arbitrary<ZoneOffset> offsets() {
    int max = 18 * 3600;
    return Arbitraries.frequencyOf(
            Tuple.of(3, Arbitraries.integers().between(-max, max)),
            Tuple.of(2, Arbitraries.integers().between(-max / 900, max / 900).map(quarters -> quarters * 900)),
            Tuple.of(2, Arbitraries.of(-max, -max + 1, -1, 0, 1, max - 1, max)))
        .map(ZoneOffset::ofTotalSeconds);
  }

  static Arbitrary<OffsetDateTime> offsetDateTimes() {
    return Arbitraries.frequencyOf(
        Tuple.of(8, Combinators.combine(localDateTimes(), offsets()).as(OffsetDateTime::of)),
        Tuple.of(1, Arbitraries.of(OffsetDateTime.MIN, OffsetDateTime.MAX,
            OffsetDateTime.of(LocalDateTime.MIN, ZoneOffset.MIN), OffsetDateTime.of(LocalDateTime.MAX, ZoneOffset.MAX),
            Instant.EPOCH.atOffset(ZoneOffset.MIN), Instant.EPOCH.atOffset(ZoneOffset.MAX))));
  }

  /** Neighbours of an OffsetDateTime: the same instant at another offset, or a nano or a second away. */
  static Arbitrary<OffsetDateTime> offsetDateTimeNeighbours(OffsetDateTime a) {
    Arbitrary<OffsetDateTime> sameInstant = offsets().map(offset -> guarded(() -> a.withOffsetSameInstant(offset), a));
    Arbitrary<OffsetDateTime> nearInstant =
        Arbitraries.of(-1_000_000_000L, -1L, 1L, 1_000_000_000L).map(nanos -> guarded(() -> a.plusNanos(nanos), a));
    Arbitrary<OffsetDateTime> sameLocal = offsets().map(offset -> a.withOffsetSameLocal(offset));
    return Arbitraries.oneOf(sameInstant, nearInstant, sameLocal);
  }

  private interface Step<T> {
    T apply();
  }

  private static <T> T guarded(Step<T> step, T fallback) {
    try {
      return step.apply();
    } catch (DateTimeException | ArithmeticException e) {
      return fallback;
    }
  }
}
