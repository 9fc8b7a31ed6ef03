package io.tablemapper.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Equality, order and display of store values, and the store's types. */
class PropertyValuesTest {

  @Test
  void eachCarrierClassHasOneStoreType() {
    assertThat(EdmType.of("s")).isEqualTo(EdmType.STRING);
    assertThat(EdmType.of(new byte[0])).isEqualTo(EdmType.BINARY);
    assertThat(EdmType.of(true)).isEqualTo(EdmType.BOOLEAN);
    assertThat(EdmType.of(Instant.EPOCH)).isEqualTo(EdmType.DATE_TIME);
    assertThat(EdmType.of(1.0)).isEqualTo(EdmType.DOUBLE);
    assertThat(EdmType.of(UUID.randomUUID())).isEqualTo(EdmType.GUID);
    assertThat(EdmType.of(1)).isEqualTo(EdmType.INT32);
    assertThat(EdmType.of(1L)).isEqualTo(EdmType.INT64);
    for (EdmType type : EdmType.values()) {
      assertThat(type.odataName()).startsWith("Edm.");
      assertThat(type).hasToString(type.odataName());
    }
    assertThat(EdmType.INT64.javaClass()).isEqualTo(Long.class);
  }

  @Test
  void otherClassesAreNotStoreValues() {
    for (Object value : new Object[] {null, (short) 1, 1.0f, 'c', new int[0], java.time.LocalDate.EPOCH}) {
      assertThatThrownBy(() -> EdmType.of(value))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("not a store value: ")
          .hasMessageEndingWith("(a property holds String, byte[], Boolean, Instant, Double, UUID, Integer or Long)");
    }
  }

  @Test
  void equalityIsByContentForBinariesAndBitExactForDoubles() {
    assertThat(PropertyValues.equal(new byte[] {1}, new byte[] {1})).isTrue();
    assertThat(PropertyValues.equal(Double.NaN, Double.NaN)).isTrue();
    assertThat(PropertyValues.equal(0.0, -0.0)).isFalse();
    assertThat(PropertyValues.equal(1, 1L)).isFalse();
    assertThat(PropertyValues.equal((Object) null, (Object) null)).isTrue();
    assertThat(PropertyValues.equal((Object) null, "x")).isFalse();
    assertThat(PropertyValues.equal(Map.of("a", new byte[] {1}), Map.of("a", new byte[] {1}))).isTrue();
    assertThat(PropertyValues.equal(Map.of("a", 1), Map.of("b", 1))).isFalse();
    assertThat(PropertyValues.equal(Map.of("a", 1), Map.of("a", 1, "b", 2))).isFalse();
  }

  @Test
  void valuesCompareInTheStoresOrderOnlyWithinOneType() {
    assertThat(PropertyValues.compare(new byte[] {(byte) 0xff}, new byte[] {0x01})).isPositive();
    assertThat(PropertyValues.compare(false, true)).isNegative();
    assertThat(PropertyValues.compare("B", "a")).isNegative();
    assertThat(PropertyValues.compare(UUID.fromString("80000000-0000-0000-0000-000000000000"),
        UUID.fromString("7fffffff-ffff-ffff-ffff-ffffffffffff"))).isPositive();
    assertThat(PropertyValues.compare(Long.MIN_VALUE, Long.MAX_VALUE)).isNegative();
    assertThatThrownBy(() -> PropertyValues.compare(1, 1L))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot compare Edm.Int32 with Edm.Int64");
  }

  @Test
  void valuesPrintByType() {
    assertThat(PropertyValues.toString("it's")).isEqualTo("'it''s'");
    assertThat(PropertyValues.toString(new byte[] {1, 2, -1})).isEqualTo("X'0102ff'");
    assertThat(PropertyValues.toString(5L)).isEqualTo("5L");
    assertThat(PropertyValues.toString(5)).isEqualTo("5");
    assertThat(PropertyValues.toString(Instant.EPOCH)).isEqualTo("datetime'1970-01-01T00:00:00Z'");
    assertThat(PropertyValues.toString(null)).isEqualTo("null");
  }
}
