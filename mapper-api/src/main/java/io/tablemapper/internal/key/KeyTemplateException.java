package io.tablemapper.internal.key;

/** A key template that cannot be parsed or does not fit its properties; says where and why. */
public final class KeyTemplateException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** What kind of rule the template breaks, so that tools can tell the problems apart without reading messages. */
  public enum Kind {
    /** The template cannot be parsed: an unclosed brace, a bad property name, an unknown or repeated modifier. */
    MALFORMED,
    /** A literal holds a character keys may not hold: {@code / \ # ?} or a control character. */
    FORBIDDEN_CHARACTER,
    /** The template parses but does not fit its property types (a modifier the type does not allow, no separator). */
    TYPE_MISMATCH
  }

  private final String template;
  private final int index;
  private final String reason;
  private final Kind kind;

  KeyTemplateException(String template, int index, String reason) {
    this(template, index, reason, Kind.MALFORMED);
  }

  KeyTemplateException(String template, int index, String reason, Kind kind) {
    super("key template '" + template + "'" + (index >= 0 ? " at index " + index : "") + ": " + reason);
    this.template = template;
    this.index = index;
    this.reason = reason;
    this.kind = kind;
  }

  /** The template. */
  public String template() {
    return template;
  }

  /** The index of the offending character in the template, or -1 when the template as a whole is at fault. */
  public int index() {
    return index;
  }

  /** What is wrong, without the template. */
  public String reason() {
    return reason;
  }

  /** What kind of rule is broken. */
  public Kind kind() {
    return kind;
  }
}
