package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import io.tablemapper.tck.fixtures.Holder;
import io.tablemapper.tck.fixtures.HolderRepository;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.runtime.rows.PendingRows;
import io.tablemapper.tck.support.Stores;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A take is a lease without a fence: run C takes the record and sends its (stale) list write while its take is
 * fresh, and the write lands later than the grace period. Meanwhile run D finds the take expired, runs the record
 * (entity gone, no entry: nothing to do) and deletes it. C's write lands; C, answered a grace period after its take,
 * takes the record again, finds it gone, and records the step again (registry entry, then record) before it sends
 * anything else; then it runs that record. Whether C lives, or dies right after the new entry or the new record, the
 * stale entry is not left for good: C's own run of the new record, or the next process, removes it.
 */
class LateWriteAfterTakeTest {
  private static final String ENTITY_ROW = "h_0001";
  private static final Duration GRACE = Duration.ofMillis(400);

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aListWriteAnsweredAfterTheGracePeriodIsNotLeftForGood(Stores stores) throws InterruptedException {
    run(stores, Integer.MAX_VALUE, false);
  }

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aRunThatDiesRightAfterRecordingItsStepAgainLeavesItToTheNextProcess(Stores stores)
      throws InterruptedException {
    run(stores, 3, true); // the take under the old ETag (refused), the registry entry, the new record
  }

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aRunThatDiesBetweenTheNewEntryAndTheNewRecordLeavesTheEntrysCleanUp(Stores stores)
      throws InterruptedException {
    run(stores, 2, false); // the take under the old ETag (refused), the registry entry
  }

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aReTakeThatFindsTheStoreUnreachableOnceStillRecordsTheStepAgain(Stores stores) throws InterruptedException {
    run(stores, Integer.MAX_VALUE, false, 1); // the re-take after the late answer gets no answer
  }

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aReTakeAndTheNewEntryThatFindTheStoreUnreachableStillLeaveTheStepNamed(Stores stores)
      throws InterruptedException {
    run(stores, Integer.MAX_VALUE, false, 2); // the re-take, then the new registry entry, get no answer
  }

  /**
   * The store does not answer C for 200 ms after its late write (a blip, each request refused at once, as a refused
   * connection is): recording the step again backs off between its attempts long enough to outlast the blip, so the
   * step is named again.
   */
  @ParameterizedTest
  @EnumSource(Stores.class)
  void aStoreThatDoesNotAnswerForAFewHundredMillisecondsStillLeavesTheStepNamed(Stores stores)
      throws InterruptedException {
    run(stores, Integer.MAX_VALUE, false, 0, Duration.ofMillis(200));
  }

  private static void run(Stores stores, int writesAfter, boolean recordedAgain) throws InterruptedException {
    run(stores, writesAfter, recordedAgain, 0);
  }

  private static void run(Stores stores, int writesAfter, boolean recordedAgain, int unreachable)
      throws InterruptedException {
    run(stores, writesAfter, recordedAgain, unreachable, Duration.ZERO);
  }

  /**
   * C's late write, then {@code writesAfter} more writes before its process dies; {@code recordedAgain}: whether the
   * partition then holds the new record; {@code unreachable}: how many writes right after the late one find the
   * store unreachable (C lives).
   */
  private static void run(Stores stores, int writesAfter, boolean recordedAgain, int unreachable, Duration outage)
      throws InterruptedException {
    try (TableBackend store = stores.newStore();
        TableMapper writer = ManualCompletion.builder(DyingBackend.unclosed(store)).pendingGrace(GRACE).build()) {
      HolderRepository holders = writer.repository(HolderRepository.class);
      holders.insert(new Holder("g0", 1, "n", null, null, null, null, "red", 0, null));
      DyingBackend.writeThenDie(store, dying -> dying.repository(HolderRepository.class).update(
          new Holder("g0", 1, "n", null, null, null, null, "red", 1, null)));
      String first = DyingBackend.pendingRecords(store, "Holders", "g0").get(0);

      boolean[] otherFinished = {false};
      Late c = new Late(store, 4, writesAfter, unreachable, outage.toNanos(),
          () -> holders.delete(holders.findByGroupAndHolderId("g0", 1).orElseThrow()),
          () -> {
            try {
              Thread.sleep(GRACE.toMillis() + 200); // C's list write is on its way, and lands late
            } catch (InterruptedException e) {
              throw new IllegalStateException(e);
            }
            writer.completePending(); // D: the take expired
            otherFinished[0] = DyingBackend.pendingRecords(store, "Holders", "g0").isEmpty();
          });
      try (TableMapper completer = ManualCompletion.builder(c).pendingGrace(GRACE).build()) {
        completer.completePending();
      } catch (RuntimeException failed) {
        // what matters is what the store holds
      }
      assertThat(otherFinished[0]).as("D finished and deleted the record while C's write was on its way").isTrue();
      assertThat(c.lateWrite).as("C's stale list write landed").isTrue();
      assertThat(c.unreachable).as("C's writes after it that found the store unreachable: all of them").isZero();
      String blip = "C's writes refused in the blip after its late write: " + c.refusedInOutage;
      if (writesAfter < Integer.MAX_VALUE) {
        assertThat(c.dead).as("C died where the test says").isTrue();
        assertThat(DyingBackend.pendingRecords(store, "Holders", "g0")).as("the work records C left")
            .hasSize(recordedAgain ? 1 : 0).doesNotContain(first);
        assertThat(RawRows.partition(store, "HolderColors", "red")).as("the stale entry, until the next process")
            .isNotEmpty();
      }
      Thread.sleep(GRACE.toMillis() + 100); // the new entry's grace period, for one left without its record
      while (writer.completePending() > 0) {
        // until nothing is left
      }
      assertThat(holders.findByGroupAndHolderId("g0", 1)).isEmpty();
      assertThat(RawRows.partition(store, "HolderColors", "red")).as("the deleted holder's list rows (" + blip + ")")
          .isEmpty();
      assertThat(DyingBackend.pendingRecords(store, "Holders", "g0")).as("the work records left").isEmpty();
      assertThat(RawRows.all(store, PendingRows.REGISTRY_TABLE)).as("the registry entries left").isEmpty();
    }
  }


  /**
   * C: runs {@code delete} after its round's read of the entity, {@code late} before its next list write lands, and
   * dies after {@code writesAfter} more writes.
   */
  private static final class Late extends MortalBackend {
    private final Runnable delete;
    private final Runnable late;
    private int writesAfter;
    volatile int unreachable;
    private final long outage;
    private volatile long lateAt;
    volatile int refusedInOutage;
    private volatile boolean delayed;
    volatile boolean lateWrite;

    Late(TableBackend store, int reads, int writesAfter, int unreachable, long outage, Runnable delete,
        Runnable late) {
      super(store);
      this.outage = outage;
      this.unreachable = unreachable;
      actAfterRead("Holders", ENTITY_ROW, reads, delete);
      this.writesAfter = writesAfter;
      this.delete = delete;
      this.late = late;
    }

    /** Before a write: delays the first list write after the delete; counts the writes after it. */
    private synchronized boolean before(String table) {
      alive();
      if (acted && !delayed && table.equals("HolderColors")) {
        delayed = true;
        late.run();
        return true;
      }
      if (lateWrite && System.nanoTime() - lateAt < outage) {
        refusedInOutage++;
        throw new io.tablemapper.api.StoreUnavailableException("the store could not be reached (a blip)");
      }
      if (lateWrite && unreachable > 0) {
        unreachable--;
        throw new io.tablemapper.api.StoreUnavailableException("the store could not be reached (once)");
      }
      if (lateWrite && writesAfter-- == 0) {
        dead = true;
        alive();
      }
      return false;
    }

    @Override
    public WriteResult write(String table, WriteOperation operation) {
      boolean first = before(table);
      try {
        return delegate.write(table, operation);
      } finally {
        if (first) {
          lateAt = System.nanoTime();
          lateWrite = true;
        }
      }
    }

    @Override
    public List<WriteResult> batch(String table, List<WriteOperation> operations) {
      boolean first = before(table);
      try {
        return delegate.batch(table, operations);
      } finally {
        if (first) {
          lateAt = System.nanoTime();
          lateWrite = true;
        }
      }
    }
  }
}
