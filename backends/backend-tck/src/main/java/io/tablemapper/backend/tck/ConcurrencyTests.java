package io.tablemapper.backend.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** A backend is safe for concurrent use: optimistic concurrency has one winner and batches are never seen half-applied. */
abstract class ConcurrencyTests extends ConformanceGroup {
  private static final int THREADS = 8;
  /** The writer of the batch test writes at least this many batches, and for at least {@link #MIN_WRITING}. */
  private static final int BATCHES = 100;
  private static final Duration MIN_WRITING = Duration.ofMillis(700);
  /** Large batches keep a half-applied state, if a backend exposed one, visible long enough to be seen. */
  private static final int ROWS_PER_BATCH = 100;

  @Test
  void of_several_replaces_with_the_same_etag_exactly_one_wins() throws Exception {
    String etag = store().insert(TableRow.builder("p", "r").putInt32("writer", -1).build()).etag();

    List<Callable<Boolean>> writers = new ArrayList<>();
    for (int i = 0; i < THREADS; i++) {
      TableRow row = TableRow.builder("p", "r").putInt32("writer", i).build();
      writers.add(() -> {
        try {
          store().write(WriteOperation.replace(row, etag));
          return true;
        } catch (ConcurrencyConflictException lost) {
          return false;
        }
      });
    }
    List<Boolean> won = runTogether(writers);

    assertThat(won.stream().filter(w -> w).count()).isEqualTo(1);
    assertThat(store().get("p", "r").getInt32("writer")).isEqualTo(won.indexOf(true));
  }

  @Test
  void of_several_inserts_of_one_key_exactly_one_wins() throws Exception {
    List<Callable<Boolean>> writers = new ArrayList<>();
    for (int i = 0; i < THREADS; i++) {
      TableRow row = TableRow.builder("p", "r").putInt32("writer", i).build();
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
    List<TableRow> initial = new ArrayList<>();
    for (int i = 0; i < ROWS_PER_BATCH; i++) {
      initial.add(generation(i, 0));
    }
    store().insertAll(initial);
    AtomicBoolean writing = new AtomicBoolean(true);

    Callable<Boolean> writer = () -> {
      try {
        long until = System.nanoTime() + MIN_WRITING.toNanos();
        for (int g = 1; g <= BATCHES || System.nanoTime() < until; g++) {
          List<WriteOperation> operations = new ArrayList<>();
          for (int i = 0; i < ROWS_PER_BATCH; i++) {
            operations.add(WriteOperation.replace(generation(i, g), "*"));
          }
          store().batch(operations);
        }
        return true;
      } finally {
        writing.set(false);
      }
    };
    Callable<Boolean> pageReader = () -> {
      do {
        QueryResult page = store().backend.query(store().query().partitionKey("p").build());
        if (page.rows().size() == ROWS_PER_BATCH) {
          Set<Integer> generations = new HashSet<>();
          Set<String> etags = new HashSet<>();
          for (TableRow row : page.rows()) {
            generations.add(row.getInt32("generation"));
            etags.add(row.etag());
          }
          assertThat(generations).as("generations in one page").hasSize(1);
          assertThat(etags).as("ETags in one page").hasSize(1);
        }
      } while (writing.get());
      return true;
    };
    // Batches only raise the generation: reading the rows one by one, in any order, a later read never sees an
    // older generation than an earlier read saw, unless a batch was visible to one read and not to the next.
    Callable<Boolean> inOrderReader = () -> readRowsWhile(writing, new Random(0), false);
    Callable<Boolean> shuffledReader = () -> readRowsWhile(writing, new Random(1), true);

    runTogether(List.of(writer, pageReader, inOrderReader, shuffledReader));

    assertThat(store().get("p", rowKey(0)).getInt32("generation")).isGreaterThanOrEqualTo(BATCHES);
    assertThat(store().get("p", rowKey(ROWS_PER_BATCH - 1)).getInt32("generation"))
        .isEqualTo(store().get("p", rowKey(0)).getInt32("generation"));
  }

  private boolean readRowsWhile(AtomicBoolean writing, Random random, boolean shuffled) {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < ROWS_PER_BATCH; i++) {
      order.add(i);
    }
    do {
      if (shuffled) {
        Collections.shuffle(order, random);
      }
      int seen = 0;
      for (int i : order) {
        int generation = store().get("p", rowKey(i)).getInt32("generation");
        assertThat(generation).as("generation of row %d read after one of generation %d", i, seen)
            .isGreaterThanOrEqualTo(seen);
        seen = generation;
      }
    } while (writing.get());
    return true;
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
