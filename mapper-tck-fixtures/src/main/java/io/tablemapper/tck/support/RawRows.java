package io.tablemapper.tck.support;

import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/** Reads what a backend stores, bypassing the mapper: the ground truth tests compare against. */
public final class RawRows {
  private RawRows() {}

  /**
   * Every row of a table in key order, or none if the table does not exist: sorted here when the store keeps no key
   * order ({@code StoreProfile#ordered()}), as the Cosmos DB Table API.
   */
  public static List<TableRow> all(TableBackend backend, String table) {
    if (!backend.tableExists(table)) {
      return List.of();
    }
    List<TableRow> rows = new ArrayList<>();
    String token = null;
    do {
      QueryResult page = backend.query(TableQuery.builder(table).continuation(token).build());
      rows.addAll(page.rows());
      token = page.continuation();
    } while (token != null);
    if (!backend.profile().ordered()) {
      rows.sort(Comparator.comparing(TableRow::partitionKey).thenComparing(TableRow::rowKey));
    }
    return rows;
  }

  /** Every row of one partition in RowKey order. */
  public static List<TableRow> partition(TableBackend backend, String table, String partitionKey) {
    return all(backend, table).stream()
        .filter(row -> row.partitionKey().equals(partitionKey))
        .collect(Collectors.toList());
  }

  /** The RowKeys of one partition, in order. */
  public static List<String> rowKeys(TableBackend backend, String table, String partitionKey) {
    return partition(backend, table, partitionKey).stream().map(TableRow::rowKey).collect(Collectors.toList());
  }

  /** The row with these keys, or null. */
  public static TableRow get(TableBackend backend, String table, String partitionKey, String rowKey) {
    return backend.get(table, partitionKey, rowKey).orElse(null);
  }
}
