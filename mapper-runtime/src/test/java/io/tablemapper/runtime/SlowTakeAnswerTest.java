package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.runtime.rows.PendingRows;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import io.tablemapper.tck.fixtures.Holder;
import io.tablemapper.tck.fixtures.HolderRepository;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every request lands within half the grace period of being sent, but the take's answer comes back late (or C
 * pauses after it): C's take lands at once and is answered 0.7 G later; C then sends its stale list write, which
 * lands within half the grace period of being sent. At 1.0 G after the first take, D looks at the record. A take
 * answered when it is already older than half the grace period is taken again before the write is sent, so D finds
 * the record held and leaves it; C dies right after the write lands, or meets the store unreachable once, and D (or
 * the next process) runs the record once C's take has expired, removing the stale entry.
 */
class SlowTakeAnswerTest {
  private static final String ENTITY_ROW = "h_0001";
  private static final Duration GRACE = Duration.ofMillis(1000);

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aWriteSentAfterASlowlyAnsweredTakeIsNotLeftForGood(Stores stores) throws InterruptedException {
    run(stores, true);
  }

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aWriteSentAfterASlowlyAnsweredTakeIsNotLeftWhenTheStoreIsUnreachableOnceAfterIt(Stores stores)
      throws InterruptedException {
    run(stores, false); // C lives: the re-take its late answer makes finds the store unreachable, once
  }

  private static void run(Stores stores, boolean dies) throws InterruptedException {
    try (TableBackend store = stores.newStore();
        TableMapper writer = ManualCompletion.builder(DyingBackend.unclosed(store)).pendingGrace(GRACE).build()) {
      HolderRepository holders = writer.repository(HolderRepository.class);
      holders.insert(new Holder("g0", 1, "n", null, null, null, null, "red", 0, null));
      DyingBackend.writeThenDie(store, dying -> dying.repository(HolderRepository.class).update(
          new Holder("g0", 1, "n", null, null, null, null, "red", 1, null)));

      Thread[] d = {null};
      SlowTake c = new SlowTake(store, 4, dies,
          () -> holders.delete(holders.findByGroupAndHolderId("g0", 1).orElseThrow()),
          () -> {
            // D, once C's first take is a grace period old: it runs the record if it finds that take expired, or
            // waits for the take C holds the record by (its list write still on its way, for at most G/8 more)
            d[0] = new Thread(() -> {
              try {
                writer.completePending();
              } catch (RuntimeException left) {
                // the next loop completes what D left
              }
            });
            d[0].start();
            try {
              d[0].join(GRACE.toMillis() / 8);
            } catch (InterruptedException e) {
              throw new IllegalStateException(e);
            }
          });
      try (TableMapper completer = ManualCompletion.builder(c).pendingGrace(GRACE).build()) {
        completer.completePending();
      } catch (RuntimeException died) {
        // what matters is what the store holds
      }
      assertThat(c.took).as("C took the record").isTrue();
      assertThat(c.landedAfterSend).as("C's list write landed within half the grace period of being sent")
          .isLessThan(GRACE.dividedBy(2));
      assertThat(dies ? c.dead : c.failedOnce).as("C died right after its write landed, or failed once").isTrue();
      d[0].join(30_000);

      while (writer.completePending() > 0) {
        // until nothing is left
      }
      assertThat(holders.findByGroupAndHolderId("g0", 1)).isEmpty();
      assertThat(RawRows.partition(store, "HolderColors", "red")).as("the deleted holder's list rows").isEmpty();
    }
  }


  /**
   * C: runs {@code delete} after its round's read of the entity; answers its take of the record 0.7 G after it
   * landed; holds its next list write until the take is G old, runs {@code other} then, lets the write land and dies.
   */
  private static final class SlowTake extends MortalBackend {
    private final Runnable delete;
    private final Runnable other;
    volatile boolean took;
    private long takeSent;
    private boolean delayed;
    volatile Duration landedAfterSend;
    private final boolean dies;
    private boolean failOnce;
    volatile boolean failedOnce;

    SlowTake(TableBackend store, int reads, boolean dies, Runnable delete, Runnable other) {
      super(store);
      this.dies = dies;
      actAfterRead("Holders", ENTITY_ROW, reads, delete);
      this.delete = delete;
      this.other = other;
    }

    private static void sleep(long nanos) {
      try {
        Thread.sleep(Math.max(0, nanos / 1_000_000));
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
    }

    @Override
    public WriteResult write(String table, WriteOperation operation) {
      alive();
      if (failOnce) {
        failOnce = false;
        failedOnce = true;
        throw new StoreUnavailableException("the store could not be reached (once)");
      }
      if (acted && !took && table.equals("Holders") && operation.kind() == WriteOperation.Kind.MERGE
          && operation.row().rowKey().startsWith(PendingRows.WORK_ROW_PREFIX)
          && operation.row().get(PendingRows.HOLDER) instanceof String holder && !holder.isEmpty()) {
        takeSent = System.nanoTime();
        WriteResult result = delegate.write(table, operation); // the take lands at once
        took = true;
        sleep(GRACE.toNanos() * 7 / 10); // and is answered late
        return result;
      }
      boolean first = hold(table);
      WriteResult result = delegate.write(table, operation);
      landed(first);
      return result;
    }

    @Override
    public List<WriteResult> batch(String table, List<WriteOperation> operations) {
      alive();
      boolean first = hold(table);
      List<WriteResult> results = delegate.batch(table, operations);
      landed(first);
      return results;
    }

    private long sent;

    /**
     * C's first list write after its take: held until its first take is a grace period (and a little) old, or 0.35 G
     * after it was sent, whichever is sooner; D started then.
     */
    private boolean hold(String table) {
      if (!took || delayed || !table.equals("HolderColors")) {
        return false;
      }
      delayed = true;
      sent = System.nanoTime();
      // until the first take is a grace period (and a little) old, the write landing within G/2 of being sent
      sleep(Math.min(takeSent + GRACE.toNanos() + 50_000_000L, sent + GRACE.toNanos() * 35 / 100) - System.nanoTime());
      other.run();
      return true;
    }

    private void landed(boolean first) {
      if (first) {
        landedAfterSend = Duration.ofNanos(System.nanoTime() - sent);
        dead = dies; // C's process dies right after the write landed
        failOnce = !dies; // or its next write finds the store unreachable, once
      }
    }
  }
}
