package io.tablemapper.releasecheck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * What a published module's files must be: the jar with a module name (an {@code Automatic-Module-Name} or a
 * {@code module-info.class}), its sources and its Javadoc, each jar's entries dated by the build's
 * {@code project.build.outputTimestamp} (the sign of a reproducible build), and, once staged, an {@code .md5} and
 * a {@code .sha1} that match beside every file and, signed, an {@code .asc}.
 */
final class FileRules {
  /** A zip entry's time is kept to 2 s (its DOS time) where no extended time is written. */
  private static final Duration ZIP_PRECISION = Duration.ofSeconds(2);

  private FileRules() {}

  /** The problems of the jars of a published module of packaging jar. */
  static List<String> jars(ArtifactSet set, String artifactId, String outputTimestamp) {
    List<String> problems = new ArrayList<>();
    Instant timestamp = null;
    try {
      timestamp = outputTimestamp == null ? null : Instant.parse(outputTimestamp);
    } catch (DateTimeParseException e) {
      problems.add(artifactId + ": project.build.outputTimestamp is '" + outputTimestamp
          + "', not an ISO-8601 instant such as 2026-01-31T00:00:00Z");
    }
    if (outputTimestamp == null) {
      problems.add(artifactId + ": no project.build.outputTimestamp in its POM or its parents, so its jars carry"
          + " the time of the build and no two builds are alike");
    }
    for (String classifier : List.of("", "sources", "javadoc")) {
      Path jar = set.file(artifactId, classifier, "jar");
      String name = artifactId + (classifier.isEmpty() ? "" : "-" + classifier) + ".jar";
      if (jar == null) {
        problems.add(artifactId + ": no " + name + " in " + set.describe()
            + (classifier.equals("javadoc") ? " (the javadoc profile makes it when the tests run; the release"
                + " profile always)" : ""));
        continue;
      }
      try (JarFile file = new JarFile(jar.toFile())) {
        List<JarEntry> entries = Collections.list(file.entries());
        switch (classifier) {
          case "" -> {
            Manifest manifest = file.getManifest();
            String module = manifest == null ? null : manifest.getMainAttributes().getValue("Automatic-Module-Name");
            if (module == null && file.getEntry("module-info.class") == null) {
              problems.add(artifactId + ": " + name + " has neither an Automatic-Module-Name in its manifest nor a"
                  + " module-info.class, so it has no stable name on the module path");
            }
          }
          case "sources" -> {
            if (entries.stream().noneMatch(entry -> entry.getName().endsWith(".java"))) {
              problems.add(artifactId + ": " + name + " holds no .java file");
            }
          }
          default -> {
            if (file.getEntry("index.html") == null) {
              problems.add(artifactId + ": " + name + " has no index.html");
            }
          }
        }
        if (timestamp != null) {
          for (JarEntry entry : entries) {
            Instant time = entry.getLastModifiedTime().toInstant();
            if (Duration.between(time, timestamp).abs().compareTo(ZIP_PRECISION) > 0) {
              problems.add(artifactId + ": " + name + "'s entry " + entry.getName() + " is dated " + time
                  + ", not the build's outputTimestamp " + timestamp + ": the plugin that wrote it does not build"
                  + " reproducibly");
              break;
            }
          }
        }
      } catch (IOException e) {
        problems.add(artifactId + ": " + jar + " is not a readable jar: " + e.getMessage());
      }
    }
    return problems;
  }

  /**
   * The problems of the checksums and signatures of the staged files of {@code artifactId}: every file needs a
   * matching .md5 and .sha1, and an .asc when {@code signed}.
   */
  static List<String> sidecars(ArtifactSet set, String artifactId, boolean signed) {
    List<String> problems = new ArrayList<>();
    for (Path file : set.deployedFiles(artifactId)) {
      for (String algorithm : List.of("MD5", "SHA-1")) {
        Path checksum = file.resolveSibling(file.getFileName() + "." + algorithm.replace("-", "").toLowerCase());
        if (!Files.isRegularFile(checksum)) {
          problems.add(artifactId + ": " + file.getFileName() + " has no " + checksum.getFileName());
        } else if (!read(checksum).strip().toLowerCase().startsWith(digest(file, algorithm))) {
          problems.add(artifactId + ": " + checksum.getFileName() + " does not match " + file.getFileName());
        }
      }
      Path signature = file.resolveSibling(file.getFileName() + ".asc");
      boolean isMetadata = file.getFileName().toString().startsWith("maven-metadata");
      if (signed && !isMetadata && !Files.isRegularFile(signature)) {
        problems.add(artifactId + ": " + file.getFileName() + " is not signed (no " + signature.getFileName()
            + "), while the set is");
      }
    }
    return problems;
  }

  static String digest(Path file, String algorithm) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(Files.readAllBytes(file)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(algorithm + " is a digest every JDK has", e);
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
