package io.tablemapper.readmetest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * The project that the documentation's Java snippets make: every ```java block of README.md and docs/ as
 * compilation units ({@link JavaSnippet}) under {@code src/}, compiled in-process by javac with tablemapper's
 * processor against a class path (the test's: the API, the runtime, the backends, the company sample), into
 * {@code classes/}. An error is reported at the Markdown file and line it comes from.
 */
final class SnippetProject {
  /** The outcome: the units written, the blocks left out with their reasons, and the errors, each at its origin. */
  record Result(List<JavaSnippet.Unit> units, List<String> skipped, List<String> errors) {}

  private static final Pattern IMPORT = Pattern.compile("(?m)^import\\s+(?:static\\s+)?([\\w.]+)\\.[\\w*]+\\s*;");

  private SnippetProject() {}

  /**
   * Compiles the snippets of the build at {@code args[0]} (default {@code ..}) into {@code args[1]} (default
   * {@code target/doc-snippets}) against this JVM's class path, and prints the errors: the quick loop while writing
   * the docs ({@code DocSnippetsTest} runs the same in the build).
   */
  public static void main(String[] args) throws IOException {
    Path root = Path.of(args.length > 0 ? args[0] : "..");
    Result result = compile(MarkdownSnippets.of(root), Path.of(args.length > 1 ? args[1] : "target/doc-snippets"),
        System.getProperty("java.class.path"));
    result.errors().forEach(System.out::println);
    System.out.println(result.units().size() + " units, " + result.errors().size() + " errors, not compiled: "
        + result.skipped());
    System.exit(result.errors().isEmpty() ? 0 : 1);
  }

  /** Writes the project of the blocks under {@code directory} and compiles it with {@code classPath}. */
  static Result compile(List<MarkdownSnippets.Snippet> snippets, Path directory, String classPath)
      throws IOException {
    List<JavaSnippet.Unit> units = new ArrayList<>();
    List<String> skipped = new ArrayList<>();
    for (MarkdownSnippets.Snippet snippet : snippets) {
      if (!snippet.language().equals("java")) {
        continue;
      }
      String reason = JavaSnippet.notCompiled(snippet);
      if (reason != null) {
        skipped.add(snippet.where() + ": " + reason);
      } else {
        units.addAll(JavaSnippet.units(snippet));
      }
    }
    ConsumerProject.deleteRecursively(directory);
    Path sources = directory.resolve("src");
    Path classes = directory.resolve("classes");
    Files.createDirectories(classes);
    Map<Path, JavaSnippet.Unit> byFile = new LinkedHashMap<>();
    List<String> errors = new ArrayList<>();
    for (JavaSnippet.Unit unit : units) {
      Path file = sources.resolve(unit.path());
      JavaSnippet.Unit other = byFile.get(file.toAbsolutePath());
      if (other != null) {
        errors.add(firstOrigin(unit) + ": declares " + unit.path() + ", which " + firstOrigin(other)
            + " declares too; give one block another package with <!-- java: package NAME -->");
        continue;
      }
      Files.createDirectories(file.getParent());
      Files.writeString(file, unit.source());
      byFile.put(file.toAbsolutePath(), unit);
    }
    if (!errors.isEmpty()) {
      return new Result(units, skipped, errors);
    }
    // One compilation per package, in the order their imports need: the checks that span entity types
    // (EntityTypeDuplicate, KeySpaceOverlap) compare the types compiled together, and two pages may each show their
    // own Employee in table Company.
    Map<String, List<Path>> packages = new LinkedHashMap<>();
    Map<String, Set<String>> needs = new LinkedHashMap<>();
    for (Map.Entry<Path, JavaSnippet.Unit> file : byFile.entrySet()) {
      String pkg = file.getValue().path().substring(0, file.getValue().path().lastIndexOf('/')).replace('/', '.');
      packages.computeIfAbsent(pkg, p -> new ArrayList<>()).add(file.getKey());
      Set<String> imported = needs.computeIfAbsent(pkg, p -> new LinkedHashSet<>());
      Matcher matcher = IMPORT.matcher(file.getValue().source());
      while (matcher.find()) {
        imported.add(matcher.group(1));
      }
    }
    List<String> order = new ArrayList<>();
    for (String pkg : packages.keySet()) {
      visit(pkg, packages.keySet(), needs, order, new LinkedHashSet<>());
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringBuilder compiled = new StringBuilder();
    try (StandardJavaFileManager files = javac.getStandardFileManager(null, Locale.ROOT, null)) {
      for (String pkg : order) {
        Path output = classes.resolve(pkg);
        Path generated = directory.resolve("generated").resolve(pkg);
        Files.createDirectories(output);
        Files.createDirectories(generated);
        String path = classPath + compiled;
        List<String> options = List.of("--release", "17", "-encoding", "UTF-8", "-implicit:none", "-Xlint:none",
            "-classpath", path, "-processorpath", classPath, "-d", output.toString(), "-s", generated.toString());
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        boolean ok = javac.getTask(null, files, diagnostics, options, null,
            files.getJavaFileObjectsFromPaths(packages.get(pkg))).call();
        int before = errors.size();
        for (Diagnostic<? extends JavaFileObject> diagnostic : diagnostics.getDiagnostics()) {
          if (diagnostic.getKind() == Diagnostic.Kind.ERROR) {
            errors.add(origin(diagnostic, byFile) + ": " + diagnostic.getMessage(Locale.ROOT));
          }
        }
        if (!ok && errors.size() == before) {
          errors.add("javac failed on package " + pkg + " of the snippets' project in " + directory
              + " without an error");
        }
        compiled.append(java.io.File.pathSeparator).append(output);
      }
    }
    return new Result(units, skipped, errors);
  }

  /** Adds {@code pkg} to {@code order} after the packages of the project it imports from. */
  private static void visit(String pkg, Set<String> packages, Map<String, Set<String>> needs, List<String> order,
      Set<String> path) {
    if (order.contains(pkg) || !path.add(pkg)) {
      return;
    }
    for (String imported : needs.get(pkg)) {
      for (String candidate : packages) {
        if (!candidate.equals(pkg) && (imported.equals(candidate) || imported.startsWith(candidate + "."))) {
          visit(candidate, packages, needs, order, path);
        }
      }
    }
    order.add(pkg);
  }

  private static String origin(Diagnostic<? extends JavaFileObject> diagnostic, Map<Path, JavaSnippet.Unit> byFile) {
    if (diagnostic.getSource() == null) {
      return "(no file)";
    }
    Path file = Path.of(diagnostic.getSource().toUri()).toAbsolutePath();
    JavaSnippet.Unit unit = byFile.get(file);
    if (unit == null) {
      return file + ":" + diagnostic.getLineNumber();
    }
    int line = (int) diagnostic.getLineNumber() - 1;
    for (int i = Math.min(line, unit.origins().size() - 1); i >= 0; i--) {
      if (unit.origins().get(i) != null) {
        return unit.origins().get(i) + (i == line ? "" : " (in the code around it)");
      }
    }
    return firstOrigin(unit);
  }

  private static String firstOrigin(JavaSnippet.Unit unit) {
    return unit.origins().stream().filter(o -> o != null).findFirst().orElse(unit.path());
  }
}
