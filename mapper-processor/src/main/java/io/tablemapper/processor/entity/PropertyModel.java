package io.tablemapper.processor.entity;

import com.palantir.javapoet.TypeName;
import io.tablemapper.internal.key.KeyType;
import io.tablemapper.internal.model.ModelProperty;
import io.tablemapper.internal.model.PropertyKind;
import io.tablemapper.internal.model.PropertyRole;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * One property of an entity as the processor understands it.
 *
 * @param name the Java property name, used by key templates, derived queries and messages
 * @param element the record component or field, for diagnostics
 * @param type the declared type
 * @param typeName the declared type for generated code
 * @param role what the property is for
 * @param kind how it is stored (null unless stored)
 * @param keyType how it encodes in a key, or null when it cannot be in one
 * @param getter how generated code reads it from {@code entity}: {@code x()}, {@code getX()} or {@code x}
 * @param setter for JavaBeans, how generated code writes it: a setter name ({@code setX}) or a field name
 * @param setterIsMethod whether {@code setter} is a method
 * @param storedName the name the store holds it under: {@code name} after the entity's naming strategy, or its
 *     {@code @Property}
 * @param defaultValue the {@code @DefaultValue} text (checked against the type), or null
 * @param encrypted whether it is stored {@code @Encrypted}
 * @param large whether it is stored {@code @Large}, out of the row
 */
public record PropertyModel(
    String name,
    Element element,
    TypeMirror type,
    TypeName typeName,
    PropertyRole role,
    PropertyKind kind,
    KeyType keyType,
    String getter,
    String setter,
    boolean setterIsMethod,
    String storedName,
    String defaultValue,
    boolean encrypted,
    boolean large) implements ModelProperty {

  @Override
  public String typeText() {
    return type.toString();
  }

  public boolean primitive() {
    return type.getKind().isPrimitive();
  }

  @Override
  public List<String> enumConstants() {
    return ElementProperty.enumConstants(type);
  }

  /** The property with this name in a list, or null. */
  static PropertyModel named(List<PropertyModel> properties, String name) {
    return ModelProperty.named(properties, name);
  }

  /** Whether a type is the declared type with this qualified name. */
  public static boolean isDeclared(TypeMirror type, String qualifiedName) {
    return type.getKind() == TypeKind.DECLARED
        && ((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().contentEquals(qualifiedName);
  }
}
