package io.tablemapper.benchmarks;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The H2 baseline: {@link Order}s in a plain SQL table with a column per property, keyed by the same composed
 * keys, read and written with prepared statements by hand; an insert writes the order and its two index rows in
 * one transaction.
 */
final class RawJdbcOrders implements AutoCloseable {
  private static final AtomicInteger DATABASES = new AtomicInteger();
  private static final String COLUMNS =
      "region, customer_id, order_id, placed_at, status, amount, currency, quantity, express, note";

  private final Connection connection;
  private final PreparedStatement point;
  private final PreparedStatement range;
  private final PreparedStatement insert;

  RawJdbcOrders() {
    try {
      connection = DriverManager.getConnection("jdbc:h2:mem:rawjdbc" + DATABASES.incrementAndGet());
      try (Statement ddl = connection.createStatement()) {
        ddl.execute("CREATE TABLE orders (pk VARCHAR(1024) NOT NULL, rk VARCHAR(1024) NOT NULL,"
            + " entity_type VARCHAR(64) NOT NULL, region VARCHAR(255), customer_id BIGINT, order_id INT,"
            + " placed_at TIMESTAMP WITH TIME ZONE, status VARCHAR(16), amount DOUBLE PRECISION,"
            + " currency VARCHAR(3), quantity INT, express BOOLEAN, note VARCHAR(4096), PRIMARY KEY (pk, rk))");
      }
      point = connection.prepareStatement("SELECT " + COLUMNS + " FROM orders WHERE pk = ? AND rk = ?");
      range = connection.prepareStatement(
          "SELECT " + COLUMNS + " FROM orders WHERE pk = ? AND rk >= ? AND rk <= ? ORDER BY rk");
      insert = connection.prepareStatement("INSERT INTO orders (pk, rk, entity_type, " + COLUMNS
          + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    } catch (SQLException e) {
      throw new IllegalStateException("cannot set up the raw JDBC baseline: " + e.getMessage(), e);
    }
  }

  Order get(String region, long customerId, int orderId) throws SQLException {
    point.setString(1, HandWrittenOrders.partitionKey(region));
    point.setString(2, HandWrittenOrders.rowKey(customerId, orderId));
    try (ResultSet rows = point.executeQuery()) {
      return rows.next() ? read(rows) : null;
    }
  }

  List<Order> range(String region, long customerId, int from, int to) throws SQLException {
    range.setString(1, HandWrittenOrders.partitionKey(region));
    range.setString(2, HandWrittenOrders.rowKey(customerId, from));
    range.setString(3, HandWrittenOrders.rowKey(customerId, to));
    List<Order> found = new ArrayList<>();
    try (ResultSet rows = range.executeQuery()) {
      while (rows.next()) {
        found.add(read(rows));
      }
    }
    return found;
  }

  void insertWithCopies(Order order) throws SQLException {
    connection.setAutoCommit(false);
    try {
      String pk = HandWrittenOrders.partitionKey(order.getRegion());
      insertRow(pk, HandWrittenOrders.rowKey(order.getCustomerId(), order.getOrderId()), "Order", order);
      long customer = order.getCustomerId();
      insertRow(pk, HandWrittenOrders.statusIndexRowKey(order.getStatus(), customer, order.getOrderId()),
          "Order#status", order);
      insertRow(pk, HandWrittenOrders.placedIndexRowKey(order.getPlacedAt(), customer, order.getOrderId()),
          "Order#placed", order);
      connection.commit();
    } catch (SQLException e) {
      connection.rollback();
      throw e;
    } finally {
      connection.setAutoCommit(true);
    }
  }

  private void insertRow(String pk, String rk, String type, Order order) throws SQLException {
    insert.setString(1, pk);
    insert.setString(2, rk);
    insert.setString(3, type);
    insert.setString(4, order.getRegion());
    insert.setLong(5, order.getCustomerId());
    insert.setInt(6, order.getOrderId());
    insert.setTimestamp(7, Timestamp.from(order.getPlacedAt()));
    insert.setString(8, order.getStatus().name());
    insert.setDouble(9, order.getAmount());
    insert.setString(10, order.getCurrency());
    insert.setInt(11, order.getQuantity());
    insert.setBoolean(12, order.isExpress());
    insert.setString(13, order.getNote());
    insert.executeUpdate();
  }

  private static Order read(ResultSet rows) throws SQLException {
    Order order = new Order();
    order.setRegion(rows.getString(1));
    order.setCustomerId(rows.getLong(2));
    order.setOrderId(rows.getInt(3));
    order.setPlacedAt(rows.getTimestamp(4).toInstant());
    order.setStatus(OrderStatus.valueOf(rows.getString(5)));
    order.setAmount(rows.getDouble(6));
    order.setCurrency(rows.getString(7));
    order.setQuantity(rows.getInt(8));
    order.setExpress(rows.getBoolean(9));
    order.setNote(rows.getString(10));
    return order;
  }

  @Override
  public void close() {
    try {
      connection.close();
    } catch (SQLException e) {
      throw new IllegalStateException("cannot close the raw JDBC baseline: " + e.getMessage(), e);
    }
  }
}
