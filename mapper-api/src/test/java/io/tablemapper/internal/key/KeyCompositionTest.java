package io.tablemapper.internal.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.StoreLimits;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;
import net.jqwik.api.constraints.IntRange;

/**
 * Keys of several components: they decompose into their values, a prefix for one value never matches another
 * value that merely starts with it, and values that would break the key are rejected, never truncated.
 */
class KeyCompositionTest {

  private static final KeySpec NAME = KeySpec.of("Person", "RowKey", "{last}_{first}", String.class, String.class);
  private static final KeySpec EMPLOYEE =
      KeySpec.of("Employee", "RowKey", "empid_{id:08}_{year}", int.class, int.class);
  private static final KeySpec FLAGGED = KeySpec.of("Task", "RowKey", "{flag}{id}", boolean.class, String.class);
  private static final KeySpec EVENT = KeySpec.of("Event", "RowKey", "{kind}|{at:desc}|{seq:04:desc}|{id}",
      TextKeyEncodingTest.Fruit.class, Instant.class, short.class, UUID.class);
  private static final KeySpec DAY = KeySpec.of("Reading", "PartitionKey", "{{{day}}}{sensor:03}{on}",
      LocalDate.class, byte.class, Boolean.class);

  // ------------------------------------------------------------------ round trip

  @Property
  void aNameKeyDecomposesIntoLastAndFirstName(@ForAll("lastNames") String last, @ForAll("anyStrings") String first) {
    String key = Keys.assertRoundTrip(NAME, last, first);
    assertThat(key).isEqualTo(last + "_" + first);
  }

  @Property
  void anEmployeeKeyDecomposesIntoIdAndYearAndSortsByIdThenYear(
      @ForAll("employeeIds") int idA, @ForAll int yearA, @ForAll("employeeIds") int idB, @ForAll int yearB) {
    String keyA = Keys.assertRoundTrip(EMPLOYEE, idA, yearA);
    String keyB = Keys.assertRoundTrip(EMPLOYEE, idB, yearB);
    assertThat(keyA).startsWith("empid_" + String.format("%08d", idA) + "_").hasSize(6 + 8 + 1 + 11);
    int order = idA != idB ? Integer.compare(idA, idB) : Integer.compare(yearA, yearB);
    Keys.assertSortsLike(keyA, keyB, order);
  }

  @Property
  void aBooleanNeedsNoSeparatorBeforeAString(
      @ForAll boolean flagA, @ForAll("anyStrings") String idA, @ForAll boolean flagB, @ForAll("anyStrings") String idB) {
    String keyA = Keys.assertRoundTrip(FLAGGED, flagA, idA);
    String keyB = Keys.assertRoundTrip(FLAGGED, flagB, idB);
    int order = flagA != flagB ? Boolean.compare(flagA, flagB) : idA.compareTo(idB);
    Keys.assertSortsLike(keyA, keyB, order);
  }

  @Property
  void aKeyOfFourTypedComponentsDecomposesIntoThem(
      @ForAll TextKeyEncodingTest.Fruit kind,
      @ForAll("instants") Instant at,
      @ForAll @IntRange(min = 0, max = 9999) int seq,
      @ForAll("uuids") UUID id) {
    Keys.assertRoundTrip(EVENT, kind, at, (short) seq, id);
  }

  @Property
  void fixedWidthComponentsBetweenLiteralBracesDecompose(
      @ForAll("dates") LocalDate day, @ForAll @IntRange(min = 0, max = 127) int sensor, @ForAll boolean on) {
    String key = Keys.assertRoundTrip(DAY, day, (byte) sensor, on);
    assertThat(key).startsWith("{").contains("}" + String.format("%03d", sensor) + on);
  }

  // ------------------------------------------------------------------ prefixes

  /**
   * The prefix for {@code last = "Smith"} is {@code Smith_}: it matches every Smith and nothing else, neither
   * Smithson nor Smith-x, whether tested with startsWith or as the key range [prefix, prefixEnd(prefix)).
   */
  @Property
  void aPrefixForOneLastNameNeverMatchesALongerLastName(
      @ForAll("smithsAndOthers") String last, @ForAll("anyStrings") String first) {
    StringBuilder prefix = new StringBuilder();
    NAME.part(0).appendPrefix(prefix, "Smith");
    prefix.append(NAME.template().literalAfter(0).charAt(0));
    String start = prefix.toString();
    String end = KeyBound.prefixEnd(start);

    String key = NAME.compose(last, first);

    boolean isSmith = last.equals("Smith");
    assertThat(key.startsWith(start)).as("'%s' starts with '%s'", key, start).isEqualTo(isSmith);
    assertThat(key.compareTo(start) >= 0 && key.compareTo(end) < 0)
        .as("'%s' in ['%s', '%s')", key, start, end)
        .isEqualTo(isSmith);
  }

  @Example
  void thePrefixOfSmithIsSmithAndItsSeparator() {
    StringBuilder prefix = new StringBuilder();
    NAME.part(0).appendPrefix(prefix, "Smith");
    prefix.append((char) NAME.part(0).separator());
    assertThat(prefix).hasToString("Smith_");
    assertThat(KeyBound.prefixEnd("Smith_")).isEqualTo("Smith`");
    assertThat(NAME.compose("Smithson", "Ann")).isGreaterThan("Smith`");
    assertThat(NAME.compose("Smith-x", "Ann")).isLessThan("Smith_");
  }

  /**
   * Composed keys sort by a String component only where it ends the key: before a separator, a value that extends
   * another with a character below the separator sorts first. Range plans over such a component are therefore
   * not order-preserving; prefix plans ({@code Smith_}) are exact.
   */
  @Example
  void aStringComponentBeforeASeparatorDoesNotKeepTheValuesOrder() {
    assertThat("Smith-x").isGreaterThan("Smith");
    assertThat(NAME.compose("Smith-x", "Ann")).isLessThan(NAME.compose("Smith", "Ann"));
    assertThat(NAME.compose("Smith", "Ann")).isLessThan(NAME.compose("Smith", "Bob"));
  }

  // ------------------------------------------------------------------ rejected values

  @Property
  void aValueHoldingItsSeparatorIsRejectedNamingEntityPropertyAndValue(
      @ForAll("lastNames") String before, @ForAll("lastNames") String after, @ForAll("anyStrings") String first) {
    String last = before + "_" + after;
    assertThatThrownBy(() -> NAME.compose(last, first))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("Person.last = '" + last + "'")
        .hasMessageContaining("contains '_', which separates {last}")
        .hasMessageContaining("RowKey template '{last}_{first}'");
    assertThatThrownBy(() -> Keys.encode(NAME, last, first)).isInstanceOf(InvalidKeyException.class);
  }

  @Property
  void aValueHoldingAForbiddenCharacterIsRejectedInAnyPosition(
      @ForAll("lastNames") String before,
      @ForAll("forbidden") char forbidden,
      @ForAll("lastNames") String after,
      @ForAll boolean inLastComponent) {
    String value = before + forbidden + after;
    String property = inLastComponent ? "first" : "last";
    Object[] values = inLastComponent ? new Object[] {"Smith", value} : new Object[] {value, "Ann"};
    assertThatThrownBy(() -> NAME.compose(values))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("Person." + property + " = '" + value + "'")
        .hasMessageContaining("contains the forbidden character " + StoreLimits.describeChar(forbidden)
            + " at index " + before.length())
        .hasMessageContaining("'{last}_{first}'");
  }

  @Example
  void anEnumConstantHoldingTheSeparatorIsRejected() {
    KeySpec spec = KeySpec.of("E", "RowKey", "{fruit}_{n}", TextKeyEncodingTest.Fruit.class, int.class);
    assertThat(spec.compose(TextKeyEncodingTest.Fruit.APPLE, 1)).isEqualTo("APPLE_00000000001");
    assertThatThrownBy(() -> spec.compose(TextKeyEncodingTest.Fruit.APPLE_PIE, 1))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("E.fruit = APPLE_PIE contains '_'");
  }

  @Property
  void aKeyIsAcceptedUpTo1024CharactersAndRejectedBeyond(
      @ForAll @IntRange(min = 1000, max = 1100) int length, @ForAll boolean withLiteral) {
    KeySpec spec = KeySpec.of("Doc", "RowKey", withLiteral ? "doc_{name}" : "{name}", String.class);
    String name = "n".repeat(length - (withLiteral ? 4 : 0));
    if (length <= StoreLimits.MAX_KEY_LENGTH) {
      assertThat(spec.compose(name)).hasSize(length);
      assertThat(Keys.encode(spec, name)).hasSize(length);
    } else {
      assertThatThrownBy(() -> spec.compose(name))
          .isInstanceOf(InvalidKeyException.class)
          .hasMessageContaining("RowKey of Doc would be " + length + " characters long")
          .hasMessageContaining("at most 1024");
      assertThatThrownBy(() -> Keys.encode(spec, name)).isInstanceOf(InvalidKeyException.class);
    }
  }

  @Property
  void aValueThatDoesNotFitItsPaddingIsRejectedNeverTruncated(
      @ForAll("outOfPadding") Tuple2<Integer, Long> widthAndValue, @ForAll boolean desc) {
    int width = widthAndValue.get1();
    long value = widthAndValue.get2();
    KeySpec spec = KeySpec.of("Employee", "RowKey", "empid_" + Keys.placeholder(width, desc), long.class);
    assertThatThrownBy(() -> spec.compose(value))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("Employee.v = " + value + " does not fit " + Keys.placeholder(width, desc))
        .hasMessageContaining("only 0 … " + KeyCodec.maxPadded(width) + " fit");
    assertThatThrownBy(() -> Keys.encode(spec, value)).isInstanceOf(InvalidKeyException.class);
  }

  @Example
  void theGuidesZeroPaddingWritesEightDigitsAndRejectsANineDigitId() {
    assertThat(EMPLOYEE.compose(123, 2024)).isEqualTo("empid_00000123_00000002024");
    assertThat(EMPLOYEE.compose(99_999_999, 0)).startsWith("empid_99999999_");
    assertThatThrownBy(() -> EMPLOYEE.compose(100_000_000, 2024))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessage("Employee.id = 100000000 does not fit {id:08}: only 0 … 99999999 fit in 8 digits"
            + " (use {id} for the type's whole range) (RowKey template 'empid_{id:08}_{year}')");
    assertThatThrownBy(() -> EMPLOYEE.compose(-1, 2024))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageStartingWith("Employee.id = -1 does not fit {id:08}");
  }

  @Example
  void aKeyWhoseLiteralsDoNotMatchTheTemplateIsRejectedOnDecode() {
    assertThatThrownBy(() -> EMPLOYEE.decode("empno_00000123_00000002024"))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessage("RowKey 'empno_00000123_00000002024' of Employee does not match template"
            + " 'empid_{id:08}_{year}' at index 0: expected 'empid_'");
    assertThatThrownBy(() -> NAME.decode("Smith"))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("at index 5: expected '_' after the value");
  }

  // ------------------------------------------------------------------ generators

  @Provide
  Arbitrary<String> lastNames() {
    return KeyArbitraries.keyStrings(c -> c != '_');
  }

  @Provide
  Arbitrary<String> anyStrings() {
    return KeyArbitraries.keyStrings();
  }

  @Provide
  Arbitrary<String> smithsAndOthers() {
    Arbitrary<String> suffixes = KeyArbitraries.keyStrings(c -> c != '_');
    return Arbitraries.oneOf(
        Arbitraries.just("Smith"),
        suffixes.map(suffix -> "Smith" + suffix),
        Arbitraries.of("Smithson", "Smith-x", "Smit", "Smiths", "Smith ", "smith", "SMITH", ""),
        Arbitraries.integers().between(0, 4).map(n -> "Smith".substring(0, n)),
        suffixes);
  }

  @Provide
  Arbitrary<Character> forbidden() {
    return Arbitraries.oneOf(
        Arbitraries.of('/', '\\', '#', '?'),
        Arbitraries.chars().range('\u0000', '\u001f'),
        Arbitraries.chars().range('\u007f', '\u009f'));
  }

  /** A width and a value outside 0 … 10^width − 1: negative, or too many digits. */
  @Provide
  Arbitrary<Tuple2<Integer, Long>> outOfPadding() {
    return Arbitraries.integers().between(1, KeyTemplate.MAX_WIDTH).flatMap(width -> {
      long max = KeyCodec.maxPadded(width);
      Arbitrary<Long> negative = Arbitraries.oneOf(
          Arbitraries.longs().between(Long.MIN_VALUE, -1), Arbitraries.of(-1L, Long.MIN_VALUE));
      Arbitrary<Long> values = max == Long.MAX_VALUE
          ? negative
          : Arbitraries.oneOf(negative, Arbitraries.longs().between(max + 1, Long.MAX_VALUE),
              Arbitraries.of(max + 1, max * 10 + 9 > max ? max * 10 + 9 : Long.MAX_VALUE, Long.MAX_VALUE));
      return values.map(value -> Tuple.of(width, value));
    });
  }

  @Provide
  Arbitrary<Integer> employeeIds() {
    return Arbitraries.oneOf(Arbitraries.integers().between(0, 99_999_999), Arbitraries.of(0, 1, 99_999_999));
  }

  @Provide
  Arbitrary<Instant> instants() {
    return KeyArbitraries.instants();
  }

  @Provide
  Arbitrary<UUID> uuids() {
    return KeyArbitraries.uuids();
  }

  @Provide
  Arbitrary<LocalDate> dates() {
    return KeyArbitraries.localDates();
  }
}
