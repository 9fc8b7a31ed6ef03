package io.tablemapper.runtime.twice;

import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.Naming;
import io.tablemapper.annotations.NamingStrategy;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.Property;
import io.tablemapper.annotations.RowKey;
import io.tablemapper.annotations.Timestamp;
import io.tablemapper.annotations.Transient;
import java.time.Instant;
import java.util.UUID;

/**
 * A JavaBean read and written every way the processor allows: getters and setters (a fluent setter among them),
 * an is-getter, package-private fields without accessors, and a field with only a getter plus a field setter.
 */
@Entity(table = "Parcels")
@Naming(NamingStrategy.PASCAL_CASE)
@PartitionKey("{depot}")
@RowKey("parcel_{id}")
public class Parcel {
  private String depot;
  private UUID id;
  private boolean heavy;
  int weightGrams;
  Long volume;
  private String owner;
  @Property("Dest") String destination;
  @Transient transient int reads;
  @Transient String note;
  @ETag private String version;
  @Timestamp Instant written;

  public Parcel() {}

  public String getDepot() {
    return depot;
  }

  public void setDepot(String depot) {
    this.depot = depot;
  }

  public UUID getId() {
    return id;
  }

  public Parcel setId(UUID id) {
    this.id = id;
    return this;
  }

  public boolean isHeavy() {
    return heavy;
  }

  public void setHeavy(boolean heavy) {
    this.heavy = heavy;
  }

  String getOwner() {
    return owner;
  }

  void setOwner(String owner) {
    this.owner = owner;
  }

  public String getVersion() {
    return version;
  }

  public void setVersion(String version) {
    this.version = version;
  }
}
