package io.tablemapper.benchmarks;

import io.tablemapper.api.Batch;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableRow;
import java.util.concurrent.ConcurrentSkipListMap;

/** Loads the repository benchmarks' orders through the mapper, or as rows into a raw sorted map. */
final class OrderFixtures {
  static final String REGION = "emea";

  private OrderFixtures() {}

  /** {@code customers} × {@code ordersEach} orders of region {@link #REGION}, each with its two index copies. */
  static void load(TableMapper mapper, int customers, int ordersEach) {
    Batch batch = mapper.batch("Orders", REGION);
    for (int customer = 0; customer < customers; customer++) {
      for (int order = 0; order < ordersEach; order++) {
        batch.insert(Order.sample(REGION, customer, order));
        if (batch.size() == 33) { // 33 orders and their 66 copies: 99 operations of at most 100
          batch.commit();
          batch = mapper.batch("Orders", REGION);
        }
      }
    }
    if (batch.size() > 0) {
      batch.commit();
    }
  }

  /** The same orders as rows of one partition in a sorted map (RowKey → row), the copies beside them. */
  static ConcurrentSkipListMap<String, TableRow> rawPartition(int customers, int ordersEach) {
    ConcurrentSkipListMap<String, TableRow> rows = new ConcurrentSkipListMap<>();
    for (int customer = 0; customer < customers; customer++) {
      for (int order = 0; order < ordersEach; order++) {
        putWithCopies(rows, Order.sample(REGION, customer, order));
      }
    }
    return rows;
  }

  /** An insert by hand into the raw map: the entity's row and its two index copies. */
  static void putWithCopies(ConcurrentSkipListMap<String, TableRow> rows, Order order) {
    TableRow row = HandWrittenOrders.toRow(order);
    rows.put(row.rowKey(), row);
    String status = HandWrittenOrders.statusIndexRowKey(order.getStatus(), order.getCustomerId(), order.getOrderId());
    rows.put(status, copy(row, "status", status));
    String placed =
        HandWrittenOrders.placedIndexRowKey(order.getPlacedAt(), order.getCustomerId(), order.getOrderId());
    rows.put(placed, copy(row, "placed", placed));
  }

  private static TableRow copy(TableRow row, String index, String rowKey) {
    return TableRow.builder(row.partitionKey(), rowKey, row.properties().size() + 1)
        .putAll(row.properties())
        .putString(EntityMapping.TYPE_PROPERTY, "Order" + EntityMapping.INDEX_TYPE_SEPARATOR + index)
        .putString(EntityMapping.PRIMARY_ROW_KEY_PROPERTY, row.rowKey())
        .build();
  }
}
