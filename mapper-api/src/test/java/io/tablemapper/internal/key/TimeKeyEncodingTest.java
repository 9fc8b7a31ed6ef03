package io.tablemapper.internal.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.booleans;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * The time encodings over the whole domain of each java.time type (Instant.MIN to Instant.MAX, LocalDate.MIN to
 * LocalDate.MAX, offsets of ±18:00): each decodes to the identical value (an OffsetDateTime with its offset),
 * sorts chronologically (reversed for desc), and has the documented width.
 */
class TimeKeyEncodingTest {

  private static KeySpec spec(String shape, boolean desc, Class<?> type) {
    return KeySpec.of("E", "RowKey", Keys.template(shape, Keys.placeholder(0, desc)), type);
  }

  /** The encoded value inside a key. */
  private static String encoded(KeySpec spec, String key) {
    String rest = Keys.withoutLiteralPrefix(spec, key);
    return rest.substring(0, rest.length() - (Keys.literalLength(spec) - spec.template().literalPrefix().length()));
  }

  private static final long SECONDS_PER_400_YEARS = 146_097L * 86_400L;

  /** The documented year: 4 digits for 0000-9999, else '-' or '~' and 10 digits (negative years plus 10^10). */
  private static String documentedYear(long year) {
    if (year >= 0 && year <= 9999) {
      return String.format("%04d", year);
    }
    return year < 0 ? "-" + String.format("%010d", year + 10_000_000_000L) : "~" + String.format("%010d", year);
  }

  /** The documented ascending text of a date and optionally its time of day, without a zone. */
  private static String documentedDateTime(long year, LocalDateTime t, boolean withTime) {
    String date = documentedYear(year) + String.format("-%02d-%02d", t.getMonthValue(), t.getDayOfMonth());
    return withTime
        ? date + String.format("T%02d:%02d:%02d.%09d", t.getHour(), t.getMinute(), t.getSecond(), t.getNano())
        : date;
  }

  private static String documentedDateTime(LocalDateTime t, boolean withTime) {
    return documentedDateTime(t.getYear(), t, withTime);
  }

  /**
   * Whole 400-year Gregorian cycles to move an Instant by to bring it into LocalDateTime's range (Instant reaches
   * one year further on each side); the calendar repeats every cycle, so month, day and time are unchanged.
   */
  private static long cycles(Instant value) {
    if (value.getEpochSecond() < KeyGenerators.LOCAL_MIN_SECOND) {
      return -1000;
    }
    return value.getEpochSecond() > KeyGenerators.LOCAL_MAX_SECOND ? 1000 : 0;
  }

  private static LocalDateTime shifted(Instant value) {
    return LocalDateTime.ofEpochSecond(
        value.getEpochSecond() - cycles(value) * SECONDS_PER_400_YEARS, value.getNano(), ZoneOffset.UTC);
  }

  /** The year of an Instant in UTC, beyond LocalDateTime's range too. */
  private static long utcYear(Instant value) {
    return shifted(value).getYear() + cycles(value) * 400;
  }

  /** The documented ascending text of an Instant: its UTC date-time and 'Z'. */
  private static String documentedInstant(Instant value) {
    return documentedDateTime(utcYear(value), shifted(value), true) + "Z";
  }

  private static int dateWidth(long year) {
    return year >= 0 && year <= 9999 ? 10 : 17;
  }

  private static Gen<String> shapes() {
    return Generate.pick(List.of(Keys.SHAPES));
  }

  // ------------------------------------------------------------------ Instant

  @Test
  void everyInstantDecodesToItselfFromAKeyOfTheDocumentedForm() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(instants(), booleans().all(), shapes())
        .checkAssert((value, desc, shape) -> {
          KeySpec spec = spec(shape, desc, Instant.class);
          String encoded = encoded(spec, Keys.assertRoundTrip(spec, value));
          if (desc) {
            assertThat(encoded).hasSize(29);
          } else {
            assertThat(encoded).hasSize(dateWidth(utcYear(value)) + 20).isEqualTo(documentedInstant(value));
          }
        });
  }

  @Test
  void instantKeysSortChronologicallyAndDescendingReversesThem() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(instantPairs(), booleans().all(), shapes())
        .checkAssert((pair, desc, shape) -> {
          KeySpec spec = spec(shape, desc, Instant.class);
          int order = pair._1.compareTo(pair._2);
          Keys.assertSortsLike(Keys.encode(spec, pair._1), Keys.encode(spec, pair._2), desc ? -order : order);
        });
  }

  private static Gen<Instant> instants() {
    return KeyGenerators.instants();
  }

  private static Gen<Pair<Instant, Instant>> instantPairs() {
    return KeyGenerators.pairs(KeyGenerators.instants(), KeyGenerators::instantNeighbours);
  }

  // ------------------------------------------------------------------ LocalDateTime

  @Test
  void everyLocalDateTimeDecodesToItselfFromAKeyOfTheDocumentedForm() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(localDateTimes(), booleans().all(), shapes())
        .checkAssert((value, desc, shape) -> {
          KeySpec spec = spec(shape, desc, LocalDateTime.class);
          String encoded = encoded(spec, Keys.assertRoundTrip(spec, value));
          if (desc) {
            assertThat(encoded).hasSize(29);
          } else {
            assertThat(encoded).hasSize(dateWidth(value.getYear()) + 19).isEqualTo(documentedDateTime(value, true));
          }
        });
  }

  @Test
  void localDateTimeKeysSortChronologicallyAndDescendingReversesThem() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(localDateTimePairs(), booleans().all(), shapes())
        .checkAssert((pair, desc, shape) -> {
          KeySpec spec = spec(shape, desc, LocalDateTime.class);
          int order = pair._1.compareTo(pair._2);
          Keys.assertSortsLike(Keys.encode(spec, pair._1), Keys.encode(spec, pair._2), desc ? -order : order);
        });
  }

  private static Gen<LocalDateTime> localDateTimes() {
    return KeyGenerators.localDateTimes();
  }

  private static Gen<Pair<LocalDateTime, LocalDateTime>> localDateTimePairs() {
    return KeyGenerators.pairs(KeyGenerators.localDateTimes(), KeyGenerators::localDateTimeNeighbours);
  }

  // ------------------------------------------------------------------ LocalDate

  @Test
  void everyLocalDateDecodesToItselfFromAKeyOfTheDocumentedForm() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(localDates(), booleans().all(), shapes())
        .checkAssert((value, desc, shape) -> {
          KeySpec spec = spec(shape, desc, LocalDate.class);
          String encoded = encoded(spec, Keys.assertRoundTrip(spec, value));
          if (desc) {
            assertThat(encoded).hasSize(20);
          } else {
            assertThat(encoded)
                .hasSize(dateWidth(value.getYear()))
                .isEqualTo(documentedDateTime(value.atStartOfDay(), false));
          }
        });
  }

  @Test
  void localDateKeysSortChronologicallyAndDescendingReversesThem() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(localDatePairs(), booleans().all(), shapes())
        .checkAssert((pair, desc, shape) -> {
          KeySpec spec = spec(shape, desc, LocalDate.class);
          int order = pair._1.compareTo(pair._2);
          Keys.assertSortsLike(Keys.encode(spec, pair._1), Keys.encode(spec, pair._2), desc ? -order : order);
        });
  }

  private static Gen<LocalDate> localDates() {
    return KeyGenerators.localDates();
  }

  private static Gen<Pair<LocalDate, LocalDate>> localDatePairs() {
    return KeyGenerators.pairs(KeyGenerators.localDates(), KeyGenerators::localDateNeighbours);
  }

  // ------------------------------------------------------------------ OffsetDateTime

  @Test
  void everyOffsetDateTimeDecodesToItselfWithItsOffset() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(offsetDateTimes(), booleans().all(), shapes())
        .checkAssert((value, desc, shape) -> {
          KeySpec spec = spec(shape, desc, OffsetDateTime.class);
          String encoded = encoded(spec, Keys.assertRoundTrip(spec, value));
          OffsetDateTime decoded = (OffsetDateTime) spec.decode(Keys.encode(spec, value))[0];
          assertThat(decoded.getOffset()).isEqualTo(value.getOffset());
          int shiftedOffset = value.getOffset().getTotalSeconds() + 64_800;
          if (desc) {
            assertThat(encoded).hasSize(36).endsWith(String.format("@%06d", 129_600 - shiftedOffset));
          } else {
            assertThat(encoded)
                .isEqualTo(documentedInstant(value.toInstant()) + String.format("@%06d", shiftedOffset))
                .hasSize(dateWidth(utcYear(value.toInstant())) + 27);
          }
        });
  }

  @Test
  void offsetDateTimeKeysSortAsCompareToDoesAndDescendingReversesThem() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(offsetDateTimePairs(), booleans().all(), shapes())
        .checkAssert((pair, desc, shape) -> {
          KeySpec spec = spec(shape, desc, OffsetDateTime.class);
          int order = pair._1.compareTo(pair._2);
          Keys.assertSortsLike(Keys.encode(spec, pair._1), Keys.encode(spec, pair._2), desc ? -order : order);
        });
  }

  private static Gen<OffsetDateTime> offsetDateTimes() {
    return KeyGenerators.offsetDateTimes();
  }

  private static Gen<Pair<OffsetDateTime, OffsetDateTime>> offsetDateTimePairs() {
    return KeyGenerators.pairs(KeyGenerators.offsetDateTimes(), KeyGenerators::offsetDateTimeNeighbours);
  }
}
