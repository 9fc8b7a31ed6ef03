package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.EntityExistsException;
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
 * A writer that claimed a unique value and stalled past the grace period right before its transaction, while
 * another entity takes the value over: the take-over retires the stalled write's id, so its transaction fails, and
 * its retry under a new id finds the value held. One holder at any time, and nothing left pending.
 */
class StalledClaimTakeOverTest {

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aTakeOverOfAStalledWritersClaimRefusesItsTransaction(Stores stores) {
    try (TableBackend store = stores.newStore();
        TableMapper other = ManualCompletion.retiringAtOnce(DyingBackend.unclosed(store)).build()) {
      StafferRepository staff = other.repository(StafferRepository.class);
      staff.insert(new Staffer("Sales", 9, "Zed", "Any", "zed@x", 1)); // tables created

      BeforeRecording hooked = new BeforeRecording(store, () -> {
        staff.insert(new Staffer("Marketing", 2, "Bo", "Other", "v@x", 1)); // takes the stalled claim over
        assertThat(copies(store, "email_v@x")).containsExactly("empid_00000002");
      });
      try (TableMapper stalled = ManualCompletion.retiringAtOnce(hooked).build()) {
        assertThatThrownBy(() -> stalled.repository(StafferRepository.class)
            .insert(new Staffer("Sales", 1, "Ann", "Old", "v@x", 1)))
            .isInstanceOf(EntityExistsException.class);
      }
      assertThat(hooked.fired).isTrue();
      while (other.completePending() > 0) {
        // until nothing is left
      }

      assertThat(RawRows.get(store, "Staff", "Sales", "empid_00000001")).as("the stalled write's entity").isNull();
      assertThat(copies(store, "email_v@x")).containsExactly("empid_00000002");
      assertThat(RawRows.all(store, PendingRows.REGISTRY_TABLE)).as("registry entries left").isEmpty();
      assertThat(RawRows.all(store, "Staff")).as("pending work records left")
          .noneMatch(row -> row.rowKey().startsWith(PendingRows.WORK_ROW_PREFIX)
              && !"CANCELLED".equals(row.get(PendingRows.STATE)));
    }
  }

  private static List<String> copies(TableBackend store, String partitionKey) {
    return RawRows.partition(store, "Staff", partitionKey).stream()
        .map(row -> String.valueOf(row.get(EntityMapping.PRIMARY_ROW_KEY_PROPERTY)))
        .toList();
  }

  /** Runs an action once, right before the first transaction that records pending work. */
  private static final class BeforeRecording extends ForwardingBackend {
    private final Runnable action;
    boolean fired;

    BeforeRecording(TableBackend store, Runnable action) {
      super(store);
      this.action = action;
    }

    @Override
    public List<WriteResult> batch(String table, List<WriteOperation> operations) {
      if (!fired && operations.stream()
          .anyMatch(operation -> operation.row().rowKey().startsWith(PendingRows.WORK_ROW_PREFIX))) {
        fired = true;
        action.run();
      }
      return delegate.batch(table, operations);
    }

    @Override
    public void close() {
      // the store is the test's
    }
  }
}
