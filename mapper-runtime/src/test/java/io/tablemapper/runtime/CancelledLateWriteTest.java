package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import io.tablemapper.tck.fixtures.Holder;
import io.tablemapper.tck.fixtures.HolderAsyncRepository;
import io.tablemapper.tck.fixtures.HolderRepository;
import io.tablemapper.tck.support.ForwardingBackend;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * LateWriteAfterTakeTest's interleaving on the async path, the run being the writer's own (W, an async insert), and
 * the caller cancelling its future while W's stale list write is on its way. W's write lands late; its answer comes
 * back a grace period after the take, D having finished the record meanwhile; W takes the record again and records
 * the step again on the clean-up channel, which the caller's cancel does not stop (the caller's own channel fails
 * every request at once after it). W's process lives, and the stale entry is removed.
 */
class CancelledLateWriteTest {
  private static final Duration GRACE = Duration.ofMillis(400);

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aCallerThatCancelsWhileItsLateListWriteIsOnItsWayDoesNotLeaveTheEntryForGood(Stores stores)
      throws InterruptedException {
    try (TableBackend store = stores.newStore();
        TableMapper writer = ManualCompletion.builder(store).pendingGrace(GRACE).build()) {
      HolderRepository holders = writer.repository(HolderRepository.class);
      holders.insert(new Holder("g0", 9, "n", null, null, null, null, "blue", 0, null)); // tables exist
      boolean[] otherFinished = {false};
      AtomicReference<CompletableFuture<Holder>> inserted = new AtomicReference<>();
      Cancelling w = new Cancelling(store,
          () -> holders.delete(holders.findByGroupAndHolderId("g0", 1).orElseThrow()),
          () -> {
            try {
              Thread.sleep(GRACE.toMillis() + 200); // W's list write is on its way, and lands late
            } catch (InterruptedException e) {
              throw new IllegalStateException(e);
            }
            writer.completePending(); // D: W's take expired
            otherFinished[0] = DyingBackend.pendingRecords(store, "Holders", "g0").isEmpty();
            inserted.get().cancel(false); // the caller gives up on the insert
          });
      try (TableMapper async = ManualCompletion.builder(w).pendingGrace(GRACE).build()) {
        inserted.set(async.repository(HolderAsyncRepository.class)
            .insert(new Holder("g0", 1, "n", null, null, null, null, "red", 0, null)));
        long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!w.lateWrite && System.nanoTime() < until) {
          Thread.sleep(20);
        }
        Thread.sleep(GRACE.toMillis()); // W's own run after its late answer (secure: at most ~50 ms)
      }
      assertThat(otherFinished[0]).as("D finished and deleted the record while W's write was on its way").isTrue();
      assertThat(w.lateWrite).as("W's stale list write landed").isTrue();
      assertThat(inserted.get()).as("the caller's future").isCancelled();
      Thread.sleep(GRACE.toMillis() + 100); // the grace period of an entry left without its record, if any
      while (writer.completePending() > 0) {
        // until nothing is left
      }
      assertThat(holders.findByGroupAndHolderId("g0", 1)).isEmpty();
      assertThat(RawRows.partition(store, "HolderColors", "red")).as("the deleted holder's list rows (W's requests"
          + " after its late answer: " + w.after + ")").isEmpty();
      assertThat(DyingBackend.pendingRecords(store, "Holders", "g0")).as("the work records left").isEmpty();
    }
  }


  /**
   * W's store: runs {@code delete} at W's round's read of the list (after its read of the entity), {@code late} before W's
   * next list write lands.
   */
  private static final class Cancelling extends ForwardingBackend {
    private final Runnable delete;
    private final Runnable late;
    private volatile boolean transacted;
    private volatile boolean acted;
    private volatile boolean delayed;
    volatile boolean lateWrite;
    volatile int after;

    Cancelling(TableBackend store, Runnable delete, Runnable late) {
      super(store, Async.THROUGH_BLOCKING_CALLS);
      this.delete = delete;
      this.late = late;
    }

    @Override
    public Optional<TableRow> get(String table, String partitionKey, String rowKey) {
      Optional<TableRow> answer = delegate.get(table, partitionKey, rowKey);
      if (transacted && !acted && table.equals("HolderColors")) {
        acted = true;
        delete.run();
      }
      return answer;
    }

    private synchronized boolean before(String table) {
      if (lateWrite) {
        after++;
      }
      if (acted && !delayed && table.equals("HolderColors")) {
        delayed = true;
        late.run();
        return true;
      }
      return false;
    }

    @Override
    public WriteResult write(String table, WriteOperation operation) {
      boolean first = before(table);
      try {
        return delegate.write(table, operation);
      } finally {
        lateWrite |= first;
      }
    }

    @Override
    public List<WriteResult> batch(String table, List<WriteOperation> operations) {
      boolean first = before(table);
      try {
        return delegate.batch(table, operations);
      } finally {
        lateWrite |= first;
        transacted |= table.equals("Holders");
      }
    }

    @Override
    public void close() {}
  }
}
