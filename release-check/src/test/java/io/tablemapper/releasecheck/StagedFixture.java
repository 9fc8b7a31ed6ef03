package io.tablemapper.releasecheck;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * A small staged repository written for a test: the parent, the BOM and one jar module (mapper-api), complete and
 * following every rule until a test breaks one.
 */
final class StagedFixture {
  static final String TIMESTAMP = "2026-01-31T00:00:00Z";
  static final String METADATA = """
        <url>https://example.org/tablemapper</url>
        <licenses><license><name>Apache-2.0</name><url>https://www.apache.org/licenses/LICENSE-2.0.txt</url></license></licenses>
        <developers><developer><name>maintainers</name></developer></developers>
        <scm><connection>scm:git:https://example.org/tablemapper.git</connection><url>https://example.org/tablemapper</url></scm>
      """;

  final Path repository;
  final String version;

  StagedFixture(Path repository, String version) {
    this.repository = repository;
    this.version = version;
  }

  /** The complete set: the parent (with the metadata), the BOM and mapper-api with its three jars. */
  StagedFixture complete() throws IOException {
    parent(METADATA, "");
    pom("tablemapper-bom", "<packaging>pom</packaging><name>BOM</name><description>versions</description>", "");
    jarModule("mapper-api", "");
    return this;
  }

  void parent(String metadata, String extra) throws IOException {
    write("tablemapper-parent", "", "pom", ("""
        <project><modelVersion>4.0.0</modelVersion><groupId>io.tablemapper</groupId>
          <artifactId>tablemapper-parent</artifactId><version>%s</version><packaging>pom</packaging>
          <name>tablemapper</name><description>the parent</description>
          %s
          <properties><project.build.outputTimestamp>%s</project.build.outputTimestamp></properties>
          %s
        </project>""").formatted(version, metadata, TIMESTAMP, extra).getBytes(StandardCharsets.UTF_8));
  }

  /** A module POM with the parent; {@code body} after the artifactId, {@code dependencies} inside its element. */
  void pom(String artifactId, String body, String dependencies) throws IOException {
    write(artifactId, "", "pom", ("""
        <project><modelVersion>4.0.0</modelVersion>
          <parent><groupId>io.tablemapper</groupId><artifactId>tablemapper-parent</artifactId><version>%s</version></parent>
          <artifactId>%s</artifactId>
          %s
          <dependencies>%s</dependencies>
        </project>""").formatted(version, artifactId, body, dependencies).getBytes(StandardCharsets.UTF_8));
  }

  void jarModule(String artifactId, String dependencies) throws IOException {
    pom(artifactId, "<name>" + artifactId + "</name><description>a module</description>", dependencies);
    jar(artifactId, "", Map.of("io/tablemapper/api/Api.class", "class"), "io.tablemapper.api",
        Instant.parse(TIMESTAMP));
    jar(artifactId, "sources", Map.of("io/tablemapper/api/Api.java", "interface Api {}"), null,
        Instant.parse(TIMESTAMP));
    jar(artifactId, "javadoc", Map.of("index.html", "<html></html>"), null, Instant.parse(TIMESTAMP));
  }

  /** A jar whose entries are dated {@code time}, with a manifest naming {@code module} when not null. */
  void jar(String artifactId, String classifier, Map<String, String> entries, String module, Instant time)
      throws IOException {
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    if (module != null) {
      manifest.getMainAttributes().putValue("Automatic-Module-Name", module);
    }
    Path file = target(artifactId, classifier, "jar");
    Files.createDirectories(file.getParent());
    try (OutputStream out = Files.newOutputStream(file); JarOutputStream jar = new JarOutputStream(out)) {
      JarEntry manifestEntry = new JarEntry("META-INF/MANIFEST.MF");
      manifestEntry.setLastModifiedTime(FileTime.from(time));
      jar.putNextEntry(manifestEntry);
      manifest.write(jar);
      jar.closeEntry();
      for (Map.Entry<String, String> entry : entries.entrySet()) {
        JarEntry jarEntry = new JarEntry(entry.getKey());
        jarEntry.setLastModifiedTime(FileTime.from(time));
        jar.putNextEntry(jarEntry);
        jar.write(entry.getValue().getBytes(StandardCharsets.UTF_8));
        jar.closeEntry();
      }
    }
    checksums(file);
  }

  void write(String artifactId, String classifier, String extension, byte[] content) throws IOException {
    Path file = target(artifactId, classifier, extension);
    Files.createDirectories(file.getParent());
    Files.write(file, content);
    checksums(file);
  }

  Path target(String artifactId, String classifier, String extension) {
    return repository.resolve(StagedArtifacts.GROUP_PATH).resolve(artifactId).resolve(version)
        .resolve(artifactId + "-" + version + (classifier.isEmpty() ? "" : "-" + classifier) + "." + extension);
  }

  private static void checksums(Path file) throws IOException {
    Files.writeString(file.resolveSibling(file.getFileName() + ".md5"), FileRules.digest(file, "MD5"));
    Files.writeString(file.resolveSibling(file.getFileName() + ".sha1"), FileRules.digest(file, "SHA-1"));
  }
}
