package io.tablemapper.runtime.introspect;

import io.tablemapper.internal.key.KeyType;
import io.tablemapper.internal.mapping.JsonType;
import io.tablemapper.internal.model.PropertyKind;
import io.tablemapper.internal.model.PropertyRole;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Member;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.List;

/**
 * One property of an entity introspected at run time: what the processor's {@code PropertyModel} holds, with the
 * generated accessor in place of generated source.
 */
public final class RuntimeProperty {
  final String name;
  final AnnotatedElement element;
  final Class<?> type;
  final Type genericType;
  final PropertyRole role;
  final PropertyKind kind;
  final KeyType keyType;
  /** Set once the class is found valid. */
  Accessors.Property access;
  /** The getter, record accessor or field that reads it, and the setter or field that writes it (null: a record). */
  Member getter;
  Member setter;
  String storedName;
  Object defaultValue;
  /** Whether it is stored {@code @Encrypted}. */
  boolean encrypted;
  /** Whether it is stored {@code @Large}, out of the row. */
  boolean large;
  JsonType<Object> json;

  RuntimeProperty(String name, AnnotatedElement element, Class<?> type, Type genericType, PropertyRole role,
      PropertyKind kind, KeyType keyType) {
    this.name = name;
    this.element = element;
    this.type = type;
    this.genericType = genericType;
    this.role = role;
    this.kind = kind;
    this.keyType = keyType;
    this.storedName = name;
  }

  /** Whether it is stored as a property of the row. */
  boolean stored() {
    return role == PropertyRole.STORED;
  }

  /** Whether its type is primitive. */
  boolean primitive() {
    return type.isPrimitive();
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

  /** The property with this name in a list, or null. */
  static RuntimeProperty named(List<RuntimeProperty> properties, String name) {
    for (RuntimeProperty property : properties) {
      if (property.name.equals(name)) {
        return property;
      }
    }
    return null;
  }
}
