package io.tablemapper.runtime.twice.zoo;

import io.tablemapper.annotations.Entity;

/** A subtype of a subtype. */
@Entity(type = "Kitten")
public class Kitten extends Cat {
  int ageWeeks;
}
