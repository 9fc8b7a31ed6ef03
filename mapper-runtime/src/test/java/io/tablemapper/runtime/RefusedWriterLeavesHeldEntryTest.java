package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.runtime.FinishedUnderStaleRoundTest.StaleThenDead;
import io.tablemapper.runtime.rows.PendingRows;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import io.tablemapper.tck.fixtures.Holder;
import io.tablemapper.tck.fixtures.HolderRepository;
import io.tablemapper.tck.support.ForwardingBackend;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A writer whose transaction the store refused deletes its registry entry only as it wrote it: writer W claims the
 * holder's level and stalls before its transaction; completer A retires W's entry and cleans up after it, its round
 * reading the holder before another writer changes the holder's name; A takes the entry, re-writes the copy with the
 * name it read, and its process dies. W's transaction is then refused (the holder changed), and W settles its id. Had
 * W deleted the entry whatever its ETag, no entry would name A's stale copy; it is left to a completer, whose
 * clean-up brings the copy in step once A's take has expired.
 */
class RefusedWriterLeavesHeldEntryTest {
  private static final Duration GRACE = Duration.ofMillis(400);

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aRefusedWritersEntryThatACompleterTookIsLeftToTheCompleters(Stores stores) throws InterruptedException {
    try (TableBackend store = stores.newStore();
        TableMapper writer = ManualCompletion.builder(DyingBackend.unclosed(store)).pendingGrace(GRACE).build()) {
      HolderRepository holders = writer.repository(HolderRepository.class);
      holders.insert(new Holder("g0", 1, "n", null, null, null, 2, null, 0, null));
      Holder read = holders.findByGroupAndHolderId("g0", 1).orElseThrow();

      boolean[] aActed = {false};
      BeforeTransaction w = new BeforeTransaction(store, () -> {
        // A: the level's clean-up step is the fourth, after three that read the holder once
        StaleThenDead a = new StaleThenDead(store, 3, "HoldersByLevel", () -> {
          Holder now = holders.findByGroupAndHolderId("g0", 1).orElseThrow();
          holders.update(new Holder("g0", 1, "m", null, null, null, 2, null, now.counter() + 1, now.etag()));
        });
        try (TableMapper completer = ManualCompletion.retiringAtOnce(a).build()) {
          completer.completePending();
        } catch (RuntimeException died) {
          // A's process died after its stale write
        }
        aActed[0] = a.acted;
      });
      try (TableMapper stalled = ManualCompletion.builder(w).pendingGrace(GRACE).build()) {
        assertThatThrownBy(() -> stalled.repository(HolderRepository.class).update(
            new Holder("g0", 1, "x", null, null, null, 2, null, read.counter() + 1, read.etag())))
            .isInstanceOf(ConcurrencyConflictException.class);
      }
      assertThat(aActed[0]).as("the holder changed while A's clean-up round was stalled").isTrue();

      Thread.sleep(GRACE.toMillis() + 100); // A's take expires
      while (writer.completePending() > 0) {
        // until nothing is left
      }
      List<TableRow> copies = RawRows.partition(store, "HoldersByLevel", "g0");
      assertThat(copies).as("the holder's copy under its level").hasSize(1);
      assertThat(copies.get(0).get("name")).as("the copy's name").isEqualTo("m");
      assertThat(RawRows.all(store, PendingRows.REGISTRY_TABLE)).as("the registry entries left").isEmpty();
    }
  }

  /** W: runs an action once, right before its transaction (the batch on the holders' table). */
  private static final class BeforeTransaction extends ForwardingBackend {
    private final Runnable action;
    private boolean acted;

    BeforeTransaction(TableBackend store, Runnable action) {
      super(store);
      this.action = action;
    }

    @Override
    public List<WriteResult> batch(String table, List<WriteOperation> operations) {
      if (!acted && table.equals("Holders")) {
        acted = true;
        action.run();
      }
      return delegate.batch(table, operations);
    }

    @Override
    public void close() {}
  }
}
