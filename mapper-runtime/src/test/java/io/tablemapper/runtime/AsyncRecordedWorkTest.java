package io.tablemapper.runtime;

import static io.tablemapper.runtime.OneThreadAsync.join;
import static io.tablemapper.runtime.Waits.eventually;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.PendingWorkException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.runtime.fixtures.ClerkAsyncRepository;
import io.tablemapper.runtime.fixtures.StafferAsyncRepository;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.fixtures.Clerk;
import io.tablemapper.tck.fixtures.ClerkRepository;
import io.tablemapper.tck.fixtures.Staffer;
import io.tablemapper.tck.fixtures.StafferRepository;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import io.tablemapper.runtime.support.AsyncRunner;
import io.tablemapper.runtime.rows.PendingRows;

/**
 * The work an async write records with its transaction — the reconciliation of each remote index of its entity (the
 * copies of a {@link Staffer} in other partitions and tables, the key lists of a {@link Clerk}) — done through the
 * async path after the transaction, on every backend: the same rows and results as the blocking write, the same
 * {@link PendingWorkException} for a step that fails for good (its record marked failed), and on Azure the whole
 * write, the registry table's creation included, done with the mapper's only executor thread taken.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class AsyncRecordedWorkTest {
  private static final List<String> TABLES =
      List.of("Staff", "StaffByLastName", "StaffByGrade", "Clerks", "ClerkIDs", "ClerkTeams");

  private final Stores stores;
  @RegisterExtension final OneThreadAsync one = new OneThreadAsync();

  AsyncRecordedWorkTest(Stores stores) {
    this.stores = stores;
  }

  /** A mapper whose async operations have one thread, without a background completer. */
  private TableMapper mapper(TableBackend backend) {
    return one.mapper(ManualCompletion.builder(backend));
  }

  /**
   * What a write came to: its result, or its exception's class, failed step and message (the work id, random,
   * replaced), with its cause's.
   */
  private static String outcome(Supplier<?> write) {
    try {
      return "stored " + write.get();
    } catch (PendingWorkException e) {
      return "PendingWorkException at " + e.failedStep() + ": " + e.getMessage().replace(e.workId(), "ID")
          + " / " + e.getCause().getClass().getSimpleName() + ": " + e.getCause().getMessage();
    } catch (RuntimeException e) {
      return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }

  /** Every row of the tables, without what each store makes its own (ETags, Timestamps) and the random work ids. */
  private static List<String> rows(TableBackend store) {
    List<String> rows = new ArrayList<>();
    for (String table : TABLES) {
      RawRows.all(store, table).stream()
          .filter(row -> !row.rowKey().startsWith(PendingRows.WORK_ROW_PREFIX))
          .map(row -> table + " " + row.partitionKey() + "/" + row.rowKey() + " " + withoutWorkIds(row))
          .forEach(rows::add);
    }
    return rows;
  }

  /**
   * Writes whose recorded work has several steps, on one path: staffers with three remote indexes each (a unique
   * email in another partition, copies in two other tables), changed so that each copy moves; clerks with three key
   * lists, moved from one list to another, and deleted; a batch of two staffers.
   */
  private static List<String> script(TableMapper mapper, boolean async) {
    StafferRepository staff = mapper.repository(StafferRepository.class);
    StafferAsyncRepository staffLater = mapper.repository(StafferAsyncRepository.class);
    ClerkRepository clerks = mapper.repository(ClerkRepository.class);
    ClerkAsyncRepository clerksLater = mapper.repository(ClerkAsyncRepository.class);
    List<String> outcomes = new ArrayList<>();
    for (int i = 1; i <= 3; i++) {
      Staffer staffer = new Staffer("Sales", i, "F" + i, "Lane", "s" + i + "@contoso.com", i);
      outcomes.add(outcome(() -> async ? join(staffLater.insert(staffer)) : staff.insert(staffer)));
      Clerk clerk = new Clerk(i % 2 == 0 ? "Sales" : "Support", i, "C" + i, "Jones", "audit", "red");
      outcomes.add(outcome(() -> async ? join(clerksLater.insert(clerk)) : clerks.insert(clerk)));
    }
    // a value change: each copy and claim moves, the old ones deleted by the reconciliation
    Staffer moved = new Staffer("Sales", 2, "F2", "Kwok", "moved@contoso.com", 9);
    outcomes.add(outcome(() -> async ? join(staffLater.update(moved)) : staff.update(moved)));
    Staffer merged = new Staffer("Sales", 3, "F3", "Bell", "s3@contoso.com", null); // its last name copy moves
    outcomes.add(outcome(() -> async ? join(staffLater.merge(merged)) : staff.merge(merged)));
    Clerk renamed = new Clerk("Sales", 2, "C2", "Smith", null, "blue"); // unlisted from three lists, listed in two
    outcomes.add(outcome(() -> async ? join(clerksLater.update(renamed)) : clerks.update(renamed)));
    Clerk gone = new Clerk("Support", 1, "C1", "Jones", "audit", "red");
    outcomes.add(outcome(() -> {
      if (async) {
        join(clerksLater.delete(gone));
      } else {
        clerks.delete(gone);
      }
      return "deleted";
    }));
    Supplier<List<Object>> batch = () -> {
      var writes = mapper.batch("Staff", "Sales")
          .insert(new Staffer("Sales", 10, "Di", "Lane", "di@contoso.com", 2))
          .update(new Staffer("Sales", 1, "F1", "Moe", "s1new@contoso.com", 1));
      return async ? join(writes.commitAsync()) : writes.commit();
    };
    outcomes.add(outcome(batch));
    return outcomes;
  }

  @Test
  void asyncWritesWhoseRecordedWorkHasSeveralStepsStoreWhatTheBlockingOnesStore() {
    TableBackend left = stores.newStore();
    TableBackend right = stores.newStore();

    List<String> blocking = script(mapper(left), false);
    List<String> async = script(mapper(right), true);

    assertThat(async).isEqualTo(blocking).allSatisfy(outcome -> assertThat(outcome).doesNotContain("Exception"));
    assertThat(rows(right)).isEqualTo(rows(left));
    assertThat(rows(right))
        .anySatisfy(row -> assertThat(row).startsWith("Staff email_moved@contoso.com/employee "))
        .noneSatisfy(row -> assertThat(row).startsWith("Staff email_s2@contoso.com/")) // the old claim deleted
        .noneSatisfy(row -> assertThat(row).startsWith("Staff email_s1@contoso.com/")) // moved by the batch
        .anySatisfy(row -> assertThat(row).startsWith("Staff email_s1new@contoso.com/employee "))
        .anySatisfy(row -> assertThat(row).startsWith("StaffByLastName Kwok/Sales_00000002 "))
        .noneSatisfy(row -> assertThat(row).startsWith("StaffByLastName Lane/Sales_00000002 "))
        .anySatisfy(row -> assertThat(row).startsWith("StaffByGrade Sales/grade_009_00000002 "))
        .anySatisfy(row -> assertThat(row).startsWith("ClerkIDs Smith/ids "))
        .anySatisfy(row -> assertThat(row).startsWith("ClerkTeams Sales/blue "));
    ClerkRepository clerks = mapper(right).repository(ClerkRepository.class);
    assertThat(clerks.findByLastName("Jones")).extracting(Clerk::clerkId).containsExactly(3);
    assertThat(clerks.findByLastName("Smith")).extracting(Clerk::clerkId).containsExactly(2);
    assertThat(RawRows.all(right, PendingRows.REGISTRY_TABLE)).as("no work left").isEmpty();
    assertThat(RawRows.all(left, PendingRows.REGISTRY_TABLE)).isEmpty();
    for (TableBackend store : List.of(left, right)) {
      for (String table : TABLES) {
        assertThat(RawRows.all(store, table)).as("no record left in %s", table)
            .noneSatisfy(row -> assertThat(row.rowKey()).startsWith(PendingRows.WORK_ROW_PREFIX));
      }
    }
  }

  @Test
  void aRecordedStepThatFailsForGoodFailsTheFutureWithThePendingWorkExceptionTheBlockingWriteThrows() {
    List<String> outcomes = new ArrayList<>();
    List<List<String>> stored = new ArrayList<>();
    for (boolean async : new boolean[] {false, true}) {
      TableBackend store = stores.newStore();
      TableMapper mapper = mapper(store);
      ClerkRepository clerks = mapper.repository(ClerkRepository.class);
      clerks.insert(new Clerk("Sales", 1, "Ken", "Kwok", "audit", "red")); // creates the tables
      // a row of no list under the keys of the list of last name "Taken": the first step can never succeed
      store.write("ClerkIDs", WriteOperation.insert(TableRow.builder("Taken", "ids").putString("Note", "mine")
          .build()));
      Clerk taken = new Clerk("Sales", 2, "Tim", "Taken", "audit", "red");

      if (async) {
        CompletableFuture<Clerk> write = mapper.repository(ClerkAsyncRepository.class).insert(taken);
        assertThatThrownBy(write::join).isInstanceOf(CompletionException.class)
            .cause().isInstanceOf(PendingWorkException.class);
        outcomes.add(outcome(() -> join(write)));
      } else {
        outcomes.add(outcome(() -> clerks.insert(taken)));
      }
      List<TableRow> records = RawRows.all(store, "Clerks").stream()
          .filter(row -> row.rowKey().startsWith(PendingRows.WORK_ROW_PREFIX)).toList();
      assertThat(records).as("the record kept, marked failed").singleElement()
          .satisfies(record -> assertThat(record.getString(PendingRows.STATE)).isEqualTo("FAILED"))
          .satisfies(record -> assertThat(record.getString(PendingRows.FAILURE)).contains("failed for good"));
      assertThat(RawRows.all(store, PendingRows.REGISTRY_TABLE)).as("its entry marked failed").singleElement()
          .satisfies(entry -> assertThat(entry.getString(PendingRows.STATE)).isEqualTo("FAILED"));
      assertThat(mapper.completePending()).as("never tried again").isZero();
      stored.add(rows(store));
    }
    assertThat(outcomes.get(1)).isEqualTo(outcomes.get(0))
        .startsWith("PendingWorkException at 0: the pending ")
        .contains("failed for good", "is stored under those keys", "marked failed")
        .contains(" / " + TableMapperException.class.getSimpleName()
            + ": index 'byLastName' cannot keep its list for the value (PartitionKey 'Taken', RowKey 'ids') in table"
            + " ClerkIDs: a row of type ");
    assertThat(stored.get(1)).as("the entity stored, the steps after the failed one not applied")
        .isEqualTo(stored.get(0))
        .anySatisfy(row -> assertThat(row).startsWith("Clerks Sales/clerk_00000002 "));
  }

  @Test
  void onAzureTwentyWritesWithRemoteIndexesCompleteWholeIntoADroppedRegistryWhileTheMappersOnlyThreadIsTaken()
      throws Exception {
    TableBackend store = stores.newStore();
    TableMapper mapper = mapper(store);
    StafferAsyncRepository staff = mapper.repository(StafferAsyncRepository.class);
    staff.insert(new Staffer("Seed", 0, "Seed", "Seed", "seed@contoso.com", 1)).join(); // the tables created
    // the registry dropped: the first entry finds it missing, and creates it again
    assertThat(store.deleteTableIfExists(PendingRows.REGISTRY_TABLE)).isTrue();
    CountDownLatch release = new CountDownLatch(1);
    one.take(release); // the mapper's only async thread is taken

    List<CompletableFuture<Staffer>> writes = new ArrayList<>();
    for (int i = 1; i <= 20; i++) {
      writes.add(staff.insert(new Staffer("D" + i % 4, i, "F" + i, "Lane", "e" + i + "@contoso.com", i)));
    }
    if (stores == Stores.AZURE) {
      // the SDK's async client: the registry's creation, each entry, claim, transaction, reconciliation and
      // deletion is sent and answered with no thread of the mapper free; only the results are handed over on the
      // executor (AsyncRunner), once it is free
      assertThat(eventually(() -> storedWhole(store))).as("the twenty writes done with the executor taken").isTrue();
      assertStoredWhole(store);
      assertThat(writes).noneMatch(CompletableFuture::isDone);
    }
    release.countDown();

    for (int i = 1; i <= 20; i++) {
      assertThat(writes.get(i - 1).get(60, TimeUnit.SECONDS).employeeId()).isEqualTo(i);
    }
    assertStoredWhole(store);
  }

  /** Whether the twenty staffers are stored with their claims and copies, and no work is left. */
  private static boolean storedWhole(TableBackend store) {
    try {
      assertStoredWhole(store);
      return true;
    } catch (AssertionError notYet) {
      return false;
    }
  }

  /** The twenty staffers stored with their claims and copies, and no work left. */
  private static void assertStoredWhole(TableBackend store) {
    for (int i = 1; i <= 20; i++) {
      String department = "D" + i % 4;
      assertThat(store.get("Staff", department, String.format("empid_%08d", i))).as("entity %d", i).isPresent();
      assertThat(store.get("Staff", "email_e" + i + "@contoso.com", "employee")).as("claim %d", i).isPresent();
      assertThat(store.get("StaffByGrade", department, String.format("grade_%03d_%08d", i, i)))
          .as("grade copy %d", i).isPresent();
      assertThat(store.get("StaffByLastName", "Lane", String.format("%s_%08d", department, i)))
          .as("last name copy %d", i).isPresent();
    }
    assertThat(RawRows.all(store, PendingRows.REGISTRY_TABLE)).as("the registry, created again, empty").isEmpty();
    assertThat(RawRows.all(store, "Staff")).as("no record left")
        .noneSatisfy(row -> assertThat(row.rowKey()).startsWith(PendingRows.WORK_ROW_PREFIX));
  }

  /** A row's properties in name order, the random work ids of its claims shown as {@code <ids>}. */
  private static TreeMap<String, Object> withoutWorkIds(TableRow row) {
    TreeMap<String, Object> properties = new TreeMap<>(row.properties());
    properties.computeIfPresent(EntityMapping.WORK_IDS_PROPERTY, (name, ids) -> "<ids>");
    return properties;
  }
}
