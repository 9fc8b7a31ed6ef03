package io.tablemapper.runtime.twice.fleet;

import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.PartitionKey;

/** The abstract root of a hierarchy whose subtypes key their rows themselves, each with its type's prefix. */
@Entity(table = "Fleet")
@PartitionKey("{depot}")
public abstract class Vehicle {
  public String depot;
  public String plate;
  public int seats;
}
