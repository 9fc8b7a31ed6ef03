package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import io.tablemapper.tck.fixtures.Holder;
import io.tablemapper.tck.fixtures.HolderRepository;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Two completers run one record at once: one reads the entity for a step's round and stalls; meanwhile the entity is
 * deleted (its delete's own work removes its entry or copy) and the other completer runs the record from the
 * entity's new state — nothing left to do — and finishes it, deleting record and registry entry. The stalled round
 * would then write the entry (or copy) of the state it read, its process dying right after, before its next round
 * would remove it: no record names it any more. Once the work is completed, no list entry or copy points to the
 * deleted entity (the history checker's seed 388342618 on H2_FILE, an orphan {@code byColor} entry; an orphan
 * {@code byLevel} copy is the same race on a copy): a round writes only while its run holds the record, which the
 * finished record no longer lets it.
 */
class FinishedUnderStaleRoundTest {
  private static final String ENTITY_ROW = "h_0001";

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aKeyListEntryAStaleRoundWroteAfterAnotherCompleterFinishedTheRecordIsRemoved(Stores stores) {
    // only the key list lies beyond the partition: the other remote indexes' values are null (sparse)
    run(stores, new Holder("g0", 1, "n", null, null, null, null, "red", 0, null), 4, "HolderColors", "red");
  }

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aCopyAStaleRoundWroteAfterAnotherCompleterFinishedTheRecordIsDeleted(Stores stores) {
    // only the full copy per level lies beyond the partition
    run(stores, new Holder("g0", 1, "n", null, null, null, 2, null, 0, null), 3, "HoldersByLevel", "g0");
  }

  /**
   * @param step the index's step in the update's record: the steps reconcile the remote indexes in their order
   *     (handle, badge, byCity, byLevel, byColor), each step of a null value reading the entity once
   */
  private static void run(Stores stores, Holder holder, int step, String indexTable, String indexPartition) {
    try (TableBackend store = stores.newStore();
        TableMapper writer = ManualCompletion.builder(DyingBackend.unclosed(store)).build()) {
      HolderRepository holders = writer.repository(HolderRepository.class);
      holders.insert(holder);

      // a process updates the holder (its index value kept) and dies right after its transaction: its work is left
      DyingBackend.writeThenDie(store, dying -> dying.repository(HolderRepository.class).update(
          new Holder("g0", 1, "n", null, null, null, holder.level(), holder.color(), 1, null)));

      // a completer runs that work: its round reads the holder (still there), and meanwhile the holder is deleted,
      // that delete's own work removes its entry (or copy), and another completer finishes the update's record
      List<List<TableRow>> before = new ArrayList<>();
      StaleThenDead stalled = new StaleThenDead(store, step, indexTable, () -> {
        holders.delete(holders.findByGroupAndHolderId("g0", 1).orElseThrow());
        writer.completePending();
        before.add(RawRows.partition(store, indexTable, indexPartition));
      });
      try (TableMapper completer = ManualCompletion.builder(stalled).build()) {
        completer.completePending();
      } catch (RuntimeException died) {
        // its process died after the stale round wrote: what matters is what the store holds
      }
      assertThat(before).as("the index rows once the other completer finished").containsExactly(List.of());
      assertThat(stalled.acted).as("the other completer finished the record while the round was stalled").isTrue();

      while (writer.completePending() > 0) {
        // until nothing is left
      }
      assertThat(holders.findByGroupAndHolderId("g0", 1)).isEmpty();
      assertThat(RawRows.partition(store, indexTable, indexPartition))
          .as("the rows of the deleted holder's index value").isEmpty();
    }
  }

  /**
   * A completer's process: runs an action right after its read of the entity in the round of the index's step,
   * then dies right after its next write to the index's table.
   */
  static final class StaleThenDead extends MortalBackend {
    private final String indexTable;
    private final Runnable action;
    /** The reads of the entity to let through before the one the action follows. */

    StaleThenDead(TableBackend store, int reads, String indexTable, Runnable action) {
      super(store);
      actAfterRead("Holders", ENTITY_ROW, reads, action);
      this.indexTable = indexTable;
      this.action = action;
    }

    @Override
    public WriteResult write(String table, WriteOperation operation) {
      alive();
      WriteResult result = delegate.write(table, operation);
      dead |= acted && table.equals(indexTable);
      return result;
    }

    @Override
    public List<WriteResult> batch(String table, List<WriteOperation> operations) {
      alive();
      List<WriteResult> results = delegate.batch(table, operations);
      dead |= acted && table.equals(indexTable);
      return results;
    }
  }
}
