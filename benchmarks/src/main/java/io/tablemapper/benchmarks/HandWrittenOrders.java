package io.tablemapper.benchmarks;

import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableRow;
import java.time.Instant;

/**
 * The baseline: what a careful engineer writes by hand for {@link Order} — the same keys (checked against the
 * store's forbidden characters, zero-padded, range-checked), the same row, no framework in between.
 */
final class HandWrittenOrders {
  private static final OrderStatus[] STATUSES = OrderStatus.values();

  private HandWrittenOrders() {}

  static String partitionKey(String region) {
    return checked(region);
  }

  static String rowKey(long customerId, int orderId) {
    StringBuilder key = new StringBuilder(30).append("cust_");
    padded(key, customerId, 10);
    key.append("_order_");
    padded(key, orderId, 8);
    return key.toString();
  }

  static TableRow toRow(Order order) {
    return TableRow.builder(partitionKey(order.getRegion()), rowKey(order.getCustomerId(), order.getOrderId()), 11)
        .putString(EntityMapping.TYPE_PROPERTY, "Order")
        .putString("region", order.getRegion())
        .putInt64("customerId", order.getCustomerId())
        .putInt32("orderId", order.getOrderId())
        .putDateTime("placedAt", order.getPlacedAt())
        .putString("status", order.getStatus() == null ? null : order.getStatus().name())
        .putDouble("amount", order.getAmount())
        .putString("currency", order.getCurrency())
        .putInt32("quantity", order.getQuantity())
        .putBoolean("express", order.isExpress())
        .putString("note", order.getNote())
        .build();
  }

  static Order fromRow(TableRow row) {
    Order order = new Order();
    order.setRegion(row.getString("region"));
    order.setCustomerId(row.getInt64("customerId", 0L));
    order.setOrderId(row.getInt32("orderId", 0));
    order.setPlacedAt(row.getDateTime("placedAt"));
    String status = row.getString("status");
    order.setStatus(status == null ? null : status(status));
    order.setAmount(row.getDouble("amount", 0d));
    order.setCurrency(row.getString("currency"));
    order.setQuantity(row.getInt32("quantity", 0));
    order.setExpress(row.getBoolean("express", false));
    order.setNote(row.getString("note"));
    order.setEtag(row.etag());
    return order;
  }

  /** The two index copies' RowKeys, as an engineer keeping them by hand would compose them. */
  static String statusIndexRowKey(OrderStatus status, long customerId, int orderId) {
    StringBuilder key = new StringBuilder(48).append("status_").append(status.name()).append('_');
    padded(key, customerId, 10);
    key.append('_');
    padded(key, orderId, 8);
    return key.toString();
  }

  static String placedIndexRowKey(Instant placedAt, long customerId, int orderId) {
    // descending: the complement of the epoch second, fixed width (what {placedAt:desc} stands for, by hand)
    StringBuilder key = new StringBuilder(40).append("placed_");
    padded(key, 99_999_999_999L - placedAt.getEpochSecond(), 11);
    key.append('_');
    padded(key, customerId, 10);
    key.append('_');
    padded(key, orderId, 8);
    return key.toString();
  }

  private static OrderStatus status(String name) {
    for (OrderStatus status : STATUSES) {
      if (status.name().equals(name)) {
        return status;
      }
    }
    throw new IllegalArgumentException("no OrderStatus " + name);
  }

  private static String checked(String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '/' || c == '\\' || c == '#' || c == '?' || c < 0x20 || c >= 0x7f && c <= 0x9f) {
        throw new InvalidKeyException("PartitionKey of Order: '" + value + "' holds a forbidden character");
      }
    }
    return value;
  }

  private static void padded(StringBuilder key, long value, int width) {
    if (value < 0 || width < 19 && value >= POWERS[width]) {
      throw new InvalidKeyException("Order: " + value + " does not fit " + width + " digits");
    }
    int start = key.length();
    for (int i = 0; i < width; i++) {
      key.append('0');
    }
    for (int at = start + width - 1; value > 0; at--) {
      key.setCharAt(at, (char) ('0' + value % 10));
      value /= 10;
    }
  }

  private static final long[] POWERS = new long[19];

  static {
    long power = 1;
    for (int i = 0; i < POWERS.length; i++) {
      POWERS[i] = power;
      power *= 10;
    }
  }
}
