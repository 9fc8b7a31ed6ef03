package io.tablemapper.releasecheck;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/** One POM as written (not interpolated, not inherited): the few elements the rules read. */
final class Pom {
  private final Path file;
  private final Element project;

  private Pom(Path file, Element project) {
    this.file = file;
    this.project = project;
  }

  static Pom read(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      return new Pom(file, factory.newDocumentBuilder().parse(in).getDocumentElement());
    } catch (IOException | SAXException | ParserConfigurationException e) {
      throw new IllegalArgumentException(file + " is not a readable POM: " + e.getMessage(), e);
    }
  }

  Path file() {
    return file;
  }

  Element project() {
    return project;
  }

  /** The text of the element at {@code path} (names separated by '/'), stripped, or null when absent or blank. */
  String text(String path) {
    return text(project, path);
  }

  String artifactId() {
    return text("artifactId");
  }

  String groupId() {
    return text("groupId") != null ? text("groupId") : text("parent/groupId");
  }

  String version() {
    return text("version") != null ? text("version") : text("parent/version");
  }

  String packaging() {
    return text("packaging") != null ? text("packaging") : "jar";
  }

  static String text(Element from, String path) {
    Element element = element(from, path);
    if (element == null) {
      return null;
    }
    String text = element.getTextContent().strip();
    return text.isEmpty() ? null : text;
  }

  static Element element(Element from, String path) {
    Element at = from;
    for (String name : path.split("/")) {
      at = at == null ? null : child(at, name);
    }
    return at;
  }

  static List<Element> children(Element parent, String name) {
    List<Element> children = new ArrayList<>();
    for (Node node = parent == null ? null : parent.getFirstChild(); node != null; node = node.getNextSibling()) {
      if (node instanceof Element element && element.getTagName().equals(name)) {
        children.add(element);
      }
    }
    return children;
  }

  private static Element child(Element parent, String name) {
    List<Element> children = children(parent, name);
    return children.isEmpty() ? null : children.get(0);
  }

  @Override
  public String toString() {
    return file.toString();
  }
}
