package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
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
 * A write whose claim re-wrote its entity's own copy, and which the store then refused, while another write of the
 * entity moved it off that value: the other write's reconciliation leaves the copy alone (the refused write's id is
 * in flight on it), so the refused write must not leave it behind when it gives its claim back.
 */
class RefusedClaimRaceTest {
  private static final String ENTITY_ROW = "empid_00000001";

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aRefusedWriteDoesNotLeaveTheCopyOfAValueItsEntityLeftMeanwhile(Stores stores) throws Exception {
    try (TableBackend store = stores.newStore();
        TableMapper writer = ManualCompletion.builder(DyingBackend.unclosed(store)).build()) {
      StafferRepository staff = writer.repository(StafferRepository.class);
      staff.insert(new Staffer("Sales", 1, "Ann", "Old", "old@x", 1));

      // a second writer inserts the same entity again (a refusal to come); right after its claim re-wrote the copy
      // of old@x, the entity moves to new@x and that write finishes its own work
      AfterClaim hooked = new AfterClaim(store, "email_old@x",
          () -> staff.update(new Staffer("Sales", 1, "Ann", "New", "new@x", 2)));
      try (TableMapper second = ManualCompletion.builder(hooked).build()) {
        assertThatThrownBy(() -> second.repository(StafferRepository.class)
            .insert(new Staffer("Sales", 1, "Ann", "Old", "old@x", 1)))
            .isInstanceOf(EntityExistsException.class);
      }
      assertThat(hooked.fired).as("the other write ran between the claim and the transaction").isTrue();
      while (writer.completePending() > 0) {
        // until nothing is left
      }

      assertThat(RawRows.get(store, "Staff", "Sales", ENTITY_ROW).get("email")).isEqualTo("new@x");
      assertThat(copies(store, "Staff", "email_new@x")).containsExactly(ENTITY_ROW);
      assertThat(copies(store, "Staff", "email_old@x")).as("the copy of the value the entity left").isEmpty();
      assertThat(RawRows.all(store, PendingRows.REGISTRY_TABLE)).as("registry entries left").isEmpty();
      assertThat(RawRows.all(store, "Staff")).as("work records left")
          .noneMatch(row -> row.rowKey().startsWith(PendingRows.WORK_ROW_PREFIX));
      staff.insert(new Staffer("Marketing", 2, "Bo", "Other", "old@x", 1)); // no one holds old@x
      assertThat(copies(store, "Staff", "email_old@x")).containsExactly("empid_00000002");
    }
  }

  private static List<String> copies(TableBackend store, String table, String partitionKey) {
    return RawRows.partition(store, table, partitionKey).stream()
        .map(row -> String.valueOf(row.get(EntityMapping.PRIMARY_ROW_KEY_PROPERTY)))
        .toList();
  }

  /** Runs an action once, right after the first claim (a write listing work ids) of a row in one partition. */
  private static final class AfterClaim extends ForwardingBackend {
    private final String partitionKey;
    private final Runnable action;
    volatile boolean fired;

    AfterClaim(TableBackend store, String partitionKey, Runnable action) {
      super(store);
      this.partitionKey = partitionKey;
      this.action = action;
    }

    @Override
    public WriteResult write(String table, WriteOperation operation) {
      WriteResult result = delegate.write(table, operation);
      TableRow row = operation.row();
      if (!fired && row.partitionKey().equals(partitionKey) && row.has(EntityMapping.WORK_IDS_PROPERTY)) {
        fired = true;
        action.run();
      }
      return result;
    }

    @Override
    public void close() {
      // the store is the test's
    }
  }
}
