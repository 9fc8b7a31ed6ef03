package io.tablemapper.readmetest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Javadoc of the members of a source file, read from the source (the compiled class has none): each
 * {@code /** ... *}{@code /} with the declaration on the line after it (after annotations), for one-line
 * declarations — enum constants, fields, interface methods — as the API's sources write them.
 */
final class Javadocs {
  private static final Pattern COMMENT = Pattern.compile("/\\*\\*(.*?)\\*/\\s*\\n\\s*((?:@\\w+\\s+)*)([^\\n]+)",
      Pattern.DOTALL);
  private static final Pattern INLINE = Pattern.compile("\\{@(code|link|linkplain|value)\\s+([^}]*)}");

  /** One documented member: its one-line declaration and the description of its comment, as Markdown. */
  record Member(String name, String declaration, String description) {}

  private Javadocs() {}

  /**
   * The documented members of {@code source}, by name, in the file's order; {@code values} resolves a
   * {@code {@value Type#NAME}} to its value.
   */
  static Map<String, Member> of(Path source, Function<String, String> values) throws IOException {
    Map<String, Member> members = new LinkedHashMap<>();
    Matcher matcher = COMMENT.matcher(Files.readString(source));
    while (matcher.find()) {
      String declaration = matcher.group(3).strip();
      String name = name(declaration);
      if (name != null) {
        members.put(name, new Member(name, declaration, markdown(matcher.group(1), values)));
      }
    }
    return members;
  }

  private static String name(String declaration) {
    Matcher method = Pattern.compile("(\\w+)\\s*\\(").matcher(declaration);
    Matcher field = Pattern.compile("(\\w+)\\s*=").matcher(declaration);
    if (declaration.matches("[A-Z][A-Z0-9_]*\\s*[(,;].*")) {
      return declaration.replaceFirst("\\s*[(,;].*", "");
    }
    if (field.find() && (!method.find() || field.start() < method.start())) {
      return field.group(1);
    }
    method.reset();
    return method.find() ? method.group(1) : null;
  }

  /** The comment's description (up to its first block tag) as one line of Markdown. */
  static String markdown(String comment, Function<String, String> values) {
    StringBuilder text = new StringBuilder();
    for (String line : comment.split("\n")) {
      String stripped = line.strip().replaceFirst("^\\*\\s?", "");
      if (stripped.startsWith("@")) {
        break;
      }
      text.append(stripped).append(' ');
    }
    String description = text.toString().replace("<p>", "").replaceAll("\\s+", " ").strip();
    Matcher inline = INLINE.matcher(description);
    StringBuilder markdown = new StringBuilder();
    while (inline.find()) {
      String tag = inline.group(1);
      String body = inline.group(2).strip();
      String replacement;
      if (tag.equals("value")) {
        replacement = values.apply(body);
      } else if (tag.startsWith("link") && body.contains(" ")) {
        replacement = "`" + body.substring(body.indexOf(' ') + 1).strip() + "`";
      } else if (tag.startsWith("link")) {
        replacement = "`" + simple(body.startsWith("#") ? body.substring(1) : body.replace('#', '.')) + "`";
      } else {
        replacement = "`" + body + "`";
      }
      inline.appendReplacement(markdown, Matcher.quoteReplacement(replacement));
    }
    inline.appendTail(markdown);
    return markdown.toString().replace("|", "\\|");
  }

  /** {@code io.tablemapper.api.Batch.commitAsync()} → {@code Batch.commitAsync()}: the packages left out. */
  private static String simple(String target) {
    String[] parts = target.split("\\.(?![^(]*\\))");
    int first = 0;
    while (first < parts.length - 1 && !parts[first].isEmpty() && Character.isLowerCase(parts[first].charAt(0))) {
      first++;
    }
    return String.join(".", java.util.Arrays.copyOfRange(parts, first, parts.length));
  }
}
