package io.tablemapper.api;

import io.tablemapper.spi.EdmType;
import io.tablemapper.spi.TableRow;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * Any row as a typed property bag, without a class: the keys, the ETag and Timestamp the store assigned, and
 * properties of the store's types (String, Binary, Boolean, DateTime, Double, Guid, Int32, Int64), like .NET's
 * {@code DynamicTableEntity}. Read and written through {@link TableMapper#dynamic(String)}, added to a
 * {@link Batch} like any entity, and returned by partition reads for rows of unknown types under
 * {@link UnknownTypePolicy#DYNAMIC}.
 *
 * <pre>{@code
 * DynamicEntity row = DynamicEntity.builder("Sales", "EMPLOYEE_000123")
 *     .putString("EntityType", "Employee").putString("FirstName", "Ken").putInt32("Age", 23).build();
 * DynamicEntity stored = mapper.dynamic("Company").insert(row);
 * int age = stored.getInt32("Age");
 * }</pre>
 *
 * <p>An entity knows which property holds its type ({@link #entityType()}): one read through a mapper holds it
 * where that mapper's tables do ({@code EntityType}, or the name given to {@link TableMapper.Builder#discriminator});
 * one built with {@link #builder} names its type in {@code EntityType}. Written through a mapper that stores types
 * under another name, the entity's type is stored under that name.
 *
 * <p>Immutable; {@link #toBuilder()} derives a changed copy. Binary values are copied in and out. A typed getter
 * of a property stored as another type throws {@link InvalidEntityException} naming the property, the keys and
 * both types.
 */
public final class DynamicEntity {
  private final TableRow row; // read by io.tablemapper.internal.mapping.DynamicRows
  private final String discriminator; // read by io.tablemapper.internal.mapping.DynamicRows

  // called by io.tablemapper.internal.mapping.DynamicRows
  private DynamicEntity(TableRow row, String discriminator) {
    this.row = row;
    this.discriminator = discriminator;
  }

  /** Starts an entity with these keys, whose type, if it has one, is its {@code EntityType} property. */
  public static Builder builder(String partitionKey, String rowKey) {
    return new Builder(TableRow.builder(
        Objects.requireNonNull(partitionKey, "partitionKey"), Objects.requireNonNull(rowKey, "rowKey")),
        TableMapper.DEFAULT_DISCRIMINATOR);
  }

  /** The PartitionKey. */
  public String partitionKey() {
    return row.partitionKey();
  }

  /** The RowKey. */
  public String rowKey() {
    return row.rowKey();
  }

  /** The ETag the store assigned, or null for an entity not read or written yet. */
  public String etag() {
    return row.etag();
  }

  /** The Timestamp the store assigned, or null for an entity not read or written yet. */
  public Instant timestamp() {
    return row.timestamp();
  }

  /**
   * The entity's type: the String property that holds it — {@code EntityType}, or, for an entity read through a
   * mapper built with {@code discriminator("Kind")}, {@code Kind} — or null when the row has none (as rows written by
   * other tools may not).
   */
  public String entityType() {
    Object type = row.get(discriminator);
    return type instanceof String ? (String) type : null;
  }

  /** The properties by name in their stored order, unmodifiable (binary values are the entity's own). */
  public Map<String, Object> properties() {
    return row.properties();
  }

  /** Whether the entity has the property. */
  public boolean has(String name) {
    return row.has(name);
  }

  /** The value of a property as its store type's Java class, or null when absent. */
  public Object get(String name) {
    Object value = row.get(name);
    return value instanceof byte[] ? ((byte[]) value).clone() : value;
  }

  /** The store type of a property, or null when absent. */
  public EdmType typeOf(String name) {
    Object value = row.get(name);
    return value == null ? null : EdmType.of(value);
  }

  /** A String property, or null when absent. */
  public String getString(String name) {
    return row.getString(name);
  }

  /** A Binary property (a copy), or null when absent. */
  public byte[] getBinary(String name) {
    byte[] value = row.getBinary(name);
    return value == null ? null : value.clone();
  }

  /** A Boolean property, or null when absent. */
  public Boolean getBoolean(String name) {
    return row.getBoolean(name);
  }

  /** A DateTime property, or null when absent. */
  public Instant getDateTime(String name) {
    return row.getDateTime(name);
  }

  /** A Double property, or null when absent. */
  public Double getDouble(String name) {
    return row.getDouble(name);
  }

  /** A Guid property, or null when absent. */
  public UUID getGuid(String name) {
    return row.getGuid(name);
  }

  /** An Int32 property, or null when absent. */
  public Integer getInt32(String name) {
    return row.getInt32(name);
  }

  /** An Int64 property, or null when absent. */
  public Long getInt64(String name) {
    return row.getInt64(name);
  }

  /**
   * A builder holding this entity's keys, properties and ETag, and the property that holds its type, to derive a
   * changed entity.
   */
  public Builder toBuilder() {
    return new Builder(row.toBuilder(), discriminator);
  }

  /**
   * Equal keys, ETag, Timestamp and properties (binary values by content), and the same property holding the
   * type.
   */
  @Override
  public boolean equals(Object other) {
    return other instanceof DynamicEntity && row.equals(((DynamicEntity) other).row)
        && discriminator.equals(((DynamicEntity) other).discriminator);
  }

  @Override
  public int hashCode() {
    return row.hashCode();
  }

  @Override
  public String toString() {
    return "DynamicEntity" + row.toString().substring("TableRow".length());
  }

  /** Builds a {@link DynamicEntity}; putting null leaves the property out (the store has no null). */
  public static final class Builder {
    private final TableRow.Builder row;
    private final String discriminator;

    private Builder(TableRow.Builder row, String discriminator) {
      this.row = row;
      this.discriminator = discriminator;
    }

    /** Puts a value of one of the store types' Java classes ({@link EdmType}). */
    public Builder put(String name, Object value) {
      row.put(name, value instanceof byte[] ? ((byte[]) value).clone() : value);
      return this;
    }

    /** Puts a String. */
    public Builder putString(String name, String value) {
      row.putString(name, value);
      return this;
    }

    /** Puts a Binary (copied). */
    public Builder putBinary(String name, byte[] value) {
      row.putBinary(name, value == null ? null : value.clone());
      return this;
    }

    /** Puts a Boolean. */
    public Builder putBoolean(String name, Boolean value) {
      row.putBoolean(name, value);
      return this;
    }

    /** Puts a DateTime. */
    public Builder putDateTime(String name, Instant value) {
      row.putDateTime(name, value);
      return this;
    }

    /** Puts a Double. */
    public Builder putDouble(String name, Double value) {
      row.putDouble(name, value);
      return this;
    }

    /** Puts a Guid. */
    public Builder putGuid(String name, UUID value) {
      row.putGuid(name, value);
      return this;
    }

    /** Puts an Int32. */
    public Builder putInt32(String name, Integer value) {
      row.putInt32(name, value);
      return this;
    }

    /** Puts an Int64. */
    public Builder putInt64(String name, Long value) {
      row.putInt64(name, value);
      return this;
    }

    /** Removes a property. */
    public Builder remove(String name) {
      row.remove(name);
      return this;
    }

    /**
     * The ETag that updates, merges and deletes of the entity are conditional on (If-Match); null for none, so
     * that they are unconditional.
     */
    public Builder etag(String etag) {
      row.etag(etag);
      return this;
    }

    /** Builds the entity. */
    public DynamicEntity build() {
      return new DynamicEntity(row.build(), discriminator);
    }
  }
}
