package io.tablemapper.backend.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Every history of concurrent reads and writes (conditional on ETags or not) on a few rows is linearizable: there
 * is one order of the operations, each placed between its call and its return, in which every operation did what a
 * single row of the store does — a read sees the last write with its ETag, an insert of a present row is refused, a
 * write conditional on an ETag wins only over the row that ETag names, and exactly one of several writes
 * conditional on one ETag wins. The checker is Wing and Gong's search with memoized states, per row (linearizability
 * is local, so rows are checked apart).
 */
abstract class LinearizabilityTests extends ConformanceGroup {
  private static final int THREADS = 4;
  private static final int OPERATIONS_PER_THREAD = 30;
  private static final int ROWS = 2;

  /** What an operation does. */
  enum Kind { READ, INSERT, REPLACE, MERGE, UPSERT, DELETE }

  /** What an operation returned. */
  enum Outcome { OK, ABSENT, EXISTS, CONFLICT, NOT_FOUND }

  /**
   * One operation of a history: its call and return times, what it did and what it returned ({@code etag} and
   * {@code value}: of the row read, or of the row written).
   */
  record Operation(int row, Kind kind, int value, String ifMatch, long called, long returned, Outcome outcome,
      String etag, int readValue) {}

  /** A row as a single register holds it: absent, or a value and its ETag. */
  private record State(boolean present, int value, String etag) {
    static final State ABSENT = new State(false, 0, null);
  }

  @Test
  void concurrent_reads_and_conditional_writes_on_a_few_rows_are_linearizable() throws Exception {
    for (long seed = 1; seed <= 2; seed++) {
      List<Operation> history = run(seed);
      for (int row = 0; row < ROWS; row++) {
        List<Operation> ofRow = new ArrayList<>();
        for (Operation operation : history) {
          if (operation.row() == row) {
            ofRow.add(operation);
          }
        }
        assertThat(linearizable(ofRow)).as("history of row r%d, seed %d: %s", row, seed, ofRow).isTrue();
      }
      assertThat(history.stream().filter(o -> o.outcome() == Outcome.CONFLICT).count())
          .as("writes that lost an ETag race, seed %d", seed).isPositive();
    }
  }

  @Test
  void the_checker_refuses_histories_that_no_order_explains() {
    // two inserts of one row, both acknowledged: no order lets the second succeed
    assertThat(linearizable(List.of(
        new Operation(0, Kind.INSERT, 1, null, 0, 10, Outcome.OK, "e1", 0),
        new Operation(0, Kind.INSERT, 2, null, 5, 15, Outcome.OK, "e2", 0)))).isFalse();
    // a read that starts after a write returned sees it, not the value before
    assertThat(linearizable(List.of(
        new Operation(0, Kind.UPSERT, 1, null, 0, 10, Outcome.OK, "e1", 0),
        new Operation(0, Kind.UPSERT, 2, null, 20, 30, Outcome.OK, "e2", 0),
        new Operation(0, Kind.READ, 0, null, 40, 50, Outcome.OK, "e1", 1)))).isFalse();
    // two replaces conditional on one ETag may not both win
    assertThat(linearizable(List.of(
        new Operation(0, Kind.INSERT, 1, null, 0, 10, Outcome.OK, "e1", 0),
        new Operation(0, Kind.REPLACE, 2, "e1", 20, 40, Outcome.OK, "e2", 0),
        new Operation(0, Kind.REPLACE, 3, "e1", 25, 45, Outcome.OK, "e3", 0)))).isFalse();
    // overlapping operations may take effect in either order
    assertThat(linearizable(List.of(
        new Operation(0, Kind.INSERT, 1, null, 0, 10, Outcome.OK, "e1", 0),
        new Operation(0, Kind.READ, 0, null, 20, 40, Outcome.OK, "e2", 2),
        new Operation(0, Kind.REPLACE, 2, "e1", 25, 45, Outcome.OK, "e2", 0),
        new Operation(0, Kind.DELETE, 0, "e1", 22, 50, Outcome.CONFLICT, null, 0)))).isTrue();
  }

  /** Runs the threads' random operations together and returns what each did, with its call and return times. */
  private List<Operation> run(long seed) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<List<Operation>>> threads = new ArrayList<>();
      // the ETags any thread met, per row: writes take one of the latest, current or not, so ETag races happen
      List<List<String>> seen = new ArrayList<>();
      for (int row = 0; row < ROWS; row++) {
        seen.add(new ArrayList<>());
      }
      for (int t = 0; t < THREADS; t++) {
        Random random = new Random(seed * 1000 + t);
        int thread = t;
        threads.add(pool.submit(() -> {
          start.await();
          List<Operation> done = new ArrayList<>();
          for (int i = 0; i < OPERATIONS_PER_THREAD; i++) {
            int row = random.nextInt(ROWS);
            Kind kind = Kind.values()[random.nextInt(Kind.values().length)];
            int value = thread * 1000 + i + 1;
            String ifMatch = null;
            if (kind == Kind.REPLACE || kind == Kind.MERGE || kind == Kind.DELETE) {
              synchronized (seen) {
                List<String> etags = seen.get(row);
                ifMatch = etags.isEmpty() || random.nextInt(5) == 0 ? "*"
                    : etags.get(Math.max(0, etags.size() - 1 - random.nextInt(3)));
              }
            }
            Operation operation = perform(seed, row, kind, value, ifMatch);
            if (operation.etag() != null) {
              synchronized (seen) {
                seen.get(row).add(operation.etag());
              }
            }
            done.add(operation);
          }
          return done;
        }));
      }
      start.countDown();
      List<Operation> history = new ArrayList<>();
      for (Future<List<Operation>> thread : threads) {
        history.addAll(thread.get(2, TimeUnit.MINUTES));
      }
      return history;
    } finally {
      pool.shutdownNow();
    }
  }

  /** Performs one operation on a row of this seed's own (absent before its first operation). */
  private Operation perform(long seed, int row, Kind kind, int value, String ifMatch) {
    String rowKey = "s" + seed + "r" + row;
    TableRow written = TckStore.row("p", rowKey).putInt32("v", value).build();
    long called = System.nanoTime();
    Outcome outcome = Outcome.OK;
    String etag = null;
    int readValue = 0;
    try {
      switch (kind) {
        case READ -> {
          Optional<TableRow> read = store().find("p", rowKey);
          if (read.isPresent()) {
            etag = read.get().etag();
            readValue = read.get().getInt32("v");
          } else {
            outcome = Outcome.ABSENT;
          }
        }
        case INSERT -> etag = store().write(WriteOperation.insert(written)).etag();
        case REPLACE -> etag = store().write(WriteOperation.replace(written, ifMatch)).etag();
        case MERGE -> etag = store().write(WriteOperation.merge(written, ifMatch)).etag();
        case UPSERT -> etag = store().write(WriteOperation.upsertReplace(written)).etag();
        case DELETE -> store().write(WriteOperation.delete("p", rowKey, ifMatch));
        default -> throw new AssertionError(kind);
      }
    } catch (EntityExistsException e) {
      outcome = Outcome.EXISTS;
    } catch (ConcurrencyConflictException e) {
      outcome = Outcome.CONFLICT;
    } catch (EntityNotFoundException e) {
      outcome = Outcome.NOT_FOUND;
    }
    return new Operation(row, kind, value, ifMatch, called, System.nanoTime(), outcome, etag, readValue);
  }

  /** Whether some order of the operations, each between its call and its return, explains every outcome. */
  static boolean linearizable(List<Operation> history) {
    return search(history, new BitSet(history.size()), State.ABSENT, new HashSet<>());
  }

  private static boolean search(List<Operation> history, BitSet done, State state, Set<String> failed) {
    if (done.cardinality() == history.size()) {
      return true;
    }
    String memo = done + "|" + state;
    if (failed.contains(memo)) {
      return false;
    }
    // An operation may come next only if no other pending operation returned before it was called.
    long firstReturn = Long.MAX_VALUE;
    for (int i = done.nextClearBit(0); i < history.size(); i = done.nextClearBit(i + 1)) {
      firstReturn = Math.min(firstReturn, history.get(i).returned());
    }
    for (int i = done.nextClearBit(0); i < history.size(); i = done.nextClearBit(i + 1)) {
      Operation operation = history.get(i);
      if (operation.called() > firstReturn) {
        continue;
      }
      State next = apply(state, operation);
      if (next != null) {
        done.set(i);
        boolean found = search(history, done, next, failed);
        done.clear(i);
        if (found) {
          return true;
        }
      }
    }
    failed.add(memo);
    return false;
  }

  /** The state after the operation, or null when a single row in {@code state} could not have answered so. */
  private static State apply(State state, Operation operation) {
    boolean matches = operation.ifMatch() == null || operation.ifMatch().equals("*")
        || operation.ifMatch().equals(state.etag());
    Outcome expected;
    State next;
    switch (operation.kind()) {
      case READ:
        if (!state.present()) {
          return operation.outcome() == Outcome.ABSENT ? state : null;
        }
        return operation.outcome() == Outcome.OK && operation.readValue() == state.value()
            && Objects.equals(operation.etag(), state.etag()) ? state : null;
      case INSERT:
        expected = state.present() ? Outcome.EXISTS : Outcome.OK;
        next = new State(true, operation.value(), operation.etag());
        break;
      case REPLACE:
      case MERGE:
        expected = !state.present() ? Outcome.NOT_FOUND : !matches ? Outcome.CONFLICT : Outcome.OK;
        next = new State(true, operation.value(), operation.etag());
        break;
      case UPSERT:
        expected = Outcome.OK;
        next = new State(true, operation.value(), operation.etag());
        break;
      case DELETE:
        expected = !state.present() ? Outcome.NOT_FOUND : !matches ? Outcome.CONFLICT : Outcome.OK;
        next = State.ABSENT;
        break;
      default:
        throw new AssertionError(operation.kind());
    }
    if (operation.outcome() != expected) {
      return null;
    }
    if (expected != Outcome.OK) {
      return state;
    }
    return next.present() && Objects.equals(next.etag(), state.etag()) ? null : next; // a new version, a new ETag
  }
}
