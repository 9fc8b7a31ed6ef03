package io.tablemapper.runtime.twice.fleet;

import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.RowKey;

/** Keyed {@code CAR_<plate>}. */
@Entity
@RowKey("CAR_{plate}")
public class Car extends Vehicle {
  public boolean electric;
}
