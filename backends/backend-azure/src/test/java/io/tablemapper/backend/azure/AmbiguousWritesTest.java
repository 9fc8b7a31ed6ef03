package io.tablemapper.backend.azure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.api.StoreBusyException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.spi.PropertyValues;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Writes through a pipeline that injects faults ({@link Faults}) at their attempts, against Azurite: busy answers,
 * timeouts, and ambiguous writes (applied, then the answer lost). A model of the partition says what each write must
 * report; after every write the store, read through a clean client, must hold exactly the model: nothing lost,
 * nothing duplicated, and every exception truthful (an insert whose first attempt was applied is not reported as
 * {@code EntityExistsException}; a write that failed for good changed nothing). Each scenario runs on the blocking
 * calls and on the async ones ({@code writeAsync}, {@code batchAsync}), which must reach the same answers with an
 * executor that refuses every task.
 */
@ExtendWith(Azurite.class)
class AmbiguousWritesTest {
  private static final String PARTITION = "p";
  private static final int ROWS = 6;

  private AzureTablesBackend clean;
  private String table;

  @BeforeEach
  void createTable() {
    clean = AzureTablesBackend.fromConnectionString(Azurite.connectionString());
    table = "faults" + UUID.randomUUID().toString().replace("-", "");
    clean.createTableIfNotExists(table);
  }

  @AfterEach
  void dropTable() {
    clean.deleteTableIfExists(table);
  }

  private static AzureTablesBackend faulty(Faults faults) {
    return faults.backend(Azurite.connectionString());
  }

  /** A stored row as the model knows it. */
  private record Stored(Map<String, Object> properties, String etag) {}

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 4})
  void everyWriteReportsWhatHappenedAndTheStoreHoldsExactlyTheModel(long seed) {
    writeByTheModel(seed, Path.BLOCKING);
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 4})
  void everyAsyncWriteReportsWhatHappenedAndTheStoreHoldsExactlyTheModel(long seed) {
    writeByTheModel(seed, Path.ASYNC);
  }

  /** How a test sends its writes: the blocking calls, or the async ones, awaited. */
  private enum Path {
    BLOCKING, ASYNC;

    WriteResult write(AzureTablesBackend backend, String table, WriteOperation operation) {
      return this == BLOCKING ? backend.write(table, operation) : await(backend.writeAsync(table, operation, NO_THREAD));
    }

    List<WriteResult> batch(AzureTablesBackend backend, String table, List<WriteOperation> operations) {
      return this == BLOCKING ? backend.batch(table, operations) : await(backend.batchAsync(table, operations, NO_THREAD));
    }
  }

  /**
   * The executor handed to the async path: refuses every task, so a write that ran a step the blocking way would
   * fail (every write of these tests passes the checks before sending, the only step that may use it).
   */
  private static final Executor NO_THREAD = task -> {
    throw new RejectedExecutionException("the async path of Azure writes must not need a thread");
  };

  /**
   * The outcome of an async write: its value, or, as the blocking call would throw it, the contract's exception
   * that is the cause of the {@code CompletionException} (which must be one).
   */
  private static <T> T await(CompletableFuture<T> future) {
    try {
      return future.get(60, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      assertThat(e.getCause()).as("the cause of an async failure").isInstanceOf(TableMapperException.class);
      throw (TableMapperException) e.getCause();
    } catch (InterruptedException | TimeoutException e) {
      throw new AssertionError("the async write did not complete", e);
    }
  }

  private void writeByTheModel(long seed, Path path) {
    Faults faults = new Faults(seed, 0.4, 3);
    AzureTablesBackend backend = faulty(faults);
    Random random = new Random(seed);
    Map<String, Stored> model = new TreeMap<>();
    Map<String, List<String>> oldEtags = new HashMap<>();
    int successes = 0;
    int refusals = 0;
    int failures = 0;
    for (int step = 0; step < 70; step++) {
      boolean storm = step % 10 == 9;
      List<WriteOperation> operations = new ArrayList<>();
      int count = random.nextInt(4) == 0 ? 2 + random.nextInt(2) : 1;
      List<String> rowKeys = new ArrayList<>();
      while (rowKeys.size() < count) {
        String rowKey = "r" + random.nextInt(ROWS);
        if (!rowKeys.contains(rowKey)) {
          rowKeys.add(rowKey);
        }
      }
      for (String rowKey : rowKeys) {
        operations.add(operation(random, step, rowKey, model, oldEtags, storm));
      }
      String what = "seed " + seed + ", step " + step + ": " + operations;
      Expected expected = expect(operations, model);
      if (storm) {
        // every attempt meets the fault: busy answers leave nothing written, lost answers leave the write applied
        Faults.Fault fault = random.nextBoolean() ? Faults.Fault.BUSY_503 : Faults.Fault.LOST_ANSWER_500;
        faults.storm(fault);
        expected = fault == Faults.Fault.BUSY_503 ? Expected.UNAVAILABLE : expected;
      }
      List<WriteResult> results = null;
      RuntimeException failure = null;
      try {
        results = operations.size() == 1
            ? List.of(path.write(backend, table, operations.get(0)))
            : path.batch(backend, table, operations);
      } catch (RuntimeException e) {
        failure = e;
      } finally {
        faults.calm();
      }
      if (expected == Expected.UNAVAILABLE) {
        assertThat(failure).as(what).isNotNull().isInstanceOfSatisfying(StoreBusyException.class,
            busy -> assertThat(busy.partitionKey()).isEqualTo(operations.get(0).row().partitionKey()));
        failures++;
      } else if (expected.failure == null) {
        if (failure != null) {
          fail(what + " failed, though it must succeed", failure);
        }
        apply(operations, results, model, oldEtags);
        successes++;
      } else {
        assertThat(failure).as(what).isNotNull();
        Throwable reason = failure;
        if (operations.size() > 1) {
          assertThat(failure).as(what).isInstanceOf(BatchException.class);
          assertThat(((BatchException) failure).failedIndex()).as(what).isEqualTo(expected.index);
          reason = failure.getCause();
        }
        assertThat(reason).as(what).isInstanceOf(expected.failure);
        refusals++;
      }
      assertStoreHolds(model, what);
    }
    assertThat(faults.ambiguous()).as("ambiguous writes injected").isGreaterThan(5);
    assertThat(successes).isGreaterThan(20);
    assertThat(refusals).isGreaterThan(3);
    assertThat(failures).isGreaterThan(0);
  }

  /** What a write must report: success, the refusal of one operation, or no answer (nothing written). */
  private record Expected(Class<? extends TableMapperException> failure, int index) {
    static final Expected SUCCESS = new Expected(null, -1);
    static final Expected UNAVAILABLE = new Expected(StoreBusyException.class, -2);
  }

  private Expected expect(List<WriteOperation> operations, Map<String, Stored> model) {
    for (int i = 0; i < operations.size(); i++) {
      WriteOperation operation = operations.get(i);
      Stored stored = model.get(operation.row().rowKey());
      try {
        operation.checkPrecondition(table, stored == null ? null : stored.etag());
      } catch (TableMapperException refused) {
        return new Expected(refused.getClass(), i);
      }
    }
    return Expected.SUCCESS;
  }

  /**
   * A random operation on a row, with fresh values so no write can be mistaken for another. Deletes are of stored
   * rows only: a delete whose lost attempt removed the row is done when its retry finds none, which a delete of a
   * missing row would also look like. In a storm, only operations that must succeed.
   */
  private static WriteOperation operation(Random random, int step, String rowKey, Map<String, Stored> model,
      Map<String, List<String>> oldEtags, boolean storm) {
    Stored stored = model.get(rowKey);
    List<String> old = oldEtags.getOrDefault(rowKey, List.of());
    TableRow full = TableRow.builder(PARTITION, rowKey)
        .putInt64("v", (long) step * 100 + random.nextInt(100))
        .putString("s", "step " + step + " " + UUID.randomUUID())
        .build();
    TableRow partial = TableRow.builder(PARTITION, rowKey).putInt32("m", step).build();
    String current = stored == null ? null : stored.etag();
    String stale = old.isEmpty() || storm ? current : old.get(random.nextInt(old.size()));
    if (storm) {
      return stored == null ? WriteOperation.insert(full) : switch (random.nextInt(4)) {
        case 0 -> WriteOperation.replace(full, current);
        case 1 -> WriteOperation.merge(partial, current);
        case 2 -> WriteOperation.delete(PARTITION, rowKey, current);
        default -> WriteOperation.upsertReplace(full);
      };
    }
    switch (random.nextInt(9)) {
      case 0:
      case 1:
        return WriteOperation.insert(full);
      case 2:
        return WriteOperation.replace(full, random.nextBoolean() ? current : stale);
      case 3:
        return WriteOperation.replace(full, "*");
      case 4:
        return WriteOperation.merge(partial, random.nextBoolean() ? current : stale);
      case 5:
        return WriteOperation.upsertReplace(full);
      case 6:
        return WriteOperation.upsertMerge(partial);
      default:
        return stored == null ? WriteOperation.insert(full)
            : WriteOperation.delete(PARTITION, rowKey, random.nextBoolean() ? current : stale);
    }
  }

  private static void apply(List<WriteOperation> operations, List<WriteResult> results, Map<String, Stored> model,
      Map<String, List<String>> oldEtags) {
    for (int i = 0; i < operations.size(); i++) {
      WriteOperation operation = operations.get(i);
      String rowKey = operation.row().rowKey();
      Stored before = model.get(rowKey);
      if (before != null) {
        oldEtags.computeIfAbsent(rowKey, k -> new ArrayList<>()).add(before.etag());
      }
      if (operation.kind() == WriteOperation.Kind.DELETE) {
        model.remove(rowKey);
        continue;
      }
      Map<String, Object> properties = new LinkedHashMap<>();
      if (operation.merges() && before != null) {
        properties.putAll(before.properties());
      }
      properties.putAll(operation.row().properties());
      assertThat(results.get(i).etag()).as("the ETag of " + operation).isNotNull();
      model.put(rowKey, new Stored(properties, results.get(i).etag()));
    }
  }

  private void assertStoreHolds(Map<String, Stored> model, String what) {
    Map<String, TableRow> stored = new TreeMap<>();
    for (TableRow row : clean.query(TableQuery.builder(table).build()).rows()) {
      stored.put(row.rowKey(), row);
    }
    assertThat(stored.keySet()).as("rows after " + what).isEqualTo(model.keySet());
    for (Map.Entry<String, Stored> expected : model.entrySet()) {
      TableRow row = stored.get(expected.getKey());
      assertThat(PropertyValues.equal(row.properties(), expected.getValue().properties()))
          .as("properties of " + expected.getKey() + " after " + what + ": " + row.properties() + " vs "
              + expected.getValue().properties())
          .isTrue();
      assertThat(row.etag()).as("ETag of " + expected.getKey() + " after " + what)
          .isEqualTo(expected.getValue().etag());
    }
  }

  @ParameterizedTest
  @EnumSource(Path.class)
  void anInsertWhoseAnswerWasLostIsReportedDoneAndAnInsertOfAnExistingRowStillRefused(Path path) {
    Faults faults = new Faults(7, 0, 0);
    AzureTablesBackend backend = faulty(faults);
    TableRow row = TableRow.builder(PARTITION, "a").putString("s", "mine").build();

    faults.storm(Faults.Fault.LOST_ANSWER_500);
    WriteResult result;
    try {
      result = path.write(backend, table, WriteOperation.insert(row));
    } finally {
      faults.calm();
    }

    assertThat(result.etag()).isEqualTo(clean.get(table, PARTITION, "a").orElseThrow().etag());
    assertThatThrownBy(() -> path.write(backend, table, WriteOperation.insert(row)))
        .isInstanceOf(EntityExistsException.class);
    clean.write(table, WriteOperation.delete(PARTITION, "a", "*"));
    assertThatThrownBy(() -> path.write(backend, table, WriteOperation.delete(PARTITION, "a", "*")))
        .isInstanceOf(EntityNotFoundException.class);
  }

  @ParameterizedTest
  @EnumSource(Path.class)
  void aWriteAppliedEveryTimeButWhoseConnectionsAllResetIsReportedDone(Path path) {
    Faults faults = new Faults(9, 0, 0);
    AzureTablesBackend backend = faulty(faults);
    TableRow row = TableRow.builder(PARTITION, "c").putString("s", "mine").build();

    faults.storm(Faults.Fault.RESET_AFTER);
    WriteResult result;
    try {
      result = path.write(backend, table, WriteOperation.insert(row));
    } finally {
      faults.calm();
    }

    assertThat(result.etag()).isEqualTo(clean.get(table, PARTITION, "c").orElseThrow().etag());
  }

  @ParameterizedTest
  @EnumSource(Path.class)
  void aWriteThatNeverReachedTheServiceIsReportedAsSuchAndWroteNothing(Path path) {
    Faults faults = new Faults(8, 0, 0);
    AzureTablesBackend backend = faulty(faults);

    faults.storm(Faults.Fault.TIMEOUT_BEFORE);
    try {
      assertThatThrownBy(() -> path.write(backend, table,
              WriteOperation.insert(TableRow.builder(PARTITION, "b").putString("s", "x").build())))
          .isExactlyInstanceOf(StoreUnavailableException.class)
          .hasMessageContaining("failed without an answer");
    } finally {
      faults.calm();
    }
    assertThat(clean.get(table, PARTITION, "b")).isEmpty();
  }

  @ParameterizedTest
  @EnumSource(Path.class)
  void writesAndBatchesWhoseFirstAttemptsWereAppliedButTheirAnswersLostAreReportedDone(Path path) {
    // every request's first attempt meets a fault, its retry none: applied-then-lost first attempts make each retry
    // meet its own effect, which must be recognised (the attempts counted through the pipeline on either path)
    Faults faults = new Faults(11, 1.0, 1);
    AzureTablesBackend backend = faulty(faults);
    for (int i = 0; i < 12; i++) {
      TableRow row = TableRow.builder(PARTITION, "i" + i).putInt32("n", i).build();
      WriteResult result = path.write(backend, table, WriteOperation.insert(row));
      assertThat(result.etag()).isEqualTo(clean.get(table, PARTITION, "i" + i).orElseThrow().etag());
    }
    for (int i = 0; i < 6; i++) {
      List<WriteResult> results = path.batch(backend, table, List.of(
          WriteOperation.insert(TableRow.builder(PARTITION, "b" + i).putInt32("n", i).build()),
          WriteOperation.delete(PARTITION, "i" + i, "*")));
      assertThat(results.get(0).etag()).isEqualTo(clean.get(table, PARTITION, "b" + i).orElseThrow().etag());
      assertThat(clean.get(table, PARTITION, "i" + i)).isEmpty();
    }
    assertThat(faults.ambiguous()).as("first attempts applied with their answers lost").isGreaterThan(3);
  }
}
