package io.tablemapper.internal.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.booleans;

import io.tablemapper.api.InvalidKeyException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * {@code {p:ticks}} and {@code {p:ticksdesc}}, the key layout of .NET writers, over the whole range of a .NET
 * DateTime (0001-01-01 to 9999-12-31T23:59:59.9999999, in 100 ns ticks): each key is the 19-digit ticks (or
 * DateTime.MaxValue.Ticks minus them), decodes to the same time, and sorts chronologically (reversed for
 * ticksdesc). The expected ticks are computed here from days since 0001-01-01 and the time of day, independently
 * of the encoder's epoch-second arithmetic.
 */
class TicksKeyEncodingTest {
  /** DateTime.MaxValue.Ticks, as .NET documents it; checked against the calendar below. */
  private static final long MAX_VALUE_TICKS = 3_155_378_975_999_999_999L;
  private static final long TICKS_PER_DAY = 864_000_000_000L;
  private static final LocalDate DAY_ZERO = LocalDate.of(1, 1, 1);

  /** The .NET ticks of a UTC date-time: whole days since 0001-01-01, then 100 ns steps of the day. */
  private static long calendarTicks(LocalDateTime utc) {
    return ChronoUnit.DAYS.between(DAY_ZERO, utc.toLocalDate()) * TICKS_PER_DAY + utc.toLocalTime().toNanoOfDay() / 100;
  }

  /** The UTC date-time of .NET ticks, by the same calendar arithmetic. */
  private static LocalDateTime calendarTime(long ticks) {
    return DAY_ZERO.plusDays(ticks / TICKS_PER_DAY).atStartOfDay().plusNanos(ticks % TICKS_PER_DAY * 100);
  }

  private static String documented(long ticks, boolean desc) {
    return String.format("%019d", desc ? MAX_VALUE_TICKS - ticks : ticks);
  }

  private static KeySpec spec(String shape, boolean desc, Class<?> type) {
    return KeySpec.of("E", "RowKey", Keys.template(shape, desc ? "{v:ticksdesc}" : "{v:ticks}"), type);
  }

  private static String encoded(KeySpec spec, String key) {
    String rest = Keys.withoutLiteralPrefix(spec, key);
    return rest.substring(0, rest.length() - (Keys.literalLength(spec) - spec.template().literalPrefix().length()));
  }

  /** Ticks over the whole DateTime range: uniform, biased to both ends, and the starts of years and days. */
  private static Gen<Long> ticks() {
    List<Long> edges = List.of(0L, 1L, 2L, TICKS_PER_DAY - 1, TICKS_PER_DAY, MAX_VALUE_TICKS - 1, MAX_VALUE_TICKS,
        calendarTicks(LocalDateTime.of(1601, 1, 1, 0, 0)), calendarTicks(LocalDateTime.of(1970, 1, 1, 0, 0)),
        calendarTicks(LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_900)),
        calendarTicks(LocalDateTime.of(2000, 2, 29, 0, 0)), calendarTicks(LocalDateTime.of(9999, 1, 1, 0, 0)));
    return Generate.frequency(
        Pair.of(4, KeyGenerators.longsIn(0, MAX_VALUE_TICKS)),
        Pair.of(2, KeyGenerators.biased(0, MAX_VALUE_TICKS).map(t -> MAX_VALUE_TICKS - t)),
        Pair.of(1, Generate.pick(edges)));
  }

  private static Gen<Pair<Long, Long>> tickPairs() {
    return KeyGenerators.pairs(ticks(), KeyGenerators.longNeighbours(0, MAX_VALUE_TICKS));
  }

  private static Gen<String> shapes() {
    return Generate.pick(List.of(Keys.SHAPES));
  }

  // ------------------------------------------------------------------ known .NET values

  @Test
  void theDotNetConstantsAgreeWithTheCalendar() {
    assertThat(calendarTicks(LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_900))).isEqualTo(MAX_VALUE_TICKS);
    assertThat(KeyCodec.MAX_TICKS).isEqualTo(MAX_VALUE_TICKS);
    // DateTime.UnixEpoch.Ticks and new DateTime(2024, 1, 31, 12, 0, 0, DateTimeKind.Utc).Ticks
    assertThat(calendarTicks(LocalDateTime.of(1970, 1, 1, 0, 0))).isEqualTo(621_355_968_000_000_000L);
    assertThat(calendarTicks(LocalDateTime.of(2024, 1, 31, 12, 0))).isEqualTo(638_422_992_000_000_000L);
  }

  @Test
  void ticksKeysAreTheDotNetTicksAndTicksdescTheirInversionFromMaxValue() {
    KeySpec ticks = KeySpec.of("Log", "RowKey", "{at:ticks}", Instant.class);
    KeySpec inverted = KeySpec.of("Log", "RowKey", "{at:ticksdesc}", Instant.class);
    Instant at = Instant.parse("2024-01-31T12:00:00Z");
    assertThat(ticks.compose(at)).isEqualTo("0638422992000000000");
    assertThat(inverted.compose(at)).isEqualTo("2516955983999999999");
    assertThat(inverted.compose(at)).isEqualTo(Long.toString(MAX_VALUE_TICKS - 638_422_992_000_000_000L));
    assertThat(ticks.compose(Instant.EPOCH)).isEqualTo("0621355968000000000");
    assertThat(ticks.compose(Instant.parse("0001-01-01T00:00:00Z"))).isEqualTo("0000000000000000000");
    assertThat(ticks.compose(Instant.parse("9999-12-31T23:59:59.9999999Z"))).isEqualTo("3155378975999999999");
    assertThat(inverted.compose(Instant.parse("9999-12-31T23:59:59.9999999Z"))).isEqualTo("0000000000000000000");
    assertThat(ticks.compose(Instant.parse("2024-01-31T12:00:00.0000001Z"))).isEqualTo("0638422992000000001");
    assertThat(KeySpec.of("Log", "RowKey", "{day:ticks}", LocalDate.class).compose(LocalDate.of(2024, 1, 31)))
        .isEqualTo("0638422560000000000");
    assertThat(KeySpec.of("Log", "RowKey", "{at:ticks}", OffsetDateTime.class)
        .compose(OffsetDateTime.parse("2024-01-31T14:00:00+02:00"))).isEqualTo("0638422992000000000");
  }

  // ------------------------------------------------------------------ whole range: round trip and order

  @Test
  void everyInstantOfTheDateTimeRangeIsItsNineteenDigitTicksAndDecodesToItself() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(ticks(), booleans().all(), shapes())
        .checkAssert((ticks, desc, shape) -> {
          Instant value = calendarTime(ticks).toInstant(ZoneOffset.UTC);
          KeySpec spec = spec(shape, desc, Instant.class);
          assertThat(encoded(spec, Keys.assertRoundTrip(spec, value))).isEqualTo(documented(ticks, desc));
        });
  }

  @Test
  void everyLocalDateTimeOfTheDateTimeRangeIsItsTicksInUtcAndDecodesToItself() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(ticks(), booleans().all(), shapes())
        .checkAssert((ticks, desc, shape) -> {
          KeySpec spec = spec(shape, desc, LocalDateTime.class);
          String key = Keys.assertRoundTrip(spec, calendarTime(ticks));
          assertThat(encoded(spec, key)).isEqualTo(documented(ticks, desc));
        });
  }

  @Test
  void everyLocalDateOfTheDateTimeRangeIsTheTicksOfItsMidnightAndDecodesToItself() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(ticks(), booleans().all(), shapes())
        .checkAssert((ticks, desc, shape) -> {
          LocalDate date = calendarTime(ticks).toLocalDate();
          KeySpec spec = spec(shape, desc, LocalDate.class);
          String key = Keys.assertRoundTrip(spec, date);
          assertThat(encoded(spec, key)).isEqualTo(documented(ticks / TICKS_PER_DAY * TICKS_PER_DAY, desc));
        });
  }

  @Test
  void anOffsetDateTimeIsTheTicksOfItsInstantAndDecodesToThatInstantAtOffsetZ() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000)
        .forAll(ticks(), KeyGenerators.offsets(), booleans().all(), shapes())
        .checkAssert((ticks, offset, desc, shape) -> {
          Instant instant = calendarTime(ticks).toInstant(ZoneOffset.UTC);
          KeySpec spec = spec(shape, desc, OffsetDateTime.class);
          String key = Keys.encode(spec, instant.atOffset(offset));
          assertThat(encoded(spec, key)).isEqualTo(documented(ticks, desc));
          assertThat(spec.decode(key)).containsExactly(instant.atOffset(ZoneOffset.UTC));
        });
  }

  @Test
  void ticksKeysSortChronologicallyAndTicksdescReversesThem() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(tickPairs(), booleans().all(), shapes())
        .checkAssert((pair, desc, shape) -> {
          KeySpec spec = spec(shape, desc, Instant.class);
          Instant a = calendarTime(pair._1).toInstant(ZoneOffset.UTC);
          Instant b = calendarTime(pair._2).toInstant(ZoneOffset.UTC);
          int order = a.compareTo(b);
          Keys.assertSortsLike(Keys.encode(spec, a), Keys.encode(spec, b), desc ? -order : order);
        });
  }

  @Test
  void localDateTimeAndLocalDateTicksKeysSortChronologicallyAndTicksdescReversesThem() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(tickPairs(), booleans().all(), shapes())
        .checkAssert((pair, desc, shape) -> {
          LocalDateTime a = calendarTime(pair._1);
          LocalDateTime b = calendarTime(pair._2);
          KeySpec times = spec(shape, desc, LocalDateTime.class);
          int order = a.compareTo(b);
          Keys.assertSortsLike(Keys.encode(times, a), Keys.encode(times, b), desc ? -order : order);
          KeySpec dates = spec(shape, desc, LocalDate.class);
          int dayOrder = a.toLocalDate().compareTo(b.toLocalDate());
          Keys.assertSortsLike(Keys.encode(dates, a.toLocalDate()), Keys.encode(dates, b.toLocalDate()),
              desc ? -dayOrder : dayOrder);
        });
  }

  @Test
  void ticksKeysFitTheirShapeSoKeySpaceProofsHoldForThem() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(300).forAll(ticks(), booleans().all())
        .checkAssert((ticks, desc) -> {
          KeySpec spec = spec("id_%s", desc, Instant.class);
          String key = Keys.encode(spec, calendarTime(ticks).toInstant(ZoneOffset.UTC));
          assertThat(spec.shape().matches(key)).as("%s fits %s", key, spec.shape()).isTrue();
        });
    KeyShape shape = spec("%s", false, LocalDate.class).shape();
    assertThat(shape.fixedLength()).isTrue();
    assertThat(shape.minLength()).isEqualTo(19);
  }

  // ------------------------------------------------------------------ what ticks cannot hold

  @Test
  void aTimeOutsideTheDateTimeRangeIsRefusedNamingTheRange() {
    KeySpec spec = KeySpec.of("Log", "RowKey", "{at:ticks}", Instant.class);
    assertThatThrownBy(() -> spec.compose(Instant.parse("0000-12-31T23:59:59.9999999Z")))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("Log.at = 0000-12-31T23:59:59.999999900Z is outside the range of .NET ticks,"
            + " 0001-01-01T00:00:00Z … 9999-12-31T23:59:59.999999900Z");
    assertThatThrownBy(() -> spec.compose(Instant.parse("+10000-01-01T00:00:00Z")))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("outside the range of .NET ticks");
    assertThatThrownBy(() -> KeySpec.of("Log", "RowKey", "{day:ticksdesc}", LocalDate.class)
        .compose(LocalDate.of(10_000, 1, 1)))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("Log.day = +10000-01-01 is outside the range of .NET ticks");
  }

  @Test
  void aTimeFinerThanATickIsRefusedRatherThanTruncatedIntoAnotherKey() {
    KeySpec spec = KeySpec.of("Log", "RowKey", "{at:ticksdesc}", LocalDateTime.class);
    assertThatThrownBy(() -> spec.compose(LocalDateTime.of(2024, 1, 31, 12, 0, 0, 50)))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("Log.at = 2024-01-31T12:00:00.000000050 is more precise than .NET ticks (100 ns)");
  }

  @Test
  void aKeyThatHoldsNoTicksOfTheRangeIsRefusedOnDecoding() {
    KeySpec instant = KeySpec.of("Log", "RowKey", "{at:ticks}", Instant.class);
    assertThatThrownBy(() -> instant.decode("3155378976000000000"))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("above DateTime.MaxValue.Ticks");
    assertThatThrownBy(() -> instant.decode("063842299200000000"))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("the key ends too early");
    assertThatThrownBy(() -> KeySpec.of("Log", "RowKey", "{day:ticks}", LocalDate.class).decode("0638422992000000000"))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("not a date (midnight UTC)");
  }
}
