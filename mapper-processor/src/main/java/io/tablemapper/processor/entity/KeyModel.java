package io.tablemapper.processor.entity;

import io.tablemapper.internal.key.KeyShape;
import io.tablemapper.internal.key.KeyTemplate;
import io.tablemapper.internal.model.BoundKey;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;

/**
 * A key template bound to the entity's properties ({@link BoundKey}, by the rules the runtime shares), with what
 * generated code and diagnostics need of it.
 *
 * @param description what the key is, in messages and generated code: {@code PartitionKey}, {@code RowKey},
 *     {@code index email RowKey}
 * @param key the bound template
 * @param specConstant the name of the metamodel constant holding the bound template
 * @param composeMethod the name of the metamodel method composing the key
 * @param annotation the annotation that declares the template, for diagnostics
 * @param value the template's annotation value as written, or null, for diagnostics
 */
public record KeyModel(
    String description, BoundKey<PropertyModel> key, String specConstant, String composeMethod,
    AnnotationMirror annotation, AnnotationValue value) {

  /** The parsed template. */
  public KeyTemplate template() {
    return key.template();
  }

  /** The property of each placeholder, in placeholder order. */
  public List<PropertyModel> properties() {
    return key.properties();
  }

  /** The property of placeholder {@code index}. */
  public PropertyModel property(int index) {
    return key.property(index);
  }

  /** The placeholder index of a property, or -1. */
  public int indexOf(String property) {
    return key.indexOf(property);
  }

  /** What its keys look like, for proofs that two key spaces never meet. */
  KeyShape shape() {
    return key.shape();
  }
}
