package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.EventualBatch;
import io.tablemapper.api.TableMapper;
import io.tablemapper.runtime.rows.PendingRows;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.fixtures.Clerk;
import io.tablemapper.tck.fixtures.ClerkRepository;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A work record an earlier version wrote without {@code TmHolder}, within a few bytes of the store's row size: a take,
 * which adds the holder, is refused as too large, and the run goes on without a take, as that version ran it. The
 * work is done, and completePending() neither fails nor stops short of other work.
 */
class OldRecordTakeTest {
  private static final int CLERKS = 18;
  private static final int BASE = 27_000;

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aRecordOfTheEarlierFormatThatFillsItsRowIsRunOrFailedOnce(Stores stores) {
    long extra = sized(stores);
    try (TableBackend store = stores.newStore();
        TableMapper mapper = ManualCompletion.builder(DyingBackend.unclosed(store)).build()) {
      leave(store, extra);
      long size = asEarlierVersionWroteIt(store);
      assertThat(StoreLimits.MAX_ENTITY_SIZE - size).as("the old record's room left").isBetween(0L, 60L);
      List<String> failures = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        try {
          mapper.completePending();
        } catch (RuntimeException failed) {
          failures.add(failed.getClass().getSimpleName() + ": " + failed.getMessage());
        }
      }
      List<String> states = record(store).stream().map(row -> PendingRows.state(row).name()).toList();
      // the least the commit promises: refused once, the record marked failed, later calls quiet
      assertThat(failures.size()).as("completePending() calls that failed (of 3; record states %s; first: %s)",
          states, failures.isEmpty() ? "" : failures.get(0)).isLessThanOrEqualTo(1);
      // what the version that wrote the record did: run it to its end
      assertThat(RawRows.partition(store, "Clerks", "Sales")).filteredOn(row -> row.rowKey().startsWith("clerk_"))
          .as("the batch's clerks; record states %s", states).hasSize(CLERKS);
      assertThat(mapper.repository(ClerkRepository.class).findByLastName("Lee")).hasSize(CLERKS);
    }
  }

  /**
   * Other pending work, of writers that died after their transactions, beside the full record: completePending()
   * completes it all (a pass that stopped at the full record would never get to the entries after it).
   */
  @ParameterizedTest
  @EnumSource(Stores.class)
  void otherWorkAfterItIsStillCompleted(Stores stores) {
    long extra = sized(stores);
    try (TableBackend store = stores.newStore();
        TableMapper mapper = ManualCompletion.builder(DyingBackend.unclosed(store)).build()) {
      leave(store, extra);
      asEarlierVersionWroteIt(store);
      // other writers' work: wherever the registry's order puts it, before or after the full record's entry
      for (int clerk = 1; clerk <= 3; clerk++) {
        Clerk written = new Clerk("Support", clerk, "Ann", "Kim", null, null);
        DyingBackend.writeThenDie(store, dying -> dying.repository(ClerkRepository.class).insert(written));
      }
      List<String> failures = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        try {
          mapper.completePending();
        } catch (RuntimeException failed) {
          failures.add(failed.getClass().getSimpleName());
        }
      }
      long kims = RawRows.partition(store, "Clerks", "Support").stream()
          .filter(row -> row.rowKey().startsWith("clerk_")).count();
      assertThat(mapper.repository(ClerkRepository.class).findByLastName("Kim"))
          .as("the other writers' clerks listed by last name (completePending() failures: %s)", failures)
          .hasSize((int) kims);
      assertThat(kims).as("the other writers' clerks").isEqualTo(3);
      assertThat(failures).as("completePending() failures").isEmpty();
    }
  }

  /** The characters to add for the record to leave 0 to 60 bytes of its row free, found on throw-away stores. */
  private static long sized(Stores stores) {
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
    return extra;
  }

  /** Commits the batch in a process that dies right after its transaction; the recorded work's row size. */
  private static long leave(TableBackend store, long extra) {
    try (TableMapper dying = ManualCompletion.builder(DyingBackend.afterRecording(store)).build()) {
      EventualBatch batch = dying.eventually();
      for (int i = 1; i <= CLERKS; i++) {
        long more = i == 1 ? 0 : extra / (CLERKS - 1) + (i == CLERKS ? extra % (CLERKS - 1) : 0);
        batch.insert(new Clerk("Sales", i, "x".repeat((int) (BASE + more)), "Lee", null, null));
      }
      batch.commit();
    } catch (RuntimeException died) {
      // the writer's process died after its transaction
    }
    List<TableRow> records = record(store);
    return records.size() == 1 ? StoreLimits.entitySize(records.get(0)) : -1;
  }

  private static List<TableRow> record(TableBackend store) {
    return RawRows.partition(store, "Clerks", "Sales").stream()
        .filter(row -> row.rowKey().startsWith(PendingRows.WORK_ROW_PREFIX)).toList();
  }

  /**
   * Rewrites the record as the earlier version wrote it: without {@code TmHolder}, one recorded clerk's first name
   * longer by as many characters as leave the row 0 to 60 bytes free (the batch that version would have recorded
   * with that name); the row's size.
   */
  private static long asEarlierVersionWroteIt(TableBackend store) {
    TableRow written = record(store).get(0);
    StringBuilder json = new StringBuilder();
    for (int chunk = 0; written.get(PendingRows.STEPS + chunk) instanceof String part; chunk++) {
      json.append(part);
    }
    int name = json.indexOf("xxxxxxxxxx");
    assertThat(name).as("a recorded clerk's first name in the record").isPositive();
    TableRow rewritten = written;
    for (int longer = 0; longer < 200; longer++) {
      rewritten = rechunked(written, new StringBuilder(json).insert(name, "x".repeat(longer)));
      long room = StoreLimits.MAX_ENTITY_SIZE - StoreLimits.entitySize(rewritten);
      if (room <= 60) {
        break;
      }
    }
    TableRow.Builder old = rewritten.toBuilder();
    store.write("Clerks", WriteOperation.replace(old.build(), written.etag()));
    TableRow now = record(store).get(0);
    assertThat(now.get(PendingRows.HOLDER)).as("the record as the earlier version wrote it").isNull();
    assertThat(PendingRows.steps(now)).as("its steps, readable").hasSize(PendingRows.steps(written).size());
    return StoreLimits.entitySize(now);
  }

  /** The record without {@code TmHolder}, its steps' JSON this one. */
  private static TableRow rechunked(TableRow written, CharSequence json) {
    TableRow.Builder old = written.toBuilder().remove(PendingRows.HOLDER);
    for (int chunk = 0; written.get(PendingRows.STEPS + chunk) instanceof String; chunk++) {
      old.remove(PendingRows.STEPS + chunk);
    }
    for (int chunk = 0; chunk * PendingRows.CHUNK < json.length(); chunk++) {
      old.putString(PendingRows.STEPS + chunk, json.subSequence(chunk * PendingRows.CHUNK,
          Math.min(json.length(), (chunk + 1) * PendingRows.CHUNK)).toString());
    }
    return old.build();
  }
}
