package io.tablemapper.internal.model;

import io.tablemapper.internal.key.KeyType;
import java.util.List;

/**
 * A property of a checked entity: its source with what the rules decided of it.
 *
 * @param source the front end's property
 * @param role what it is for
 * @param kind how it is stored; null unless stored
 * @param keyType how it encodes in a key, or null when it cannot be in one
 * @param storedName the name the store holds it under: its {@code @Property}, else its Java name after the naming
 *     strategy
 * @param defaultText its {@code @DefaultValue} text, checked against its type, or null
 * @param defaultValue the value of that text ({@link PropertyKind#parseDefault}; for an enum the constant's name),
 *     or null
 * @param <P> the front end's property
 */
public record CheckedProperty<P extends PropertySource>(P source, PropertyRole role, PropertyKind kind,
    KeyType keyType, String storedName, String defaultText, Object defaultValue) implements ModelProperty {

  @Override
  public String name() {
    return source.name();
  }

  @Override
  public String typeText() {
    return source.typeText();
  }

  @Override
  public List<String> enumConstants() {
    return source.enumConstants();
  }

  /** Whether it is stored {@code @Encrypted}. */
  @Override
  public boolean encrypted() {
    return role == PropertyRole.STORED && source.isEncrypted();
  }

  /** Whether it is stored {@code @Large}, out of the row. */
  @Override
  public boolean large() {
    return role == PropertyRole.STORED && source.isLarge();
  }

  CheckedProperty<P> withName(String name) {
    return new CheckedProperty<>(source, role, kind, keyType, name, defaultText, defaultValue);
  }

  CheckedProperty<P> withDefault(String text, Object value) {
    return new CheckedProperty<>(source, role, kind, keyType, storedName, text, value);
  }
}
