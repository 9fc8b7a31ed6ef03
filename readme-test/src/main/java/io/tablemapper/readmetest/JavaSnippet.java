package io.tablemapper.readmetest;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A ```java block of the documentation as the compilation units of a generated project: its imports go to every
 * unit; each top-level type it declares (with the annotations above it) becomes a file of its own, named after the
 * type; the statements outside any type become the body of a method {@code run} of a class named after the block's
 * line, whose parameters are the block's {@code given} variables. Every unit lies in the block's package: the one
 * it declares, or the one its marker names, or by default one per Markdown file ({@code docs.queries} for
 * docs/queries.md), so the types one block of a page declares are visible to the page's other blocks.
 *
 * <p>The marker, an HTML comment on the line above the fence, says what the reader does not see:
 * {@code <!-- java: given TableMapper mapper, EmployeeRepository employees -->} (variables the statements use, of
 * types the block imports or declares), {@code package com.example} (the package of its units), and, rarely,
 * {@code not compiled: <reason>}, for a block that is deliberately partial. Clauses are separated by {@code ;}.
 */
final class JavaSnippet {
  private static final Pattern TYPE_START = Pattern.compile(
      "^(@[A-Za-z]|public\\s|final\\s|abstract\\s|sealed\\s|non-sealed\\s|class\\s|record\\s|interface\\s|enum\\s)");
  private static final Pattern TYPE_NAME =
      Pattern.compile("\\b(?:class|record|interface|enum)\\s+([A-Z][A-Za-z0-9_]*)");

  /** A source file of the generated project, and where each of its lines came from (null: a line it added). */
  record Unit(String path, String source, List<String> origins) {}

  private JavaSnippet() {}

  /** Whether the block is deliberately partial: its marker's {@code not compiled: reason}, else null. */
  static String notCompiled(MarkdownSnippets.Snippet snippet) {
    for (String clause : clauses(snippet.marker())) {
      if (clause.startsWith("not compiled")) {
        String reason = clause.substring("not compiled".length()).replaceFirst("^\\s*:", "").strip();
        if (reason.isEmpty()) {
          throw new IllegalArgumentException(snippet.where() + ": 'not compiled' needs a reason: "
              + "<!-- java: not compiled: why the block is partial -->");
        }
        return reason;
      }
    }
    return null;
  }

  /** The package of a Markdown file's blocks: docs/backends/azure.md gives {@code docs.backends.azure}. */
  static String defaultPackage(String displayName) {
    String name = displayName.replaceFirst("\\.md$", "").toLowerCase(Locale.ROOT);
    StringBuilder pkg = new StringBuilder();
    for (String part : name.split("/")) {
      String identifier = part.replaceAll("[^a-z0-9]+", "_");
      if (!identifier.isEmpty() && Character.isDigit(identifier.charAt(0))) {
        identifier = "_" + identifier;
      }
      pkg.append(pkg.length() == 0 ? "" : ".").append(identifier);
    }
    return pkg.toString();
  }

  /** The compilation units of one block. */
  static List<Unit> units(MarkdownSnippets.Snippet snippet) {
    String pkg = defaultPackage(snippet.displayName());
    String given = "";
    for (String clause : clauses(snippet.marker())) {
      if (clause.startsWith("given ")) {
        given = clause.substring("given ".length()).strip();
      } else if (clause.startsWith("package ")) {
        pkg = clause.substring("package ".length()).strip();
      } else if (!clause.startsWith("not compiled")) {
        throw new IllegalArgumentException(snippet.where() + ": unknown clause '" + clause + "' in the marker;"
            + " known: given TYPE NAME, ...; package NAME; not compiled: REASON");
      }
    }
    List<String> lines = snippet.text().lines().toList();
    for (int i = 1; i < lines.size(); i++) {
      String trimmed = code(lines.get(i)).strip();
      if (trimmed.startsWith("package ") && code(lines.get(i - 1)).strip().startsWith("@")) {
        // annotations on a package: the block is a package-info.java, as it stands
        String name = trimmed.substring("package ".length(), trimmed.indexOf(';')).strip();
        List<String> origins = new ArrayList<>();
        for (int j = 0; j < lines.size(); j++) {
          origins.add(snippet.where(j));
        }
        return List.of(new Unit(name.replace('.', '/') + "/package-info.java", snippet.text(), origins));
      }
    }
    List<Integer> imports = new ArrayList<>();
    List<List<Integer>> types = new ArrayList<>();
    List<Integer> statements = new ArrayList<>();
    List<Integer> pending = new ArrayList<>(); // blank lines and comments, which go with what follows
    int depth = 0;
    List<Integer> type = null;
    boolean typeNamed = false; // the line naming the type is in: braces before it are an annotation's
    boolean typeOpened = false;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      String code = code(line);
      String trimmed = code.strip();
      if (type != null) {
        type.add(i);
        depth += balance(code);
        typeNamed |= TYPE_NAME.matcher(code).find();
        typeOpened |= typeNamed && code.contains("{");
        if (typeOpened && depth == 0) {
          type = null;
        }
        continue;
      }
      if (depth == 0 && trimmed.isEmpty()) {
        pending.add(i);
      } else if (depth == 0 && trimmed.startsWith("import ")) {
        imports.add(i);
        pending.clear();
      } else if (depth == 0 && trimmed.startsWith("package ")) {
        pkg = trimmed.substring("package ".length(), trimmed.indexOf(';')).strip();
        pending.clear();
      } else if (depth == 0 && TYPE_START.matcher(trimmed).find() && !isStatement(lines, i)) {
        type = new ArrayList<>(pending);
        pending.clear();
        type.add(i);
        types.add(type);
        depth += balance(code);
        typeNamed = TYPE_NAME.matcher(code).find();
        typeOpened = typeNamed && code.contains("{");
        if (typeOpened && depth == 0) {
          type = null;
        }
      } else {
        statements.addAll(pending);
        pending.clear();
        statements.add(i);
        depth += balance(code);
      }
    }
    if (type != null) {
      throw new IllegalArgumentException(snippet.where() + ": a type declaration is never closed");
    }
    List<Unit> units = new ArrayList<>();
    for (List<Integer> declaration : types) {
      String name = null;
      for (int i : declaration) {
        Matcher matcher = TYPE_NAME.matcher(code(lines.get(i)));
        if (matcher.find()) {
          name = matcher.group(1);
          break;
        }
      }
      if (name == null) {
        throw new IllegalArgumentException(snippet.where(declaration.get(0)) + ": cannot tell the type's name");
      }
      units.add(unit(snippet, pkg, name, lines, imports, declaration, null, null));
    }
    if (statements.stream().anyMatch(i -> !code(lines.get(i)).isBlank())) {
      String name = "Snippet" + snippet.firstLine();
      units.add(unit(snippet, pkg, name, lines, imports, statements, name, given));
    }
    return units;
  }

  private static Unit unit(MarkdownSnippets.Snippet snippet, String pkg, String name, List<String> lines,
      List<Integer> imports, List<Integer> body, String wrapper, String given) {
    StringBuilder source = new StringBuilder();
    List<String> origins = new ArrayList<>();
    add(source, origins, "package " + pkg + ";", null);
    for (int i : imports) {
      add(source, origins, lines.get(i), snippet.where(i));
    }
    if (wrapper != null) {
      add(source, origins, "@SuppressWarnings(\"unused\") final class " + wrapper + " {", null);
      add(source, origins, "  void run(" + given + ") throws Exception {", null);
    }
    for (int i : body) {
      add(source, origins, lines.get(i), snippet.where(i));
    }
    if (wrapper != null) {
      add(source, origins, "  }", null);
      add(source, origins, "}", null);
    }
    return new Unit(pkg.replace('.', '/') + "/" + name + ".java", source.toString(), origins);
  }

  private static void add(StringBuilder source, List<String> origins, String line, String origin) {
    source.append(line).append('\n');
    origins.add(origin);
  }

  /** A statement that starts with an annotation or modifier: a local variable, as {@code final var x = ...}. */
  private static boolean isStatement(List<String> lines, int i) {
    int parentheses = 0; // open in an annotation's arguments, which may span lines
    for (int j = i; j < lines.size(); j++) {
      String code = code(lines.get(j)).strip();
      if (parentheses == 0 && TYPE_NAME.matcher(code).find()) {
        return false;
      }
      if (parentheses == 0 && !code.startsWith("@") && !code.isEmpty()) {
        return true;
      }
      for (char c : code.toCharArray()) {
        parentheses += c == '(' ? 1 : c == ')' ? -1 : 0;
      }
    }
    return true;
  }

  /** The line without its string and character literals and its // comment, for counting braces. */
  private static String code(String line) {
    StringBuilder code = new StringBuilder();
    char quote = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quote != 0) {
        if (c == '\\') {
          i++;
        } else if (c == quote) {
          quote = 0;
        }
        continue;
      }
      if (c == '"' || c == '\'') {
        quote = c;
        code.append(c).append(c);
      } else if (c == '/' && i + 1 < line.length() && line.charAt(i + 1) == '/') {
        break;
      } else {
        code.append(c);
      }
    }
    return code.toString();
  }

  private static int balance(String code) {
    int balance = 0;
    for (char c : code.toCharArray()) {
      balance += c == '{' ? 1 : c == '}' ? -1 : 0;
    }
    return balance;
  }

  private static List<String> clauses(String marker) {
    List<String> clauses = new ArrayList<>();
    if (marker.isEmpty()) {
      return clauses;
    }
    String body = marker.substring(marker.indexOf(':') + 1).strip();
    int notCompiled = body.indexOf("not compiled");
    String rest = notCompiled >= 0 ? body.substring(notCompiled) : null;
    String head = notCompiled >= 0 ? body.substring(0, notCompiled) : body;
    for (String clause : head.split(";")) {
      if (!clause.isBlank()) {
        clauses.add(clause.strip());
      }
    }
    if (rest != null) {
      clauses.add(rest);
    }
    return clauses;
  }
}
