package io.tablemapper.backend.azure;

import java.util.regex.Pattern;

/**
 * Takes secrets out of text before it goes into a message: account keys, SAS signatures and whole SAS tokens, in a
 * connection string or a URL. A key or token never appears in an exception, a log line or a {@code toString()} of
 * this backend.
 */
final class Secrets {
  /** {@code AccountKey=...}, {@code SharedAccessSignature=...} (a whole SAS) and {@code sig=...}, to their end. */
  private static final Pattern SECRET =
      Pattern.compile("(?i)(AccountKey|SharedAccessSignature|sig)=[^;&\\s'\"]*");

  private Secrets() {}

  /** The text with each secret's value written as {@code ***}; null stays null. */
  static String redact(String text) {
    return text == null ? null : SECRET.matcher(text).replaceAll("$1=***");
  }
}
