package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.api.TableMapper;
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
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A run that gives its hold up leaves no trace of the take in {@code TmHolder}: run D reads the record (no holder),
 * its round finds nothing to do, and it is about to delete the record. Run C, whose round read the entity before it
 * was deleted, takes the record, writes the stale key-list entry, fails on a transient read, lets its hold go and
 * its process dies. D's delete then fails on the ETag, and D leaves the record, to be run again: the next run
 * removes the stale entry.
 */
class LetGoForgetsTakeTest {
  private static final String ENTITY_ROW = "h_0001";

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aRunThatBeganBeforeALetGoTakeDoesNotDeleteTheRecord(Stores stores) throws Exception {
    try (TableBackend store = stores.newStore();
        TableMapper writer = ManualCompletion.builder(DyingBackend.unclosed(store)).build()) {
      HolderRepository holders = writer.repository(HolderRepository.class);
      holders.insert(new Holder("g0", 1, "n", null, null, null, null, "red", 0, null));
      DyingBackend.writeThenDie(store, dying -> dying.repository(HolderRepository.class).update(
          new Holder("g0", 1, "n", null, null, null, null, "red", 1, null)));

      CountDownLatch atRelease = new CountDownLatch(1);
      CountDownLatch mayRelease = new CountDownLatch(1);
      CompletableFuture<Void> otherRun = new CompletableFuture<>();
      Stalled c = new Stalled(store, 4, () -> {
        holders.delete(holders.findByGroupAndHolderId("g0", 1).orElseThrow()); // its own run removes the entry
        Thread d = new Thread(() -> {
          try (TableMapper other = ManualCompletion.builder(new HeldAtRelease(store, atRelease, mayRelease))
              .build()) {
            other.completePending();
            otherRun.complete(null);
          } catch (Throwable t) {
            otherRun.completeExceptionally(t);
          }
        });
        d.start();
        try {
          assertThat(atRelease.await(20, TimeUnit.SECONDS)).as("D reached its record delete").isTrue();
        } catch (InterruptedException e) {
          throw new IllegalStateException(e);
        }
      });
      try (TableMapper completer = ManualCompletion.builder(c).build()) {
        completer.completePending();
      } catch (RuntimeException died) {
        // C failed / died
      }
      assertThat(c.tookAndLetGo).as("C took the record, wrote, and let its hold go").isTrue();
      mayRelease.countDown();
      otherRun.get(20, TimeUnit.SECONDS);

      while (writer.completePending() > 0) {
        // until nothing is left
      }
      assertThat(holders.findByGroupAndHolderId("g0", 1)).isEmpty();
      assertThat(RawRows.partition(store, "HolderColors", "red")).as("the deleted holder's list rows").isEmpty();
    }
  }

  private static boolean isRecord(String rowKey) {
    return rowKey.startsWith(PendingRows.WORK_ROW_PREFIX);
  }

  /** D: blocks its delete of the work record until told. */
  private static final class HeldAtRelease extends ForwardingBackend {
    private final CountDownLatch atRelease;
    private final CountDownLatch mayRelease;

    HeldAtRelease(TableBackend store, CountDownLatch atRelease, CountDownLatch mayRelease) {
      super(store);
      this.atRelease = atRelease;
      this.mayRelease = mayRelease;
    }

    @Override
    public WriteResult write(String table, WriteOperation operation) {
      if (table.equals("Holders") && operation.kind() == WriteOperation.Kind.DELETE
          && isRecord(operation.row().rowKey()) && atRelease.getCount() > 0) {
        atRelease.countDown();
        try {
          mayRelease.await(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          throw new IllegalStateException(e);
        }
      }
      return delegate.write(table, operation);
    }

    @Override
    public void close() {}
  }

  /**
   * C: after its round's read of the entity runs the action; after its write to the list, its next read of the
   * entity fails (store unreachable once); after its hold is let go, it dies.
   */
  private static final class Stalled extends MortalBackend {
    private final Runnable action;
    private int reads;
    private volatile boolean acted;
    private volatile boolean wroteList;
    private volatile boolean failed;
    volatile boolean tookAndLetGo;

    Stalled(TableBackend store, int reads, Runnable action) {
      super(store);
      this.reads = reads;
      this.action = action;
    }

    @Override
    public Optional<TableRow> get(String table, String partitionKey, String rowKey) {
      alive();
      if (wroteList && !failed && table.equals("Holders") && rowKey.equals(ENTITY_ROW)) {
        failed = true;
        throw new StoreUnavailableException("the store could not be reached (once)");
      }
      Optional<TableRow> answer = delegate.get(table, partitionKey, rowKey);
      if (!acted && table.equals("Holders") && rowKey.equals(ENTITY_ROW) && reads-- == 0) {
        acted = true;
        action.run();
      }
      return answer;
    }

    @Override
    public WriteResult write(String table, WriteOperation operation) {
      alive();
      WriteResult result = delegate.write(table, operation);
      wroteList |= acted && table.equals("HolderColors");
      if (failed && table.equals("Holders") && operation.kind() == WriteOperation.Kind.MERGE
          && isRecord(operation.row().rowKey()) && PendingRows.NO_HOLDER.equals(operation.row().get(PendingRows.HOLDER))) {
        tookAndLetGo = true;
        dead = true;
      }
      return result;
    }

    @Override
    public List<WriteResult> batch(String table, List<WriteOperation> operations) {
      alive();
      List<WriteResult> results = delegate.batch(table, operations);
      wroteList |= acted && table.equals("HolderColors");
      return results;
    }
  }
}
