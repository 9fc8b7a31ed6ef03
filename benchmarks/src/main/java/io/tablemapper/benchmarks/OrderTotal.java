package io.tablemapper.benchmarks;

/**
 * A projection of an {@link Order}: three of its ten properties, read alone ({@code $select} on Azure).
 *
 * @param customerId the customer
 * @param orderId the order
 * @param amount its amount
 */
public record OrderTotal(long customerId, int orderId, double amount) {}
