package io.tablemapper.internal.model;

import io.tablemapper.spi.EdmType;
import io.tablemapper.spi.StoreLimits;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How a Java property type is stored: its store type, how it can be queried, and how a {@code @DefaultValue} text
 * reads as one of its values. One enum for the processor and the runtime: each names a type as Java source does
 * ({@link #of}).
 */
public enum PropertyKind {
  STRING(EdmType.STRING, true, true),
  CHAR(EdmType.STRING, true, true),
  BINARY(EdmType.BINARY, true, false),
  BOOLEAN(EdmType.BOOLEAN, true, false),
  BYTE(EdmType.INT32, true, true),
  SHORT(EdmType.INT32, true, true),
  INT(EdmType.INT32, true, true),
  LONG(EdmType.INT64, true, true),
  FLOAT(EdmType.DOUBLE, true, true),
  DOUBLE(EdmType.DOUBLE, true, true),
  UUID(EdmType.GUID, true, false),
  INSTANT(EdmType.DATE_TIME, true, true),
  OFFSET_DATE_TIME(EdmType.DATE_TIME, true, true),
  LOCAL_DATE(EdmType.DATE_TIME, true, true),
  LOCAL_DATE_TIME(EdmType.DATE_TIME, true, true),
  ENUM(EdmType.STRING, true, false),
  BIG_DECIMAL(EdmType.STRING, true, false),
  BIG_INTEGER(EdmType.STRING, true, false),
  JSON(EdmType.STRING, false, false);

  private static final Map<String, PropertyKind> TYPES =
      Map.ofEntries(
          Map.entry("boolean", BOOLEAN),
          Map.entry("byte", BYTE),
          Map.entry("short", SHORT),
          Map.entry("int", INT),
          Map.entry("long", LONG),
          Map.entry("char", CHAR),
          Map.entry("float", FLOAT),
          Map.entry("double", DOUBLE),
          Map.entry("byte[]", BINARY),
          Map.entry("java.lang.String", STRING),
          Map.entry("java.lang.Character", CHAR),
          Map.entry("java.lang.Boolean", BOOLEAN),
          Map.entry("java.lang.Byte", BYTE),
          Map.entry("java.lang.Short", SHORT),
          Map.entry("java.lang.Integer", INT),
          Map.entry("java.lang.Long", LONG),
          Map.entry("java.lang.Float", FLOAT),
          Map.entry("java.lang.Double", DOUBLE),
          Map.entry("java.util.UUID", UUID),
          Map.entry("java.time.Instant", INSTANT),
          Map.entry("java.time.OffsetDateTime", OFFSET_DATE_TIME),
          Map.entry("java.time.LocalDate", LOCAL_DATE),
          Map.entry("java.time.LocalDateTime", LOCAL_DATE_TIME),
          Map.entry("java.math.BigDecimal", BIG_DECIMAL),
          Map.entry("java.math.BigInteger", BIG_INTEGER));

  private final EdmType edmType;
  private final boolean queryable;
  private final boolean orderable;

  PropertyKind(EdmType edmType, boolean queryable, boolean orderable) {
    this.edmType = edmType;
    this.queryable = queryable;
    this.orderable = orderable;
  }

  /** The store type. */
  public EdmType edmType() {
    return edmType;
  }

  /**
   * Whether {@code @Encrypted} may encrypt it: the store holds it as a String or a Binary, the two plaintext encodings
   * of the encrypted format (UTF-8 text, raw bytes).
   */
  public boolean encryptable() {
    return edmType == EdmType.STRING || edmType == EdmType.BINARY;
  }

  /** Whether derived queries can compare it for equality. */
  public boolean queryable() {
    return queryable;
  }

  /**
   * Whether its stored form sorts like its values, so range conditions work (enums sort by name, BigDecimal as
   * text, UUIDs and binaries without a useful order: equality only).
   */
  public boolean orderable() {
    return orderable;
  }

  /**
   * The kind of a type, or null when the store cannot hold it without {@code @Json}.
   *
   * @param canonicalName the type as source writes it without type arguments: {@code int}, {@code byte[]},
   *     {@code java.lang.String}
   * @param isEnum whether it is an enum
   */
  public static PropertyKind of(String canonicalName, boolean isEnum) {
    return isEnum ? ENUM : TYPES.get(canonicalName);
  }

  /**
   * The value of a {@code @DefaultValue} text for a property of this kind: a String, boxed primitive, java.time
   * value, BigDecimal, BigInteger, byte[], or for an enum the constant's name.
   *
   * @param enumConstants the constants of an enum property, else empty
   * @param type the property type as source writes it, for messages
   * @throws IllegalArgumentException whose message says why the text is no such value
   */
  public Object parseDefault(String text, List<String> enumConstants, String type) {
    String problem;
    try {
      switch (this) {
        case STRING:
          if (text.length() <= StoreLimits.MAX_STRING_LENGTH) {
            return text;
          }
          problem = "it is " + text.length() + " characters long; the store holds at most "
              + StoreLimits.MAX_STRING_LENGTH;
          break;
        case CHAR:
          if (text.length() == 1) {
            return text.charAt(0);
          }
          problem = "a char default is exactly one character";
          break;
        case BOOLEAN:
          if (text.equals("true") || text.equals("false")) {
            return Boolean.valueOf(text);
          }
          problem = "write true or false";
          break;
        case BYTE:
          return Byte.parseByte(text);
        case SHORT:
          return Short.parseShort(text);
        case INT:
          return Integer.parseInt(text);
        case LONG:
          return Long.parseLong(text);
        case FLOAT:
          return Float.parseFloat(text);
        case DOUBLE:
          return Double.parseDouble(text);
        case UUID:
          java.util.UUID uuid = java.util.UUID.fromString(text);
          if (uuid.toString().equals(text.toLowerCase(Locale.ROOT))) {
            return uuid;
          }
          problem = "write a UUID in its canonical form, for example 123e4567-e89b-12d3-a456-426614174000";
          break;
        case INSTANT:
          java.time.Instant instant = java.time.Instant.parse(text);
          problem = StoreLimits.dateTimeProblem(instant);
          if (problem == null) {
            return instant;
          }
          break;
        case OFFSET_DATE_TIME:
          java.time.OffsetDateTime offset = java.time.OffsetDateTime.parse(text);
          problem = StoreLimits.dateTimeProblem(offset.toInstant());
          if (problem == null) {
            return offset;
          }
          break;
        case LOCAL_DATE:
          return java.time.LocalDate.parse(text);
        case LOCAL_DATE_TIME:
          return java.time.LocalDateTime.parse(text);
        case ENUM:
          if (enumConstants.contains(text)) {
            return text;
          }
          problem = "it is not a constant of " + type + " (" + String.join(", ", enumConstants) + ")";
          break;
        case BIG_DECIMAL:
          return new java.math.BigDecimal(text);
        case BIG_INTEGER:
          return new java.math.BigInteger(text);
        case BINARY:
          byte[] bytes = java.util.Base64.getDecoder().decode(text);
          if (bytes.length <= StoreLimits.MAX_BINARY_LENGTH) {
            return bytes;
          }
          problem = "it holds " + bytes.length + " bytes; the store holds at most " + StoreLimits.MAX_BINARY_LENGTH;
          break;
        default:
          throw new IllegalArgumentException("a @Json property takes no default");
      }
    } catch (NumberFormatException e) {
      problem = "write a number in Java's decimal syntax within the type's range";
    } catch (java.time.format.DateTimeParseException e) {
      problem = "write it in ISO-8601 (" + e.getMessage() + ")";
    } catch (IllegalArgumentException e) {
      problem = this == BINARY ? "write the bytes in Base64" : e.getMessage();
    }
    throw new IllegalArgumentException(problem);
  }
}
