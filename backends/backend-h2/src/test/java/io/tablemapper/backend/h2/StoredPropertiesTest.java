package io.tablemapper.backend.h2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.spi.EdmType;
import io.tablemapper.spi.PropertyValues;
import io.tablemapper.spi.TableRow;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;

/**
 * The rows the backend reads are views of the stored bytes ({@link StoredProperties}), decoding a value when it is
 * asked for: they hold exactly what the eager decoding ({@link RowCodec#decodeInto}) builds, for every type, in
 * every order of lookups, and a damaged row fails as it is read, with the eager decoding's error.
 */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class StoredPropertiesTest {
  @Test
  void a_view_holds_every_value_of_every_type_as_the_eager_decoding_does() {
    EncodingTest samples = new EncodingTest();
    Map<String, Object> properties = new LinkedHashMap<>();
    for (EdmType type : EdmType.values()) {
      List<Object> values = samples.samples(type);
      for (int i = 0; i < values.size(); i++) {
        properties.put(type.name().toLowerCase() + i, values.get(i));
      }
    }
    properties.put("lone", "a\uD800b");
    properties.put("n\u00e9", "a name beyond ASCII");
    byte[] encoded = RowCodec.encode(properties);
    StoredProperties view = new StoredProperties(encoded);
    TableRow.Builder eager = TableRow.builder("p", "r");
    RowCodec.decodeInto(encoded, eager);

    assertThat(view).hasSize(properties.size());
    assertThat(view.keySet()).containsExactlyElementsOf(properties.keySet());
    assertThat(PropertyValues.equal(view, eager.build().properties())).isTrue();
    // looked up in reverse, then in order, then each twice: every lookup order finds every value
    List<String> names = new ArrayList<>(properties.keySet());
    for (int i = names.size() - 1; i >= 0; i--) {
      assertSame(view, properties, names.get(i));
    }
    for (String name : names) {
      assertSame(view, properties, name);
      assertSame(view, properties, name);
      assertThat(view.containsKey(name)).isTrue();
    }
    view.forEach((name, value) -> {
      if (value instanceof Double) {
        assertThat(Double.doubleToRawLongBits((Double) value))
            .isEqualTo(Double.doubleToRawLongBits((Double) properties.get(name)));
      }
    });
  }

  @Test
  void lookups_in_any_order_find_every_value_and_miss_every_absent_name() {
    Map<String, Object> properties = everyType();
    List<String> names = new ArrayList<>(properties.keySet());
    List<String> asked = new ArrayList<>(names);
    asked.addAll(List.of("missing", "", "n\u00e8", "lon", "lonely", "int320", "INT320", "string0x"));
    byte[] encoded = RowCodec.encode(properties);
    for (long seed = 0; seed < 50; seed++) {
      Random random = new Random(seed);
      StoredProperties view = new StoredProperties(encoded);
      int mode = 0;
      for (int lookup = 0; lookup < 300; lookup++) {
        if (lookup % 20 == 0) {
          mode = random.nextInt(4);
        }
        // runs of 20: jumps, backwards, each name twice, in stored order, as mappings and filters ask
        String name = switch (mode) {
          case 0 -> asked.get(random.nextInt(asked.size()));
          case 1 -> names.get(names.size() - 1 - lookup % names.size());
          case 2 -> names.get(lookup / 2 % names.size());
          default -> names.get(lookup % names.size());
        };
        if (properties.containsKey(name)) {
          assertThat(view.containsKey(name)).as("seed %d: %s", seed, name).isTrue();
          assertSame(view, properties, name);
        } else {
          assertThat(view.containsKey(name)).as("seed %d: %s", seed, name).isFalse();
          assertThat(view.get(name)).as("seed %d: %s", seed, name).isNull();
        }
      }
    }
  }

  @Test
  void a_name_asked_for_again_and_again_is_found_each_time_between_other_lookups() {
    Map<String, Object> properties = everyType();
    StoredProperties view = new StoredProperties(RowCodec.encode(properties));
    List<String> names = new ArrayList<>(properties.keySet());
    for (String name : names) {
      for (int again = 0; again < 3; again++) {
        assertSame(view, properties, name);
      }
      assertThat(view.get("missing")).isNull();
      assertSame(view, properties, name);
      assertSame(view, properties, names.get(0));
      assertSame(view, properties, name);
    }
  }

  @Test
  void one_view_read_by_many_threads_at_once_gives_every_thread_every_value() throws Exception {
    Map<String, Object> properties = everyType();
    StoredProperties view = new StoredProperties(RowCodec.encode(properties));
    List<String> names = new ArrayList<>(properties.keySet());
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Integer>> readers = new ArrayList<>();
      for (int thread = 0; thread < 4; thread++) {
        long seed = thread;
        readers.add(pool.submit(() -> {
          Random random = new Random(seed);
          int checked = 0;
          for (int lookup = 0; lookup < 20_000; lookup++) {
            String name = seed % 2 == 0 ? names.get(lookup % names.size()) : names.get(random.nextInt(names.size()));
            Object value = view.get(name);
            if (!PropertyValues.equal(value, properties.get(name))) {
              throw new AssertionError(name + " read as " + PropertyValues.toString(value));
            }
            if (view.get("missing") != null) {
              throw new AssertionError("a missing name was found");
            }
            checked++;
          }
          return checked;
        }));
      }
      for (Future<Integer> reader : readers) {
        assertThat(reader.get(60, TimeUnit.SECONDS)).isEqualTo(20_000);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void rows_of_a_page_share_their_short_strings_and_read_every_string_as_it_was_written() {
    String[] strings = StoredProperties.strings();
    List<Map<String, Object>> rows = new ArrayList<>();
    List<StoredProperties> views = new ArrayList<>();
    Random random = new Random(18);
    for (int row = 0; row < 300; row++) {
      Map<String, Object> properties = new LinkedHashMap<>();
      properties.put("EntityType", "Order");
      properties.put("status", List.of("NEW", "PAID", "SHIPPED", "DELIVERED").get(row % 4));
      properties.put("id", "id-" + row); // a different short value per row: slots replaced again and again
      properties.put("empty", "");
      properties.put("long", "x".repeat(25 + row % 3)); // longer than what is shared
      properties.put("accented", "caf\u00e9 " + row % 2); // beyond ASCII: decoded as UTF-8
      properties.put("lone", "a\uD800" + row % 2); // stored as UTF-16
      properties.put("number", row);
      StringBuilder random8 = new StringBuilder();
      for (int i = 0; i < 8; i++) {
        random8.append((char) ('a' + random.nextInt(3)));
      }
      properties.put("random", random8.toString()); // few enough to repeat, many enough to collide
      rows.add(properties);
      views.add(new StoredProperties(RowCodec.encode(properties), strings));
    }
    for (int pass = 0; pass < 2; pass++) {
      for (int row = 0; row < rows.size(); row++) {
        Map<String, Object> properties = rows.get(row);
        StoredProperties view = views.get(row);
        for (String name : properties.keySet()) {
          assertSame(view, properties, name);
        }
        assertThat(view).isEqualTo(properties);
      }
    }
    // a short ASCII value read for one row is the same String for the next row holding it
    assertThat(views.get(1).get("EntityType")).isSameAs(views.get(0).get("EntityType"));
    assertThat(views.get(5).get("status")).isSameAs(views.get(9).get("status"));
    assertThat(views.get(0).get("long")).isNotSameAs(views.get(3).get("long"));
  }

  @Test
  void a_row_read_alone_decodes_a_new_string_every_time() {
    StoredProperties view = new StoredProperties(RowCodec.encode(Map.of("EntityType", "Order")));
    assertThat(view.get("EntityType")).isEqualTo("Order").isNotSameAs(view.get("EntityType"));
  }

  /** Every sample value of every type, named by type and index, and two names beyond ASCII. */
  private static Map<String, Object> everyType() {
    EncodingTest samples = new EncodingTest();
    Map<String, Object> properties = new LinkedHashMap<>();
    for (EdmType type : EdmType.values()) {
      List<Object> values = samples.samples(type);
      for (int i = 0; i < values.size(); i++) {
        properties.put(type.name().toLowerCase() + i, values.get(i));
      }
    }
    properties.put("lone", "a\uD800b");
    properties.put("n\u00e9", "a name beyond ASCII");
    properties.put("\u00e9t\u00e9", 1);
    return properties;
  }

  private static void assertSame(StoredProperties view, Map<String, Object> properties, String name) {
    Object value = view.get(name);
    assertThat(EdmType.of(value)).isEqualTo(EdmType.of(properties.get(name)));
    assertThat(PropertyValues.equal(value, properties.get(name)))
        .as("%s: %s read back as %s", name, PropertyValues.toString(properties.get(name)),
            PropertyValues.toString(value))
        .isTrue();
  }

  @Test
  void names_it_does_not_hold_are_absent_whatever_their_spelling() {
    Map<String, Object> properties = new LinkedHashMap<>();
    properties.put("amount", 2.5);
    properties.put("amounts", 3);
    properties.put("n\u00e9", "x");
    StoredProperties view = new StoredProperties(RowCodec.encode(properties));
    for (String missing : List.of("amoun", "amountt", "Amount", "", "n\u00e8", "ne", "a\uD800", "amount\u00e9")) {
      assertThat(view.get(missing)).as(missing).isNull();
      assertThat(view.containsKey(missing)).as(missing).isFalse();
    }
    assertThat(view.get(7)).isNull();
    assertThat(view.get(null)).isNull();
    assertThat(view.containsKey(null)).isFalse();
    assertThat(view.get("amounts")).isEqualTo(3);
    assertThat(view.get("amount")).isEqualTo(2.5);
    assertThat(view.get("n\u00e9")).isEqualTo("x");
  }

  @Test
  void an_empty_row_is_an_empty_map() {
    StoredProperties view = new StoredProperties(RowCodec.encode(Map.of()));
    assertThat(view).isEmpty();
    assertThat(view.get("a")).isNull();
    assertThat(view.entrySet()).isEmpty();
    assertThat(view).isEqualTo(Map.of());
  }

  @Test
  void a_view_cannot_be_changed_and_hands_out_copies_of_binary_values() {
    Map<String, Object> properties = new LinkedHashMap<>();
    properties.put("data", new byte[] {1, 2, 3});
    properties.put("n", 1);
    StoredProperties view = new StoredProperties(RowCodec.encode(properties));
    byte[] first = (byte[]) view.get("data");
    first[0] = 9;
    assertThat((byte[]) view.get("data")).containsExactly(1, 2, 3);
    assertThatThrownBy(() -> view.put("n", 2)).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> view.remove("n")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(view::clear).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> view.entrySet().iterator().next().setValue(3))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThat(view).containsEntry("n", 1).hasSize(2);
  }

  @Test
  void a_row_over_a_view_reads_like_a_built_row() {
    Map<String, Object> properties = new LinkedHashMap<>();
    properties.put("i", 7);
    properties.put("l", 8L);
    properties.put("d", 1.5);
    properties.put("s", "text");
    properties.put("b", true);
    properties.put("t", Instant.parse("2024-02-29T10:11:12.123456700Z"));
    properties.put("g", UUID.fromString("01234567-89ab-cdef-0123-456789abcdef"));
    properties.put("x", new byte[] {4});
    Instant timestamp = Instant.parse("2024-01-01T00:00:00Z");
    TableRow view = TableRow.of("p", "r", "W/\"1\"", timestamp, new StoredProperties(RowCodec.encode(properties)));
    TableRow built = TableRow.builder("p", "r").putAll(properties).etag("W/\"1\"").timestamp(timestamp).build();

    assertThat(view).isEqualTo(built);
    assertThat(view.toString()).isEqualTo(built.toString());
    assertThat(view.getInt32("i")).isEqualTo(7);
    assertThat(view.getInt64("i")).isEqualTo(7L); // widened, as for a built row
    assertThat(view.getDouble("l")).isEqualTo(8.0);
    assertThat(view.getInt64("l", 0)).isEqualTo(8L);
    assertThat(view.getDouble("d", 0)).isEqualTo(1.5);
    assertThat(view.getString("s")).isEqualTo("text");
    assertThat(view.getBoolean("b", false)).isTrue();
    assertThat(view.getDateTime("t")).isEqualTo(properties.get("t"));
    assertThat(view.getGuid("g")).isEqualTo(properties.get("g"));
    assertThat(view.getBinary("x")).containsExactly(4);
    assertThat(view.getString("missing")).isNull();
    assertThat(view.toBuilder().put("i", 8).build().getInt32("i")).isEqualTo(8);
    assertThatThrownBy(() -> view.getString("i")).hasMessageContaining("is Edm.Int32, expected Edm.String");
  }

  @Test
  void a_damaged_row_fails_as_it_is_read_with_the_error_of_the_eager_decoding() {
    byte[] good = RowCodec.encode(Map.of("a", "text", "t", Instant.EPOCH));
    List<byte[]> damaged = new ArrayList<>();
    damaged.add(new byte[0]);
    damaged.add(new byte[] {7, 0});
    damaged.add(new byte[] {RowCodec.FORMAT, 1, 1, 'a', 42}); // unknown tag
    damaged.add(new byte[] {RowCodec.FORMAT, 1, 1, 'a', RowCodec.INT64, 0, 0}); // truncated number
    damaged.add(new byte[] {RowCodec.FORMAT, 1, 1, 'a', RowCodec.STRING, 5, 'x'}); // string past the end
    damaged.add(new byte[] {RowCodec.FORMAT, 1, 1, 'a', RowCodec.BINARY, 5, 'x'}); // binary past the end
    damaged.add(new byte[] {RowCodec.FORMAT, 1, 9, 'a'}); // name past the end
    damaged.add(new byte[] {RowCodec.FORMAT, 2, 1, 'a', RowCodec.BOOLEAN, 1}); // a property missing
    damaged.add(new byte[] {RowCodec.FORMAT, 1, 1, 'a', RowCodec.STRING, -1, -1, -1, -1, 15}); // negative length
    damaged.add(new byte[] {RowCodec.FORMAT, -1, -1, -1, -1, -1, -1}); // varint longer than five bytes
    damaged.add(new byte[] {RowCodec.FORMAT, -1, -1, -1, -1, 7}); // more properties than bytes
    damaged.add(Arrays.copyOf(good, good.length - 1));
    damaged.add(dateTime(Long.MAX_VALUE, 0)); // a DateTime beyond Instant.MAX
    damaged.add(dateTime(Instant.MIN.getEpochSecond() - 1, 0)); // before Instant.MIN
    damaged.add(dateTime(Instant.MAX.getEpochSecond(), -1)); // Instant.MAX's second and 4.29 s of nanoseconds

    for (byte[] props : damaged) {
      String eager = failure(() -> RowCodec.decodeInto(props, TableRow.builder("p", "r")));
      String lazy = failure(() -> new StoredProperties(props));
      assertThat(lazy).as(Arrays.toString(props)).isEqualTo(eager).contains("damaged");
    }
  }

  @Test
  void the_last_second_of_instant_is_read_and_not_taken_for_damage() {
    Map<String, Object> properties = Map.of("max", Instant.MAX, "min", Instant.MIN);
    StoredProperties view = new StoredProperties(RowCodec.encode(properties));
    assertThat(view.get("max")).isEqualTo(Instant.MAX);
    assertThat(view.get("min")).isEqualTo(Instant.MIN);
  }

  /** A row of one DateTime property of this epoch second and nanosecond field (unsigned). */
  private static byte[] dateTime(long seconds, int nanos) {
    return ByteBuffer.allocate(5 + 12).put(RowCodec.FORMAT).put((byte) 1).put((byte) 1).put((byte) 't')
        .put(RowCodec.DATE_TIME).putLong(seconds).putInt(nanos).array();
  }

  private static String failure(Runnable read) {
    try {
      read.run();
    } catch (StoreUnavailableException e) {
      return e.getMessage();
    }
    throw new AssertionError("no failure");
  }
}
