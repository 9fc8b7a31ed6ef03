package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.tablemapper.api.IndexAdmin;
import io.tablemapper.api.IndexReport;
import io.tablemapper.api.IndexState;
import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.tck.IndexLifecycleTest.Recruit;
import io.tablemapper.tck.IndexLifecycleTest.RecruitRepository;
import io.tablemapper.tck.fixtures.IndexedRecruit;
import io.tablemapper.tck.fixtures.IndexedRecruitRepository;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A build killed as {@code kill -9} kills a process, and resumed by another: entities written without the index to an
 * H2 file, a child JVM ({@link KilledIndexBuilder}) that builds the index slowly (a rate limit) and is killed once its
 * progress shows checkpoints recorded, then this process builds the index again over the same file. Like {@link
 * KilledProcessHistoryTest} it needs a store both processes open, so it runs once, on H2 in a file, tagged {@value
 * KilledProcessHistoryTest#ONCE} so that the kit's runners leave it out.
 */
@Tag(KilledProcessHistoryTest.ONCE)
class KilledIndexBuildTest {
  private static final String INDEX = "companyEmail";
  private static final int PARTITIONS = 60;
  private static final int PER_PARTITION = 5;
  private static final int ENTITIES = PARTITIONS * PER_PARTITION;
  /** Slow enough that the child is killed long before its build ends (3 s of reading), fast enough for the test. */
  private static final double ENTITIES_PER_SECOND = 100;
  /** The entities the child's progress must show before it is killed. */
  private static final long KILL_AFTER = 50;
  /**
   * A run records a checkpoint after a partition once 25 entities (or a second) went by since its last: when its
   * progress shows {@code n} entities read, its last checkpoint covers more than {@code n - 25}.
   */
  private static final long CHECKPOINT_ENTITIES = 25;
  private static final long READY_SECONDS = 60;

  @Test
  void aBuildKilledPartWayInAnotherProcessResumesFromItsCheckpointAndCompletes() throws Exception {
    Path file = Files.createTempDirectory(Files.createDirectories(Path.of("target", "h2-stores")), "killed-index")
        .resolve("store");
    try (TableMapper before = TableMapper.builder().backend(H2Backend.file(file)).build()) {
      RecruitRepository recruits = before.repository(RecruitRepository.class);
      for (int i = 0; i < ENTITIES; i++) {
        recruits.insert(new Recruit(company(i / PER_PARTITION), i, email(i), "team" + i % 3, i % 4));
      }
    }

    long readByChild = buildAndKill(file);

    try (TableMapper after = TableMapper.builder().backend(H2Backend.file(file)).build()) {
      IndexAdmin admin = after.indexes(IndexedRecruit.class);
      assertThat(admin.state(INDEX)).as("the killed build left the index building").isEqualTo(IndexState.BUILDING);
      AtomicLong partitionsDone = new AtomicLong();
      IndexReport resumed = admin.listener((index, soFar, done, finished) -> partitionsDone.set(done)).build(INDEX);

      // it skipped what the child's last checkpoint covered: more than KILL_AFTER - 25 entities
      assertThat(resumed.entitiesRead()).as("entities the resumed run read, the child having read %d", readByChild)
          .isPositive().isLessThan(ENTITIES - (KILL_AFTER - CHECKPOINT_ENTITIES));
      // the partitions it did itself (IndexRun counts those; the ones its checkpoint skipped are not among them)
      assertThat(partitionsDone.get() * PER_PARTITION).as("entities of the partitions the resumed run did")
          .isEqualTo(resumed.entitiesRead());
      assertThat(resumed.conflicts()).isZero();
      assertThat(admin.state(INDEX)).isEqualTo(IndexState.READY);
      IndexReport verified = admin.verify(INDEX);
      assertThat(verified.clean()).as(verified.toString()).isTrue();
      assertThat(verified.entitiesRead()).isEqualTo(ENTITIES);
      IndexedRecruitRepository indexed = after.repository(IndexedRecruitRepository.class);
      for (int i = 0; i < ENTITIES; i++) {
        assertThat(indexed.findByCompanyAndEmail(company(i / PER_PARTITION), email(i))).as(email(i))
            .map(IndexedRecruit::id).contains(i);
      }
    }
  }

  private static String company(int n) {
    return String.format("company%02d", n);
  }

  private static String email(int i) {
    return "r" + i + "@contoso.com";
  }

  /** Starts the child, kills it once it read {@link #KILL_AFTER} entities, and returns the most it showed read. */
  private static long buildAndKill(Path file) throws IOException, InterruptedException {
    Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), KilledIndexBuilder.class.getName(),
        file.toString(), INDEX, Double.toString(ENTITIES_PER_SECOND))
        .redirectErrorStream(true)
        .start();
    List<String> lines = Collections.synchronizedList(new ArrayList<>());
    AtomicLong read = new AtomicLong();
    CountDownLatch far = new CountDownLatch(1);
    Thread reader = new Thread(() -> {
      try (BufferedReader out = new BufferedReader(
          new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line = out.readLine(); line != null; line = out.readLine()) {
          lines.add(line);
          if (line.startsWith(KilledIndexBuilder.PROGRESS)) {
            read.set(Long.parseLong(line.substring(KilledIndexBuilder.PROGRESS.length()).split(" ")[0]));
            if (read.get() >= KILL_AFTER) {
              far.countDown();
            }
          }
        }
      } catch (IOException e) {
        lines.add("(reading the child's output failed: " + e + ")");
      }
    }, "killed-index-reader");
    reader.setDaemon(true);
    reader.start();
    try {
      if (!far.await(READY_SECONDS, TimeUnit.SECONDS)) {
        fail("the child JVM did not read " + KILL_AFTER + " entities within " + READY_SECONDS + " s; it printed:\n"
            + String.join("\n", lines));
      }
    } finally {
      child.destroyForcibly();
      if (!child.waitFor(30, TimeUnit.SECONDS)) {
        fail("the child JVM did not end within 30 s of being killed");
      }
      reader.join(TimeUnit.SECONDS.toMillis(10));
    }
    synchronized (lines) {
      if (lines.stream().anyMatch(line -> line.startsWith(KilledIndexBuilder.FINISHED))) {
        fail("the child's build ended before it was killed:\n" + String.join("\n", lines));
      }
    }
    return read.get();
  }
}
