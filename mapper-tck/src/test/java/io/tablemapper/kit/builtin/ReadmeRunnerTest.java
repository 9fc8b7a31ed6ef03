package io.tablemapper.kit.builtin;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The documentation's "Testing a backend of your own" (docs/backends/writing-a-backend.md) shows the kit's own runner for
 * the in-memory backend, word for word:
 * its stores and its suite are the files of this package (without their package and one-line comment), and
 * its dependency is this module, which the BOM manages. So the snippet a third party copies is one that runs.
 */
class ReadmeRunnerTest {
  private static final Path ROOT = Path.of("..");
  private static final Path HERE = Path.of("src", "test", "java", "io", "tablemapper", "kit", "builtin");

  private static String section() throws IOException {
    String page = Files.readString(ROOT.resolve("docs/backends/writing-a-backend.md"));
    int start = page.indexOf("\n## Testing a backend of your own\n");
    assertThat(start).as("the documentation's section").isNotNegative();
    int end = page.indexOf("\n#", start + 1);
    return page.substring(start, end < 0 ? page.length() : end);
  }

  private static List<String> blocks(String language) throws IOException {
    Matcher block = Pattern.compile("```" + language + "\n(.*?)```", Pattern.DOTALL).matcher(section());
    List<String> blocks = new ArrayList<>();
    while (block.find()) {
      blocks.add(block.group(1).strip());
    }
    return blocks;
  }

  /** A source file as the documentation shows it: no package or one-line Javadoc comment. */
  private static String asShown(String file) throws IOException {
    return Files.readAllLines(HERE.resolve(file)).stream()
        .filter(line -> !line.startsWith("package ") && !(line.startsWith("/**") && line.endsWith("*/")))
        .collect(Collectors.joining("\n"))
        .strip();
  }

  @Test
  void theReadmesStoresAndRunnerAreTheKitsOwnRunnerForTheInMemoryBackend() throws IOException {
    assertThat(blocks("java")).containsExactly(asShown("MemoryStores.java"), asShown("MemoryKitTest.java"));
  }

  @Test
  void theReadmesDependencyIsThisModuleWhichTheBomManages() throws IOException {
    assertThat(blocks("xml")).singleElement().asString()
        .contains("<groupId>io.tablemapper</groupId>", "<artifactId>mapper-tck</artifactId>", "<scope>test</scope>");
    assertThat(Files.readString(Path.of("pom.xml"))).contains("<artifactId>mapper-tck</artifactId>");
    assertThat(Files.readString(ROOT.resolve("bom").resolve("pom.xml")))
        .contains("<artifactId>mapper-tck</artifactId>");
  }
}
