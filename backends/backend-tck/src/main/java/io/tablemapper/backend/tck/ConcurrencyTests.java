package io.tablemapper.backend.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * A backend is safe for concurrent use: of writes conditional on one ETag exactly one wins, a row's ETag never
 * repeats however many threads write it, and batches are never seen half-applied.
 */
abstract class ConcurrencyTests extends ConformanceGroup {
  private static final int THREADS = 8;
  /** Batches the writer of the visibility test writes, each replacing every row of the partition. */
  private static final int BATCHES = 20;
  /** Large batches keep a half-applied state, if a backend exposed one, visible long enough to be seen. */
  private static final int ROWS_PER_BATCH = 100;
  /** Readers stop after this, and the writer stops waiting for them, so a stuck backend fails instead of hanging. */
  private static final Duration READER_DEADLINE = Duration.ofSeconds(60);

  @Test
  void of_several_conditional_replaces_merges_and_deletes_with_the_same_etag_exactly_one_wins() throws Exception {
    for (int round = 0; round < 3; round++) {
      String etag = store().write(WriteOperation.upsertReplace(writer(-1))).etag();

      List<Callable<Optional<WriteResult>>> writers = new ArrayList<>();
      for (int i = 0; i < THREADS; i++) {
        WriteOperation operation = switch (i % 3) {
          case 0 -> WriteOperation.replace(writer(i), etag);
          case 1 -> WriteOperation.merge(writer(i), etag);
          default -> WriteOperation.delete("p", "r", etag);
        };
        writers.add(() -> {
          try {
            return Optional.of(store().write(operation));
          } catch (ConcurrencyConflictException | EntityNotFoundException lost) {
            return Optional.empty();
          }
        });
      }
      List<Optional<WriteResult>> outcomes = runTogether(writers);

      List<Integer> winners = new ArrayList<>();
      for (int i = 0; i < THREADS; i++) {
        if (outcomes.get(i).isPresent()) {
          winners.add(i);
        }
      }
      assertThat(winners).as("writers that won round %d", round).hasSize(1);
      int winner = winners.get(0);
      Optional<TableRow> stored = store().find("p", "r");
      if (winner % 3 == 2) {
        assertThat(stored).as("row after the delete of writer %d won", winner).isEmpty();
      } else {
        assertThat(stored).as("row after writer %d won", winner).isPresent();
        assertThat(stored.get().getInt32("writer")).isEqualTo(winner);
        assertThat(stored.get().etag()).isEqualTo(outcomes.get(winner).get().etag());
      }
    }
  }

  @Test
  void of_several_inserts_of_one_key_exactly_one_wins() throws Exception {
    List<Callable<Boolean>> writers = new ArrayList<>();
    for (int i = 0; i < THREADS; i++) {
      TableRow row = writer(i);
      writers.add(() -> {
        try {
          store().insert(row);
          return true;
        } catch (EntityExistsException lost) {
          return false;
        }
      });
    }
    List<Boolean> won = runTogether(writers);

    assertThat(won.stream().filter(w -> w).count()).isEqualTo(1);
    assertThat(store().get("p", "r").getInt32("writer")).isEqualTo(won.indexOf(true));
  }

  @Test
  void of_several_batches_conditional_on_the_same_etags_exactly_one_is_applied_whole() throws Exception {
    int rows = 5;
    List<String> etags = new ArrayList<>();
    for (int j = 0; j < rows; j++) {
      etags.add(store().insert(TableRow.builder("p", "r" + j).putInt32("writer", -1).build()).etag());
    }

    List<Callable<List<WriteResult>>> writers = new ArrayList<>();
    for (int i = 0; i < THREADS; i++) {
      List<WriteOperation> operations = new ArrayList<>();
      for (int j = 0; j < rows; j++) {
        TableRow row = TableRow.builder("p", "r" + j).putInt32("writer", i).build();
        operations.add(WriteOperation.replace(row, etags.get(j)));
      }
      writers.add(() -> {
        try {
          return store().batch(operations);
        } catch (BatchException lost) {
          assertThat(lost.failedIndex()).as("operation the winner made stale first").isZero();
          assertThat(lost.getCause()).isInstanceOf(ConcurrencyConflictException.class);
          return null;
        }
      });
    }
    List<List<WriteResult>> outcomes = runTogether(writers);

    List<Integer> winners = new ArrayList<>();
    for (int i = 0; i < THREADS; i++) {
      if (outcomes.get(i) != null) {
        winners.add(i);
      }
    }
    assertThat(winners).as("batches that were applied").hasSize(1);
    int winner = winners.get(0);
    for (int j = 0; j < rows; j++) {
      TableRow stored = store().get("p", "r" + j);
      assertThat(stored.getInt32("writer")).as("writer of r%d", j).isEqualTo(winner);
      assertThat(stored.etag()).as("ETag of r%d", j).isEqualTo(outcomes.get(winner).get(j).etag());
    }
  }

  @Test
  void concurrent_upserts_of_one_row_all_succeed_with_etags_that_never_repeat_and_the_row_shows_one_of_them()
      throws Exception {
    int writesPerThread = 5;
    List<Callable<List<WriteResult>>> writers = new ArrayList<>();
    for (int i = 0; i < THREADS; i++) {
      int writer = i;
      writers.add(() -> {
        List<WriteResult> results = new ArrayList<>();
        for (int j = 0; j < writesPerThread; j++) {
          TableRow row = TableRow.builder("p", "r").putInt32("writer", writer).putInt32("write", j).build();
          results.add(store().write(WriteOperation.upsertReplace(row)));
        }
        return results;
      });
    }
    List<List<WriteResult>> outcomes = runTogether(writers);

    Map<String, String> writeByEtag = new HashMap<>();
    for (int i = 0; i < THREADS; i++) {
      for (int j = 0; j < writesPerThread; j++) {
        String etag = outcomes.get(i).get(j).etag();
        assertThat(etag).as("ETag of write %d of writer %d", j, i).isNotEmpty();
        assertThat(writeByEtag.put(etag, i + "/" + j)).as("earlier write with ETag %s", etag).isNull();
      }
    }
    TableRow stored = store().get("p", "r");
    assertThat(writeByEtag).as("ETags the writes returned").containsKey(stored.etag());
    assertThat(stored.getInt32("writer") + "/" + stored.getInt32("write"))
        .as("the write whose ETag the row carries")
        .isEqualTo(writeByEtag.get(stored.etag()));
  }

  @Test
  void optimistic_read_modify_write_loops_lose_no_update() throws Exception {
    int threads = 4;
    int incrementsPerThread = 5;
    store().insert(TableRow.builder("p", "counter").putInt32("value", 0).build());

    List<Callable<Boolean>> incrementers = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      incrementers.add(() -> {
        for (int done = 0; done < incrementsPerThread; ) {
          TableRow read = store().get("p", "counter");
          TableRow incremented = TableRow.builder("p", "counter").putInt32("value", read.getInt32("value") + 1).build();
          try {
            store().write(WriteOperation.replace(incremented, read.etag()));
            done++;
          } catch (ConcurrencyConflictException lost) {
            // another thread wrote in between: read again
          }
        }
        return true;
      });
    }
    runTogether(incrementers);

    assertThat(store().get("p", "counter").getInt32("value")).isEqualTo(threads * incrementsPerThread);
  }

  @Test
  void concurrent_writes_to_different_rows_are_all_kept() throws Exception {
    List<Callable<Boolean>> writers = new ArrayList<>();
    for (int i = 0; i < THREADS; i++) {
      String partitionKey = "p" + (i % 2);
      String prefix = "w" + i + "_";
      writers.add(() -> {
        for (int j = 0; j < 25; j++) {
          store().insert(partitionKey, prefix + j);
        }
        return true;
      });
    }
    runTogether(writers);

    assertThat(store().all()).hasSize(THREADS * 25);
  }

  @Test
  void concurrent_batches_on_one_partition_are_never_seen_half_applied() throws Exception {
    // written.get(g).get(i) is what the batch of generation g returned for row i.
    List<List<WriteResult>> written = Collections.synchronizedList(new ArrayList<>());
    List<WriteOperation> inserts = new ArrayList<>();
    for (int i = 0; i < ROWS_PER_BATCH; i++) {
      inserts.add(WriteOperation.insert(generation(i, 0)));
    }
    written.add(store().batch(inserts));
    Readers readers = new Readers(3);
    Queue<Observation> observed = new ConcurrentLinkedQueue<>();

    Callable<Boolean> writer = () -> {
      try {
        for (int g = 1; g <= BATCHES; g++) {
          List<WriteOperation> operations = new ArrayList<>();
          for (int i = 0; i < ROWS_PER_BATCH; i++) {
            operations.add(WriteOperation.replace(generation(i, g), "*"));
          }
          long[] before = readers.snapshot();
          written.add(store().batch(operations));
          readers.awaitReadsSince(before);
        }
        return true;
      } finally {
        readers.writing = false;
      }
    };
    // Every page holds rows of one generation, and a later page never an older one than an earlier page.
    Callable<Boolean> pageReader = () -> readers.run(0, () -> {
      TableQuery query = store().query().partitionKey("p").build();
      int seen = 0;
      for (String token = null; ; ) {
        QueryResult page = store().backend.query(query.withContinuation(token));
        readers.read(0);
        if (!page.rows().isEmpty()) {
          Set<Integer> generations = new HashSet<>();
          for (TableRow row : page.rows()) {
            generations.add(row.getInt32("generation"));
            observed.add(Observation.of(row));
          }
          assertThat(generations).as("generations in one page of %d rows", page.rows().size()).hasSize(1);
          int generation = generations.iterator().next();
          assertThat(generation).as("generation of a page read after one of generation %d", seen)
              .isGreaterThanOrEqualTo(seen);
          seen = generation;
        }
        token = page.continuation();
        if (token == null) {
          return;
        }
      }
    });
    // Batches only raise the generation: reading the rows one by one, in any order, a later read never sees an
    // older generation than an earlier read saw, unless a batch was visible to one read and not to the next.
    Callable<Boolean> inOrderReader = () -> readers.run(1, pointReads(readers, 1, new Random(0), false, observed));
    Callable<Boolean> shuffledReader = () -> readers.run(2, pointReads(readers, 2, new Random(1), true, observed));

    runTogether(List.of(writer, pageReader, inOrderReader, shuffledReader));

    assertThat(written).hasSize(BATCHES + 1);
    for (Observation observation : observed) {
      WriteResult result = written.get(observation.generation).get(observation.row);
      assertThat(observation.etag)
          .as("ETag read of row %d at generation %d", observation.row, observation.generation)
          .isEqualTo(result.etag());
      assertThat(observation.timestamp)
          .as("Timestamp read of row %d at generation %d", observation.row, observation.generation)
          .isEqualTo(result.timestamp());
    }
    for (int i = 0; i < ROWS_PER_BATCH; i++) {
      Set<String> etags = new HashSet<>();
      for (List<WriteResult> batch : written) {
        etags.add(batch.get(i).etag());
      }
      assertThat(etags).as("distinct ETags of row %d over %d writes", i, written.size()).hasSize(written.size());
      TableRow stored = store().get("p", rowKey(i));
      assertThat(stored.getInt32("generation")).as("final generation of row %d", i).isEqualTo(BATCHES);
      assertThat(stored.etag()).isEqualTo(written.get(BATCHES).get(i).etag());
    }
  }

  /** One pass over the rows by point reads, checking that no read sees an older generation than the one before. */
  private Runnable pointReads(
      Readers readers, int reader, Random random, boolean shuffled, Queue<Observation> observed) {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < ROWS_PER_BATCH; i++) {
      order.add(i);
    }
    return () -> {
      if (shuffled) {
        Collections.shuffle(order, random);
      }
      int seen = 0;
      for (int i : order) {
        TableRow row = store().get("p", rowKey(i));
        readers.read(reader);
        observed.add(Observation.of(row));
        int generation = row.getInt32("generation");
        assertThat(generation).as("generation of row %d read after one of generation %d", i, seen)
            .isGreaterThanOrEqualTo(seen);
        seen = generation;
      }
    };
  }

  /** A row as one reader saw it. */
  private record Observation(int row, int generation, String etag, Instant timestamp) {
    static Observation of(TableRow read) {
      return new Observation(read.getInt32("row"), read.getInt32("generation"), read.etag(), read.timestamp());
    }
  }

  /**
   * The readers of the visibility test: they read until the writer is done or the deadline passes, and count their
   * reads so that the writer lets every reader read between two batches, on a fast backend as on a slow one.
   */
  private static final class Readers {
    private final AtomicLongArray reads;
    private final long deadline = System.nanoTime() + READER_DEADLINE.toNanos();
    volatile boolean writing = true;

    Readers(int count) {
      this.reads = new AtomicLongArray(count);
    }

    /** Runs passes of a reader until the writer is done; a reader that stops no longer holds the writer back. */
    boolean run(int reader, Runnable pass) {
      try {
        do {
          pass.run();
        } while (writing && System.nanoTime() < deadline);
        return true;
      } finally {
        reads.set(reader, Long.MAX_VALUE);
      }
    }

    void read(int reader) {
      reads.getAndUpdate(reader, count -> count == Long.MAX_VALUE ? count : count + 1);
    }

    long[] snapshot() {
      long[] counts = new long[reads.length()];
      for (int i = 0; i < counts.length; i++) {
        counts[i] = reads.get(i);
      }
      return counts;
    }

    /** Waits until every reader read once more than in the snapshot, or stopped, or the deadline passed. */
    void awaitReadsSince(long[] snapshot) {
      for (int i = 0; i < snapshot.length; i++) {
        while (reads.get(i) <= snapshot[i] && reads.get(i) != Long.MAX_VALUE && System.nanoTime() < deadline) {
          LockSupport.parkNanos(50_000);
        }
      }
    }
  }

  private static TableRow writer(int writer) {
    return TableRow.builder("p", "r").putInt32("writer", writer).build();
  }

  private static TableRow generation(int row, int generation) {
    return TableRow.builder("p", rowKey(row)).putInt32("generation", generation).putInt32("row", row).build();
  }

  private static String rowKey(int row) {
    return String.format("r%02d", row);
  }

  /** Runs the tasks on their own threads, released together; returns their results in order, or rethrows. */
  private static <T> List<T> runTogether(List<Callable<T>> tasks) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(tasks.size());
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<T>> futures = new ArrayList<>();
      for (Callable<T> task : tasks) {
        futures.add(pool.submit(() -> {
          start.await();
          return task.call();
        }));
      }
      start.countDown();
      List<T> results = new ArrayList<>();
      for (Future<T> future : futures) {
        try {
          results.add(future.get(2, TimeUnit.MINUTES));
        } catch (ExecutionException e) {
          if (e.getCause() instanceof Error) {
            throw (Error) e.getCause();
          }
          throw e;
        }
      }
      return results;
    } finally {
      pool.shutdownNow();
    }
  }
}
