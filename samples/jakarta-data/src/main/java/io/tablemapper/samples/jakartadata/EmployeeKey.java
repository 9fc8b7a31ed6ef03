package io.tablemapper.samples.jakartadata;

/**
 * The key {@code K} of {@link Staff}: the properties of an {@link Employee}'s PartitionKey and RowKey.
 *
 * @param department the PartitionKey's
 * @param employeeId the RowKey's
 */
public record EmployeeKey(String department, int employeeId) {}
