package io.tablemapper.runtime.introspect;

import io.tablemapper.annotations.DefaultValue;
import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Encrypted;
import io.tablemapper.annotations.Json;
import io.tablemapper.annotations.Large;
import io.tablemapper.annotations.Property;
import io.tablemapper.annotations.Timestamp;
import io.tablemapper.annotations.Transient;
import io.tablemapper.internal.model.PropertySource;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;

/**
 * A property of a class compiled without the processor, as the runtime reads it from a record component or a field:
 * the facts the shared rules decide on ({@link PropertySource}), and the members an accessor reaches it through.
 *
 * @param field the record component's field or the bean's field, the site of its problems
 * @param type its class
 * @param genericType its declared type
 * @param getter the accessor, getter or field that reads it, or null
 * @param setter the setter or field that writes it, or null (and for records, written through their constructor)
 * @param declaringStrategy the naming strategy of the {@code @Entity} superclass that declares it, or null
 */
public record ClassProperty(String name, Field field, Class<?> type, Type genericType, Member getter, Member setter,
    boolean record, boolean finalField, String declaringStrategy) implements PropertySource {

  @Override
  public Object site() {
    return field;
  }

  @Override
  public String typeText() {
    return RuntimeProperty.typeText(genericType);
  }

  @Override
  public String canonicalName() {
    return type.getCanonicalName() != null ? type.getCanonicalName() : type.getName();
  }

  @Override
  public boolean isEnum() {
    return type.isEnum();
  }

  @Override
  public boolean isPrimitive() {
    return type.isPrimitive();
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

  @Override
  public boolean isTransient() {
    return field.isAnnotationPresent(Transient.class);
  }

  @Override
  public boolean isJson() {
    return field.isAnnotationPresent(Json.class);
  }

  @Override
  public boolean isEncrypted() {
    return field.isAnnotationPresent(Encrypted.class);
  }

  @Override
  public boolean isLarge() {
    return field.isAnnotationPresent(Large.class);
  }

  @Override
  public boolean isETag() {
    return field.isAnnotationPresent(ETag.class);
  }

  @Override
  public boolean isTimestamp() {
    return field.isAnnotationPresent(Timestamp.class);
  }

  @Override
  public String explicitName() {
    Property property = field.getAnnotation(Property.class);
    return property == null ? null : property.value();
  }

  @Override
  public Object explicitNameSite() {
    return field;
  }

  @Override
  public String defaultText() {
    DefaultValue value = field.getAnnotation(DefaultValue.class);
    return value == null ? null : value.value();
  }

  @Override
  public Object defaultSite() {
    return field;
  }

  @Override
  public boolean readable() {
    return record || getter != null;
  }

  @Override
  public boolean writable() {
    return record || setter != null;
  }
}
