package io.tablemapper.backend.h2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.spi.EdmType;
import io.tablemapper.spi.PropertyValues;
import io.tablemapper.spi.TableRow;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;

/**
 * The encoding of a row's properties keeps every value exactly (every type, the tricky strings and doubles of
 * {@link EncodingTest}, unpaired surrogates, negative zero and NaN payloads), keeps their order, and lets a reader
 * take one property, or a few, without decoding the others.
 */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class RowCodecTest {
  @Test
  void every_value_of_every_type_round_trips_exactly_in_order() {
    EncodingTest samples = new EncodingTest();
    for (EdmType type : EdmType.values()) {
      List<Object> values = samples.samples(type);
      Map<String, Object> properties = new LinkedHashMap<>();
      for (int i = 0; i < values.size(); i++) {
        properties.put("p\u00e9" + i, values.get(i));
      }
      byte[] encoded = RowCodec.encode(properties);
      assertThat(RowCodec.count(encoded)).isEqualTo(values.size());
      TableRow.Builder row = TableRow.builder("p", "r");
      RowCodec.decodeInto(encoded, row);
      Map<String, Object> decoded = row.build().properties();
      assertThat(decoded.keySet()).containsExactlyElementsOf(properties.keySet());
      properties.forEach((name, value) -> {
        Object back = decoded.get(name);
        assertThat(EdmType.of(back)).isEqualTo(type);
        assertThat(PropertyValues.equal(back, value)).as("%s: %s read back as %s", type,
            PropertyValues.toString(value), PropertyValues.toString(back)).isTrue();
        if (back instanceof Double) {
          assertThat(Double.doubleToRawLongBits((Double) back)).isEqualTo(Double.doubleToRawLongBits((Double) value));
        }
        assertThat(PropertyValues.equal(RowCodec.find(encoded, RowCodec.name(name)), value)).isTrue();
      });
    }
  }

  @Test
  void strings_that_utf8_cannot_carry_are_stored_as_utf16_and_others_as_utf8() {
    Map<String, Object> properties = new LinkedHashMap<>();
    properties.put("lone", "a\uD800b");
    properties.put("pair", "a\uD83D\uDE00b");
    byte[] encoded = RowCodec.encode(properties);
    assertThat(RowCodec.find(encoded, RowCodec.name("lone"))).isEqualTo("a\uD800b");
    assertThat(RowCodec.find(encoded, RowCodec.name("pair"))).isEqualTo("a\uD83D\uDE00b");
    // format, count, "lone" (1 + 4), tag 9, 6 bytes (1 + 6); "pair" (1 + 4), tag 1, 6 bytes of UTF-8 (1 + 6)
    assertThat(encoded).hasSize(2 + 5 + 1 + 7 + 5 + 1 + 7);
  }

  @Test
  void a_reader_takes_the_properties_it_names_and_skips_the_rest() {
    Map<String, Object> properties = new LinkedHashMap<>();
    properties.put("a", "x".repeat(300));
    properties.put("b", 7);
    properties.put("c", new byte[] {1, 2});
    properties.put("d", 2.5);
    byte[] encoded = RowCodec.encode(properties);

    TableRow.Builder row = TableRow.builder("p", "r");
    RowCodec.decodeInto(encoded, new byte[][] {RowCodec.name("d"), RowCodec.name("b"), RowCodec.name("zz")}, row);
    assertThat(row.build().properties()).containsExactly(Map.entry("b", 7), Map.entry("d", 2.5));
    assertThat(RowCodec.find(encoded, RowCodec.name("zz"))).isNull();
    assertThat(RowCodec.count(RowCodec.encode(Map.of()))).isZero();
  }

  @Test
  void a_name_with_a_surrogate_which_no_stored_row_has_matches_nothing() {
    Map<String, Object> properties = new LinkedHashMap<>();
    properties.put("a", 1);
    byte[] encoded = RowCodec.encode(properties);
    assertThat(RowCodec.find(encoded, RowCodec.name("a\uD800"))).isNull();
    TableRow.Builder row = TableRow.builder("p", "r");
    RowCodec.decodeInto(encoded, new byte[][] {RowCodec.name("\uDC00")}, row);
    assertThat(row.build().properties()).isEmpty();
  }

  @Test
  void bytes_that_are_not_an_encoding_are_reported_as_damaged() {
    assertThatThrownBy(() -> RowCodec.count(new byte[] {7, 0}))
        .isInstanceOf(StoreUnavailableException.class).hasMessageContaining("format 7");
    byte[] unknownTag = {RowCodec.FORMAT, 1, 1, 'a', 42};
    assertThatThrownBy(() -> RowCodec.find(unknownTag, RowCodec.name("a")))
        .isInstanceOf(StoreUnavailableException.class).hasMessageContaining("unknown type tag 42");
    byte[] truncated = {RowCodec.FORMAT, 1, 1, 'a', RowCodec.INT64, 0, 0};
    assertThatThrownBy(() -> RowCodec.find(truncated, RowCodec.name("a")))
        .isInstanceOf(StoreUnavailableException.class).hasMessageContaining("damaged");
  }
}
