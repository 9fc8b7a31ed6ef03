package io.tablemapper.runtime;

import io.tablemapper.internal.key.KeyType;
import io.tablemapper.internal.mapping.JsonType;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * One property of an entity introspected at run time: what the processor's {@code PropertyModel} holds, with the
 * generated accessor in place of generated source.
 */
final class RuntimeProperty {
  /** What the property is for. */
  enum Role { STORED, TRANSIENT, ETAG, TIMESTAMP }

  /** How a Java type is stored (the processor's {@code PropertyKind}, for classes instead of type mirrors). */
  enum Kind {
    STRING, CHAR, BINARY, BOOLEAN, BYTE, SHORT, INT, LONG, FLOAT, DOUBLE, UUID, INSTANT, OFFSET_DATE_TIME,
    LOCAL_DATE, LOCAL_DATE_TIME, ENUM, BIG_DECIMAL, BIG_INTEGER, JSON;

    private static final Map<Class<?>, Kind> CLASSES = Map.ofEntries(
        Map.entry(String.class, STRING), Map.entry(char.class, CHAR), Map.entry(Character.class, CHAR),
        Map.entry(byte[].class, BINARY), Map.entry(boolean.class, BOOLEAN), Map.entry(Boolean.class, BOOLEAN),
        Map.entry(byte.class, BYTE), Map.entry(Byte.class, BYTE), Map.entry(short.class, SHORT),
        Map.entry(Short.class, SHORT), Map.entry(int.class, INT), Map.entry(Integer.class, INT),
        Map.entry(long.class, LONG), Map.entry(Long.class, LONG), Map.entry(float.class, FLOAT),
        Map.entry(Float.class, FLOAT), Map.entry(double.class, DOUBLE), Map.entry(Double.class, DOUBLE),
        Map.entry(UUID.class, UUID), Map.entry(Instant.class, INSTANT),
        Map.entry(OffsetDateTime.class, OFFSET_DATE_TIME), Map.entry(LocalDate.class, LOCAL_DATE),
        Map.entry(LocalDateTime.class, LOCAL_DATE_TIME), Map.entry(BigDecimal.class, BIG_DECIMAL),
        Map.entry(BigInteger.class, BIG_INTEGER));

    /** The kind of a type, or null when the store cannot hold it without {@code @Json}. */
    static Kind of(Class<?> type) {
      return type.isEnum() ? ENUM : CLASSES.get(type);
    }
  }

  final String name;
  final AnnotatedElement element;
  final Class<?> type;
  final Type genericType;
  final Role role;
  final Kind kind;
  final KeyType keyType;
  /** Set once the class is found valid. */
  Accessors.Property access;
  String storedName;
  Object defaultValue;
  JsonType<Object> json;
  /** The placeholder of the PartitionKey (or RowKey) holding it, or -1; decoded when a row lacks it. */
  int partitionKeyIndex = -1;
  int rowKeyIndex = -1;

  RuntimeProperty(String name, AnnotatedElement element, Class<?> type, Type genericType, Role role, Kind kind) {
    this.name = name;
    this.element = element;
    this.type = type;
    this.genericType = genericType;
    this.role = role;
    this.kind = kind;
    this.keyType = role == Role.STORED && kind != null && kind != Kind.JSON ? KeyType.forClass(type) : null;
    this.storedName = name;
  }

  /** Whether it is stored as a property of the row. */
  boolean stored() {
    return role == Role.STORED;
  }

  /** Whether its type is primitive. */
  boolean primitive() {
    return type.isPrimitive();
  }

  /** How messages write its type, as Java source does ({@code int}, {@code java.util.List<java.lang.String>}). */
  String typeText() {
    return typeText(genericType);
  }

  /** A type as javac prints it in messages: {@code java.util.Map<java.lang.String,java.lang.Integer>}. */
  static String typeText(Type type) {
    if (type instanceof Class) {
      Class<?> c = (Class<?>) type;
      if (c.isArray()) {
        return typeText(c.getComponentType()) + "[]";
      }
      return c.getCanonicalName() != null ? c.getCanonicalName() : c.getName();
    }
    if (type instanceof ParameterizedType) {
      ParameterizedType parameterized = (ParameterizedType) type;
      List<String> arguments = new ArrayList<>();
      for (Type argument : parameterized.getActualTypeArguments()) {
        arguments.add(typeText(argument));
      }
      return typeText(parameterized.getRawType()) + "<" + String.join(",", arguments) + ">";
    }
    if (type instanceof GenericArrayType) {
      return typeText(((GenericArrayType) type).getGenericComponentType()) + "[]";
    }
    if (type instanceof WildcardType) {
      WildcardType wildcard = (WildcardType) type;
      if (wildcard.getLowerBounds().length > 0) {
        return "? super " + typeText(wildcard.getLowerBounds()[0]);
      }
      Type upper = wildcard.getUpperBounds()[0];
      return upper == Object.class ? "?" : "? extends " + typeText(upper);
    }
    return type.getTypeName();
  }

  /** The value of a primitive property that a row lacks; null for other types. */
  Object absentValue() {
    if (!type.isPrimitive()) {
      return null;
    }
    if (type == boolean.class) {
      return false;
    }
    if (type == char.class) {
      return '\0';
    }
    if (type == byte.class) {
      return (byte) 0;
    }
    if (type == short.class) {
      return (short) 0;
    }
    if (type == int.class) {
      return 0;
    }
    if (type == long.class) {
      return 0L;
    }
    return type == float.class ? (Object) 0f : (Object) 0d;
  }
}
