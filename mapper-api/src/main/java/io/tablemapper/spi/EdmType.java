package io.tablemapper.spi;

import java.time.Instant;
import java.util.UUID;

/**
 * The store's property types and the Java class that carries each across the SPI.
 *
 * <p>A {@link TableRow} holds only values of these classes: {@code String}, {@code byte[]}, {@code Boolean},
 * {@code Instant} (DateTime), {@code Double}, {@code UUID} (Guid), {@code Integer} (Int32), {@code Long} (Int64).
 */
public enum EdmType {
  STRING("Edm.String", String.class),
  BINARY("Edm.Binary", byte[].class),
  BOOLEAN("Edm.Boolean", Boolean.class),
  DATE_TIME("Edm.DateTime", Instant.class),
  DOUBLE("Edm.Double", Double.class),
  GUID("Edm.Guid", UUID.class),
  INT32("Edm.Int32", Integer.class),
  INT64("Edm.Int64", Long.class);

  private final String odataName;
  private final Class<?> javaClass;

  EdmType(String odataName, Class<?> javaClass) {
    this.odataName = odataName;
    this.javaClass = javaClass;
  }

  /** The OData name, for example {@code Edm.Int64}. */
  public String odataName() {
    return odataName;
  }

  /** The Java class that carries values of this type. */
  public Class<?> javaClass() {
    return javaClass;
  }

  /**
   * The type of a value.
   *
   * @throws IllegalArgumentException if the value's class is none of the eight carrier classes
   */
  public static EdmType of(Object value) {
    if (value instanceof String) {
      return STRING;
    } else if (value instanceof Integer) {
      return INT32;
    } else if (value instanceof Long) {
      return INT64;
    } else if (value instanceof Boolean) {
      return BOOLEAN;
    } else if (value instanceof Double) {
      return DOUBLE;
    } else if (value instanceof Instant) {
      return DATE_TIME;
    } else if (value instanceof UUID) {
      return GUID;
    } else if (value instanceof byte[]) {
      return BINARY;
    }
    throw new IllegalArgumentException(
        "not a store value: "
            + (value == null ? "null" : value.getClass().getName())
            + " (a property holds String, byte[], Boolean, Instant, Double, UUID, Integer or Long)");
  }

  @Override
  public String toString() {
    return odataName;
  }
}
