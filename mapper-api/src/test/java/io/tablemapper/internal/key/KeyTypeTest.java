package io.tablemapper.internal.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What each Java type allows in a key. */
class KeyTypeTest {

  @Test
  void everySupportedClassAndItsBoxHasAKeyType() {
    assertThat(KeyType.forClass(String.class)).isEqualTo(KeyType.STRING);
    assertThat(KeyType.forClass(boolean.class)).isEqualTo(KeyType.BOOLEAN);
    assertThat(KeyType.forClass(Boolean.class)).isEqualTo(KeyType.BOOLEAN);
    assertThat(KeyType.forClass(byte.class)).isEqualTo(KeyType.BYTE);
    assertThat(KeyType.forClass(Byte.class)).isEqualTo(KeyType.BYTE);
    assertThat(KeyType.forClass(short.class)).isEqualTo(KeyType.SHORT);
    assertThat(KeyType.forClass(Short.class)).isEqualTo(KeyType.SHORT);
    assertThat(KeyType.forClass(int.class)).isEqualTo(KeyType.INT);
    assertThat(KeyType.forClass(Integer.class)).isEqualTo(KeyType.INT);
    assertThat(KeyType.forClass(long.class)).isEqualTo(KeyType.LONG);
    assertThat(KeyType.forClass(Long.class)).isEqualTo(KeyType.LONG);
    assertThat(KeyType.forClass(UUID.class)).isEqualTo(KeyType.UUID);
    assertThat(KeyType.forClass(Instant.class)).isEqualTo(KeyType.INSTANT);
    assertThat(KeyType.forClass(OffsetDateTime.class)).isEqualTo(KeyType.OFFSET_DATE_TIME);
    assertThat(KeyType.forClass(LocalDate.class)).isEqualTo(KeyType.LOCAL_DATE);
    assertThat(KeyType.forClass(LocalDateTime.class)).isEqualTo(KeyType.LOCAL_DATE_TIME);
    assertThat(KeyType.forClass(TextKeyEncodingTest.Fruit.class)).isEqualTo(KeyType.ENUM);
  }

  @Test
  void typesWithoutAnOrderPreservingEncodingHaveNone() {
    for (Class<?> type : new Class<?>[] {
      double.class, Double.class, float.class, char.class, Character.class, BigDecimal.class, byte[].class,
      ZonedDateTime.class, Object.class
    }) {
      assertThat(KeyType.forClass(type)).as(type.getName()).isNull();
    }
  }

  @Test
  void theProcessorFindsTheSameTypesByName() {
    assertThat(KeyType.forTypeName("int", false)).isEqualTo(KeyType.INT);
    assertThat(KeyType.forTypeName("java.lang.Integer", false)).isEqualTo(KeyType.INT);
    assertThat(KeyType.forTypeName("java.time.Instant", false)).isEqualTo(KeyType.INSTANT);
    assertThat(KeyType.forTypeName("com.acme.Status", true)).isEqualTo(KeyType.ENUM);
    assertThat(KeyType.forTypeName("double", false)).isNull();
    for (KeyType type : KeyType.values()) {
      if (type != KeyType.ENUM) {
        assertThat(KeyType.forTypeName(type.boxedClass().getCanonicalName(), false)).isEqualTo(type);
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "STRING,           false, false, false",
    "ENUM,             false, false, false",
    "BOOLEAN,          true,  false, false",
    "BYTE,             true,  true,  true",
    "SHORT,            true,  true,  true",
    "INT,              true,  true,  true",
    "LONG,             true,  true,  true",
    "UUID,             true,  false, false",
    "INSTANT,          true,  false, true",
    "OFFSET_DATE_TIME, true,  false, true",
    "LOCAL_DATE,       true,  false, true",
    "LOCAL_DATE_TIME,  true,  false, true",
  })
  void eachTypeSaysWhetherItDelimitsItselfAndWhichModifiersApply(
      KeyType type, boolean selfDelimiting, boolean allowsWidth, boolean allowsDesc) {
    assertThat(type.selfDelimiting()).isEqualTo(selfDelimiting);
    assertThat(type.allowsWidth()).isEqualTo(allowsWidth);
    assertThat(type.integral()).isEqualTo(allowsWidth);
    assertThat(type.allowsDesc()).isEqualTo(allowsDesc);
  }

  @Test
  void integralTypesKnowTheirRangeAndDigits() {
    assertThat(KeyType.BYTE.digits()).isEqualTo(3);
    assertThat(KeyType.SHORT.digits()).isEqualTo(5);
    assertThat(KeyType.INT.digits()).isEqualTo(10);
    assertThat(KeyType.LONG.digits()).isEqualTo(19);
    assertThat(KeyType.BYTE.minValue()).isEqualTo(Byte.MIN_VALUE);
    assertThat(KeyType.SHORT.maxValue()).isEqualTo(Short.MAX_VALUE);
    assertThat(KeyType.INT.minValue()).isEqualTo(Integer.MIN_VALUE);
    assertThat(KeyType.LONG.maxValue()).isEqualTo(Long.MAX_VALUE);
    for (KeyType type : new KeyType[] {KeyType.BYTE, KeyType.SHORT, KeyType.INT, KeyType.LONG}) {
      assertThat(Long.toString(type.maxValue())).hasSize(type.digits());
    }
  }

  @Test
  void askingANonIntegralTypeForItsRangeIsAProgrammingError() {
    assertThatThrownBy(KeyType.STRING::digits).isInstanceOf(IllegalStateException.class)
        .hasMessage("STRING is not integral");
    assertThatThrownBy(KeyType.INSTANT::minValue).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(KeyType.UUID::maxValue).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void theSupportedTypesAreListedForMessages() {
    assertThat(KeyType.supportedTypes()).contains("String", "enums", "boolean", "long", "UUID", "OffsetDateTime");
  }
}
