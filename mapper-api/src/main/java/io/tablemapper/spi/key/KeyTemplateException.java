package io.tablemapper.spi.key;

/** A key template that cannot be parsed or does not fit its properties; says where and why. */
public final class KeyTemplateException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String template;
  private final int index;
  private final String reason;

  KeyTemplateException(String template, int index, String reason) {
    super("key template '" + template + "'" + (index >= 0 ? " at index " + index : "") + ": " + reason);
    this.template = template;
    this.index = index;
    this.reason = reason;
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
}
