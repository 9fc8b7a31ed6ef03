package io.tablemapper.internal.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.InvalidKeyException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The documented encodings by example, the edges of each domain, and what decoding rejects. */
class KeySpecTest {

  private static String encode(Class<?> type, String placeholder, Object value) {
    return KeySpec.of("E", "RowKey", placeholder, type).compose(value);
  }

  private static Object decode(Class<?> type, String placeholder, String key) {
    return KeySpec.of("E", "RowKey", placeholder, type).decode(key)[0];
  }

  // ------------------------------------------------------------------ the documented examples

  @Test
  void theDocumentedExamplesEncodeAsDocumented() {
    assertThat(encode(int.class, "{v}", 123)).isEqualTo("00000000123");
    assertThat(encode(int.class, "{v}", -1)).isEqualTo("-2147483647");
    assertThat(encode(int.class, "{v:08}", 123)).isEqualTo("00000123");
    assertThat(encode(String.class, "{v}", "Smith")).isEqualTo("Smith");
    assertThat(encode(boolean.class, "{v}", true)).isEqualTo("true");
    assertThat(encode(UUID.class, "{v}", UUID.fromString("123E4567-E89B-12D3-A456-426614174000")))
        .isEqualTo("123e4567-e89b-12d3-a456-426614174000");
    assertThat(encode(Instant.class, "{v}", Instant.parse("2024-01-31T12:00:00Z")))
        .isEqualTo("2024-01-31T12:00:00.000000000Z");
    assertThat(encode(LocalDate.class, "{v}", LocalDate.of(2024, 1, 31))).isEqualTo("2024-01-31");
    assertThat(encode(OffsetDateTime.class, "{v}", OffsetDateTime.parse("2024-01-31T12:00:00+02:00")))
        .isEqualTo("2024-01-31T10:00:00.000000000Z@072000");
  }

  @ParameterizedTest(name = "{0} {1} of {2} is {3}")
  @CsvSource({
    "byte,  {v},      -128, -000",
    "byte,  {v},      -1,   -127",
    "byte,  {v},      0,    0000",
    "byte,  {v},      127,  0127",
    "byte,  {v:desc}, -128, 0127",
    "byte,  {v:desc}, 127,  -000",
    "short, {v},      -32768, -00000",
    "short, {v},      32767,  032767",
    "long,  {v},      -9223372036854775808, -0000000000000000000",
    "long,  {v},      -1,                   -9223372036854775807",
    "long,  {v},      9223372036854775807,  09223372036854775807",
    "long,  {v:desc}, 0,                    -9223372036854775807",
    "long,  {v:desc}, -1,                   00000000000000000000",
    "int,   {v:01},      9, 9",
    "int,   {v:01:desc}, 9, 0",
    "int,   {v:04:desc}, 0, 9999",
    "int,   {v:04:desc}, 123, 9876",
    "long,  {v:019:desc}, 0, 9999999999999999999",
    "long,  {v:020}, 9223372036854775807, 09223372036854775807",
    "long,  {v:020:desc}, 9223372036854775807, 90776627963145224192",
  })
  void integralEdgesEncodeAsDocumentedAndDecodeBack(String type, String placeholder, long value, String key) {
    Class<?> javaType = switch (type) {
      case "byte" -> byte.class;
      case "short" -> short.class;
      case "int" -> int.class;
      default -> long.class;
    };
    KeySpec spec = KeySpec.of("E", "RowKey", placeholder, javaType);
    assertThat(spec.compose(value)).isEqualTo(key);
    assertThat(((Number) spec.decode(key)[0]).longValue()).isEqualTo(value);
  }

  @Test
  void timeEdgesEncodeWithTheirYearsSignedAndFixedWidth() {
    assertThat(encode(Instant.class, "{v}", Instant.MIN)).isEqualTo("-9000000000-01-01T00:00:00.000000000Z");
    assertThat(encode(Instant.class, "{v}", Instant.MAX)).isEqualTo("~1000000000-12-31T23:59:59.999999999Z");
    assertThat(encode(Instant.class, "{v}", Instant.parse("-0001-12-31T23:59:59.999999999Z")))
        .isEqualTo("-9999999999-12-31T23:59:59.999999999Z");
    assertThat(encode(Instant.class, "{v}", Instant.parse("0000-01-01T00:00:00Z")))
        .isEqualTo("0000-01-01T00:00:00.000000000Z");
    assertThat(encode(Instant.class, "{v}", Instant.parse("9999-12-31T23:59:59.999999999Z")))
        .isEqualTo("9999-12-31T23:59:59.999999999Z");
    assertThat(encode(Instant.class, "{v}", Instant.parse("+10000-01-01T00:00:00Z")))
        .isEqualTo("~0000010000-01-01T00:00:00.000000000Z");
    assertThat(encode(LocalDate.class, "{v}", LocalDate.MIN)).isEqualTo("-9000000001-01-01");
    assertThat(encode(LocalDate.class, "{v}", LocalDate.MAX)).isEqualTo("~0999999999-12-31");
    assertThat(encode(LocalDateTime.class, "{v}", LocalDateTime.MAX))
        .isEqualTo("~0999999999-12-31T23:59:59.999999999");
    assertThat(encode(OffsetDateTime.class, "{v}", OffsetDateTime.MIN))
        .isEqualTo("-9000000000-12-31T06:00:00.000000000Z@129600");
    assertThat(encode(OffsetDateTime.class, "{v}", OffsetDateTime.MAX))
        .isEqualTo("~1000000000-01-01T17:59:59.999999999Z@000000");
    assertThat(encode(Instant.class, "{v:desc}", Instant.EPOCH)).isEqualTo("-9223372036854775807999999999");
    assertThat(encode(LocalDate.class, "{v:desc}", LocalDate.of(1970, 1, 2))).isEqualTo("-9223372036854775806");
  }

  @Test
  void equalInstantsAtDifferentOffsetsSortByOffsetAsCompareToDoes() {
    Instant noon = Instant.parse("2024-01-31T12:00:00Z");
    OffsetDateTime west = noon.atOffset(ZoneOffset.ofHours(-5));
    OffsetDateTime east = noon.atOffset(ZoneOffset.ofHours(9));
    assertThat(west.compareTo(east)).isNegative();
    assertThat(encode(OffsetDateTime.class, "{v}", west)).isLessThan(encode(OffsetDateTime.class, "{v}", east));
    assertThat(encode(OffsetDateTime.class, "{v:desc}", west))
        .isGreaterThan(encode(OffsetDateTime.class, "{v:desc}", east));
    assertThat(decode(OffsetDateTime.class, "{v}", encode(OffsetDateTime.class, "{v}", east))).isEqualTo(east);
  }

  // ------------------------------------------------------------------ decoding rejects what it never writes

  @ParameterizedTest(name = "{0} {1}: ''{2}'' fails at {3}")
  @CsvSource(delimiter = ';', value = {
    "int; {v}; +0000000123; 0; expected '0' or '-' but found '+'",
    "int; {v}; 0000000012x; 10; expected a digit but found 'x'",
    "int; {v}; 000000001; 9; the key ends too early",
    "int; {v}; 000000001234; 11; unexpected text after the last component",
    "int; {v}; 02147483648; 0; value out of range for INT",
    "int; {v}; -2147483648; 0; negative encoding of a non-negative value",
    "long; {v}; 09999999999999999999; 19; number too large",
    "byte; {v:05}; 00128; 0; 128 is outside the range of byte",
    "byte; {v:05:desc}; 00000; 0; 99999 is outside the range of byte",
    "boolean; {v}; yes; 0; expected 'true' or 'false'",
    "java.util.UUID; {v}; 123e4567-e89b-12d3-a456_426614174000; 23; not a lower-case UUID",
    "java.time.LocalDate; {v}; 2024-02-30; 4; not a valid date-time",
    "java.time.LocalDate; {v}; ~0000009999-01-01; 0; a '~' year must be above 9999",
    "java.time.Instant; {v}; 2024-01-31T12:00:00.000000000; 29; the key ends too early",
    "java.time.Instant; {v}; ~1000000001-01-01T00:00:00.000000000Z; 0; year 1000000001 is outside the range",
    "java.time.Instant; {v}; ~1000000000-12-31T23:59:59.999999999Z@; 37; unexpected text after the last component",
    "java.time.LocalDate; {v:desc}; 09223372036854775807; 0; date out of range",
    "java.time.OffsetDateTime; {v}; 2024-01-31T10:00:00.000000000Z@129601; 31; offset date-time out of range",
  })
  void aKeyTheCodecNeverWritesIsRejectedSayingWhereAndWhy(
      String type, String placeholder, String key, int index, String reason) throws ClassNotFoundException {
    Class<?> javaType = switch (type) {
      case "int" -> int.class;
      case "long" -> long.class;
      case "byte" -> byte.class;
      case "boolean" -> boolean.class;
      default -> Class.forName(type);
    };
    KeySpec spec = KeySpec.of("E", "RowKey", placeholder, javaType);
    assertThatThrownBy(() -> spec.decode(key))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageStartingWith("RowKey '" + key + "' of E does not match template '" + placeholder + "' at index "
            + index + ": ")
        .hasMessageContaining(reason)
        .hasCauseInstanceOf(KeyCodec.MalformedKeyException.class);
  }

  /** A year too large for an int must not wrap around into a valid year: the key is not one the codec writes. */
  @ParameterizedTest(name = "{0}: ''{1}''")
  @CsvSource(delimiter = ';', value = {
    "java.time.LocalDate; ~4294977296-01-01",
    "java.time.LocalDate; -0000000000-01-01",
    "java.time.LocalDate; -0000000001-01-01",
    "java.time.LocalDateTime; ~4294977296-01-01T00:00:00.000000000",
    "java.time.Instant; ~4295367301-01-01T00:00:00.000000000Z",
    "java.time.Instant; -0000000000-01-01T00:00:00.000000000Z",
    "java.time.OffsetDateTime; ~4295367301-01-01T00:00:00.000000000Z@064800",
  })
  void aYearBeyondTheTypesRangeIsRejectedNotWrappedIntoAnotherYear(String type, String key)
      throws ClassNotFoundException {
    KeySpec spec = KeySpec.of("E", "RowKey", "{v}", Class.forName(type));
    assertThatThrownBy(() -> spec.decode(key))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("at index 0");
  }

  // ------------------------------------------------------------------ binding and composing

  @Test
  void aTypeThatCannotBeInAKeyIsRejectedWhenBinding() {
    assertThatThrownBy(() -> KeySpec.of("E", "RowKey", "{v}", double.class))
        .isInstanceOf(KeyTemplateException.class)
        .hasMessageStartingWith("key template '{v}': double cannot be part of a key; supported: String, enums");
    assertThatThrownBy(() -> KeySpec.of("E", "RowKey", "{v}", Object.class))
        .isInstanceOf(KeyTemplateException.class)
        .hasMessageContaining("java.lang.Object cannot be part of a key");
  }

  @Test
  void bindingNeedsOneTypePerPlaceholder() {
    assertThatThrownBy(() -> KeySpec.of("E", "RowKey", "{a}_{b}", int.class))
        .isInstanceOf(KeyTemplateException.class)
        .hasMessage("key template '{a}_{b}': expected 2 property types, got 1");
  }

  @Test
  void bindingReportsTheFirstProblemOfTheTemplateWithItsTypes() {
    assertThatThrownBy(() -> KeySpec.of("E", "RowKey", "x_{name:08}", String.class))
        .isInstanceOf(KeyTemplateException.class)
        .hasMessageStartingWith("key template 'x_{name:08}' at index 2: {name} is a String; zero padding");
  }

  @Test
  void composingNeedsOneValuePerPlaceholder() {
    KeySpec spec = KeySpec.of("E", "RowKey", "{a}_{b}", int.class, int.class);
    assertThatThrownBy(() -> spec.compose(1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("template '{a}_{b}' takes 2 values, got 1");
  }

  @Test
  void aNullComponentIsRejectedNamingEntityAndProperty() {
    KeySpec spec = KeySpec.of("Employee", "PartitionKey", "{department}", String.class);
    assertThatThrownBy(() -> spec.compose((Object) null))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessage("Employee.department is null; every key component needs a value"
            + " (PartitionKey template '{department}')");
    assertThatThrownBy(() -> spec.part(0).append(new StringBuilder(), (String) null))
        .isInstanceOf(InvalidKeyException.class);
  }

  @Test
  void appendingAValueOfAnotherTypeIsAProgrammingError() {
    KeySpec spec = KeySpec.of("E", "RowKey", "{v}", int.class);
    assertThatThrownBy(() -> spec.part(0).append(new StringBuilder(), "x"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("{v} of E RowKey '{v}' holds INT, was given a STRING value");
    KeySpec text = KeySpec.of("E", "RowKey", "{v}", String.class);
    assertThatThrownBy(() -> text.part(0).append(new StringBuilder(), 1L))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("was given an integral value");
  }

  @Test
  void aBoxedValueOutsideItsTypesRangeIsRejectedWithOrWithoutPadding() {
    KeySpec full = KeySpec.of("E", "RowKey", "{v}", byte.class);
    assertThatThrownBy(() -> full.compose(200))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("E.v = 200 is outside the range of byte");
    KeySpec padded = KeySpec.of("E", "RowKey", "{v:05}", byte.class);
    assertThatThrownBy(() -> padded.compose(200))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("E.v = 200 is outside the range of byte");
  }

  @Test
  void thePartsDescribeTheirPlaceholdersTypesAndSeparators() {
    KeySpec spec = KeySpec.of("Person", "RowKey", "{last}_{first}|{age:03}", String.class, String.class, int.class);
    assertThat(spec.entity()).isEqualTo("Person");
    assertThat(spec.keyName()).isEqualTo("RowKey");
    assertThat(spec.parts()).extracting(KeySpec.Part::property).containsExactly("last", "first", "age");
    assertThat(spec.parts()).extracting(KeySpec.Part::type)
        .containsExactly(KeyType.STRING, KeyType.STRING, KeyType.INT);
    assertThat(spec.parts()).extracting(KeySpec.Part::separator).containsExactly((int) '_', (int) '|', -1);
    assertThat(spec.part(2).placeholder().width()).isEqualTo(3);
    assertThat(spec).hasToString("Person RowKey '{last}_{first}|{age:03}'");
    assertThat(spec.part(0)).hasToString("{last} of Person RowKey '{last}_{first}|{age:03}'");
  }

  @Test
  void aStringThatEndsTheKeyMayHoldAnyAllowedCharacter() {
    KeySpec spec = KeySpec.of("E", "RowKey", "{a}_{b}", String.class, String.class);
    assertThat(spec.decode(spec.compose("x", "y_z_"))).containsExactly("x", "y_z_");
    assertThat(spec.decode(spec.compose("", ""))).containsExactly("", "");
  }

  @Test
  void eachPartReadsItsOwnComponentOutOfAWholeKey() {
    KeySpec spec = KeySpec.of("Review", "RowKey", "review_{employeeId:06}_{year:04}", int.class, short.class);
    String key = spec.compose(123, (short) 2024);

    assertThat(spec.part(0).valueIn(key)).isEqualTo(123);
    assertThat(spec.part(1).valueIn(key)).isEqualTo((short) 2024);
    assertThatThrownBy(() -> spec.part(1).valueIn("review_000123"))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("does not match template 'review_{employeeId:06}_{year:04}'");
  }

  @Test
  void aConstantTemplateComposesItsLiteral() {
    KeySpec spec = KeySpec.of("Settings", "RowKey", "settings");
    assertThat(spec.compose()).isEqualTo("settings");
    assertThat(spec.decode("settings")).isEmpty();
  }

  @Test
  void aKeyThatIsOneStringAloneIsTheValueItselfCheckedLikeAComposedOne() {
    KeySpec spec = KeySpec.of("Employee", "PartitionKey", "{department}", String.class);
    String department = new String("Sales");

    assertThat(spec.part(0).whole(department)).isSameAs(department).isEqualTo(spec.compose("Sales"));
    assertThatThrownBy(() -> spec.part(0).whole("Sales/North"))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("Employee.department = 'Sales/North' contains the forbidden character '/'");
    assertThatThrownBy(() -> spec.part(0).whole("x".repeat(1_025)))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("PartitionKey of Employee would be 1025 characters long");
    assertThatThrownBy(() -> spec.part(0).whole(null))
        .isInstanceOf(InvalidKeyException.class);
  }

  enum Level { LOW, HIGH }

  @Test
  void theShapeOfABoundTemplateKnowsAnEnumsConstantsSoKeySpacesTheyCannotReachAreApart() {
    KeySpec levels = KeySpec.of("Alarm", "RowKey", "{level}_{id}", Level.class, String.class);
    KeySpec texts = KeySpec.of("Note", "RowKey", "{level}_{id}", String.class, String.class);
    KeySpec other = KeySpec.of("Mute", "RowKey", "MUTE_{id}", String.class);

    assertThat(levels.shape().disjoint(other.shape())).as("LOW_ and HIGH_ never start MUTE_").isTrue();
    assertThat(texts.shape().disjoint(other.shape())).as("a String can be MUTE").isFalse();
    assertThat(levels.shape().disjoint(KeySpec.of("Low", "RowKey", "LOW_{id}", String.class).shape())).isFalse();
  }
}
