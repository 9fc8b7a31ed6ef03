package io.tablemapper.readmetest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every ```java block of README.md and docs/ compiles, with tablemapper's processor, as the reader sees it (with the
 * context its marker gives), and the README's first example prints what the README shows.
 */
class DocSnippetsTest {
  private static final Path ROOT = Path.of("..");
  private static final Path PROJECT = Path.of("target/doc-snippets");

  private static List<MarkdownSnippets.Snippet> snippets;
  private static SnippetProject.Result result;

  @BeforeAll
  static void compileTheSnippets() throws Exception {
    snippets = MarkdownSnippets.of(ROOT);
    result = SnippetProject.compile(snippets, PROJECT,
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")));
    System.out.println("[readme-test] compiled " + result.units().size() + " units of the documentation's Java"
        + " snippets in " + PROJECT + "; not compiled, by their markers: " + result.skipped());
  }

  @Test
  void everyJavaSnippetOfTheReadmeAndTheDocsCompiles() {
    assertThat(result.errors()).as("snippets that do not compile (file:line: javac's message)").isEmpty();
  }

  @Test
  void everyXmlSnippetIsWellFormedAndNamesTablemapperArtifactsTheBomManagesWithoutVersions() throws Exception {
    assertThat(XmlSnippets.problems(snippets, Bom.managedArtifacts(ROOT.resolve("bom/pom.xml"))))
        .as("xml snippets (file:line: problem)").isEmpty();
  }

  @Test
  void everyTablemapperPropertyOfAPropertiesSnippetIsOneTheStarterKnows() throws Exception {
    java.util.Set<String> known = new java.util.TreeSet<>();
    ReferencePages.springProperties().forEach(property -> known.add(property.path("name").asText()));
    List<String> unknown = new java.util.ArrayList<>();
    for (MarkdownSnippets.Snippet snippet : snippets) {
      if (!snippet.language().equals("properties")) {
        continue;
      }
      List<String> lines = snippet.text().lines().toList();
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i).strip();
        String key = line.contains("=") ? line.substring(0, line.indexOf('=')).strip() : "";
        if (!line.startsWith("#") && key.contains("tablemapper") && !known.contains(key)) {
          unknown.add(snippet.where(i) + ": " + key + " is no property of the starter " + known);
        }
      }
    }
    assertThat(unknown).isEmpty();
  }

  @Test
  void fewSnippetsAreLeftOutOfTheBuild() {
    assertThat(result.skipped()).as("blocks marked 'not compiled'; keep them rare").hasSizeLessThanOrEqualTo(3);
  }

  @Test
  void theReadmesFirstRepositoryPrintsThePlansAndResultsTheReadmeShows() throws Exception {
    String readme = Files.readString(ROOT.resolve("README.md"));
    String shown = MarkdownSnippets.of(ROOT.resolve("README.md"), "README.md", readme).stream()
        .dropWhile(snippet -> !snippet.text().contains("class QuickStart"))
        .filter(snippet -> snippet.language().equals("text"))
        .findFirst().orElseThrow(() -> new AssertionError("README.md has no ```text block after QuickStart"))
        .text();
    assertThat(result.errors()).isEmpty();

    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream out = System.out;
    try (URLClassLoader loader = new URLClassLoader(
        new URL[] {PROJECT.resolve("classes/com.example.quickstart").toUri().toURL()}, getClass().getClassLoader())) {
      System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
      loader.loadClass("com.example.quickstart.QuickStart").getMethod("main", String[].class)
          .invoke(null, (Object) new String[0]);
    } finally {
      System.setOut(out);
    }

    assertThat(printed.toString(StandardCharsets.UTF_8).replace("\r\n", "\n")).isEqualTo(shown);
  }
}
