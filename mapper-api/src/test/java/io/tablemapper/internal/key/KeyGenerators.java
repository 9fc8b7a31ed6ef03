package io.tablemapper.internal.key;

import static org.quicktheories.generators.SourceDSL.booleans;
import static org.quicktheories.generators.SourceDSL.longs;

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
import org.quicktheories.api.Pair;
import org.quicktheories.core.DetatchedRandomnessSource;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * Generators over the whole domain of every key type, weighted towards the values where encodings change shape:
 * MIN/MAX, 0 and -1, the years -1, 0, 9999 and 10000, the ends of LocalDateTime's range (where Instant encoding
 * shifts by 400-year cycles), offsets of ±18:00, nanos of 0 and 999,999,999.
 *
 * <p>QuickTheories adds no edge cases of its own beyond one example at the lower and one at the upper end of every
 * range, so each generator lists its edges and mixes them in with {@link Generate#frequency}, often enough that
 * every edge comes up in a run of 1000 examples.
 *
 * <p>{@link #pairs} makes the pairs that order properties need: independent values, neighbours one step apart,
 * and equal values.
 */
final class KeyGenerators {
  private KeyGenerators() {}

  /**
   * The seed of every key property: fixed, so that a run checks the same cases on every machine and a failure
   * reproduces as it was reported. Change it locally to explore other cases.
   */
  static final long SEED = 0x7AB1EL;

  // ------------------------------------------------------------------ combinators

  /** Independent pairs, pairs of a value and one of its neighbours, and equal pairs. */
  static <T> Gen<Pair<T, T>> pairs(Gen<T> values, Function<T, Gen<T>> neighbours) {
    Gen<Pair<T, T>> independent = values.zip(values, Pair::of);
    Gen<Pair<T, T>> near = in -> {
      T a = values.generate(in);
      return Pair.of(a, neighbours.apply(a).generate(in));
    };
    Gen<Pair<T, T>> equal = values.map(a -> Pair.of(a, a));
    return Generate.frequency(Pair.of(4, independent), Pair.of(5, near), Pair.of(1, equal));
  }

  /** One of the generators, each as likely as the others. */
  static <T> Gen<T> oneOf(List<Gen<T>> generators) {
    List<Pair<Integer, Gen<T>>> weighted = new ArrayList<>();
    generators.forEach(generator -> weighted.add(Pair.of(1, generator)));
    return Generate.frequency(weighted);
  }

  /**
   * The values of {@code values} that {@code keep} accepts, drawn again until one is. Unlike
   * {@link Gen#assuming}, a rejected value does not count against QuickTheories' ten attempts per example, which
   * a 24-character string with a few rejected characters could use up and end the whole run.
   */
  static <T> Gen<T> filtered(Gen<T> values, Predicate<T> keep) {
    return in -> {
      while (true) {
        DetatchedRandomnessSource attempt = in.detach();
        T value = values.generate(attempt);
        if (keep.test(value)) {
          attempt.commit();
          return value;
        }
      }
    };
  }

  // ------------------------------------------------------------------ integers

  /**
   * Longs in [min, max] weighted towards small magnitudes, where a uniform draw over a wide range would almost never
   * land: a bit length up to the range's, then a value of that many bits on either side of the value nearest zero.
   */
  static Gen<Long> biased(long min, long max) {
    long target = Math.max(min, Math.min(max, 0));
    // Differences as unsigned longs: target - min and max - target never exceed 2^64 - 1.
    long below = target - min;
    long above = max - target;
    int rangeBits = 64 - Long.numberOfLeadingZeros(Long.compareUnsigned(below, above) > 0 ? below : above);
    int maxBits = Math.min(63, rangeBits);
    return Generate.range(0, maxBits).zip(longs().all(), booleans().all(), (bits, raw, up) -> {
      long magnitude = bits == 0 ? 0 : raw >>> (64 - bits);
      boolean fitsAbove = Long.compareUnsigned(magnitude, above) <= 0;
      boolean fitsBelow = Long.compareUnsigned(magnitude, below) <= 0;
      // The other side where this one has no room, so that a range starting at zero is not half zeros.
      if (fitsAbove && (up || !fitsBelow)) {
        return target + magnitude;
      }
      if (fitsBelow) {
        return target - magnitude;
      }
      return up ? max : min;
    });
  }

  /**
   * Longs in [min, max]: biased, uniform, the ends of the range with their neighbours, 0, ±1 and ±2, and the powers
   * of ten where the number of digits changes.
   */
  static Gen<Long> longsIn(long min, long max) {
    List<Long> boundaries = inRange(min, max, min, min + 1, max - 1, max, 0, 1, -1, 2, -2);
    List<Long> digits = new ArrayList<>(inRange(min, max, 9, 10, 99, 100, 999, 1000));
    long power = 1;
    for (int exponent = 1; exponent <= 18; exponent++) {
      power *= 10;
      digits.addAll(inRange(min, max, power - 1, power, -power));
    }
    List<Pair<Integer, Gen<Long>>> weighted = new ArrayList<>();
    weighted.add(Pair.of(3, biased(min, max)));
    weighted.add(Pair.of(3, longs().between(min, max)));
    weighted.add(Pair.of(1, Generate.pick(boundaries)));
    if (!digits.isEmpty()) {
      weighted.add(Pair.of(1, Generate.pick(digits)));
    }
    return Generate.frequency(weighted);
  }

  /** The candidates that lie in [min, max], in order and without repeats. */
  private static List<Long> inRange(long min, long max, long... candidates) {
    List<Long> edges = new ArrayList<>();
    for (long edge : candidates) {
      if (edge >= min && edge <= max && !edges.contains(edge)) {
        edges.add(edge);
      }
    }
    return edges;
  }

  /** A long and its neighbours within [min, max]. */
  static Function<Long, Gen<Long>> longNeighbours(long min, long max) {
    return a -> Generate.range(-3, 3).map(delta -> clamp(a, delta, min, max));
  }

  /** {@code a + delta}, kept within [min, max] without overflowing. */
  static long clamp(long a, int delta, long min, long max) {
    if (delta < 0) {
      return a < min - delta ? min : a + delta;
    }
    return a > max - delta ? max : a + delta;
  }

  // ------------------------------------------------------------------ strings

  /** Every char, U+0000 to U+FFFF, undefined ones and lone surrogates included. */
  static Gen<Character> allChars() {
    return Generate.range(Character.MIN_VALUE, Character.MAX_VALUE).map(c -> (char) c.intValue());
  }

  /**
   * Characters a key may hold on their own, weighted towards ASCII and the characters that matter to ordering; a
   * surrogate is only ever half of a pair, which {@link #keyStrings} adds.
   */
  static Gen<Character> keyChars() {
    return keyChars(c -> true);
  }

  /** Characters a key may hold that also pass {@code allowed}. */
  static Gen<Character> keyChars(Predicate<Character> allowed) {
    Gen<Character> chars = Generate.frequency(
        Pair.of(6, Generate.range(' ', '~').map(c -> (char) c.intValue())),
        Pair.of(2, allChars()),
        Pair.of(1, Generate.pick(List.of(' ', '!', '_', '-', '.', '0', '9', 'A', 'Z', 'a', 'z', '{', '}', '~', '\u00a0',
            '\u00ff', '\u0100', '\ud7ff', '\ud800', '\udbff', '\udc00', '\udfff', '\ue000', '\ufffe', '\uffff'))));
    return filtered(chars, c -> StoreLimits.isKeyCharAllowed(c) && !Character.isSurrogate(c) && allowed.test(c));
  }

  /** Surrogate pairs: the first and last there are, and ones between. */
  static Gen<String> surrogatePairs() {
    return Generate.frequency(
        Pair.of(1, Generate.pick(List.of("\ud800\udc00", "\ud800\udfff", "\udbff\udc00", "\udbff\udfff", "\ud83d\ude00"))),
        Pair.of(1, Generate.range(0x10000, Character.MAX_CODE_POINT).map(c -> Character.toString(c.intValue()))));
  }

  /** Strings a key may hold (no forbidden character), up to 24 characters. */
  static Gen<String> keyStrings() {
    return keyStrings(c -> true);
  }

  /**
   * Strings a key may hold whose characters also pass {@code allowed}: up to 24 characters or surrogate pairs (never
   * a lone surrogate, which no key may hold), with the empty string and single characters, the edge cases of a
   * string, more often than a uniform length would give them.
   */
  static Gen<String> keyStrings(Predicate<Character> allowed) {
    Gen<String> units = Generate.frequency(
        Pair.of(12, keyChars(allowed).map(c -> String.valueOf(c.charValue()))),
        Pair.of(1, filtered(surrogatePairs(), pair -> allowed.test(pair.charAt(0)) && allowed.test(pair.charAt(1)))));
    Gen<Integer> lengths = Generate.frequency(
        Pair.of(1, Generate.pick(List.of(0, 1))), Pair.of(4, Generate.range(0, 24)));
    return in -> {
      int length = lengths.generate(in);
      StringBuilder text = new StringBuilder(length);
      for (int i = 0; i < length; i++) {
        text.append(units.generate(in));
      }
      return text.toString();
    };
  }

  /**
   * Neighbours of a string in UTF-16 order: extended, shortened, or with one character moved by one; a neighbour
   * that would split a surrogate pair is the string itself.
   */
  static Function<String, Gen<String>> stringNeighbours(Predicate<Character> allowed) {
    return a -> {
      List<Gen<String>> options = new ArrayList<>();
      options.add(keyChars(allowed).map(c -> a + c));
      options.add(Generate.constant(a + a));
      if (!a.isEmpty()) {
        options.add(Generate.range(0, a.length() - 1).map(n -> whole(a.substring(0, n), a)));
        options.add(Generate.range(0, a.length() - 1).zip(Generate.pick(List.of(-1, 1)), (i, d) -> {
          char moved = (char) (a.charAt(i) + d);
          return StoreLimits.isKeyCharAllowed(moved) && allowed.test(moved)
              ? whole(a.substring(0, i) + moved + a.substring(i + 1), a)
              : a;
        }));
      }
      return oneOf(options);
    };
  }

  /** {@code text}, unless it holds a lone surrogate, which no key may: then {@code otherwise}. */
  private static String whole(String text, String otherwise) {
    return StoreLimits.firstLoneSurrogate(text) < 0 ? text : otherwise;
  }

  // ------------------------------------------------------------------ UUIDs

  static Gen<UUID> uuids() {
    Gen<Long> halves = longsIn(Long.MIN_VALUE, Long.MAX_VALUE);
    return halves.zip(halves, UUID::new);
  }

  /** Neighbours of a UUID: one half moved by one, or the sign bit of a half flipped. */
  static Gen<UUID> uuidNeighbours(UUID a) {
    long msb = a.getMostSignificantBits();
    long lsb = a.getLeastSignificantBits();
    return Generate.pick(List.of(
        new UUID(msb, lsb + 1), new UUID(msb, lsb - 1), new UUID(msb + 1, lsb), new UUID(msb - 1, lsb),
        new UUID(msb ^ Long.MIN_VALUE, lsb), new UUID(msb, lsb ^ Long.MIN_VALUE)));
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
  private static Gen<Long> seconds(long min, long max) {
    return Generate.frequency(
        Pair.of(3, longs().between(min, max)),
        Pair.of(2, biased(min, max)),
        Pair.of(3, longs().between(Math.max(min, yearStart(-2)), Math.min(max, yearStart(10002)))),
        Pair.of(2, Generate.pick(edgeSeconds(min, max))));
  }

  static Gen<Integer> nanos() {
    return Generate.frequency(
        Pair.of(3, biased(0, 999_999_999).map(Long::intValue)),
        Pair.of(1, Generate.pick(List.of(0, 1, 2, 100, 999_999_998, 999_999_999, 500_000_000))));
  }

  static Gen<Instant> instants() {
    return seconds(INSTANT_MIN_SECOND, INSTANT_MAX_SECOND).zip(nanos(), Instant::ofEpochSecond);
  }

  /** Steps of nanos, seconds and days either way, to the neighbours of a date-time. */
  private static final List<Long> NANO_STEPS =
      List.of(-86_400_000_000_000L, -1_000_000_000L, -2L, -1L, 1L, 2L, 1_000_000_000L, 86_400_000_000_000L);

  /** Neighbours of an Instant: nanos, seconds and days away, within Instant's range. */
  static Gen<Instant> instantNeighbours(Instant a) {
    return Generate.pick(NANO_STEPS).map(nanos -> guarded(() -> a.plusNanos(nanos), a));
  }

  static Gen<LocalDateTime> localDateTimes() {
    return seconds(LOCAL_MIN_SECOND, LOCAL_MAX_SECOND)
        .zip(nanos(), (second, nano) -> LocalDateTime.ofEpochSecond(second, nano, ZoneOffset.UTC));
  }

  static Gen<LocalDateTime> localDateTimeNeighbours(LocalDateTime a) {
    return Generate.pick(NANO_STEPS).map(nanos -> guarded(() -> a.plusNanos(nanos), a));
  }

  static Gen<LocalDate> localDates() {
    long minDay = LocalDate.MIN.toEpochDay();
    long maxDay = LocalDate.MAX.toEpochDay();
    return seconds(LOCAL_MIN_SECOND, LOCAL_MAX_SECOND)
        .map(second -> Math.floorDiv(second, 86_400L))
        .map(day -> LocalDate.ofEpochDay(Math.max(minDay, Math.min(maxDay, day))));
  }

  static Gen<LocalDate> localDateNeighbours(LocalDate a) {
    return Generate.pick(List.of(-366L, -31L, -1L, 1L, 31L, 366L)).map(days -> guarded(() -> a.plusDays(days), a));
  }

  static Gen<ZoneOffset> offsets() {
    int max = 18 * 3600;
    return Generate.frequency(
            Pair.of(3, biased(-max, max).map(Long::intValue)),
            Pair.of(2, biased(-max / 900, max / 900).map(quarters -> quarters.intValue() * 900)),
            Pair.of(2, Generate.pick(List.of(-max, -max + 1, -1800, -900, -2, -1, 0, 1, 2, 900, 1800, max - 1, max))))
        .map(ZoneOffset::ofTotalSeconds);
  }

  static Gen<OffsetDateTime> offsetDateTimes() {
    return Generate.frequency(
        Pair.of(8, localDateTimes().zip(offsets(), OffsetDateTime::of)),
        Pair.of(1, Generate.pick(List.of(OffsetDateTime.MIN, OffsetDateTime.MAX,
            OffsetDateTime.of(LocalDateTime.MIN, ZoneOffset.MIN), OffsetDateTime.of(LocalDateTime.MAX, ZoneOffset.MAX),
            Instant.EPOCH.atOffset(ZoneOffset.MIN), Instant.EPOCH.atOffset(ZoneOffset.MAX)))));
  }

  /** Neighbours of an OffsetDateTime: the same instant at another offset, or a nano or a second away. */
  static Gen<OffsetDateTime> offsetDateTimeNeighbours(OffsetDateTime a) {
    Gen<OffsetDateTime> sameInstant = offsets().map(offset -> guarded(() -> a.withOffsetSameInstant(offset), a));
    Gen<OffsetDateTime> nearInstant = Generate.pick(List.of(-1_000_000_000L, -1L, 1L, 1_000_000_000L))
        .map(nanos -> guarded(() -> a.plusNanos(nanos), a));
    Gen<OffsetDateTime> sameLocal = offsets().map(offset -> a.withOffsetSameLocal(offset));
    return oneOf(List.of(sameInstant, nearInstant, sameLocal));
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
