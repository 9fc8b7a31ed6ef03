package io.tablemapper.benchmarks;

import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.Index;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;
import java.time.Instant;

/**
 * The benchmarks' entity: a JavaBean of ten stored properties (strings, numbers, an instant, an enum, a boolean)
 * under composed, zero-padded keys, with two intra-partition index copies.
 */
@Entity(table = "Orders")
@PartitionKey("{region}")
@RowKey("cust_{customerId:010}_order_{orderId:08}")
@Index(name = "status", rowKey = "status_{status}_{customerId:010}_{orderId:08}")
@Index(name = "placed", rowKey = "placed_{placedAt:desc}_{customerId:010}_{orderId:08}")
// The benchmarks' customer ids stay below 10^10, as the hand-written baseline's fixed-width keys assume.
@SuppressWarnings("tablemapper:KeyWidth")
public class Order {
  private String region;
  private long customerId;
  private int orderId;
  private Instant placedAt;
  private OrderStatus status;
  private double amount;
  private String currency;
  private int quantity;
  private boolean express;
  private String note;
  @ETag private String etag;

  public Order() {}

  public String getRegion() {
    return region;
  }

  public void setRegion(String region) {
    this.region = region;
  }

  public long getCustomerId() {
    return customerId;
  }

  public void setCustomerId(long customerId) {
    this.customerId = customerId;
  }

  public int getOrderId() {
    return orderId;
  }

  public void setOrderId(int orderId) {
    this.orderId = orderId;
  }

  public Instant getPlacedAt() {
    return placedAt;
  }

  public void setPlacedAt(Instant placedAt) {
    this.placedAt = placedAt;
  }

  public OrderStatus getStatus() {
    return status;
  }

  public void setStatus(OrderStatus status) {
    this.status = status;
  }

  public double getAmount() {
    return amount;
  }

  public void setAmount(double amount) {
    this.amount = amount;
  }

  public String getCurrency() {
    return currency;
  }

  public void setCurrency(String currency) {
    this.currency = currency;
  }

  public int getQuantity() {
    return quantity;
  }

  public void setQuantity(int quantity) {
    this.quantity = quantity;
  }

  public boolean isExpress() {
    return express;
  }

  public void setExpress(boolean express) {
    this.express = express;
  }

  public String getNote() {
    return note;
  }

  public void setNote(String note) {
    this.note = note;
  }

  public String getEtag() {
    return etag;
  }

  public void setEtag(String etag) {
    this.etag = etag;
  }

  /** A sample order: customer {@code customer}'s order {@code orderId} in {@code region}. */
  public static Order sample(String region, long customer, int orderId) {
    Order order = new Order();
    order.setRegion(region);
    order.setCustomerId(customer);
    order.setOrderId(orderId);
    order.setPlacedAt(Instant.ofEpochSecond(1_700_000_000L + orderId * 60L));
    order.setStatus(OrderStatus.values()[orderId % OrderStatus.values().length]);
    order.setAmount(19.99 + orderId % 100);
    order.setCurrency("EUR");
    order.setQuantity(1 + orderId % 7);
    order.setExpress(orderId % 3 == 0);
    order.setNote("leave at the door, order " + orderId);
    return order;
  }
}
