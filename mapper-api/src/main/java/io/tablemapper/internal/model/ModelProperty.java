package io.tablemapper.internal.model;

import io.tablemapper.internal.key.KeyType;
import java.util.List;

/**
 * The facts of an entity's property that the entity rules decide on, as each front end reads them: the processor
 * from {@code javax.lang.model} elements, the runtime from reflection on a class compiled without the processor.
 */
public interface ModelProperty {

  /** The Java property name, used by key templates, derived queries and messages. */
  String name();

  /** What the property is for. */
  PropertyRole role();

  /** How it is stored; null unless stored, or when its type cannot be stored. */
  PropertyKind kind();

  /** How it encodes in a key, or null when it cannot be in one. */
  KeyType keyType();

  /** Its type as Java source writes it, for messages: {@code int}, {@code java.util.List<java.lang.String>}. */
  String typeText();

  /** The names of an enum property's constants in declaration order; else empty. */
  List<String> enumConstants();

  /** Whether it is stored {@code @Encrypted}, so it cannot be in a key nor compared by a query. */
  default boolean encrypted() {
    return false;
  }

  /** Whether it is stored {@code @Large}, out of the row, so it cannot be in a key nor compared by a query. */
  default boolean large() {
    return false;
  }

  /** Whether it is stored as a property of the row. */
  default boolean stored() {
    return role() == PropertyRole.STORED;
  }

  /** The property with this name in a list, or null. */
  static <P extends ModelProperty> P named(List<P> properties, String name) {
    for (P property : properties) {
      if (property.name().equals(name)) {
        return property;
      }
    }
    return null;
  }
}
