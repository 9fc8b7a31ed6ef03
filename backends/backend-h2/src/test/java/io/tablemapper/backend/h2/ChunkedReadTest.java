package io.tablemapper.backend.h2;

import static org.assertj.core.api.Assertions.assertThat;

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
 * A filtered page reads its key range in chunks of growing size, each statement with a {@code LIMIT}, until the page
 * is full: whatever the filter rejects, within one partition or across several, pages hold exactly the matching rows
 * in key order, and a full page carries a token exactly when another row, matching or not, follows in the range.
 */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class ChunkedReadTest {
  private static final int PARTITIONS = 3;
  private static final int ROWS = 400;
  /** Each row has a Boolean property {@code every<k>}, true on every k-th row, and {@code last}, on a partition's last. */
  private static final int[] EVERY = {1, 7, 11, 37, 150, 399, 100_000};

  private final H2Backend backend = H2Backend.inMemory();
  private final List<TableRow> stored = new ArrayList<>();

  @BeforeEach
  void fill() {
    backend.createTableIfNotExists("Chunks");
    for (int p = 0; p < PARTITIONS; p++) {
      List<WriteOperation> batch = new ArrayList<>();
      for (int r = 0; r < ROWS; r++) {
        int n = p * ROWS + r;
        TableRow.Builder builder = TableRow.builder("p" + p, String.format("r%04d", r));
        for (int every : EVERY) {
          builder.putBoolean("every" + every, n % every == 0);
        }
        TableRow row = builder.putBoolean("last", r == ROWS - 1).build();
        batch.add(WriteOperation.insert(row));
        stored.add(row);
        if (batch.size() == 100) {
          backend.batch("Chunks", batch);
          batch.clear();
        }
      }
    }
  }

  @AfterEach
  void close() {
    backend.close();
  }

  @Test
  void a_page_of_one_partition_reads_on_past_chunks_the_filter_rejects() {
    for (int limit : new int[] {1, 2, 3, 5, 63, 64, 65, 1000}) {
      for (int every : EVERY) {
        check(KeyBound.inclusive("p1"), KeyBound.inclusive("p1"), limit, "every" + every);
      }
    }
  }

  @Test
  void a_page_across_partitions_reads_on_past_chunks_in_each_partition() {
    for (int limit : new int[] {1, 2, 4, 65, 1000}) {
      for (int every : new int[] {1, 11, 399, 100_000}) {
        check(null, null, limit, "every" + every);
        check(KeyBound.exclusive("p0"), KeyBound.inclusive("p2"), limit, "every" + every);
      }
    }
    // matches only at the ends of the partitions: each continues into the next
    check(null, null, 2, "last");
  }

  /** Reads every page of the query and compares them with the stored rows, page by page. */
  private void check(KeyBound partitionFrom, KeyBound partitionTo, int limit, String property) {
    List<TableRow> inRange = new ArrayList<>();
    for (TableRow row : stored) {
      if ((partitionFrom == null || partitionFrom.admitsFromBelow(row.partitionKey()))
          && (partitionTo == null || partitionTo.admitsFromAbove(row.partitionKey()))) {
        inRange.add(row);
      }
    }
    List<String> expected = new ArrayList<>();
    for (TableRow row : inRange) {
      if (row.getBoolean(property, false)) {
        expected.add(row.partitionKey() + "/" + row.rowKey());
      }
    }
    Filter filter = Filter.eq(property, true);
    List<String> read = new ArrayList<>();
    String token = null;
    String what = "limit " + limit + ", " + property + ", partitions " + partitionFrom + ".." + partitionTo;
    do {
      TableQuery query = TableQuery.builder("Chunks").partitionFrom(partitionFrom).partitionTo(partitionTo)
          .filter(filter).limit(limit).continuation(token).build();
      QueryResult page = backend.query(query);
      assertThat(page.rows()).as(what).hasSizeLessThanOrEqualTo(limit);
      for (TableRow row : page.rows()) {
        read.add(row.partitionKey() + "/" + row.rowKey());
        assertThat(row.getBoolean(property)).as(what).isTrue();
      }
      token = page.continuation();
      if (page.rows().size() == limit) {
        TableRow last = page.rows().get(limit - 1);
        int at = indexOf(inRange, last);
        assertThat(token != null).as(what + ": token of a full page ending at " + last.describeKeys())
            .isEqualTo(at < inRange.size() - 1);
      } else {
        assertThat(token).as(what + ": token of a page that is not full").isNull();
      }
    } while (token != null);
    assertThat(read).as(what).containsExactlyElementsOf(expected);
  }

  private static int indexOf(List<TableRow> rows, TableRow row) {
    for (int i = 0; i < rows.size(); i++) {
      if (rows.get(i).partitionKey().equals(row.partitionKey()) && rows.get(i).rowKey().equals(row.rowKey())) {
        return i;
      }
    }
    throw new AssertionError("not stored: " + row.describeKeys());
  }
}
