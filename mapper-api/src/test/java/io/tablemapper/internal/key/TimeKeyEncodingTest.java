package io.tablemapper.internal.key;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple.Tuple2;

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
    if (value.getEpochSecond() < KeyArbitraries.LOCAL_MIN_SECOND) {
      return -1000;
    }
    return value.getEpochSecond() > KeyArbitraries.LOCAL_MAX_SECOND ? 1000 : 0;
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

  @Provide
  Arbitrary<String> shapes() {
    return Arbitraries.of(Keys.SHAPES);
  }

  // ------------------------------------------------------------------ Instant

  @Property
  void everyInstantDecodesToItselfFromAKeyOfTheDocumentedForm(
      @ForAll("instants") Instant value, @ForAll boolean desc, @ForAll("shapes") String shape) {
    KeySpec spec = spec(shape, desc, Instant.class);
    String encoded = encoded(spec, Keys.assertRoundTrip(spec, value));
    if (desc) {
      assertThat(encoded).hasSize(29);
    } else {
      assertThat(encoded).hasSize(dateWidth(utcYear(value)) + 20).isEqualTo(documentedInstant(value));
    }
  }

  @Property
  void instantKeysSortChronologicallyAndDescendingReversesThem(
      @ForAll("instantPairs") Tuple2<Instant, Instant> pair, @ForAll boolean desc, @ForAll("shapes") String shape) {
    KeySpec spec = spec(shape, desc, Instant.class);
    int order = pair.get1().compareTo(pair.get2());
    Keys.assertSortsLike(Keys.encode(spec, pair.get1()), Keys.encode(spec, pair.get2()), desc ? -order : order);
  }

  @Provide
  Arbitrary<Instant> instants() {
    return KeyArbitraries.instants();
  }

  @Provide
  Arbitrary<Tuple2<Instant, Instant>> instantPairs() {
    return KeyArbitraries.pairs(KeyArbitraries.instants(), KeyArbitraries::instantNeighbours);
  }

  // ------------------------------------------------------------------ LocalDateTime

  @Property
  void everyLocalDateTimeDecodesToItselfFromAKeyOfTheDocumentedForm(
      @ForAll("localDateTimes") LocalDateTime value, @ForAll boolean desc, @ForAll("shapes") String shape) {
    KeySpec spec = spec(shape, desc, LocalDateTime.class);
    String encoded = encoded(spec, Keys.assertRoundTrip(spec, value));
    if (desc) {
      assertThat(encoded).hasSize(29);
    } else {
      assertThat(encoded).hasSize(dateWidth(value.getYear()) + 19).isEqualTo(documentedDateTime(value, true));
    }
  }

  @Property
  void localDateTimeKeysSortChronologicallyAndDescendingReversesThem(
      @ForAll("localDateTimePairs") Tuple2<LocalDateTime, LocalDateTime> pair,
      @ForAll boolean desc,
      @ForAll("shapes") String shape) {
    KeySpec spec = spec(shape, desc, LocalDateTime.class);
    int order = pair.get1().compareTo(pair.get2());
    Keys.assertSortsLike(Keys.encode(spec, pair.get1()), Keys.encode(spec, pair.get2()), desc ? -order : order);
  }

  @Provide
  Arbitrary<LocalDateTime> localDateTimes() {
    return KeyArbitraries.localDateTimes();
  }

  @Provide
  Arbitrary<Tuple2<LocalDateTime, LocalDateTime>> localDateTimePairs() {
    return KeyArbitraries.pairs(KeyArbitraries.localDateTimes(), KeyArbitraries::localDateTimeNeighbours);
  }

  // ------------------------------------------------------------------ LocalDate

  @Property
  void everyLocalDateDecodesToItselfFromAKeyOfTheDocumentedForm(
      @ForAll("localDates") LocalDate value, @ForAll boolean desc, @ForAll("shapes") String shape) {
    KeySpec spec = spec(shape, desc, LocalDate.class);
    String encoded = encoded(spec, Keys.assertRoundTrip(spec, value));
    if (desc) {
      assertThat(encoded).hasSize(20);
    } else {
      assertThat(encoded)
          .hasSize(dateWidth(value.getYear()))
          .isEqualTo(documentedDateTime(value.atStartOfDay(), false));
    }
  }

  @Property
  void localDateKeysSortChronologicallyAndDescendingReversesThem(
      @ForAll("localDatePairs") Tuple2<LocalDate, LocalDate> pair,
      @ForAll boolean desc,
      @ForAll("shapes") String shape) {
    KeySpec spec = spec(shape, desc, LocalDate.class);
    int order = pair.get1().compareTo(pair.get2());
    Keys.assertSortsLike(Keys.encode(spec, pair.get1()), Keys.encode(spec, pair.get2()), desc ? -order : order);
  }

  @Provide
  Arbitrary<LocalDate> localDates() {
    return KeyArbitraries.localDates();
  }

  @Provide
  Arbitrary<Tuple2<LocalDate, LocalDate>> localDatePairs() {
    return KeyArbitraries.pairs(KeyArbitraries.localDates(), KeyArbitraries::localDateNeighbours);
  }

  // ------------------------------------------------------------------ OffsetDateTime

  @Property
  void everyOffsetDateTimeDecodesToItselfWithItsOffset(
      @ForAll("offsetDateTimes") OffsetDateTime value, @ForAll boolean desc, @ForAll("shapes") String shape) {
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
  }

  @Property
  void offsetDateTimeKeysSortAsCompareToDoesAndDescendingReversesThem(
      @ForAll("offsetDateTimePairs") Tuple2<OffsetDateTime, OffsetDateTime> pair,
      @ForAll boolean desc,
      @ForAll("shapes") String shape) {
    KeySpec spec = spec(shape, desc, OffsetDateTime.class);
    int order = pair.get1().compareTo(pair.get2());
    Keys.assertSortsLike(Keys.encode(spec, pair.get1()), Keys.encode(spec, pair.get2()), desc ? -order : order);
  }

  @Provide
  Arbitrary<OffsetDateTime> offsetDateTimes() {
    return KeyArbitraries.offsetDateTimes();
  }

  @Provide
  Arbitrary<Tuple2<OffsetDateTime, OffsetDateTime>> offsetDateTimePairs() {
    return KeyArbitraries.pairs(KeyArbitraries.offsetDateTimes(), KeyArbitraries::offsetDateTimeNeighbours);
  }
}
