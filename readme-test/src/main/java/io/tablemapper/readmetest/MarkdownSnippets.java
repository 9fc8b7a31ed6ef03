package io.tablemapper.readmetest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The fenced code blocks of the project's Markdown (README.md and everything under docs/), each with the file and
 * line it starts on and the {@code <!-- java: ... -->} (or {@code <!-- xml: ... -->}) marker on the line just
 * above its fence, if any. A fence may be indented (a block inside a list item): its indentation is taken off the
 * block's lines.
 */
final class MarkdownSnippets {
  private MarkdownSnippets() {}

  /** One fenced block: its language, its text, where its first line stands, and its marker ({@code ""} if none). */
  record Snippet(Path file, String displayName, int firstLine, String language, String text, String marker) {
    /** {@code docs/queries.md:42}: where its first line of code stands. */
    String where() {
      return displayName + ":" + firstLine;
    }

    /** Where line {@code index} (0-based) of its text stands. */
    String where(int index) {
      return displayName + ":" + (firstLine + index);
    }
  }

  /** The Markdown files the build checks: README.md and docs/**.md, in a fixed order. */
  static List<Path> files(Path root) throws IOException {
    List<Path> files = new ArrayList<>();
    files.add(root.resolve("README.md"));
    try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
      docs.filter(path -> path.toString().endsWith(".md")).sorted().forEach(files::add);
    }
    return files;
  }

  /** The fenced blocks of every file, in order. */
  static List<Snippet> of(Path root) throws IOException {
    List<Snippet> snippets = new ArrayList<>();
    for (Path file : files(root)) {
      snippets.addAll(of(file, root.relativize(file).toString().replace('\\', '/'), Files.readString(file)));
    }
    return snippets;
  }

  /** The fenced blocks of one Markdown text. */
  static List<Snippet> of(Path file, String displayName, String markdown) {
    List<Snippet> snippets = new ArrayList<>();
    List<String> lines = markdown.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      String trimmed = line.stripLeading();
      if (!trimmed.startsWith("```")) {
        continue;
      }
      int indent = line.length() - trimmed.length();
      String language = trimmed.substring(3).strip();
      String marker = "";
      if (i > 0) {
        String above = lines.get(i - 1).strip();
        if (above.startsWith("<!--") && above.endsWith("-->") && above.matches("<!--\\s*(java|xml):.*")) {
          marker = above.substring(4, above.length() - 3).strip();
        }
      }
      StringBuilder text = new StringBuilder();
      int j = i + 1;
      for (; j < lines.size() && !lines.get(j).strip().equals("```"); j++) {
        String content = lines.get(j);
        int strip = 0;
        while (strip < indent && strip < content.length() && content.charAt(strip) == ' ') {
          strip++;
        }
        text.append(content.substring(strip)).append('\n');
      }
      if (j == lines.size()) {
        throw new IllegalArgumentException(displayName + ":" + (i + 1) + ": a ``` block is never closed");
      }
      snippets.add(new Snippet(file, displayName, i + 2, language, text.toString(), marker));
      i = j;
    }
    return snippets;
  }
}
