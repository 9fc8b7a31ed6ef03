package io.tablemapper.jakarta.tck;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What tablemapper's processor says of each repository of the TCK's standalone NoSQL profile, processed from the
 * TCK's jar as javac processes compiled classes: why the TCK's entity tests cannot run on tablemapper (their
 * entities are declared with {@code jakarta.nosql} annotations, not with tablemapper's {@code @Entity} and its key
 * templates). Each verdict is written to {@code target/tck-verdicts/<repository>.txt}; docs/jakarta-data.md cites
 * them. When the processor learns to implement one, its case here fails, and the TCK's tests of it can join the run.
 */
class TckRepositoriesTest {

  @ParameterizedTest(name = "{0} is refused: {1}")
  @CsvSource(delimiter = '|', value = {
      "ee.jakarta.tck.data.framework.read.only.NaturalNumbers|[RepositoryEntity]|NaturalNumber",
      "ee.jakarta.tck.data.framework.read.only.PositiveIntegers|[RepositoryEntity]|NaturalNumber",
      "ee.jakarta.tck.data.framework.read.only.CustomRepository|[RepositoryEntity]|NaturalNumber",
      "ee.jakarta.tck.data.framework.read.only.AsciiCharacters|[RepositoryEntity]|AsciiCharacter",
      "ee.jakarta.tck.data.standalone.entity.Boxes|[RepositoryEntity]|Box",
      "ee.jakarta.tck.data.standalone.entity.MultipleEntityRepo|[RepositoryEntity]|",
      "ee.jakarta.tck.data.standalone.nosql.example.Catalog|[RepositoryEntity]|Product"})
  void theProcessorRefusesTheRepositoryWithASpecificDiagnostic(String repository, String id, String entity)
      throws Exception {
    List<Diagnostic<? extends JavaFileObject>> errors = process(repository);

    assertThat(errors).isNotEmpty();
    String first = errors.get(0).getMessage(Locale.ROOT);
    assertThat(first).startsWith(id).contains(repository.substring(repository.lastIndexOf('.') + 1));
    if (entity != null) {
      assertThat(first).contains(entity);
    }
    Path verdicts = Path.of("target/tck-verdicts");
    Files.createDirectories(verdicts);
    Files.writeString(verdicts.resolve(repository + ".txt"), errors.stream()
        .map(error -> error.getMessage(Locale.ROOT)).collect(Collectors.joining("\n")) + "\n", StandardCharsets.UTF_8);
  }

  /** The errors of javac with tablemapper's processor over one compiled class of the TCK, generating nothing. */
  private static List<Diagnostic<? extends JavaFileObject>> process(String type) throws Exception {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    Path out = Files.createTempDirectory("tck-processing");
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT,
        StandardCharsets.UTF_8)) {
      String path = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
      List<String> options = List.of("-proc:only", "-processor", TableMapperProcessor.class.getName(), "-classpath", path, "-d", out.toString(), "-s", out.toString());
      boolean ok = javac.getTask(new StringWriter(), files, diagnostics, options, List.of(type), List.of())
          .call();
      List<Diagnostic<? extends JavaFileObject>> errors = new ArrayList<>();
      for (Diagnostic<? extends JavaFileObject> diagnostic : diagnostics.getDiagnostics()) {
        if (diagnostic.getKind() == Diagnostic.Kind.ERROR) {
          errors.add(diagnostic);
        }
      }
      assertThat(ok).as("javac's result for %s", type).isEqualTo(errors.isEmpty());
      return errors;
    }
  }
}
