package io.tablemapper.processor.generation.report;

import io.tablemapper.internal.key.KeyCodec;
import io.tablemapper.internal.key.KeySpec;
import io.tablemapper.internal.key.KeyTemplate;
import io.tablemapper.internal.key.KeyType;
import io.tablemapper.processor.entity.KeyModel;
import io.tablemapper.processor.entity.PropertyModel;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * Example keys, composed by the runtime's own encodings ({@link KeySpec}) from one fixed sample value per
 * placeholder, so that the report shows exactly the text the store holds: a String is {@code Sales} in a
 * PartitionKey (the guide's department: one value, so that types that share partitions show the same one) and its
 * property's name capitalized in a RowKey ({@code Email}), an enum its first constant, a number 42 (or the largest
 * that fits a narrow padding), a time 2024-05-01T12:00Z, a UUID 00000000-0000-0000-0000-00000000002a, a boolean
 * true.
 */
final class KeySamples {
  private static final long NUMBER = 42;
  private static final String PARTITION_TEXT = "Sales";
  private static final LocalDateTime TIME = LocalDateTime.of(2024, 5, 1, 12, 0);

  private KeySamples() {}

  /** The key of a template from sample values; the reason in brackets where no sample fits. */
  static String example(String entity, KeyModel key, boolean partitionKey) {
    List<PropertyModel> properties = key.properties();
    Class<?>[] classes = new Class<?>[properties.size()];
    Object[] values = new Object[properties.size()];
    for (KeyTemplate.Placeholder placeholder : key.template().placeholders()) {
      PropertyModel property = properties.get(placeholder.index());
      KeyType type = property.keyType();
      classes[placeholder.index()] = javaClass(type);
      values[placeholder.index()] = partitionKey && type == KeyType.STRING ? PARTITION_TEXT
          : sample(type, property, placeholder);
    }
    try {
      return KeySpec.of(entity, key.description(), key.template().source(), classes).compose(values);
    } catch (RuntimeException e) { // InvalidKeyException, KeyTemplateException: shown, never thrown
      return "[no example: " + e.getMessage() + "]";
    }
  }

  /** How a placeholder's value is written in a key, in words. */
  static String encoding(KeyTemplate.Placeholder placeholder, KeyType type) {
    String order = placeholder.desc() ? ", descending (newest first)" : "";
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
        return placeholder.text() + ": order-preserving " + type.name().toLowerCase(Locale.ROOT) + order;
    }
  }

  /** The class a key spec of this type takes; an enum's key text is its constant's name, checked as a String. */
  private static Class<?> javaClass(KeyType type) {
    // the processor cannot load the enum itself
    return type == KeyType.ENUM ? String.class : type.boxedClass();
  }

  private static Object sample(KeyType type, PropertyModel property, KeyTemplate.Placeholder placeholder) {
    switch (type) {
      case STRING:
        return Character.toUpperCase(property.name().charAt(0)) + property.name().substring(1);
      case ENUM:
        List<String> constants = property.enumConstants();
        return constants.isEmpty() ? "CONSTANT" : constants.get(0);
      case BOOLEAN:
        return Boolean.TRUE;
      case BYTE:
      case SHORT:
      case INT:
      case LONG:
        long value = placeholder.width() > 0 ? Math.min(NUMBER, KeyCodec.maxPadded(placeholder.width())) : NUMBER;
        return type == KeyType.BYTE ? (Object) (byte) value : type == KeyType.SHORT ? (Object) (short) value
            : type == KeyType.INT ? (Object) (int) value : (Object) value;
      case UUID:
        return new UUID(0, NUMBER);
      case INSTANT:
        return TIME.toInstant(ZoneOffset.UTC);
      case OFFSET_DATE_TIME:
        return TIME.atOffset(ZoneOffset.UTC);
      case LOCAL_DATE:
        return TIME.toLocalDate();
      case LOCAL_DATE_TIME:
        return TIME;
      default:
        throw new AssertionError(type);
    }
  }
}
