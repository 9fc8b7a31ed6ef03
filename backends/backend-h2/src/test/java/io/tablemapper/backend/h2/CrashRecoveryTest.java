package io.tablemapper.backend.h2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
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
 * whole or absent, every batch it saw committed is there, and the SQL rows agree with each other; the file then opens
 * and takes more writes. One run kills {@value #DEFAULT_KILLS} writers in a row on one file, each at a random point:
 * after a random number of committed batches (and a few milliseconds more, to land inside the next one), or a random
 * time after the writer starts (in JVM start, H2's open and recovery, schema or table creation, or the first
 * batches). After most kills this process opens the file and checks it; otherwise the next writer opens the crashed
 * file itself, so that kills land in recovery too.
 *
 * <p>The points come from a seed that every failure names; {@code -Dtablemapper.crash.seed=<seed>} replays a run and
 * {@code -Dtablemapper.crash.kills=<n>} makes it longer (for CI runs that kill many times).
 */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class CrashRecoveryTest {
  private static final int DEFAULT_KILLS = 8;
  private static final int KILLS = Integer.getInteger("tablemapper.crash.kills", DEFAULT_KILLS);
  private static final long SEED = Long.getLong("tablemapper.crash.seed", System.nanoTime());
  /** The most committed batches a writer waits for before it is killed. */
  private static final int MAX_BATCHES_BEFORE_KILL = 40;
  /** The latest a writer killed at a time after its start is killed. */
  private static final int MAX_MILLIS_BEFORE_EARLY_KILL = 900;

  @TempDir
  Path directory;

  @Test
  void every_batch_is_whole_or_absent_and_every_acknowledged_one_kept_after_kills_at_random_points() throws Exception {
    System.out.println("CrashRecoveryTest: " + KILLS + " kills, seed " + SEED);
    Random random = new Random(SEED);
    Path file = directory.resolve("crash");
    Expected expected = new Expected();
    int first = 1;
    for (int kill = 1; kill <= KILLS; kill++) {
      KillPoint point = KillPoint.random(random);
      String where = "kill " + kill + " of " + KILLS + " " + point + ", seed " + SEED
          + " (replay with -Dtablemapper.crash.seed=" + SEED + ")";
      Set<Integer> acknowledged = writeUntilKilled(file, first, point, kill, where);
      expected.afterWriter(first, acknowledged);
      first = expected.nextFirst;
      boolean check = kill == KILLS || random.nextInt(3) != 0;
      if (check) {
        checkRecovered(file, expected, kill, where);
      }
    }
  }

  /** Where a writer is killed: after some committed batches and a few milliseconds, or some time after its start. */
  private record KillPoint(int batches, int millis) {
    static KillPoint random(Random random) {
      return random.nextInt(3) == 0
          ? new KillPoint(0, random.nextInt(MAX_MILLIS_BEFORE_EARLY_KILL))
          : new KillPoint(1 + random.nextInt(MAX_BATCHES_BEFORE_KILL), random.nextInt(20));
    }

    @Override
    public String toString() {
      return batches == 0 ? "(" + millis + " ms after the writer started)"
          : "(" + millis + " ms after its " + batches + " batches were acknowledged)";
    }
  }

  /** Starts the writer at batch {@code first}, kills it at {@code point}, and returns the batches it acknowledged. */
  private Set<Integer> writeUntilKilled(Path file, int first, KillPoint point, int kill, String where)
      throws IOException, InterruptedException {
    Path acknowledgements = directory.resolve("acknowledged-" + kill);
    Path log = directory.resolve("output-" + kill);
    Process child = new ProcessBuilder(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", System.getProperty("java.class.path"),
            CrashWriter.class.getName(), file.toString(), Integer.toString(first), acknowledgements.toString())
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .start();
    try {
      if (point.batches == 0) {
        Thread.sleep(point.millis);
      } else {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (acknowledged(acknowledgements).size() < point.batches && child.isAlive()
            && System.nanoTime() < deadline) {
          Thread.sleep(2);
        }
        assertThat(acknowledged(acknowledgements))
            .as("batches the writer committed before %s; its output:%n%s", where, Files.readString(log))
            .hasSizeGreaterThanOrEqualTo(point.batches);
        assertThatThrownBy(() -> H2Backend.file(file))
            .as("opening the file while the writer has it open")
            .isInstanceOf(StoreUnavailableException.class)
            .hasMessageContaining("open in another process");
        Thread.sleep(point.millis);
      }
      assertThat(child.isAlive()).as("the writer is alive at %s; its output:%n%s", where, Files.readString(log))
          .isTrue();
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

  /**
   * What the file may hold, from what the writers acknowledged: a writer commits its batches in order in each stream
   * (odd, even), so beyond its last acknowledged batch of a stream at most the next one can be in the file.
   */
  private static final class Expected {
    /** Generations partition gen may have; 0 for none written yet. */
    Set<Integer> generations = new HashSet<>(Set.of(0));
    /** Log batches the file must hold. */
    final Set<Integer> logBatches = new TreeSet<>();
    /** Log batches that were in flight at a kill: the file may hold them. */
    final Set<Integer> inFlight = new TreeSet<>();
    /** The rows this test wrote to partition after, one per check. */
    int checks;
    int nextFirst = 1;

    void afterWriter(int first, Set<Integer> acknowledged) {
      int lastOdd = first - 2;
      int lastEven = first - 1;
      for (int batch : acknowledged) {
        if (batch % 2 == 0) {
          logBatches.add(batch);
          lastEven = Math.max(lastEven, batch);
        } else {
          lastOdd = Math.max(lastOdd, batch);
        }
      }
      if (lastOdd >= first) {
        generations = new HashSet<>(Set.of(lastOdd, lastOdd + 2));
      } else {
        generations.add(first);
      }
      inFlight.add(lastEven + 2);
      nextFirst = Math.max(lastOdd + 2, lastEven + 2) + 1;
      nextFirst += nextFirst % 2 == 0 ? 1 : 0;
    }
  }

  /** Opens the file in this process, checks it against {@code expected} and the invariants of its rows, writes. */
  private void checkRecovered(Path file, Expected expected, int kill, String where) throws SQLException {
    try (H2Backend reopened = H2Backend.file(file);
        Connection sql = DriverManager.getConnection(H2Backend.FILE_URL + file)) {
      if (reopened.createTableIfNotExists(CrashWriter.TABLE)) {
        assertThat(expected.logBatches).as("acknowledged batches, with no table in the file after %s", where)
            .isEmpty();
      }
      Set<String> etags = new HashSet<>();

      List<TableRow> generationRows = partition(reopened, "gen");
      Map<Integer, Set<String>> generations = new TreeMap<>();
      for (TableRow row : generationRows) {
        generations.computeIfAbsent(row.getInt32("generation"), g -> new HashSet<>()).add(row.etag());
        etags.add(row.etag());
      }
      if (generationRows.isEmpty()) {
        assertThat(expected.generations).as("generations possible after %s, with partition gen empty", where)
            .contains(0);
      } else {
        assertThat(generationRows).as("rows of partition gen after %s", where).hasSize(CrashWriter.GENERATION_ROWS);
        assertThat(generations).as("generations and their ETags in partition gen after %s", where).hasSize(1);
        int generation = generations.keySet().iterator().next();
        assertThat(generations.get(generation)).as("ETags of generation %d after %s", generation, where).hasSize(1);
        assertThat(expected.generations).as("generations possible after %s", where).contains(generation);
        expected.generations = new HashSet<>(Set.of(generation));
      }

      Map<Integer, Integer> rowsPerBatch = new TreeMap<>();
      Map<Integer, Set<String>> etagsPerBatch = new HashMap<>();
      for (TableRow row : partition(reopened, "log")) {
        int batch = row.getInt32("batch");
        assertThat(row.getInt32("size")).as("size of batch %d after %s", batch, where)
            .isEqualTo(CrashWriter.logSize(batch));
        rowsPerBatch.merge(batch, 1, Integer::sum);
        etagsPerBatch.computeIfAbsent(batch, b -> new HashSet<>()).add(row.etag());
      }
      Set<String> batchEtags = new HashSet<>();
      rowsPerBatch.forEach((batch, rows) -> {
        assertThat(rows).as("rows of batch %d after %s", batch, where).isEqualTo(CrashWriter.logSize(batch));
        assertThat(etagsPerBatch.get(batch)).as("ETags of batch %d after %s", batch, where).hasSize(1);
        assertThat(batchEtags.add(etagsPerBatch.get(batch).iterator().next()))
            .as("batch %d has an ETag no other batch has, after %s", batch, where).isTrue();
      });
      etags.addAll(batchEtags);
      assertThat(rowsPerBatch.keySet()).as("log batches after %s", where).containsAll(expected.logBatches);
      for (int batch : rowsPerBatch.keySet()) {
        assertThat(expected.logBatches.contains(batch) || expected.inFlight.contains(batch))
            .as("batch %d in the file after %s was acknowledged or in flight at a kill", batch, where).isTrue();
      }
      expected.logBatches.addAll(rowsPerBatch.keySet());

      checkRowsAgree(sql, where);

      List<TableRow> checks = partition(reopened, "after");
      assertThat(checks).as("rows this test wrote after earlier kills, after %s", where).hasSize(expected.checks);
      String etag = reopened.write(CrashWriter.TABLE, WriteOperation.insert(
          TableRow.builder("after", String.format("kill%03d", kill)).putInt32("kill", kill).build())).etag();
      assertThat(etags).as("ETags stored before %s", where).doesNotContain(etag);
      assertThat(reopened.get(CrashWriter.TABLE, "after", String.format("kill%03d", kill)).orElseThrow().properties())
          .as("the row written after %s", where).isEqualTo(Map.of("kill", kill));
      expected.checks++;
    }
  }

  /**
   * The SQL rows agree: one table in the catalog, no row of a missing table, every row's properties readable, and
   * no table of schema version 1 left.
   */
  private static void checkRowsAgree(Connection sql, String where) throws SQLException {
    assertThat(count(sql, "SELECT COUNT(*) FROM " + Schema.TABLES))
        .as("tables in the catalog after %s", where).isEqualTo(1);
    assertThat(count(sql, "SELECT COUNT(*) FROM " + Schema.ROWS + " r WHERE r.TABLE_ID NOT IN (SELECT ID FROM "
        + Schema.TABLES + ")"))
        .as("rows of no table after %s", where).isZero();
    try (Statement statement = sql.createStatement();
        ResultSet rows = statement.executeQuery("SELECT PROPS FROM " + Schema.ROWS)) {
      while (rows.next()) {
        byte[] props = rows.getBytes(1);
        TableRow.Builder row = TableRow.builder("p", "r");
        RowCodec.decodeInto(props, row);
        assertThat(row.build().properties()).as("a stored row's properties after %s", where)
            .hasSize(RowCodec.count(props));
      }
    }
    assertThat(count(sql, "SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = 'TABLEMAPPER'"))
        .as("tables of the schema after %s (META, STORE_TABLES, ROWS, LARGE_VALUES)", where).isEqualTo(4);
  }

  private static long count(Connection connection, String query) throws SQLException {
    try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(query)) {
      result.next();
      return result.getLong(1);
    }
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
}
