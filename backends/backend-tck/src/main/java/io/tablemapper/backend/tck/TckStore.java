package io.tablemapper.backend.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.assertj.core.presentation.Representation;
import org.assertj.core.presentation.StandardRepresentation;

/** The backend under test and the fresh table one test works in, with the helpers tests share. */
final class TckStore {
  /** The store's order of rows: by PartitionKey, then RowKey, as strings of UTF-16 code units. */
  static final Comparator<TableRow> KEY_ORDER =
      Comparator.comparing(TableRow::partitionKey).thenComparing(TableRow::rowKey);
  /** Shows rows with their ETag and Timestamp in failure messages; {@link TableRow#toString} leaves them out. */
  static final Representation WITH_SYSTEM_PROPERTIES = new StandardRepresentation() {
    @Override
    public String toStringOf(Object object) {
      if (object instanceof TableRow row) {
        return row + " ETag " + row.etag() + " Timestamp " + row.timestamp();
      }
      return super.toStringOf(object);
    }
  };
  /** More pages than any query of the kit needs; a backend that pages forever fails instead of hanging. */
  private static final int MAX_PAGES = 20_000;

  final TableBackend backend;
  final String table;

  TckStore(TableBackend backend, String table) {
    this.backend = backend;
    this.table = table;
  }

  /** A table name no other test (or earlier run against a persistent store) uses: letters and digits. */
  static String uniqueTableName() {
    return "tck" + UUID.randomUUID().toString().replace("-", "");
  }

  /** A builder for a row of the given keys. */
  static TableRow.Builder row(String partitionKey, String rowKey) {
    return TableRow.builder(partitionKey, rowKey);
  }

  WriteResult write(WriteOperation operation) {
    return backend.write(table, operation);
  }

  WriteResult insert(TableRow row) {
    return write(WriteOperation.insert(row));
  }

  WriteResult insert(String partitionKey, String rowKey) {
    return insert(TableRow.keys(partitionKey, rowKey));
  }

  List<WriteResult> batch(List<WriteOperation> operations) {
    return backend.batch(table, operations);
  }

  /** Inserts the rows, in batches of up to 100 per partition, to keep setup fast against a remote store. */
  void insertAll(List<TableRow> rows) {
    Map<String, List<WriteOperation>> byPartition = new LinkedHashMap<>();
    for (TableRow row : rows) {
      List<WriteOperation> pending = byPartition.computeIfAbsent(row.partitionKey(), key -> new ArrayList<>());
      pending.add(WriteOperation.insert(row));
      if (pending.size() == StoreLimits.MAX_BATCH_OPERATIONS) {
        batch(pending);
        pending.clear();
      }
    }
    for (List<WriteOperation> pending : byPartition.values()) {
      if (!pending.isEmpty()) {
        batch(pending);
      }
    }
  }

  Optional<TableRow> find(String partitionKey, String rowKey) {
    return backend.get(table, partitionKey, rowKey);
  }

  TableRow get(String partitionKey, String rowKey) {
    return find(partitionKey, rowKey)
        .orElseThrow(() -> new AssertionError("expected a row (PartitionKey '" + partitionKey + "', RowKey '"
            + rowKey + "') in table " + table + ", found none"));
  }

  /** A query of this test's table. */
  TableQuery.Builder query() {
    return TableQuery.builder(table);
  }

  /** Every page of the query, following continuation tokens; checks that no page exceeds the limit. */
  List<QueryResult> pages(TableQuery query) {
    List<QueryResult> pages = new ArrayList<>();
    TableQuery next = query;
    while (true) {
      QueryResult page = backend.query(next);
      assertThat(page.rows().size())
          .as("rows in page %d of %s", pages.size() + 1, query)
          .isLessThanOrEqualTo(query.limit());
      pages.add(page);
      if (page.continuation() == null) {
        return pages;
      }
      assertThat(page.continuation()).as("continuation token of %s", query).isNotEmpty();
      assertThat(pages.size()).as("pages of %s (the backend never stops paging)", query).isLessThan(MAX_PAGES);
      next = query.withContinuation(page.continuation());
    }
  }

  /**
   * Every row the query matches, read page by page, in key order: as the pages return them on an ordered store,
   * sorted here on a store whose profile keeps no key order ({@link #ordered()}), after checking that no row came
   * twice.
   */
  List<TableRow> queryAll(TableQuery query) {
    List<TableRow> rows = new ArrayList<>();
    for (QueryResult page : pages(query)) {
      rows.addAll(page.rows());
    }
    if (!ordered()) {
      assertThat(keys(rows)).as("rows of %s across its pages", query).doesNotHaveDuplicates();
      rows.sort(KEY_ORDER);
    }
    return rows;
  }

  /** Whether the store returns rows in key order: its profile says so (Table Storage), or not (Cosmos DB). */
  boolean ordered() {
    return backend.profile().ordered();
  }

  /**
   * The longest start of {@code key} (whole characters) that the store takes as a RowKey: all of it on Table
   * Storage, at most 255 bytes of UTF-8 on Cosmos DB ({@code StoreProfile#maxRowKeyBytes}).
   */
  String withinRowKeyLimit(String key) {
    int limit = backend.profile().maxRowKeyBytes();
    int end = 0;
    while (end < key.length()) {
      int next = key.offsetByCodePoints(end, 1);
      if (StoreLimits.utf8Length(key.substring(0, next)) > limit) {
        break;
      }
      end = next;
    }
    return key.substring(0, end);
  }

  /** The rows of one page in key order: as returned on an ordered store, sorted on an unordered one. */
  List<TableRow> inKeyOrder(List<TableRow> rows) {
    if (ordered()) {
      return rows;
    }
    List<TableRow> sorted = new ArrayList<>(rows);
    sorted.sort(KEY_ORDER);
    return sorted;
  }

  /** The whole table, read page by page. */
  List<TableRow> all() {
    return queryAll(query().build());
  }

  /** Rows' keys as {@code PartitionKey|RowKey}, to compare orders and contents in readable failure messages. */
  static List<String> keys(List<TableRow> rows) {
    List<String> keys = new ArrayList<>(rows.size());
    for (TableRow row : rows) {
      keys.add(key(row.partitionKey(), row.rowKey()));
    }
    return keys;
  }

  /** Rows' RowKeys, in order. */
  static List<String> rowKeys(List<TableRow> rows) {
    List<String> rowKeys = new ArrayList<>(rows.size());
    for (TableRow row : rows) {
      rowKeys.add(row.rowKey());
    }
    return rowKeys;
  }

  static String key(String partitionKey, String rowKey) {
    return partitionKey + "|" + rowKey;
  }
}
