package io.tablemapper.internal.key;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.UUID;

/** The Java types a key template can hold, and what each allows. */
public enum KeyType {
  STRING(false, false, false),
  ENUM(false, false, false),
  BOOLEAN(true, false, false),
  BYTE(true, true, true),
  SHORT(true, true, true),
  INT(true, true, true),
  LONG(true, true, true),
  UUID(true, false, false),
  INSTANT(true, false, true),
  OFFSET_DATE_TIME(true, false, true),
  LOCAL_DATE(true, false, true),
  LOCAL_DATE_TIME(true, false, true);

  private static final Map<String, KeyType> BY_TYPE_NAME =
      Map.ofEntries(
          Map.entry("java.lang.String", STRING),
          Map.entry("boolean", BOOLEAN),
          Map.entry("java.lang.Boolean", BOOLEAN),
          Map.entry("byte", BYTE),
          Map.entry("java.lang.Byte", BYTE),
          Map.entry("short", SHORT),
          Map.entry("java.lang.Short", SHORT),
          Map.entry("int", INT),
          Map.entry("java.lang.Integer", INT),
          Map.entry("long", LONG),
          Map.entry("java.lang.Long", LONG),
          Map.entry("java.util.UUID", UUID),
          Map.entry("java.time.Instant", INSTANT),
          Map.entry("java.time.OffsetDateTime", OFFSET_DATE_TIME),
          Map.entry("java.time.LocalDate", LOCAL_DATE),
          Map.entry("java.time.LocalDateTime", LOCAL_DATE_TIME));

  private final boolean selfDelimiting;
  private final boolean allowsWidth;
  private final boolean allowsDesc;

  KeyType(boolean selfDelimiting, boolean allowsWidth, boolean allowsDesc) {
    this.selfDelimiting = selfDelimiting;
    this.allowsWidth = allowsWidth;
    this.allowsDesc = allowsDesc;
  }

  /**
   * Whether an encoded value ends where it ends by itself (fixed width, or a prefix-free set like
   * {@code false}/{@code true}); otherwise a literal separator must follow it, or it must end the key.
   */
  public boolean selfDelimiting() {
    return selfDelimiting;
  }

  /** Whether {@code :0N} (zero padding to N digits) applies: integral types only. */
  public boolean allowsWidth() {
    return allowsWidth;
  }

  /** Whether {@code :desc} applies: numbers and times. */
  public boolean allowsDesc() {
    return allowsDesc;
  }

  /**
   * Whether {@code :ticks} and {@code :ticksdesc} apply: the times a .NET DateTime holds (an OffsetDateTime as its
   * instant, a LocalDateTime in UTC, a LocalDate at midnight UTC).
   */
  public boolean allowsTicks() {
    return temporal();
  }

  /** Whether this is a point in time or a date, whose new values keep growing as time passes. */
  public boolean temporal() {
    return this == INSTANT || this == OFFSET_DATE_TIME || this == LOCAL_DATE_TIME || this == LOCAL_DATE;
  }

  /** Whether this is {@code byte}, {@code short}, {@code int} or {@code long}. */
  public boolean integral() {
    return allowsWidth;
  }

  /** The number of decimal digits of the type's largest magnitude (integral types), for example 10 for int. */
  public int digits() {
    switch (this) {
      case BYTE:
        return 3;
      case SHORT:
        return 5;
      case INT:
        return 10;
      case LONG:
        return 19;
      default:
        throw new IllegalStateException(this + " is not integral");
    }
  }

  /** The smallest value of an integral type. */
  public long minValue() {
    switch (this) {
      case BYTE:
        return Byte.MIN_VALUE;
      case SHORT:
        return Short.MIN_VALUE;
      case INT:
        return Integer.MIN_VALUE;
      case LONG:
        return Long.MIN_VALUE;
      default:
        throw new IllegalStateException(this + " is not integral");
    }
  }

  /** The largest value of an integral type. */
  public long maxValue() {
    switch (this) {
      case BYTE:
        return Byte.MAX_VALUE;
      case SHORT:
        return Short.MAX_VALUE;
      case INT:
        return Integer.MAX_VALUE;
      case LONG:
        return Long.MAX_VALUE;
      default:
        throw new IllegalStateException(this + " is not integral");
    }
  }

  /**
   * The key type of a Java type given by its canonical name ({@code int}, {@code java.lang.String}, ...), or null
   * when it cannot be in a key. Used by the annotation processor, which sees type names, not classes.
   *
   * @param isEnum whether the type is an enum (any enum can be in a key)
   */
  public static KeyType forTypeName(String canonicalName, boolean isEnum) {
    return isEnum ? ENUM : BY_TYPE_NAME.get(canonicalName);
  }

  /** The key type of a Java class, or null when it cannot be in a key. */
  public static KeyType forClass(Class<?> type) {
    if (type.isEnum()) {
      return ENUM;
    }
    return BY_TYPE_NAME.get(type.getCanonicalName());
  }

  /** The Java classes carrying decoded values of this type (boxes for primitives; {@code Enum} for enums). */
  public Class<?> boxedClass() {
    switch (this) {
      case STRING:
        return String.class;
      case BOOLEAN:
        return Boolean.class;
      case BYTE:
        return Byte.class;
      case SHORT:
        return Short.class;
      case INT:
        return Integer.class;
      case LONG:
        return Long.class;
      case UUID:
        return java.util.UUID.class;
      case INSTANT:
        return Instant.class;
      case OFFSET_DATE_TIME:
        return OffsetDateTime.class;
      case LOCAL_DATE:
        return LocalDate.class;
      case LOCAL_DATE_TIME:
        return LocalDateTime.class;
      default:
        return Enum.class;
    }
  }

  /**
   * How many characters a composed key reserves for a value of this type, to size its builder: the padded width of
   * a number (20 digits without one), 36 for a UUID, 5 for a boolean, 16 for a String or enum, 40 for a time. One
   * estimate for the processor's composer and the run-time one alike.
   *
   * @param width the placeholder's padded width, or 0
   */
  public int estimatedWidth(int width) {
    switch (this) {
      case BYTE:
      case SHORT:
      case INT:
      case LONG:
        return width > 0 ? width : 20;
      case UUID:
        return 36;
      case BOOLEAN:
        return 5;
      case STRING:
      case ENUM:
        return 16;
      default:
        return 40;
    }
  }

  /** The supported types, for messages. */
  public static String supportedTypes() {
    return "String, enums, boolean, byte, short, int, long (and their boxes), UUID, Instant, OffsetDateTime,"
        + " LocalDate, LocalDateTime";
  }
}
