package io.tablemapper.samples.company;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.annotations.Encrypted;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.Large;
import io.tablemapper.annotations.Repository;
import io.tablemapper.processor.TableMapperProcessor;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The key-design pages the processor writes, opened in a headless Chromium (Debian's {@code chromium}, installed by
 * {@code .ci/ensure-chromium} where it is missing) in a window 1,280 px wide: this sample's page, and that of a
 * fixture with index tables, indexes in other partitions, encryption, large values and .NET ticks
 * ({@code src/test/fixtures/keydesign}, compiled here with the processor). A copy of each page with a small script
 * appended measures the layout in the browser and lists what the page shows; the tests check that nothing overflows
 * the window, no key template or method name wraps between two separators, every repository method is under every
 * table it reads, overloads read differently, property types are the stored ones, example keys are made of
 * plausible values with their encoded parts explained, and long property lists are folded. A screenshot of the
 * sample's page is left in {@code target/key-design.png}; with {@code -Dtablemapper.updateDocs=true} it replaces
 * {@code docs/key-design.png}, the README's picture. Where no browser can be had, the tests are skipped, loudly.
 */
class KeyDesignPageTest {
  private static final Path MODULE = Path.of("").toAbsolutePath();
  private static final Path TARGET = MODULE.resolve("target");
  private static final Path SCREENSHOT = TARGET.resolve("key-design.png");
  private static final Path FIXTURE = MODULE.resolve("src/test/fixtures/keydesign");
  private static final String PAGE = "META-INF/tablemapper/key-design.html";
  private static final int WIDTH = 1280;
  /** The names of derived query methods, the ones that read. */
  private static final Pattern QUERY = Pattern.compile("(find|get|stream|count|exists|delete)[A-Z]");
  /** The tallest a property grid that is not folded away may be, at 1,280 px. */
  private static final int MAX_GRID_HEIGHT = 320;
  /**
   * Appended to a copy of a page ({@code src/test/resources/key-design-check.js}): measures what the browser laid out
   * and writes it, a line per fact ("name TAB value"), into a {@code <pre id="tm-check">} that the DOM dump carries
   * back.
   */
  private static final String CHECK_SCRIPT = "key-design-check.js";

  private static String chromium;
  /** Why there is no browser, or null. */
  private static String missing;
  private static Path samplePage;

  @BeforeAll
  static void findTheBrowserAndThePage() throws Exception {
    URL resource = KeyDesignPageTest.class.getClassLoader().getResource(PAGE);
    assertThat(resource).as("the key-design page in the compiled output").isNotNull();
    samplePage = Path.of(resource.toURI());
    assertThat(KeyDesignPageTest.class.getClassLoader().getResource("META-INF/tablemapper/key-design.md"))
        .as("its Markdown twin").isNotNull();
    // Installing Debian's package takes a minute or two; a machine without network fails or times out: skipped.
    Run run;
    try {
      run = run(300, MODULE.resolve("../../.ci/ensure-chromium").normalize().toString());
    } catch (IOException e) { // no bash, or the script is not there
      run = new Run(-1, "", e.getMessage());
    }
    if (run.exit != 0) {
      missing = "no headless Chromium: " + run.err.strip();
      System.err.println("\n*** KeyDesignPageTest SKIPPED: " + missing + " ***\n");
      return;
    }
    List<String> lines = run.out.strip().lines().toList();
    chromium = lines.get(lines.size() - 1);
  }

  /** Skips the test, with the reason, where there is no browser: each test then counts as skipped. */
  @BeforeEach
  void needsTheBrowser() {
    Assumptions.assumeTrue(missing == null, () -> missing);
  }

  @Test
  void theSamplePageFitsTheWindowAndShowsEveryMethodUnderTheTablesItReads() throws Exception {
    Page page = open(samplePage, "sample");
    page.fitsTheWindow();
    page.showsEveryMethodOf(repositories(MODULE.resolve("target/classes"), KeyDesignPageTest.class.getClassLoader()));
    page.showsStoredTypesAndHidesSecrets(entities(MODULE.resolve("target/classes"),
        KeyDesignPageTest.class.getClassLoader()));

    // the index in other partitions of Company: under Company, where its copies and entities are
    assertThat(page.methods("Company")).contains("EmployeeRepository.findByEmail(String)",
        "EmployeeRepository.findByDepartment(String)", "EmployeeRepository.findByDepartment(String, PageRequest)");
    assertThat(page.examples("Company")).contains(
        "email_ada@example.com|", "Sales|", "review_000042_2024|",
        "expense_000042_-9223372035140220007999999999|-9223372035140220007999999999 is submitted ="
            + " 2024-05-01T09:30:00Z, descending (later sorts first): the complement of its encoding");
    assertThat(page.examples("Person")).contains("Seattle|");
    assertThat(page.all("property")).contains("EmployeePhotos|EmployeeWithPhoto|photo|Edm.String",
        "Company|ExpenseClaim|amount|Edm.String");
    assertThat(page.number("folded")).as("the 366 properties of MessageStats, folded").isPositive();
  }

  @Test
  void aPageWithIndexTablesEncryptionAndTicksFitsTheWindowAndShowsEachMethodUnderEveryTableItReads()
      throws Exception {
    Path classes = compileTheFixture();
    try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
        KeyDesignPageTest.class.getClassLoader())) {
      Page page = open(classes.resolve(PAGE), "fixture");
      page.fitsTheWindow();
      page.showsEveryMethodOf(repositories(classes, loader));
      page.showsStoredTypesAndHidesSecrets(entities(classes, loader));

      // a read through an index table is under the index's table and under the entity's, whose rows it then reads
      assertThat(page.methods("UsersByEmail")).containsExactly("UserRepository.findByEmail(String)");
      assertThat(page.methods("Users")).contains("UserRepository.findByEmail(String)",
          "UserRepository.findByLastName(String)", "UserRepository.findByLastName(String, PageRequest)",
          "UserRepository.findByTenant(String)", "UserRepository.findByTenant(String, PageRequest)");
      assertThat(page.methods("ExpensesByStatus"))
          .containsExactly("ExpenseRepository.findByTenantAndStatus(String, ExpenseStatus)");
      assertThat(page.methods("Expenses")).contains("ExpenseRepository.findByTenantAndStatus(String, ExpenseStatus)");
      assertThat(page.methods("Audit")).doesNotContain("UserRepository.findByEmail(String)");

      // encrypted properties are stored as Binary, in the entity's row and in every full copy; large ones by reference
      assertThat(page.all("property")).contains(
          "Users|User|taxId|Edm.Binary", "Users|User|passportScan|Edm.Binary", "Users|User|preferences|Edm.String",
          "UsersByEmail|User · index byEmail|taxId|Edm.Binary", "Expenses|Expense|note|Edm.Binary",
          "Expenses|Expense|receipt|Edm.String", "Audit|AuditEvent|details|Edm.Binary",
          "ExpensesByStatus|Expense · index byStatus|TmPrimaryRowKey|Edm.String");

      // plausible values by name, and what a descending or ticks part of a key encodes
      assertThat(page.examples("Users")).contains("contoso|", "user_00000042|", "name_Lovelace|",
          "member_contoso_00000042|");
      assertThat(page.examples("UsersByEmail")).contains("ada@example.com|");
      assertThat(page.examples("Audit")).contains("contoso_2024-05-01|",
          "0638501526000000000_0001|0638501526000000000 is at = 2024-05-01T09:30:00Z, as .NET ticks (100 ns since"
              + " 0001-01-01)");
      assertThat(page.examples("ExpensesByStatus")).contains("contoso_SUBMITTED|",
          "2516877449999999999_000042|2516877449999999999 is submitted = 2024-05-01T09:30:00Z, as"
              + " DateTime.MaxValue.Ticks minus its .NET ticks (later sorts first)");
    }
  }

  @Test
  void aScreenshotOfThePageIsTaken() throws Exception {
    Files.deleteIfExists(SCREENSHOT);
    Run run = run(120, browser(samplePage, "--screenshot=" + SCREENSHOT, "--window-size=" + WIDTH + ",2400"));
    assertThat(run.exit).as(run.err).isZero();
    byte[] png = Files.readAllBytes(SCREENSHOT);
    assertThat(png).hasSizeGreaterThan(10_000).startsWith(0x89, 'P', 'N', 'G');
    if (Boolean.getBoolean("tablemapper.updateDocs")) {
      Path docs = MODULE.resolve("../../docs/key-design.png").normalize();
      Files.createDirectories(docs.getParent());
      Files.copy(SCREENSHOT, docs, StandardCopyOption.REPLACE_EXISTING);
      System.out.println("KeyDesignPageTest: screenshot copied to " + docs);
    }
  }

  /** What the check script saw of a page in the browser. */
  private static final class Page {
    private final String name;
    private final Map<String, List<String>> facts;

    Page(String name, Map<String, List<String>> facts) {
      this.name = name;
      this.facts = facts;
    }

    List<String> all(String fact) {
      return facts.getOrDefault(fact, List.of());
    }

    int number(String fact) {
      return Integer.parseInt(all(fact).get(0));
    }

    /** The methods drawn in a table's section, each once. */
    List<String> methods(String table) {
      return all("method").stream().filter(m -> m.startsWith(table + "|"))
          .map(m -> m.substring(table.length() + 1)).distinct().toList();
    }

    /** A table's examples, each as "key|what its parts encode"; a PartitionKey's and a RowKey's are separate. */
    List<String> examples(String table) {
      return all("example").stream().filter(e -> e.startsWith(table + "|"))
          .map(e -> e.substring(table.length() + 1)).toList();
    }

    void fitsTheWindow() {
      assertThat(number("innerWidth")).as(name + ": the window's width").isEqualTo(WIDTH);
      assertThat(all("overflow")).as(name + ": elements past the right edge at " + WIDTH + " px").isEmpty();
      assertThat(number("scrollWidth")).as(name + ": the page's width").isLessThanOrEqualTo(WIDTH);
      assertThat(all("broken")).as(name + ": key templates or names wrapped between two separators").isEmpty();
      assertThat(number("tallestGrid")).as(name + ": the tallest property grid not folded in <details>")
          .isLessThanOrEqualTo(MAX_GRID_HEIGHT);
      assertThat(all("duplicate")).as(name + ": methods that read alike in one grid (overloads)").isEmpty();
    }

    /**
     * Every query method of every repository (each derived {@code find|get|stream|count|exists|delete} method: all
     * that read; a partial merge writes without reading) is in the page, by its name and parameter types.
     */
    void showsEveryMethodOf(List<Class<?>> repositories) {
      assertThat(repositories).as(name + ": repositories").isNotEmpty();
      List<String> drawn = all("method").stream().map(m -> m.substring(m.indexOf('|') + 1)).distinct().toList();
      for (Class<?> repository : repositories) {
        for (Method method : repository.getDeclaredMethods()) {
          if (Modifier.isAbstract(method.getModifiers()) && QUERY.matcher(method.getName()).lookingAt()) {
            assertThat(drawn).as(name + ": methods drawn").contains(label(repository, method));
          }
        }
      }
    }

    /** Each property's type is its stored one; no example key holds an encrypted property, or any value of one. */
    void showsStoredTypesAndHidesSecrets(List<Class<?>> entities) {
      assertThat(all("example")).as(name + ": examples").isNotEmpty()
          .noneMatch(example -> example.contains("[no example"));
      for (Class<?> entity : entities) {
        for (AnnotatedElement property : properties(entity)) {
          if (property.isAnnotationPresent(Encrypted.class)) {
            String propertyName = property instanceof RecordComponent
                ? ((RecordComponent) property).getName() : ((Field) property).getName();
            assertThat(all("property")).as(name + ": encrypted " + propertyName)
                .anyMatch(p -> p.endsWith("|" + propertyName + "|Edm.Binary")
                    || p.endsWith("|" + propertyName + "|Edm.String")) // @Large: a reference
                .noneMatch(p -> p.endsWith("|" + propertyName + "|Edm.String") && !isLarge(property));
            assertThat(all("example")).noneMatch(example -> example.contains(propertyName));
          }
        }
      }
    }
  }

  private static boolean isLarge(AnnotatedElement property) {
    return property.isAnnotationPresent(Large.class);
  }

  private static List<AnnotatedElement> properties(Class<?> entity) {
    List<AnnotatedElement> properties = new ArrayList<>();
    if (entity.isRecord()) {
      properties.addAll(List.of(entity.getRecordComponents()));
    } else {
      for (Class<?> type = entity; type != null && type != Object.class; type = type.getSuperclass()) {
        properties.addAll(List.of(type.getDeclaredFields()));
      }
    }
    return properties;
  }

  /** The method as the page names it: {@code Repository.name(String, PageRequest)}, types without packages. */
  private static String label(Class<?> repository, Method method) {
    List<String> parameters = new ArrayList<>();
    for (Type type : method.getGenericParameterTypes()) {
      parameters.add(type.getTypeName().replaceAll("\\b[a-z][a-z0-9_]*\\.", ""));
    }
    return repository.getSimpleName() + "." + method.getName() + "(" + String.join(", ", parameters) + ")";
  }

  /** The {@code @Repository} interfaces compiled into a class directory. */
  private static List<Class<?>> repositories(Path classes, ClassLoader loader) throws IOException {
    return classesIn(classes, loader).stream().filter(c -> c.isAnnotationPresent(Repository.class)).toList();
  }

  /** The {@code @Entity} classes compiled into a class directory. */
  private static List<Class<?>> entities(Path classes, ClassLoader loader) throws IOException {
    return classesIn(classes, loader).stream()
        .filter(c -> c.isAnnotationPresent(Entity.class)).toList();
  }

  private static List<Class<?>> classesIn(Path classes, ClassLoader loader) throws IOException {
    try (Stream<Path> files = Files.walk(classes)) {
      List<Class<?>> found = new ArrayList<>();
      for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
        String name = classes.relativize(file).toString().replace('/', '.').replaceAll("\\.class$", "");
        if (!name.endsWith("package-info") && !name.contains("$")) {
          try {
            found.add(Class.forName(name, false, loader));
          } catch (ClassNotFoundException e) {
            throw new AssertionError(name + " is in " + classes + " but does not load", e);
          }
        }
      }
      return found;
    }
  }

  /**
   * Compiles the fixture with the annotation processor, as an application's build would, into
   * {@code target/key-design-fixture}; fails with javac's messages if it does not compile cleanly.
   */
  private static Path compileTheFixture() throws IOException {
    Path out = TARGET.resolve("key-design-fixture");
    Path classes = out.resolve("classes");
    Path generated = out.resolve("generated-sources");
    for (Path dir : List.of(classes, generated)) {
      if (Files.exists(dir)) {
        try (Stream<Path> files = Files.walk(dir)) {
          for (Path file : files.sorted((a, b) -> b.compareTo(a)).toList()) {
            Files.delete(file);
          }
        }
      }
      Files.createDirectories(dir);
    }
    List<Path> sources;
    try (Stream<Path> files = Files.walk(FIXTURE)) {
      sources = files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8)) {
      JavaCompiler.CompilationTask task = javac.getTask(null, files, diagnostics,
          List.of("--release", "17", "-Xlint:all", "-Werror", "-parameters", "-d", classes.toString(), "-s",
              generated.toString()),
          null, files.getJavaFileObjectsFromPaths(sources));
      task.setProcessors(List.of(new TableMapperProcessor()));
      boolean compiled = task.call();
      assertThat(compiled).as("the fixture compiles cleanly: " + diagnostics.getDiagnostics().stream()
          .map(d -> d.getMessage(null)).collect(Collectors.joining("\n"))).isTrue();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    assertThat(classes.resolve(PAGE)).exists();
    return classes;
  }

  /** Opens a copy of the page with the check script at 1,280 px and reads back what the script saw. */
  private static Page open(Path page, String name) throws Exception {
    Path copy = TARGET.resolve("key-design-check").resolve(name + ".html");
    Files.createDirectories(copy.getParent());
    String html = Files.readString(page, StandardCharsets.UTF_8);
    assertThat(html).as(name + ": the page itself runs no script").doesNotContain("<script");
    String script;
    try (InputStream in = KeyDesignPageTest.class.getClassLoader().getResourceAsStream(CHECK_SCRIPT)) {
      assertThat(in).as(CHECK_SCRIPT).isNotNull();
      script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    Files.writeString(copy, html.replace("</body>", "<script>\n" + script + "</script>\n</body>"),
        StandardCharsets.UTF_8);
    Run run = run(120, browser(copy, "--dump-dom", "--window-size=" + WIDTH + ",900"));
    assertThat(run.exit).as(run.err).isZero();
    assertThat(run.err).doesNotContain("Uncaught", ":CONSOLE:"); // page errors and console messages
    String dom = run.out;
    int start = dom.lastIndexOf("<pre id=\"tm-check\">");
    assertThat(start).as(name + ": the check script's output in the DOM").isNotNegative();
    String text = dom.substring(start + "<pre id=\"tm-check\">".length(), dom.indexOf("</pre>", start))
        .replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'")
        .replace("&nbsp;", "\u00a0").replace("&amp;", "&");
    Map<String, List<String>> facts = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      int tab = line.indexOf('\t');
      assertThat(tab).as(name + ": a line of the check script's output: " + line).isPositive();
      facts.computeIfAbsent(line.substring(0, tab), k -> new ArrayList<>()).add(line.substring(tab + 1));
    }
    return new Page(name, facts);
  }

  private static String[] browser(Path page, String... arguments) {
    List<String> command = new ArrayList<>(List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu",
        "--hide-scrollbars", "--no-first-run", "--disable-extensions", "--disable-background-networking",
        "--user-data-dir=" + TARGET.resolve("chromium-profile"), "--enable-logging=stderr", "--v=0"));
    command.addAll(List.of(arguments));
    command.add(page.toUri().toString());
    return command.toArray(new String[0]);
  }

  /** A process's exit code (-1 when it timed out) and output. */
  private record Run(int exit, String out, String err) {}

  private static Run run(int seconds, String... command) throws IOException, InterruptedException {
    Path out = Files.createTempFile("key-design", ".out");
    Path err = Files.createTempFile("key-design", ".err");
    try {
      Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
          .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())).start();
      if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
        return new Run(-1, "", command[0] + " did not finish in " + seconds + " s");
      }
      return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }
}
