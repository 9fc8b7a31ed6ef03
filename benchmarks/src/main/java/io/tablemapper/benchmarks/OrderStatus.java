package io.tablemapper.benchmarks;

/** Where an {@link Order} is. */
public enum OrderStatus {
  PLACED,
  PAID,
  SHIPPED,
  DELIVERED
}
