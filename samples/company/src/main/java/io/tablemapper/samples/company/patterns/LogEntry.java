package io.tablemapper.samples.company.patterns;

import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;
import java.time.Instant;

/**
 * One log message, in the table of its day ({@code Logs20260305}): partitioned by the service that logged it, so
 * that writes spread over partitions (the guide's log-data anti-pattern warns against a partition per moment), and
 * in time order within it.
 *
 * @param service the service that logged it
 * @param at when
 * @param sequence its number among the service's messages of that instant
 * @param level ERROR, WARN, INFO
 * @param message the text
 */
@Entity(table = "Logs{at:day}")
@PartitionKey("{service}")
@RowKey("log_{at}_{sequence:04}")
public record LogEntry(String service, Instant at, int sequence, String level, String message) {}
