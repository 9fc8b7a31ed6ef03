package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
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
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A take is a lease without a fence: run C takes the record and sends its (stale) list write while its take is
 * fresh, and the write is answered later than the grace period. Meanwhile run D finds the take expired, runs the
 * record (entity gone, no entry: nothing to do) and deletes it. C's write lands; C, alive, re-reads the entity and
 * runs a second round whose remove undoes its write although the record is gone: no stale entry is left.
 */
class LateWriteAfterTakeTest {
  private static final String ENTITY_ROW = "h_0001";
  private static final Duration GRACE = Duration.ofMillis(400);

  @ParameterizedTest
  @EnumSource(value = Stores.class, names = {"MEMORY_SHARED_VERSIONS", "H2"}, mode = EnumSource.Mode.INCLUDE)
  void aListWriteAnsweredAfterTheGracePeriodIsNotLeftForGood(Stores stores) {
    try (TableBackend store = stores.newStore();
        TableMapper writer = ManualCompletion.builder(DyingBackend.unclosed(store)).pendingGrace(GRACE).build()) {
      HolderRepository holders = writer.repository(HolderRepository.class);
      holders.insert(new Holder("g0", 1, "n", null, null, null, null, "red", 0, null));
      DyingBackend.writeThenDie(store, dying -> dying.repository(HolderRepository.class).update(
          new Holder("g0", 1, "n", null, null, null, null, "red", 1, null)));

      boolean[] otherFinished = {false};
      Late c = new Late(store, 4, () -> holders.delete(holders.findByGroupAndHolderId("g0", 1).orElseThrow()),
          () -> {
            try {
              Thread.sleep(GRACE.toMillis() + 200); // C's list write is on its way, answered late
            } catch (InterruptedException e) {
              throw new IllegalStateException(e);
            }
            writer.completePending(); // D: the take expired
            otherFinished[0] = RawRows.partition(store, "Holders", "g0").stream()
                .noneMatch(row -> row.rowKey().startsWith("~tm-pending-"));
          });
      try (TableMapper completer = ManualCompletion.builder(c).pendingGrace(GRACE).build()) {
        completer.completePending();
      } catch (RuntimeException failed) {
        // what matters is what the store holds
      }
      assertThat(otherFinished[0]).as("D finished and deleted the record while C's write was on its way").isTrue();
      while (writer.completePending() > 0) {
        // until nothing is left
      }
      assertThat(holders.findByGroupAndHolderId("g0", 1)).isEmpty();
      assertThat(RawRows.partition(store, "HolderColors", "red")).as("the deleted holder's list rows").isEmpty();
    }
  }

  /** C: runs {@code delete} after its round's read of the entity, {@code late} before its next list write lands. */
  private static final class Late extends ForwardingBackend {
    private final Runnable delete;
    private final Runnable late;
    private int reads;
    private volatile boolean acted;
    private volatile boolean delayed;

    Late(TableBackend store, int reads, Runnable delete, Runnable late) {
      super(store);
      this.reads = reads;
      this.delete = delete;
      this.late = late;
    }

    @Override
    public Optional<TableRow> get(String table, String partitionKey, String rowKey) {
      Optional<TableRow> answer = delegate.get(table, partitionKey, rowKey);
      if (!acted && table.equals("Holders") && rowKey.equals(ENTITY_ROW) && reads-- == 0) {
        acted = true;
        delete.run();
      }
      return answer;
    }

    @Override
    public QueryResult query(TableQuery query) {
      return delegate.query(query);
    }

    private void maybeLate(String table) {
      if (acted && !delayed && table.equals("HolderColors")) {
        delayed = true;
        late.run();
      }
    }

    @Override
    public WriteResult write(String table, WriteOperation operation) {
      maybeLate(table);
      return delegate.write(table, operation);
    }

    @Override
    public List<WriteResult> batch(String table, List<WriteOperation> operations) {
      maybeLate(table);
      return delegate.batch(table, operations);
    }

    @Override
    public void close() {}
  }
}
