package io.tablemapper.internal.mapping;

import io.tablemapper.internal.key.KeySpec;
import io.tablemapper.spi.TableRow;
import java.time.Instant;

/**
 * The straight-line code of one entity class mapped at run time, without generated source: the runtime generates
 * (with Byte Buddy) one subclass per entity mapping whose methods do, statement for statement, what the processor's
 * generated {@code Employee__Mapping} and {@code Employee_} do — each property read or written directly through its
 * getter, setter, field or record component, converted through the same {@link Values} helpers, keys appended
 * through the same {@link KeySpec.Part}s and {@code KeyCodec} calls, each key decoded once. No per-property lambda,
 * handle or switch runs per row.
 *
 * <p>What the generated code needs beyond constants is here: the key specs and their parts, the time check of the
 * mapping ({@link #dateTime}) and a {@link Fallback} for the rare properties whose reading is not written out
 * (declared defaults for older rows, JSON values), which reads them as the run-time mapping always has.
 *
 * @param <T> the entity class
 */
public abstract class RowCode<T> {
  /** The PartitionKey's spec, whose {@link KeySpec#finish} and {@link KeySpec#decode} the generated code calls. */
  protected final KeySpec partitionKeySpec;
  /** The RowKey's spec. */
  protected final KeySpec rowKeySpec;
  /** The PartitionKey's parts, in placeholder order. */
  protected final KeySpec.Part[] partitionKeyParts;
  /** The RowKey's parts, in placeholder order. */
  protected final KeySpec.Part[] rowKeyParts;
  private final EntityMapping<T> mapping;
  private final Fallback fallback;

  /**
   * Reads and writes, for the generated code, the properties whose code it does not spell out: a property with a
   * declared default (given to rows of older versions that lack it) and a JSON property.
   */
  public interface Fallback {
    /**
     * The value of a property read from a row, boxed.
     *
     * @param property the property's index among the entity's properties
     * @param row the row, upgraded when the class has an {@code @Upgrade} method
     * @param context the mapper's context
     * @return the value, boxed when primitive
     */
    Object read(int property, TableRow row, MappingContext context);

    /**
     * The JSON text of a property's value.
     *
     * @param property the property's index among the entity's properties
     * @param value the value, possibly null
     * @param context the mapper's context
     * @return the stored text
     */
    String json(int property, Object value, MappingContext context);
  }

  /**
   * The code of a mapping.
   *
   * @param mapping the entity's mapping (its key specs and time rules)
   * @param fallback reads and writes what the generated code does not spell out
   */
  protected RowCode(EntityMapping<T> mapping, Fallback fallback) {
    this.mapping = mapping;
    this.fallback = fallback;
    this.partitionKeySpec = mapping.partitionKeySpec();
    this.rowKeySpec = mapping.rowKeySpec();
    this.partitionKeyParts = partitionKeySpec.parts().toArray(new KeySpec.Part[0]);
    this.rowKeyParts = rowKeySpec == null ? new KeySpec.Part[0] : rowKeySpec.parts().toArray(new KeySpec.Part[0]);
  }

  /**
   * The entity's PartitionKey, composed straight-line.
   *
   * @param entity the entity
   * @return the key
   */
  public abstract String partitionKey(T entity);

  /**
   * The entity's RowKey, composed straight-line.
   *
   * @param entity the entity
   * @return the key
   */
  public abstract String rowKey(T entity);

  /**
   * Puts every stored property of the entity into a row, in the order of the properties.
   *
   * @param entity the entity
   * @param row the row being built
   * @param context the mapper's context
   */
  public abstract void write(T entity, TableRow.Builder row, MappingContext context);

  /**
   * The entity a row holds (upgraded before, when the class has an {@code @Upgrade} method).
   *
   * @param row the row
   * @param context the mapper's context
   * @return a new instance
   */
  public abstract T read(TableRow row, MappingContext context);

  /**
   * The store value of a time property, checked as the generated {@code toRow} checks it (see
   * {@link EntityMapping#dateTime}).
   *
   * @param value the instant
   * @param property the property's Java name
   * @param context the mapper's context
   * @return the value to store
   */
  protected final Instant dateTime(Instant value, String property, MappingContext context) {
    return mapping.dateTime(value, property, context);
  }

  /**
   * Property {@code property}'s value, read by the {@link Fallback}.
   *
   * @param property the property's index among the entity's properties
   * @param row the row
   * @param context the mapper's context
   * @return the value, boxed when primitive
   */
  protected final Object fallback(int property, TableRow row, MappingContext context) {
    return fallback.read(property, row, context);
  }

  /**
   * Property {@code property}'s JSON text, written by the {@link Fallback}.
   *
   * @param property the property's index among the entity's properties
   * @param value the value
   * @param context the mapper's context
   * @return the text
   */
  protected final String json(int property, Object value, MappingContext context) {
    return fallback.json(property, value, context);
  }
}
