package io.tablemapper.runtime;

import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableRow;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * The test sources under {@code src/test/resources/twice}, compiled once with the annotation processor and once
 * without it, and what tests need to handle their classes from outside: instances built and read reflectively
 * (only here, in tests), and rows reduced to bytes to compare.
 */
public final class TwiceCompiled {
  public static final String SHIPMENT = "io.tablemapper.runtime.twice.Shipment";
  public static final String PARCEL = "io.tablemapper.runtime.twice.Parcel";
  static final String PARCEL_REPOSITORY = "io.tablemapper.runtime.twice.ParcelRepository";
  static final String SHIPMENT_REPOSITORY = "io.tablemapper.runtime.twice.ShipmentRepository";
  static final String LEDGER = "io.tablemapper.runtime.twice.Ledger";
  static final String LEDGER_REPOSITORY = "io.tablemapper.runtime.twice.LedgerRepository";
  static final String TILL = "io.tablemapper.runtime.twice.Till";

  private static final Map<String, String> SOURCES = Map.of(
      SHIPMENT, Javac.resource(SHIPMENT), PARCEL, Javac.resource(PARCEL),
      PARCEL_REPOSITORY, Javac.resource(PARCEL_REPOSITORY), SHIPMENT_REPOSITORY, Javac.resource(SHIPMENT_REPOSITORY),
      LEDGER, Javac.resource(LEDGER), LEDGER_REPOSITORY, Javac.resource(LEDGER_REPOSITORY), TILL, Javac.resource(TILL));

  /** With the processor: the classes have generated mappings. */
  static final Javac.Result PROCESSED = Javac.compile(SOURCES, true);
  /** Without it: the runtime introspects the classes. */
  public static final Javac.Result UNPROCESSED = Javac.compile(SOURCES, false);

  private TwiceCompiled() {}

  /** A record built with its canonical constructor from values by component name (enums by constant name). */
  static Object record(Class<?> type, Map<String, Object> values) {
    RecordComponent[] components = type.getRecordComponents();
    Class<?>[] types = new Class<?>[components.length];
    Object[] arguments = new Object[components.length];
    for (int i = 0; i < components.length; i++) {
      types[i] = components[i].getType();
      arguments[i] = convert(types[i], values.get(components[i].getName()));
    }
    try {
      Constructor<?> constructor = type.getDeclaredConstructor(types);
      constructor.setAccessible(true);
      return constructor.newInstance(arguments);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  /** A JavaBean built with its constructor and its fields (its own or inherited) set directly. */
  public static Object bean(Class<?> type, Map<String, Object> values) {
    try {
      Constructor<?> constructor = type.getDeclaredConstructor();
      constructor.setAccessible(true);
      Object bean = constructor.newInstance();
      for (Map.Entry<String, Object> value : values.entrySet()) {
        Field field = field(type, value.getKey());
        field.setAccessible(true);
        field.set(bean, convert(field.getType(), value.getValue()));
      }
      return bean;
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  /** Sets a property's field. */
  static void set(Object entity, String property, Object value) {
    try {
      Field field = field(entity.getClass(), property);
      field.setAccessible(true);
      field.set(entity, value);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  /** A property's value, read from its field. */
  static Object get(Object entity, String property) {
    try {
      Field field = field(entity.getClass(), property);
      field.setAccessible(true);
      return field.get(entity);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  /** A field declared by the class or a superclass. */
  private static Field field(Class<?> type, String name) throws NoSuchFieldException {
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      try {
        return c.getDeclaredField(name);
      } catch (NoSuchFieldException notHere) {
        // look further up
      }
    }
    throw new NoSuchFieldException(name + " in " + type.getName() + " or its superclasses");
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object convert(Class<?> type, Object value) {
    if (value instanceof String && type.isEnum()) {
      return Enum.valueOf((Class) type, (String) value);
    }
    if (value == null && type.isPrimitive()) {
      throw new AssertionError("no value for a primitive " + type);
    }
    return value;
  }

  /**
   * The rows as bytes, apart from their ETags and Timestamps (which the store sets per write): keys, then each
   * property's name, store type and value, by name (a store need not keep the order properties were written in:
   * Azure does not); the work ids of a claimed copy, drawn at random per write, as {@code <ids>}.
   */
  static byte[] bytes(List<TableRow> rows) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      for (TableRow row : rows) {
        out.writeUTF(row.partitionKey());
        out.writeUTF(row.rowKey());
        out.writeInt(row.properties().size());
        for (Map.Entry<String, Object> property : new TreeMap<>(row.properties()).entrySet()) {
          Object value = property.getValue();
          out.writeUTF(property.getKey());
          out.writeUTF(value.getClass().getSimpleName());
          byte[] data;
          if (property.getKey().equals(EntityMapping.WORK_IDS_PROPERTY)) {
            data = "<ids>".getBytes(StandardCharsets.UTF_8); // random per write: equal when present on both
          } else if (value instanceof byte[]) {
            data = (byte[]) value;
          } else if (value instanceof Instant) {
            Instant instant = (Instant) value;
            data = (instant.getEpochSecond() + "." + instant.getNano()).getBytes(StandardCharsets.UTF_8);
          } else if (value instanceof UUID || value instanceof String || value instanceof Number
              || value instanceof Boolean) {
            data = value.toString().getBytes(StandardCharsets.UTF_8);
          } else {
            throw new AssertionError("not a store value: " + value.getClass());
          }
          out.writeInt(data.length);
          out.write(data);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }
}
