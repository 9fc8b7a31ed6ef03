package io.tablemapper.runtime;

import io.tablemapper.internal.key.KeyType;
import io.tablemapper.internal.mapping.JsonType;
import io.tablemapper.internal.model.ModelProperty;
import io.tablemapper.internal.model.PropertyKind;
import io.tablemapper.internal.model.PropertyRole;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One property of an entity introspected at run time: what the processor's {@code PropertyModel} holds, with the
 * generated accessor in place of generated source.
 */
final class RuntimeProperty implements ModelProperty {
  final String name;
  final AnnotatedElement element;
  final Class<?> type;
  final Type genericType;
  final PropertyRole role;
  final PropertyKind kind;
  final KeyType keyType;
  /** Set once the class is found valid. */
  Accessors.Property access;
  String storedName;
  Object defaultValue;
  JsonType<Object> json;
  /** The placeholder of the PartitionKey (or RowKey) holding it, or -1; decoded when a row lacks it. */
  int partitionKeyIndex = -1;
  int rowKeyIndex = -1;

  RuntimeProperty(String name, AnnotatedElement element, Class<?> type, Type genericType, PropertyRole role,
      PropertyKind kind) {
    this.name = name;
    this.element = element;
    this.type = type;
    this.genericType = genericType;
    this.role = role;
    this.kind = kind;
    this.keyType = role == PropertyRole.STORED && kind != null && kind != PropertyKind.JSON ? KeyType.forClass(type) : null;
    this.storedName = name;
  }

  /** How a Java class is stored, or null when the store cannot hold it without {@code @Json}. */
  static PropertyKind kindOf(Class<?> type) {
    return PropertyKind.of(type.getCanonicalName(), type.isEnum());
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public PropertyRole role() {
    return role;
  }

  @Override
  public PropertyKind kind() {
    return kind;
  }

  @Override
  public KeyType keyType() {
    return keyType;
  }

  @Override
  public List<String> enumConstants() {
    List<String> constants = new ArrayList<>();
    if (type.isEnum()) {
      for (Object constant : type.getEnumConstants()) {
        constants.add(((Enum<?>) constant).name());
      }
    }
    return constants;
  }

  /** Whether its type is primitive. */
  boolean primitive() {
    return type.isPrimitive();
  }

  @Override
  public String typeText() {
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

  /** The property with this name in a list, or null. */
  static RuntimeProperty named(List<RuntimeProperty> properties, String name) {
    return ModelProperty.named(properties, name);
  }
}
