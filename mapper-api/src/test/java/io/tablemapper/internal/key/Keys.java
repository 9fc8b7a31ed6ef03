package io.tablemapper.internal.key;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.UUID;

/** Composes keys the way generated code does (typed {@link KeySpec.Part} appends), and checks them. */
final class Keys {
  private Keys() {}

  /** Template shapes around one placeholder: alone, after a literal, before one, and between literal braces. */
  static final String[] SHAPES = {"%s", "id_%s", "%s_x", "{{%s}}"};

  /** A one-placeholder template of the given shape, for example {@code id_{v:08:desc}}. */
  static String template(String shape, String placeholder) {
    return String.format(shape, placeholder);
  }

  /** The key a shape gives around an encoded value: its literals with braces unescaped. */
  static String key(String shape, String encoded) {
    return String.format(shape.replace("{{", "{").replace("}}", "}"), encoded);
  }

  /** The placeholder {@code {v}} with its modifiers. */
  static String placeholder(int width, boolean desc) {
    return "{v" + (width > 0 ? ":0" + width : "") + (desc ? ":desc" : "") + "}";
  }

  /** The number of literal characters in the spec's template. */
  static int literalLength(KeySpec spec) {
    int length = 0;
    for (KeyTemplate.Segment segment : spec.template().segments()) {
      if (segment instanceof KeyTemplate.Literal literal) {
        length += literal.text().length();
      }
    }
    return length;
  }

  /** The key without the literal text before the first placeholder. */
  static String withoutLiteralPrefix(KeySpec spec, String key) {
    return key.substring(spec.template().literalPrefix().length());
  }

  /** The key as generated code composes it: literals, then each value through the matching typed append. */
  static String encode(KeySpec spec, Object... values) {
    StringBuilder key = new StringBuilder();
    int next = 0;
    for (KeyTemplate.Segment segment : spec.template().segments()) {
      if (segment instanceof KeyTemplate.Literal literal) {
        key.append(literal.text());
      } else {
        append(spec.part(next), key, values[next]);
        next++;
      }
    }
    return spec.finish(key);
  }

  private static void append(KeySpec.Part part, StringBuilder key, Object value) {
    if (value instanceof String text) {
      part.append(key, text);
    } else if (value instanceof Byte || value instanceof Short || value instanceof Integer || value instanceof Long) {
      part.append(key, ((Number) value).longValue());
    } else if (value instanceof Boolean flag) {
      part.append(key, (boolean) flag);
    } else if (value instanceof UUID uuid) {
      part.append(key, uuid);
    } else if (value instanceof Enum<?> constant) {
      part.append(key, constant);
    } else if (value instanceof Instant instant) {
      part.append(key, instant);
    } else if (value instanceof OffsetDateTime offsetDateTime) {
      part.append(key, offsetDateTime);
    } else if (value instanceof LocalDate date) {
      part.append(key, date);
    } else if (value instanceof LocalDateTime dateTime) {
      part.append(key, dateTime);
    } else {
      throw new AssertionError("no key type for " + value);
    }
  }

  /**
   * Composes the key both ways (typed appends and {@link KeySpec#compose}), checks they agree and that the key
   * decodes to exactly the values, and returns it.
   */
  static String assertRoundTrip(KeySpec spec, Object... values) {
    String key = encode(spec, values);
    assertThat(spec.compose(values)).as("compose agrees with the typed appends").isEqualTo(key);
    assertThat(spec.decode(key)).as("decode of '%s'", key).containsExactly(values);
    return key;
  }

  /** Checks that two keys compare (as UTF-16 strings) with the sign of {@code valueOrder}. */
  static void assertSortsLike(String keyA, String keyB, int valueOrder) {
    assertThat(Integer.signum(keyA.compareTo(keyB)))
        .as("order of '%s' and '%s'", keyA, keyB)
        .isEqualTo(Integer.signum(valueOrder));
  }
}
