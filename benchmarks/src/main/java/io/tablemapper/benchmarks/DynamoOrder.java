package io.tablemapper.benchmarks;

import java.time.Instant;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbBean;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbPartitionKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSortKey;

/**
 * {@link Order}'s twin for the DynamoDB enhanced client's {@code BeanTableSchema}: the same ten properties, keyed
 * by DynamoDB's own partition and sort keys (which it does not compose or pad).
 */
@DynamoDbBean
public class DynamoOrder {
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

  public DynamoOrder() {}

  @DynamoDbPartitionKey
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

  @DynamoDbSortKey
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

  static DynamoOrder of(Order order) {
    DynamoOrder twin = new DynamoOrder();
    twin.setRegion(order.getRegion());
    twin.setCustomerId(order.getCustomerId());
    twin.setOrderId(order.getOrderId());
    twin.setPlacedAt(order.getPlacedAt());
    twin.setStatus(order.getStatus());
    twin.setAmount(order.getAmount());
    twin.setCurrency(order.getCurrency());
    twin.setQuantity(order.getQuantity());
    twin.setExpress(order.isExpress());
    twin.setNote(order.getNote());
    return twin;
  }
}
