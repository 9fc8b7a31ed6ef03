package io.tablemapper.runtime.store;

import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import java.util.Comparator;
import java.util.List;

/**
 * The key order of rows read whole from a store that keeps none ({@code StoreProfile#ordered()} false, as the
 * Cosmos DB Table API): reads that return every row of a range at once (a partition's entities, a dynamic query)
 * sort them in the client, so that they come in (PartitionKey, RowKey) order on every store.
 */
public final class StoreOrder {
  /** (PartitionKey, RowKey), as UTF-16 code units: the order of Azure Table Storage. */
  public static final Comparator<TableRow> KEY_ORDER =
      Comparator.comparing(TableRow::partitionKey).thenComparing(TableRow::rowKey);

  private StoreOrder() {}

  /** Sorts the rows (a mutable list) by their keys unless the store returned them in that order already. */
  public static void inKeyOrder(TableBackend backend, List<TableRow> rows) {
    if (!backend.profile().ordered()) {
      rows.sort(KEY_ORDER);
    }
  }
}
