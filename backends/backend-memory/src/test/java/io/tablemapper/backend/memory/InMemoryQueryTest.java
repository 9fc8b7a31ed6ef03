package io.tablemapper.backend.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.spi.Filter;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;

/**
 * Queries of the in-memory backend: pages are full until the matches run out, a page stops reading when it is full
 * and its token resumes after its last row, tokens are deterministic, and a query reads only its key range.
 */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class InMemoryQueryTest {
  private static final int PARTITIONS = 5;
  private static final int ROWS = 1000;
  private static final int LARGE = 100_000;

  private final InMemoryBackend backend = InMemoryBackend.create();
  /** Rows each partition visit read, in order. */
  private final List<Integer> visits = new ArrayList<>();

  @BeforeEach
  void fill() {
    backend.createTableIfNotExists("Grid");
    for (int p = 0; p < PARTITIONS; p++) {
      for (int first = 0; first < ROWS; first += 100) {
        List<WriteOperation> batch = new ArrayList<>();
        for (int r = first; r < first + 100; r++) {
          batch.add(WriteOperation.insert(TableRow.builder("p" + p, rowKey(r)).putInt32("n", r).build()));
        }
        backend.batch("Grid", batch);
      }
    }
  }

  @AfterEach
  void close() {
    backend.close();
  }

  @Test
  void every_page_is_full_until_the_matches_run_out_and_the_last_carries_no_token() {
    TableQuery query = TableQuery.builder("Grid").partitionKey("p1").filter(Filter.lt("n", 25)).limit(10).build();

    QueryResult first = backend.query(query);
    QueryResult second = backend.query(query.withContinuation(first.continuation()));
    QueryResult third = backend.query(query.withContinuation(second.continuation()));

    assertThat(first.rows()).hasSize(10);
    assertThat(second.rows()).hasSize(10);
    assertThat(third.rows()).hasSize(5);
    assertThat(third.continuation()).isNull();
  }

  @Test
  void a_full_page_ending_at_the_last_row_of_its_range_carries_no_token() {
    TableQuery query =
        TableQuery.builder("Grid").partitionKey("p4").rowFrom(KeyBound.inclusive(rowKey(990))).limit(10).build();

    QueryResult page = backend.query(query);

    assertThat(page.rows()).hasSize(10);
    assertThat(page.continuation()).isNull();
  }

  @Test
  void a_full_page_followed_only_by_rows_the_filter_rejects_carries_a_token_to_an_empty_last_page() {
    TableQuery query = TableQuery.builder("Grid").partitionKey("p4").rowFrom(KeyBound.inclusive(rowKey(980)))
        .filter(Filter.lt("n", 990)).limit(10).build();

    QueryResult page = backend.query(query);
    QueryResult next = backend.query(query.withContinuation(page.continuation()));

    assertThat(page.rows()).hasSize(10);
    assertThat(page.continuation()).isNotNull();
    assertThat(next.rows()).isEmpty();
    assertThat(next.continuation()).isNull();
  }

  @Test
  void a_limit_1_query_on_a_large_partition_reads_only_the_row_it_returns() {
    backend.createTableIfNotExists("Large");
    for (int first = 0; first < LARGE; first += 100) {
      List<WriteOperation> batch = new ArrayList<>();
      for (int r = first; r < first + 100; r++) {
        batch.add(WriteOperation.insert(TableRow.builder("p", rowKey(r)).putInt32("n", r).build()));
      }
      backend.batch("Large", batch);
    }
    // Only the first row matches: a page that looked for another match after filling up would read all of them.
    TableQuery query = TableQuery.builder("Large").partitionKey("p").filter(Filter.eq("n", 0)).limit(1).build();

    QueryResult page = query(query);

    assertThat(page.rows()).extracting(TableRow::rowKey).containsExactly(rowKey(0));
    assertThat(visits).containsExactly(1);
  }

  @Test
  void a_token_resumes_after_the_last_row_returned_so_a_row_inserted_right_after_it_is_on_the_next_page() {
    TableQuery query = TableQuery.builder("Grid").partitionKey("p3").filter(Filter.ne("n", 3)).limit(3).build();
    QueryResult first = backend.query(query);
    backend.write("Grid", WriteOperation.insert(TableRow.builder("p3", rowKey(2) + "a").putInt32("n", -1).build()));
    backend.write("Grid", WriteOperation.merge(TableRow.builder("p3", rowKey(3)).putInt32("n", 0).build(), null));

    QueryResult second = backend.query(query.withContinuation(first.continuation()));

    assertThat(first.rows()).extracting(TableRow::rowKey).containsExactly(rowKey(0), rowKey(1), rowKey(2));
    assertThat(second.rows()).extracting(TableRow::rowKey).containsExactly(rowKey(2) + "a", rowKey(3), rowKey(4));
  }

  @Test
  void the_same_position_always_gives_the_same_token() {
    TableQuery query = TableQuery.builder("Grid").limit(7).build();

    String token = backend.query(query).continuation();

    assertThat(backend.query(TableQuery.builder("Grid").limit(7).build()).continuation()).isEqualTo(token);
    assertThat(token).matches("[A-Za-z0-9_-]+");
  }

  @Test
  void a_token_holding_keys_with_surrogate_pairs_and_their_neighbours_resumes_exactly() {
    // keys may not hold lone surrogates (the conformance kit checks it); pairs and the characters around them stay
    backend.createTableIfNotExists("Odd");
    List<String> rowKeys = List.of("a\uD7FF", "a\uD800\uDC00", "a\uD800\uDC00b", "a\uDBFF\uDFFF", "a\uE000", "b");
    for (String rowKey : rowKeys) {
      backend.write("Odd", WriteOperation.insert(TableRow.keys("\uDBFF\uDFFF", rowKey)));
    }

    List<String> read = new ArrayList<>();
    TableQuery query = TableQuery.builder("Odd").limit(1).build();
    String token = null;
    do {
      QueryResult page = backend.query(query.withContinuation(token));
      page.rows().forEach(row -> read.add(row.rowKey()));
      token = page.continuation();
    } while (token != null);

    assertThat(read).containsExactlyElementsOf(rowKeys);
  }

  @Test
  void a_token_the_backend_did_not_issue_is_rejected_naming_the_table() {
    // "AGEAAABi" encodes the keys a and b: well-formed, but of an old and of an unknown version.
    for (String token : List.of("", "garbage", "2!!!", "2AAE", "1AGEAAABi", "3AGEAAABi")) {
      assertThatThrownBy(() -> backend.query(TableQuery.builder("Grid").continuation(token).build()))
          .as("token '%s'", token)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContainingAll("invalid continuation token", "'Grid'");
    }
  }

  @Test
  void a_point_range_in_a_large_table_reads_only_its_rows() {
    QueryResult page = query(TableQuery.builder("Grid").partitionKey("p2")
        .rowFrom(KeyBound.inclusive(rowKey(500))).rowTo(KeyBound.exclusive(rowKey(510))).build());

    assertThat(page.rows()).hasSize(10);
    assertThat(visits).containsExactly(10);
  }

  @Test
  void a_row_range_over_every_partition_reads_only_that_range_in_each() {
    QueryResult page = query(TableQuery.builder("Grid")
        .rowFrom(KeyBound.exclusive(rowKey(100))).rowTo(KeyBound.inclusive(rowKey(103))).build());

    assertThat(page.rows()).hasSize(3 * PARTITIONS);
    assertThat(visits).containsExactly(3, 3, 3, 3, 3);
  }

  @Test
  void a_crossed_or_empty_row_key_range_visits_no_partition() {
    for (TableQuery query : List.of(
        TableQuery.builder("Grid").rowFrom(KeyBound.inclusive(rowKey(9))).rowTo(KeyBound.inclusive(rowKey(1))).build(),
        TableQuery.builder("Grid")
            .rowFrom(KeyBound.inclusive(rowKey(5))).rowTo(KeyBound.exclusive(rowKey(5))).build())) {
      QueryResult page = query(query);

      assertThat(page.rows()).as("%s", query).isEmpty();
      assertThat(page.continuation()).as("%s", query).isNull();
    }
    assertThat(visits).isEmpty();
  }

  @Test
  void a_partition_range_visits_only_its_partitions() {
    query(TableQuery.builder("Grid")
        .partitionFrom(KeyBound.exclusive("p1")).partitionTo(KeyBound.inclusive("p3")).rowKey(rowKey(7)).build());

    assertThat(visits).containsExactly(1, 1);
  }

  @Test
  void a_continued_query_resumes_after_its_token_without_rereading_earlier_rows() {
    TableQuery query = TableQuery.builder("Grid").partitionKey("p0").limit(5).build();
    QueryResult first = query(query);
    assertThat(visits).containsExactly(5);
    visits.clear();

    QueryResult third =
        query(query.withContinuation(backend.query(query.withContinuation(first.continuation())).continuation()));

    assertThat(visits).containsExactly(5);
    assertThat(third.rows()).extracting(TableRow::rowKey).startsWith(rowKey(10));
  }

  @Test
  void a_partition_emptied_by_deletes_is_no_longer_visited() {
    List<WriteOperation> deletes = new ArrayList<>();
    for (int r = 0; r < 100; r++) {
      deletes.add(WriteOperation.delete("p9", rowKey(r), null));
      backend.write("Grid", WriteOperation.insert(TableRow.keys("p9", rowKey(r))));
    }
    backend.batch("Grid", deletes);

    query(TableQuery.builder("Grid").partitionFrom(KeyBound.exclusive("p4")).build());

    assertThat(visits).isEmpty();
  }

  private QueryResult query(TableQuery query) {
    return backend.query(query, visits::add);
  }

  private static String rowKey(int row) {
    return String.format("r%04d", row);
  }
}
