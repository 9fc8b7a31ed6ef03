package io.tablemapper.runtime.twice.zoo;

import io.tablemapper.annotations.DefaultValue;
import io.tablemapper.annotations.Entity;

/** A subtype of version 2, whose new property has a default for version 1 rows; its names as declared. */
@Entity(type = "Dog", version = 2)
public class Dog extends Animal {
  String breed;
  @DefaultValue("true") boolean friendly;
}
