package io.tablemapper.runtime.introspect;

import io.tablemapper.internal.key.KeySpec;
import io.tablemapper.internal.mapping.CacheSettings;
import io.tablemapper.internal.mapping.EntityDescriptor;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.internal.mapping.RowCode;
import io.tablemapper.internal.mapping.Values;
import io.tablemapper.internal.model.PropertyRole;
import io.tablemapper.spi.TableRow;
import java.lang.reflect.Constructor;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The {@link EntityMapping} of a class compiled without the annotation processor, built by
 * {@link EntityIntrospector}: it does what the generated {@code Employee__Mapping} does, statement for statement
 * (the same conversions through {@link Values}, the same order of properties, the same key specs), through the
 * straight-line code {@link RowCodes} generates for the class: its keys, its index copies' keys, {@code toRow} and
 * {@code fromRow}; the accessors {@link Accessors} generates serve the rest (ETag, system properties). Rows written
 * through either are the same, byte for byte. An abstract class has no instantiator and no rows of its own: as its
 * generated mapping would, it refuses to write an object or read a row (its {@code Hierarchy} reads and writes
 * them through its subtypes' mappings).
 */
public final class RuntimeMapping<T> extends EntityMapping<T> {
  private final List<RuntimeProperty> properties;
  private final RuntimeProperty[] stored;
  private final RuntimeProperty[] partitionKeyProperties;
  private final RuntimeProperty[] rowKeyProperties;
  private final RuntimeProperty etag;
  private final RuntimeProperty timestamp;
  /** The properties the constructor takes, in its order (a record, an immutable class); null for a JavaBean. */
  private final List<RuntimeProperty> constructorArguments;
  /** Creates an instance; null for an abstract class. */
  private final Function<Object[], Object> instantiator;
  private final Upgrader upgrader;
  /**
   * The straight-line code Byte Buddy generated for the class ({@link RowCodes}): keys, {@code toRow} and
   * {@code fromRow}; null for an abstract class.
   */
  private final RowCode<T> code;

  /**
   * The stored names of the properties the index keys are made of, other than the entity's own key components, in the
   * order of the properties (as the generated mapping lists them).
   */
  private static String[] indexed(List<RuntimeProperty> properties, List<RuntimeProperty> partitionKey,
      List<RuntimeProperty> rowKey, List<? extends IndexMapping<?>> indexes) {
    Set<String> names = new HashSet<>();
    for (IndexMapping<?> index : indexes) {
      for (KeySpec spec : new KeySpec[] {index.remote() ? index.partitionKeySpec() : null, index.rowKeySpec()}) {
        if (spec != null) {
          spec.parts().forEach(part -> names.add(part.property()));
        }
      }
    }
    return properties.stream()
        .filter(p -> names.contains(p.name) && !partitionKey.contains(p) && !rowKey.contains(p))
        .map(p -> p.storedName)
        .toArray(String[]::new);
  }

  RuntimeMapping(
      Class<T> entityClass, String table, String typeName, int version, KeySpec partitionKeySpec, KeySpec rowKeySpec,
      List<RuntimeProperty> partitionKey, List<RuntimeProperty> rowKey, List<IndexMapping<T>> indexes,
      List<RuntimeProperty> properties, List<RuntimeProperty> constructorArguments,
      Function<Object[], Object> instantiator, Upgrader upgrader,
      List<String> wideHead, Constructor<?> constructor, CacheSettings cache,
      List<RowCodes.IndexKey<T>> indexKeys) {
    super(wide(wideHead, EntityDescriptor.of(entityClass, table, typeName)
        .version(version)
        .cached(cache)
        .partitionKey(partitionKeySpec)
        .rowKey(rowKeySpec)
        .hasETag(properties.stream().anyMatch(p -> p.role == PropertyRole.ETAG))
        .indexes(indexes)
        .encrypted(properties.stream().filter(p -> p.encrypted).map(p -> p.storedName).toArray(String[]::new))
        .indexed(indexed(properties, partitionKey, rowKey, indexes))
        .properties(properties.stream().filter(RuntimeProperty::stored).flatMap(p -> Stream.of(p.name, p.storedName))
            .toArray(String[]::new))
        .large(properties.stream().filter(p -> p.large).map(p -> p.storedName).toArray(String[]::new))));
    this.properties = List.copyOf(properties);
    this.stored = properties.stream().filter(RuntimeProperty::stored).toArray(RuntimeProperty[]::new);
    this.partitionKeyProperties = partitionKey.toArray(new RuntimeProperty[0]);
    this.rowKeyProperties = rowKey.toArray(new RuntimeProperty[0]);
    this.etag = properties.stream().filter(p -> p.role == PropertyRole.ETAG).findFirst().orElse(null);
    this.timestamp =
        properties.stream().filter(p -> p.role == PropertyRole.TIMESTAMP).findFirst().orElse(null);
    this.constructorArguments = constructorArguments;
    this.instantiator = instantiator;
    this.upgrader = upgrader;
    if (constructor != null && !writable(properties, constructorArguments != null)) {
      throw new IllegalStateException(entityClass.getName() + " has a property without its getter or setter,"
          + " which the checker refuses");
    }
    if (constructor == null && !indexKeys.isEmpty()) {
      throw new IllegalStateException(entityClass.getName() + " is abstract and has indexes, which the checker"
          + " refuses");
    }
    this.code = constructor == null ? null
        : RowCodes.generate(new RowCodes.Shape(entityClass, table, properties, partitionKey, rowKey, partitionKeySpec,
            rowKeySpec, constructorArguments, constructor, indexKeys), this);
  }

  /** Whether every property the code reads or writes has its members (the checker has made sure; checked again). */
  private static boolean writable(List<RuntimeProperty> properties, boolean constructed) {
    for (RuntimeProperty property : properties) {
      if (property.role != PropertyRole.TRANSIENT
          && (property.getter == null || (!constructed && property.setter == null))) {
        return false;
      }
    }
    return true;
  }

  /** The descriptor, made wide when {@code wideHead} (the head's stored names) is not null. */
  private static <T> EntityDescriptor<T> wide(List<String> wideHead, EntityDescriptor<T> descriptor) {
    return wideHead == null ? descriptor : descriptor.wide(wideHead.toArray(new String[0]));
  }

  @Override
  public String partitionKey(T entity) {
    if (code != null) {
      return code.partitionKey(entity);
    }
    // an abstract class, which has no code: its subtypes' mappings key its objects (Hierarchy)
    return partitionKeySpec().compose(values(entity, partitionKeyProperties));
  }

  @Override
  public String rowKey(T entity) {
    if (rowKeySpec() == null) {
      throw abstractEntity(entity); // an abstract class whose subtypes declare their RowKeys
    }
    if (code != null) {
      return code.rowKey(entity);
    }
    return rowKeySpec().compose(values(entity, rowKeyProperties)); // abstract, as above
  }

  private static Object[] values(Object entity, RuntimeProperty[] parts) {
    Object[] values = new Object[parts.length];
    for (int i = 0; i < parts.length; i++) {
      values[i] = parts[i].access.reader.apply(entity);
    }
    return values;
  }

  @Override
  public TableRow toRow(T entity, MappingContext context) {
    if (instantiator == null) {
      throw abstractEntity(entity);
    }
    boolean versioned = version() > 1;
    TableRow.Builder row = TableRow.builder(partitionKey(entity), rowKey(entity), stored.length + (versioned ? 1 : 0));
    if (versioned) {
      row.putInt32(VERSION_PROPERTY, version());
    }
    code.write(entity, row, context);
    return row.build();
  }

  @Override
  public T fromRow(TableRow row, MappingContext context) {
    if (instantiator == null) {
      throw abstractRow(row);
    }
    if (upgrader != null) {
      row = upgraded(row, upgrader);
    }
    return code.read(row, context);
  }

  private static Object timestampValue(RuntimeProperty property, Instant instant) {
    return property.type == Instant.class ? instant : Values.toOffsetDateTime(instant);
  }

  @Override
  public String etag(T entity) {
    return etag == null ? null : (String) etag.access.reader.apply(entity);
  }

  @Override
  @SuppressWarnings("unchecked")
  public T withSystemProperties(T entity, String etagValue, Instant timestampValue) {
    if (etag == null && timestamp == null) {
      return entity;
    }
    if (constructorArguments != null) {
      Object[] values = new Object[constructorArguments.size()];
      for (int i = 0; i < values.length; i++) {
        RuntimeProperty property = constructorArguments.get(i);
        values[i] = property == etag ? etagValue
            : property == timestamp ? timestampValue(property, timestampValue)
            : property.access.reader.apply(entity);
      }
      return (T) instantiator.apply(values);
    }
    if (etag != null) {
      etag.access.writer.accept(entity, etagValue);
    }
    if (timestamp != null) {
      timestamp.access.writer.accept(entity, timestampValue(timestamp, timestampValue));
    }
    return entity;
  }

  @Override
  public String toString() {
    return "RuntimeMapping[" + entityClass().getName() + " → table " + table() + ", type " + typeName() + "]";
  }
}
