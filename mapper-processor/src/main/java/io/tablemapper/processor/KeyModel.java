package io.tablemapper.processor;

import io.tablemapper.spi.key.KeyTemplate;
import java.util.List;

/**
 * A key template bound to the entity's properties.
 *
 * @param description what the key is, in messages and generated code: {@code PartitionKey}, {@code RowKey},
 *     {@code index email RowKey}
 * @param template the parsed template
 * @param properties the property of each placeholder, in placeholder order
 * @param specConstant the name of the metamodel constant holding the bound template
 * @param composeMethod the name of the metamodel method composing the key
 */
record KeyModel(
    String description, KeyTemplate template, List<PropertyModel> properties, String specConstant,
    String composeMethod) {

  /** The property of placeholder {@code index}. */
  PropertyModel property(int index) {
    return properties.get(index);
  }

  /** The placeholder index of a property, or -1. */
  int indexOf(String property) {
    KeyTemplate.Placeholder placeholder = template.placeholder(property);
    return placeholder == null ? -1 : placeholder.index();
  }
}
