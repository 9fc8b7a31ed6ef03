package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.EventualBatch;
import io.tablemapper.api.TableMapper;
import io.tablemapper.runtime.rows.PendingRows;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.fixtures.Clerk;
import io.tablemapper.tck.fixtures.ClerkRepository;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A work record the writer's transaction wrote within a few bytes of the store's row size: a run's take writes its
 * id where the record holds the holder placeholder of the same length ({@code PendingRows.NO_HOLDER}), so the row
 * stays within the size, and the recorded work is done.
 */
class FullRecordTakeTest {
  private static final int CLERKS = 18;
  private static final int BASE = 27_000;

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aRecordThatFillsItsRowIsStillRunToItsEnd(Stores stores) {
    // the characters to add for the record to leave 0 to 60 bytes of its row free, found on throw-away stores
    long extra = 0;
    long measured = -1;
    for (int attempt = 0; attempt < 8; attempt++) {
      try (TableBackend store = stores.newStore()) {
        measured = leave(store, extra);
      }
      long room = StoreLimits.MAX_ENTITY_SIZE - measured;
      if (measured >= 0 && room >= 0 && room <= 60) {
        break;
      }
      extra = measured < 0 ? extra - 40 : extra + (room - 30) / 2;
    }
    try (TableBackend store = stores.newStore();
        TableMapper mapper = ManualCompletion.builder(DyingBackend.unclosed(store)).build()) {
      long size = leave(store, extra);
      assertThat(StoreLimits.MAX_ENTITY_SIZE - size).as("the record's room left (measured %d first)", measured)
          .isBetween(0L, 60L);
      List<String> failures = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        try {
          mapper.completePending();
        } catch (RuntimeException failed) {
          failures.add(failed.getClass().getSimpleName() + ": " + failed.getMessage());
        }
      }
      assertThat(RawRows.partition(store, "Clerks", "Sales")).filteredOn(row -> row.rowKey().startsWith("clerk_"))
          .as("the batch's clerks; failures: %s", failures).hasSize(CLERKS);
      assertThat(mapper.repository(ClerkRepository.class).findByLastName("Lee")).as("failures: %s", failures)
          .hasSize(CLERKS);
      assertThat(failures).as("completePending() failures").isEmpty();
      assertThat(RawRows.partition(store, "Clerks", "Sales")).filteredOn(row -> row.rowKey()
          .startsWith(PendingRows.WORK_ROW_PREFIX)).as("the work records left; failures: %s", failures).isEmpty();
    }
  }

  /** Commits the batch in a process that dies right after its transaction; the recorded work's row size. */
  private static long leave(TableBackend store, long extra) {
    List<String> thrown = new ArrayList<>();
    try (TableMapper dying = ManualCompletion.builder(DyingBackend.afterRecording(store)).build()) {
      EventualBatch batch = dying.eventually();
      for (int i = 1; i <= CLERKS; i++) {
        long more = i == 1 ? 0 : extra / (CLERKS - 1) + (i == CLERKS ? extra % (CLERKS - 1) : 0);
        batch.insert(new Clerk("Sales", i, "x".repeat((int) (BASE + more)), "Lee", null, null));
      }
      batch.commit();
    } catch (RuntimeException died) {
      thrown.add(died.getClass().getSimpleName() + ": " + died.getMessage());
    }
    List<TableRow> records = RawRows.partition(store, "Clerks", "Sales").stream()
        .filter(row -> row.rowKey().startsWith(PendingRows.WORK_ROW_PREFIX)).toList();
    return records.size() == 1 ? StoreLimits.entitySize(records.get(0)) : -1;
  }
}
