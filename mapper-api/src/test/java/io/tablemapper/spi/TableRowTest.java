package io.tablemapper.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.MalformedRowException;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Rows as the store sees them: keys, system properties and typed property bags. */
class TableRowTest {

  private static final UUID ID = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
  private static final Instant AT = Instant.parse("2024-01-31T12:00:00Z");

  private static TableRow sample() {
    return TableRow.builder("Sales", "empid_00000123")
        .putString("name", "Smith")
        .putBinary("photo", new byte[] {1, 2})
        .putBoolean("active", true)
        .putDateTime("hired", AT)
        .putDouble("score", 1.5)
        .putGuid("id", ID)
        .putInt32("age", 40)
        .putInt64("salary", 90_000L)
        .build();
  }

  @Test
  void typedGettersReturnTheirTypesValues() {
    TableRow row = sample();
    assertThat(row.getString("name")).isEqualTo("Smith");
    assertThat(row.getBinary("photo")).containsExactly(1, 2);
    assertThat(row.getBoolean("active")).isTrue();
    assertThat(row.getDateTime("hired")).isEqualTo(AT);
    assertThat(row.getDouble("score")).isEqualTo(1.5);
    assertThat(row.getGuid("id")).isEqualTo(ID);
    assertThat(row.getInt32("age")).isEqualTo(40);
    assertThat(row.getInt64("salary")).isEqualTo(90_000L);
  }

  @Test
  void anAbsentPropertyReadsAsNullOrTheGivenDefault() {
    TableRow row = TableRow.keys("p", "r");
    assertThat(row.getString("x")).isNull();
    assertThat(row.getInt32("x")).isNull();
    assertThat(row.getInt64("x")).isNull();
    assertThat(row.getDouble("x")).isNull();
    assertThat(row.getBoolean("x", true)).isTrue();
    assertThat(row.getInt32("x", 7)).isEqualTo(7);
    assertThat(row.getInt64("x", 8L)).isEqualTo(8L);
    assertThat(row.getDouble("x", 9.5)).isEqualTo(9.5);
    assertThat(sample().getInt32("age", 7)).isEqualTo(40);
  }

  @Test
  void int32WidensToInt64AndDoubleAndInt64ToDouble() {
    TableRow row = TableRow.builder("p", "r").putInt32("small", -5).putInt64("big", 1L << 40).build();
    assertThat(row.getInt64("small")).isEqualTo(-5L);
    assertThat(row.getInt64("small", 0L)).isEqualTo(-5L);
    assertThat(row.getDouble("small")).isEqualTo(-5.0);
    assertThat(row.getDouble("big")).isEqualTo(1_099_511_627_776.0);
  }

  @Test
  void readingAPropertyAsAnotherTypeFailsNamingItTheRowAndBothTypes() {
    TableRow row = sample();
    assertThatThrownBy(() -> row.getInt32("name"))
        .isInstanceOfSatisfying(MalformedRowException.class, e -> {
          assertThat(e.property()).isEqualTo("name");
          assertThat(e.rowKey()).isEqualTo("empid_00000123");
          assertThat(e.problem()).isEqualTo("is Edm.String, expected Edm.Int32");
        })
        .hasMessage("cannot read row (PartitionKey 'Sales', RowKey 'empid_00000123'): property 'name' is Edm.String,"
            + " expected Edm.Int32");
    assertThatThrownBy(() -> row.getInt32("salary"))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageEndingWith("is Edm.Int64, expected Edm.Int32");
    assertThatThrownBy(() -> row.getInt64("score"))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageEndingWith("is Edm.Double, expected Edm.Int64");
    assertThatThrownBy(() -> row.getDouble("name")).isInstanceOf(InvalidEntityException.class);
    assertThatThrownBy(() -> row.getBoolean("age", false)).isInstanceOf(InvalidEntityException.class);
    assertThatThrownBy(() -> row.getGuid("name")).isInstanceOf(InvalidEntityException.class);
    assertThatThrownBy(() -> row.getString("id")).isInstanceOf(InvalidEntityException.class);
    assertThatThrownBy(() -> row.getBinary("name")).isInstanceOf(InvalidEntityException.class);
  }

  @Test
  void propertiesKeepInsertionOrderAndCannotBeChangedThroughTheRow() {
    TableRow row = sample();
    assertThat(row.properties().keySet())
        .containsExactly("name", "photo", "active", "hired", "score", "id", "age", "salary");
    assertThatThrownBy(() -> row.properties().put("x", 1)).isInstanceOf(UnsupportedOperationException.class);
    assertThat(row.has("name")).isTrue();
    assertThat(row.has("PartitionKey")).isFalse();
    assertThat(row.get("age")).isEqualTo(40);
  }

  @Test
  void puttingNullLeavesThePropertyOut() {
    TableRow row = TableRow.builder("p", "r")
        .putString("a", "x").putString("a", null)
        .put("b", 1).put("b", null)
        .putInt32("c", null)
        .putInt64("d", 1L).remove("d")
        .build();
    assertThat(row.properties()).isEmpty();
  }

  @Test
  void onlyStoreValuesCanBePut() {
    assertThatThrownBy(() -> TableRow.builder("p", "r").put("s", (short) 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("not a store value: java.lang.Short");
    assertThatThrownBy(() -> TableRow.builder(null, "r")).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> TableRow.builder("p", "r").put(null, 1)).isInstanceOf(NullPointerException.class);
  }

  @Test
  void systemPropertiesAreSetApartFromTheProperties() {
    TableRow row = sample();
    assertThat(row.etag()).isNull();
    assertThat(row.timestamp()).isNull();
    TableRow stored = row.withSystemProperties("W/\"1\"", AT);
    assertThat(stored.etag()).isEqualTo("W/\"1\"");
    assertThat(stored.timestamp()).isEqualTo(AT);
    assertThat(stored.properties()).isEqualTo(row.properties());
    assertThat(stored).isNotEqualTo(row);
  }

  @Test
  void aRowDerivesAChangedCopyWithoutChangingItself() {
    TableRow row = sample().withSystemProperties("e1", AT);
    TableRow changed = row.toBuilder().putInt32("age", 41).remove("photo").build();
    assertThat(changed.getInt32("age")).isEqualTo(41);
    assertThat(changed.has("photo")).isFalse();
    assertThat(changed.etag()).isEqualTo("e1");
    assertThat(changed.partitionKey()).isEqualTo("Sales");
    assertThat(row.getInt32("age")).isEqualTo(40);
    assertThat(row.has("photo")).isTrue();
  }

  @Test
  void rowsAreEqualByKeysSystemPropertiesAndValuesWithBinariesByContent() {
    assertThat(sample()).isEqualTo(sample()).hasSameHashCodeAs(sample());
    assertThat(TableRow.builder("p", "r").putDouble("d", Double.NaN).build())
        .isEqualTo(TableRow.builder("p", "r").putDouble("d", Double.NaN).build());
    assertThat(TableRow.builder("p", "r").putInt32("a", 1).build())
        .isNotEqualTo(TableRow.builder("p", "r").putInt64("a", 1L).build())
        .isNotEqualTo(TableRow.builder("p", "r").putInt32("b", 1).build())
        .isNotEqualTo(TableRow.builder("p", "r2").putInt32("a", 1).build());
  }

  @Test
  void aRowPrintsItsKeysAndValues() {
    assertThat(TableRow.builder("Sales", "1").putString("name", "O'Brien").putInt64("n", 5L).build())
        .hasToString("TableRow(PartitionKey 'Sales', RowKey '1') {name='O''Brien', n=5L}");
  }

  @Test
  void aBuilderCannotChangeTheRowItBuilt() {
    TableRow.Builder builder = TableRow.builder("p", "r").putString("a", "x");
    TableRow row = builder.build();

    assertThatThrownBy(() -> builder.putString("b", "y"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("already built");
    assertThatThrownBy(builder::build).isInstanceOf(IllegalStateException.class);
    assertThat(row.properties()).containsOnlyKeys("a");
  }

  @Test
  void aRowOverABackendsOwnMapUsesItAsGivenAndReadsAndComparesLikeABuiltRow() {
    TableRow built = sample();
    java.util.Map<String, Object> properties = java.util.Collections.unmodifiableMap(
        new java.util.LinkedHashMap<>(built.properties()));
    TableRow row = TableRow.of("Sales", "empid_00000123", "W/\"1\"", AT, properties);
    assertThat(row.properties()).isSameAs(properties);
    assertThat(row.etag()).isEqualTo("W/\"1\"");
    assertThat(row.timestamp()).isEqualTo(AT);
    assertThat(row.getInt64("age")).isEqualTo(40L);
    assertThat(row.getDouble("salary")).isEqualTo(90_000d);
    assertThat(row.getString("name")).isEqualTo("Smith");
    assertThat(row.withSystemProperties(null, null)).isEqualTo(built);
    assertThatThrownBy(() -> row.getDouble("name")).isInstanceOf(MalformedRowException.class)
        .hasMessageContaining("is Edm.String, expected Edm.Double");
    assertThatThrownBy(() -> TableRow.of(null, "r", null, null, properties))
        .isInstanceOf(NullPointerException.class).hasMessageContaining("partitionKey");
    assertThatThrownBy(() -> TableRow.of("p", "r", null, null, null))
        .isInstanceOf(NullPointerException.class).hasMessageContaining("properties");
  }
}
