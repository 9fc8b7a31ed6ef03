package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.fixtures.Holder;
import io.tablemapper.tck.fixtures.HolderRepository;
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
 * unique value stays its own, and the value it left can be claimed; an entity that returned to a list's value while
 * a stale unlisting was in flight is listed there again.
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
      DyingBackend.writeThenDie(store,
          dying -> dying.repository(StafferRepository.class).update(new Staffer("Sales", 1, "Ann", "New", "new@x", 1)));
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

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aDelayedUnlistingThatRacedTheEntitysReturnToItsValueListsItThereAgain(Stores stores) throws Exception {
    try (TableBackend store = stores.newStore();
        TableMapper writer = ManualCompletion.builder(DyingBackend.unclosed(store)).build()) {
      HolderRepository holders = writer.repository(HolderRepository.class);
      // only the key list lies beyond the partition: the other remote indexes' values are null (sparse)
      holders.insert(new Holder("g0", 1, "n", null, null, null, null, "blue", 0, null));

      // a process leaves blue, and dies right after its transaction: its unlisting is left recorded
      DyingBackend.writeThenDie(store,
          dying -> dying.repository(HolderRepository.class).update(
              new Holder("g0", 1, "n", null, null, null, null, null, 1, null)));

      // a completer takes the work, reads the entity as it is now (no color), then blue's list, and stalls there
      Holding held = new Holding(store);
      CountDownLatch read = held.holdAfterReading("HolderColors", "blue", "ids");
      TableMapper completer = ManualCompletion.builder(held).build();
      CompletableFuture<Long> completing = CompletableFuture.supplyAsync(completer::completePending);
      assertThat(read.await(30, TimeUnit.SECONDS)).as("the completer read the list").isTrue();

      // meanwhile the entity returns to blue, and that write finishes its own work: it finds itself listed there
      holders.update(new Holder("g0", 1, "n", null, null, null, null, "blue", 2, null));

      // the completer unlists it from blue, from the state it read; then, seeing the entity changed, lists it again
      held.release();
      completing.get(60, TimeUnit.SECONDS);
      completer.close();
      while (writer.completePending() > 0) {
        // until nothing is left
      }

      assertThat(holders.findByColor("blue")).extracting(Holder::holderId).containsExactly(1);
      assertThat(writer.indexes(Holder.class).verify("byColor").missing()).isZero();
    }
  }

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aDelayedCopyDeleteThatRacedTheEntitysReturnToItsValueWritesTheCopyAgain(Stores stores) throws Exception {
    try (TableBackend store = stores.newStore();
        TableMapper writer = ManualCompletion.builder(DyingBackend.unclosed(store)).build()) {
      HolderRepository holders = writer.repository(HolderRepository.class);
      // only the partial copy per city lies beyond the partition: the other remote indexes' values are null
      holders.insert(new Holder("g0", 1, "n", null, null, "c0", null, null, 0, null));

      // a process moves it to c1, and dies right after its transaction: its copy's move is left recorded
      DyingBackend.writeThenDie(store,
          dying -> dying.repository(HolderRepository.class).update(
              new Holder("g0", 1, "n", null, null, "c1", null, null, 1, null)));

      // a completer takes the work; about to delete c0's copy, it reads the copy, then the entity (in c1), and
      // stalls there
      Holding held = new Holding(store);
      CountDownLatch read = held.holdAfterReading("Holders", "g0", "h_0001",
          List.of("HoldersByCity", "c0", "g0_0001"));
      TableMapper completer = ManualCompletion.builder(held).build();
      CompletableFuture<Long> completing = CompletableFuture.supplyAsync(completer::completePending);
      assertThat(read.await(30, TimeUnit.SECONDS)).as("the completer read the entity after the copy").isTrue();

      // meanwhile the entity returns to c0, and that write finishes its own work: it finds its copy there, unchanged
      holders.update(new Holder("g0", 1, "n", null, null, "c0", null, null, 2, null));

      // the completer deletes c0's copy, from the state it read; then, seeing the entity changed, writes it again
      held.release();
      completing.get(60, TimeUnit.SECONDS);
      completer.close();
      while (writer.completePending() > 0) {
        // until nothing is left
      }

      assertThat(copies(store, "HoldersByCity", "c0")).as("the partial copy").containsExactly("h_0001");
      assertThat(copies(store, "HoldersByCity", "c1")).as("the partial copy left").isEmpty();
      assertThat(writer.indexes(Holder.class).verify("byCity").missing()).isZero();
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

  /**
   * A backend that, once armed, lets one point read of a row through and then holds its answer until released: the
   * first read of the row, or the first after a read of another row.
   */
  private static final class Holding extends ForwardingBackend {
    private final CountDownLatch released = new CountDownLatch(1);
    private String table;
    private String partitionKey;
    private String rowKey;
    private List<String> after;
    private CountDownLatch read;

    Holding(TableBackend store) {
      super(store);
    }

    synchronized CountDownLatch holdAfterReading(String table, String partitionKey, String rowKey) {
      return holdAfterReading(table, partitionKey, rowKey, null);
    }

    /** Holds the first read of a row that follows a read of the row at {@code after} (table, PartitionKey, RowKey). */
    synchronized CountDownLatch holdAfterReading(String table, String partitionKey, String rowKey,
        List<String> after) {
      this.table = table;
      this.partitionKey = partitionKey;
      this.rowKey = rowKey;
      this.after = after;
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
      if (after != null && after.equals(List.of(table, partitionKey, rowKey))) {
        after = null; // armed: the next read of the row is held
        return false;
      }
      if (read == null || read.getCount() == 0 || after != null || !table.equals(this.table)
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
