package io.tablemapper.backend.tck;

import static io.tablemapper.backend.tck.TckStore.key;
import static io.tablemapper.backend.tck.TckStore.keys;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.spi.Filter;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
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
  void pages_of_up_to_1000_rows_cross_partition_boundaries_without_losing_or_repeating_a_row() {
    // Partition a fills a whole page of 1000; b holds one row; c spills over two more pages.
    Map<String, Integer> sizes = new LinkedHashMap<>();
    sizes.put("a", StoreLimits.MAX_PAGE_SIZE);
    sizes.put("b", 1);
    sizes.put("c", StoreLimits.MAX_PAGE_SIZE + 344);
    List<TableRow> rows = new ArrayList<>();
    sizes.forEach((partitionKey, size) -> {
      for (int i = 0; i < size; i++) {
        rows.add(TableRow.builder(partitionKey, rowKey(i)).putInt32("n", rows.size()).build());
      }
    });
    store().insertAll(rows);

    List<QueryResult> pages = store().pages(store().query().build());
    assertThat(pages.size()).as("pages of %d rows", rows.size()).isGreaterThanOrEqualTo(3);
    List<TableRow> read = new ArrayList<>();
    pages.forEach(page -> read.addAll(page.rows()));
    assertThat(keys(store().inKeyOrder(read))).containsExactlyElementsOf(keys(rows));

    assertThat(keys(store().queryAll(store().query().partitionKey("a").build())))
        .as("a partition of exactly one page").containsExactlyElementsOf(keys(rows.subList(0, 1000)));

    // Few matches far apart: pages in between may be short or empty, and must still lead on to the next match.
    Filter sparse = Filter.or(Filter.eq("n", 0), Filter.eq("n", 999), Filter.eq("n", 1000), Filter.eq("n", 1500),
        Filter.eq("n", rows.size() - 1));
    List<String> expected = List.of(key("a", rowKey(0)), key("a", rowKey(999)), key("b", rowKey(0)),
        key("c", rowKey(499)), key("c", rowKey(1343)));
    for (int limit : new int[] {2, 1000}) {
      assertThat(keys(store().queryAll(store().query().filter(sparse).limit(limit).build())))
          .as("sparse matches read %d at a time", limit).containsExactlyElementsOf(expected);
    }
  }

  @Test
  void a_token_resumes_an_equal_query_built_anew() {
    List<String> expected = insertGrid(List.of("a", "b"), 10);
    QueryResult first = store().backend.query(query(3).build());
    List<TableRow> read = new ArrayList<>(first.rows());
    String token = first.continuation();

    while (token != null) {
      QueryResult next = store().backend.query(query(3).continuation(token).build());
      assertThat(next.rows().size()).isLessThanOrEqualTo(3);
      read.addAll(next.rows());
      token = next.continuation();
    }

    assertThat(keys(store().inKeyOrder(read))).containsExactlyElementsOf(expected);
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
    assertThat(read).doesNotHaveDuplicates().doesNotContain(key("p", rowKey(19)));
    for (int i = 0; i < 19; i++) {
      assertThat(read).contains(key("p", rowKey(i)));
    }
    if (!store().ordered()) {
      // no key order: whether an inserted row lies ahead of the cursor is the store's order's business, not the key's
      return;
    }
    assertThat(read).as("a row inserted after the last row read").contains(key("p", rowKey(99)));
    if (lastRead.compareTo(behind) > 0) {
      assertThat(read).as("a row inserted behind the cursor").doesNotContain(key("p", behind));
    }
    assertThat(read).isSortedAccordingTo(String::compareTo);
  }

  @Test
  void paging_while_rows_are_inserted_and_deleted_returns_each_row_at_most_once_and_every_row_that_stayed() {
    Random random = new Random(11);
    List<TableRow> initial = new ArrayList<>();
    TreeSet<String> present = new TreeSet<>();
    for (String partitionKey : List.of("a", "b", "c")) {
      for (int i = 0; i < 40; i += 2) {
        initial.add(TableRow.keys(partitionKey, rowKey(i)));
        present.add(key(partitionKey, rowKey(i)));
      }
    }
    store().insertAll(initial);
    Set<String> stayed = new HashSet<>(present);
    Set<String> insertedAhead = new HashSet<>();
    Set<String> deletedAhead = new HashSet<>();

    List<String> read = new ArrayList<>();
    String cursor = "";
    boolean cursorKnown = true;
    TableQuery query = store().query().limit(7).build();
    for (String token = null; ; ) {
      QueryResult page = store().backend.query(query.withContinuation(token));
      read.addAll(keys(page.rows()));
      if (!page.rows().isEmpty()) {
        cursor = read.get(read.size() - 1);
      }
      // After an empty page the backend may resume past the last row returned: rows it scanned did not exist.
      cursorKnown = !page.rows().isEmpty() || token == null;
      token = page.continuation();
      if (token == null) {
        break;
      }
      for (int change = 0; change < 2; change++) {
        String partitionKey = List.of("a", "b", "c").get(random.nextInt(3));
        if (random.nextBoolean()) {
          String key = key(partitionKey, rowKey(2 * random.nextInt(40) + 1));
          if (present.add(key)) {
            store().insert(partitionKey, key.substring(2));
            if (cursorKnown && key.compareTo(cursor) > 0) {
              insertedAhead.add(key);
            }
          }
        } else {
          String key = present.higher(key(partitionKey, rowKey(random.nextInt(80))));
          if (key != null) {
            present.remove(key);
            store().write(WriteOperation.delete(key.substring(0, 1), key.substring(2), null));
            stayed.remove(key);
            insertedAhead.remove(key);
            if (key.compareTo(cursor) > 0) {
              deletedAhead.add(key);
            }
          }
        }
      }
    }

    assertThat(read).as("keys read, each once").doesNotHaveDuplicates();
    assertThat(read).as("rows present from start to end").containsAll(stayed);
    if (!store().ordered()) {
      // no key order: which changes were ahead of the pages is not known by their keys
      return;
    }
    assertThat(read).as("keys read, in order").isSortedAccordingTo(String::compareTo);
    assertThat(read).as("rows inserted after the last row read").containsAll(insertedAhead);
    assertThat(read).as("rows deleted before the pages reached them").doesNotContainAnyElementsOf(deletedAhead);
  }

  @Test
  void a_continuation_token_the_backend_did_not_issue_is_an_illegal_argument() {
    insertGrid(List.of("p"), 3);

    for (String garbage : List.of("not a continuation token", "{", "!!!", "\u0000\uFFFF")) {
      assertThatThrownBy(() -> store().backend.query(store().query().limit(1).continuation(garbage).build()))
          .as("token '%s'", garbage)
          .isInstanceOf(IllegalArgumentException.class);
    }
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
