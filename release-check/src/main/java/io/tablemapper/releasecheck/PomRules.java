package io.tablemapper.releasecheck;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.w3c.dom.Element;

/**
 * What a central repository requires of a published POM, read with its parent chain as a consumer's Maven reads it
 * (url, licences, scm, developers and issue tracking inherited; name and description the module's own), and what a
 * consumer needs to resolve it: a published parent, and no dependency on a tablemapper module that is not published
 * or, from a release, on any snapshot.
 */
final class PomRules {
  static final String GROUP = "io.tablemapper";
  private static final Pattern PROPERTY = Pattern.compile("\\$\\{([^}]+)}");

  private PomRules() {}

  /** The POM of {@code artifactId} and its parents, nearest first, as far as the set holds them. */
  static List<Pom> chain(ArtifactSet set, String artifactId, List<String> problems) {
    List<Pom> chain = new ArrayList<>();
    Path file = set.pom(artifactId);
    while (file != null) {
      Pom pom = Pom.read(file);
      chain.add(pom);
      String parent = pom.text("parent/artifactId");
      if (parent == null) {
        break;
      }
      if (!GROUP.equals(pom.text("parent/groupId"))) {
        problems.add(artifactId + ": its parent " + pom.text("parent/groupId") + ":" + parent
            + " is not tablemapper's; the rules read tablemapper's parents only");
        break;
      }
      file = set.pom(parent);
      if (file == null) {
        problems.add(artifactId + ": its parent " + parent + " is not in " + set.describe()
            + ", so a consumer could not resolve its POM: publish the parent too");
      }
    }
    return chain;
  }

  /** Every problem of the POM of a published {@code artifactId}; {@code published} lists every published one. */
  static List<String> check(ArtifactSet set, String artifactId, Set<String> published) {
    List<String> problems = new ArrayList<>();
    List<Pom> chain = chain(set, artifactId, problems);
    if (chain.isEmpty()) {
      problems.add(artifactId + ": no POM in " + set.describe());
      return problems;
    }
    Pom pom = chain.get(0);
    for (Pom parent : chain.subList(1, chain.size())) {
      if (!published.contains(parent.artifactId())) {
        problems.add(artifactId + ": its parent " + parent.artifactId()
            + " is not a published module, so a consumer could not resolve its POM");
      }
    }
    for (String own : List.of("name", "description")) {
      if (pom.text(own) == null) {
        problems.add(artifactId + ": " + pom + " has no <" + own + ">; every published module sets its own");
      }
    }
    for (String required : List.of("url", "licenses/license/name", "licenses/license/url",
        "developers/developer/name", "scm/url", "scm/connection")) {
      String value = inherited(chain, required);
      if (value == null) {
        problems.add(artifactId + ": neither " + pom + " nor its parents have <" + required.replace("/", "><")
            + ">, which a central repository requires");
      } else if (value.contains("${")) {
        problems.add(artifactId + ": <" + required.replace("/", "><") + "> is '" + value
            + "'; write it out: a repository's checks read the POM as deployed, without interpolating it");
      }
    }
    if (!set.version().equals(pom.version())) {
      problems.add(artifactId + ": " + pom + " is at version " + pom.version() + ", the set at " + set.version());
    }
    problems.addAll(dependencies(set, chain, published));
    return problems;
  }

  /** The value at {@code path} of the nearest POM of the chain that has one. */
  static String inherited(List<Pom> chain, String path) {
    for (Pom pom : chain) {
      if (pom.text(path) != null) {
        return pom.text(path);
      }
    }
    return null;
  }

  /** The property {@code name} as the chain defines it (the nearest POM's), or null. */
  static String property(List<Pom> chain, String name) {
    return inherited(chain, "properties/" + name);
  }

  private static List<String> dependencies(ArtifactSet set, List<Pom> chain, Set<String> published) {
    List<String> problems = new ArrayList<>();
    Pom pom = chain.get(0);
    boolean release = !set.version().endsWith("-SNAPSHOT");
    Map<String, String> managed = managedVersions(chain);
    for (Element dependency : Pom.children(Pom.element(pom.project(), "dependencies"), "dependency")) {
      String scope = Pom.text(dependency, "scope");
      if ("test".equals(scope)) {
        continue; // never resolved by a consumer
      }
      String group = interpolate(chain, Pom.text(dependency, "groupId"));
      String artifact = interpolate(chain, Pom.text(dependency, "artifactId"));
      String type = Pom.text(dependency, "type");
      String classifier = Pom.text(dependency, "classifier");
      if ("test-jar".equals(type) && classifier == null) {
        classifier = "tests";
      }
      String version = Pom.text(dependency, "version") != null
          ? interpolate(chain, Pom.text(dependency, "version"))
          : managed.get(group + ":" + artifact);
      String coordinates = group + ":" + artifact + (classifier == null ? "" : ":" + classifier);
      if (GROUP.equals(group)) {
        if (!published.contains(artifact)) {
          problems.add(pom.artifactId() + ": depends (scope " + (scope == null ? "compile" : scope) + ") on "
              + coordinates + ", which is not published: a consumer could not resolve it; make it a test"
              + " dependency or publish that module");
        } else if (set.file(artifact, classifier == null ? "" : classifier, "pom".equals(type) ? "pom" : "jar")
            == null) {
          problems.add(pom.artifactId() + ": depends on " + coordinates + ", which is not in " + set.describe());
        }
      }
      // without a version of its own or managed here, it is managed by an imported BOM, checked below
      if (release && version != null && version.endsWith("-SNAPSHOT")) {
        problems.add(pom.artifactId() + ": the release depends on the snapshot " + coordinates + ":" + version);
      }
    }
    if (release) {
      managed.forEach((coordinates, version) -> {
        if (version != null && version.endsWith("-SNAPSHOT")) {
          problems.add(pom.artifactId() + ": the release manages (or imports) the snapshot " + coordinates + ":"
              + version);
        }
      });
    }
    return problems;
  }

  private static Map<String, String> managedVersions(List<Pom> chain) {
    Map<String, String> managed = new HashMap<>();
    for (int i = chain.size() - 1; i >= 0; i--) {
      for (Element dependency : Pom.children(
          Pom.element(chain.get(i).project(), "dependencyManagement/dependencies"), "dependency")) {
        managed.put(interpolate(chain, Pom.text(dependency, "groupId")) + ":"
            + interpolate(chain, Pom.text(dependency, "artifactId")),
            interpolate(chain, Pom.text(dependency, "version")));
      }
    }
    return managed;
  }

  /** {@code value} with its {@code ${...}} replaced from the chain's properties and the project's coordinates. */
  static String interpolate(List<Pom> chain, String value) {
    if (value == null) {
      return null;
    }
    Matcher matcher = PROPERTY.matcher(value);
    StringBuilder out = new StringBuilder();
    while (matcher.find()) {
      String name = matcher.group(1);
      String replacement = switch (name) {
        case "project.version", "pom.version" -> chain.get(0).version();
        case "project.groupId", "pom.groupId" -> chain.get(0).groupId();
        default -> property(chain, name);
      };
      matcher.appendReplacement(out, Matcher.quoteReplacement(
          replacement == null ? matcher.group() : interpolate(chain, replacement)));
    }
    matcher.appendTail(out);
    return out.toString();
  }
}
