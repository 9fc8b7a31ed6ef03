package io.tablemapper.internal.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.spi.TableRow;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Conversions between Java property types and store values. */
class ValuesTest {

  private static final TableRow ROW = TableRow.keys("Sales", "empid_00000123");

  enum Status { ACTIVE, RETIRED }

  // ------------------------------------------------------------------ small integers

  @Property
  void everyByteAndShortSurvivesTheTripThroughInt32(@ForAll byte b, @ForAll short s) {
    assertThat(Values.toByte(Values.fromSmallInt(b), "Employee", "b", ROW)).isEqualTo(b);
    assertThat(Values.toShort(Values.fromSmallInt(s), "Employee", "s", ROW)).isEqualTo(s);
  }

  @Example
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

  @Property
  void everyFloatSurvivesTheTripThroughDouble(@ForAll float value) {
    assertThat(Float.floatToRawIntBits(Values.toFloat(Values.fromFloat(value))))
        .isEqualTo(Float.floatToRawIntBits(value));
  }

  // ------------------------------------------------------------------ chars

  @Property
  void everyCharSurvivesTheTripThroughAOneCharacterString(@ForAll char value) {
    String stored = Values.fromChar(value);
    assertThat(stored).hasSize(1);
    assertThat(Values.toChar(stored, "E", "c", ROW)).isEqualTo(value);
    assertThat(Values.toCharacter(Values.fromChar(Character.valueOf(value)), "E", "c", ROW)).isEqualTo(value);
  }

  @Example
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

  @Example
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

  @Example
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

  @Property
  void everyLocalDateTimeSurvivesTheTripThroughAnInstantInUtc(@ForAll("localDateTimes") LocalDateTime value) {
    Instant stored = Values.fromLocalDateTime(value);
    assertThat(stored).isEqualTo(value.toInstant(ZoneOffset.UTC));
    assertThat(Values.toLocalDateTime(stored)).isEqualTo(value);
  }

  @Property
  void everyLocalDateIsStoredAtMidnightUtcAndReadsBack(@ForAll("localDates") LocalDate value) {
    Instant stored = Values.fromLocalDate(value);
    assertThat(LocalDateTime.ofInstant(stored, ZoneOffset.UTC)).isEqualTo(value.atStartOfDay());
    assertThat(Values.toLocalDate(stored)).isEqualTo(value);
  }

  @Example
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

  @Example
  void aBinaryIsCopiedSoTheEntityNeverSharesTheStoresArray() {
    byte[] stored = {1, 2, 3};
    byte[] copy = Values.copy(stored);
    assertThat(copy).containsExactly(1, 2, 3).isNotSameAs(stored);
    assertThat(Values.copy(null)).isNull();
  }

  @Provide
  Arbitrary<LocalDateTime> localDateTimes() {
    long min = LocalDateTime.MIN.toEpochSecond(ZoneOffset.UTC);
    long max = LocalDateTime.MAX.toEpochSecond(ZoneOffset.UTC);
    return Arbitraries.longs().between(min, max)
        .flatMap(second -> Arbitraries.integers().between(0, 999_999_999)
            .map(nano -> LocalDateTime.ofEpochSecond(second, nano, ZoneOffset.UTC)));
  }

  @Provide
  Arbitrary<LocalDate> localDates() {
    return Arbitraries.longs().between(LocalDate.MIN.toEpochDay(), LocalDate.MAX.toEpochDay())
        .map(LocalDate::ofEpochDay);
  }
}
