package io.tablemapper.releasecheck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.w3c.dom.Element;

/**
 * A version of tablemapper's artifacts staged in a Maven repository's layout (what {@code mvn -Prelease deploy}
 * writes into {@code target/staging-deploy}): {@code io/tablemapper/ARTIFACT/VERSION/ARTIFACT-VERSION[-CLASSIFIER].EXT},
 * a snapshot's files under the timestamped names its {@code maven-metadata.xml} gives.
 */
final class StagedArtifacts implements ArtifactSet {
  static final String GROUP_PATH = "io/tablemapper";

  private final Path repository;
  private final Path group;
  private final String version;

  StagedArtifacts(Path repository, String version) {
    this.repository = repository;
    this.group = repository.resolve(GROUP_PATH);
    this.version = version;
  }

  @Override
  public String describe() {
    return "the staged repository " + repository;
  }

  @Override
  public String version() {
    return version;
  }

  @Override
  public Set<String> artifactIds() {
    Set<String> ids = new TreeSet<>();
    if (Files.isDirectory(group)) {
      try (Stream<Path> artifacts = Files.list(group)) {
        artifacts.filter(artifact -> Files.isDirectory(artifact.resolve(version)))
            .forEach(artifact -> ids.add(artifact.getFileName().toString()));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return ids;
  }

  @Override
  public Path pom(String artifactId) {
    return file(artifactId, "", "pom");
  }

  @Override
  public Path file(String artifactId, String classifier, String extension) {
    Path directory = group.resolve(artifactId).resolve(version);
    String stamped = version.endsWith("-SNAPSHOT") ? snapshotVersion(directory, classifier, extension) : version;
    if (stamped == null) {
      return null;
    }
    Path file = directory.resolve(
        artifactId + "-" + stamped + (classifier.isEmpty() ? "" : "-" + classifier) + "." + extension);
    return Files.isRegularFile(file) ? file : null;
  }

  @Override
  public List<Path> deployedFiles(String artifactId) {
    Path directory = group.resolve(artifactId).resolve(version);
    if (!Files.isDirectory(directory)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(directory)) {
      return files.filter(file -> !isSidecar(file.getFileName().toString())).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A checksum or signature, which is checked beside its file rather than as one. */
  static boolean isSidecar(String name) {
    return name.endsWith(".md5") || name.endsWith(".sha1") || name.endsWith(".sha256") || name.endsWith(".sha512")
        || name.endsWith(".asc");
  }

  /** The timestamped version a snapshot's file of that classifier and extension was last deployed under. */
  private static String snapshotVersion(Path directory, String classifier, String extension) {
    Path metadata = directory.resolve("maven-metadata.xml");
    if (!Files.isRegularFile(metadata)) {
      return null;
    }
    Pom read = Pom.read(metadata);
    for (Element entry : Pom.children(Pom.element(read.project(), "versioning/snapshotVersions"), "snapshotVersion")) {
      String entryClassifier = Pom.text(entry, "classifier");
      if (extension.equals(Pom.text(entry, "extension"))
          && classifier.equals(entryClassifier == null ? "" : entryClassifier)) {
        return Pom.text(entry, "value");
      }
    }
    return null;
  }
}
