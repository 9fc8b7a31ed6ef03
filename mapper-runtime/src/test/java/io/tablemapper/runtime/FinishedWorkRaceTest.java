package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import io.tablemapper.tck.fixtures.Staffer;
import io.tablemapper.tck.fixtures.StafferRepository;
import io.tablemapper.tck.support.ForwardingBackend;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import io.tablemapper.runtime.rows.PendingRows;

/**
 * A write of an entity that kept its unique value finishes its work — its reconciliation done, its record deleted —
 * and, before it deletes its registry entry, another write moves the entity off the value: that write's
 * reconciliation must not take the finished write for one still on its way (entry there, record gone) and leave the
 * copy of the value the entity left for good.
 */
class FinishedWorkRaceTest {
  private static final String ENTITY_ROW = "empid_00000001";

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aWriteBetweenItsRecordAndItsEntryIsNotTakenForOneInFlight(Stores stores) throws Exception {
    try (TableBackend store = stores.newStore();
        TableMapper writer = ManualCompletion.builder(DyingBackend.unclosed(store)).build()) {
      StafferRepository staff = writer.repository(StafferRepository.class);
      staff.insert(new Staffer("Sales", 1, "Ann", "Old", "old@x", 1));

      BeforeEntryDeleted hooked = new BeforeEntryDeleted(store,
          () -> staff.update(new Staffer("Sales", 1, "Ann", "New", "new@x", 2)));
      try (TableMapper first = ManualCompletion.builder(hooked).build()) {
        first.repository(StafferRepository.class).update(new Staffer("Sales", 1, "Annie", "Old", "old@x", 1));
      }
      assertThat(hooked.fired).as("the other write ran between the record's and the entry's deletion").isTrue();
      while (writer.completePending() > 0) {
        // until nothing is left
      }

      assertThat(RawRows.get(store, "Staff", "Sales", ENTITY_ROW).get("email")).isEqualTo("new@x");
      assertThat(copies(store, "Staff", "email_new@x")).containsExactly(ENTITY_ROW);
      assertThat(copies(store, "Staff", "email_old@x")).as("the copy of the value the entity left").isEmpty();
    }
  }

  private static List<String> copies(TableBackend store, String table, String partitionKey) {
    return RawRows.partition(store, table, partitionKey).stream()
        .map(row -> String.valueOf(row.get(EntityMapping.PRIMARY_ROW_KEY_PROPERTY)))
        .toList();
  }

  /** Runs an action once, right before the first deletion of a registry entry. */
  private static final class BeforeEntryDeleted extends ForwardingBackend {
    private final Runnable action;
    volatile boolean fired;

    BeforeEntryDeleted(TableBackend store, Runnable action) {
      super(store);
      this.action = action;
    }

    @Override
    public WriteResult write(String table, WriteOperation operation) {
      if (!fired && table.equals(PendingRows.REGISTRY_TABLE) && operation.kind() == WriteOperation.Kind.DELETE) {
        fired = true;
        action.run();
      }
      return delegate.write(table, operation);
    }

    @Override
    public void close() {
      // the store is the test's
    }
  }
}
