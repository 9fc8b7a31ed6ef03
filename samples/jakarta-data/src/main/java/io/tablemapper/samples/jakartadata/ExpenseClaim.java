package io.tablemapper.samples.jakartadata;

import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;

/**
 * An expense claim, in its employee's partition.
 *
 * @param employeeId the PartitionKey
 * @param claimId the RowKey, zero-padded
 * @param description what it was for
 * @param amountCents how much, in cents
 */
@Entity(table = "Claims")
@PartitionKey("emp_{employeeId:08}")
@RowKey("claim_{claimId:06}")
public record ExpenseClaim(int employeeId, int claimId, String description, long amountCents) {}
