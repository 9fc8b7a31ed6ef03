package io.tablemapper.readmetest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Writes the application that the README's "Using it in your project" describes, for maven-invoker-plugin to build
 * and test: the template project of {@code src/consumer} with the README's marked XML blocks, unchanged, as the
 * tablemapper part of its POM, and a {@code settings.xml} that resolves plugins and libraries from the build's own
 * local repository but never a SNAPSHOT, so that tablemapper's artifacts can only come from the repository the
 * invoker filled from this very build.
 *
 * <p>Checks the BOM ({@link Bom}) and the README's Gradle snippet ({@link GradleSnippet}) on the way, as far as they
 * can be checked without Gradle.
 *
 * <p>Arguments: {@code root=… template=… output=… localRepository=… version=…} (root: the build's top directory,
 * with README.md and bom/), then the {@code @key@} tokens of the template's POMs as {@code token.KEY=VALUE}.
 */
public final class ConsumerProject {
  static final String SNIPPET_MARKER = "<!-- @README_MAVEN_SNIPPET@ -->";

  private ConsumerProject() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> options = new LinkedHashMap<>();
    Map<String, String> tokens = new LinkedHashMap<>();
    for (String arg : args) {
      int equals = arg.indexOf('=');
      if (equals < 0) {
        throw new IllegalArgumentException("argument '" + arg + "' is not KEY=VALUE");
      }
      String key = arg.substring(0, equals);
      String value = arg.substring(equals + 1);
      if (key.startsWith("token.")) {
        tokens.put(key.substring("token.".length()), value);
      } else {
        options.put(key, value);
      }
    }
    Path root = Path.of(option(options, "root"));
    String readme = Files.readString(root.resolve("README.md"));
    String version = option(options, "version");

    List<String> problems = Bom.problems(root, version);
    if (!problems.isEmpty()) {
      throw new IllegalStateException("tablemapper-bom has rotted:\n  " + String.join("\n  ", problems));
    }
    problems = GradleSnippet.problems(String.join("\n", ReadmeBlocks.of(readme, "gradle", "kotlin")),
        Bom.managedArtifacts(root.resolve("bom/pom.xml")), version);
    if (!problems.isEmpty()) {
      throw new IllegalStateException("the README's Gradle snippet has rotted:\n  " + String.join("\n  ", problems));
    }

    Path output = Path.of(option(options, "output"));
    write(Path.of(option(options, "template")), output, pom(readme), tokens);
    Files.writeString(output.getParent().resolve("settings.xml"),
        settings(Path.of(option(options, "localRepository"))));
    System.out.println("[readme-test] wrote " + output + " from the README's Maven snippet; the BOM manages every"
        + " deployed module at " + version + ", and the Gradle snippet only those");
  }

  /** The README's XML blocks, in order, indented to sit inside {@code <project>}. */
  static String pom(String readme) {
    StringBuilder xml = new StringBuilder();
    for (String block : ReadmeBlocks.of(readme, "maven", "xml")) {
      block.lines().forEach(line -> xml.append(line.isBlank() ? "" : "  " + line).append('\n'));
      xml.append('\n');
    }
    return xml.toString();
  }

  private static void write(Path template, Path output, String snippet, Map<String, String> tokens)
      throws IOException {
    deleteRecursively(output);
    try (Stream<Path> files = Files.walk(template)) {
      for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
        Path target = output.resolve(template.relativize(file).toString());
        Files.createDirectories(target.getParent());
        String text = Files.readString(file);
        if (file.getFileName().toString().equals("pom.xml")) {
          text = text.replace(SNIPPET_MARKER, snippet);
          for (Map.Entry<String, String> token : tokens.entrySet()) {
            text = text.replace("@" + token.getKey() + "@", token.getValue());
          }
          if (text.matches("(?s).*@[\\w.-]+@.*")) {
            throw new IllegalStateException(target + " still holds a token the build did not give: " + text);
          }
        }
        Files.writeString(target, text);
      }
    }
  }

  /**
   * Settings under which central is the build's local repository (offline, and fast), releases only: central serves
   * no SNAPSHOT, so tablemapper's artifacts can only come from the invoker's repository. Its files have no checksums.
   */
  static String settings(Path localRepository) {
    String repository = """
                <id>central</id>
                <url>%s</url>
                <releases><checksumPolicy>ignore</checksumPolicy></releases>
                <snapshots><enabled>false</enabled></snapshots>
        """.formatted(localRepository.toAbsolutePath().toUri());
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- Written by readme-test for the README's application: central's artifacts from the build's own local
             repository, SNAPSHOTs (tablemapper's) only from the repository the invoker filled from this build. -->
        <settings>
          <profiles>
            <profile>
              <id>central-is-the-build-local-repository</id>
              <repositories>
                <repository>
        %s        </repository>
              </repositories>
              <pluginRepositories>
                <pluginRepository>
        %s        </pluginRepository>
              </pluginRepositories>
            </profile>
          </profiles>
          <activeProfiles>
            <activeProfile>central-is-the-build-local-repository</activeProfile>
          </activeProfiles>
        </settings>
        """.formatted(repository, repository);
  }

  /** Deletes a directory and everything in it; nothing when it does not exist. */
  static void deleteRecursively(Path directory) throws IOException {
    if (!Files.exists(directory)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(directory)) {
      paths.sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach(path -> {
        try {
          Files.delete(path);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
  }

  private static String option(Map<String, String> options, String name) {
    String value = options.get(name);
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("argument " + name + "=… is missing");
    }
    return value;
  }
}
