package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import io.tablemapper.tck.fixtures.Staffer;
import io.tablemapper.tck.fixtures.StafferRepository;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import io.tablemapper.runtime.rows.PendingRows;

/**
 * A write's reconciliation reads its entity, a newer write of the entity finishes its own work meanwhile, and the
 * stale round writes the copy of the value it read — then its process dies before it reads the entity again. The
 * step stays recorded; the completer that runs it again must find that copy, which only the dead round knew of. The
 * round is a completer's, of a writer that died right after its transaction: a writer's own run of an update whose
 * claim wrote the copy reads nothing, so only a completer's run has a round that reads, then writes.
 */
class StaleRoundCrashTest {
  private static final String ENTITY_ROW = "empid_00000001";

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aStaleRoundThatDiedAfterWritingItsCopyLeavesNoCopyOnceCompleted(Stores stores) {
    try (TableBackend store = stores.newStore();
        TableMapper writer = ManualCompletion.builder(DyingBackend.unclosed(store)).build()) {
      StafferRepository staff = writer.repository(StafferRepository.class);
      staff.insert(new Staffer("Sales", 1, "Ann", "Old", "old@x", 1));

      // a writer dies right after its transaction recorded the move to mid@x: its claim is mid@x's copy
      DyingBackend.writeThenDie(store, dead -> dead.repository(StafferRepository.class)
          .update(new Staffer("Sales", 1, "Ann", "Old", "mid@x", 1)));
      StaleThenDead dying = new StaleThenDead(store,
          () -> staff.update(new Staffer("Sales", 1, "Ann", "Old", "new@x", 1)));
      dying.recorded = true; // the record is there: the completer's first read of the entity is its round's
      try (TableMapper completer = ManualCompletion.builder(dying).build()) {
        completer.completePending();
      } catch (RuntimeException died) {
        // the process died after its stale round wrote: what matters is what the store holds
      }
      assertThat(dying.dead).as("the stale round wrote its copy, then the process died").isTrue();
      // the dead completer took the record to write its round, which keeps other runs off it for the grace period
      // (it may only be slow): the next process here waits none
      try (TableMapper next = ManualCompletion.retiringAtOnce(DyingBackend.unclosed(store)).build()) {
        while (next.completePending() > 0) {
          // until nothing is left
        }
      }

      assertThat(RawRows.get(store, "Staff", "Sales", ENTITY_ROW).get("email")).isEqualTo("new@x");
      assertThat(copies(store, "email_new@x")).containsExactly(ENTITY_ROW);
      assertThat(copies(store, "email_old@x")).isEmpty();
      assertThat(copies(store, "email_mid@x")).as("the copy the dead stale round wrote").isEmpty();
    }
  }

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aStaleRoundOfALaterStateThatDiedAfterWritingItsCopyLeavesNoCopyOnceCompleted(Stores stores) {
    try (TableBackend store = stores.newStore();
        TableMapper writer = ManualCompletion.builder(DyingBackend.unclosed(store)).build()) {
      StafferRepository staff = writer.repository(StafferRepository.class);
      staff.insert(new Staffer("Sales", 1, "Ann", "Old", "old@x", 1));

      // the round reads the state of a second write (later@x), and a third write moves the entity on and finishes
      // (deleting later@x's copy); a round that wrote later@x's copy again would die right after, leaving it for
      // good (only that round knew of it): a step writes no copy but its own write's, so this round writes none
      StaleThenDead dying = new StaleThenDead(store,
          () -> staff.update(new Staffer("Sales", 1, "Ann", "Old", "later@x", 1)),
          () -> staff.update(new Staffer("Sales", 1, "Ann", "Old", "new@x", 1)), "email_later@x");
      try (TableMapper first = ManualCompletion.builder(dying).build()) {
        first.repository(StafferRepository.class).update(new Staffer("Sales", 1, "Ann", "Old", "mid@x", 1));
      } catch (RuntimeException died) {
        // had the stale round written later@x's copy, its process would have died here
      }
      assertThat(dying.dead).as("the stale round wrote no copy of the later write's state").isFalse();
      while (writer.completePending() > 0) {
        // until nothing is left
      }

      assertThat(copies(store, "email_new@x")).containsExactly(ENTITY_ROW);
      assertThat(copies(store, "email_mid@x")).isEmpty();
      assertThat(copies(store, "email_later@x")).as("the copy the dead stale round wrote").isEmpty();
    }
  }

  private static List<String> copies(TableBackend store, String partitionKey) {
    return RawRows.partition(store, "Staff", partitionKey).stream()
        .map(row -> String.valueOf(row.get(EntityMapping.PRIMARY_ROW_KEY_PROPERTY)))
        .toList();
  }

  /**
   * Once the write's transaction recorded its work: runs one action right before and one right after the next read
   * of the entity (the reconciliation's), then dies right after the next write in one partition (mid@x's copy).
   */
  private static final class StaleThenDead extends MortalBackend {
    private final Runnable before;
    private final Runnable action;
    private final String dyingPartition;
    private boolean recorded;
    private boolean acted;

    StaleThenDead(TableBackend store, Runnable action) {
      this(store, () -> { }, action, "email_mid@x");
    }

    StaleThenDead(TableBackend store, Runnable before, Runnable action, String dyingPartition) {
      super(store);
      this.before = before;
      this.action = action;
      this.dyingPartition = dyingPartition;
    }

    @Override
    public Optional<TableRow> get(String table, String partitionKey, String rowKey) {
      alive();
      boolean reconciling = recorded && !acted && table.equals("Staff") && rowKey.equals(ENTITY_ROW);
      if (reconciling) {
        before.run();
      }
      Optional<TableRow> answer = delegate.get(table, partitionKey, rowKey);
      if (reconciling) {
        acted = true;
        action.run();
      }
      return answer;
    }

    @Override
    public WriteResult write(String table, WriteOperation operation) {
      alive();
      WriteResult result = delegate.write(table, operation);
      if (acted && operation.row().partitionKey().equals(dyingPartition)) {
        dead = true;
      }
      return result;
    }

    @Override
    public List<WriteResult> batch(String table, List<WriteOperation> operations) {
      alive();
      List<WriteResult> results = delegate.batch(table, operations);
      recorded |= operations.stream()
          .anyMatch(operation -> operation.row().rowKey().startsWith(PendingRows.WORK_ROW_PREFIX));
      return results;
    }
  }
}
