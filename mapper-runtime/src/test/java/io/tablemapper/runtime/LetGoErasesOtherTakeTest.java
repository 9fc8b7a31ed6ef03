package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.TableMapper;
import io.tablemapper.runtime.rows.PendingRows;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import io.tablemapper.tck.fixtures.Holder;
import io.tablemapper.tck.fixtures.HolderRepository;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A run that gives its hold up clears only its own take: C took R and ran long; D took R after C's take expired and
 * is between its two list writes; C's next write finds R held by D ({@code Deferred}), and C's run fails. Its let-go
 * leaves D's take as it is, so no third run E deletes R while D's second write is on its way; that write lands and D
 * dies, and once D's take has expired the next run brings the list in step.
 */
class LetGoErasesOtherTakeTest {
  private static final String ENTITY_ROW = "h_0001";
  private static final Duration GRACE = Duration.ofMillis(800);

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aRunGivingUpItsHoldDoesNotClearAnotherRunsTake(Stores stores) throws Exception {
    try (TableBackend store = stores.newStore();
        TableMapper writer = ManualCompletion.builder(DyingBackend.unclosed(store)).pendingGrace(GRACE).build()) {
      HolderRepository holders = writer.repository(HolderRepository.class);
      holders.insert(new Holder("g0", 1, "n", null, null, null, null, "red", 0, null));
      // W0 moves it to blue and dies after its transaction: R (byColor: previous red, blue; written blue)
      DyingBackend.writeThenDie(store, dying -> dying.repository(HolderRepository.class).update(
          new Holder("g0", 1, "n", null, null, null, null, "blue", 1, null)));

      CountDownLatch dTook = new CountDownLatch(1);
      CountDownLatch goD = new CountDownLatch(1);
      String[] hidden = {null};
      Throwable[] dFailed = {null};
      Run d = new Run(store, 4, null, () -> {
        dTook.countDown();
        await(goD);
      }, hidden);
      Thread dThread = new Thread(() -> {
        try (TableMapper completer = ManualCompletion.builder(d).pendingGrace(GRACE).build()) {
          completer.completePending();
        } catch (RuntimeException died) {
          dFailed[0] = died;
        }
      });
      Run c = new Run(store, 5, () -> {
        sleep(GRACE.toMillis() + 100); // C's take expires
        // W1 (live) moves it back to red; W2 moves it to blue and dies after its transaction (R2, hidden from D)
        holders.update(new Holder("g0", 1, "n", null, null, null, null, "red", 2, null));
        Set<String> before = entries(store);
        DyingBackend.writeThenDie(store, dying -> dying.repository(HolderRepository.class).update(
            new Holder("g0", 1, "n", null, null, null, null, "blue", 3, null)));
        Set<String> after = entries(store);
        after.removeAll(before);
        hidden[0] = after.iterator().next();
        dThread.start();
        await(dTook); // D took R, removed red, and is about to add blue
      }, null, null);
      try (TableMapper completer = ManualCompletion.builder(c).pendingGrace(GRACE).build()) {
        completer.completePending();
      } catch (RuntimeException failed) {
        // C's run was deferred and let go; its process died right after
      }
      assertThat(c.refused).as("C's take after D's was refused, and C re-read R").isTrue();
      String holderAfterLetGo = holderOfR(store);
      // the holder is deleted (its own run: nothing listed under blue yet); E runs what is recorded
      holders.delete(holders.findByGroupAndHolderId("g0", 1).orElseThrow());
      writer.completePending();
      boolean rDeletedWhileDHeldIt = records(store).isEmpty();
      goD.countDown();
      dThread.join(TimeUnit.SECONDS.toMillis(30));

      sleep(GRACE.toMillis() + 100);
      while (writer.completePending() > 0) {
        // until nothing is left
      }
      assertThat(holders.findByGroupAndHolderId("g0", 1)).isEmpty();
      assertThat(RawRows.partition(store, "HolderColors", "blue"))
          .as("the deleted holder's blue list (C let go: %s; R's holder then: '%s'; R deleted by E while D held it: %s;"
              + " D's second list write landed and D died: %s)", c.letGo, holderAfterLetGo, rDeletedWhileDHeldIt,
              d.dead)
          .isEmpty();
    }
  }

  private static String holderOfR(TableBackend store) {
    return RawRows.partition(store, "Holders", "g0").stream()
        .filter(row -> row.rowKey().startsWith(PendingRows.WORK_ROW_PREFIX))
        .map(row -> String.valueOf(row.get(PendingRows.HOLDER))).collect(Collectors.joining(","));
  }

  private static Set<String> entries(TableBackend store) {
    return RawRows.all(store, PendingRows.REGISTRY_TABLE).stream().map(TableRow::rowKey)
        .collect(Collectors.toSet());
  }

  private static List<String> records(TableBackend store) {
    return RawRows.partition(store, "Holders", "g0").stream()
        .filter(row -> row.rowKey().startsWith(PendingRows.WORK_ROW_PREFIX))
        .filter(row -> PendingRows.state(row) == PendingRows.State.PENDING)
        .map(TableRow::rowKey)
        .toList();
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void await(CountDownLatch latch) {
    try {
      assertThat(latch.await(30, TimeUnit.SECONDS)).isTrue();
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * A completer's process. C: {@code stall} before its {@code reads}th+1 read of the entity; dies right after it
   * lets its hold go (a merge of an empty holder). D: {@code between} right after its first list write; dies right
   * after its second; the registry entry {@code hidden[0]} is not shown to it.
   */
  private static final class Run extends MortalBackend {
    private final Runnable stall;
    private final Runnable between;
    private final String[] hidden;
    private int reads;
    private int listWrites;
    volatile boolean letGo;
    volatile boolean refused;
    private boolean doomed;
    private volatile boolean stalled;

    Run(TableBackend store, int reads, Runnable stall, Runnable between, String[] hidden) {
      super(store);
      this.reads = reads;
      this.stall = stall;
      this.between = between;
      this.hidden = hidden;
    }

    /** C after its refused take and re-read: dies before any request but the letting go of its hold. */
    private void doom() {
      alive();
      if (doomed) {
        dead = true;
        alive();
      }
    }

    @Override
    public Optional<TableRow> get(String table, String partitionKey, String rowKey) {
      doom();
      if (refused && rowKey.startsWith(PendingRows.WORK_ROW_PREFIX)) {
        doomed = true; // C re-read R after its take was refused: whatever it sends next is its last request
        return delegate.get(table, partitionKey, rowKey);
      }
      if (stall != null && table.equals("Holders") && rowKey.equals(ENTITY_ROW) && reads-- == 0) {
        stall.run();
        stalled = true;
      }
      return delegate.get(table, partitionKey, rowKey);
    }

    @Override
    public QueryResult query(TableQuery query) {
      doom();
      QueryResult result = delegate.query(query);
      if (hidden == null || hidden[0] == null || !query.table().equals(PendingRows.REGISTRY_TABLE)) {
        return result;
      }
      return new QueryResult(result.rows().stream().filter(row -> !row.rowKey().equals(hidden[0])).toList(),
          result.continuation());
    }

    @Override
    public WriteResult write(String table, WriteOperation operation) {
      alive();
      boolean giveUp = isTake(table, operation) && givesUp(operation);
      if (!giveUp) {
        doom();
      }
      WriteResult result;
      try {
        result = delegate.write(table, operation);
      } catch (io.tablemapper.api.ConcurrencyConflictException conflict) {
        if (stall != null && stalled && isTake(table, operation)) {
          refused = true;
        }
        throw conflict;
      }
      after(table, operation);
      return result;
    }

    @Override
    public List<WriteResult> batch(String table, List<WriteOperation> operations) {
      doom();
      List<WriteResult> results = delegate.batch(table, operations);
      after(table, null);
      return results;
    }

    private void after(String table, WriteOperation operation) {
      if (stall != null && operation != null && isTake(table, operation) && givesUp(operation)) {
        letGo = true;
        dead = true;
      }
      if (between != null && table.equals("HolderColors")) {
        listWrites++;
        if (listWrites == 1) {
          between.run();
        } else if (listWrites == 2) {
          dead = true;
        }
      }
    }

    /** A merge that clears the holder: {@code letGo} (which writes {@link PendingRows#NO_HOLDER}; "" before it). */
    private static boolean givesUp(WriteOperation operation) {
      Object holder = operation.row().get(PendingRows.HOLDER);
      return "".equals(holder) || PendingRows.NO_HOLDER.equals(holder);
    }

    private static boolean isTake(String table, WriteOperation operation) {
      return table.equals("Holders") && operation.kind() == WriteOperation.Kind.MERGE
          && operation.row().rowKey().startsWith(PendingRows.WORK_ROW_PREFIX)
          && operation.row().get(PendingRows.HOLDER) != null;
    }

    @Override
    public boolean createTableIfNotExists(String table) {
      doom();
      return delegate.createTableIfNotExists(table);
    }
  }
}
