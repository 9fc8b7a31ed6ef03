package io.tablemapper.processor.entity;

import com.palantir.javapoet.TypeName;
import io.tablemapper.internal.model.PropertySource;
import io.tablemapper.processor.util.Annotations;
import io.tablemapper.processor.util.Diagnostics;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * A property of an entity as the processor reads it from a record component or a field: the facts the shared
 * rules decide on ({@link PropertySource}), and how generated code reaches it.
 *
 * @param element the record component's field or the bean's field, the site of its problems
 * @param type the declared type
 * @param getter how generated code reads it from {@code entity}: {@code x()}, {@code getX()} or {@code x}; null when
 *     it cannot
 * @param setter for JavaBeans, how generated code writes it: a setter name ({@code setX}) or a field name; null when
 *     it cannot (and for records, which are written through their constructor)
 * @param setterIsMethod whether {@code setter} is a method
 * @param finalField whether the field is final
 * @param declaringStrategy the naming strategy of the {@code @Entity} superclass that declares it, or null
 */
record ElementProperty(String name, Element element, TypeMirror type, String getter, String setter,
    boolean setterIsMethod, boolean record, boolean finalField, String declaringStrategy,
    Annotations annotations) implements PropertySource {

  @Override
  public Object site() {
    return element;
  }

  @Override
  public String typeText() {
    return type.toString();
  }

  @Override
  public String canonicalName() {
    return canonicalName(type);
  }

  /** A type as source writes it without type arguments: {@code int}, {@code byte[]}, {@code java.lang.String}. */
  static String canonicalName(TypeMirror type) {
    if (type.getKind() == TypeKind.ARRAY) {
      return canonicalName(((ArrayType) type).getComponentType()) + "[]";
    }
    if (type.getKind() == TypeKind.DECLARED) {
      return ((javax.lang.model.element.TypeElement) ((DeclaredType) type).asElement()).getQualifiedName()
          .toString();
    }
    return type.toString();
  }

  @Override
  public boolean isEnum() {
    return isEnum(type);
  }

  private static boolean isEnum(TypeMirror type) {
    return type.getKind() == TypeKind.DECLARED && ((DeclaredType) type).asElement().getKind() == ElementKind.ENUM;
  }

  @Override
  public boolean isPrimitive() {
    return type.getKind().isPrimitive();
  }

  @Override
  public List<String> enumConstants() {
    return enumConstants(type);
  }

  /** The names of an enum type's constants in declaration order; else empty. */
  static List<String> enumConstants(TypeMirror type) {
    List<String> names = new ArrayList<>();
    if (isEnum(type)) {
      for (Element member : ((DeclaredType) type).asElement().getEnclosedElements()) {
        if (member.getKind() == ElementKind.ENUM_CONSTANT) {
          names.add(member.getSimpleName().toString());
        }
      }
    }
    return names;
  }

  @Override
  public boolean isTransient() {
    return Annotations.has(element, Annotations.TRANSIENT);
  }

  @Override
  public boolean isJson() {
    return Annotations.has(element, Annotations.JSON);
  }

  @Override
  public boolean isEncrypted() {
    return Annotations.has(element, Annotations.ENCRYPTED);
  }

  @Override
  public boolean isLarge() {
    return Annotations.has(element, Annotations.LARGE);
  }

  @Override
  public boolean isETag() {
    return Annotations.has(element, Annotations.ETAG);
  }

  @Override
  public boolean isTimestamp() {
    return Annotations.has(element, Annotations.TIMESTAMP);
  }

  @Override
  public String explicitName() {
    AnnotationMirror mirror = Annotations.find(element, Annotations.PROPERTY);
    return mirror == null ? null : annotations.string(mirror, "value");
  }

  @Override
  public Object explicitNameSite() {
    return new Diagnostics.Site(element, Annotations.find(element, Annotations.PROPERTY));
  }

  @Override
  public String defaultText() {
    AnnotationMirror mirror = Annotations.find(element, Annotations.DEFAULT_VALUE);
    return mirror == null ? null : annotations.string(mirror, "value");
  }

  @Override
  public Object defaultSite() {
    return new Diagnostics.Site(element, Annotations.find(element, Annotations.DEFAULT_VALUE));
  }

  @Override
  public boolean readable() {
    return record || getter != null;
  }

  @Override
  public boolean writable() {
    return record || setter != null;
  }

  /** Its type for generated code. */
  TypeName typeName() {
    return TypeName.get(type);
  }
}
