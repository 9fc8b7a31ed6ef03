package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import io.tablemapper.tck.fixtures.Holder;
import io.tablemapper.tck.fixtures.HolderRepository;
import io.tablemapper.tck.support.ForwardingBackend;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A reconciliation's write-back of a copy an earlier round of it removed (RemoteRounds' {@code removed}) writes the
 * copy from the state its round read; a newer write's reconciliation may have written the copy from a newer state in
 * between. When the reconciliation then dies before it reads the entity again, its step's next run does not write
 * the copy (its own write is another value's, and the run knows nothing of the write-back): the copy keeps the older
 * values for good.
 */
class StaleWriteBackTest {
  private static final String ENTITY_ROW = "h_0001";

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aWriteBackThatDiesBeforeItsNextReadLeavesNoStaleCopy(Stores stores) throws Exception {
    try (TableBackend store = stores.newStore();
        TableMapper writer = ManualCompletion.builder(DyingBackend.unclosed(store)).build()) {
      HolderRepository holders = writer.repository(HolderRepository.class);
      holders.insert(new Holder("g0", 1, "n", null, null, "c0", null, null, 0, null));

      // W1 moves it to c1; its process dies right after the transaction: the reconciliation is left recorded
      DyingBackend.writeThenDie(store,
          dying -> dying.repository(HolderRepository.class).update(
              new Holder("g0", 1, "n", null, null, "c1", null, null, 1, null)));

      Scripted completerStore = new Scripted(store);
      TableMapper completer = ManualCompletion.builder(completerStore).build();
      CompletableFuture<Long> completing = CompletableFuture.supplyAsync(completer::completePending);
      // round 1 read the entity (in c1) and is about to remove c0's copy: it reads the copy, then the entity
      assertThat(completerStore.firstCopyRead.await(30, TimeUnit.SECONDS)).isTrue();
      // W2: back to c0; its reconciliation finds c0's copy there
      holders.update(new Holder("g0", 1, "n", null, null, "c0", null, null, 2, null));
      completerStore.releaseFirst.countDown();

      // round 1 tried c0 (the entity had it again), wrote c1, saw the change; round 2 read the entity (c0, name n)
      // and, writing c0 back, is about to read c0's row
      assertThat(completerStore.secondCopyRead.await(30, TimeUnit.SECONDS)).isTrue();
      // W3: the name changes (still c0); its reconciliation writes c0's copy with the new name
      holders.update(new Holder("g0", 1, "m", null, null, "c0", null, null, 3, null));
      assertThat(RawRows.get(store, "HoldersByCity", "c0", "g0_0001").get("name")).isEqualTo("m");
      completerStore.releaseSecond.countDown();

      // a completer that writes c0's copy back from the state it read (name n) dies before it reads the entity again
      try {
        completing.get(60, TimeUnit.SECONDS);
      } catch (Exception died) {
        // the completer's process died
      }
      completer.close();
      // the next process: no writer is on its way, and the dead completer's take of the record has lapsed
      try (TableMapper next = ManualCompletion.retiringAtOnce(DyingBackend.unclosed(store)).build()) {
        while (next.completePending() > 0) {
          // until nothing is left
        }
      }

      assertThat(RawRows.get(store, "Holders", "g0", ENTITY_ROW).get("name")).isEqualTo("m");
      assertThat(RawRows.get(store, "HoldersByCity", "c0", "g0_0001").get("name"))
          .as("c0's copy holds the entity's current name").isEqualTo("m");
    }
  }

  /**
   * Holds the first and the second read of c0's copy (before reading it), each until released; after a write to c0's
   * copy that follows, dies at every request.
   */
  private static final class Scripted extends ForwardingBackend {
    final CountDownLatch firstCopyRead = new CountDownLatch(1);
    final CountDownLatch releaseFirst = new CountDownLatch(1);
    final CountDownLatch secondCopyRead = new CountDownLatch(1);
    final CountDownLatch releaseSecond = new CountDownLatch(1);
    private int copyReads;
    private boolean wroteCopy;
    private boolean died;

    Scripted(TableBackend store) {
      super(store);
    }

    private synchronized void alive() {
      if (died) {
        throw new DyingBackend.Died();
      }
    }

    @Override
    public Optional<TableRow> get(String table, String partitionKey, String rowKey) {
      alive();
      boolean entity = table.equals("Holders") && rowKey.equals(ENTITY_ROW);
      boolean copy = table.equals("HoldersByCity") && partitionKey.equals("c0");
      int copyRead;
      synchronized (this) {
        if (entity && wroteCopy) {
          died = true;
          throw new DyingBackend.Died();
        }
        copyRead = copy ? ++copyReads : 0;
      }
      if (copyRead == 1) {
        firstCopyRead.countDown();
        await(releaseFirst);
      }
      if (copyRead == 2) {
        secondCopyRead.countDown();
        await(releaseSecond);
      }
      return delegate.get(table, partitionKey, rowKey);
    }

    @Override
    public WriteResult write(String table, WriteOperation operation) {
      alive();
      WriteResult result = delegate.write(table, operation);
      synchronized (this) {
        if (table.equals("HoldersByCity") && operation.row().partitionKey().equals("c0") && copyReads >= 2) {
          wroteCopy = true;
        }
      }
      return result;
    }

    private static void await(CountDownLatch latch) {
      try {
        latch.await(60, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    @Override
    public void close() {
      // the store is the test's
    }
  }
}
