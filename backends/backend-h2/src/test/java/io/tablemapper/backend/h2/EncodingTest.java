package io.tablemapper.backend.h2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.spi.EdmType;
import io.tablemapper.spi.PropertyValues;
import io.tablemapper.spi.StoreLimits;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;

/**
 * The stored bytes of keys and values sort, unsigned, exactly as the store orders the values, and decode back to
 * them: the property that lets H2 order and compare without a collation.
 */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class EncodingTest {
  /**
   * Code units where UTF-16 order, code-point order and UTF-8 order disagree: the ends of the surrogate ranges,
   * unpaired surrogates, U+E000 and U+FFFF next to supplementary characters (pairs from U+D800 U+DC00 = U+10000 to
   * U+DBFF U+DFFF = U+10FFFF), and the edges of one- and two-byte UTF-8.
   */
  static final List<String> TRICKY = List.of(
      "", "a", "\u007F", "\u0080", "\u07FF", "\u0800", "\uD7FF", "\uD800", "\uDBFF", "\uDC00", "\uDFFF",
      "\uD800\uDC00", "\uDBFF\uDFFF", "\uD83D\uDE00", "\uE000", "\uFFFD", "\uFFFF");

  private final Random random = new Random(20240131);

  @Test
  void text_bytes_sort_as_utf16_code_units_not_as_utf8_or_code_points() {
    // U+10000 is D800 DC00 in UTF-16, below E000; in UTF-8 (F0 90 80 80) and as a code point it is above U+E000.
    String supplementary = "\uD800\uDC00";
    assertThat(supplementary.compareTo("\uE000")).isNegative();
    assertThat(Arrays.compareUnsigned(
        supplementary.getBytes(StandardCharsets.UTF_8), "\uE000".getBytes(StandardCharsets.UTF_8))).isPositive();

    assertThat(Arrays.compareUnsigned(Encoding.text(supplementary), Encoding.text("\uE000"))).isNegative();
    assertThat(Arrays.compareUnsigned(Encoding.text("\uFFFF"), Encoding.text(supplementary))).isPositive();
  }

  @Test
  void random_strings_of_tricky_code_units_sort_and_round_trip_exactly() {
    for (int i = 0; i < 20_000; i++) {
      String a = randomText();
      String b = randomText();
      assertThat(Integer.signum(Arrays.compareUnsigned(Encoding.text(a), Encoding.text(b))))
          .as("order of %s and %s", escaped(a), escaped(b))
          .isEqualTo(Integer.signum(a.compareTo(b)));
      assertThat(Encoding.text(Encoding.text(a))).isEqualTo(a);
    }
  }

  @Test
  void values_of_every_type_sort_by_the_stores_order_and_round_trip() {
    for (EdmType type : EdmType.values()) {
      List<Object> values = samples(type);
      for (Object a : values) {
        Object decoded = Encoding.value(Encoding.typeCode(type), Encoding.value(a));
        assertThat(EdmType.of(decoded)).isEqualTo(type);
        assertThat(PropertyValues.equal(decoded, a) || isZero(a) && isZero(decoded))
            .as("%s round-trips, read back as %s", PropertyValues.toString(a), PropertyValues.toString(decoded))
            .isTrue();
        for (Object b : values) {
          assertThat(Integer.signum(Arrays.compareUnsigned(Encoding.value(a), Encoding.value(b))))
              .as("%s: order of %s and %s", type, PropertyValues.toString(a), PropertyValues.toString(b))
              .isEqualTo(storeOrder(a, b));
        }
      }
    }
  }

  @Test
  void negative_zero_is_stored_as_zero_and_every_nan_as_the_canonical_nan() {
    assertThat(Encoding.value(-0.0)).isEqualTo(Encoding.value(0.0));
    assertThat(Encoding.value(Double.longBitsToDouble(0x7FF0_0000_0000_0001L))).isEqualTo(Encoding.NAN);
    assertThat(Encoding.value(Double.longBitsToDouble(0xFFF8_0000_0000_0000L))).isEqualTo(Encoding.NAN);
    assertThat(Arrays.compareUnsigned(Encoding.NAN, Encoding.value(Double.POSITIVE_INFINITY))).isPositive();
  }

  @Test
  void instants_keep_every_nanosecond_so_a_filter_literal_finer_than_a_tick_compares_exactly() {
    Instant tick = Instant.parse("2024-01-31T12:00:00.1234567Z");
    Instant between = tick.plusNanos(1);

    assertThat(Encoding.instant(Encoding.instant(between))).isEqualTo(between);
    assertThat(Arrays.compareUnsigned(Encoding.instant(tick), Encoding.instant(between))).isNegative();
    assertThat(Arrays.compareUnsigned(Encoding.instant(Instant.MIN), Encoding.instant(Instant.MAX))).isNegative();
  }

  @Test
  void bytes_that_no_value_encodes_to_are_reported_as_a_damaged_file() {
    assertThatThrownBy(() -> Encoding.value(Encoding.typeCode(EdmType.INT32), new byte[3]))
        .isInstanceOf(StoreUnavailableException.class)
        .hasMessageContaining("3 bytes, expected 4");
    assertThatThrownBy(() -> Encoding.value((byte) 99, new byte[0]))
        .isInstanceOf(StoreUnavailableException.class)
        .hasMessageContaining("unknown stored property type code 99");
    assertThatThrownBy(() -> Encoding.text(new byte[] {0, 65, 66}))
        .isInstanceOf(StoreUnavailableException.class);
    assertThatThrownBy(() -> Encoding.text(new byte[] {0, 65, 66}, new byte[2]))
        .isInstanceOf(StoreUnavailableException.class)
        .hasMessage(failure(() -> Encoding.text(new byte[] {0, 65, 66})));
  }

  @Test
  void a_key_decoded_through_a_scratch_buffer_is_the_key_whatever_char_leaves_latin_1_and_wherever() {
    List<String> keys = new ArrayList<>(TRICKY);
    keys.addAll(List.of("cust_0000004711_order_00000042", "\u00ff\u00e9t\u00e9", "abc\u0100", "\u0100abc",
        "ab\u20acc\u00e9", "x".repeat(1024)));
    for (int i = 0; i < 500; i++) {
      StringBuilder key = new StringBuilder();
      for (int length = random.nextInt(40); length > 0; length--) {
        // mostly Latin-1, now and then a char beyond it
        key.append(random.nextInt(8) == 0 ? (char) random.nextInt(0x10000) : (char) random.nextInt(0x100));
      }
      keys.add(key.toString());
    }
    byte[] scratch = new byte[1024];
    for (String key : keys) {
      byte[] stored = Encoding.text(key);
      byte[] before = stored.clone();
      assertThat(Encoding.text(stored, scratch)).isEqualTo(key).isEqualTo(Encoding.text(Encoding.text(key)));
      assertThat(stored).as("the stored bytes, H2's own, are only read").isEqualTo(before);
    }
  }

  private static String failure(Runnable decode) {
    try {
      decode.run();
    } catch (StoreUnavailableException e) {
      return e.getMessage();
    }
    throw new AssertionError("no failure");
  }

  /** The store's order: {@code Filter}'s, where doubles compare by IEEE value and NaN, stored apart, sorts last. */
  private static int storeOrder(Object a, Object b) {
    if (a instanceof Double) {
      double x = (Double) a;
      double y = (Double) b;
      if (Double.isNaN(x) || Double.isNaN(y)) {
        return Boolean.compare(Double.isNaN(x), Double.isNaN(y));
      }
      return x < y ? -1 : x > y ? 1 : 0;
    }
    return Integer.signum(PropertyValues.compare(a, b));
  }

  private static boolean isZero(Object value) {
    return value instanceof Double && (Double) value == 0.0;
  }

  List<Object> samples(EdmType type) {
    List<Object> values = new ArrayList<>();
    switch (type) {
      case STRING:
        values.addAll(TRICKY);
        for (int i = 0; i < 30; i++) {
          values.add(randomText());
        }
        break;
      case BINARY:
        values.addAll(List.of(new byte[0], new byte[] {0}, new byte[] {0, 0}, new byte[] {1}, new byte[] {0x7F},
            new byte[] {(byte) 0x80}, new byte[] {(byte) 0xFF}, new byte[] {(byte) 0xFF, 0}));
        break;
      case BOOLEAN:
        values.addAll(List.of(false, true));
        break;
      case DATE_TIME:
        values.addAll(List.of(StoreLimits.MIN_DATE_TIME, StoreLimits.MIN_DATE_TIME.plusNanos(100),
            Instant.EPOCH.minusNanos(100), Instant.EPOCH, Instant.parse("2024-02-29T23:59:59.9999999Z"),
            StoreLimits.MAX_DATE_TIME));
        for (int i = 0; i < 30; i++) {
          long seconds = StoreLimits.MIN_DATE_TIME.getEpochSecond()
              + (long) (random.nextDouble() * (StoreLimits.MAX_DATE_TIME.getEpochSecond()
                  - StoreLimits.MIN_DATE_TIME.getEpochSecond()));
          values.add(Instant.ofEpochSecond(seconds, random.nextInt(10_000_000) * 100L));
        }
        break;
      case DOUBLE:
        values.addAll(List.of(Double.NaN, Double.NEGATIVE_INFINITY, -Double.MAX_VALUE, -1.5, -Double.MIN_NORMAL,
            -Double.MIN_VALUE, -0.0, 0.0, Double.MIN_VALUE, Double.MIN_NORMAL, 1.5, Double.MAX_VALUE,
            Double.POSITIVE_INFINITY));
        for (int i = 0; i < 30; i++) {
          values.add(Double.longBitsToDouble(random.nextLong()));
        }
        break;
      case GUID:
        values.addAll(List.of(new UUID(0, 0), new UUID(0, -1), new UUID(Long.MAX_VALUE, 0),
            new UUID(Long.MIN_VALUE, 0), new UUID(-1, -1)));
        for (int i = 0; i < 30; i++) {
          values.add(new UUID(random.nextLong(), random.nextLong()));
        }
        break;
      case INT32:
        values.addAll(List.of(Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE));
        for (int i = 0; i < 30; i++) {
          values.add(random.nextInt());
        }
        break;
      case INT64:
        values.addAll(List.of(Long.MIN_VALUE, -1L, 0L, 1L, (long) Integer.MAX_VALUE + 1, Long.MAX_VALUE));
        for (int i = 0; i < 30; i++) {
          values.add(random.nextLong());
        }
        break;
      default:
        throw new AssertionError(type);
    }
    return values;
  }

  private String randomText() {
    StringBuilder text = new StringBuilder();
    int parts = random.nextInt(4);
    for (int i = 0; i < parts; i++) {
      text.append(TRICKY.get(random.nextInt(TRICKY.size())));
    }
    return text.toString();
  }

  static String escaped(String text) {
    StringBuilder escaped = new StringBuilder("\"");
    for (char c : text.toCharArray()) {
      escaped.append(c >= 0x20 && c < 0x7F ? String.valueOf(c) : String.format("\\u%04X", (int) c));
    }
    return escaped.append('"').toString();
  }
}
