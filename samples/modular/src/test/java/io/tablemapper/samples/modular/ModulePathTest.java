package io.tablemapper.samples.modular;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Runs the application as a module, {@code java --module-path ... --module io.tablemapper.samples.modular/...}, in a
 * JVM of its own: the application's classes, tablemapper's jars (automatic modules by their Automatic-Module-Name)
 * and their dependencies all on the module path, nothing on the class path.
 */
class ModulePathTest {
  private static final String MODULE = "io.tablemapper.samples.modular";

  @Test
  void theApplicationRunsOnTheModulePathWithEveryJarANamedModule() throws Exception {
    Result result = run(List.of("--module", MODULE + "/io.tablemapper.samples.modular.LibraryApp"));
    assertThat(result.exit()).as(result.output()).isZero();
    assertThat(result.output().lines()).containsExactly(
        "modules: io.tablemapper.samples.modular, io.tablemapper.api, io.tablemapper.runtime",
        "memory: [The Left Hand of Darkness, The Dispossessed], by ISBN 2, through"
            + " io.tablemapper.samples.modular.library.BookRepository__Impl in io.tablemapper.samples.modular",
        "h2: [The Left Hand of Darkness, The Dispossessed], by ISBN 2, through"
            + " io.tablemapper.samples.modular.library.BookRepository__Impl in io.tablemapper.samples.modular");
  }

  @Test
  void theModulesAreTheOnesTheJarsName() throws Exception {
    Result result = run(List.of("--list-modules"));
    assertThat(result.exit()).as(result.output()).isZero();
    List<String> tablemapper = result.output().lines().filter(line -> line.startsWith("io.tablemapper"))
        .map(line -> line.substring(0, line.indexOf(' ')).replaceAll("@.*", "")).sorted().toList();
    assertThat(tablemapper).containsExactly("io.tablemapper.api", "io.tablemapper.backend.h2",
        "io.tablemapper.backend.memory", "io.tablemapper.runtime", MODULE);
  }

  private record Result(int exit, String output) {}

  private static Result run(List<String> arguments) throws IOException, InterruptedException {
    Path target = Path.of(System.getProperty("sample.target", "target"));
    String modulePath = target.resolve("classes") + java.io.File.pathSeparator
        + Files.readString(target.resolve("module-path.txt"), StandardCharsets.UTF_8).strip();
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "--module-path", modulePath));
    command.addAll(arguments);
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("the application did not end within 60 s:\n" + output);
    }
    return new Result(process.exitValue(), output);
  }
}
