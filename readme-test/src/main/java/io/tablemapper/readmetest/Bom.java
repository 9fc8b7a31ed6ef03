package io.tablemapper.readmetest;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * What the BOM must say: the build's version, and every module the build deploys (a jar whose POM does not set
 * {@code maven.deploy.skip}), no more; and, as installed (flattened), nothing else: no parent, whose
 * dependencyManagement an application importing the BOM would get as well, and no other group's artifacts. The
 * parent POM manages tablemapper's artifacts for the build itself, the BOM (which the parent cannot import from its
 * own reactor) for applications: this keeps the two from drifting apart.
 */
final class Bom {
  private Bom() {}

  /** The artifactIds the BOM at {@code bom} manages. */
  static Set<String> managedArtifacts(Path bom) throws Exception {
    Set<String> managed = new TreeSet<>();
    for (Element dependency : children(child(child(pom(bom), "dependencyManagement"), "dependencies"),
        "dependency")) {
      managed.add(text(dependency, "artifactId"));
    }
    return managed;
  }

  /** The problems found in the BOM of the build at {@code root}, empty when there are none. */
  static List<String> problems(Path root, String version) throws Exception {
    Path bom = root.resolve("bom/pom.xml");
    List<String> problems = new ArrayList<>();
    Element project = pom(bom);
    String bomVersion = text(project, "version") != null ? text(project, "version")
        : text(child(project, "parent"), "version");
    if (!version.equals(bomVersion)) {
      problems.add("bom/pom.xml is at version " + bomVersion + ", the build at " + version);
    }
    Path flattened = root.resolve("bom/target/flattened-pom.xml");
    if (!Files.exists(flattened)) {
      problems.add(flattened + " is missing: build the bom module first (mvn -pl readme-test -am)");
    } else {
      Element published = pom(flattened);
      if (child(published, "parent") != null) {
        problems.add("the BOM as installed has a parent, whose dependencyManagement an application would import too");
      }
      for (Element dependency : children(child(child(published, "dependencyManagement"), "dependencies"),
          "dependency")) {
        if (!"io.tablemapper".equals(text(dependency, "groupId"))) {
          problems.add("the BOM as installed manages " + text(dependency, "groupId") + ":"
              + text(dependency, "artifactId") + ", which is not tablemapper's to choose for an application");
        }
      }
    }
    Set<String> deployed = new TreeSet<>();
    for (Element module : children(child(pom(root.resolve("pom.xml")), "modules"), "module")) {
      Element pom = pom(root.resolve(module.getTextContent().strip()).resolve("pom.xml"));
      Element properties = child(pom, "properties");
      boolean skipped = properties != null && "true".equals(text(properties, "maven.deploy.skip"));
      String packaging = text(pom, "packaging");
      if (!skipped && (packaging == null || packaging.equals("jar"))) {
        deployed.add(text(pom, "artifactId"));
      }
    }
    Set<String> managed = managedArtifacts(bom);
    if (!managed.equals(deployed)) {
      Set<String> missing = new TreeSet<>(deployed);
      missing.removeAll(managed);
      Set<String> extra = new TreeSet<>(managed);
      extra.removeAll(deployed);
      problems.add("bom/pom.xml must manage exactly the modules the build deploys " + deployed
          + (missing.isEmpty() ? "" : "; add " + missing) + (extra.isEmpty() ? "" : "; it manages no module " + extra));
    }
    return problems;
  }

  private static Element pom(Path file) throws Exception {
    if (!Files.exists(file)) {
      throw new IllegalArgumentException("no POM at " + file);
    }
    return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile()).getDocumentElement();
  }

  private static Element child(Element parent, String name) {
    if (parent == null) {
      return null;
    }
    for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
      if (node instanceof Element element && element.getTagName().equals(name)) {
        return element;
      }
    }
    return null;
  }

  private static List<Element> children(Element parent, String name) {
    List<Element> children = new ArrayList<>();
    for (Node node = parent == null ? null : parent.getFirstChild(); node != null; node = node.getNextSibling()) {
      if (node instanceof Element element && element.getTagName().equals(name)) {
        children.add(element);
      }
    }
    return children;
  }

  private static String text(Element parent, String name) {
    Element child = child(parent, name);
    return child == null ? null : child.getTextContent().strip();
  }
}
