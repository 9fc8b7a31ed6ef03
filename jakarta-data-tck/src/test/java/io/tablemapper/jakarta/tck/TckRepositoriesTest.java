package io.tablemapper.jakarta.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.internal.model.Rule;
import io.tablemapper.processor.TableMapperProcessor;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What tablemapper's processor says of each repository of the TCK's standalone NoSQL profile, processed from the
 * TCK's jar as javac processes compiled classes (the build does the same, and compiles what it generates). Its
 * entities are Jakarta entities ({@code jakarta.nosql.Entity} with one {@code @Id}), mapped with the default key
 * layout; with the build's options ({@code -Atablemapper.jakarta.allowScan=true}: client steps,
 * {@code -Atablemapper.jakarta.refused=throw}) each repository is generated, and the methods the processor refuses
 * are warnings that name the rule. Each verdict is written to
 * {@code target/tck-verdicts/<repository>.txt}; docs/jakarta-data.md cites them.
 */
class TckRepositoriesTest {
  /** The options the build compiles the TCK's repositories with (jakarta-data-tck/pom.xml). */
  private static final String[] TCK_OPTIONS = {"-Atablemapper.jakarta.refused=throw",
      "-Atablemapper.jakarta.allowScan=true"};

  @ParameterizedTest(name = "{0} is generated, with {1} refused methods")
  @CsvSource(delimiter = '|', value = {
      "ee.jakarta.tck.data.framework.read.only.NaturalNumbers|0",
      "ee.jakarta.tck.data.framework.read.only.PositiveIntegers|0",
      "ee.jakarta.tck.data.framework.read.only.CustomRepository|0",
      "ee.jakarta.tck.data.framework.read.only.AsciiCharacters|0",
      "ee.jakarta.tck.data.standalone.entity.Boxes|0",
      "ee.jakarta.tck.data.standalone.entity.MultipleEntityRepo|0",
      "ee.jakarta.tck.data.standalone.nosql.example.Catalog|1"})
  void theProcessorGeneratesTheRepositoryAndNamesEachMethodItRefuses(String repository, int refused)
      throws Exception {
    List<Diagnostic<? extends JavaFileObject>> diagnostics = process(repository, TCK_OPTIONS);

    assertThat(errors(diagnostics)).isEmpty();
    List<String> refusals = messages(diagnostics).stream()
        .filter(message -> message.startsWith("[" + Rule.JAKARTA_REFUSED_METHOD.id() + "]")).toList();
    assertThat(refusals).hasSize(refused)
        .allSatisfy(message -> assertThat(message).contains("compiles to a method that throws"));
    assertThat(messages(diagnostics)).filteredOn(message -> message.startsWith("[JakartaClientQuery]"))
        .allSatisfy(message -> assertThat(message).containsAnyOf("reads every match of its plan",
            "reads and rewrites every matching entity", "reads and deletes every matching entity"));
    record(repository, messages(diagnostics));
  }

  @Test
  void withoutTheOptionEachRefusedMethodIsACompileError() throws Exception {
    List<Diagnostic<? extends JavaFileObject>> diagnostics =
        process("ee.jakarta.tck.data.standalone.nosql.example.Catalog");

    assertThat(errors(diagnostics)).extracting(error -> error.getMessage(Locale.ROOT)).satisfiesExactlyInAnyOrder(
        // surgePrice is no @Column: not persistent, as the NoSQL rule has it
        message -> assertThat(message).startsWith("[" + Rule.QUERY_UNKNOWN_PROPERTY.id() + "] Catalog.")
            .contains("countBySurgePriceGreaterThanEqual"),
        // Like is for the client, which only -Atablemapper.jakarta.allowScan=true lets evaluate it
        message -> assertThat(message).startsWith("[" + Rule.QUERY_OPERATOR_TYPE.id() + "] Catalog.")
            .contains("findByNameLike").contains("-Atablemapper.jakarta.allowScan=true"));
  }

  @Test
  void aRepositoryOfTwoEntitiesPlansEachJdqlWriteAndWithoutAllowScanRefusesTheScans() throws Exception {
    String repository = "ee.jakarta.tck.data.standalone.entity.MultipleEntityRepo";
    List<Diagnostic<? extends JavaFileObject>> allowed = process(repository, TCK_OPTIONS);
    // move's WHERE id = :id is a POINT: no warning; the others read every Box or Coordinate
    assertThat(messages(allowed)).filteredOn(message -> message.startsWith("[JakartaClientQuery]"))
        .extracting(message -> message.substring(0, message.indexOf("(")))
        .containsExactlyInAnyOrder("[JakartaClientQuery] MultipleEntityRepo.removeAll",
            "[JakartaClientQuery] MultipleEntityRepo.resizeAll",
            "[JakartaClientQuery] MultipleEntityRepo.deleteIfPositive",
            "[JakartaClientQuery] MultipleEntityRepo.withUUID");

    List<Diagnostic<? extends JavaFileObject>> diagnostics = process(repository);

    assertThat(errors(diagnostics)).extracting(error -> error.getMessage(Locale.ROOT)).satisfiesExactlyInAnyOrder(
        message -> assertThat(message).startsWith("[JakartaMethod] MultipleEntityRepo.removeAll")
            .contains("DELETE reads and deletes every matching entity of its plan (PARTITION_SCAN"),
        message -> assertThat(message).startsWith("[JakartaMethod] MultipleEntityRepo.resizeAll")
            .contains("UPDATE reads and rewrites every matching entity of its plan (PARTITION_SCAN"),
        message -> assertThat(message).startsWith("[JakartaMethod] MultipleEntityRepo.deleteIfPositive")
            .contains("its conditions evaluated in the client"),
        // a SELECT is read under allowScan only
        message -> assertThat(message).startsWith("[JakartaMethod] MultipleEntityRepo.withUUID")
            .contains("@Query (JDQL) is not planned at compile time"));
  }

  private static void record(String repository, List<String> messages) throws Exception {
    Path verdicts = Path.of("target/tck-verdicts");
    Files.createDirectories(verdicts);
    Files.writeString(verdicts.resolve(repository + ".txt"), String.join("\n", messages) + "\n",
        StandardCharsets.UTF_8);
  }

  private static List<Diagnostic<? extends JavaFileObject>> errors(
      List<Diagnostic<? extends JavaFileObject>> diagnostics) {
    return diagnostics.stream().filter(diagnostic -> diagnostic.getKind() == Diagnostic.Kind.ERROR).toList();
  }

  private static List<String> messages(List<Diagnostic<? extends JavaFileObject>> diagnostics) {
    return diagnostics.stream().map(diagnostic -> diagnostic.getMessage(Locale.ROOT)).collect(Collectors.toList());
  }

  /** The diagnostics of javac with tablemapper's processor over one compiled class of the TCK, generating nothing. */
  private static List<Diagnostic<? extends JavaFileObject>> process(String type, String... extra) throws Exception {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    Path out = Files.createTempDirectory("tck-processing");
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT,
        StandardCharsets.UTF_8)) {
      String path = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
      List<String> options = new ArrayList<>(List.of("-proc:only", "-processor", TableMapperProcessor.class.getName(),
          "-Atablemapper.keyDesignReport=false", "-classpath", path, "-d", out.toString(), "-s", out.toString()));
      options.addAll(List.of(extra));
      boolean ok = javac.getTask(new StringWriter(), files, diagnostics, options, List.of(type), List.of())
          .call();
      List<Diagnostic<? extends JavaFileObject>> found = List.copyOf(diagnostics.getDiagnostics());
      assertThat(ok).as("javac's result for %s", type).isEqualTo(errors(found).isEmpty());
      return found;
    }
  }
}
