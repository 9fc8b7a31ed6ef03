package io.tablemapper.backend.tck;

import static io.tablemapper.backend.tck.TckStore.rowKeys;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.spi.Filter;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Filter injection: values, keys and property names that hold OData or SQL metacharacters (quotes, {@code LIKE}
 * wildcards, comments, statement separators, parentheses, look-alike Unicode quotes) are data, never syntax. A
 * backend that translates a {@link Filter} into a query language must return exactly the rows
 * {@link Filter#test} accepts, and never more.
 */
abstract class FilterInjectionTests extends ConformanceGroup {
  /** Strings that mean something to OData, to SQL (quoting, LIKE patterns, comments) or to a careless escaper. */
  static final List<String> METACHARACTER_STRINGS = List.of(
      "'", "''", "a' or PartitionKey ne '", "a' or 'a' eq 'a", "x') or (1 eq 1", "' or 1=1 --", "%", "a%", "%a",
      "_", "a_c", "abc", "a\\", "\\", "\\'", "\"", "\"\"", ")", "(", "--", "a--", ";", "a; drop table t; --", "*",
      "?", "[a]", "\u2018", "\u2019", "\u201C", "\u201D", "\uFF07", "O'Brien", "O\u2019Brien", "a", "a ", "A", "",
      " ", "true", "null", "0", "$filter=");

  @Test
  void string_values_with_metacharacters_match_exactly_what_the_filter_accepts() {
    List<TableRow> rows = new ArrayList<>();
    for (int i = 0; i < METACHARACTER_STRINGS.size(); i++) {
      rows.add(TableRow.builder("p", String.format("v%02d", i)).putString("s", METACHARACTER_STRINGS.get(i)).build());
    }
    rows.add(TableRow.builder("p", "lacking").putString("other", "'").build());
    rows.add(TableRow.builder("p", "number").putInt32("s", 0).build());
    store().insertAll(rows);

    for (String value : METACHARACTER_STRINGS) {
      for (Filter filter : List.of(Filter.eq("s", value), Filter.ne("s", value), Filter.startsWith("s", value))) {
        assertMatchesExactly(rows, filter);
      }
    }
    assertMatchesExactly(rows, Filter.or(Filter.eq("s", "'"), Filter.eq("s", "a' or PartitionKey ne '")));
    assertMatchesExactly(rows, Filter.and(Filter.gt("s", "%"), Filter.lt("s", "_")));
    assertMatchesExactly(rows, Filter.and(Filter.ge("s", "a"), Filter.le("s", "a ")));
  }

  @Test
  void keys_with_metacharacters_are_matched_exactly_by_filters_on_partition_key_and_row_key() {
    List<TableRow> rows = new ArrayList<>();
    for (String key : METACHARACTER_STRINGS) {
      if (StoreLimits.firstForbiddenKeyChar(key) < 0) {
        rows.add(TableRow.keys(key, key));
      }
    }
    store().insertAll(rows);

    for (TableRow row : rows) {
      String key = row.rowKey();
      for (Filter filter : List.of(
          Filter.eq("PartitionKey", key), Filter.eq("RowKey", key), Filter.startsWith("RowKey", key),
          Filter.and(Filter.ne("PartitionKey", key), Filter.ge("RowKey", key)))) {
        assertMatchesExactly(rows, filter);
      }
    }
  }

  @Test
  void a_filter_on_a_property_name_no_row_holds_matches_nothing_whatever_the_name_contains() {
    List<TableRow> rows = List.of(
        TableRow.builder("p", "1").putString("s", "x").putString("name", "x").build(),
        TableRow.builder("p", "2").putString("s", "y").putString("name", "y").build());
    store().insertAll(rows);

    for (String name : List.of(
        "a' or PartitionKey ne '", "s eq 'x' or s", "s ne 'q') or (s", "s or true", "s ", " s", "S", "Name", "NAME",
        "s--", "s;", "s)", "(s", "s\u00A0", "\u017Fs")) {
      for (Filter filter : List.of(
          Filter.eq(name, "x"), Filter.ne(name, "x"), Filter.ge(name, ""),
          Filter.or(Filter.eq(name, "x"), Filter.eq("s", "y")))) {
        assertMatchesExactly(rows, filter);
      }
    }
  }

  /** Checks that a query of partitions holding only {@code rows} returns exactly the rows the filter accepts. */
  private void assertMatchesExactly(List<TableRow> rows, Filter filter) {
    List<String> expected = new ArrayList<>();
    rows.stream().sorted(TckStore.KEY_ORDER).filter(filter::test).forEach(row -> expected.add(row.rowKey()));
    TableQuery query = store().query().filter(filter).build();
    assertThat(rowKeys(store().queryAll(query))).as("%s", filter).containsExactlyElementsOf(expected);
  }
}
