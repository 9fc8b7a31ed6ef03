package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.fixtures.Staffer;
import io.tablemapper.tck.fixtures.StafferRepository;
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
 * A reconciliation that read its entity, then stalled while a newer write of the entity finished its own: what it
 * then writes never undoes the newer state. The copies left are the ones the entity's current values imply, its
 * unique value stays its own, and the value it left can be claimed.
 */
class StaleReconciliationTest {
  private static final String ENTITY_ROW = "empid_00000001";

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aReconciliationDelayedPastANewerWriteLeavesTheCopiesOfTheEntitysCurrentValues(Stores stores)
      throws Exception {
    try (TableBackend store = stores.newStore();
        TableMapper writer = ManualCompletion.builder(DyingBackend.unclosed(store)).build()) {
      StafferRepository staff = writer.repository(StafferRepository.class);
      staff.insert(new Staffer("Sales", 1, "Ann", "Old", "old@x", 1));

      // a process writes the new values, and dies right after its transaction: the work is left recorded
      try (TableMapper dying = ManualCompletion.builder(DyingBackend.afterRecording(store)).build()) {
        try {
          dying.repository(StafferRepository.class).update(new Staffer("Sales", 1, "Ann", "New", "new@x", 1));
        } catch (RuntimeException died) {
          // the process died after the transaction: what matters is what the store holds
        }
      }
      assertThat(row(store, "Sales", ENTITY_ROW).get("email")).isEqualTo("new@x");

      // a completer takes the work, reads the entity as it is now (new@x), and stalls there
      Holding held = new Holding(store);
      CountDownLatch read = held.holdAfterReading("Staff", "Sales", ENTITY_ROW);
      TableMapper completer = ManualCompletion.builder(held).build();
      CompletableFuture<Long> completing = CompletableFuture.supplyAsync(completer::completePending);
      assertThat(read.await(30, TimeUnit.SECONDS)).as("the completer read the entity").isTrue();

      // meanwhile the entity moves back, and that write finishes its own work
      staff.update(new Staffer("Sales", 1, "Ann", "Old", "old@x", 1));

      held.release();
      completing.get(60, TimeUnit.SECONDS);
      completer.close();
      while (writer.completePending() > 0) {
        // until nothing is left
      }

      assertThat(copies(store, "Staff", "email_old@x")).as("the unique value's copy").containsExactly(ENTITY_ROW);
      assertThat(copies(store, "Staff", "email_new@x")).as("the value the entity left").isEmpty();
      assertThat(copies(store, "StaffByLastName", "Old")).as("the partial copy").containsExactly(ENTITY_ROW);
      assertThat(copies(store, "StaffByLastName", "New")).as("the partial copy left").isEmpty();
      assertThatThrownBy(() -> staff.insert(new Staffer("Marketing", 2, "Bo", "Other", "old@x", 1)))
          .isInstanceOf(EntityExistsException.class);
      staff.insert(new Staffer("Marketing", 3, "Cy", "Other", "new@x", 1));
      assertThat(copies(store, "Staff", "email_new@x")).containsExactly("empid_00000003");
    }
  }

  /** The entity RowKeys the copies in one partition of an index table point to. */
  private static List<String> copies(TableBackend store, String table, String partitionKey) {
    return RawRows.partition(store, table, partitionKey).stream()
        .map(row -> String.valueOf(row.get(EntityMapping.PRIMARY_ROW_KEY_PROPERTY)))
        .toList();
  }

  private static TableRow row(TableBackend store, String partitionKey, String rowKey) {
    return RawRows.get(store, "Staff", partitionKey, rowKey);
  }

  /** A backend that, once armed, lets one point read of a row through and then holds its answer until released. */
  private static final class Holding extends ForwardingBackend {
    private final CountDownLatch released = new CountDownLatch(1);
    private String table;
    private String partitionKey;
    private String rowKey;
    private CountDownLatch read;

    Holding(TableBackend store) {
      super(store);
    }

    synchronized CountDownLatch holdAfterReading(String table, String partitionKey, String rowKey) {
      this.table = table;
      this.partitionKey = partitionKey;
      this.rowKey = rowKey;
      this.read = new CountDownLatch(1);
      return read;
    }

    void release() {
      released.countDown();
    }

    @Override
    public Optional<TableRow> get(String table, String partitionKey, String rowKey) {
      Optional<TableRow> answer = delegate.get(table, partitionKey, rowKey);
      if (first(table, partitionKey, rowKey)) {
        try {
          released.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return answer;
    }

    private synchronized boolean first(String table, String partitionKey, String rowKey) {
      if (read == null || read.getCount() == 0 || !table.equals(this.table)
          || !partitionKey.equals(this.partitionKey) || !rowKey.equals(this.rowKey)) {
        return false;
      }
      read.countDown();
      return true;
    }

    @Override
    public void close() {
      // the store is the test's, closed with the writer's mapper
    }
  }
}
