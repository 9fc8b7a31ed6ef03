package io.tablemapper.releasecheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each rule of a release, broken once in an otherwise complete staged set. */
class ReleaseCheckTest {
  private static final Set<String> PUBLISHED = Set.of("tablemapper-parent", "tablemapper-bom", "mapper-api");

  @TempDir Path repository;

  private List<String> problems(StagedFixture fixture) {
    return ReleaseCheck.problems(new StagedArtifacts(repository, fixture.version), PUBLISHED, true, false);
  }

  private StagedFixture release() throws IOException {
    return new StagedFixture(repository, "1.0.0").complete();
  }

  @Test
  void aCompleteSetHasNoProblem() throws IOException {
    assertThat(problems(release())).isEmpty();
  }

  @Test
  void aSnapshotIsReadUnderTheTimestampedNamesOfItsMetadata() throws IOException {
    StagedFixture fixture = new StagedFixture(repository, "1.1.0-SNAPSHOT").complete();
    for (String artifact : PUBLISHED) {
      Path directory = fixture.target(artifact, "", "pom").getParent();
      StringBuilder versions = new StringBuilder();
      try (var files = Files.list(directory)) {
        for (Path file : files.toList()) {
          String name = file.getFileName().toString();
          String stamped = name.replace("1.1.0-SNAPSHOT", "1.1.0-20260131.101500-3");
          Files.move(file, file.resolveSibling(stamped));
          if (!StagedArtifacts.isSidecar(name)) {
            String rest = name.substring((artifact + "-1.1.0-SNAPSHOT").length());
            String extension = rest.substring(rest.lastIndexOf('.') + 1);
            String classifier = rest.startsWith("-") ? rest.substring(1, rest.lastIndexOf('.')) : "";
            versions.append("<snapshotVersion>").append(classifier.isEmpty() ? "" : "<classifier>" + classifier
                + "</classifier>").append("<extension>").append(extension)
                .append("</extension><value>1.1.0-20260131.101500-3</value></snapshotVersion>");
          }
        }
      }
      Files.writeString(directory.resolve("maven-metadata.xml"), "<metadata><versioning><snapshotVersions>"
          + versions + "</snapshotVersions></versioning></metadata>");
      Files.writeString(directory.resolve("maven-metadata.xml.md5"),
          FileRules.digest(directory.resolve("maven-metadata.xml"), "MD5"));
      Files.writeString(directory.resolve("maven-metadata.xml.sha1"),
          FileRules.digest(directory.resolve("maven-metadata.xml"), "SHA-1"));
    }
    assertThat(problems(fixture)).isEmpty();
  }

  @Test
  void everyPublishedModuleIsStaged() throws IOException {
    StagedFixture fixture = release();
    deleteVersion(fixture, "mapper-api");
    assertThat(problems(fixture)).containsExactly(
        "mapper-api is published (the BOM manages it) but is not in the staged repository " + repository);
  }

  @Test
  void aJarModuleHasItsSourcesAndJavadoc() throws IOException {
    StagedFixture fixture = release();
    Files.delete(fixture.target("mapper-api", "javadoc", "jar"));
    assertThat(problems(fixture)).anySatisfy(problem -> assertThat(problem)
        .startsWith("mapper-api: no mapper-api-javadoc.jar in the staged repository"));
  }

  @Test
  void theSourcesJarHoldsSources() throws IOException {
    StagedFixture fixture = release();
    fixture.jar("mapper-api", "sources", Map.of("README.txt", "no sources"), null,
        Instant.parse(StagedFixture.TIMESTAMP));
    assertThat(problems(fixture)).containsExactly("mapper-api: mapper-api-sources.jar holds no .java file");
  }

  @Test
  void theJarHasAModuleName() throws IOException {
    StagedFixture fixture = release();
    fixture.jar("mapper-api", "", Map.of("io/tablemapper/api/Api.class", "class"), null,
        Instant.parse(StagedFixture.TIMESTAMP));
    assertThat(problems(fixture)).containsExactly("mapper-api: mapper-api.jar has neither an Automatic-Module-Name"
        + " in its manifest nor a module-info.class, so it has no stable name on the module path");
  }

  @Test
  void theJarsEntriesCarryTheOutputTimestamp() throws IOException {
    StagedFixture fixture = release();
    fixture.jar("mapper-api", "", Map.of("io/tablemapper/api/Api.class", "class"), "io.tablemapper.api",
        Instant.parse("2026-03-01T12:00:00Z"));
    assertThat(problems(fixture)).singleElement().asString()
        .startsWith("mapper-api: mapper-api.jar's entry META-INF/MANIFEST.MF is dated 2026-03-01T12:00:00Z, not the"
            + " build's outputTimestamp 2026-01-31T00:00:00Z");
  }

  @Test
  void everyFileHasMatchingChecksums() throws IOException {
    StagedFixture fixture = release();
    Path jar = fixture.target("mapper-api", "", "jar");
    Files.writeString(jar.resolveSibling(jar.getFileName() + ".sha1"), "0000");
    Files.delete(jar.resolveSibling(jar.getFileName() + ".md5"));
    assertThat(problems(fixture)).containsExactly(
        "mapper-api: mapper-api-1.0.0.jar has no mapper-api-1.0.0.jar.md5",
        "mapper-api: mapper-api-1.0.0.jar.sha1 does not match mapper-api-1.0.0.jar");
  }

  @Test
  void oneSignatureMeansEveryFileIsSigned() throws IOException {
    StagedFixture fixture = release();
    Path pom = fixture.target("tablemapper-bom", "", "pom");
    Files.writeString(pom.resolveSibling(pom.getFileName() + ".asc"), "-----BEGIN PGP SIGNATURE-----");
    List<String> problems = problems(fixture);
    assertThat(problems).contains("mapper-api: mapper-api-1.0.0.jar is not signed (no mapper-api-1.0.0.jar.asc),"
        + " while the set is");
    assertThat(problems).noneMatch(problem -> problem.contains("tablemapper-bom-1.0.0.pom is not signed"));
  }

  @Test
  void theLicenceIsRequiredOfThePomOrItsParents() throws IOException {
    StagedFixture fixture = release();
    fixture.parent(StagedFixture.METADATA.replaceAll("<licenses>.*</licenses>", ""), "");
    assertThat(problems(fixture)).contains("mapper-api: neither " + fixture.target("mapper-api", "", "pom")
        + " nor its parents have <licenses><license><name>, which a central repository requires");
  }

  @Test
  void metadataIsWrittenOutNotInterpolated() throws IOException {
    StagedFixture fixture = release();
    fixture.parent(StagedFixture.METADATA.replace("<url>https://example.org/tablemapper</url>",
        "<url>https://${host}/tablemapper</url>"), "");
    assertThat(problems(fixture)).contains("mapper-api: <url> is 'https://${host}/tablemapper'; write it out: a"
        + " repository's checks read the POM as deployed, without interpolating it");
  }

  @Test
  void everyModuleHasItsOwnNameAndDescription() throws IOException {
    StagedFixture fixture = release();
    fixture.pom("mapper-api", "<name>mapper-api</name>", "");
    assertThat(problems(fixture)).containsExactly("mapper-api: " + fixture.target("mapper-api", "", "pom")
        + " has no <description>; every published module sets its own");
  }

  @Test
  void theParentIsPublished() throws IOException {
    StagedFixture fixture = release();
    deleteVersion(fixture, "tablemapper-parent");
    assertThat(problems(fixture)).contains("mapper-api: its parent tablemapper-parent is not in the staged"
        + " repository " + repository + ", so a consumer could not resolve its POM: publish the parent too");
  }

  @Test
  void noDependencyOnAModuleThatIsNotPublishedButInTests() throws IOException {
    StagedFixture fixture = release();
    fixture.jarModule("mapper-api", """
        <dependency><groupId>${project.groupId}</groupId><artifactId>readme-test</artifactId>
          <version>${project.version}</version></dependency>
        <dependency><groupId>io.tablemapper</groupId><artifactId>interop-tests</artifactId>
          <version>1.0.0</version><scope>test</scope></dependency>""");
    assertThat(problems(fixture)).containsExactly("mapper-api: depends (scope compile) on io.tablemapper:readme-test,"
        + " which is not published: a consumer could not resolve it; make it a test dependency or publish that"
        + " module");
  }

  @Test
  void aDependencyOnAPublishedModuleFindsItsFileInTheSet() throws IOException {
    StagedFixture fixture = release();
    fixture.jarModule("mapper-api", """
        <dependency><groupId>io.tablemapper</groupId><artifactId>tablemapper-bom</artifactId>
          <version>${project.version}</version><type>pom</type></dependency>
        <dependency><groupId>io.tablemapper</groupId><artifactId>tablemapper-bom</artifactId>
          <version>${project.version}</version><type>test-jar</type></dependency>""");
    assertThat(problems(fixture)).containsExactly("mapper-api: depends on io.tablemapper:tablemapper-bom:tests,"
        + " which is not in the staged repository " + repository);
  }

  @Test
  void aReleaseDependsOnNoSnapshot() throws IOException {
    StagedFixture fixture = release();
    fixture.parent(StagedFixture.METADATA, """
        <dependencyManagement><dependencies>
          <dependency><groupId>org.example</groupId><artifactId>lib</artifactId><version>2.0-SNAPSHOT</version></dependency>
        </dependencies></dependencyManagement>""");
    fixture.jarModule("mapper-api", """
        <dependency><groupId>org.example</groupId><artifactId>lib</artifactId></dependency>""");
    List<String> problems = problems(fixture);
    assertThat(problems).contains("mapper-api: the release depends on the snapshot org.example:lib:2.0-SNAPSHOT");
  }

  @Test
  void aStagedModuleThatIsNotPublishedIsNamed() throws IOException {
    StagedFixture fixture = release();
    fixture.pom("sample-company", "<name>sample</name><description>a sample</description>", "");
    assertThat(problems(fixture)).containsExactly("sample-company is in the staged repository " + repository
        + " but is not a published module (the BOM does not manage it): set maven.deploy.skip in its POM, or add it"
        + " to the BOM");
  }

  @Test
  void thePublishedModulesAreTheBomsTheBomAndTheParent(@TempDir Path root) throws IOException {
    Files.createDirectories(root.resolve("bom"));
    Files.writeString(root.resolve("pom.xml"), "<project><groupId>io.tablemapper</groupId>"
        + "<artifactId>tablemapper-parent</artifactId><version>1.0.0</version></project>");
    Files.writeString(root.resolve("bom/pom.xml"), """
        <project><artifactId>tablemapper-bom</artifactId><dependencyManagement><dependencies>
          <dependency><groupId>io.tablemapper</groupId><artifactId>mapper-api</artifactId></dependency>
          <dependency><groupId>org.example</groupId><artifactId>other</artifactId></dependency>
        </dependencies></dependencyManagement></project>""", StandardCharsets.UTF_8);
    assertThat(ReleaseCheck.published(root)).containsExactly("mapper-api", "tablemapper-bom", "tablemapper-parent");
  }

  @Test
  void theMainMethodListsEveryProblem(@TempDir Path root) throws IOException {
    Files.createDirectories(root.resolve("bom"));
    Files.writeString(root.resolve("pom.xml"), "<project><groupId>io.tablemapper</groupId>"
        + "<artifactId>tablemapper-parent</artifactId><version>1.0.0</version></project>");
    Files.writeString(root.resolve("bom/pom.xml"), "<project><artifactId>tablemapper-bom</artifactId></project>");
    assertThatThrownBy(() -> ReleaseCheck.main(new String[] {"root=" + root, "staged=" + repository}))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("2 problem(s) in the staged repository " + repository + ":\n"
            + "  tablemapper-bom is published (the BOM manages it) but is not in the staged repository " + repository
            + "\n  tablemapper-parent is published (the BOM manages it) but is not in the staged repository "
            + repository);
    assertThatThrownBy(() -> ReleaseCheck.main(new String[] {"staged"}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("'staged' is not NAME=VALUE; expected root=DIR [staged=DIR] [signed=true|false]");
  }

  private static void deleteVersion(StagedFixture fixture, String artifactId) throws IOException {
    Path directory = fixture.target(artifactId, "", "pom").getParent();
    try (var files = Files.list(directory)) {
      for (Path file : files.toList()) {
        Files.delete(file);
      }
    }
    Files.delete(directory);
  }
}
