package io.tablemapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.tablemapper.processor.Sources.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import io.tablemapper.internal.model.Rule;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import org.junit.jupiter.api.Test;

/**
 * What an incremental build needs from the processor: the declaration (aggregating, as the subtype lists of entity
 * hierarchies gather several types into one file), and the originating elements of each generated file — exactly
 * one, the type it was generated from, for every file but a subtype list, which has its subtypes. The processor
 * runs here behind a wrapped environment, as Gradle runs it, which also takes away javac's own APIs.
 */
class IncrementalProcessingTest {

  @Test
  void theProcessorIsDeclaredAggregatingForItsSubtypeLists() throws IOException {
    try (InputStream in = TableMapperProcessor.class.getClassLoader()
        .getResourceAsStream("META-INF/gradle/incremental.annotation.processors")) {
      assertThat(in).isNotNull();
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8).trim())
          .isEqualTo(TableMapperProcessor.class.getName() + ",aggregating");
    }
  }

  @Test
  void everyGeneratedFileHasExactlyOneOriginatingElementTheTypeItWasGeneratedFrom() {
    Recording recording = new Recording();
    Compilation compilation = Compiler.javac()
        .withProcessors(recording)
        .withOptions("-Xlint:all", "-Werror")
        .compile(Sources.employee(), source("Account", GeneratedSourcesTest.ACCOUNT),
            source("EmployeeRepository", GeneratedSourcesTest.REPOSITORY));
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(recording.originating).containsOnlyKeys(
        "test.Account_", "test.Account__Mapping", "test.Employee_", "test.Employee__Mapping",
        "test.EmployeeRepository__Impl", "META-INF/tablemapper/plans/test.EmployeeRepository.txt",
        "META-INF/tablemapper/key-design.html", "META-INF/tablemapper/key-design.md");
    recording.originating.remove("META-INF/tablemapper/key-design.html"); // aggregating: every type, below
    recording.originating.remove("META-INF/tablemapper/key-design.md");
    assertThat(recording.originating).allSatisfy((file, elements) -> assertThat(elements).hasSize(1));
    assertThat(recording.originating.get("test.Account__Mapping").get(0).getSimpleName()).hasToString("Account");
    assertThat(recording.originating.get("test.EmployeeRepository__Impl").get(0).getSimpleName())
        .hasToString("EmployeeRepository");
    assertThat(recording.originating.get("META-INF/tablemapper/plans/test.EmployeeRepository.txt").get(0)
        .getSimpleName()).hasToString("EmployeeRepository");
  }

  @Test
  void aSubtypeListHasEverySubtypeItListsAsItsOriginatingElements() {
    Recording recording = new Recording();
    Compilation compilation = Compiler.javac()
        .withProcessors(recording)
        .compile(source("P", "@Entity(table = \"Things\") @PartitionKey(\"{a}\") @RowKey(\"r_{b}\")\n"
                + "public abstract class P { public String a; public String b; }"),
            source("S", "@Entity public class S extends P { public int c; }"),
            source("T", "@Entity public class T extends P { public int d; }"));
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(recording.originating.get("META-INF/tablemapper/subtypes/test.P"))
        .extracting(element -> element.getSimpleName().toString())
        .containsExactly("S", "T");
    assertThat(recording.originating.get("test.S__Mapping")).hasSize(1);
  }

  @Test
  void theKeyDesignReportHasEveryEntityAndRepositoryOfTheCompilationAsItsOriginatingElements() {
    Recording recording = new Recording();
    Compilation compilation = Compiler.javac()
        .withProcessors(recording)
        .compile(Sources.employee(), source("Account", GeneratedSourcesTest.ACCOUNT),
            source("EmployeeRepository", GeneratedSourcesTest.REPOSITORY));
    assertThat(compilation).succeeded();
    for (String path : List.of("META-INF/tablemapper/key-design.html", "META-INF/tablemapper/key-design.md")) {
      assertThat(recording.originating.get(path)).as(path)
          .extracting(element -> element.getSimpleName().toString())
          .containsExactly("Account", "Employee", "EmployeeRepository");
    }
  }

  @Test
  void withoutJavacsTreeApiAMistakeInARepeatedAnnotationIsStillReportedOnceOnItsType() {
    Compilation compilation = Compiler.javac()
        .withProcessors(new Recording())
        .compile(source("E", "@Entity(table = \"Things\") @PartitionKey(\"{a}\") @RowKey(\"r_{b}\")\n"
            + "@Index(name = \"one\", rowKey = \"one_{c}\")\n@Index(name = \"two\", rowKey = \"one{c}\")\n"
            + "public record E(String a, String b, String c) {}"));
    assertThat(compilation.errors()).singleElement().satisfies(error -> {
      assertThat(error.getMessage(null)).startsWith("[" + Rule.KEY_SPACE_OVERLAP.id() + "]");
      assertThat(error.getLineNumber()).as("the line of record E").isEqualTo(13);
    });
  }

  /**
   * The processor behind proxies of its environment and filer, as a build tool wraps it: records the originating
   * elements of every file created.
   */
  static final class Recording extends AbstractProcessor {
    final Map<String, List<Element>> originating = new TreeMap<>();
    private final TableMapperProcessor processor = new TableMapperProcessor();

    @Override
    public synchronized void init(ProcessingEnvironment environment) {
      super.init(environment);
      Filer filer = proxy(Filer.class, environment.getFiler(), (method, args) -> {
        if (method.getName().startsWith("create")) {
          String name = method.getName().equals("createResource") ? args[2].toString() : args[0].toString();
          originating.put(name, List.of((Element[]) args[args.length - 1]));
        }
      });
      processor.init(proxy(ProcessingEnvironment.class, environment, (method, args) -> {}, filer));
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return processor.getSupportedAnnotationTypes();
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return processor.getSupportedSourceVersion();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      return processor.process(annotations, round);
    }

    /** Something to do on each call, before it is passed on. */
    interface Spy {
      void call(Method method, Object[] args);
    }

    /** A proxy that passes every call to the target, except {@code getFiler}, which returns {@code filer}. */
    private static <T> T proxy(Class<T> type, T target, Spy spy, Object... filer) {
      InvocationHandler handler = (proxy, method, args) -> {
        spy.call(method, args);
        if (filer.length > 0 && method.getName().equals("getFiler")) {
          return filer[0];
        }
        try {
          return method.invoke(target, args);
        } catch (InvocationTargetException e) {
          throw e.getCause();
        }
      };
      return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
    }
  }
}
