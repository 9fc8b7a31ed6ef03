package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.annotations.Entity;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.GeneratedNames;
import io.tablemapper.runtime.mapping.Mappings;
import io.tablemapper.runtime.values.JsonMappingContext;
import io.tablemapper.spi.TableRow;
import java.lang.reflect.Constructor;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * An immutable class (final fields, getters, a constructor whose parameters are its properties in another order)
 * compiled with the processor and without it: the generated mapping and the one the runtime builds write the same
 * rows and read them to the same instances, each created through that constructor, older rows taking the
 * {@code @DefaultValue}, the ETag and Timestamp passed to the constructor.
 */
class ImmutableBothPathsTest {
  private static final String CRATE = "io.tablemapper.runtime.immutable.Crate";
  private static final String SOURCE = "package io.tablemapper.runtime.immutable;\n"
      + "import io.tablemapper.annotations.*;\n"
      + "import java.time.Instant;\n"
      + "@Entity(table = \"Crates\", version = 2) @PartitionKey(\"{yard}\") @RowKey(\"crate_{number:06}\")\n"
      + "public final class Crate {\n"
      + "  private final String yard;\n"
      + "  private final int number;\n"
      + "  private final String contents;\n"
      + "  @DefaultValue(\"12\") private final int slots;\n"
      + "  @ETag private final String etag;\n"
      + "  @Timestamp private final Instant written;\n"
      + "  @Transient private final String label;\n"
      + "  public Crate(int number, String contents, String yard, int slots, Instant written, String etag) {\n"
      + "    this.yard = yard; this.number = number; this.contents = contents; this.slots = slots;\n"
      + "    this.etag = etag; this.written = written; this.label = yard + \"/\" + number;\n"
      + "  }\n"
      + "  public String getYard() { return yard; }\n"
      + "  public int getNumber() { return number; }\n"
      + "  public String getContents() { return contents; }\n"
      + "  public int getSlots() { return slots; }\n"
      + "  public String getEtag() { return etag; }\n"
      + "  public Instant getWritten() { return written; }\n"
      + "  public String getLabel() { return label; }\n"
      + "}\n";
  private static final Javac.Result PROCESSED = Javac.compile(Map.of(CRATE, SOURCE), true);
  private static final Javac.Result UNPROCESSED = Javac.compile(Map.of(CRATE, SOURCE), false);
  private static final Instant WRITTEN = Instant.parse("2024-05-06T07:08:09.1234567Z");

  @SuppressWarnings("unchecked")
  private static EntityMapping<Object> generated() {
    try {
      return (EntityMapping<Object>) PROCESSED.load(GeneratedNames.mapping(CRATE))
          .getField(GeneratedNames.MAPPING_INSTANCE_FIELD).get(null);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  @SuppressWarnings("unchecked")
  private static EntityMapping<Object> introspected() {
    return (EntityMapping<Object>) Mappings.of(null).introspect(UNPROCESSED.load(CRATE));
  }

  private static Object crate(Javac.Result compiled, int number, String contents, String yard, int slots) {
    try {
      Constructor<?> constructor = compiled.load(CRATE).getConstructor(int.class, String.class, String.class,
          int.class, Instant.class, String.class);
      return constructor.newInstance(number, contents, yard, slots, null, null);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void bothPathsCompileTheClassAndTheRuntimeMapsItWithoutTheProcessor() {
    assertThat(PROCESSED.errors).isEmpty();
    assertThat(UNPROCESSED.errors).isEmpty();
    assertThat(introspected()).isNotNull();
  }

  @Test
  void rowsAreWrittenAlikeAndReadToTheSameInstancesThroughTheConstructor() {
    TableRow expected = generated().toRow(crate(PROCESSED, 7, "apples", "North", 24), JsonMappingContext.INSTANCE);
    TableRow actual = introspected().toRow(crate(UNPROCESSED, 7, "apples", "North", 24),
        JsonMappingContext.INSTANCE);

    assertThat(TwiceCompiled.bytes(List.of(actual))).isEqualTo(TwiceCompiled.bytes(List.of(expected)));
    assertThat(expected.rowKey()).isEqualTo("crate_000007");

    TableRow stored = expected.withSystemProperties("W/\"3\"", WRITTEN);
    Map<String, String> read = StraightLineMappingTest.fields(generated().fromRow(stored, JsonMappingContext.INSTANCE));
    assertThat(StraightLineMappingTest.fields(introspected().fromRow(stored, JsonMappingContext.INSTANCE)))
        .isEqualTo(read);
    assertThat(read).containsEntry("contents", "String:apples").containsEntry("slots", "Integer:24")
        .containsEntry("etag", "String:W/\"3\"").containsEntry("written", "Instant:" + WRITTEN)
        .containsEntry("label", "String:North/7");
  }

  @Test
  void aRowOfTheOlderVersionWithoutThePropertyTakesItsDefaultOnBothPaths() {
    TableRow older = TableRow.builder("North", "crate_000008", 1).putString("contents", "pears").build()
        .withSystemProperties("W/\"4\"", WRITTEN);

    Map<String, String> read = StraightLineMappingTest.fields(generated().fromRow(older, JsonMappingContext.INSTANCE));

    assertThat(read).containsEntry("slots", "Integer:12").containsEntry("number", "Integer:8")
        .containsEntry("yard", "String:North");
    assertThat(StraightLineMappingTest.fields(introspected().fromRow(older, JsonMappingContext.INSTANCE)))
        .isEqualTo(read);
  }

  @Test
  void aWriteOfAClassCompiledWithoutTheProcessorReturnsANewInstanceWithTheETag() {
    Class<?> type = UNPROCESSED.load(CRATE);
    try (TableMapper mapper = TableMapper.builder().backend(InMemoryBackend.create()).entities(type).build()) {
      List<Object> written = mapper.batch("Crates", "North").insert(crate(UNPROCESSED, 9, "plums", "North", 6))
          .commit();

      Map<String, String> returned = StraightLineMappingTest.fields(written.get(0));
      assertThat(returned.get("etag")).startsWith("String:");
      List<?> read = mapper.partition("Crates", "North").all(type);
      assertThat(read).hasSize(1);
      Map<String, String> stored = StraightLineMappingTest.fields(read.get(0));
      assertThat(stored).containsEntry("contents", "String:plums").containsEntry("slots", "Integer:6")
          .containsEntry("label", "String:North/9").containsEntry("etag", returned.get("etag"));
    }
  }

  /**
   * Compiles the class without the processor and without {@code -parameters}, with the debugging option given, into
   * a class loader of its own.
   */
  private static Class<?> compiledWithout(String debug) throws Exception {
    Path root = Files.createTempDirectory(Files.createDirectories(Path.of("target", "javac").toAbsolutePath()),
        "names");
    Path source = root.resolve("Crate.java");
    Files.writeString(source, SOURCE);
    Path classes = Files.createDirectories(root.resolve("classes"));
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    String classPath = Path.of(Entity.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    int exit = compiler.run(null, null, null, "--release", "17", "-proc:none", debug, "-cp", classPath, "-d",
        classes.toString(), source.toString());
    assertThat(exit).as("javac's exit status").isZero();
    return new URLClassLoader(new URL[] {classes.toUri().toURL()}, ImmutableBothPathsTest.class.getClassLoader())
        .loadClass(CRATE);
  }

  @Test
  void withoutMethodParametersTheRuntimeReadsTheNamesFromTheConstructorsLocalVariables() throws Exception {
    Class<?> type = compiledWithout("-g");

    try (TableMapper mapper = TableMapper.builder().backend(InMemoryBackend.create()).entities(type).build()) {
      mapper.batch("Crates", "South").insert(type.getConstructor(int.class, String.class, String.class, int.class,
          Instant.class, String.class).newInstance(3, "figs", "South", 2, null, null)).commit();
      assertThat(StraightLineMappingTest.fields(mapper.partition("Crates", "South").all(type).get(0)))
          .containsEntry("contents", "String:figs").containsEntry("number", "Integer:3");
    }
  }

  @Test
  void aClassFileWithoutAnyParameterNamesIsRefusedWithTheOptionThatKeepsThem() throws Exception {
    Class<?> type = compiledWithout("-g:none");

    assertThatThrownBy(() -> TableMapper.builder().backend(InMemoryBackend.create()).entities(type).build())
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("[EntityConstructor]")
        .hasMessageContaining("its parameters' names are not in the class file (compile it with -parameters)");
  }
}
