package io.tablemapper.processor.generation.report;

import io.tablemapper.internal.key.KeyCodec;
import io.tablemapper.internal.key.KeySpec;
import io.tablemapper.internal.key.KeyTemplate;
import io.tablemapper.internal.key.KeyType;
import io.tablemapper.processor.entity.KeyModel;
import io.tablemapper.processor.entity.PropertyModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Example keys, composed by the runtime's own encodings ({@link KeySpec}) from one made-up value per placeholder
 * ({@link SampleValues}: by what the property's name says it holds), so that the report shows exactly the text the
 * store holds; where the text does not show its value plainly (a descending or .NET-ticks encoding, a number over
 * its type's whole range), the example also says what the text encodes.
 */
final class KeySamples {

  private KeySamples() {}

  /** The key of a template from sample values; the reason in brackets where no sample fits. */
  static KeyDesign.Example example(String entity, KeyModel key) {
    List<PropertyModel> properties = key.properties();
    List<KeyType> types = new ArrayList<>();
    List<Object> values = new ArrayList<>();
    for (PropertyModel property : properties) {
      types.add(property.keyType());
      values.add(null);
    }
    for (KeyTemplate.Placeholder placeholder : key.template().placeholders()) {
      PropertyModel property = properties.get(placeholder.index());
      values.set(placeholder.index(), SampleValues.of(entity, property.name(), property.keyType(),
          property.keyType() == KeyType.ENUM ? property.enumConstants() : List.of(), placeholder.width()));
    }
    return example(entity, key.description(), key.template(), types, values);
  }

  /**
   * The key of a template from these values, in placeholder order, and what its less readable parts encode.
   *
   * @param types the key type of each placeholder
   * @param values the value of each placeholder: an enum's as its constant's name
   */
  static KeyDesign.Example example(String entity, String keyName, KeyTemplate template, List<KeyType> types,
      List<Object> values) {
    Class<?>[] classes = new Class<?>[types.size()];
    for (int i = 0; i < classes.length; i++) {
      classes[i] = javaClass(types.get(i));
    }
    try {
      KeySpec spec = KeySpec.of(entity, keyName, template.source(), classes);
      StringBuilder key = new StringBuilder();
      List<String> encoded = new ArrayList<>();
      for (KeyTemplate.Segment segment : template.segments()) {
        if (segment instanceof KeyTemplate.Literal) {
          key.append(((KeyTemplate.Literal) segment).text());
          continue;
        }
        KeyTemplate.Placeholder placeholder = (KeyTemplate.Placeholder) segment;
        int start = key.length();
        Object value = values.get(placeholder.index());
        spec.part(placeholder.index()).appendValue(key, value);
        String how = how(placeholder, types.get(placeholder.index()));
        if (how != null) {
          encoded.add(key.substring(start) + " is " + placeholder.property() + " = " + value + how);
        }
      }
      return new KeyDesign.Example(spec.finish(key), List.copyOf(encoded));
    } catch (RuntimeException e) { // InvalidKeyException, KeyTemplateException: shown, never thrown
      return new KeyDesign.Example("[no example: " + e.getMessage() + "]", List.of());
    }
  }

  /** What an encoding does to a value that its text does not show, or null where the text shows the value. */
  private static String how(KeyTemplate.Placeholder placeholder, KeyType type) {
    if (placeholder.ticks()) {
      return placeholder.desc() ? ", as DateTime.MaxValue.Ticks minus its .NET ticks (later sorts first)"
          : ", as .NET ticks (100 ns since 0001-01-01)";
    }
    boolean integral = type == KeyType.BYTE || type == KeyType.SHORT || type == KeyType.INT || type == KeyType.LONG;
    if (placeholder.desc()) {
      return integral && placeholder.width() > 0 ? ", descending: the nines' complement of its digits"
          : integral ? ", descending: the complement of its fixed-width encoding"
          : ", descending (later sorts first): the complement of its encoding";
    }
    if (integral && placeholder.width() == 0) {
      return ", fixed width over the whole " + type.name().toLowerCase(Locale.ROOT) + " range";
    }
    return null;
  }

  /** How a placeholder's value is written in a key, in words. */
  static String encoding(KeyTemplate.Placeholder placeholder, KeyType type) {
    String order = placeholder.desc() ? ", descending (newest first)" : "";
    if (placeholder.ticks()) {
      return placeholder.text() + ": 19 digits of .NET ticks" + (placeholder.desc()
          ? ", DateTime.MaxValue.Ticks minus them (newest first)" : "");
    }
    if (placeholder.width() > 0) {
      return placeholder.text() + ": " + placeholder.width() + " digits, zero-padded, 0 … "
          + KeyCodec.maxPadded(placeholder.width()) + order;
    }
    switch (type) {
      case STRING:
        return placeholder.text() + ": the text as is" + order;
      case ENUM:
        return placeholder.text() + ": the constant's name" + order;
      case BYTE:
      case SHORT:
      case INT:
      case LONG:
        return placeholder.text() + ": fixed width over the whole " + type.name().toLowerCase(Locale.ROOT)
            + " range, negatives first" + order;
      default:
        return placeholder.text() + ": order-preserving " + type.name().toLowerCase(Locale.ROOT).replace('_', ' ')
            + order;
    }
  }

  /** The class a key spec of this type takes; an enum's key text is its constant's name, checked as a String. */
  private static Class<?> javaClass(KeyType type) {
    // the processor cannot load the enum itself
    return type == KeyType.ENUM ? String.class : type.boxedClass();
  }
}
