package io.tablemapper.processor.generation.report;

/**
 * Text for the page that wraps at separators only: each run between two places where a line may break is one
 * unbreakable {@code <span class="t">} (the page's CSS keeps it on one line), and a {@code <wbr>} follows each
 * separator. A key template wraps after its literal separators ({@code _ | , ; /}) and at spaces, never inside a
 * placeholder or in the middle of a literal or an encoded value; a method or class name wraps after a dot, a bracket
 * or a comma and before the {@code By}, {@code And} and {@code Or} of a derived query's name.
 */
final class Wrap {
  private static final String KEY_SEPARATORS = "_|,;/";

  private Wrap() {}

  /** A key template, an example key, or a phrase about keys, escaped, wrapping at its separators and spaces. */
  static String key(String text) {
    Runs runs = new Runs(text.length());
    int depth = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '{') {
        depth++;
      } else if (c == '}' && depth > 0) {
        depth--;
      }
      if (depth == 0 && c == ' ') {
        runs.space();
      } else if (depth == 0 && KEY_SEPARATORS.indexOf(c) >= 0) {
        runs.append(c).breakAfter();
      } else {
        runs.append(c);
      }
    }
    return runs.finish();
  }

  /** A method label or a qualified class name, escaped, wrapping after dots, brackets and commas and before By/And/Or. */
  static String method(String text) {
    Runs runs = new Runs(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == ' ') {
        runs.space();
      } else if (c == '.' || c == '(' || c == ',') {
        runs.append(c).breakAfter();
      } else {
        if (i > 0 && Character.isLetterOrDigit(text.charAt(i - 1)) && startsWord(text, i)) {
          runs.breakAfter();
        }
        runs.append(c);
      }
    }
    return runs.finish();
  }

  /** Whether a derived query's keyword {@code By}, {@code And} or {@code Or} starts at {@code i}. */
  private static boolean startsWord(String text, int i) {
    for (String word : new String[] {"By", "And", "Or"}) {
      int end = i + word.length();
      if (text.startsWith(word, i) && (end == text.length() || !Character.isLowerCase(text.charAt(end)))) {
        return true;
      }
    }
    return false;
  }

  /** The unbreakable runs of a text, as HTML. */
  private static final class Runs {
    private final StringBuilder html;
    private final StringBuilder run = new StringBuilder();

    Runs(int length) {
      html = new StringBuilder(length * 2 + 32);
    }

    Runs append(char c) {
      run.append(c);
      return this;
    }

    /** Ends the run: a line may break here. */
    void breakAfter() {
      flush();
      html.append("<wbr>");
    }

    void space() {
      flush();
      html.append(' ');
    }

    private void flush() {
      if (run.length() > 0) {
        html.append("<span class=\"t\">").append(Html.escape(run.toString())).append("</span>");
        run.setLength(0);
      }
    }

    String finish() {
      flush();
      return html.toString();
    }
  }
}
