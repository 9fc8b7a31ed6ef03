package io.tablemapper.internal.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.floats;
import static org.quicktheories.generators.SourceDSL.longs;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.spi.Filter;
import io.tablemapper.spi.TableRow;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/** Conversions between Java property types and store values. */
class ValuesTest {

  private static final TableRow ROW = TableRow.keys("Sales", "empid_00000123");

  enum Status { ACTIVE, RETIRED }

  /**
   * The seed of every property here: fixed, so that a run checks the same cases on every machine and a failure
   * reproduces as it was reported. Change it locally to explore other cases.
   */
  private static final long SEED = 0x7AB1EL;

  // ------------------------------------------------------------------ long filters

  private static final long[] LONG_EDGES = {Long.MIN_VALUE, Integer.MIN_VALUE - 1L, Integer.MIN_VALUE,
      Integer.MIN_VALUE + 1L, -1, 0, 1, Integer.MAX_VALUE - 1L, Integer.MAX_VALUE, Integer.MAX_VALUE + 1L,
      Long.MAX_VALUE};

  @Test
  void aLongFilterComparesInt32AndInt64RowsByTheirNumericValueForEveryOperatorAndEdge() {
    for (Filter.Op op : Filter.Op.values()) {
      for (long value : LONG_EDGES) {
        Filter filter = Values.int64(op, "total", value);
        for (long stored : LONG_EDGES) {
          boolean expected = compare(op, Long.compare(stored, value));
          assertThat(filter.test(TableRow.builder("p", "r").putInt64("total", stored).build()))
              .as("Int64 %d %s %d", stored, op, value).isEqualTo(expected);
          if (stored >= Integer.MIN_VALUE && stored <= Integer.MAX_VALUE) {
            assertThat(filter.test(TableRow.builder("p", "r").putInt32("total", (int) stored).build()))
                .as("Int32 %d %s %d", stored, op, value).isEqualTo(expected);
          }
        }
        assertThat(filter.test(TableRow.keys("p", "r"))).as("a row without the property").isFalse();
      }
    }
  }

  @Test
  void aLongFilterOutsideTheInt32RangeLeavesOutTheInt32ComparisonNoRowCouldPass() {
    assertThat(Values.int64(Filter.Op.EQ, "total", 5_000_000_000L)).isEqualTo(Filter.eq("total", 5_000_000_000L));
    assertThat(Values.int64(Filter.Op.EQ, "total", 5L))
        .isEqualTo(Filter.or(Filter.eq("total", 5L), Filter.eq("total", 5)));
  }

  private static boolean compare(Filter.Op op, int comparison) {
    switch (op) {
      case EQ:
        return comparison == 0;
      case NE:
        return comparison != 0;
      case GT:
        return comparison > 0;
      case GE:
        return comparison >= 0;
      case LT:
        return comparison < 0;
      default:
        return comparison <= 0;
    }
  }

  // ------------------------------------------------------------------ small integers

  @Test
  void everyByteAndShortSurvivesTheTripThroughInt32() {
    Gen<Byte> bytes = integralsIn(Byte.MIN_VALUE, Byte.MAX_VALUE).map(Long::byteValue);
    Gen<Short> shorts = integralsIn(Short.MIN_VALUE, Short.MAX_VALUE).map(Long::shortValue);
    qt().withFixedSeed(SEED).withExamples(1000).forAll(bytes, shorts).checkAssert((boxedB, boxedS) -> {
      byte b = boxedB;
      short s = boxedS;
      assertThat(Values.toByte(Values.fromSmallInt(b), "Employee", "b", ROW)).isEqualTo(b);
      assertThat(Values.toShort(Values.fromSmallInt(s), "Employee", "s", ROW)).isEqualTo(s);
    });
  }

  @Test
  void anInt32OutsideAByteOrShortIsRejectedNamingEntityPropertyAndRow() {
    assertThat(Values.toByte(-128, "Employee", "b", ROW)).isEqualTo((byte) -128);
    assertThat(Values.toByte(127, "Employee", "b", ROW)).isEqualTo((byte) 127);
    assertThatThrownBy(() -> Values.toByte(128, "Employee", "b", ROW))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessage("cannot read Employee from row (PartitionKey 'Sales', RowKey 'empid_00000123'): property 'b'"
            + " holds 128, which does not fit a byte");
    assertThatThrownBy(() -> Values.toByte(-129, "Employee", "b", ROW)).isInstanceOf(InvalidEntityException.class);
    assertThatThrownBy(() -> Values.toShort(32_768, "Employee", "s", ROW))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageEndingWith("property 's' holds 32768, which does not fit a short");
    assertThatThrownBy(() -> Values.toShort(-32_769, "Employee", "s", ROW))
        .isInstanceOf(InvalidEntityException.class);
    assertThat(Values.toByte((Integer) null, "Employee", "b", ROW)).isNull();
    assertThat(Values.toShort((Integer) null, "Employee", "s", ROW)).isNull();
    assertThat(Values.fromSmallInt(null)).isNull();
  }

  /** Every float from negative to positive infinity, with the zeros, the ends and the smallest steps among them. */
  @Test
  void everyFloatSurvivesTheTripThroughDouble() {
    Gen<Float> floats = Generate.frequency(
        Pair.of(3, floats().any()),
        Pair.of(1, Generate.pick(List.of(0.0f, -0.0f, 1.0f, -1.0f, 0.01f, -0.01f, Float.MIN_VALUE, -Float.MIN_VALUE,
            Float.MIN_NORMAL, -Float.MIN_NORMAL, Float.MAX_VALUE, -Float.MAX_VALUE))));
    qt().withFixedSeed(SEED).withExamples(1000).forAll(floats).checkAssert(boxed -> {
      float value = boxed;
      assertThat(Float.floatToRawIntBits(Values.toFloat(Values.fromFloat(value))))
          .isEqualTo(Float.floatToRawIntBits(value));
    });
  }

  // ------------------------------------------------------------------ chars

  /** Every char, U+0000 to U+FFFF, with the ends of ASCII, Latin-1 and the surrogate ranges among them. */
  @Test
  void everyCharSurvivesTheTripThroughAOneCharacterString() {
    Gen<Character> chars = Generate.frequency(
        Pair.of(3, Generate.range(Character.MIN_VALUE, Character.MAX_VALUE).map(c -> (char) c.intValue())),
        Pair.of(1, Generate.pick(List.of('\u0000', '\u0001', ' ', '~', '\u007f', '\u00ff', '\u0100', '\ud7ff',
            '\ud800', '\udbff', '\udc00', '\udfff', '\ue000', '\ufffe', '\uffff'))));
    qt().withFixedSeed(SEED).withExamples(1000).forAll(chars).checkAssert(boxed -> {
      char value = boxed;
      String stored = Values.fromChar(value);
      assertThat(stored).hasSize(1);
      assertThat(Values.toChar(stored, "E", "c", ROW)).isEqualTo(value);
      assertThat(Values.toCharacter(Values.fromChar(Character.valueOf(value)), "E", "c", ROW)).isEqualTo(value);
    });
  }

  @Test
  void aStringOfOtherThanOneCharacterIsNotAChar() {
    assertThatThrownBy(() -> Values.toChar("ab", "Employee", "initial", ROW))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageEndingWith("property 'initial' holds 'ab', which is not a single character");
    assertThatThrownBy(() -> Values.toCharacter("", "Employee", "initial", ROW))
        .isInstanceOf(InvalidEntityException.class);
    assertThat(Values.toChar(null, "E", "c", ROW)).isEqualTo('\0');
    assertThat(Values.toCharacter(null, "E", "c", ROW)).isNull();
    assertThat(Values.fromChar((Character) null)).isNull();
  }

  // ------------------------------------------------------------------ enums, decimals

  @Test
  void anEnumIsStoredByNameAndAnUnknownNameIsRejectedListingTheConstants() {
    assertThat(Values.fromEnum(Status.RETIRED)).isEqualTo("RETIRED");
    assertThat(Values.toEnum(Status.class, "RETIRED", "E", "status", ROW)).isEqualTo(Status.RETIRED);
    assertThat(Values.fromEnum(null)).isNull();
    assertThat(Values.toEnum(Status.class, null, "E", "status", ROW)).isNull();
    assertThatThrownBy(() -> Values.toEnum(Status.class, "active", "Employee", "status", ROW))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageEndingWith("property 'status' holds 'active', which is not a constant of "
            + Status.class.getName() + " [ACTIVE, RETIRED]");
  }

  @Test
  void aBigDecimalKeepsItsScaleAndABigIntegerItsDigits() {
    for (String text : new String[] {"1.50", "1.5", "1E+3", "-0.000", "123456789012345678901234567890.1"}) {
      BigDecimal value = new BigDecimal(text);
      BigDecimal back = Values.toBigDecimal(Values.fromBigDecimal(value), "E", "amount", ROW);
      assertThat(back).isEqualTo(value);
      assertThat(back.scale()).isEqualTo(value.scale());
    }
    assertThat(Values.fromBigDecimal(new BigDecimal("1.50"))).isEqualTo("1.50");
    BigInteger big = BigInteger.TWO.pow(100).negate();
    assertThat(Values.toBigInteger(Values.fromBigInteger(big), "E", "n", ROW)).isEqualTo(big);
    assertThatThrownBy(() -> Values.toBigDecimal("1,5", "Employee", "amount", ROW))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageEndingWith("property 'amount' holds '1,5', which is not a decimal number");
    assertThatThrownBy(() -> Values.toBigInteger("1.0", "Employee", "n", ROW))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageEndingWith("property 'n' holds '1.0', which is not an integer");
    assertThat(Values.toBigDecimal(null, "E", "a", ROW)).isNull();
    assertThat(Values.fromBigDecimal(null)).isNull();
  }

  // ------------------------------------------------------------------ times

  @Test
  void everyLocalDateTimeSurvivesTheTripThroughAnInstantInUtc() {
    qt().withFixedSeed(SEED).withExamples(1000).forAll(localDateTimes()).checkAssert(value -> {
      Instant stored = Values.fromLocalDateTime(value);
      assertThat(stored).isEqualTo(value.toInstant(ZoneOffset.UTC));
      assertThat(Values.toLocalDateTime(stored)).isEqualTo(value);
    });
  }

  @Test
  void everyLocalDateIsStoredAtMidnightUtcAndReadsBack() {
    qt().withFixedSeed(SEED).withExamples(1000).forAll(localDates()).checkAssert(value -> {
      Instant stored = Values.fromLocalDate(value);
      assertThat(LocalDateTime.ofInstant(stored, ZoneOffset.UTC)).isEqualTo(value.atStartOfDay());
      assertThat(Values.toLocalDate(stored)).isEqualTo(value);
    });
  }

  @Test
  void anOffsetDateTimeIsStoredAsItsInstantAndReadsBackAtOffsetZ() {
    OffsetDateTime value = OffsetDateTime.parse("2024-01-31T12:00:00+02:00");
    Instant stored = Values.fromOffsetDateTime(value);
    assertThat(stored).isEqualTo(Instant.parse("2024-01-31T10:00:00Z"));
    OffsetDateTime back = Values.toOffsetDateTime(stored);
    assertThat(back).isEqualTo(OffsetDateTime.parse("2024-01-31T10:00:00Z"));
    assertThat(back.isEqual(value)).isTrue();
    assertThat(Values.toLocalDate(Instant.parse("2024-01-31T23:59:59.999Z"))).isEqualTo(LocalDate.of(2024, 1, 31));
    assertThat(Values.fromOffsetDateTime(null)).isNull();
    assertThat(Values.toOffsetDateTime(null)).isNull();
    assertThat(Values.fromLocalDate(null)).isNull();
    assertThat(Values.toLocalDate(null)).isNull();
    assertThat(Values.fromLocalDateTime(null)).isNull();
    assertThat(Values.toLocalDateTime(null)).isNull();
  }

  @Test
  void aBinaryIsCopiedSoTheEntityNeverSharesTheStoresArray() {
    byte[] stored = {1, 2, 3};
    byte[] copy = Values.copy(stored);
    assertThat(copy).containsExactly(1, 2, 3).isNotSameAs(stored);
    assertThat(Values.copy(null)).isNull();
  }

  /**
   * Longs in [min, max]: uniform over the range, uniform over [near, far] (where a uniform draw over the whole range
   * would almost never land), and the ends of the range with 0, ±1 and ±2.
   */
  private static Gen<Long> integralsIn(long min, long max, long near, long far) {
    List<Long> edges = Stream.of(min, min + 1, -2L, -1L, 0L, 1L, 2L, max - 1, max)
        .filter(edge -> edge >= min && edge <= max)
        .toList();
    return Generate.frequency(
        Pair.of(2, longs().between(min, max)),
        Pair.of(2, longs().between(near, far)),
        Pair.of(1, Generate.pick(edges)));
  }

  private static Gen<Long> integralsIn(long min, long max) {
    return integralsIn(min, max, min, max);
  }

  /** Date-times from LocalDateTime.MIN to MAX, the years 0000-9999 often, and the ends of the seconds and nanos. */
  private static Gen<LocalDateTime> localDateTimes() {
    long min = LocalDateTime.MIN.toEpochSecond(ZoneOffset.UTC);
    long max = LocalDateTime.MAX.toEpochSecond(ZoneOffset.UTC);
    long near = LocalDate.of(0, 1, 1).toEpochDay() * 86_400L;
    long far = LocalDate.of(10_000, 1, 1).toEpochDay() * 86_400L - 1;
    Gen<Integer> nanos = integralsIn(0, 999_999_999).map(Long::intValue);
    return integralsIn(min, max, near, far)
        .zip(nanos, (second, nano) -> LocalDateTime.ofEpochSecond(second, nano, ZoneOffset.UTC));
  }

  /** Dates from LocalDate.MIN to MAX, the years 0000-9999 often, and the ends of the range. */
  private static Gen<LocalDate> localDates() {
    long near = LocalDate.of(0, 1, 1).toEpochDay();
    long far = LocalDate.of(9999, 12, 31).toEpochDay();
    return integralsIn(LocalDate.MIN.toEpochDay(), LocalDate.MAX.toEpochDay(), near, far).map(LocalDate::ofEpochDay);
  }
}
