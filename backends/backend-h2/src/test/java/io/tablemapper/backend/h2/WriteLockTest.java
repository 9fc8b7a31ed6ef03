package io.tablemapper.backend.h2;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Only one write transaction runs on a database at a time, across every backend on it in the JVM, so that H2 never
 * stores one transaction's half-written changes while committing another: the cause of the rows that outlived a
 * killed writer's uncommitted batch (see {@code Database}). {@link CrashRecoveryTest} checks the outcome after
 * kills; this test checks the rule itself, which a kill catches only when it lands in a window of microseconds.
 */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class WriteLockTest {
  @TempDir
  Path directory;

  @Test
  void a_write_to_another_partition_through_another_backend_on_the_file_waits_for_the_transaction_in_progress()
      throws Exception {
    Path file = directory.resolve("serial");
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try (H2Backend one = H2Backend.file(file); H2Backend other = H2Backend.file(file)) {
      one.createTableIfNotExists("Serial");
      CountDownLatch inside = new CountDownLatch(1);
      CountDownLatch finish = new CountDownLatch(1);
      Future<?> holding = pool.submit(() -> one.database().transaction(() -> "holding", session -> {
        inside.countDown();
        try {
          return finish.await(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
          throw new IllegalStateException(e);
        }
      }));
      assertThat(inside.await(1, TimeUnit.MINUTES)).isTrue();

      Future<String> waiting = pool.submit(() ->
          other.write("Serial", WriteOperation.insert(TableRow.keys("elsewhere", "r"))).etag());
      Thread.sleep(300);
      assertThat(waiting).as("a write while another transaction is open").isNotDone();
      assertThat(other.get("Serial", "elsewhere", "r")).as("reads do not wait").isEmpty();

      finish.countDown();
      holding.get(1, TimeUnit.MINUTES);
      assertThat(waiting.get(1, TimeUnit.MINUTES)).isNotNull();
      assertThat(one.get("Serial", "elsewhere", "r")).isPresent();
      assertThat(one.database().isWriteLocked()).isFalse();
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void backends_on_different_databases_do_not_share_the_lock() throws Exception {
    try (H2Backend first = H2Backend.inMemory(); H2Backend second = H2Backend.inMemory()) {
      first.createTableIfNotExists("Tee");
      second.createTableIfNotExists("Tee");
      String etag = first.database().transaction(() -> "holding", session ->
          second.write("Tee", WriteOperation.insert(TableRow.keys("p", "r"))).etag());
      assertThat(second.get("Tee", "p", "r").orElseThrow().etag()).isEqualTo(etag);
    }
  }
}
