package io.tablemapper.spi;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Map;
import java.util.UUID;

/**
 * Equality, ordering and display of store values with the store's semantics, shared by filters, backends and
 * tests: values of different {@link EdmType}s never compare; strings compare by UTF-16 code units; binaries
 * compare as unsigned bytes; Guids compare by their canonical text.
 */
public final class PropertyValues {
  private PropertyValues() {}

  /** Whether two values are equal with the store's semantics (binary by content, doubles bit-exact but NaN = NaN). */
  public static boolean equal(Object a, Object b) {
    if (a instanceof byte[] && b instanceof byte[]) {
      return Arrays.equals((byte[]) a, (byte[]) b);
    }
    if (a instanceof Double && b instanceof Double) {
      return Double.compare((Double) a, (Double) b) == 0;
    }
    return a == null ? b == null : a.equals(b);
  }

  /** Whether two property maps hold equal values under equal names. */
  public static boolean equal(Map<String, Object> a, Map<String, Object> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (Map.Entry<String, Object> entry : a.entrySet()) {
      if (!equal(entry.getValue(), b.get(entry.getKey()))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Compares two values of the same {@link EdmType}.
   *
   * @throws IllegalArgumentException if their types differ
   */
  public static int compare(Object a, Object b) {
    EdmType type = EdmType.of(a);
    if (type != EdmType.of(b)) {
      throw new IllegalArgumentException("cannot compare " + type + " with " + EdmType.of(b));
    }
    switch (type) {
      case STRING:
        return ((String) a).compareTo((String) b);
      case BINARY:
        return Arrays.compareUnsigned((byte[]) a, (byte[]) b);
      case BOOLEAN:
        return Boolean.compare((Boolean) a, (Boolean) b);
      case DATE_TIME:
        return ((java.time.Instant) a).compareTo((java.time.Instant) b);
      case DOUBLE:
        return Double.compare((Double) a, (Double) b);
      case GUID:
        return a.toString().compareTo(b.toString());
      case INT32:
        return Integer.compare((Integer) a, (Integer) b);
      case INT64:
        return Long.compare((Long) a, (Long) b);
      default:
        throw new AssertionError(type);
    }
  }

  /**
   * A value as text for messages and plans: strings quoted (a quote inside doubled, as OData writes it), binaries in
   * base64, others by their type.
   */
  public static String toString(Object value) {
    if (value instanceof String) {
      return "'" + ((String) value).replace("'", "''") + "'";
    } else if (value instanceof byte[]) {
      return "X'" + HexFormat.of().formatHex((byte[]) value) + "'";
    } else if (value instanceof UUID) {
      return "guid'" + value + "'";
    } else if (value instanceof java.time.Instant) {
      return "datetime'" + value + "'";
    } else if (value instanceof Long) {
      return value + "L";
    }
    return String.valueOf(value);
  }
}
