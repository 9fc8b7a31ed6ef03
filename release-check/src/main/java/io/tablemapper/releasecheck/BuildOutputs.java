package io.tablemapper.releasecheck;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.w3c.dom.Element;

/**
 * A version of tablemapper's artifacts as the reactor at {@code root} has just built them, before any deployment:
 * each module's POM (the flattened one where the module installs that) and the jars in its target directory. It
 * has no checksums: only a deployment writes those.
 */
final class BuildOutputs implements ArtifactSet {
  private final Path root;
  private final String version;
  private final Map<String, Path> modules = new TreeMap<>();

  BuildOutputs(Path root) {
    this.root = root;
    Pom parent = Pom.read(root.resolve("pom.xml"));
    this.version = parent.version();
    modules.put(parent.artifactId(), root);
    for (Element module : Pom.children(Pom.element(parent.project(), "modules"), "module")) {
      Path directory = root.resolve(module.getTextContent().strip());
      modules.put(Pom.read(directory.resolve("pom.xml")).artifactId(), directory);
    }
  }

  @Override
  public String describe() {
    return "the build's outputs under " + root;
  }

  @Override
  public String version() {
    return version;
  }

  @Override
  public Set<String> artifactIds() {
    return modules.keySet();
  }

  @Override
  public Path pom(String artifactId) {
    Path module = modules.get(artifactId);
    if (module == null) {
      return null;
    }
    Path flattened = module.resolve("target/flattened-pom.xml");
    return Files.isRegularFile(flattened) ? flattened : module.resolve("pom.xml");
  }

  @Override
  public Path file(String artifactId, String classifier, String extension) {
    Path module = modules.get(artifactId);
    if (module == null) {
      return null;
    }
    Path file = module.resolve("target").resolve(
        artifactId + "-" + version + (classifier.isEmpty() ? "" : "-" + classifier) + "." + extension);
    return Files.isRegularFile(file) ? file : null;
  }

  @Override
  public List<Path> deployedFiles(String artifactId) {
    return List.of();
  }
}
