package io.tablemapper.samples.company;

import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * An expense claim, keyed newest-first by its submission time (the guide's log tail pattern), so the latest
 * claims are the first rows of the employee's range.
 */
@Entity(table = "Company", type = "ExpenseClaim")
@PartitionKey("{department}")
@RowKey("expense_{employeeId:06}_{submitted:desc}")
public record ExpenseClaim(
    String department, int employeeId, Instant submitted, BigDecimal amount, String description) {}
