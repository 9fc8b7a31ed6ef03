package io.tablemapper.processor.generation.report;

/** Escapes text for HTML element content and attribute values: every name in the page passes through here. */
final class Html {

  private Html() {}

  static String escape(String text) {
    StringBuilder out = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&':
          out.append("&amp;");
          break;
        case '<':
          out.append("&lt;");
          break;
        case '>':
          out.append("&gt;");
          break;
        case '"':
          out.append("&quot;");
          break;
        case '\'':
          out.append("&#39;");
          break;
        default:
          out.append(c);
      }
    }
    return out.toString();
  }
}
