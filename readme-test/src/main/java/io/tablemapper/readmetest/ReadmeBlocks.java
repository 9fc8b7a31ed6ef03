package io.tablemapper.readmetest;

import java.util.ArrayList;
import java.util.List;

/**
 * The fenced code blocks of a Markdown text that sit between {@code <!-- readme-test:NAME ... -->} and
 * {@code <!-- /readme-test:NAME -->}: the README marks the snippets the build checks this way, so that a snippet is
 * found by what it is, not by where it stands, and a snippet that loses its marker fails the build instead of
 * escaping the check.
 */
final class ReadmeBlocks {
  private ReadmeBlocks() {}

  /**
   * The bodies of the fenced blocks in the section marked {@code name}, in order.
   *
   * @throws IllegalArgumentException when the section is missing, not closed, marked twice or holds no block of
   *     the language
   */
  static List<String> of(String markdown, String name, String language) {
    String open = "<!-- readme-test:" + name;
    String close = "<!-- /readme-test:" + name + " -->";
    int start = markdown.indexOf(open);
    if (start < 0) {
      throw new IllegalArgumentException("the README has no section marked '" + open + " -->'; the build checks the"
          + " snippet between that marker and '" + close + "', so put both back around it");
    }
    if (markdown.indexOf(open, start + open.length()) >= 0) {
      throw new IllegalArgumentException("the README marks '" + open + "' twice; mark one section");
    }
    int end = markdown.indexOf(close, start);
    if (end < 0) {
      throw new IllegalArgumentException("the README opens '" + open + "' but never closes it with '" + close + "'");
    }
    List<String> blocks = new ArrayList<>();
    List<String> lines = markdown.substring(start, end).lines().toList();
    StringBuilder block = null;
    for (String line : lines) {
      String trimmed = line.strip();
      if (block == null && trimmed.equals("```" + language)) {
        block = new StringBuilder();
      } else if (block != null && trimmed.equals("```")) {
        blocks.add(block.toString());
        block = null;
      } else if (block != null) {
        block.append(line).append('\n');
      }
    }
    if (block != null) {
      throw new IllegalArgumentException("a ```" + language + " block in the README's section '" + name
          + "' is not closed before '" + close + "'");
    }
    if (blocks.isEmpty()) {
      throw new IllegalArgumentException("the README's section '" + name + "' holds no ```" + language + " block");
    }
    return blocks;
  }
}
