package io.tablemapper.backend.tck;

import static io.tablemapper.backend.tck.TckStore.key;
import static io.tablemapper.backend.tck.TckStore.keys;
import static io.tablemapper.backend.tck.TckStore.rowKeys;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Rows come back in (PartitionKey, RowKey) order, keys compared as UTF-16 code units; key ranges. */
abstract class OrderingTests extends ConformanceGroup {
  /** U+1F600, a supplementary character: the surrogate pair D83D DE00. */
  private static final String EMOJI = "\uD83D\uDE00";

  @Test
  void rows_come_back_ordered_by_partition_key_then_row_key_whatever_the_insertion_order() {
    List<String> expected = new ArrayList<>();
    List<TableRow> rows = new ArrayList<>();
    for (String partitionKey : List.of("a", "b", "c")) {
      for (String rowKey : List.of("1", "2", "3", "4")) {
        expected.add(key(partitionKey, rowKey));
        rows.add(TableRow.keys(partitionKey, rowKey));
      }
    }
    Collections.shuffle(rows, new Random(42));
    for (TableRow row : rows) {
      store().insert(row);
    }

    assertThat(keys(store().all())).containsExactlyElementsOf(expected);
  }

  @Test
  void row_keys_compare_as_utf16_code_units_so_a_supplementary_character_sorts_below_U_E000() {
    // By code point U+1F600 would sort last; by UTF-16 code units its high surrogate D83D sorts below E000.
    List<String> ordered = List.of("z", "\u00E9", EMOJI, EMOJI + "a", "\uE000", "\uFF21", "\uFFFD");
    insertInReverse("p", ordered);

    assertThat(rowKeys(store().all())).containsExactlyElementsOf(ordered);
  }

  @Test
  void partition_keys_compare_as_utf16_code_units_too() {
    List<String> ordered = List.of("Z", "z", "\u00E9", EMOJI, "\uE000", "\uFFFD");
    for (int i = ordered.size() - 1; i >= 0; i--) {
      store().insert(ordered.get(i), "r");
    }

    List<String> partitionKeys = new ArrayList<>();
    for (TableRow row : store().all()) {
      partitionKeys.add(row.partitionKey());
    }
    assertThat(partitionKeys).containsExactlyElementsOf(ordered);
  }

  @Test
  void keys_sort_by_character_code_so_digits_precede_uppercase_which_precedes_lowercase() {
    List<String> ordered = List.of(" ", "!", "-", "0", "10", "2", "9", "A", "B", "Z", "_", "a", "b", "z", "~");
    insertInReverse("p", ordered);

    assertThat(rowKeys(store().all())).containsExactlyElementsOf(ordered);
  }

  @Test
  void the_empty_key_sorts_first_and_a_key_sorts_right_after_its_prefix() {
    List<String> ordered = List.of("", " ", "a", "a ", "a!", "aa", "ab", "b");
    insertInReverse("", ordered);
    insertInReverse("p", ordered);

    List<String> expected = new ArrayList<>();
    for (String partitionKey : List.of("", "p")) {
      for (String rowKey : ordered) {
        expected.add(key(partitionKey, rowKey));
      }
    }
    assertThat(keys(store().all())).containsExactlyElementsOf(expected);
    assertThat(store().get("", "").rowKey()).isEmpty();
  }

  @Test
  void a_partition_key_range_honours_inclusive_and_exclusive_bounds() {
    insertGrid(List.of("a", "b", "c", "d", "e"), List.of("1", "2"));

    assertThat(partitions(between(KeyBound.inclusive("b"), KeyBound.inclusive("d")))).containsExactly("b", "c", "d");
    assertThat(partitions(between(KeyBound.exclusive("b"), KeyBound.exclusive("d")))).containsExactly("c");
    assertThat(partitions(between(KeyBound.inclusive("bb"), null))).containsExactly("c", "d", "e");
    assertThat(partitions(between(null, KeyBound.inclusive("c")))).containsExactly("a", "b", "c");
    assertThat(partitions(between(null, KeyBound.exclusive("c")))).containsExactly("a", "b");
    assertThat(partitions(between(KeyBound.inclusive("c"), KeyBound.inclusive("c")))).containsExactly("c");
  }

  @Test
  void an_empty_or_crossed_partition_key_range_matches_nothing() {
    insertGrid(List.of("a", "b", "c"), List.of("1"));

    assertThat(store().queryAll(between(KeyBound.inclusive("c"), KeyBound.inclusive("a")))).isEmpty();
    assertThat(store().queryAll(between(KeyBound.exclusive("b"), KeyBound.exclusive("b")))).isEmpty();
    assertThat(store().queryAll(between(KeyBound.inclusive("b"), KeyBound.exclusive("b")))).isEmpty();
    assertThat(store().queryAll(between(KeyBound.inclusive("x"), null))).isEmpty();
  }

  @Test
  void a_single_partition_query_returns_that_partition_only_not_partitions_it_prefixes() {
    insertGrid(List.of("a", "a ", "aa", "ab", "b"), List.of("1", "2"));

    assertThat(keys(store().queryAll(store().query().partitionKey("a").build())))
        .containsExactly(key("a", "1"), key("a", "2"));
  }

  @Test
  void a_row_key_range_applies_within_every_partition_of_the_partition_range() {
    insertGrid(List.of("a", "b", "c"), List.of("r1", "r2", "r3", "r4", "r5"));

    TableQuery everyPartition =
        store().query().rowFrom(KeyBound.inclusive("r2")).rowTo(KeyBound.exclusive("r4")).build();
    assertThat(keys(store().queryAll(everyPartition)))
        .containsExactly(key("a", "r2"), key("a", "r3"), key("b", "r2"), key("b", "r3"), key("c", "r2"), key("c", "r3"));

    TableQuery twoPartitions = store().query()
        .partitionFrom(KeyBound.exclusive("a")).partitionTo(KeyBound.inclusive("c"))
        .rowFrom(KeyBound.exclusive("r4")).build();
    assertThat(keys(store().queryAll(twoPartitions))).containsExactly(key("b", "r5"), key("c", "r5"));
  }

  @Test
  void a_row_key_range_within_one_partition_honours_inclusive_and_exclusive_bounds() {
    insertGrid(List.of("p"), List.of("r1", "r2", "r3", "r4", "r5"));

    assertThat(rowKeys(rowRange(KeyBound.inclusive("r2"), KeyBound.inclusive("r4")))).containsExactly("r2", "r3", "r4");
    assertThat(rowKeys(rowRange(KeyBound.exclusive("r2"), KeyBound.exclusive("r4")))).containsExactly("r3");
    assertThat(rowKeys(rowRange(KeyBound.inclusive("r3"), null))).containsExactly("r3", "r4", "r5");
    assertThat(rowKeys(rowRange(null, KeyBound.exclusive("r3")))).containsExactly("r1", "r2");
    assertThat(rowKeys(rowRange(KeyBound.inclusive("r4"), KeyBound.inclusive("r2")))).isEmpty();
    assertThat(rowKeys(store().queryAll(store().query().partitionKey("p").rowKey("r3").build()))).containsExactly("r3");
  }

  @Test
  void a_half_open_row_key_range_selects_a_prefix_without_its_longer_neighbours() {
    // The compound-key prefix query: keys starting "Smith_" lie in [ "Smith_", "Smith`" ), since '`' follows '_'.
    insertInReverse("p", List.of("Smith", "Smith_Ann", "Smith_Bob", "Smithson_Cy", "Smitha"));

    assertThat(rowKeys(rowRange(KeyBound.inclusive("Smith_"), KeyBound.exclusive("Smith`"))))
        .containsExactly("Smith_Ann", "Smith_Bob");
  }

  @Test
  void keys_with_characters_that_odata_and_urls_escape_sort_read_and_bound_ranges_like_any_other() {
    // ' ends an OData literal; % + & = and space mean something in a URL. In code-unit order: % & ' + =.
    List<String> ordered = List.of("%20", "100%", "O'Brien", "a b", "a&b=c", "a'b", "a+b", "a=b");
    insertInReverse("O'Brien", ordered);
    insertInReverse("a&b=c", List.of("100%"));

    assertThat(rowKeys(store().queryAll(store().query().partitionKey("O'Brien").build())))
        .containsExactlyElementsOf(ordered);
    for (String rowKey : ordered) {
      assertThat(store().get("O'Brien", rowKey).rowKey()).as("point read of %s", rowKey).isEqualTo(rowKey);
    }
    assertThat(rowKeys(store().queryAll(store().query().partitionKey("O'Brien")
            .rowFrom(KeyBound.exclusive("100%")).rowTo(KeyBound.inclusive("a'b")).build())))
        .containsExactly("O'Brien", "a b", "a&b=c", "a'b");
    assertThat(keys(store().queryAll(store().query().partitionKey("a&b=c").rowKey("100%").build())))
        .containsExactly(key("a&b=c", "100%"));
  }

  private void insertInReverse(String partitionKey, List<String> rowKeys) {
    for (int i = rowKeys.size() - 1; i >= 0; i--) {
      store().insert(partitionKey, rowKeys.get(i));
    }
  }

  private void insertGrid(List<String> partitionKeys, List<String> rowKeys) {
    List<TableRow> rows = new ArrayList<>();
    for (String partitionKey : partitionKeys) {
      for (String rowKey : rowKeys) {
        rows.add(TableRow.keys(partitionKey, rowKey));
      }
    }
    store().insertAll(rows);
  }

  private TableQuery between(KeyBound from, KeyBound to) {
    return store().query().partitionFrom(from).partitionTo(to).build();
  }

  private List<TableRow> rowRange(KeyBound from, KeyBound to) {
    return store().queryAll(store().query().partitionKey("p").rowFrom(from).rowTo(to).build());
  }

  private List<String> partitions(TableQuery query) {
    List<String> partitionKeys = new ArrayList<>();
    for (TableRow row : store().queryAll(query)) {
      if (partitionKeys.isEmpty() || !partitionKeys.get(partitionKeys.size() - 1).equals(row.partitionKey())) {
        partitionKeys.add(row.partitionKey());
      }
    }
    return partitionKeys;
  }
}
