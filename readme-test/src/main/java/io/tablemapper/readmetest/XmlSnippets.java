package io.tablemapper.readmetest;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXParseException;

/**
 * What can be checked of the documentation's ```xml blocks, which are pieces of a POM: each is well-formed XML (as
 * the content of one element), and each of its {@code io.tablemapper} dependencies names an artifact the BOM
 * manages and, but for the BOM itself, no version (the BOM gives it). The README's project snippet is built and run
 * besides ({@link ConsumerProject}).
 */
final class XmlSnippets {
  private XmlSnippets() {}

  /** The problems of the xml blocks among {@code snippets}, each at its file and line; empty when there are none. */
  static List<String> problems(List<MarkdownSnippets.Snippet> snippets, Set<String> managed) {
    List<String> problems = new ArrayList<>();
    for (MarkdownSnippets.Snippet snippet : snippets) {
      if (!snippet.language().equals("xml")) {
        continue;
      }
      Element root;
      try {
        root = DocumentBuilderFactory.newInstance().newDocumentBuilder()
            .parse(new InputSource(new StringReader("<snippet>" + snippet.text() + "</snippet>")))
            .getDocumentElement();
      } catch (SAXParseException e) {
        problems.add(snippet.where(e.getLineNumber() - 1) + ": not well-formed XML: " + e.getMessage());
        continue;
      } catch (Exception e) {
        problems.add(snippet.where() + ": cannot be read as XML: " + e);
        continue;
      }
      NodeList dependencies = root.getElementsByTagName("dependency");
      for (int i = 0; i < dependencies.getLength(); i++) {
        Element dependency = (Element) dependencies.item(i);
        if (!"io.tablemapper".equals(text(dependency, "groupId"))) {
          continue;
        }
        String artifact = text(dependency, "artifactId");
        String line = snippet.where(lineOf(snippet.text(), "<artifactId>" + artifact + "</artifactId>"));
        if (artifact.equals("tablemapper-bom")) {
          continue;
        }
        if (!managed.contains(artifact)) {
          problems.add(line + ": io.tablemapper:" + artifact + " is not an artifact the BOM manages " + managed);
        } else if (text(dependency, "version") != null) {
          problems.add(line + ": io.tablemapper:" + artifact + " names a version; the BOM gives it");
        }
      }
    }
    return problems;
  }

  private static int lineOf(String text, String needle) {
    int at = text.indexOf(needle);
    return at < 0 ? 0 : (int) text.substring(0, at).chars().filter(c -> c == '\n').count();
  }

  private static String text(Element parent, String name) {
    for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
      if (node instanceof Element element && element.getTagName().equals(name)) {
        return element.getTextContent().strip();
      }
    }
    return null;
  }
}
