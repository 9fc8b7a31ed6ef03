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
 * <p>What the generated code needs beyond constants is here: the key specs and their parts (the entity's keys and
 * its index copies' keys), the time check of the mapping ({@link #dateTime}), whether a row is of an older version
 * ({@link #olderVersion}), and the constants the processor declares as static fields of its mapping: each
 * property's {@code @DefaultValue} of a type the bytecode cannot hold as a constant ({@link #defaults}) and each
 * {@code @Json} property's {@link JsonType} ({@link #jsonTypes}). Nothing is left to a boxed fallback: every property
 * of a concrete class, its keys and its index copies' keys are spelled out; only an abstract class has no code
 * (it has no rows and no indexes of its own, and its subtypes' mappings read and write its objects).
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
  /** The specs of the index copies' keys {@link #indexKey} composes, by their number. */
  protected final KeySpec[] indexKeySpecs;
  /** Their parts, in placeholder order. */
  protected final KeySpec.Part[][] indexKeyParts;
  /**
   * The default for rows of older versions of each property that has one and whose type has no constant in the
   * bytecode (a boxed number, a time, a UUID, an enum, a BigDecimal, bytes), by the property's index; else null.
   */
  protected final Object[] defaults;
  /** The {@link JsonType} of each {@code @Json} property, by the property's index; else null. */
  protected final JsonType<?>[] jsonTypes;
  private final EntityMapping<T> mapping;

  /**
   * The code of a mapping.
   *
   * @param mapping the entity's mapping (its key specs, version and time rules)
   * @param indexKeySpecs the specs of the index copies' keys, numbered as {@link #indexKey} numbers them
   * @param defaults see {@link #defaults}
   * @param jsonTypes see {@link #jsonTypes}
   */
  protected RowCode(EntityMapping<T> mapping, KeySpec[] indexKeySpecs, Object[] defaults, JsonType<?>[] jsonTypes) {
    this.mapping = mapping;
    this.partitionKeySpec = mapping.partitionKeySpec();
    this.rowKeySpec = mapping.rowKeySpec();
    this.partitionKeyParts = partitionKeySpec.parts().toArray(new KeySpec.Part[0]);
    this.rowKeyParts = rowKeySpec == null ? new KeySpec.Part[0] : rowKeySpec.parts().toArray(new KeySpec.Part[0]);
    this.indexKeySpecs = indexKeySpecs.clone();
    this.indexKeyParts = new KeySpec.Part[indexKeySpecs.length][];
    for (int i = 0; i < indexKeySpecs.length; i++) {
      indexKeyParts[i] = indexKeySpecs[i].parts().toArray(new KeySpec.Part[0]);
    }
    this.defaults = defaults.clone();
    this.jsonTypes = jsonTypes.clone();
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
   * A key of the entity's copy in an index (its RowKey, or a remote copy's PartitionKey), composed straight-line as
   * the processor's {@code emailRowKey(entity)} composes it: null, when one of the key's properties is null (a
   * sparse index, where such an entity has no copy), else the key.
   *
   * @param key the number of the key among {@link #indexKeySpecs}
   * @param entity the entity
   * @return the key, or null
   */
  public abstract String indexKey(int key, T entity);

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
   * Whether a row was written by an older version of the class, as the generated {@code fromRow} asks before giving
   * a property the row lacks its default (see {@link EntityMapping#olderVersion}).
   *
   * @param row the row
   * @return whether it is older
   */
  protected final boolean olderVersion(TableRow row) {
    return mapping.olderVersion(row);
  }

  /**
   * The error of an index key number the generated {@link #indexKey} does not know (a programming error).
   *
   * @param key the number
   * @return the error to throw
   */
  protected final IllegalArgumentException noIndexKey(int key) {
    return new IllegalArgumentException(mapping.entityClass().getSimpleName() + " has no index key " + key
        + " (it has " + indexKeySpecs.length + ")");
  }
}
