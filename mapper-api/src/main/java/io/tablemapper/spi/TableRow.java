package io.tablemapper.spi;

import io.tablemapper.api.MalformedRowException;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * One stored entity as the store sees it: PartitionKey, RowKey, the system Timestamp and ETag, and a bag of
 * typed properties ({@link EdmType}). Immutable; built with {@link #builder(String, String)}.
 *
 * <p>Null values are not stored (the store has no null): putting null leaves the property out. Binary values are
 * shared, not copied; whoever hands a row to a longer-lived owner (a backend storing it, a mapper returning a
 * value to the application) copies arrays it does not own.
 */
public final class TableRow {
  private final String partitionKey;
  private final String rowKey;
  private final String etag;
  private final Instant timestamp;
  private final Map<String, Object> properties;

  private TableRow(
      String partitionKey, String rowKey, String etag, Instant timestamp, Map<String, Object> properties) {
    this.partitionKey = partitionKey;
    this.rowKey = rowKey;
    this.etag = etag;
    this.timestamp = timestamp;
    this.properties = properties;
  }

  /** Starts a row with the given keys. */
  public static Builder builder(String partitionKey, String rowKey) {
    return new Builder(partitionKey, rowKey, 8);
  }

  /** Starts a row with the given keys, sized for {@code expectedProperties} properties. */
  public static Builder builder(String partitionKey, String rowKey, int expectedProperties) {
    return new Builder(partitionKey, rowKey, expectedProperties);
  }

  /**
   * A row over properties the backend keeps its own way, used as given, without copying: for a backend that decodes
   * stored properties only when they are read (the H2 backend's rows are views of the bytes it stored). The map
   * must be unmodifiable, keep one iteration order, and hold no null name or value and only {@link EdmType} carrier
   * values, as the builder's would; an {@link IllegalArgumentException} from reading a value is the backend's to
   * avoid. A backend that has a map of its own builds rows with {@link #builder(String, String)} instead.
   */
  public static TableRow of(
      String partitionKey, String rowKey, String etag, Instant timestamp, Map<String, Object> properties) {
    return new TableRow(Objects.requireNonNull(partitionKey, "partitionKey"),
        Objects.requireNonNull(rowKey, "rowKey"), etag, timestamp, Objects.requireNonNull(properties, "properties"));
  }

  /** A row with keys only, as a delete operation carries. */
  public static TableRow keys(String partitionKey, String rowKey) {
    return new Builder(partitionKey, rowKey, 0).build();
  }

  /** The PartitionKey. */
  public String partitionKey() {
    return partitionKey;
  }

  /** The RowKey. */
  public String rowKey() {
    return rowKey;
  }

  /** The ETag assigned by the store, or null on a row that was not read from it. */
  public String etag() {
    return etag;
  }

  /** The Timestamp assigned by the store, or null on a row that was not read from it. */
  public Instant timestamp() {
    return timestamp;
  }

  /** The properties in insertion order, unmodifiable; PartitionKey, RowKey, Timestamp and ETag are not among them. */
  public Map<String, Object> properties() {
    return properties;
  }

  /** Whether the row holds the property. */
  public boolean has(String name) {
    return properties.containsKey(name);
  }

  /** The value of a property, or null when absent. */
  public Object get(String name) {
    return properties.get(name);
  }

  /** The same row with the store's ETag and Timestamp. */
  public TableRow withSystemProperties(String newEtag, Instant newTimestamp) {
    return new TableRow(partitionKey, rowKey, newEtag, newTimestamp, properties);
  }

  /** A builder holding this row's keys and properties, to derive a changed row. */
  public Builder toBuilder() {
    Builder builder = new Builder(partitionKey, rowKey, properties.size() + 2);
    builder.properties.putAll(properties);
    builder.etag = etag;
    builder.timestamp = timestamp;
    return builder;
  }

  /** A String property, or null when absent. */
  public String getString(String name) {
    return typed(name, EdmType.STRING, String.class);
  }

  /** A Binary property, or null when absent. The array is shared; copy it before handing it out. */
  public byte[] getBinary(String name) {
    return typed(name, EdmType.BINARY, byte[].class);
  }

  /** A Boolean property, or null when absent. */
  public Boolean getBoolean(String name) {
    return typed(name, EdmType.BOOLEAN, Boolean.class);
  }

  /** A Boolean property, or {@code absent} when absent. */
  public boolean getBoolean(String name, boolean absent) {
    Boolean value = getBoolean(name);
    return value == null ? absent : value;
  }

  /** A DateTime property, or null when absent. */
  public Instant getDateTime(String name) {
    return typed(name, EdmType.DATE_TIME, Instant.class);
  }

  /** A Double property, or null when absent. Int32 and Int64 values are widened. */
  public Double getDouble(String name) {
    Object value = properties.get(name);
    if (value instanceof Integer || value instanceof Long) {
      return ((Number) value).doubleValue();
    }
    return typed(name, value, EdmType.DOUBLE, Double.class);
  }

  /** A Double property, or {@code absent} when absent. */
  public double getDouble(String name, double absent) {
    Double value = getDouble(name);
    return value == null ? absent : value;
  }

  /** A Guid property, or null when absent. */
  public UUID getGuid(String name) {
    return typed(name, EdmType.GUID, UUID.class);
  }

  /** An Int32 property, or null when absent. */
  public Integer getInt32(String name) {
    return typed(name, EdmType.INT32, Integer.class);
  }

  /** An Int32 property, or {@code absent} when absent. */
  public int getInt32(String name, int absent) {
    Integer value = getInt32(name);
    return value == null ? absent : value;
  }

  /** An Int64 property, or null when absent. Int32 values are widened. */
  public Long getInt64(String name) {
    Object value = properties.get(name);
    if (value instanceof Integer) {
      return ((Integer) value).longValue();
    }
    return typed(name, value, EdmType.INT64, Long.class);
  }

  /** An Int64 property, or {@code absent} when absent. */
  public long getInt64(String name, long absent) {
    Long value = getInt64(name);
    return value == null ? absent : value;
  }

  private <V> V typed(String name, EdmType expected, Class<V> type) {
    return typed(name, properties.get(name), expected, type);
  }

  // the value looked up once: a backend's map may decode it on every lookup
  private <V> V typed(String name, Object value, EdmType expected, Class<V> type) {
    if (value == null || type.isInstance(value)) {
      return type.cast(value);
    }
    throw new MalformedRowException(null, null, partitionKey, rowKey, name,
        "is " + EdmType.of(value) + ", expected " + expected, null);
  }

  /** The row's keys as {@code PartitionKey/RowKey}, quoted, for messages. */
  public String describeKeys() {
    return "(PartitionKey '" + partitionKey + "', RowKey '" + rowKey + "')";
  }

  @Override
  public boolean equals(Object other) {
    if (this == other) {
      return true;
    }
    if (!(other instanceof TableRow)) {
      return false;
    }
    TableRow that = (TableRow) other;
    return partitionKey.equals(that.partitionKey)
        && rowKey.equals(that.rowKey)
        && Objects.equals(etag, that.etag)
        && Objects.equals(timestamp, that.timestamp)
        && PropertyValues.equal(properties, that.properties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(partitionKey, rowKey);
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder("TableRow").append(describeKeys()).append(" {");
    String separator = "";
    for (Map.Entry<String, Object> property : properties.entrySet()) {
      text.append(separator).append(property.getKey()).append('=').append(PropertyValues.toString(property.getValue()));
      separator = ", ";
    }
    return text.append('}').toString();
  }

  /** Builds a {@link TableRow}; single use, not thread-safe. */
  public static final class Builder {
    private final String partitionKey;
    private final String rowKey;
    private final LinkedHashMap<String, Object> properties;
    private String etag;
    private Instant timestamp;
    private boolean built;

    private Builder(String partitionKey, String rowKey, int expectedProperties) {
      this.partitionKey = Objects.requireNonNull(partitionKey, "partitionKey");
      this.rowKey = Objects.requireNonNull(rowKey, "rowKey");
      this.properties = new LinkedHashMap<>(Math.max(4, expectedProperties * 4 / 3 + 1));
    }

    /**
     * Sets a property; null removes it.
     *
     * @throws IllegalArgumentException if the value is not one of the {@link EdmType} carrier classes
     */
    public Builder put(String name, Object value) {
      checkNotBuilt();
      Objects.requireNonNull(name, "property name");
      if (value == null) {
        properties.remove(name);
      } else {
        EdmType.of(value);
        properties.put(name, value);
      }
      return this;
    }

    /** Sets a String property; null leaves it out. */
    public Builder putString(String name, String value) {
      return putChecked(name, value);
    }

    /** Sets a Binary property; null leaves it out. The array is not copied. */
    public Builder putBinary(String name, byte[] value) {
      return putChecked(name, value);
    }

    /** Sets a Boolean property; null leaves it out. */
    public Builder putBoolean(String name, Boolean value) {
      return putChecked(name, value);
    }

    /** Sets a DateTime property; null leaves it out. */
    public Builder putDateTime(String name, Instant value) {
      return putChecked(name, value);
    }

    /** Sets a Double property; null leaves it out. */
    public Builder putDouble(String name, Double value) {
      return putChecked(name, value);
    }

    /** Sets a Guid property; null leaves it out. */
    public Builder putGuid(String name, UUID value) {
      return putChecked(name, value);
    }

    /** Sets an Int32 property; null leaves it out. */
    public Builder putInt32(String name, Integer value) {
      return putChecked(name, value);
    }

    /** Sets an Int64 property; null leaves it out. */
    public Builder putInt64(String name, Long value) {
      return putChecked(name, value);
    }

    /**
     * Sets every property of a map (for example another row's {@link TableRow#properties()}); null values remove.
     *
     * @throws IllegalArgumentException if a value is not one of the {@link EdmType} carrier classes
     */
    public Builder putAll(Map<String, Object> values) {
      for (Map.Entry<String, Object> entry : values.entrySet()) {
        put(entry.getKey(), entry.getValue());
      }
      return this;
    }

    /** Removes a property. */
    public Builder remove(String name) {
      checkNotBuilt();
      properties.remove(name);
      return this;
    }

    /** Sets the ETag (backends set it on rows they return). */
    public Builder etag(String etag) {
      this.etag = etag;
      return this;
    }

    /** Sets the Timestamp (backends set it on rows they return). */
    public Builder timestamp(Instant timestamp) {
      this.timestamp = timestamp;
      return this;
    }

    private Builder putChecked(String name, Object value) {
      checkNotBuilt();
      Objects.requireNonNull(name, "property name");
      if (value == null) {
        properties.remove(name);
      } else {
        properties.put(name, value);
      }
      return this;
    }

    private void checkNotBuilt() {
      if (built) {
        throw new IllegalStateException("this TableRow.Builder already built its row; start a new builder");
      }
    }

    /**
     * The row. The builder hands its properties to the row without copying them, so it cannot be used afterwards
     * (further changes throw {@link IllegalStateException}).
     */
    public TableRow build() {
      checkNotBuilt();
      built = true;
      return new TableRow(partitionKey, rowKey, etag, timestamp, Collections.unmodifiableMap(properties));
    }
  }
}
