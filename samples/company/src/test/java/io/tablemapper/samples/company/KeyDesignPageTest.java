package io.tablemapper.samples.company;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.samples.company.people.PersonRepository;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The key-design page the processor wrote for this sample, opened in a headless Chromium (Debian's {@code chromium},
 * installed by {@code .ci/ensure-chromium} where it is missing): it renders without errors, shows every table, type,
 * index and method, and leaves a screenshot in {@code target/key-design.png}. With
 * {@code -Dtablemapper.updateDocs=true} the screenshot replaces {@code docs/key-design.png}, the README's picture.
 * Where no browser can be had, the tests are skipped, loudly.
 */
class KeyDesignPageTest {
  private static final Path MODULE = Path.of("").toAbsolutePath();
  private static final Path SCREENSHOT = MODULE.resolve("target/key-design.png");
  private static final List<Class<?>> REPOSITORIES = List.of(DepartmentRepository.class, EmployeeRepository.class,
      ExpenseClaimRepository.class, ReviewRepository.class, PersonRepository.class);

  private static String chromium;
  /** Why there is no browser, or null. */
  private static String missing;
  private static Path page;

  @BeforeAll
  static void findTheBrowserAndThePage() throws Exception {
    URL resource = KeyDesignPageTest.class.getClassLoader().getResource("META-INF/tablemapper/key-design.html");
    assertThat(resource).as("the key-design page in the compiled output").isNotNull();
    page = Path.of(resource.toURI());
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

  private static List<String> browser(String... arguments) {
    List<String> command = new ArrayList<>(List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu",
        "--hide-scrollbars", "--no-first-run", "--disable-extensions", "--disable-background-networking",
        "--user-data-dir=" + MODULE.resolve("target/chromium-profile"), "--enable-logging=stderr", "--v=0"));
    command.addAll(List.of(arguments));
    command.add(page.toUri().toString());
    return command;
  }

  @Test
  void thePageRendersWithoutScriptErrorsAndShowsEveryTableTypeIndexAndMethod() throws Exception {
    Run run = run(120, browser("--dump-dom").toArray(new String[0]));
    assertThat(run.exit).as(run.err).isZero();
    assertThat(run.err).doesNotContain("Uncaught", ":CONSOLE:"); // page errors and console messages
    String dom = run.out;
    assertThat(dom).contains("<h1>tablemapper key design</h1>").doesNotContain("<script");
    assertThat(dom).contains("<h2>Table <code>Company</code></h2>", "<h2>Table <code>Person</code></h2>");
    for (String type : List.of("Department", "Employee", "ExpenseClaim", "Review", "Customer")) {
      assertThat(dom).contains("<b>" + type + "</b>");
    }
    assertThat(dom).contains("<b>Employee · index email</b>");
    for (Class<?> repository : REPOSITORIES) {
      for (Method method : repository.getDeclaredMethods()) {
        if (Modifier.isAbstract(method.getModifiers())) {
          assertThat(dom).contains("<code>" + repository.getSimpleName() + "." + method.getName() + "</code>");
        }
      }
    }
  }

  @Test
  void aScreenshotOfThePageIsTaken() throws Exception {
    Files.deleteIfExists(SCREENSHOT);
    Run run = run(120, browser("--screenshot=" + SCREENSHOT, "--window-size=1600,2400").toArray(new String[0]));
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
