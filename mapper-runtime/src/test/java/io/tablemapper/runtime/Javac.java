package io.tablemapper.runtime;

import com.palantir.javapoet.ClassName;
import io.tablemapper.annotations.Entity;
import io.tablemapper.processor.TableMapperProcessor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;

/**
 * Compiles sources at test time, with the annotation processor or without it ({@code -proc:none}, as a library
 * built by someone who never ran it), each compilation into its own directory and class loader, so one source can
 * be compiled both ways and the two classes used side by side.
 */
public final class Javac {
  /** What a compilation produced: its classes (when it succeeded) and its error messages. */
  public static final class Result {
    final ClassLoader loader;
    public final Map<String, List<String>> errors;
    /** The tablemapper warnings ({@code [Id] message}) by top-level class, in the order reported. */
    final Map<String, List<String>> warnings = new TreeMap<>();
    /** The class directories: this compilation's, then those of the compilations it was compiled against. */
    final List<Path> classes;

    Result(ClassLoader loader, Map<String, List<String>> errors, List<Path> classes) {
      this.loader = loader;
      this.errors = errors;
      this.classes = classes;
    }

    /** The tablemapper warnings reported in the source of a top-level class, in the order reported. */
    List<String> warnings(String className) {
      return warnings.getOrDefault(className, List.of());
    }

    /** The errors reported in the source of a top-level class, in the order reported. */
    List<String> errors(String className) {
      return errors.getOrDefault(className, List.of());
    }

    public Class<?> load(String name) {
      try {
        return Class.forName(name, true, loader);
      } catch (ClassNotFoundException e) {
        throw new AssertionError(name + " was not compiled", e);
      }
    }

    boolean has(String name) {
      try {
        Class.forName(name, false, loader);
        return true;
      } catch (ClassNotFoundException e) {
        return false;
      }
    }
  }

  private Javac() {}

  /** Compiles sources given as qualified class name to text. */
  public static Result compile(Map<String, String> sources, boolean processed) {
    return compile(sources, processed, null);
  }

  /**
   * Compiles sources against the classes of an earlier compilation (as against a library jar), into one class
   * loader that holds both, as one class path would.
   */
  public static Result compile(Map<String, String> sources, boolean processed, Result against) {
    return compile(sources, processed, against, List.of());
  }

  /** Compiles sources with more compiler options ({@code -Atablemapper.naming=PASCAL_CASE}). */
  public static Result compile(Map<String, String> sources, boolean processed, Result against, List<String> more) {
    try {
      // under target/, which mvn clean removes: the classes stay loaded by the result's class loader
      Path root = Files.createTempDirectory(
          Files.createDirectories(Path.of("target", "javac").toAbsolutePath()), "compile");
      Path sourceDir = Files.createDirectories(root.resolve("src"));
      Path classes = Files.createDirectories(root.resolve("classes"));
      Path generated = Files.createDirectories(root.resolve("generated"));
      List<Path> files = new ArrayList<>();
      for (Map.Entry<String, String> source : sources.entrySet()) {
        Path file = sourceDir.resolve(source.getKey().replace('.', '/') + ".java");
        Files.createDirectories(file.getParent());
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
          out.write(source.getValue());
        }
        files.add(file);
      }
      JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
      DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
      try (StandardJavaFileManager fileManager = compiler.getStandardFileManager(diagnostics, null,
          StandardCharsets.UTF_8)) {
        List<Path> classPath = new ArrayList<>(List.of(location(Entity.class)));
        List<Path> allClasses = new ArrayList<>(List.of(classes));
        if (against != null) {
          classPath.addAll(against.classes);
          allClasses.addAll(against.classes);
        }
        fileManager.setLocationFromPaths(StandardLocation.CLASS_PATH, classPath);
        fileManager.setLocationFromPaths(StandardLocation.CLASS_OUTPUT, List.of(classes));
        fileManager.setLocationFromPaths(StandardLocation.SOURCE_OUTPUT, List.of(generated));
        fileManager.setLocationFromPaths(StandardLocation.ANNOTATION_PROCESSOR_PATH,
            List.of(location(TableMapperProcessor.class), location(ClassName.class), location(Entity.class)));
        List<String> options = new ArrayList<>(List.of("--release", "17", "-parameters"));
        if (!processed) {
          options.add("-proc:none");
        }
        options.addAll(more);
        compiler.getTask(null, fileManager, diagnostics, options, null,
            fileManager.getJavaFileObjectsFromPaths(files)).call();
        Map<String, List<String>> errors = new TreeMap<>();
        Map<String, List<String>> warnings = new TreeMap<>();
        for (Diagnostic<? extends JavaFileObject> diagnostic : diagnostics.getDiagnostics()) {
          String file = diagnostic.getSource() == null ? "" : sourceDir.relativize(Path.of(diagnostic.getSource()
              .toUri())).toString().replace(java.io.File.separatorChar, '.').replaceAll("\\.java$", "");
          if (diagnostic.getKind() == Diagnostic.Kind.ERROR) {
            errors.computeIfAbsent(file, f -> new ArrayList<>()).add(diagnostic.getMessage(null));
          } else if ((diagnostic.getKind() == Diagnostic.Kind.WARNING
              || diagnostic.getKind() == Diagnostic.Kind.MANDATORY_WARNING)
              && diagnostic.getMessage(null).startsWith("[")) {
            warnings.computeIfAbsent(file, f -> new ArrayList<>()).add(diagnostic.getMessage(null));
          }
        }
        // The classes of a compilation with errors are there too: javac writes the classes of sources without any.
        List<URL> urls = new ArrayList<>();
        for (Path directory : allClasses) {
          urls.add(directory.toUri().toURL());
        }
        ClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]), Javac.class.getClassLoader());
        Result result = new Result(loader, errors, allClasses);
        result.warnings.putAll(warnings);
        return result;
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path location(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A source kept under {@code src/test/resources/twice}, by qualified class name. */
  static String resource(String className) {
    String path = "/twice/" + className.replace('.', '/') + ".java";
    try (var in = Javac.class.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalArgumentException("no test source " + path);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
