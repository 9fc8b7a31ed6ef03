package io.tablemapper.backend.tck;

import static io.tablemapper.backend.tck.TckStore.key;
import static io.tablemapper.backend.tck.TckStore.keys;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.spi.Filter;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Pages and continuation tokens. A backend may return fewer rows than the limit, even none, with a token; so
 * these tests follow tokens until there is none and check only that no page exceeds its limit and that the pages
 * together hold every match exactly once, in order.
 */
abstract class PagingTests extends ConformanceGroup {

  @Test
  void pages_of_any_limit_together_return_every_row_once_in_order_across_partitions() {
    List<String> expected = insertGrid(List.of("a", "b", "c"), 25);

    for (int limit : new int[] {1, 2, 7, 25, 26, 1000}) {
      List<TableRow> rows = store().queryAll(store().query().limit(limit).build());
      assertThat(keys(rows)).as("rows read %d at a time", limit).containsExactlyElementsOf(expected);
    }
  }

  @Test
  void more_than_1000_matching_rows_take_several_pages_of_at_most_1000() {
    int count = 2 * StoreLimits.MAX_PAGE_SIZE + 345;
    List<String> expected = insertGrid(List.of("p"), count);

    List<QueryResult> pages = store().pages(store().query().partitionKey("p").build());

    assertThat(pages.size()).isGreaterThanOrEqualTo(3);
    List<TableRow> rows = new ArrayList<>();
    pages.forEach(page -> rows.addAll(page.rows()));
    assertThat(keys(rows)).containsExactlyElementsOf(expected);
  }

  @Test
  void a_token_resumes_an_equal_query_built_anew() {
    List<String> expected = insertGrid(List.of("a", "b"), 10);
    QueryResult first = store().backend.query(query(3).build());
    List<String> read = new ArrayList<>(keys(first.rows()));
    String token = first.continuation();

    while (token != null) {
      QueryResult next = store().backend.query(query(3).continuation(token).build());
      assertThat(next.rows().size()).isLessThanOrEqualTo(3);
      read.addAll(keys(next.rows()));
      token = next.continuation();
    }

    assertThat(read).containsExactlyElementsOf(expected);
  }

  @Test
  void paging_a_row_range_with_a_filter_across_partitions_returns_exactly_the_matches() {
    List<TableRow> rows = new ArrayList<>();
    List<String> expected = new ArrayList<>();
    for (String partitionKey : List.of("a", "b", "c", "d")) {
      for (int i = 0; i < 30; i++) {
        String rowKey = String.format("r%02d", i);
        rows.add(TableRow.builder(partitionKey, rowKey).putInt32("n", i).build());
        if (!partitionKey.equals("a") && i >= 5 && i < 25 && i % 3 == 0) {
          expected.add(key(partitionKey, rowKey));
        }
      }
    }
    store().insertAll(rows);
    Filter multipleOfThree = Filter.or(Filter.eq("n", 6), Filter.eq("n", 9), Filter.eq("n", 12),
        Filter.eq("n", 15), Filter.eq("n", 18), Filter.eq("n", 21), Filter.eq("n", 24), Filter.eq("n", 27));

    for (int limit : new int[] {1, 4, 1000}) {
      TableQuery query = store().query()
          .partitionFrom(KeyBound.exclusive("a"))
          .rowFrom(KeyBound.inclusive("r05")).rowTo(KeyBound.exclusive("r25"))
          .filter(multipleOfThree)
          .limit(limit)
          .build();
      assertThat(keys(store().queryAll(query))).as("limit %d", limit).containsExactlyElementsOf(expected);
    }
  }

  @Test
  void paging_resumes_after_the_last_row_returned_while_rows_change_elsewhere() {
    insertGrid(List.of("p"), 20);
    QueryResult first = store().backend.query(query(5).build());
    assertThat(first.continuation()).as("a token after the first %d of 20 rows", first.rows().size()).isNotNull();
    String lastRead = first.rows().isEmpty() ? "" : first.rows().get(first.rows().size() - 1).rowKey();

    String behind = rowKey(0) + "a";
    store().insert("p", behind);
    store().write(WriteOperation.delete("p", rowKey(19), null));
    store().insert("p", rowKey(99));

    List<TableRow> rest = store().queryAll(query(5).continuation(first.continuation()).build());
    List<String> read = new ArrayList<>(keys(first.rows()));
    read.addAll(keys(rest));
    assertThat(read).doesNotHaveDuplicates().contains(key("p", rowKey(99))).doesNotContain(key("p", rowKey(19)));
    if (lastRead.compareTo(behind) > 0) {
      assertThat(read).as("a row inserted behind the cursor").doesNotContain(key("p", behind));
    }
    for (int i = 0; i < 19; i++) {
      assertThat(read).contains(key("p", rowKey(i)));
    }
    assertThat(read).isSortedAccordingTo(String::compareTo);
  }

  @Test
  void a_query_without_matches_ends_with_no_rows() {
    insertGrid(List.of("p"), 3);

    assertThat(store().queryAll(store().query().partitionKey("q").limit(1).build())).isEmpty();
    assertThat(store().queryAll(store().query().filter(Filter.eq("missing", 1)).limit(1).build())).isEmpty();
  }

  @Test
  void an_empty_table_has_no_rows() {
    assertThat(store().all()).isEmpty();
  }

  private TableQuery.Builder query(int limit) {
    return store().query().partitionFrom(KeyBound.inclusive("a")).limit(limit);
  }

  private static String rowKey(int i) {
    return String.format("r%05d", i);
  }

  /** Inserts {@code perPartition} rows r00000, r00001... in each partition; returns their keys in order. */
  private List<String> insertGrid(List<String> partitionKeys, int perPartition) {
    List<TableRow> rows = new ArrayList<>();
    List<String> keys = new ArrayList<>();
    for (String partitionKey : partitionKeys) {
      for (int i = 0; i < perPartition; i++) {
        String rowKey = rowKey(i);
        rows.add(TableRow.keys(partitionKey, rowKey));
        keys.add(key(partitionKey, rowKey));
      }
    }
    store().insertAll(rows);
    return keys;
  }
}
