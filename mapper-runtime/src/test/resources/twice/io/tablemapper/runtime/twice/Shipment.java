package io.tablemapper.runtime.twice;

import io.tablemapper.annotations.DefaultValue;
import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.Index;
import io.tablemapper.annotations.Json;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.Property;
import io.tablemapper.annotations.RowKey;
import io.tablemapper.annotations.Timestamp;
import io.tablemapper.annotations.Transient;
import io.tablemapper.annotations.Upgrade;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** A record with a property of every stored type, compiled by the tests with and without the processor. */
@Entity(table = "Shipments", version = 2)
@PartitionKey("{carrier}_{region}")
@RowKey("ship_{number:010}_{day}")
@Index(name = "byTracking", rowKey = "track_{tracking}", properties = {"tracking", "weight"})
public record Shipment(
    Carrier carrier,
    String region,
    long number,
    LocalDate day,
    UUID tracking,
    @Property("Wt") double weight,
    Double declared,
    float ratio,
    Float discount,
    int pieces,
    Integer boxes,
    short lane,
    Short dock,
    byte priority,
    Byte urgency,
    boolean fragile,
    Boolean insured,
    char grade,
    Character mark,
    byte[] label,
    Instant sent,
    OffsetDateTime promised,
    LocalDateTime packed,
    BigDecimal price,
    BigInteger serial,
    Status status,
    @Json List<String> notes,
    @Json Map<String, Integer> counts,
    @DefaultValue("EUR") String currency,
    @DefaultValue("7") int handlingDays,
    @Transient String scratch,
    @ETag String etag,
    @Timestamp OffsetDateTime stored) {

  /** Carriers. */
  public enum Carrier { POST, EXPRESS }

  /** Where a shipment is. */
  public enum Status { PACKED, ON_THE_WAY, DELIVERED }

  /** Version 1 stored the notes as one text; version 2 stores a JSON list. */
  @Upgrade
  static void upgrade(int fromVersion, Map<String, Object> row) {
    Object note = row.remove("note");
    if (note != null) {
      row.put("notes", "[\"" + note + "\"]");
    }
  }
}
