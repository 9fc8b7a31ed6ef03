package io.tablemapper.internal.key;

import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.internal.key.KeyCodec.Cursor;
import io.tablemapper.internal.key.KeyCodec.MalformedKeyException;
import io.tablemapper.spi.StoreLimits;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * A key template bound to its entity and property types: composes keys (through its {@link Part}s), checks them,
 * and decomposes them back into values. Generated code holds one per key as a constant:
 *
 * <pre>{@code
 * static final KeySpec ROW_KEY = KeySpec.of("Employee", "RowKey", "empid_{employeeId:08}", int.class);
 * static String rowKey(int employeeId) {
 *   StringBuilder key = new StringBuilder(14).append("empid_");
 *   ROW_KEY.part(0).append(key, employeeId);
 *   return ROW_KEY.finish(key);
 * }
 * }</pre>
 *
 * <p>Every violation throws {@link InvalidKeyException} naming the entity, the property, the value and the rule.
 * Immutable and thread-safe.
 */
public final class KeySpec {
  private final String entity;
  private final String keyName;
  private final KeyTemplate template;
  private final List<Part> parts;

  private KeySpec(String entity, String keyName, KeyTemplate template, List<KeyType> types, List<Class<?>> classes) {
    this.entity = entity;
    this.keyName = keyName;
    this.template = template;
    List<Part> built = new ArrayList<>(types.size());
    for (KeyTemplate.Placeholder placeholder : template.placeholders()) {
      String after = template.literalAfter(placeholder.index());
      int separator = types.get(placeholder.index()).selfDelimiting() || after == null ? -1 : after.charAt(0);
      built.add(new Part(placeholder, types.get(placeholder.index()), classes.get(placeholder.index()), separator));
    }
    this.parts = List.copyOf(built);
  }

  /**
   * Binds a template to the Java types of its placeholders, in placeholder order.
   *
   * @param entity the entity name, for messages
   * @param keyName what the key is, for messages: {@code PartitionKey}, {@code RowKey}, {@code index email RowKey}
   * @throws KeyTemplateException if the template is malformed or does not fit the types (the annotation
   *     processor reports the same problems at compile time)
   */
  public static KeySpec of(String entity, String keyName, String template, Class<?>... propertyTypes) {
    KeyTemplate parsed = KeyTemplate.parse(template);
    List<KeyType> types = new ArrayList<>(propertyTypes.length);
    List<Class<?>> classes = new ArrayList<>(propertyTypes.length);
    for (Class<?> type : propertyTypes) {
      KeyType keyType = KeyType.forClass(type);
      if (keyType == null) {
        throw new KeyTemplateException(
            template, -1, type.getName() + " cannot be part of a key; supported: " + KeyType.supportedTypes(),
            KeyTemplateException.Kind.TYPE_MISMATCH);
      }
      types.add(keyType);
      classes.add(type);
    }
    if (types.size() != parsed.placeholders().size()) {
      throw new KeyTemplateException(template, -1,
          "expected " + parsed.placeholders().size() + " property types, got " + types.size(),
          KeyTemplateException.Kind.TYPE_MISMATCH);
    }
    List<KeyTemplateException> problems = parsed.validate(types);
    if (!problems.isEmpty()) {
      throw problems.get(0);
    }
    return new KeySpec(entity, keyName, parsed, types, classes);
  }

  /** The entity name. */
  public String entity() {
    return entity;
  }

  /** What the key is: {@code PartitionKey}, {@code RowKey}, ... */
  public String keyName() {
    return keyName;
  }

  /** The parsed template. */
  public KeyTemplate template() {
    return template;
  }

  /**
   * What the keys look like, for proofs that two key spaces never meet: the template over its key types, an enum
   * placeholder's texts limited to its constants' names.
   */
  public KeyShape shape() {
    List<KeyType> types = new ArrayList<>(parts.size());
    List<List<String>> values = new ArrayList<>(parts.size());
    for (Part part : parts) {
      types.add(part.type);
      List<String> constants = null;
      if (part.javaType.isEnum()) {
        constants = new ArrayList<>();
        for (Object constant : part.javaType.getEnumConstants()) {
          constants.add(((Enum<?>) constant).name());
        }
      }
      values.add(constants);
    }
    return KeyShape.of(template, types, values);
  }

  /** The part for placeholder {@code index}. */
  public Part part(int index) {
    return parts.get(index);
  }

  /** The parts in placeholder order. */
  public List<Part> parts() {
    return parts;
  }

  /**
   * The composed key.
   *
   * @throws InvalidKeyException if it is longer than {@link StoreLimits#MAX_KEY_LENGTH}
   */
  public String finish(StringBuilder key) {
    if (key.length() > StoreLimits.MAX_KEY_LENGTH) {
      throw new InvalidKeyException(
          keyName + " of " + entity + " would be " + key.length() + " characters long; the store allows at most "
              + StoreLimits.MAX_KEY_LENGTH + " (template '" + template + "', key starts '"
              + key.substring(0, 40) + "…')");
    }
    return key.toString();
  }

  /**
   * Composes a key from values in placeholder order (boxed); for code that does not know the types statically.
   * Generated code appends through {@link Part}s instead.
   */
  public String compose(Object... values) {
    if (values.length != parts.size()) {
      throw new IllegalArgumentException(
          "template '" + template + "' takes " + parts.size() + " values, got " + values.length);
    }
    StringBuilder key = new StringBuilder(32);
    int next = 0;
    for (KeyTemplate.Segment segment : template.segments()) {
      if (segment instanceof KeyTemplate.Literal) {
        key.append(((KeyTemplate.Literal) segment).text());
      } else {
        parts.get(next).appendValue(key, values[next]);
        next++;
      }
    }
    return finish(key);
  }

  /**
   * Decomposes a key into its values, in placeholder order (boxed: {@code Integer} for int, the enum constant,
   * ...).
   *
   * @throws InvalidKeyException if the key does not match the template
   */
  public Object[] decode(String key) {
    Object[] values = new Object[parts.size()];
    Cursor cursor = new Cursor(key, 0);
    try {
      int next = 0;
      List<KeyTemplate.Segment> segments = template.segments();
      // indexed: an iterator of the unmodifiable list per decode was most of what a point read allocated (profiled)
      for (int i = 0; i < segments.size(); i++) {
        KeyTemplate.Segment segment = segments.get(i);
        if (segment instanceof KeyTemplate.Literal) {
          cursor.expect(((KeyTemplate.Literal) segment).text());
        } else {
          values[next] = parts.get(next).read(cursor);
          next++;
        }
      }
      if (!cursor.atEnd()) {
        throw new MalformedKeyException(cursor.position(), "unexpected text after the last component");
      }
    } catch (MalformedKeyException e) {
      throw malformed(key, e);
    }
    return values;
  }

  /** The error of a key that does not match the template, as {@link #decode} and the straight-line reads give it. */
  private InvalidKeyException malformed(String key, MalformedKeyException e) {
    return new InvalidKeyException(
        keyName + " '" + key + "' of " + entity + " does not match template '" + template + "' at index "
            + e.index() + ": " + e.getMessage(), e);
  }

  // The straight-line reads: a generated fromRow decodes a key once, left to right, with these, keeping a position
  // in the key instead of a Cursor, and so allocates nothing for literals, numbers and enum constants. Each checks
  // what decode checks, in the same order; whatever it finds wrong it hands to the Cursor reads decode uses, so the
  // error is decode's, word for word.

  /**
   * Checks that the literal {@code text} of the template stands at {@code at} of {@code key}, as {@link #decode}
   * does, and returns the position after it.
   *
   * @throws InvalidKeyException if it does not
   */
  public int literal(String key, int at, String text) {
    if (key.startsWith(text, at)) {
      return at + text.length();
    }
    Cursor cursor = new Cursor(key, at);
    try {
      cursor.expect(text);
    } catch (MalformedKeyException e) {
      throw malformed(key, e);
    }
    throw new AssertionError("'" + text + "' both missing and present at " + at + " of '" + key + "'");
  }

  /**
   * Checks that {@code key} ends at {@code at}, after its last component, as {@link #decode} does.
   *
   * @throws InvalidKeyException if text follows
   */
  public void end(String key, int at) {
    if (at < key.length()) {
      throw malformed(key, new MalformedKeyException(at, "unexpected text after the last component"));
    }
  }

  @Override
  public String toString() {
    return entity + " " + keyName + " '" + template + "'";
  }

  /**
   * One placeholder of a bound template: checks a value against the key rules and appends its encoding. Each
   * {@code append} overload matches one key type; calling one that does not match is a programming error.
   */
  public final class Part {
    private final KeyTemplate.Placeholder placeholder;
    private final KeyType type;
    private final Class<?> javaType;
    private final int separator;
    /** The values {@link #padded} accepts: empty (min above max) unless this is a zero-padded integral placeholder. */
    private final long paddedMin;
    private final long paddedMax;
    /** An integral type's range (empty otherwise), and an enum's constants (else null), for the straight-line reads. */
    private final long typeMin;
    private final long typeMax;
    private final Enum<?>[] constants;

    private Part(KeyTemplate.Placeholder placeholder, KeyType type, Class<?> javaType, int separator) {
      this.placeholder = placeholder;
      this.type = type;
      this.javaType = javaType;
      this.separator = separator;
      if (type.integral() && placeholder.width() > 0) {
        this.paddedMin = Math.max(0, type.minValue());
        this.paddedMax = Math.min(type.maxValue(), KeyCodec.maxPadded(placeholder.width()));
      } else {
        this.paddedMin = 1;
        this.paddedMax = 0;
      }
      this.typeMin = type.integral() ? type.minValue() : 1;
      this.typeMax = type.integral() ? type.maxValue() : 0;
      this.constants = type == KeyType.ENUM ? (Enum<?>[]) javaType.getEnumConstants() : null;
    }

    /** The property name. */
    public String property() {
      return placeholder.property();
    }

    /** The key type. */
    public KeyType type() {
      return type;
    }

    /** The placeholder. */
    public KeyTemplate.Placeholder placeholder() {
      return placeholder;
    }

    /**
     * The character a String or enum value may not contain because it separates this component from the next,
     * or -1.
     */
    public int separator() {
      return separator;
    }

    /**
     * Returns the value, or throws {@link InvalidKeyException} when it is null (a key component needs a value).
     */
    public <V> V notNull(V value) {
      if (value == null) {
        throw invalid(null, "is null; every key component needs a value");
      }
      return value;
    }

    /**
     * This component's value in a whole key, as {@link KeySpec#decode} gives it (boxed: {@code Integer} for int, the
     * enum constant, ...).
     *
     * @throws InvalidKeyException if the key does not match the template
     */
    public Object valueIn(String key) {
      return decode(key)[placeholder.index()];
    }

    /**
     * The value of this integral component (byte, short, int or long; zero-padded or not) whose encoding starts at
     * {@code at} of {@code key}, read in place as {@link KeySpec#decode} reads it; the encoding is
     * {@link #encodedWidth()} characters long. Allocates nothing for a value that fits.
     *
     * @throws InvalidKeyException if the text there is not such an encoding, with decode's message
     * @throws IllegalStateException if this component is not integral
     */
    public long integralIn(String key, int at) {
      if (!type.integral()) {
        throw wrongType("a read of an integral value");
      }
      int width = placeholder.width();
      if (width > 0) {
        long value = KeyCodec.digitsAt(key, at, width, placeholder.desc());
        if (value >= 0 && value >= typeMin && value <= typeMax) {
          return value;
        }
      } else if (at < key.length()) {
        char sign = key.charAt(at);
        long digits = KeyCodec.digitsAt(key, at + 1, type.digits(), false);
        if (digits >= 0 && digits <= typeMax && (sign == '0' || sign == '-')) {
          long v = sign == '0' ? digits : digits + typeMin;
          if (sign == '0' || v < 0) {
            long value = placeholder.desc() ? ~v : v;
            if (value >= typeMin && value <= typeMax) {
              return value;
            }
          }
        }
      }
      return ((Number) readAt(key, at)).longValue();
    }

    /**
     * How many characters this integral component's encoding takes: its width when zero-padded, else a sign and
     * its type's {@linkplain KeyType#digits() digits}.
     *
     * @throws IllegalStateException if this component is not integral
     */
    public int encodedWidth() {
      if (!type.integral()) {
        throw wrongType("a question for an integral width");
      }
      return placeholder.width() > 0 ? placeholder.width() : 1 + type.digits();
    }

    /**
     * Where this String or enum component, starting at {@code at} of {@code key}, ends: at its
     * {@link #separator()}, or at the end of the key when it is the last.
     *
     * @throws InvalidKeyException if the separator does not follow, with {@link KeySpec#decode}'s message
     */
    public int textEnd(String key, int at) {
      if (type != KeyType.STRING && type != KeyType.ENUM) {
        throw wrongType("a read of text");
      }
      int end = separator < 0 ? key.length() : key.indexOf(separator, at);
      if (end >= 0) {
        return end;
      }
      readAt(key, at);
      throw new AssertionError("'" + (char) separator + "' both missing and present in '" + key + "'");
    }

    /** The value of this String component in {@code key}, from {@code at} to {@code end} ({@link #textEnd}). */
    public String stringIn(String key, int at, int end) {
      expect(KeyType.STRING);
      return key.substring(at, end);
    }

    /**
     * The constant of this enum component named from {@code at} to {@code end} ({@link #textEnd}) of {@code key},
     * found without copying the name.
     *
     * @throws InvalidKeyException if no constant has that name, with {@link KeySpec#decode}'s message
     */
    public Enum<?> enumIn(String key, int at, int end) {
      expect(KeyType.ENUM);
      int length = end - at;
      for (Enum<?> constant : constants) {
        String name = constant.name();
        if (name.length() == length && key.startsWith(name, at)) {
          return constant;
        }
      }
      return (Enum<?>) readAt(key, at);
    }

    /** Reads the component at {@code at} as {@link KeySpec#decode} does, with its errors. */
    private Object readAt(String key, int at) {
      try {
        return read(new Cursor(key, at));
      } catch (MalformedKeyException e) {
        throw malformed(key, e);
      }
    }

    /** Appends a String value. */
    public void append(StringBuilder out, String value) {
      expect(KeyType.STRING);
      checkText(notNull(value), value, value.length());
      out.append(value);
    }

    /**
     * A whole key that is this String placeholder alone (a template such as {@code {department}}): the value
     * itself, checked like {@link #append(StringBuilder, String)} and {@link KeySpec#finish}, without copying it.
     */
    public String whole(String value) {
      expect(KeyType.STRING);
      checkText(notNull(value), value, value.length());
      if (value.length() > StoreLimits.MAX_KEY_LENGTH) {
        return finish(new StringBuilder(value));
      }
      return value;
    }

    /**
     * Appends the start of a String value, for a prefix query ({@code StartsWith}); the same characters are
     * forbidden as in a whole value.
     */
    public void appendPrefix(StringBuilder out, String prefix) {
      append(out, prefix);
    }

    /** Appends an integral value (byte, short, int or long). */
    public void append(StringBuilder out, long value) {
      if (!type.integral()) {
        throw wrongType("an integral value");
      }
      if (placeholder.width() > 0) {
        KeyCodec.appendPadded(out, padded(value), placeholder.width(), placeholder.desc());
      } else {
        if (value < type.minValue() || value > type.maxValue()) {
          throw invalid(value, "is outside the range of " + javaType.getSimpleName());
        }
        KeyCodec.appendSigned(out, value, type, placeholder.desc());
      }
    }

    /**
     * Checks an integral value for this zero-padded placeholder ({@code {p:0N}}): within its type's range and
     * 0 … 10<sup>N</sup> − 1. Returns it, for the generated composer that appends its digits straight away with
     * {@link KeyCodec#appendDigits} (ascending) or {@link KeyCodec#appendPadded} (descending): the rule lives here,
     * the encoding in {@link KeyCodec}, and {@link #append(StringBuilder, long)} uses both the same way.
     *
     * @throws InvalidKeyException if the value does not fit
     * @throws IllegalStateException if this placeholder is not a zero-padded integral one
     */
    public long padded(long value) {
      if (value < paddedMin || value > paddedMax) {
        throw notPadded(value);
      }
      return value;
    }

    private RuntimeException notPadded(long value) {
      if (!type.integral() || placeholder.width() == 0) {
        return wrongType("a value for a zero-padded placeholder");
      }
      if (value < type.minValue() || value > type.maxValue()) {
        return invalid(value, "is outside the range of " + javaType.getSimpleName());
      }
      long max = KeyCodec.maxPadded(placeholder.width());
      return invalid(value, "does not fit " + placeholder.text() + ": only 0 … " + max + " fit in "
          + placeholder.width() + " digits (use {" + property() + "} for the type's whole range)");
    }

    /** Appends a boolean value. */
    public void append(StringBuilder out, boolean value) {
      expect(KeyType.BOOLEAN);
      KeyCodec.appendBoolean(out, value);
    }

    /** Appends a UUID value. */
    public void append(StringBuilder out, UUID value) {
      expect(KeyType.UUID);
      KeyCodec.appendUuid(out, notNull(value));
    }

    /** Appends an enum value (its name). */
    public void append(StringBuilder out, Enum<?> value) {
      expect(KeyType.ENUM);
      String name = notNull(value).name();
      checkText(name, value, name.length());
      out.append(name);
    }

    /** Appends an Instant value. */
    public void append(StringBuilder out, Instant value) {
      expect(KeyType.INSTANT);
      if (placeholder.ticks()) {
        appendTicks(out, notNull(value), value);
      } else {
        KeyCodec.appendInstant(out, notNull(value), placeholder.desc());
      }
    }

    /** Appends an OffsetDateTime value. */
    public void append(StringBuilder out, OffsetDateTime value) {
      expect(KeyType.OFFSET_DATE_TIME);
      if (placeholder.ticks()) {
        appendTicks(out, notNull(value).toInstant(), value);
      } else {
        KeyCodec.appendOffsetDateTime(out, notNull(value), placeholder.desc());
      }
    }

    /** Appends a LocalDate value. */
    public void append(StringBuilder out, LocalDate value) {
      expect(KeyType.LOCAL_DATE);
      if (placeholder.ticks()) {
        appendTicks(out, notNull(value).atStartOfDay(ZoneOffset.UTC).toInstant(), value);
      } else {
        KeyCodec.appendLocalDate(out, notNull(value), placeholder.desc());
      }
    }

    /** Appends a LocalDateTime value. */
    public void append(StringBuilder out, LocalDateTime value) {
      expect(KeyType.LOCAL_DATE_TIME);
      if (placeholder.ticks()) {
        appendTicks(out, notNull(value).toInstant(ZoneOffset.UTC), value);
      } else {
        KeyCodec.appendLocalDateTime(out, notNull(value), placeholder.desc());
      }
    }

    /** Appends .NET ticks of a time given as {@code instant} (in UTC), or refuses it with the value as written. */
    private void appendTicks(StringBuilder out, Instant instant, Object value) {
      String problem = KeyCodec.ticksProblem(instant);
      if (problem != null) {
        throw invalid(value, problem);
      }
      KeyCodec.appendTicks(out, instant, placeholder.desc());
    }

    /** Appends a boxed value of this part's type. */
    public void appendValue(StringBuilder out, Object value) {
      notNull(value);
      switch (type) {
        case STRING:
          append(out, (String) value);
          break;
        case ENUM:
          append(out, (Enum<?>) value);
          break;
        case BOOLEAN:
          append(out, (boolean) (Boolean) value);
          break;
        case BYTE:
        case SHORT:
        case INT:
        case LONG:
          append(out, ((Number) value).longValue());
          break;
        case UUID:
          append(out, (UUID) value);
          break;
        case INSTANT:
          append(out, (Instant) value);
          break;
        case OFFSET_DATE_TIME:
          append(out, (OffsetDateTime) value);
          break;
        case LOCAL_DATE:
          append(out, (LocalDate) value);
          break;
        case LOCAL_DATE_TIME:
          append(out, (LocalDateTime) value);
          break;
        default:
          throw new AssertionError(type);
      }
    }

    Object read(Cursor cursor) {
      switch (type) {
        case STRING:
          return cursor.until(separator);
        case ENUM:
          String name = cursor.until(separator);
          try {
            return enumConstant(name);
          } catch (IllegalArgumentException e) {
            throw new MalformedKeyException(cursor.position() - name.length(),
                "'" + name + "' is not a constant of " + javaType.getName());
          }
        case BOOLEAN:
          return KeyCodec.readBoolean(cursor);
        case BYTE:
        case SHORT:
        case INT:
        case LONG:
          int at = cursor.position();
          long value = placeholder.width() > 0
              ? KeyCodec.readPadded(cursor, placeholder.width(), placeholder.desc())
              : KeyCodec.readSigned(cursor, type, placeholder.desc());
          if (value < type.minValue() || value > type.maxValue()) {
            throw new MalformedKeyException(at, value + " is outside the range of " + javaType.getSimpleName());
          }
          return box(value);
        case UUID:
          return KeyCodec.readUuid(cursor);
        case INSTANT:
        case OFFSET_DATE_TIME:
        case LOCAL_DATE:
        case LOCAL_DATE_TIME:
          return placeholder.ticks() ? readTicks(cursor) : readTime(cursor);
        default:
          throw new AssertionError(type);
      }
    }

    private Object readTicks(Cursor cursor) {
      int at = cursor.position();
      Instant instant = KeyCodec.readTicks(cursor, placeholder.desc());
      switch (type) {
        case INSTANT:
          return instant;
        case OFFSET_DATE_TIME:
          return instant.atOffset(ZoneOffset.UTC);
        case LOCAL_DATE_TIME:
          return LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
        default:
          LocalDateTime time = LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
          if (!time.toLocalTime().equals(java.time.LocalTime.MIDNIGHT)) {
            throw new MalformedKeyException(at, "the ticks of " + instant + " are not a date (midnight UTC)");
          }
          return time.toLocalDate();
      }
    }

    private Object readTime(Cursor cursor) {
      switch (type) {
        case INSTANT:
          return KeyCodec.readInstant(cursor, placeholder.desc());
        case OFFSET_DATE_TIME:
          return KeyCodec.readOffsetDateTime(cursor, placeholder.desc());
        case LOCAL_DATE:
          return KeyCodec.readLocalDate(cursor, placeholder.desc());
        case LOCAL_DATE_TIME:
          return KeyCodec.readLocalDateTime(cursor, placeholder.desc());
        default:
          throw new AssertionError(type);
      }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private Object enumConstant(String name) {
      return Enum.valueOf((Class) javaType, name);
    }

    private Object box(long value) {
      switch (type) {
        case BYTE:
          return (byte) value;
        case SHORT:
          return (short) value;
        case INT:
          return (int) value;
        default:
          return value;
      }
    }

    private void checkText(String text, Object value, int length) {
      for (int i = 0; i < length; i++) {
        char c = text.charAt(i);
        boolean lone = Character.isSurrogate(c) && !(Character.isHighSurrogate(c) && i + 1 < length
            && Character.isLowSurrogate(text.charAt(i + 1))) && !(Character.isLowSurrogate(c) && i > 0
            && Character.isHighSurrogate(text.charAt(i - 1)));
        if (!StoreLimits.isKeyCharAllowed(c) || lone) {
          throw invalid(value, "contains the forbidden character " + StoreLimits.describeChar(c) + " at index " + i
              + "; keys may not hold / \\ # ?, control characters or lone surrogates");
        }
        if (c == separator) {
          throw invalid(value, "contains '" + c + "', which separates {" + property() + "} from what follows it,"
              + " so the key could not be split back into its values; choose a separator that values never"
              + " contain");
        }
      }
    }

    private void expect(KeyType expected) {
      if (type != expected) {
        throw wrongType("a " + expected + " value");
      }
    }

    private IllegalStateException wrongType(String given) {
      return new IllegalStateException(
          "{" + property() + "} of " + KeySpec.this + " holds " + type + ", was given " + given);
    }

    private InvalidKeyException invalid(Object value, String problem) {
      String shown = value instanceof String ? "'" + value + "'" : String.valueOf(value);
      return new InvalidKeyException(
          entity + "." + property() + (value == null ? " " : " = " + shown + " ") + problem + " (" + keyName
              + " template '" + template + "')");
    }

    @Override
    public String toString() {
      return placeholder.text() + " of " + KeySpec.this;
    }
  }
}
