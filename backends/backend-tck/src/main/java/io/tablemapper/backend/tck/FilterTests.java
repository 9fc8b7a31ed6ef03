package io.tablemapper.backend.tck;

import static io.tablemapper.backend.tck.TckStore.key;
import static io.tablemapper.backend.tck.TckStore.keys;
import static io.tablemapper.backend.tck.TckStore.rowKeys;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.spi.EdmType;
import io.tablemapper.spi.Filter;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Residual filters ({@link Filter}) and projections: every operator on every type, comparisons with a property a
 * row lacks or holds with another type are false (so {@code ne} does not match them either), presence tests find
 * the rows that have or lack a property, {@code and} / {@code or} nest, keys can be compared, and {@code select}
 * returns keys, ETag and Timestamp plus the chosen properties.
 */
abstract class FilterTests extends ConformanceGroup {
  /** For each type, values in ascending order, as the store compares them. */
  private static final Map<EdmType, List<Object>> ASCENDING = new EnumMap<>(EdmType.class);
  /** For each type, a value of another type that looks like one of its values: it must never match. */
  private static final Map<EdmType, Object> LOOKALIKE = new EnumMap<>(EdmType.class);

  static {
    ASCENDING.put(EdmType.STRING, List.of("", "Zoo", "apple", "zoo", "\uD83D\uDE00", "\uE000"));
    ASCENDING.put(EdmType.BINARY, List.of(new byte[0], new byte[] {1}, new byte[] {1, 0}, new byte[] {(byte) 0x80}));
    ASCENDING.put(EdmType.BOOLEAN, List.of(false, true));
    ASCENDING.put(EdmType.DATE_TIME, List.of(
        StoreLimits.MIN_DATE_TIME, Instant.parse("2024-01-01T00:00:00Z"), Instant.parse("2024-01-01T00:00:00.0000001Z"),
        StoreLimits.MAX_DATE_TIME));
    ASCENDING.put(EdmType.DOUBLE, List.of(
        Double.NEGATIVE_INFINITY, -Double.MAX_VALUE, -1.5, 0.0, Double.MIN_VALUE, 2.5, Double.MAX_VALUE,
        Double.POSITIVE_INFINITY));
    ASCENDING.put(EdmType.GUID, List.of(
        UUID.fromString("11111111-1111-1111-1111-111111111111"),
        UUID.fromString("22222222-2222-2222-2222-222222222222"),
        UUID.fromString("33333333-3333-3333-3333-333333333333")));
    ASCENDING.put(EdmType.INT32, List.of(Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE));
    ASCENDING.put(EdmType.INT64, List.of(Long.MIN_VALUE, -1L, 0L, 1L, Long.MAX_VALUE));

    LOOKALIKE.put(EdmType.STRING, "apple".getBytes(StandardCharsets.UTF_8));
    LOOKALIKE.put(EdmType.BINARY, "AQA=");
    LOOKALIKE.put(EdmType.BOOLEAN, 1);
    LOOKALIKE.put(EdmType.DATE_TIME, "2024-01-01T00:00:00Z");
    LOOKALIKE.put(EdmType.DOUBLE, 0);
    LOOKALIKE.put(EdmType.GUID, "22222222-2222-2222-2222-222222222222");
    LOOKALIKE.put(EdmType.INT32, 0L);
    LOOKALIKE.put(EdmType.INT64, 0);
  }

  @Test
  void every_operator_compares_values_of_every_type_in_the_stores_order() {
    List<TableRow> rows = new ArrayList<>();
    for (EdmType type : EdmType.values()) {
      List<Object> values = ASCENDING.get(type);
      for (int i = 0; i < values.size(); i++) {
        rows.add(TableRow.builder(type.name(), "v" + i).put("v", values.get(i)).build());
      }
      rows.add(TableRow.builder(type.name(), "lacking").putInt32("other", 0).build());
      rows.add(TableRow.builder(type.name(), "lookalike").put("v", LOOKALIKE.get(type)).build());
    }
    store().insertAll(rows);

    for (EdmType type : EdmType.values()) {
      List<Object> values = ASCENDING.get(type);
      for (int literal = 0; literal < values.size(); literal++) {
        for (Filter.Op op : Filter.Op.values()) {
          List<String> expected = new ArrayList<>();
          for (int i = 0; i < values.size(); i++) {
            if (holds(op, Integer.compare(i, literal))) {
              expected.add("v" + i);
            }
          }
          Filter filter = new Filter.Comparison("v", op, values.get(literal));
          TableQuery query = store().query().partitionKey(type.name()).filter(filter).build();
          assertThat(rowKeys(store().queryAll(query))).as("%s: %s", type, filter).containsExactlyElementsOf(expected);
        }
      }
    }
  }

  @Test
  void a_comparison_with_a_property_the_row_lacks_is_false_even_for_not_equal() {
    store().insertAll(List.of(
        TableRow.builder("p", "has").putString("color", "red").build(),
        TableRow.builder("p", "lacks").putString("size", "L").build()));

    assertThat(rowKeys(query(Filter.ne("color", "blue")))).containsExactly("has");
    assertThat(rowKeys(query(Filter.ne("color", "red")))).isEmpty();
    assertThat(rowKeys(query(Filter.lt("color", "zzz")))).containsExactly("has");
  }

  @Test
  void presence_selects_the_rows_that_have_or_lack_a_property_of_any_type() {
    store().insertAll(List.of(
        TableRow.builder("p", "int").putInt32("color", 1).build(),
        TableRow.builder("p", "lacks").putString("size", "L").build(),
        TableRow.builder("p", "string").putString("color", "red").build()));

    assertThat(rowKeys(query(Filter.present("color")))).containsExactly("int", "string");
    assertThat(rowKeys(query(Filter.absent("color")))).containsExactly("lacks");
    assertThat(rowKeys(query(Filter.absent("RowKey")))).isEmpty();
    assertThat(rowKeys(query(Filter.and(Filter.absent("color"), Filter.eq("size", "L"))))).containsExactly("lacks");
    assertThat(rowKeys(query(Filter.or(Filter.absent("color"), Filter.eq("color", "red")))))
        .containsExactly("lacks", "string");
  }

  @Test
  void presence_is_checked_on_properties_a_projection_leaves_out() {
    store().insertAll(List.of(
        TableRow.builder("p", "1").putString("a", "x").putInt32("n", 1).build(),
        TableRow.builder("p", "2").putInt32("n", 2).build()));

    List<TableRow> rows = store().queryAll(store().query().filter(Filter.absent("a")).select(List.of("n")).build());

    assertThat(rowKeys(rows)).containsExactly("2");
    assertThat(rows.get(0).properties()).containsOnlyKeys("n");
  }

  @Test
  void a_comparison_with_a_value_of_another_type_is_false_even_between_numbers() {
    store().insertAll(List.of(
        TableRow.builder("p", "int32").putInt32("n", 5).build(),
        TableRow.builder("p", "int64").putInt64("n", 5L).build(),
        TableRow.builder("p", "double").putDouble("n", 5.0).build(),
        TableRow.builder("p", "string").putString("n", "5").build()));

    assertThat(rowKeys(query(Filter.eq("n", 5)))).containsExactly("int32");
    assertThat(rowKeys(query(Filter.eq("n", 5L)))).containsExactly("int64");
    assertThat(rowKeys(query(Filter.eq("n", 5.0)))).containsExactly("double");
    assertThat(rowKeys(query(Filter.ne("n", 6L)))).containsExactly("int64");
    assertThat(rowKeys(query(Filter.or(Filter.eq("n", 5), Filter.eq("n", 5L))))).containsExactly("int32", "int64");
  }

  @Test
  void and_and_or_nest() {
    List<TableRow> rows = new ArrayList<>();
    for (int a = 0; a < 4; a++) {
      for (int b = 0; b < 4; b++) {
        rows.add(TableRow.builder("p", "a" + a + "b" + b).putInt32("a", a).putInt32("b", b).build());
      }
    }
    store().insertAll(rows);

    Filter filter = Filter.or(
        Filter.and(Filter.eq("a", 1), Filter.or(Filter.eq("b", 2), Filter.eq("b", 3))),
        Filter.and(Filter.ge("a", 3), Filter.lt("b", 1)));
    assertThat(rowKeys(query(filter))).containsExactly("a1b2", "a1b3", "a3b0");

    Filter conjunction = Filter.and(Filter.gt("a", 0), Filter.lt("a", 3), Filter.ne("b", 0), Filter.le("b", 1));
    assertThat(rowKeys(query(conjunction))).containsExactly("a1b1", "a2b1");
  }

  @Test
  void a_filter_can_compare_the_partition_key_and_the_row_key_as_strings() {
    List<TableRow> rows = new ArrayList<>();
    for (String partitionKey : List.of("a", "b", "c")) {
      for (String rowKey : List.of("1", "2", "3")) {
        rows.add(TableRow.keys(partitionKey, rowKey));
      }
    }
    store().insertAll(rows);

    TableQuery query = store().query()
        .filter(Filter.and(Filter.ne("PartitionKey", "b"), Filter.ge("RowKey", "2")))
        .build();
    assertThat(keys(store().queryAll(query))).containsExactly(key("a", "2"), key("a", "3"), key("c", "2"), key("c", "3"));
    assertThat(keys(store().queryAll(store().query().filter(Filter.eq("PartitionKey", "b")).build())))
        .containsExactly(key("b", "1"), key("b", "2"), key("b", "3"));
  }

  @Test
  void strings_and_keys_with_characters_that_odata_and_urls_escape_compare_exactly() {
    List<String> values = List.of("O'Brien", "O''Brien", "100%", "100%25", "a+b", "a b", "a&b=c");
    List<TableRow> rows = new ArrayList<>();
    for (String value : values) {
      rows.add(TableRow.builder("O'Brien", value).putString("s", value).build());
    }
    store().insertAll(rows);

    for (String value : values) {
      assertThat(rowKeys(store().queryAll(store().query().filter(Filter.eq("s", value)).build())))
          .as("s eq %s", value).containsExactly(value);
      assertThat(rowKeys(store().queryAll(store().query().filter(Filter.eq("RowKey", value)).build())))
          .as("RowKey eq %s", value).containsExactly(value);
    }
    assertThat(rowKeys(store().queryAll(store().query()
            .filter(Filter.and(Filter.eq("PartitionKey", "O'Brien"), Filter.gt("s", "O''Brien"), Filter.le("s", "a+b")))
            .build())))
        .containsExactly("O'Brien", "a b", "a&b=c", "a+b");
  }

  @Test
  void a_filter_can_compare_the_timestamp_the_store_assigned() {
    for (int i = 0; i < 4; i++) {
      store().insert(TableRow.keys("p", "r" + i));
    }
    List<TableRow> stored = store().queryAll(store().query().partitionKey("p").build());
    Instant pivot = stored.get(1).timestamp();

    List<String> after = new ArrayList<>();
    List<String> upTo = new ArrayList<>();
    for (TableRow row : stored) {
      (row.timestamp().isAfter(pivot) ? after : upTo).add(row.rowKey());
    }
    assertThat(rowKeys(query(Filter.gt("Timestamp", pivot)))).isEqualTo(after);
    assertThat(rowKeys(query(Filter.le("Timestamp", pivot)))).isEqualTo(upTo).contains("r0", "r1");
  }

  @Test
  void doubles_compare_by_ieee_rules_so_nan_equals_nothing_and_negative_zero_equals_zero() {
    store().insertAll(List.of(
        TableRow.builder("p", "nan").putDouble("d", Double.NaN).build(),
        TableRow.builder("p", "negativeZero").putDouble("d", -0.0).build(),
        TableRow.builder("p", "one").putDouble("d", 1.0).build()));

    assertThat(rowKeys(query(Filter.eq("d", 0.0)))).containsExactly("negativeZero");
    assertThat(rowKeys(query(Filter.ge("d", 0.0)))).containsExactly("negativeZero", "one");
    assertThat(rowKeys(query(Filter.eq("d", Double.NaN)))).isEmpty();
    assertThat(rowKeys(query(Filter.lt("d", Double.POSITIVE_INFINITY)))).containsExactly("negativeZero", "one");
    // NaN is unordered: no order comparison holds for it, and "not equal" always does.
    assertThat(rowKeys(query(Filter.gt("d", 0.0)))).containsExactly("one");
    assertThat(rowKeys(query(Filter.le("d", Double.POSITIVE_INFINITY)))).containsExactly("negativeZero", "one");
    assertThat(rowKeys(query(Filter.ge("d", Double.NEGATIVE_INFINITY)))).containsExactly("negativeZero", "one");
    assertThat(rowKeys(query(Filter.ne("d", 1.0)))).containsExactly("nan", "negativeZero");
    assertThat(rowKeys(query(Filter.ne("d", Double.NaN)))).containsExactly("nan", "negativeZero", "one");
    assertThat(rowKeys(query(Filter.gt("d", Double.NaN)))).isEmpty();
  }

  @Test
  void a_filter_applies_within_the_key_ranges() {
    List<TableRow> rows = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      rows.add(TableRow.builder("p", "r" + i).putBoolean("even", i % 2 == 0).build());
    }
    store().insertAll(rows);

    TableQuery query = store().query().partitionKey("p")
        .rowFrom(KeyBound.inclusive("r3")).rowTo(KeyBound.inclusive("r7"))
        .filter(Filter.eq("even", true))
        .build();
    assertThat(rowKeys(store().queryAll(query))).containsExactly("r4", "r6");
  }

  @Test
  void a_projection_returns_the_selected_properties_with_keys_etag_and_timestamp() {
    TableRow full = TableRow.builder("p", "r").putString("a", "x").putInt32("b", 1).putBoolean("c", true).build();
    store().insert(full);
    TableRow stored = store().get("p", "r");

    TableRow projected = single(store().query().select(List.of("a", "c")).build());

    assertThat(projected.properties()).containsOnlyKeys("a", "c");
    assertThat(projected.getString("a")).isEqualTo("x");
    assertThat(projected.getBoolean("c")).isTrue();
    assertThat(projected.partitionKey()).isEqualTo("p");
    assertThat(projected.rowKey()).isEqualTo("r");
    assertThat(projected.etag()).isEqualTo(stored.etag());
    assertThat(projected.timestamp()).isEqualTo(stored.timestamp());
  }

  @Test
  void an_empty_projection_returns_keys_etag_and_timestamp_only() {
    store().insert(TableRow.builder("p", "r").putString("a", "x").putInt32("b", 1).build());
    TableRow stored = store().get("p", "r");

    TableRow projected = single(store().query().select(List.of()).build());

    assertThat(projected.properties()).isEmpty();
    assertThat(projected.partitionKey()).isEqualTo("p");
    assertThat(projected.rowKey()).isEqualTo("r");
    assertThat(projected.etag()).isEqualTo(stored.etag());
    assertThat(projected.timestamp()).isEqualTo(stored.timestamp());
  }

  @Test
  void a_projection_leaves_out_selected_properties_a_row_lacks_and_filters_on_unselected_ones() {
    store().insertAll(List.of(
        TableRow.builder("p", "1").putString("a", "x").putInt32("n", 1).build(),
        TableRow.builder("p", "2").putInt32("n", 2).build(),
        TableRow.builder("p", "3").putString("a", "z").putInt32("n", 3).build()));

    List<TableRow> rows = store().queryAll(
        store().query().filter(Filter.le("n", 2)).select(List.of("a", "missing")).build());

    assertThat(rowKeys(rows)).containsExactly("1", "2");
    assertThat(rows.get(0).properties()).containsOnlyKeys("a");
    assertThat(rows.get(1).properties()).isEmpty();
  }

  @Test
  void no_projection_returns_every_property() {
    TableRow full = TableRow.builder("p", "r").putString("a", "x").putInt32("b", 1).build();
    store().insert(full);

    assertThat(single(store().query().build()).properties()).containsOnlyKeys("a", "b");
  }

  /**
   * Filters of 16 and 18 comparisons, more than the 15 the Azure service takes in one request: every backend returns
   * exactly the filter's rows, page after page, none lost or repeated, whatever part of the filter its store applies.
   */
  @Test
  void filters_of_16_and_18_comparisons_return_exactly_their_rows_across_pages() {
    List<TableRow> rows = new ArrayList<>();
    for (String partition : List.of("a", "b", "c")) {
      for (int i = 0; i < 40; i++) {
        rows.add(TableRow.builder(partition, String.format("r%02d", i))
            .putInt32("n", i).putString("s", "s" + (i % 20)).putDouble("d", i / 2.0).build());
      }
    }
    store().insertAll(rows);
    List<Filter> sixteenEqualities = new ArrayList<>();
    for (int n = 0; n < 32; n += 2) {
      sixteenEqualities.add(Filter.eq("n", n));
    }
    List<Filter> fifteenStrings = new ArrayList<>();
    for (int i = 0; i < 15; i++) {
      fifteenStrings.add(Filter.eq("s", "s" + i));
    }
    Filter orOf16 = Filter.or(sixteenEqualities.toArray(Filter[]::new));
    Filter andOf18 = Filter.and(Filter.ge("d", 2.0), Filter.lt("n", 35), Filter.ne("s", "s3"),
        Filter.or(fifteenStrings.toArray(Filter[]::new)));

    for (Filter filter : List.of(orOf16, andOf18)) {
      for (TableQuery query : List.of(
          store().query().filter(filter).limit(7).build(),
          store().query().partitionKey("b").filter(filter).limit(5).build(),
          store().query().partitionFrom(KeyBound.exclusive("a")).rowFrom(KeyBound.inclusive("r03"))
              .filter(filter).limit(4).build())) {
        List<TableRow> expected = new ArrayList<>();
        for (TableRow row : rows) {
          if (query.matches(row)) {
            expected.add(row);
          }
        }

        assertThat(store().pages(query)).as("pages of %s", query).hasSizeGreaterThan(2);
        assertThat(keys(store().queryAll(query))).as("%s", query).isEqualTo(keys(expected));
      }
    }
  }

  private static boolean holds(Filter.Op op, int order) {
    switch (op) {
      case EQ:
        return order == 0;
      case NE:
        return order != 0;
      case GT:
        return order > 0;
      case GE:
        return order >= 0;
      case LT:
        return order < 0;
      case LE:
        return order <= 0;
      default:
        throw new AssertionError(op);
    }
  }

  private List<TableRow> query(Filter filter) {
    return store().queryAll(store().query().partitionKey("p").filter(filter).build());
  }

  private TableRow single(TableQuery query) {
    List<TableRow> rows = store().queryAll(query);
    assertThat(rows).hasSize(1);
    return rows.get(0);
  }
}
