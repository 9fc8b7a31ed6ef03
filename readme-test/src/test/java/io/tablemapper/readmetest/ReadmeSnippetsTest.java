package io.tablemapper.readmetest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ReadmeSnippetsTest {
  /** The build's version, from the build (surefire's configuration). */
  private static final String VERSION = System.getProperty("tablemapper.version");
  private static final Set<String> BOM = Set.of("mapper-api", "mapper-processor", "mapper-runtime", "backend-h2");

  @Test
  void theBlocksOfAMarkedSectionAreTakenInOrderAndNothingOutsideIt() {
    String markdown = """
        ```xml
        <outside/>
        ```
        <!-- readme-test:maven (a note) -->
        ```xml
        <first/>
        ```
        Some prose, and a block of another language:
        ```sh
        mvn install
        ```
        ```xml
        <second/>
        ```
        <!-- /readme-test:maven -->
        """;

    assertThat(ReadmeBlocks.of(markdown, "maven", "xml")).containsExactly("<first/>\n", "<second/>\n");
  }

  @Test
  void aSectionWithoutItsMarkersFailsInsteadOfEscapingTheCheck() {
    assertThatThrownBy(() -> ReadmeBlocks.of("```xml\n<a/>\n```\n", "maven", "xml"))
        .hasMessageContaining("no section marked '<!-- readme-test:maven -->'");
    assertThatThrownBy(() -> ReadmeBlocks.of("<!-- readme-test:maven -->\n```xml\n<a/>\n```\n", "maven", "xml"))
        .hasMessageContaining("never closes it");
    assertThatThrownBy(() -> ReadmeBlocks.of("<!-- readme-test:maven -->\n<!-- /readme-test:maven -->", "maven",
        "xml"))
        .hasMessageContaining("holds no ```xml block");
    assertThatThrownBy(() -> ReadmeBlocks.of("<!-- readme-test:maven -->\n```xml\n<a/>\n<!-- /readme-test:maven -->",
        "maven", "xml"))
        .hasMessageContaining("is not closed");
  }

  @Test
  void theReadmesMavenSnippetBecomesAPomBodyThatImportsTheBom() throws Exception {
    String pom = ConsumerProject.pom(Files.readString(Path.of("../README.md")));

    assertThat(pom).contains("<artifactId>tablemapper-bom</artifactId>", "<scope>import</scope>",
        "<artifactId>mapper-processor</artifactId>");
  }

  @Test
  void theReadmesGradleSnippetNamesOnlyArtifactsOfTheBomAtTheBuildsVersion() throws Exception {
    String gradle = String.join("\n", ReadmeBlocks.of(Files.readString(Path.of("../README.md")), "gradle", "kotlin"));

    assertThat(GradleSnippet.problems(gradle, Bom.managedArtifacts(Path.of("../bom/pom.xml")),
        VERSION)).isEmpty();
  }

  @Test
  void theQuickStartHasTheSampleAndTestCommandsAndCiRunsTheTestCommandInBatchMode() throws Exception {
    String readme = Files.readString(Path.of("../README.md"));
    String quickStart = readme.substring(readme.indexOf("\n## Quick start\n"));
    String commands = quickStart.substring(quickStart.indexOf("```sh\n") + 6, quickStart.indexOf("```",
        quickStart.indexOf("```sh\n") + 6));
    List<String> lines = commands.lines().map(line -> line.replaceFirst("\\s+#.*", "").strip()).toList();

    assertThat(lines)
        .containsExactly("mvn -ntp -pl samples/company -am package exec:java -DskipTests", "mvn -ntp verify");
    assertThat(Files.readAllLines(Path.of("../.ci/run"))).as(".ci/run runs the README's test command, with -B")
        .contains("exec " + lines.get(1).replaceFirst("^mvn ", "mvn -B "));
  }

  @Test
  void theBomManagesEveryModuleTheBuildDeploysAtItsVersion() throws Exception {
    assertThat(Bom.problems(Path.of(".."), VERSION)).isEmpty();
    assertThat(Bom.managedArtifacts(Path.of("../bom/pom.xml"))).containsExactly("backend-azure", "backend-h2",
        "backend-memory", "backend-tck", "encryption-keyvault", "mapper-api", "mapper-processor", "mapper-runtime",
        "mapper-tck", "mapper-tck-fixtures",
        "tablemapper-cli", "tablemapper-jakarta-data", "tablemapper-micrometer", "tablemapper-spring-boot-starter");
  }

  @Test
  void aGradleSnippetWithAnUnknownArtifactAVersionOrNoProcessorPathIsRefused() {
    String gradle = """
        dependencies {
            implementation(platform("io.tablemapper:tablemapper-bom:0.0.9"))
            implementation("io.tablemapper:mapper-apy")
            implementation("io.tablemapper:backend-h2:0.1.0-SNAPSHOT")
            implementation("io.tablemapper:mapper-processor")
        }
        """;

    assertThat(GradleSnippet.problems(gradle, BOM, "0.1.0-SNAPSHOT")).containsExactly(
        "the platform io.tablemapper:tablemapper-bom is at version 0.0.9, the build's is 0.1.0-SNAPSHOT",
        "io.tablemapper:mapper-apy is not an artifact the BOM manages " + BOM,
        "io.tablemapper:backend-h2 names a version (0.1.0-SNAPSHOT); the BOM gives it",
        "implementation does not take the BOM as a platform: no implementation(platform(\"io.tablemapper:tablemapper-bom:0.1.0-SNAPSHOT\"))",
        "annotationProcessor does not take the BOM as a platform: no annotationProcessor(platform(\"io.tablemapper:tablemapper-bom:0.1.0-SNAPSHOT\"))",
        "the processor, io.tablemapper:mapper-processor, is not on annotationProcessor");
  }
}
