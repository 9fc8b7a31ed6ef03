package io.tablemapper.cli;

import io.tablemapper.annotations.Entity;
import io.tablemapper.cli.Failures.CliException;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Finds the application's entity classes: by name, or every {@code @Entity} class of a package, in the jars and
 * directories of {@code --classpath} (loaded beside the tool's own classes, which they share the mapper's with) or
 * on the tool's class path.
 */
final class EntityClasses {
  private final List<Path> classPath = new ArrayList<>();
  private final ClassLoader loader;

  EntityClasses(List<String> classPathOption) {
    List<URL> urls = new ArrayList<>();
    for (String entry : classPathOption) {
      if (entry.isBlank()) {
        continue;
      }
      Path path = Path.of(entry.strip()).toAbsolutePath().normalize();
      if (!Files.exists(path)) {
        throw new CliException("--classpath names " + path + ", which does not exist: give the application's jar"
            + " or its classes directory (target/classes)");
      }
      classPath.add(path);
      try {
        urls.add(path.toUri().toURL());
      } catch (MalformedURLException e) {
        throw new CliException("--classpath names " + path + ", which is no file URL: " + e.getMessage(), e);
      }
    }
    ClassLoader parent = EntityClasses.class.getClassLoader();
    loader = urls.isEmpty() ? parent : new URLClassLoader(urls.toArray(URL[]::new), parent);
  }

  /** The classes named, then those of the packages, each once, in that order. */
  List<Class<?>> load(List<String> names, List<String> packages) {
    Set<Class<?>> classes = new LinkedHashSet<>();
    for (String name : names) {
      classes.add(entity(load(name.strip()), name));
    }
    for (String pkg : packages) {
      List<Class<?>> found = scan(pkg.strip());
      if (found.isEmpty()) {
        throw new CliException("--package " + pkg + " holds no @Entity class on " + where()
            + ": check the package name" + (classPath.isEmpty() ? ", or give the application's jar with --classpath"
                : ""));
      }
      classes.addAll(found);
    }
    return List.copyOf(classes);
  }

  private Class<?> load(String name) {
    try {
      return Class.forName(name, false, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new CliException("class " + name + " is not on " + where() + ": check its full name (package"
          + " included), or give the jar or classes directory that holds it with --classpath", e);
    }
  }

  private static Class<?> entity(Class<?> type, String name) {
    if (!type.isAnnotationPresent(Entity.class)) {
      throw new CliException("class " + name + " is no entity: it has no @Entity annotation (name the entity"
          + " classes, not their repositories)");
    }
    return type;
  }

  private List<Class<?>> scan(String pkg) {
    if (pkg.isEmpty()) {
      throw new CliException("--package needs a package name, for example --package com.example.company");
    }
    String prefix = pkg.replace('.', '/') + "/";
    Set<String> names = new TreeSet<>();
    try {
      for (Enumeration<URL> places = loader.getResources(prefix); places.hasMoreElements(); ) {
        URL place = places.nextElement();
        if (place.getProtocol().equals("file")) {
          Path directory = Path.of(place.toURI());
          Path root = directory;
          for (int i = 0; i < pkg.split("\\.").length; i++) {
            root = root.getParent();
          }
          scanDirectory(root, prefix, names);
        } else if (place.getProtocol().equals("jar")) {
          JarURLConnection connection = (JarURLConnection) place.openConnection();
          scanJar(Path.of(connection.getJarFileURL().toURI()), prefix, names);
        }
      }
    } catch (IOException | URISyntaxException e) {
      throw new CliException("cannot list the classes of the package " + pkg + " on " + where() + ": " + e, e);
    }
    List<Class<?>> found = new ArrayList<>();
    for (String name : names) {
      Class<?> type;
      try {
        type = Class.forName(name, false, loader);
      } catch (ClassNotFoundException | LinkageError notLoadable) {
        continue; // a class whose own dependencies are not on the class path: no entity the mapper could map
      }
      if (type.isAnnotationPresent(Entity.class)) {
        found.add(type);
      }
    }
    return found;
  }

  private static void scanDirectory(Path root, String prefix, Set<String> names) {
    Path start = root.resolve(prefix);
    if (!Files.isDirectory(start)) {
      return;
    }
    try (Stream<Path> files = Files.walk(start)) {
      files.filter(Files::isRegularFile)
          .map(file -> root.relativize(file).toString().replace(File.separatorChar, '/'))
          .filter(EntityClasses::isClassFile)
          .forEach(file -> names.add(className(file)));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the classes under " + start, e);
    }
  }

  private static void scanJar(Path jar, String prefix, Set<String> names) {
    try (JarFile file = new JarFile(jar.toFile())) {
      for (Enumeration<JarEntry> entries = file.entries(); entries.hasMoreElements(); ) {
        String entry = entries.nextElement().getName();
        if (entry.startsWith(prefix) && isClassFile(entry)) {
          names.add(className(entry));
        }
      }
    } catch (IOException e) {
      throw new CliException("cannot read the jar " + jar + " (" + e.getMessage() + "): check that it is a jar", e);
    }
  }

  /** Whether a jar's or directory's file is a class file of a class (not a module's or a package's). */
  private static boolean isClassFile(String file) {
    return file.endsWith(".class") && !file.endsWith("module-info.class") && !file.endsWith("package-info.class")
        && !file.startsWith("META-INF/");
  }

  private static String className(String file) {
    return file.substring(0, file.length() - ".class".length()).replace('/', '.');
  }

  private String where() {
    return classPath.isEmpty() ? "the tool's class path" : "--classpath " + classPath;
  }
}
