package io.tablemapper.internal.key;

import io.tablemapper.spi.StoreLimits;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A parsed key template: literal text and {@code {property[:modifier]...}} placeholders.
 *
 * <ul>
 *   <li>{@code {p}}: the property's order-preserving encoding;
 *   <li>{@code {p:0N}}: zero-padded to N digits (1 to 20), integral types only;
 *   <li>{@code {p:desc}}: descending order, numbers and times only; combines with padding as {@code {p:08:desc}};
 *   <li>{@code {p:ticks}}: a time as 19 digits of .NET ticks (100 ns since 0001-01-01T00:00:00Z), and
 *       {@code {p:ticksdesc}} as {@code DateTime.MaxValue.Ticks} minus them: the layout .NET writers use.
 * </ul>
 *
 * <p>{@code {{} and {@code }}} write literal braces. Literals may not contain {@code / \ # ?} or control
 * characters. Immutable.
 */
public final class KeyTemplate {
  /** The widest zero padding. */
  public static final int MAX_WIDTH = 20;

  private final String source;
  private final List<Segment> segments;
  private final List<Placeholder> placeholders;

  private KeyTemplate(String source, List<Segment> segments) {
    this.source = source;
    this.segments = Collections.unmodifiableList(segments);
    List<Placeholder> found = new ArrayList<>();
    for (Segment segment : segments) {
      if (segment instanceof Placeholder) {
        found.add((Placeholder) segment);
      }
    }
    this.placeholders = Collections.unmodifiableList(found);
  }

  /** A piece of a template. */
  public sealed interface Segment permits Literal, Placeholder {}

  /**
   * Literal text.
   *
   * @param text the text, braces unescaped
   * @param start where it starts in the template
   */
  public record Literal(String text, int start) implements Segment {}

  /**
   * A placeholder.
   *
   * @param property the property name
   * @param width the zero-padding width, or 0 for the full-domain encoding
   * @param desc whether the order is descending
   * @param start where {@code {} is in the template
   * @param end the index after {@code }}
   * @param index the placeholder's position among the template's placeholders
   * @param ticks whether a time is written as .NET ticks ({@code :ticks}, or {@code :ticksdesc} with {@code desc})
   */
  public record Placeholder(String property, int width, boolean desc, int start, int end, int index, boolean ticks)
      implements Segment {

    /** A placeholder in one of tablemapper's own encodings (not ticks). */
    public Placeholder(String property, int width, boolean desc, int start, int end, int index) {
      this(property, width, desc, start, end, index, false);
    }

    /** The placeholder as written, normalised, for example {@code {employeeId:08}}. */
    public String text() {
      StringBuilder text = new StringBuilder("{").append(property);
      if (width > 0) {
        text.append(':');
        String digits = Integer.toString(width);
        text.append('0').append(digits);
      }
      if (ticks) {
        text.append(desc ? ":ticksdesc" : ":ticks");
      } else if (desc) {
        text.append(":desc");
      }
      return text.append('}').toString();
    }
  }

  /**
   * Parses a template.
   *
   * @throws KeyTemplateException saying where and why it is malformed
   */
  public static KeyTemplate parse(String template) {
    Objects.requireNonNull(template, "template");
    if (template.isEmpty()) {
      throw new KeyTemplateException(template, -1, "a key template needs literal text or a {property}");
    }
    List<Segment> segments = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    StringBuilder literal = new StringBuilder();
    int literalStart = 0;
    int i = 0;
    int placeholderIndex = 0;
    while (i < template.length()) {
      char c = template.charAt(i);
      if (c == '{' && i + 1 < template.length() && template.charAt(i + 1) == '{') {
        literal.append('{');
        i += 2;
      } else if (c == '}' && i + 1 < template.length() && template.charAt(i + 1) == '}') {
        literal.append('}');
        i += 2;
      } else if (c == '}') {
        throw new KeyTemplateException(template, i, "'}' without a matching '{' (write '}}' for a literal brace)");
      } else if (c == '{') {
        int close = template.indexOf('}', i + 1);
        if (close < 0) {
          throw new KeyTemplateException(template, i, "'{' is never closed by '}'");
        }
        if (literal.length() > 0) {
          segments.add(new Literal(literal.toString(), literalStart));
          literal.setLength(0);
        }
        Placeholder placeholder = parsePlaceholder(template, i, close, placeholderIndex++);
        if (!seen.add(placeholder.property())) {
          throw new KeyTemplateException(
              template, i, "property '" + placeholder.property() + "' appears twice in one key");
        }
        segments.add(placeholder);
        i = close + 1;
        literalStart = i;
      } else {
        if (!StoreLimits.isKeyCharAllowed(c)) {
          throw new KeyTemplateException(
              template, i, "the literal contains " + StoreLimits.describeChar(c)
                  + ", which keys may not hold (/ \\ # ? and control characters are forbidden)",
              KeyTemplateException.Kind.FORBIDDEN_CHARACTER);
        }
        if (literal.length() == 0) {
          literalStart = i;
        }
        literal.append(c);
        i++;
      }
    }
    if (literal.length() > 0) {
      segments.add(new Literal(literal.toString(), literalStart));
    }
    return new KeyTemplate(template, segments);
  }

  /**
   * Whether a modifier is digits only, and not empty (a loop: a stream's lambda or a regular expression would be
   * bootstrapped at the first key template parsed, at start-up).
   */
  private static boolean allDigits(String modifier) {
    for (int i = 0; i < modifier.length(); i++) {
      if (modifier.charAt(i) < '0' || modifier.charAt(i) > '9') {
        return false;
      }
    }
    return !modifier.isEmpty();
  }

  private static Placeholder parsePlaceholder(String template, int open, int close, int index) {
    String body = template.substring(open + 1, close);
    if (body.indexOf('{') >= 0) {
      throw new KeyTemplateException(template, open + 1 + body.indexOf('{'), "'{' inside a placeholder");
    }
    String[] parts = body.split(":", -1);
    String property = parts[0];
    if (!isJavaIdentifier(property)) {
      throw new KeyTemplateException(
          template, open + 1,
          property.isEmpty() ? "empty placeholder: write {propertyName}" : "'" + property + "' is not a property name");
    }
    int width = 0;
    boolean desc = false;
    boolean ticks = false;
    int position = open + 1 + property.length();
    for (int p = 1; p < parts.length; p++) {
      String modifier = parts[p];
      int at = position + 1;
      if (modifier.equals("desc")) {
        if (desc) {
          throw new KeyTemplateException(template, at, "':desc' given twice");
        }
        desc = true;
      } else if (modifier.equals("ticks") || modifier.equals("ticksdesc")) {
        if (ticks) {
          throw new KeyTemplateException(template, at, "':ticks' or ':ticksdesc' given twice");
        }
        if (modifier.equals("ticksdesc") && desc) {
          throw new KeyTemplateException(template, at, "':desc' given twice (':ticksdesc' is descending already)");
        }
        ticks = true;
        desc |= modifier.equals("ticksdesc");
      } else if (allDigits(modifier)) {
        if (width > 0) {
          throw new KeyTemplateException(template, at, "two widths given");
        }
        if (modifier.equals("0")) {
          throw new KeyTemplateException(template, at, "width ':0' has no digits; write :01 to :0" + MAX_WIDTH);
        }
        if (modifier.charAt(0) != '0') {
          throw new KeyTemplateException(
              template, at, "width '" + modifier + "' must be written with a leading zero, as :0" + modifier
                  + " (zero-padded to " + modifier + " digits)");
        }
        // Leading zeros aside, more than two digits is out of range whatever they are (and may not fit an int).
        int first = 1;
        while (first < modifier.length() - 1 && modifier.charAt(first) == '0') {
          first++; // leading zeros, all but the last digit
        }
        String digits = modifier.substring(first);
        int parsed = digits.length() > 2 ? Integer.MAX_VALUE : Integer.parseInt(digits);
        if (parsed < 1 || parsed > MAX_WIDTH) {
          throw new KeyTemplateException(
              template, at, "width " + digits + " is out of range; write :01 to :0" + MAX_WIDTH);
        }
        width = parsed;
      } else {
        throw new KeyTemplateException(template, at, "unknown modifier '" + modifier + "'; modifiers are :0N"
            + " (zero-pad to N digits), :desc, and :ticks or :ticksdesc (.NET ticks)");
      }
      position = at + modifier.length();
    }
    if (ticks && width > 0) {
      throw new KeyTemplateException(template, open + 1 + property.length() + 1,
          "ticks are always 19 digits wide; remove the width :0" + width);
    }
    return new Placeholder(property, width, desc, open, close + 1, index, ticks);
  }

  private static boolean isJavaIdentifier(String name) {
    if (name.isEmpty() || !Character.isJavaIdentifierStart(name.charAt(0))) {
      return false;
    }
    for (int i = 1; i < name.length(); i++) {
      if (!Character.isJavaIdentifierPart(name.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Checks the template against the key types of its placeholders, in placeholder order, and returns every
   * problem found (empty when it fits): a modifier the type does not allow, and a variable-width value (a String or
   * enum) that is neither last nor followed by a literal separator.
   */
  public List<KeyTemplateException> validate(List<KeyType> types) {
    if (types.size() != placeholders.size()) {
      throw new IllegalArgumentException(
          "template '" + source + "' has " + placeholders.size() + " placeholders, got " + types.size() + " types");
    }
    List<KeyTemplateException> problems = new ArrayList<>();
    for (int s = 0; s < segments.size(); s++) {
      if (!(segments.get(s) instanceof Placeholder)) {
        continue;
      }
      Placeholder placeholder = (Placeholder) segments.get(s);
      KeyType type = types.get(placeholder.index());
      if (placeholder.width() > 0 && !type.allowsWidth()) {
        problems.add(new KeyTemplateException(source, placeholder.start(),
            "{" + placeholder.property() + "} is " + describe(type) + "; zero padding (:0N) applies to integral"
                + " types only",
            KeyTemplateException.Kind.TYPE_MISMATCH));
      }
      if (placeholder.ticks() && !type.allowsTicks()) {
        problems.add(new KeyTemplateException(source, placeholder.start(),
            "{" + placeholder.property() + "} is " + describe(type) + "; "
                + (placeholder.desc() ? ":ticksdesc" : ":ticks")
                + " applies to Instant, OffsetDateTime, LocalDateTime and LocalDate only",
            KeyTemplateException.Kind.TYPE_MISMATCH));
      } else if (placeholder.desc() && !type.allowsDesc()) {
        problems.add(new KeyTemplateException(source, placeholder.start(),
            "{" + placeholder.property() + "} is " + describe(type) + "; :desc applies to numbers and times only",
            KeyTemplateException.Kind.TYPE_MISMATCH));
      }
      boolean last = s == segments.size() - 1;
      if (!type.selfDelimiting() && !last && !(segments.get(s + 1) instanceof Literal)) {
        Placeholder next = (Placeholder) segments.get(s + 1);
        problems.add(new KeyTemplateException(source, next.start(),
            "{" + placeholder.property() + "} is " + describe(type) + " of varying length and is directly followed"
                + " by {" + next.property() + "}, so the key could not be split; put a separator between them,"
                + " for example {" + placeholder.property() + "}_{" + next.property() + "}",
            KeyTemplateException.Kind.TYPE_MISMATCH));
      }
    }
    return problems;
  }

  private static String describe(KeyType type) {
    switch (type) {
      case STRING:
        return "a String";
      case ENUM:
        return "an enum";
      case BOOLEAN:
        return "a boolean";
      case UUID:
        return "a UUID";
      case INSTANT:
      case OFFSET_DATE_TIME:
      case INT:
        return "an " + type.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
      default:
        return "a " + type.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    }
  }

  /** The template as written. */
  public String source() {
    return source;
  }

  /** The segments in order. */
  public List<Segment> segments() {
    return segments;
  }

  /** The placeholders in order. */
  public List<Placeholder> placeholders() {
    return placeholders;
  }

  /** The literal text before the first placeholder ({@code ""} when the template starts with one). */
  public String literalPrefix() {
    return !segments.isEmpty() && segments.get(0) instanceof Literal ? ((Literal) segments.get(0)).text() : "";
  }

  /** Whether the template has no placeholder (every entity gets the same key). */
  public boolean isConstant() {
    return placeholders.isEmpty();
  }

  /** The placeholder for a property, or null. */
  public Placeholder placeholder(String property) {
    for (Placeholder placeholder : placeholders) {
      if (placeholder.property().equals(property)) {
        return placeholder;
      }
    }
    return null;
  }

  /**
   * The literal that directly follows placeholder {@code index}, or null when it is last or followed by another
   * placeholder.
   */
  public String literalAfter(int index) {
    Placeholder placeholder = placeholders.get(index);
    // by identity: indexOf would call the record's equals, whose first call bootstraps ObjectMethods (spinning
    // method handles) on every application's start-up path, where each KeySpec is built (profiled)
    int s = 0;
    while (segments.get(s) != placeholder) {
      s++;
    }
    return s + 1 < segments.size() && segments.get(s + 1) instanceof Literal
        ? ((Literal) segments.get(s + 1)).text()
        : null;
  }

  /** Whether placeholder {@code index} is the last segment. */
  public boolean isLast(int index) {
    return segments.get(segments.size() - 1) == placeholders.get(index);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof KeyTemplate && ((KeyTemplate) other).source.equals(source);
  }

  @Override
  public int hashCode() {
    return source.hashCode();
  }

  @Override
  public String toString() {
    return source;
  }
}
