package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The two front ends of the one entity checker read the same facts of the same class: the processor from its
 * elements, the runtime by reflection on the class compiled without the processor. Every broken class of
 * {@link UnprocessedRulesTest} and a few valid ones that use every feature (beans in a hierarchy with accessors and
 * naming, versions with defaults and an upgrade method, roles, stored names, caches, indexes, nested classes) are
 * compared fact by fact, so a front end that reads a fact differently fails here before the rules could disagree.
 */
class SameFactsTest {
  private static final String PACKAGE = "io.tablemapper.runtime.facts";
  private static final String IMPORTS = "package " + PACKAGE + ";\n"
      + "import io.tablemapper.annotations.*;\n"
      + "import java.time.Instant;\n"
      + "import java.util.List;\n"
      + "import java.util.Map;\n";

  private static Map<String, String> sources() {
    Map<String, String> sources = new LinkedHashMap<>(UnprocessedRulesTest.sources());
    valid("Base", "@Entity(table = \"Things\", version = 2) @PartitionKey(\"{region}\")"
        + " @Naming(NamingStrategy.PASCAL_CASE)\n"
        + "public abstract class Base { protected String region; private String code; boolean active;\n"
        + " public String getRegion() { return region; } public void setRegion(String r) { region = r; }\n"
        + " public String getCode() { return code; } public void setCode(String c) { code = c; }\n"
        + " public boolean isActive() { return active; } }", sources);
    valid("Widget", "@Entity(type = \"W\") @RowKey(\"w_{code}\") @Cached(maximumSize = 10)\n"
        + "public class Widget extends Base { public int size; @Transient public String scratch;\n"
        + " @Property(\"Colour\") public String color; public final long fixed = 1; private double hidden;\n"
        + " public Widget() {} public static class Part { } }", sources);
    valid("Reading", "@Entity(version = 3) @PartitionKey(\"{sensor}\") @RowKey(\"{at:desc}_{seq:04}\")\n"
        + "@Index(name = \"byLevel\", rowKey = \"l_{level}_{seq:04}\", unique = false, properties = {\"value\"})\n"
        + "public record Reading(String sensor, Instant at, int seq, Level level, @DefaultValue(\"0.5\") double value,"
        + " @Json List<String> tags, @ETag String etag, @Timestamp Instant stored, @Encrypted byte[] raw,"
        + " @Large byte[] photo, @Large @Encrypted @Json List<String> notes,"
        + " @DefaultValue(\"LOW\") Level fallback) {\n"
        + " public enum Level { LOW, HIGH }\n"
        + " @Upgrade static void upgrade(int fromVersion, Map<String, Object> properties) {} }", sources);
    valid("Outer", "public class Outer { @Entity @PartitionKey(\"{a}\") @RowKey(\"{b}\")"
        + " public static final class Inner { public String a; public String b; } }", sources);
    return sources;
  }

  private static void valid(String name, String source, Map<String, String> sources) {
    sources.put(PACKAGE + "." + name, IMPORTS + source + "\n");
  }

  private static final Map<String, String> ELEMENT_FACTS = elementFacts(sources());
  private static final Javac.Result UNPROCESSED = Javac.compile(sources(), false);

  /** Runs the processor's front end over the sources, without generating anything. */
  private static Map<String, String> elementFacts(Map<String, String> sources) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    List<JavaFileObject> files = new ArrayList<>();
    sources.forEach((name, text) -> files.add(new SimpleJavaFileObject(
        URI.create("string:///" + name.replace('.', '/') + ".java"), JavaFileObject.Kind.SOURCE) {
      @Override
      public CharSequence getCharContent(boolean ignoreEncodingErrors) {
        return text;
      }
    }));
    FactsProcessor processor = new FactsProcessor();
    StringWriter output = new StringWriter();
    JavaCompiler.CompilationTask task = javac.getTask(output, null, null,
        List.of("-proc:only", "-classpath", System.getProperty("java.class.path")), null, files);
    task.setProcessors(List.of(processor));
    assertThat(task.call()).as("javac: %s", output).isTrue();
    return processor.facts;
  }

  static Stream<String> entities() {
    return ELEMENT_FACTS.keySet().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("entities")
  void bothFrontEndsReadTheSameFactsOfAClass(String className) {
    String runtime = EntityFacts.ofClass(UNPROCESSED.load(className));

    assertThat(runtime).isEqualTo(ELEMENT_FACTS.get(className));
  }
}
