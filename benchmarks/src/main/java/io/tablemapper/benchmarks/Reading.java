package io.tablemapper.benchmarks;

import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;
import java.time.Instant;

/** The scale benchmark's entity: a meter reading, one partition per meter, no index copies. */
@Entity(table = "Readings")
@PartitionKey("{meter}")
@RowKey("{sequence:012}")
// The benchmarks' sequence numbers stay below 10^12, as the raw JDBC baseline's fixed-width keys assume.
@SuppressWarnings("tablemapper:KeyWidth")
public record Reading(String meter, long sequence, Instant takenAt, double value, String unit) {

  static Reading sample(String meter, long sequence) {
    return new Reading(meter, sequence, Instant.ofEpochSecond(1_700_000_000L + sequence), sequence * 0.25, "kWh");
  }
}
