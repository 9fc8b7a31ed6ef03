package io.tablemapper.backend.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.BatchException;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A randomized model-based test: a seeded random sequence of writes (with current, stale and wildcard ETags),
 * batches (some of them failing on purpose), point reads and paged queries, each checked against
 * {@link ModelStore}, and the whole table compared with the model every {@value #FULL_CHECK_EVERY} steps and at the
 * end. The model keeps the ETag and Timestamp each operation's result reported for its row, so every read must
 * show exactly those. A failure names the seed, the step and every step since the table last matched the model;
 * the same seed replays the same sequence.
 */
abstract class ModelBasedTests extends ConformanceGroup {
  private static final int STEPS = 300;
  /** Steps between comparisons of the whole table; reads and queries in between check what they touch. */
  private static final int FULL_CHECK_EVERY = 25;

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 42, 20240131})
  void a_random_sequence_of_operations_behaves_like_the_sorted_map_model(long seed) {
    new Run(seed).execute();
  }

  /** One seeded run. */
  private final class Run {
    private final long seed;
    private final Random random;
    private final RandomRows rows;
    private final ModelStore model = new ModelStore();
    /** Every ETag the backend assigned to each row, for stale If-Match values. */
    private final Map<ModelStore.Key, List<String>> etagHistory = new HashMap<>();
    /** The steps since the whole table last matched the model. */
    private final Deque<String> history = new ArrayDeque<>();
    /** What the running step does, recorded before its checks run so that a failure names it. */
    private String description;

    Run(long seed) {
      this.seed = seed;
      this.random = new Random(seed);
      this.rows = new RandomRows(random);
    }

    void execute() {
      for (int step = 1; step <= STEPS; step++) {
        description = "?";
        boolean fullCheck = step % FULL_CHECK_EVERY == 0 || step == STEPS;
        try {
          step();
          if (fullCheck) {
            description += ", then compare the whole table";
            assertThat(store().all()).withRepresentation(TckStore.WITH_SYSTEM_PROPERTIES).as("whole table")
                .containsExactlyElementsOf(model.all());
          }
        } catch (AssertionError | RuntimeException e) {
          throw new AssertionError(
              "model-based test failed with seed " + seed + " at step " + step + " (" + description + ")"
                  + "\nsteps since the table last matched the model:\n  " + String.join("\n  ", history) + "\n"
                  + e.getMessage(),
              e);
        }
        if (fullCheck) {
          history.clear();
        } else {
          history.addLast(step + ": " + description);
        }
      }
    }

    /** Runs one random step and checks its outcome, having first recorded what it does in {@link #description}. */
    private void step() {
      int kind = random.nextInt(100);
      if (kind < 50) {
        WriteOperation operation = kind < 45 ? operation(rows.partitionKey(), rows.rowKey()) : invalid();
        description = "write " + operation + " " + operation.row();
        checkWrite(operation);
      } else if (kind < 65) {
        List<WriteOperation> operations = batch();
        description = "batch " + operations;
        checkBatch(operations);
      } else if (kind < 75) {
        String partitionKey = rows.partitionKey();
        String rowKey = rows.rowKey();
        description = "get " + TckStore.key(partitionKey, rowKey);
        assertThat(store().find(partitionKey, rowKey)).withRepresentation(TckStore.WITH_SYSTEM_PROPERTIES).as("get")
            .isEqualTo(model.get(partitionKey, rowKey));
      } else {
        TableQuery query = rows.query(table());
        description = "query " + query;
        assertThat(store().queryAll(query)).withRepresentation(TckStore.WITH_SYSTEM_PROPERTIES)
            .as("rows of %s", query).containsExactlyElementsOf(model.query(query));
      }
    }

    private void checkWrite(WriteOperation operation) {
      ModelStore.Failure expected = model.expectWrite(operation);
      WriteResult result;
      try {
        result = store().write(operation);
      } catch (RuntimeException e) {
        assertThat(expected).as("a write that should succeed threw %s", e).isNotNull();
        assertThat(e).as("exception of the write").isInstanceOf(expected.cause());
        return;
      }
      assertThat(expected).as("the write should have failed").isNull();
      checkResult(operation, result);
      model.apply(operation, result);
    }

    private void checkBatch(List<WriteOperation> operations) {
      ModelStore.Failure expected = model.expectBatch(operations);
      List<WriteResult> results;
      try {
        results = store().batch(operations);
      } catch (BatchException e) {
        assertThat(expected).as("a batch that should succeed threw %s", e).isNotNull();
        assertThat(e.reason()).as("reason of %s, expected %s", e, expected).isEqualTo(expected.reason());
        assertThat(e.failedIndex()).as("failed index of %s, expected %s", e, expected).isEqualTo(expected.index());
        if (expected.cause() != null) {
          assertThat(e.getCause()).as("cause of %s", e).isInstanceOf(expected.cause());
        }
        return;
      }
      assertThat(expected).as("the batch should have failed").isNull();
      assertThat(results).hasSize(operations.size());
      // Each row's own result is what later reads must show; rows of one batch may or may not share an ETag.
      for (int i = 0; i < operations.size(); i++) {
        checkResult(operations.get(i), results.get(i));
      }
      for (int i = 0; i < operations.size(); i++) {
        model.apply(operations.get(i), results.get(i));
      }
    }

    private void checkResult(WriteOperation operation, WriteResult result) {
      ModelStore.Key key = ModelStore.Key.of(operation.row());
      if (operation.kind() == WriteOperation.Kind.DELETE) {
        assertThat(result.etag()).as("ETag of a delete").isNull();
        return;
      }
      assertThat(result.etag()).as("ETag of %s", operation).isNotEmpty();
      assertThat(result.timestamp()).as("Timestamp of %s", operation).isNotNull();
      List<String> etags = etagHistory.computeIfAbsent(key, k -> new ArrayList<>());
      assertThat(etags).as("earlier ETags of %s", key).doesNotContain(result.etag());
      etags.add(result.etag());
    }

    private WriteOperation operation(String partitionKey, String rowKey) {
      TableRow row = rows.row(partitionKey, rowKey);
      switch (random.nextInt(6)) {
        case 0:
          return WriteOperation.insert(row);
        case 1:
          return WriteOperation.replace(row, ifMatch(partitionKey, rowKey));
        case 2:
          return WriteOperation.merge(row, ifMatch(partitionKey, rowKey));
        case 3:
          return WriteOperation.upsertReplace(row);
        case 4:
          return WriteOperation.upsertMerge(row);
        default:
          return WriteOperation.delete(partitionKey, rowKey, ifMatch(partitionKey, rowKey));
      }
    }

    /** The current ETag, a stale one (of this row or another), {@code "*"} or null. */
    private String ifMatch(String partitionKey, String rowKey) {
      int choice = random.nextInt(10);
      Optional<TableRow> stored = model.get(partitionKey, rowKey);
      if (choice < 3 && stored.isPresent()) {
        return stored.get().etag();
      } else if (choice < 6) {
        List<String> own = etagHistory.get(new ModelStore.Key(partitionKey, rowKey));
        if (own != null && !own.isEmpty()) {
          return rows.pick(own);
        }
        for (List<String> other : etagHistory.values()) {
          if (!other.isEmpty()) {
            return rows.pick(other);
          }
        }
      }
      return choice < 8 ? "*" : null;
    }

    private WriteOperation invalid() {
      TableRow row = rows.invalidRow(rows.partitionKey());
      return random.nextBoolean() ? WriteOperation.insert(row) : WriteOperation.upsertMerge(row);
    }

    /** A batch on one partition; one in five breaks a rule or holds an invalid row on purpose. */
    private List<WriteOperation> batch() {
      String partitionKey = rows.partitionKey();
      List<String> rowKeys = new ArrayList<>(RandomRows.ROW_KEYS);
      Collections.shuffle(rowKeys, random);
      int size = 1 + random.nextInt(6);
      List<WriteOperation> operations = new ArrayList<>();
      for (int i = 0; i < size; i++) {
        operations.add(operation(partitionKey, rowKeys.get(i)));
      }
      if (random.nextInt(5) == 0) {
        int at = random.nextInt(size);
        switch (random.nextInt(4)) {
          case 0:
            operations.set(at, WriteOperation.insert(rows.invalidRow(partitionKey)));
            break;
          case 1:
            if (size > 1) {
              int earlier = random.nextInt(size - 1);
              TableRow duplicate = operations.get(earlier).row();
              operations.add(WriteOperation.upsertReplace(rows.row(duplicate.partitionKey(), duplicate.rowKey())));
            }
            break;
          case 2:
            String other = partitionKey.equals("b") ? "a" : "b";
            operations.add(WriteOperation.upsertMerge(rows.row(other, rowKeys.get(size))));
            break;
          default:
            return List.of();
        }
      }
      return operations;
    }
  }
}
