package io.tablemapper.backend.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.spi.EdmType;
import io.tablemapper.spi.PropertyValues;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableRow;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Every value of every {@link EdmType} comes back exactly, with its type, through a point read and a query; only the
 * sign of a zero Double may be lost, as the SPI allows.
 */
abstract class PropertyTypeTests extends ConformanceGroup {

  @Test
  void strings_round_trip_including_empty_accented_supplementary_and_whitespace() {
    assertRoundTrip(List.of("", "plain", "caf\u00E9 \u20AC", "\uD834\uDD1E clef", "line\nbreak\ttab", " padded "));
  }

  @Test
  void binaries_round_trip_including_empty_and_every_byte_value() {
    byte[] everyByte = new byte[256];
    for (int i = 0; i < everyByte.length; i++) {
      everyByte[i] = (byte) i;
    }
    assertRoundTrip(List.of(new byte[0], new byte[] {0}, new byte[] {(byte) 0xFF, 0, 0x7F}, everyByte));
  }

  @Test
  void booleans_round_trip() {
    assertRoundTrip(List.of(true, false));
  }

  @Test
  void date_times_round_trip_to_the_tick_including_the_range_ends() {
    assertRoundTrip(List.of(
        StoreLimits.MIN_DATE_TIME,
        Instant.EPOCH,
        Instant.parse("1969-07-20T20:17:40.0000001Z"),
        Instant.parse("2024-02-29T23:59:59.1234567Z"),
        StoreLimits.MAX_DATE_TIME));
  }

  @Test
  void doubles_round_trip_including_nan_infinities_zeros_and_extremes_though_a_zero_may_lose_its_sign() {
    assertRoundTrip(List.of(
        0.0, -0.0, 0.1, -1.5, Math.PI, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
        Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE));
  }

  @Test
  void guids_round_trip() {
    assertRoundTrip(List.of(
        new UUID(0, 0),
        new UUID(-1, -1),
        UUID.fromString("123e4567-e89b-12d3-a456-426614174000"),
        UUID.fromString("f0000000-0000-4000-8000-00000000000f")));
  }

  @Test
  void int32_values_round_trip_including_min_and_max() {
    assertRoundTrip(List.of(Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE));
  }

  @Test
  void int64_values_round_trip_including_min_and_max_and_stay_int64_when_small() {
    assertRoundTrip(List.of(Long.MIN_VALUE, -1L, 0L, 1L, (long) Integer.MAX_VALUE + 1, Long.MAX_VALUE));
  }

  @Test
  void a_row_mixing_every_type_round_trips_and_keeps_each_type() {
    TableRow row = TableRow.builder("p", "r")
        .putString("s", "text")
        .putBinary("b", new byte[] {1, 2, 3})
        .putBoolean("t", true)
        .putDateTime("d", Instant.parse("2024-01-31T12:00:00.1234567Z"))
        .putDouble("f", 2.5)
        .putGuid("g", UUID.fromString("123e4567-e89b-12d3-a456-426614174000"))
        .putInt32("i", 42)
        .putInt64("l", 42L)
        .build();
    store().insert(row);

    assertSameProperties(store().get("p", "r"), row.properties());
    assertSameProperties(store().queryAll(store().query().partitionKey("p").build()).get(0), row.properties());
  }

  @Test
  void a_row_with_keys_only_round_trips_without_properties() {
    store().insert("p", "r");

    assertThat(store().get("p", "r").properties()).isEmpty();
  }

  @Test
  void a_stored_binary_is_unaffected_when_the_writer_later_changes_its_array() {
    byte[] data = {1, 2, 3};
    store().insert(TableRow.builder("p", "r").putBinary("data", data).build());
    data[0] = 99;

    assertThat(store().get("p", "r").getBinary("data")).containsExactly(1, 2, 3);
  }

  /** Stores each value in a property of its own row and reads all back by point read and by query. */
  private void assertRoundTrip(List<?> values) {
    Map<String, Object> expected = new LinkedHashMap<>();
    List<TableRow> rows = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      String rowKey = String.format("r%03d", i);
      expected.put(rowKey, values.get(i));
      rows.add(TableRow.builder("p", rowKey).put("value", values.get(i)).build());
    }
    store().insertAll(rows);

    for (Map.Entry<String, Object> entry : expected.entrySet()) {
      assertSameProperties(store().get("p", entry.getKey()), Map.of("value", entry.getValue()));
    }
    List<TableRow> queried = store().queryAll(store().query().partitionKey("p").build());
    assertThat(queried).hasSize(values.size());
    for (TableRow row : queried) {
      assertSameProperties(row, Map.of("value", expected.get(row.rowKey())));
    }
  }

  private static void assertSameProperties(TableRow actual, Map<String, Object> expected) {
    assertThat(actual.properties().keySet()).as("properties of %s", actual).isEqualTo(expected.keySet());
    for (Map.Entry<String, Object> property : expected.entrySet()) {
      Object value = actual.get(property.getKey());
      assertThat(EdmType.of(value))
          .as("type of %s in %s", property.getKey(), actual.describeKeys())
          .isEqualTo(EdmType.of(property.getValue()));
      assertThat(sameValue(value, property.getValue()))
          .as("%s in %s is %s, expected %s", property.getKey(), actual.describeKeys(),
              PropertyValues.toString(value), PropertyValues.toString(property.getValue()))
          .isTrue();
    }
  }

  /** Whether a value read back is the one written; the sign of a zero Double need not survive, as the SPI says. */
  private static boolean sameValue(Object read, Object written) {
    if (read instanceof Double && written instanceof Double && (Double) written == 0.0) {
      return (Double) read == 0.0;
    }
    return PropertyValues.equal(read, written);
  }
}
