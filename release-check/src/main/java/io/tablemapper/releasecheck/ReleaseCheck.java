package io.tablemapper.releasecheck;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.w3c.dom.Element;

/**
 * Checks a version of tablemapper's artifacts against the rules of a release ({@link PomRules},
 * {@link FileRules}). The published modules are the ones the BOM manages, the BOM and the parent POM.
 *
 * <p>Run by the build: {@code root=DIR} checks the reactor's outputs (every build that runs the tests, in the
 * verify phase); {@code root=DIR staged=DIR} checks the repository the release profile staged (its deploy phase),
 * {@code signed=true} requiring a signature beside every file.
 */
public final class ReleaseCheck {
  private ReleaseCheck() {}

  /**
   * Runs the check the arguments describe and prints what it checked.
   *
   * @param args {@code root=DIR} (the build's top directory), optionally {@code staged=DIR} and {@code signed=true}
   * @throws IllegalStateException listing every problem found, when there is one
   */
  public static void main(String[] args) {
    Map<String, String> options = new HashMap<>();
    for (String arg : args) {
      int equals = arg.indexOf('=');
      if (equals < 0) {
        throw new IllegalArgumentException("'" + arg + "' is not NAME=VALUE; expected root=DIR [staged=DIR]"
            + " [signed=true|false]");
      }
      options.put(arg.substring(0, equals), arg.substring(equals + 1));
    }
    if (!options.containsKey("root")) {
      throw new IllegalArgumentException("no root=DIR: the build's top directory, whose bom/pom.xml lists the"
          + " published modules");
    }
    Path root = Path.of(options.get("root")).toAbsolutePath().normalize();
    Set<String> published = published(root);
    ArtifactSet set = options.containsKey("staged")
        ? new StagedArtifacts(Path.of(options.get("staged")).toAbsolutePath().normalize(),
            Pom.read(root.resolve("pom.xml")).version())
        : new BuildOutputs(root);
    List<String> problems = problems(set, published, options.containsKey("staged"),
        Boolean.parseBoolean(options.get("signed")));
    if (!problems.isEmpty()) {
      throw new IllegalStateException(problems.size() + " problem(s) in " + set.describe() + ":\n  "
          + String.join("\n  ", problems));
    }
    System.out.println("release-check: the " + published.size() + " published modules in " + set.describe()
        + " follow every rule of a release");
  }

  /**
   * The artifactIds published from the build at {@code root}: every one its BOM manages, the BOM and the parent.
   */
  static Set<String> published(Path root) {
    Set<String> published = new TreeSet<>();
    Pom bom = Pom.read(root.resolve("bom/pom.xml"));
    for (Element dependency : Pom.children(
        Pom.element(bom.project(), "dependencyManagement/dependencies"), "dependency")) {
      if (PomRules.GROUP.equals(Pom.text(dependency, "groupId"))) {
        published.add(Pom.text(dependency, "artifactId"));
      }
    }
    published.add(bom.artifactId());
    published.add(Pom.read(root.resolve("pom.xml")).artifactId());
    return published;
  }

  /**
   * Every problem of {@code set}, empty when it holds a complete release of {@code published}. A {@code staged}
   * set must hold nothing else and carry checksums; a {@code signed} one (or one with any signature) a signature
   * beside every file.
   */
  static List<String> problems(ArtifactSet set, Set<String> published, boolean staged, boolean signed) {
    List<String> problems = new ArrayList<>();
    Set<String> present = set.artifactIds();
    boolean anySigned = signed || staged && present.stream().anyMatch(artifact -> set.deployedFiles(artifact)
        .stream().anyMatch(file -> Files.isRegularFile(file.resolveSibling(file.getFileName() + ".asc"))));
    for (String artifactId : published) {
      if (!present.contains(artifactId)) {
        problems.add(artifactId + " is published (the BOM manages it) but is not in " + set.describe());
        continue;
      }
      List<String> pomProblems = PomRules.check(set, artifactId, published);
      problems.addAll(pomProblems);
      Path pom = set.pom(artifactId);
      if (pom == null) {
        continue;
      }
      if ("jar".equals(Pom.read(pom).packaging())) {
        List<Pom> chain = PomRules.chain(set, artifactId, new ArrayList<>());
        problems.addAll(FileRules.jars(set, artifactId,
            PomRules.interpolate(chain, PomRules.property(chain, "project.build.outputTimestamp"))));
      }
      if (staged) {
        problems.addAll(FileRules.sidecars(set, artifactId, anySigned));
      }
    }
    if (staged) {
      for (String artifactId : present) {
        if (!published.contains(artifactId)) {
          problems.add(artifactId + " is in " + set.describe() + " but is not a published module (the BOM does"
              + " not manage it): set maven.deploy.skip in its POM, or add it to the BOM");
        }
      }
    }
    return problems;
  }
}
