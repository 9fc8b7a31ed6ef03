package io.tablemapper.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.spi.KeyBound;
import org.junit.jupiter.api.Test;

/** What a scope holds: tables, partition ranges, and key ranges whose first and last partitions bound RowKeys. */
class MapperScopeTest {
  private static final MapperScope KEYS =
      MapperScope.builder().keys("Orders", "b", "r5", "d", "r2").build();

  @Test
  void aKeyRangeHoldsItsInnerPartitionsWholeAndItsEndPartitionsFromAndUpToTheirRowKeys() {
    assertThat(KEYS.allows("Orders", "c", "a")).isTrue();
    assertThat(KEYS.allows("Orders", "b", "r5")).isTrue();
    assertThat(KEYS.allows("Orders", "b", "r4")).isFalse();
    assertThat(KEYS.allows("Orders", "d", "r2")).isTrue();
    assertThat(KEYS.allows("Orders", "d", "r3")).isFalse();
    assertThat(KEYS.allows("Orders", "a", "r9")).isFalse();
    assertThat(KEYS.allows("orders", "c", "x")).as("table names ignore case").isTrue();
  }

  @Test
  void aQueryMustLieWithinTheRowKeysOfAnEndPartitionItReads() {
    KeyBound b = KeyBound.inclusive("b");
    KeyBound c = KeyBound.inclusive("c");
    assertThat(KEYS.allowsRange("Orders", c, c)).as("an inner partition, whole").isTrue();
    assertThat(KEYS.allowsRange("Orders", b, b)).as("an end partition, whole").isFalse();
    assertThat(KEYS.allowsRange("Orders", b, b, KeyBound.inclusive("r5"), null)).isTrue();
    assertThat(KEYS.allowsRange("Orders", b, b, KeyBound.exclusive("r4"), null)).isFalse();
    assertThat(KEYS.allowsRange("Orders", b, KeyBound.inclusive("c"), KeyBound.inclusive("r5"), null))
        .as("across an end partition").isFalse();
    KeyBound d = KeyBound.inclusive("d");
    assertThat(KEYS.allowsRange("Orders", d, d, null, KeyBound.inclusive("r2"))).isTrue();
    assertThat(KEYS.allowsRange("Orders", d, d, null, KeyBound.inclusive("r3"))).isFalse();
  }

  @Test
  void rowKeyBoundsNeedTheirPartitionAndARangeThatIsNotEmpty() {
    assertThatThrownBy(() -> MapperScope.builder().keys("Orders", null, "r1", "d", null))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs the PartitionKey");
    assertThatThrownBy(() -> MapperScope.builder().keys("Orders", "b", "r9", "b", "r1"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is empty");
    assertThat(MapperScope.builder().keys("Orders", null, null, null, null).build().allowsWholeTable("Orders"))
        .as("no bounds: every partition, not the table itself").isFalse();
    assertThat(KEYS.toString()).contains("RowKey from 'r5'", "RowKey to 'r2'");
  }
}
