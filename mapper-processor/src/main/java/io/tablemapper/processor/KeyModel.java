package io.tablemapper.processor;

import io.tablemapper.internal.key.KeyShape;
import io.tablemapper.internal.key.KeyTemplate;
import io.tablemapper.internal.key.KeyType;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;

/**
 * A key template bound to the entity's properties.
 *
 * @param description what the key is, in messages and generated code: {@code PartitionKey}, {@code RowKey},
 *     {@code index email RowKey}
 * @param template the parsed template
 * @param properties the property of each placeholder, in placeholder order
 * @param specConstant the name of the metamodel constant holding the bound template
 * @param composeMethod the name of the metamodel method composing the key
 * @param annotation the annotation that declares the template, for diagnostics
 * @param value the template's annotation value as written, or null, for diagnostics
 */
record KeyModel(
    String description, KeyTemplate template, List<PropertyModel> properties, String specConstant,
    String composeMethod, AnnotationMirror annotation, AnnotationValue value) {

  /** The property of placeholder {@code index}. */
  PropertyModel property(int index) {
    return properties.get(index);
  }

  /** The placeholder index of a property, or -1. */
  int indexOf(String property) {
    KeyTemplate.Placeholder placeholder = template.placeholder(property);
    return placeholder == null ? -1 : placeholder.index();
  }

  /** What its keys look like, for proofs that two key spaces never meet. */
  KeyShape shape() {
    return shape(template, properties);
  }

  /** The shape of a template over these properties (enum constants included). */
  static KeyShape shape(KeyTemplate template, List<PropertyModel> properties) {
    List<KeyType> types = new ArrayList<>(properties.size());
    List<List<String>> values = new ArrayList<>(properties.size());
    for (PropertyModel property : properties) {
      types.add(property.keyType());
      List<String> constants = property.enumConstants();
      values.add(constants.isEmpty() ? null : constants);
    }
    return KeyShape.of(template, types, values);
  }
}
