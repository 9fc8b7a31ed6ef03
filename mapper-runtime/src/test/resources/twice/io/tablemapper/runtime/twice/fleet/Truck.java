package io.tablemapper.runtime.twice.fleet;

import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.RowKey;

/** Keyed {@code TRUCK_<plate>}. */
@Entity
@RowKey("TRUCK_{plate}")
public class Truck extends Vehicle {
  public long payloadKg;
}
