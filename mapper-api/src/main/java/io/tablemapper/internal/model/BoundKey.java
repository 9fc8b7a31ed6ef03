package io.tablemapper.internal.model;

import io.tablemapper.internal.key.KeyShape;
import io.tablemapper.internal.key.KeyTemplate;
import io.tablemapper.internal.key.KeyType;
import java.util.ArrayList;
import java.util.List;

/**
 * A key template bound to an entity's properties.
 *
 * @param template the parsed template
 * @param properties the property of each placeholder, in placeholder order
 * @param <P> the front end's property
 */
public record BoundKey<P extends ModelProperty>(KeyTemplate template, List<P> properties) {

  /** The property of placeholder {@code index}. */
  public P property(int index) {
    return properties.get(index);
  }

  /** The placeholder index of a property, or -1. */
  public int indexOf(String property) {
    KeyTemplate.Placeholder placeholder = template.placeholder(property);
    return placeholder == null ? -1 : placeholder.index();
  }

  /** What its keys look like (enum constants included), for proofs that two key spaces never meet. */
  public KeyShape shape() {
    List<KeyType> types = new ArrayList<>(properties.size());
    List<List<String>> values = new ArrayList<>(properties.size());
    for (P property : properties) {
      types.add(property.keyType());
      List<String> constants = property.enumConstants();
      values.add(constants.isEmpty() ? null : constants);
    }
    return KeyShape.of(template, types, values);
  }

  /** The key type of the first placeholder, or null for a constant template; for messages. */
  public KeyType firstType() {
    return properties.isEmpty() ? null : property(template.placeholders().get(0).index()).keyType();
  }

  /** The names of the bound properties, in placeholder order. */
  public List<String> names() {
    List<String> names = new ArrayList<>(properties.size());
    for (P property : properties) {
      names.add(property.name());
    }
    return names;
  }
}
