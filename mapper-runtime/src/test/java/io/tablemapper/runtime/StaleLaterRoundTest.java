package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import io.tablemapper.tck.fixtures.Holder;
import io.tablemapper.tck.fixtures.HolderRepository;
import io.tablemapper.tck.support.Stores;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A later round of a reconciliation is held as its first is: run C takes R (a dead writer's red -> blue), and round
 * 1 removes red and adds blue. The entity moves to green (a live writer), so C runs round 2, whose entity read (green)
 * is answered after the grace period. Meanwhile the entity moves back to blue (its own run lists it under blue) and D,
 * C's take expired, finishes R and deletes it. C's round 2 would remove the blue entry, computed from green; its take
 * is no longer fresh, taking R again finds it finished, and nothing is sent. Whether C then dies or fails once, the
 * entity stays listed under blue.
 */
class StaleLaterRoundTest {
  private static final String ENTITY_ROW = "h_0001";
  private static final Duration GRACE = Duration.ofMillis(400);

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aLaterRoundComputedFromAStaleReadIsNotSentAfterAnotherRunFinished(Stores stores) {
    run(stores, false); // C's process dies after its stale write
  }

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aLaterRoundsStaleWriteIsNotLeftWhenTheRunFailsOnceAfterIt(Stores stores) {
    run(stores, true); // C's round-3 read fails once
  }

  private static void run(Stores stores, boolean once) {
    try (TableBackend store = stores.newStore();
        TableMapper writer = ManualCompletion.builder(DyingBackend.unclosed(store)).pendingGrace(GRACE).build()) {
      HolderRepository holders = writer.repository(HolderRepository.class);
      holders.insert(new Holder("g0", 1, "n", null, null, null, null, "red", 0, null));
      DyingBackend.writeThenDie(store, dying -> dying.repository(HolderRepository.class).update(
          new Holder("g0", 1, "n", null, null, null, null, "blue", 1, null)));

      boolean[] otherFinished = {false};
      C c = new C(store, once,
          () -> holders.update(new Holder("g0", 1, "n", null, null, null, null, "green", 2, null)),
          () -> {
            sleep(GRACE.toMillis() + 200); // C's round-2 read is answered late (or C pauses)
            holders.update(new Holder("g0", 1, "n", null, null, null, null, "blue", 3, null));
            writer.completePending(); // D: C's take expired
            otherFinished[0] = holders.findByColor("blue").size() == 1;
          });
      try (TableMapper completer = ManualCompletion.builder(c).pendingGrace(GRACE).build()) {
        completer.completePending();
      } catch (RuntimeException died) {
        // C's process died, or its read failed once: what matters is what the store holds
      }
      assertThat(c.stage).as("the interleaving happened (3: C sent its stale blue write, then died)")
          .isGreaterThanOrEqualTo(2);
      assertThat(otherFinished[0]).as("D finished R, the holder listed under blue").isTrue();
      while (writer.completePending() > 0) {
        // until nothing is left
      }
      assertThat(holders.findByGroupAndHolderId("g0", 1).orElseThrow().color()).isEqualTo("blue");
      assertThat(holders.findByColor("blue")).as("the blue holder through its key list").hasSize(1);
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }

  /** C: stage 0 until its add under blue; 1: re-read; 2: round 2's read answered late; 3: dies after a blue write. */
  private static final class C extends MortalBackend {
    private final Runnable toGreen;
    private final Runnable late;
    volatile int stage;
    private int readsAfterGreen;

    /** Whether C fails only its next read after the stale write (store unreachable once), rather than dying. */
    private final boolean once;

    C(TableBackend store, boolean once, Runnable toGreen, Runnable late) {
      super(store);
      this.once = once;
      this.toGreen = toGreen;
      this.late = late;
    }

    @Override
    void alive() {
      if (dead) {
        if (once) {
          dead = false;
          throw new StoreUnavailableException("the store could not be reached (once)");
        }
        throw new DyingBackend.Died();
      }
    }

    @Override
    public Optional<TableRow> get(String table, String partitionKey, String rowKey) {
      alive();
      Optional<TableRow> answer = delegate.get(table, partitionKey, rowKey);
      if (stage == 1 && table.equals("Holders") && rowKey.equals(ENTITY_ROW) && ++readsAfterGreen == 2) {
        stage = 2;
        late.run();
      }
      return answer;
    }

    private void after(String table, TableRow row) {
      if (!table.equals("HolderColors") || !row.partitionKey().equals("blue")) {
        return;
      }
      if (stage == 0) {
        stage = 1;
        toGreen.run();
      } else if (stage == 2) {
        stage = 3;
        dead = true;
      }
    }

    @Override
    public WriteResult write(String table, WriteOperation operation) {
      alive();
      WriteResult result = delegate.write(table, operation);
      after(table, operation.row());
      return result;
    }

    @Override
    public List<WriteResult> batch(String table, List<WriteOperation> operations) {
      alive();
      List<WriteResult> result = delegate.batch(table, operations);
      after(table, operations.get(0).row());
      return result;
    }
  }
}
