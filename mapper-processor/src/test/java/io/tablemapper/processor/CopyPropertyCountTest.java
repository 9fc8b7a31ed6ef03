package io.tablemapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.tablemapper.processor.Sources.compile;
import static io.tablemapper.processor.Sources.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import io.tablemapper.internal.model.Rule;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * {@code [PropertyCount]} counts what the store holds of every row a class's writes make: its own row (stored
 * properties, discriminator, version above 1) and each index copy (what it copies plus its bookkeeping:
 * {@code EntityType}, {@code TmPrimaryRowKey}, a remote copy's {@code TmPrimaryPartitionKey}, and
 * {@code TmPrimaryTable} in another table, {@code TmPrimaryETag} where its copies answer queries; a full copy also the
 * row's {@code TmVersion}). For each form of copy the
 * largest class compiles without a word — its copy holds exactly the store's 252 properties — and one more property
 * is a compile error on the index that names its bookkeeping and the way out. All the largest classes compile in one
 * javac run, all the next ones in another.
 */
class CopyPropertyCountTest {

  /**
   * One form of copy: the index of an entity {@code name}, the most properties it may hold ({@code most}: its stored
   * properties for a full copy or none, the copied ones for a partial copy of an entity of 251), and what the error
   * names.
   */
  private record Form(String name, int version, String index, boolean partial, int most, List<String> marks) {

    /** The entity holding {@code count} properties, as the form counts them. */
    JavaFileObject source(int count) {
      int stored = partial ? 251 : count;
      String ints = IntStream.range(0, stored - 2).mapToObj(i -> "int p" + i).collect(Collectors.joining(", "));
      String properties = partial ? ", properties = {" + Stream.concat(Stream.of("a", "b"),
          IntStream.range(0, count - 2).mapToObj(i -> "p" + i)).limit(count)
          .map(p -> "\"" + p + "\"").collect(Collectors.joining(", ")) + "}" : "";
      return Sources.source(name, "@Entity(version = " + version + ") @PartitionKey(\"{a}\") @RowKey(\"r_{b}\")\n"
          + (index.isEmpty() ? "" : "@Index(name = \"byP0\", " + index.replace("TABLE", name + "Copies")
              + properties + ")\n")
          + "public record " + name + "(String a, String b, " + ints + ") {}");
    }
  }

  private static final List<Form> FORMS = List.of(
      new Form("NoIndex", 1, "", false, 251, List.of()),
      new Form("NoIndexVersioned", 2, "", false, 250, List.of()),
      new Form("FullCopy", 1, "rowKey = \"x_{p0}_{b}\"", false, 250,
          List.of("EntityType", "TmPrimaryRowKey")),
      new Form("FullCopyVersioned", 2, "rowKey = \"x_{p0}_{b}\"", false, 249,
          List.of("EntityType", "TmVersion", "TmPrimaryRowKey")),
      new Form("FullRemoteCopy", 1, "partitionKey = \"c_{p0}\", rowKey = \"x_{a}_{b}\"", false, 248,
          List.of("EntityType", "TmPrimaryRowKey", "TmPrimaryPartitionKey", "TmWorkIds")),
      new Form("FullCopyElsewhere", 1, "table = \"TABLE\", rowKey = \"x_{p0}_{b}\"", false, 247,
          List.of("EntityType", "TmPrimaryRowKey", "TmPrimaryPartitionKey", "TmPrimaryTable", "TmWorkIds")),
      new Form("FullRemoteCopyElsewhere", 2,
          "table = \"TABLE\", partitionKey = \"c_{p0}\", rowKey = \"x_{a}_{b}\"", false, 246,
          List.of("EntityType", "TmVersion", "TmPrimaryRowKey", "TmPrimaryPartitionKey", "TmPrimaryTable",
              "TmWorkIds")),
      new Form("PartialCopy", 1, "rowKey = \"x_{p0}_{b}\"", true, 250,
          List.of("EntityType", "TmPrimaryRowKey")),
      new Form("FullRemoteCopyAnswering", 1,
          "partitionKey = \"c_{p0}\", rowKey = \"x_{a}_{b}\", reads = IndexReads.COPIES", false, 247,
          List.of("EntityType", "TmPrimaryRowKey", "TmPrimaryPartitionKey", "TmWorkIds", "TmPrimaryETag")),
      new Form("PartialRemoteCopy", 1, "partitionKey = \"c_{p0}\", rowKey = \"x_{a}_{b}\"", true, 248,
          List.of("EntityType", "TmPrimaryRowKey", "TmPrimaryPartitionKey", "TmWorkIds")),
      new Form("PartialCopyElsewhere", 1, "table = \"TABLE\", rowKey = \"x_{p0}_{b}\"", true, 247,
          List.of("EntityType", "TmPrimaryRowKey", "TmPrimaryPartitionKey", "TmPrimaryTable", "TmWorkIds")));

  private static Compilation compileAll(int more) {
    return compile(FORMS.stream().map(form -> form.source(form.most() + more)).toArray(JavaFileObject[]::new));
  }

  private static List<String> errors(Compilation compilation, String name) {
    List<String> errors = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> error : compilation.errors()) {
      if (error.getSource() != null && error.getSource().getName().endsWith("/" + name + ".java")) {
        errors.add(error.getMessage(null));
      }
    }
    return errors;
  }

  @Test
  void theLargestClassOfEveryFormOfCopyCompilesWithoutAWord() {
    assertThat(compileAll(0)).succeededWithoutWarnings();
  }

  @Test
  void oneMorePropertyInAnyFormOfCopyIsAPropertyCountErrorNamingTheIndexItsBookkeepingAndTheWayOut() {
    Compilation compilation = compileAll(1);

    assertThat(compilation).failed();
    for (Form form : FORMS) {
      List<String> errors = errors(compilation, form.name());
      assertThat(errors).as(form.name()).singleElement().satisfies(error -> {
        assertThat(error).startsWith("[" + Rule.PROPERTY_COUNT.id() + "] ");
        assertThat(error).contains("a row holds at most 252");
        if (form.index().isEmpty()) {
          assertThat(error).contains(form.name() + " stores " + (form.most() + 1) + " properties",
              "store it over several rows with @Wide");
        } else {
          assertThat(error).contains("index 'byP0' of " + form.name(),
              "bookkeeping " + String.join(", ", form.marks()) + ": 253 properties",
              "every write of " + form.name() + " would be refused",
              "(properties = {...})", "form = IndexForm.KEYS");
          assertThat(error).contains(form.partial()
              ? "copies " + (form.most() + 1) + " properties"
              : "copies all " + (form.most() + 1) + " stored properties");
          assertThat(error).contains(form.partial()
              ? "copy at most " + form.most() + " properties"
              : "store at most " + form.most() + " properties in " + form.name());
        }
      });
    }
    assertThat(compilation.errors()).hasSize(FORMS.size());
  }

  @Test
  void theErrorOfAFullCopySitsOnTheIndexAndThatOfAPartialCopyOnItsProperties() throws IOException {
    Form full = FORMS.get(2);
    Form partial = FORMS.get(7);
    Compilation compilation = compile(full.source(full.most() + 1), partial.source(partial.most() + 1));

    for (Form form : List.of(full, partial)) {
      Diagnostic<? extends JavaFileObject> error = compilation.errors().stream()
          .filter(e -> e.getSource().getName().endsWith("/" + form.name() + ".java")).findFirst().orElseThrow();
      String text = form.source(form.most() + 1).getCharContent(true).toString();
      String at = form.partial() ? "{\"a\"" : "@Index(";
      assertThat(error.getStartPosition()).as(form.name()).isEqualTo(text.indexOf(at));
    }
  }

  @Test
  void aKeysOnlyCopyOrAKeyListBesideAFullEntityCompiles() {
    String ints = IntStream.range(0, 249).mapToObj(i -> "int p" + i).collect(Collectors.joining(", "));
    Compilation compilation = compile(source("Keyed", "@Entity(table = \"Things\") @PartitionKey(\"{a}\")"
        + " @RowKey(\"r_{b}\")\n"
        + "@Index(name = \"byP0\", table = \"ThingsByP0\", partitionKey = \"c_{p0}\", rowKey = \"x_{a}_{b}\","
        + " form = IndexForm.KEYS)\n"
        + "@Index(name = \"byP1\", rowKey = \"y_{p1}\", unique = false, form = IndexForm.KEY_LIST)\n"
        + "public record Keyed(String a, String b, " + ints + ") {}"));

    assertThat(compilation).succeededWithoutWarnings();
  }
}
