package io.tablemapper.internal.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.booleans;

import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.StoreLimits;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

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

  @Test
  void aNameKeyDecomposesIntoLastAndFirstName() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(lastNames(), anyStrings())
        .checkAssert((last, first) -> {
          String key = Keys.assertRoundTrip(NAME, last, first);
          assertThat(key).isEqualTo(last + "_" + first);
        });
  }

  @Test
  void anEmployeeKeyDecomposesIntoIdAndYearAndSortsByIdThenYear() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(employeeIds(), ints(), employeeIds(), ints())
        .checkAssert((boxedIdA, boxedYearA, boxedIdB, boxedYearB) -> {
          int idA = boxedIdA;
          int yearA = boxedYearA;
          int idB = boxedIdB;
          int yearB = boxedYearB;
          String keyA = Keys.assertRoundTrip(EMPLOYEE, idA, yearA);
          String keyB = Keys.assertRoundTrip(EMPLOYEE, idB, yearB);
          assertThat(keyA).startsWith("empid_" + String.format("%08d", idA) + "_").hasSize(6 + 8 + 1 + 11);
          int order = idA != idB ? Integer.compare(idA, idB) : Integer.compare(yearA, yearB);
          Keys.assertSortsLike(keyA, keyB, order);
        });
  }

  @Test
  void aBooleanNeedsNoSeparatorBeforeAString() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000)
        .forAll(booleans().all(), anyStrings(), booleans().all(), anyStrings())
        .checkAssert((boxedFlagA, idA, boxedFlagB, idB) -> {
          boolean flagA = boxedFlagA;
          boolean flagB = boxedFlagB;
          String keyA = Keys.assertRoundTrip(FLAGGED, flagA, idA);
          String keyB = Keys.assertRoundTrip(FLAGGED, flagB, idB);
          int order = flagA != flagB ? Boolean.compare(flagA, flagB) : idA.compareTo(idB);
          Keys.assertSortsLike(keyA, keyB, order);
        });
  }

  @Test
  void aKeyOfFourTypedComponentsDecomposesIntoThem() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000)
        .forAll(Generate.enumValues(TextKeyEncodingTest.Fruit.class), instants(), intsIn(0, 9999), uuids())
        .checkAssert((kind, at, boxedSeq, id) -> {
          int seq = boxedSeq;
          Keys.assertRoundTrip(EVENT, kind, at, (short) seq, id);
        });
  }

  @Test
  void fixedWidthComponentsBetweenLiteralBracesDecompose() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(dates(), intsIn(0, 127), booleans().all())
        .checkAssert((day, boxedSensor, on) -> {
          int sensor = boxedSensor;
          String key = Keys.assertRoundTrip(DAY, day, (byte) sensor, on);
          assertThat(key).startsWith("{").contains("}" + String.format("%03d", sensor) + on);
        });
  }

  // ------------------------------------------------------------------ prefixes

  /**
   * The prefix for {@code last = "Smith"} is {@code Smith_}: it matches every Smith and nothing else, neither
   * Smithson nor Smith-x, whether tested with startsWith or as the key range [prefix, prefixEnd(prefix)).
   */
  @Test
  void aPrefixForOneLastNameNeverMatchesALongerLastName() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(smithsAndOthers(), anyStrings())
        .checkAssert((last, first) -> {
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
        });
  }

  @Test
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
  @Test
  void aStringComponentBeforeASeparatorDoesNotKeepTheValuesOrder() {
    assertThat("Smith-x").isGreaterThan("Smith");
    assertThat(NAME.compose("Smith-x", "Ann")).isLessThan(NAME.compose("Smith", "Ann"));
    assertThat(NAME.compose("Smith", "Ann")).isLessThan(NAME.compose("Smith", "Bob"));
  }

  // ------------------------------------------------------------------ rejected values

  @Test
  void aValueHoldingItsSeparatorIsRejectedNamingEntityPropertyAndValue() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(lastNames(), lastNames(), anyStrings())
        .checkAssert((before, after, first) -> {
          String last = before + "_" + after;
          assertThatThrownBy(() -> NAME.compose(last, first))
              .isInstanceOf(InvalidKeyException.class)
              .hasMessageContaining("Person.last = '" + last + "'")
              .hasMessageContaining("contains '_', which separates {last}")
              .hasMessageContaining("RowKey template '{last}_{first}'");
          assertThatThrownBy(() -> Keys.encode(NAME, last, first)).isInstanceOf(InvalidKeyException.class);
        });
  }

  @Test
  void aValueHoldingAForbiddenCharacterIsRejectedInAnyPosition() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000)
        .forAll(lastNames(), forbidden(), lastNames(), booleans().all())
        .checkAssert((before, boxedForbidden, after, boxedInLastComponent) -> {
          char forbidden = boxedForbidden;
          boolean inLastComponent = boxedInLastComponent;
          String value = before + forbidden + after;
          String property = inLastComponent ? "first" : "last";
          Object[] values = inLastComponent ? new Object[] {"Smith", value} : new Object[] {value, "Ann"};
          assertThatThrownBy(() -> NAME.compose(values))
              .isInstanceOf(InvalidKeyException.class)
              .hasMessageContaining("Person." + property + " = '" + value + "'")
              .hasMessageContaining("contains the forbidden character " + StoreLimits.describeChar(forbidden)
                  + " at index " + before.length())
              .hasMessageContaining("'{last}_{first}'");
        });
  }

  @Test
  void anEnumConstantHoldingTheSeparatorIsRejected() {
    KeySpec spec = KeySpec.of("E", "RowKey", "{fruit}_{n}", TextKeyEncodingTest.Fruit.class, int.class);
    assertThat(spec.compose(TextKeyEncodingTest.Fruit.APPLE, 1)).isEqualTo("APPLE_00000000001");
    assertThatThrownBy(() -> spec.compose(TextKeyEncodingTest.Fruit.APPLE_PIE, 1))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("E.fruit = APPLE_PIE contains '_'");
  }

  /** All 101 lengths with and without a literal, 202 cases: 2000 draws reach each, and a repeat runs only once. */
  @Test
  void aKeyIsAcceptedUpTo1024CharactersAndRejectedBeyond() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(2000).forAll(Generate.range(1000, 1100), booleans().all())
        .checkAssert((boxedLength, boxedWithLiteral) -> {
          int length = boxedLength;
          boolean withLiteral = boxedWithLiteral;
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
        });
  }

  @Test
  void aValueThatDoesNotFitItsPaddingIsRejectedNeverTruncated() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(outOfPadding(), booleans().all())
        .checkAssert((widthAndValue, boxedDesc) -> {
          boolean desc = boxedDesc;
          int width = widthAndValue._1;
          long value = widthAndValue._2;
          KeySpec spec = KeySpec.of("Employee", "RowKey", "empid_" + Keys.placeholder(width, desc), long.class);
          assertThatThrownBy(() -> spec.compose(value))
              .isInstanceOf(InvalidKeyException.class)
              .hasMessageContaining("Employee.v = " + value + " does not fit " + Keys.placeholder(width, desc))
              .hasMessageContaining("only 0 … " + KeyCodec.maxPadded(width) + " fit");
          assertThatThrownBy(() -> Keys.encode(spec, value)).isInstanceOf(InvalidKeyException.class);
        });
  }

  @Test
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

  @Test
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

  private static Gen<String> lastNames() {
    return KeyGenerators.keyStrings(c -> c != '_');
  }

  private static Gen<String> anyStrings() {
    return KeyGenerators.keyStrings();
  }

  private static Gen<String> smithsAndOthers() {
    Gen<String> suffixes = KeyGenerators.keyStrings(c -> c != '_');
    return KeyGenerators.oneOf(List.of(
        Generate.constant("Smith"),
        suffixes.map(suffix -> "Smith" + suffix),
        Generate.pick(List.of("Smithson", "Smith-x", "Smit", "Smiths", "Smith ", "smith", "SMITH", "")),
        Generate.range(0, 4).map(n -> "Smith".substring(0, n)),
        suffixes));
  }

  private static Gen<Character> forbidden() {
    return KeyGenerators.oneOf(List.of(
        Generate.pick(List.of('/', '\\', '#', '?')),
        Generate.range(0x00, 0x1f).map(c -> (char) c.intValue()),
        Generate.range(0x7f, 0x9f).map(c -> (char) c.intValue())));
  }

  /** A width and a value outside 0 … 10^width − 1: negative, or too many digits. */
  private static Gen<Pair<Integer, Long>> outOfPadding() {
    Gen<Integer> widths = Generate.range(1, KeyTemplate.MAX_WIDTH);
    Gen<Long> negative = KeyGenerators.oneOf(List.of(KeyGenerators.biased(Long.MIN_VALUE, -1),
        Generate.pick(List.of(-1L, -2L, Long.MIN_VALUE, Long.MIN_VALUE + 1))));
    return in -> {
      int width = widths.generate(in);
      long max = KeyCodec.maxPadded(width);
      Gen<Long> values = max == Long.MAX_VALUE
          ? negative
          : KeyGenerators.oneOf(List.of(negative, KeyGenerators.biased(max + 1, Long.MAX_VALUE),
              Generate.pick(List.of(max + 1, max + 2, max * 10 + 9 > max ? max * 10 + 9 : Long.MAX_VALUE,
                  Long.MAX_VALUE - 1, Long.MAX_VALUE))));
      return Pair.of(width, values.generate(in));
    };
  }

  /** Ids that fit eight digits, 0, 1 and 99,999,999 among them. */
  private static Gen<Integer> employeeIds() {
    return intsIn(0, 99_999_999);
  }

  /** Every int, MIN_VALUE, MAX_VALUE, 0 and ±1 among them. */
  private static Gen<Integer> ints() {
    return intsIn(Integer.MIN_VALUE, Integer.MAX_VALUE);
  }

  private static Gen<Integer> intsIn(int min, int max) {
    return KeyGenerators.longsIn(min, max).map(Long::intValue);
  }

  private static Gen<Instant> instants() {
    return KeyGenerators.instants();
  }

  private static Gen<UUID> uuids() {
    return KeyGenerators.uuids();
  }

  private static Gen<LocalDate> dates() {
    return KeyGenerators.localDates();
  }
}
