package io.tablemapper.backend.h2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process killed while it writes streams of batches ({@link CrashWriter}) leaves a file in which every batch is
 * whole or absent and every batch it saw committed is there; the file then takes more writes and survives a second
 * kill. While the writer runs, this process cannot open the file, and is told why.
 */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class CrashRecoveryTest {
  /** Batches the child commits, at least, before it is killed, in each round. */
  private static final int BATCHES_BEFORE_KILL = 30;

  @TempDir
  Path directory;

  @Test
  void every_batch_is_whole_or_absent_after_the_writer_is_killed_and_none_it_saw_committed_is_lost() throws Exception {
    Path file = directory.resolve("crash");
    int first = 1;
    for (int round = 1; round <= 2; round++) {
      Set<Integer> acknowledged = writeUntilKilled(file, first);

      try (H2Backend reopened = H2Backend.file(file)) {
        Recovered recovered = recover(reopened);
        int lastOdd = last(acknowledged, 1);
        int lastEven = last(acknowledged, 0);
        assertThat(recovered.generation).as("generation after acknowledged batch %d (round %d)", lastOdd, round)
            .isIn(lastOdd, lastOdd + 2);
        for (int batch : acknowledged) {
          if (batch % 2 == 0) {
            assertThat(recovered.logBatches).as("acknowledged batches in partition log").contains(batch);
          }
        }
        for (int batch : recovered.logBatches) {
          if (batch >= first) {
            assertThat(acknowledged.contains(batch) || batch == lastEven + 2)
                .as("batch %d is in the file, and acknowledged or the one in flight", batch).isTrue();
          }
        }
        String newEtag = reopened.write(CrashWriter.TABLE,
            WriteOperation.upsertReplace(TableRow.keys("after", "crash" + round))).etag();
        assertThat(recovered.etags).as("ETags stored before the crash").doesNotContain(newEtag);
        first = Math.max(recovered.generation, lastEven + 2) + 1;
        first += first % 2 == 0 ? 1 : 0;
      }
    }
  }

  /** Starts the writer at batch {@code first}, waits for it to commit some batches and kills it: what it acknowledged. */
  private Set<Integer> writeUntilKilled(Path file, int first) throws IOException, InterruptedException {
    Path acknowledgements = directory.resolve("acknowledged-from-" + first);
    Path log = directory.resolve("output-from-" + first);
    Process child = new ProcessBuilder(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", System.getProperty("java.class.path"),
            CrashWriter.class.getName(), file.toString(), Integer.toString(first), acknowledgements.toString())
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .start();
    try {
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
      while (acknowledged(acknowledgements).size() < BATCHES_BEFORE_KILL && child.isAlive()
          && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertThat(acknowledged(acknowledgements))
          .as("batches the writer committed; its output:%n%s", Files.exists(log) ? Files.readString(log) : "")
          .hasSizeGreaterThanOrEqualTo(BATCHES_BEFORE_KILL);
      assertThatThrownBy(() -> H2Backend.file(file))
          .as("opening the file while the writer has it open")
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("open in another process");
    } finally {
      child.destroyForcibly();
      assertThat(child.waitFor(1, TimeUnit.MINUTES)).as("the writer ended after being killed").isTrue();
    }
    return acknowledged(acknowledgements);
  }

  /** The batches the writer acknowledged, ignoring a line the kill cut short. */
  private static Set<Integer> acknowledged(Path acknowledgements) throws IOException {
    Set<Integer> batches = new TreeSet<>();
    if (Files.exists(acknowledgements)) {
      String text = Files.readString(acknowledgements, StandardCharsets.US_ASCII);
      for (String line : text.substring(0, text.lastIndexOf('\n') + 1).split("\n")) {
        if (!line.isEmpty()) {
          batches.add(Integer.parseInt(line));
        }
      }
    }
    return batches;
  }

  /** The last acknowledged batch of one stream (odd or even); an earlier round's are in the file already. */
  private static int last(Set<Integer> acknowledged, int parity) {
    int last = -1;
    for (int batch : acknowledged) {
      if (batch % 2 == parity) {
        last = Math.max(last, batch);
      }
    }
    return last;
  }

  /** Reads the file and checks that every batch in it is whole. */
  private static Recovered recover(H2Backend backend) {
    Recovered recovered = new Recovered();
    List<TableRow> generations = partition(backend, "gen");
    assertThat(generations).as("rows of partition gen").hasSize(CrashWriter.GENERATION_ROWS);
    Set<Integer> generation = new HashSet<>();
    Set<String> generationEtags = new HashSet<>();
    for (TableRow row : generations) {
      generation.add(row.getInt32("generation"));
      generationEtags.add(row.etag());
    }
    assertThat(generation).as("generations in partition gen").hasSize(1);
    assertThat(generationEtags).as("ETags in partition gen").hasSize(1);
    recovered.generation = generation.iterator().next();
    recovered.etags.addAll(generationEtags);

    Map<Integer, Integer> rowsPerBatch = new TreeMap<>();
    for (TableRow row : partition(backend, "log")) {
      int batch = row.getInt32("batch");
      assertThat(row.getInt32("size")).as("size of batch %d", batch).isEqualTo(CrashWriter.logSize(batch));
      rowsPerBatch.merge(batch, 1, Integer::sum);
      recovered.etags.add(row.etag());
    }
    rowsPerBatch.forEach((batch, rows) ->
        assertThat(rows).as("rows of batch %d in partition log", batch).isEqualTo(CrashWriter.logSize(batch)));
    recovered.logBatches.addAll(rowsPerBatch.keySet());
    return recovered;
  }

  private static List<TableRow> partition(H2Backend backend, String partitionKey) {
    List<TableRow> rows = new ArrayList<>();
    TableQuery query = TableQuery.builder(CrashWriter.TABLE).partitionKey(partitionKey).build();
    String token = null;
    do {
      QueryResult page = backend.query(query.withContinuation(token));
      rows.addAll(page.rows());
      token = page.continuation();
    } while (token != null);
    return rows;
  }

  /** What a reopened file holds: the generation of partition gen, the batches of partition log, every ETag. */
  private static final class Recovered {
    int generation;
    final Set<Integer> logBatches = new TreeSet<>();
    final Set<String> etags = new HashSet<>();
  }
}
