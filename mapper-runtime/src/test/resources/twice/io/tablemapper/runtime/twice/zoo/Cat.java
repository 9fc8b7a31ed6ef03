package io.tablemapper.runtime.twice.zoo;

import io.tablemapper.annotations.Entity;

/** A concrete subtype with a subtype of its own. */
@Entity(type = "Cat")
public class Cat extends Animal {
  int lives;
}
