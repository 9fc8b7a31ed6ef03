package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.fail;

import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.tck.HistoryRun.Outcome;
import io.tablemapper.tck.HistoryRun.Shape;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The history checker's killed process: a child JVM ({@link KilledHistoryWriter}) runs the writers, completers and
 * eventual batches of a history over an H2 file, under pauses, refused requests and lost answers, and is killed
 * (as {@code kill -9} does) at a random moment; this process then completes the pending work it left and checks the
 * file as {@link HistoryCheckTest} checks any history. A history here is one kill: {@code -Dtablemapper.soak=<n>}
 * runs {@code n} of them (a seed each, from {@code -Dtablemapper.history.from} or a random one),
 * {@code -Dtablemapper.history.seed} one seed. The kit's runners cannot run it, since a child JVM needs a store both
 * processes can open: it runs once, on H2 in a file, whatever store a runner names. Its package is the kit's, so each
 * runner's {@code @SelectPackages} finds it too: the build's runs of the kit leave it out by its tag
 * ({@value #ONCE}, the kit executions' {@code excludedGroups}), which would run the same test on the same store again.
 */
@Tag(KilledProcessHistoryTest.ONCE)
class KilledProcessHistoryTest {
  /** The tag of a test of this package that runs the same without a store under test: once, not in every runner. */
  static final String ONCE = "not-per-store";

  /** The child's history: it is killed long before its writers finish. */
  private static final Shape SHAPE = Shape.parse(
      "writers=3,operations=40,completers=1,mappers=2,background=true,death=false");
  private static final long READY_SECONDS = 60;

  @Test
  void aProcessKilledWhileItsWritersAndCompletersRaceLeavesWorkThatAFreshProcessCompletesExactly()
      throws Exception {
    String seedProperty = System.getProperty("tablemapper.history.seed");
    String soak = System.getProperty("tablemapper.soak");
    int kills = seedProperty != null ? 1
        : soak == null || soak.isBlank() || soak.trim().endsWith("s") ? 1 : Integer.parseInt(soak.trim());
    long first = seedProperty != null ? Long.parseLong(seedProperty.trim())
        : Long.getLong("tablemapper.history.from", System.nanoTime() & 0xFFFF_FFFFL);
    Path directory = Files.createDirectories(Path.of("target", "h2-stores"));
    for (int kill = 0; kill < kills; kill++) {
      long seed = first + kill;
      Path file = Files.createTempDirectory(directory, "killed").resolve("store");
      List<String> events = runAndKill(file, seed);
      Outcome outcome = HistoryRun.checkAfterDeath(H2Backend.file(file), seed, SHAPE, events);
      System.out.printf("killed process history, seed %d: %d events before the kill, %s, %s%n", seed, events.size(),
          outcome.timing(), outcome.failed() ? outcome.violations().size() + " violations" : "passed");
      if (outcome.failed()) {
        fail(HistoryCheckTest.report("H2_FILE, a child JVM killed", outcome, outcome));
      }
    }
  }

  /** Starts the child, waits until its threads start, kills it a random moment later, and returns what it printed. */
  private static List<String> runAndKill(Path file, long seed) throws IOException, InterruptedException {
    Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), KilledHistoryWriter.class.getName(),
        file.toString(), Long.toString(seed), SHAPE.toString())
        .redirectErrorStream(true)
        .start();
    List<String> lines = Collections.synchronizedList(new ArrayList<>());
    CountDownLatch ready = new CountDownLatch(1);
    Thread reader = new Thread(() -> {
      try (BufferedReader out = new BufferedReader(
          new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line = out.readLine(); line != null; line = out.readLine()) {
          if (line.equals(HistoryRun.READY)) {
            ready.countDown();
          } else {
            lines.add(line);
          }
        }
      } catch (IOException e) {
        lines.add("(reading the child's output failed: " + e + ")");
      }
    }, "killed-history-reader");
    reader.setDaemon(true);
    reader.start();
    try {
      if (!ready.await(READY_SECONDS, TimeUnit.SECONDS)) {
        fail("the child JVM did not set the store up within " + READY_SECONDS + " s; it printed:\n"
            + String.join("\n", lines));
      }
      Thread.sleep(400 + new Random(seed).nextInt(2000));
    } finally {
      child.destroyForcibly();
      if (!child.waitFor(30, TimeUnit.SECONDS)) {
        fail("the child JVM did not end within 30 s of being killed");
      }
      reader.join(TimeUnit.SECONDS.toMillis(10));
    }
    synchronized (lines) {
      return List.copyOf(lines);
    }
  }
}
