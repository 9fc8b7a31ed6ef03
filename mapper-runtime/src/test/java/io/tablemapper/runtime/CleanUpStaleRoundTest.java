package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.TableMapper;
import io.tablemapper.runtime.FinishedUnderStaleRoundTest.StaleThenDead;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.fixtures.Holder;
import io.tablemapper.tck.fixtures.HolderRepository;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The clean-up steps of a retired registry entry run under a take of the entry, as a record's steps run under a take
 * of the record: two completers clean one retired entry up at once; one reads the entity for its byLevel step's round
 * and stalls; meanwhile the entity moves on (to another level, or to other values) and the other completer cleans the
 * entry up and deletes it. The stalled round's write, computed from the state it read, is not sent: its take finds the
 * entry gone. No copy is left that the entity does not imply, and its copy holds its values.
 */
class CleanUpStaleRoundTest {
  @ParameterizedTest
  @EnumSource(Stores.class)
  void aCopyAStaleCleanUpRoundWroteAfterAnotherCompleterRetiredTheEntryIsDeleted(Stores stores) {
    // W2 moves the holder to level 4: the stale round inserts lvl_003 again
    run(stores, 4, List.of("lvl_004_0001"));
  }

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aCopyAStaleCleanUpRoundReplacedAfterAnotherCompleterRetiredTheEntryHoldsTheEntitysValues(Stores stores) {
    // W2 keeps level 3 (its counter changes): the stale round replaces lvl_003 with the values it read
    run(stores, 3, List.of("lvl_003_0001"));
  }

  private static void run(Stores stores, int level, List<String> copies) {
    try (TableBackend store = stores.newStore();
        TableMapper writer = ManualCompletion.retiringAtOnce(DyingBackend.unclosed(store)).build()) {
      HolderRepository holders = writer.repository(HolderRepository.class);
      holders.insert(new Holder("g0", 1, "n", null, null, null, 2, null, 0, null));

      // W0 moves the holder to level 3: its registry entry and its claim of lvl_003 are written, then its process
      // dies before its transaction — the entry is left, to be retired, with the claim's clean-up step
      DyingBackend w0 = new DyingBackend(store, 2);
      try (TableMapper dying = ManualCompletion.builder(w0).build()) {
        dying.repository(HolderRepository.class).update(new Holder("g0", 1, "n", null, null, null, 3, null, 0,
            null));
      } catch (RuntimeException died) {
        // what matters is what the store holds
      }
      assertThat(RawRows.rowKeys(store, "HoldersByLevel", "g0")).as("W0's claim beside the old copy")
          .containsExactlyInAnyOrder("lvl_002_0001", "lvl_003_0001");
      // W1, alive, moves it to level 3 too: its claim re-writes lvl_003 (the holder's own), its own run deletes lvl_002
      holders.update(new Holder("g0", 1, "n", null, null, null, 3, null, 1, null));
      assertThat(RawRows.rowKeys(store, "HoldersByLevel", "g0")).containsExactly("lvl_003_0001");

      // C retires W0's entry and runs its clean-up: the byLevel step's round reads the holder (level 3: the claimed
      // copy is implied) and stalls; meanwhile W2 moves it to level 4 (its own run deletes lvl_003) and D cleans the
      // entry up (nothing to do) and deletes it
      List<List<String>> before = new ArrayList<>();
      StaleThenDead c = new StaleThenDead(store, 3, "HoldersByLevel", () -> {
        holders.update(new Holder("g0", 1, "n", null, null, null, level, null, 2, null));
        writer.completePending();
        before.add(RawRows.rowKeys(store, "HoldersByLevel", "g0"));
      });
      try (TableMapper completer = ManualCompletion.retiringAtOnce(c).build()) {
        completer.completePending();
      } catch (RuntimeException died) {
        // its process died after the stale round wrote: what matters is what the store holds
      }
      assertThat(c.acted).as("C's clean-up round read the holder, and W2 and D went meanwhile").isTrue();
      assertThat(before).as("the copies once D cleaned up").containsExactly(copies);

      while (writer.completePending() > 0) {
        // until nothing is left
      }
      Holder now = holders.findByGroupAndHolderId("g0", 1).orElseThrow();
      assertThat(now.level()).isEqualTo(level);
      assertThat(holders.findByGroupAndLevel("g0", level)).as("the holders found at its level")
          .extracting(Holder::counter).containsExactly(2);
      assertThat(RawRows.rowKeys(store, "HoldersByLevel", "g0")).as("the holder's byLevel copies")
          .isEqualTo(copies);
      assertThat(RawRows.get(store, "HoldersByLevel", "g0", copies.get(0)).get("counter"))
          .as("the counter its copy holds").isEqualTo(2);
    }
  }
}
