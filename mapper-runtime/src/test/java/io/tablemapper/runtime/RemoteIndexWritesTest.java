package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.fixtures.Staffer;
import io.tablemapper.tck.fixtures.StafferRepository;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import io.tablemapper.runtime.rows.PendingRows;

/**
 * The write side of remote indexes (the guide's inter-partition secondary index and the Index Table pattern), kept by
 * pending work: every write of a {@link Staffer} leaves the copies of its current state — a partition per email in
 * its own table, a partial copy per last name in {@code StaffByLastName}, a copy per grade in {@code StaffByGrade} —
 * and none of a value it no longer has; a unique value is claimed across partitions before the entity is written;
 * claims and work left by a process that died at any write are finished or cleaned by a fresh one.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class RemoteIndexWritesTest {
  private static final Staffer KEN = new Staffer("Sales", 123, "Ken", "Kwok", "kenk@contoso.com", 7);

  private final TableBackend store;
  private final TableMapper mapper;
  private final StafferRepository staff;

  RemoteIndexWritesTest(Stores stores) {
    this.store = stores.newStore();
    this.mapper = builder(store).build();
    this.staff = mapper.repository(StafferRepository.class);
  }

  private static TableMapperBuilder builder(TableBackend backend) {
    return ManualCompletion.builder(backend);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  @Test
  void anInsertWritesEachRemoteCopyWhereItsIndexSaysWithTheEntitysKeys() {
    staff.insert(KEN);

    TableRow email = single("Staff", "email_kenk@contoso.com");
    assertThat(email.rowKey()).isEqualTo("employee");
    assertThat(email.getString("firstName")).isEqualTo("Ken");
    assertThat(email.getString("email")).isEqualTo("kenk@contoso.com");
    assertThat(email.getString(EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY)).isEqualTo("Sales");
    assertThat(email.getString(EntityMapping.PRIMARY_ROW_KEY_PROPERTY)).isEqualTo("empid_00000123");
    assertThat(email.has(EntityMapping.PRIMARY_TABLE_PROPERTY)).isFalse();
    assertThat(email.getString(TableMapper.DEFAULT_DISCRIMINATOR)).isEqualTo("Staffer#email");

    TableRow lastName = single("StaffByLastName", "Kwok");
    assertThat(lastName.rowKey()).isEqualTo("Sales_00000123");
    assertThat(lastName.getString("firstName")).isEqualTo("Ken");
    assertThat(lastName.has("email")).as("a partial copy").isFalse();
    assertThat(lastName.getString(EntityMapping.PRIMARY_TABLE_PROPERTY)).isEqualTo("Staff");

    assertThat(single("StaffByGrade", "Sales").rowKey()).isEqualTo("grade_007_00000123");
    assertThat(mapper.partition("Staff", "email_kenk@contoso.com").all()).as("copies are no entities").isEmpty();
    assertThat(mapper.completePending()).isZero();
    assertNoWorkLeft();
  }

  @Test
  void anUpdateMovesTheCopiesOfChangedValuesAndADeleteRemovesThemAll() {
    staff.insert(KEN);
    staff.update(new Staffer("Sales", 123, "Kenneth", "Kwan", "ken@contoso.com", null));

    assertThat(rows("Staff", "email_kenk@contoso.com")).isEmpty();
    assertThat(single("Staff", "email_ken@contoso.com").getString("firstName")).isEqualTo("Kenneth");
    assertThat(rows("StaffByLastName", "Kwok")).isEmpty();
    assertThat(single("StaffByLastName", "Kwan").getString("firstName")).isEqualTo("Kenneth");
    assertThat(rows("StaffByGrade", "Sales")).as("no grade, no copy").isEmpty();

    staff.upsert(new Staffer("Sales", 123, "Kenneth", "Kwan", "ken@contoso.com", 9));
    assertThat(single("StaffByGrade", "Sales").rowKey()).isEqualTo("grade_009_00000123");

    staff.delete(new Staffer("Sales", 123, "Kenneth", "Kwan", "ken@contoso.com", 9));
    assertThat(rows("Staff", "email_ken@contoso.com")).isEmpty();
    assertThat(rows("StaffByLastName", "Kwan")).isEmpty();
    assertThat(rows("StaffByGrade", "Sales")).isEmpty();
    assertNoWorkLeft();
  }

  @Test
  void aBatchKeepsTheRemoteCopiesOfEachOfItsEntities() {
    mapper.batch("Staff", "Sales").insert(KEN)
        .insert(new Staffer("Sales", 124, "Ann", "Kwok", "ann@contoso.com", null)).commit();

    assertThat(rows("StaffByLastName", "Kwok")).extracting(TableRow::rowKey)
        .containsExactly("Sales_00000123", "Sales_00000124");
    assertThat(rows("Staff", "email_ann@contoso.com")).hasSize(1);
    assertNoWorkLeft();
  }

  @Test
  void aUniqueValueIsRefusedAcrossPartitionsAndTheRefusedWriteLeavesNothing() {
    staff.insert(KEN);

    Staffer sameEmail = new Staffer("Marketing", 7, "Kim", "Lee", "kenk@contoso.com", 3);
    assertThatThrownBy(() -> staff.insert(sameEmail))
        .isInstanceOf(EntityExistsException.class)
        .hasMessageContaining("index 'email'")
        .hasMessageContaining("unique across partitions");
    assertThat(staff.findByDepartmentAndEmployeeId("Marketing", 7)).isEmpty();
    assertThat(rows("StaffByLastName", "Lee")).as("its other claims are released").isEmpty();
    assertThat(single("Staff", "email_kenk@contoso.com").getString(EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY))
        .isEqualTo("Sales");

    assertThatThrownBy(() -> mapper.batch("Staff", "Marketing").insert(sameEmail).commit())
        .isInstanceOfSatisfying(BatchException.class,
            e -> assertThat(e.getCause()).isInstanceOf(EntityExistsException.class));
    assertNoWorkLeft();
  }

  @Test
  void anEventualMoveKeepsTheRemoteCopiesAndATakenValueRefusesTheCommitBeforeAnythingIsWritten() {
    Staffer inSales = staff.insert(KEN);
    Staffer ann = staff.insert(new Staffer("Support", 8, "Ann", "Bell", "ann@contoso.com", null));
    Staffer inMarketing = new Staffer("Marketing", 123, "Ken", "Kwok", "kenk@contoso.com", 7);

    Staffer kimWithKensEmail = new Staffer("Marketing", 9, "Kim", "Lee", "kenk@contoso.com", null);
    assertThatThrownBy(() -> mapper.eventually().delete(ann).insert(kimWithKensEmail).commit())
        .isInstanceOfSatisfying(BatchException.class, e -> {
          assertThat(e.failedIndex()).isEqualTo(1);
          assertThat(e.getCause()).isInstanceOf(EntityExistsException.class);
        })
        .hasMessageContaining("nothing was written");
    assertThat(staff.findByDepartmentAndEmployeeId("Support", 8)).contains(ann);

    // Ken keeps his email as he moves: deleted first, his copy goes before his new self claims the value
    mapper.eventually().delete(inSales).insert(inMarketing).commit();

    assertThat(staff.findByDepartmentAndEmployeeId("Sales", 123)).isEmpty();
    assertThat(single("Staff", "email_kenk@contoso.com").getString(EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY))
        .isEqualTo("Marketing");
    assertThat(rows("StaffByLastName", "Kwok")).extracting(TableRow::rowKey).containsExactly("Marketing_00000123");
    assertThat(rows("StaffByGrade", "Sales")).isEmpty();
    assertThat(single("StaffByGrade", "Marketing").rowKey()).isEqualTo("grade_007_00000123");
    assertThat(staff.findByDepartmentAndEmployeeId("Support", 8)).contains(ann);
    assertNoWorkLeft();
  }

  @Test
  void twoWritersRacingForOneValueNeverBothHoldIt() throws Exception {
    TableMapper other = builder(DyingBackend.unclosed(store)).build();
    StafferRepository otherStaff = other.repository(StafferRepository.class);
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      for (int round = 0; round < 5; round++) {
        String email = "race" + round + "@contoso.com";
        int first = 500 + round;
        int second = 600 + round;
        CyclicBarrier start = new CyclicBarrier(2);
        List<Callable<Staffer>> writers = List.of(
            () -> {
              start.await();
              return staff.insert(new Staffer("Sales", first, "A", "A", email, null));
            },
            () -> {
              start.await();
              return otherStaff.insert(new Staffer("Support", second, "B", "B", email, null));
            });
        int won = 0;
        for (Future<Staffer> writer : threads.invokeAll(writers)) {
          try {
            writer.get();
            won++;
          } catch (ExecutionException lost) {
            assertThat(lost.getCause()).isInstanceOf(EntityExistsException.class);
          }
        }
        assertThat(won).as("round %s", round).isEqualTo(1);
        TableRow copy = single("Staff", "email_" + email);
        String holder = copy.getString(EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY);
        assertThat(staff.findByDepartmentAndEmployeeId(holder, holder.equals("Sales") ? 500 + round : 600 + round))
            .isPresent();
        assertThat(staff.findByDepartmentAndEmployeeId(holder.equals("Sales") ? "Support" : "Sales",
            holder.equals("Sales") ? 600 + round : 500 + round)).isEmpty();
      }
    } finally {
      threads.shutdown();
    }
    assertNoWorkLeft();
  }

  @Test
  void aClaimLeftByADeadWriterBlocksItsValueOnlyUntilTheGracePeriodThenIsTakenOverAndCleaned() {
    // registry entry, then the claims of email, last name and grade: the writer dies before its transaction
    DyingBackend dying = new DyingBackend(store, 4);
    StafferRepository doomed = builder(dying).build().repository(StafferRepository.class);
    assertThatThrownBy(() -> doomed.insert(KEN)).isInstanceOf(DyingBackend.Died.class);
    assertThat(rows("StaffByLastName", "Kwok")).hasSize(1);

    Staffer sameEmail = new Staffer("Marketing", 7, "Kim", "Lee", "kenk@contoso.com", null);
    assertThatThrownBy(() -> staff.insert(sameEmail)).isInstanceOf(EntityExistsException.class);

    try (TableMapper later = ManualCompletion.retiringAtOnce(DyingBackend.unclosed(store)).build()) {
      later.repository(StafferRepository.class).insert(sameEmail);
      assertThat(single("Staff", "email_kenk@contoso.com").getString(EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY))
          .isEqualTo("Marketing");
      assertThat(later.completePending()).isZero();
    }
    assertThat(rows("StaffByLastName", "Kwok")).as("the dead writer's claim, cleaned").isEmpty();
    assertThat(rows("StaffByGrade", "Sales")).isEmpty();
    assertThat(single("Staff", "email_kenk@contoso.com").getString(EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY))
        .isEqualTo("Marketing");
    assertNoWorkLeft();
  }

  @Test
  void aWriterDyingAtAnyWriteLeavesCopiesThatAFreshMapperBringsInStepWithTheEntity() {
    for (int writes = 0; ; writes++) {
      int id = 200 + writes;
      Staffer before = new Staffer("Sales", id, "F" + id, "Old" + id, "old" + id + "@contoso.com", 1);
      Staffer after = new Staffer("Sales", id, "F" + id, "New" + id, "new" + id + "@contoso.com", 2);
      staff.insert(before);
      DyingBackend dying = new DyingBackend(store, writes);
      try {
        builder(dying).build().repository(StafferRepository.class).update(after);
      } catch (DyingBackend.Died died) {
        // died on the way
      }
      try (TableMapper fresh = ManualCompletion.retiringAtOnce(DyingBackend.unclosed(store)).build()) {
        fresh.completePending();
      }
      Staffer now = staff.findByDepartmentAndEmployeeId("Sales", id).orElseThrow();
      assertThat(now).as("after %s writes", writes).isIn(before, after);
      Staffer gone = now.equals(after) ? before : after;
      String where = "after " + writes + " writes, holding " + now;
      assertThat(rows("Staff", "email_" + now.email())).as(where).hasSize(1);
      assertThat(rows("Staff", "email_" + gone.email())).as(where).isEmpty();
      assertThat(rows("StaffByLastName", now.lastName())).as(where).hasSize(1);
      assertThat(rows("StaffByLastName", gone.lastName())).as(where).isEmpty();
      assertThat(rows("StaffByGrade", "Sales")).as(where).filteredOn(row -> row.rowKey().endsWith(String.valueOf(id)))
          .extracting(TableRow::rowKey).containsExactly(String.format("grade_%03d_%08d", now.grade(), id));
      assertNoWorkLeft();
      if (!dying.dead()) {
        assertThat(writes).as("the writes of one update").isGreaterThan(5);
        return;
      }
    }
  }

  // ---------------------------------------------------------------- helpers

  private List<TableRow> rows(String table, String partitionKey) {
    if (!store.tableExists(table)) {
      return List.of();
    }
    return store.query(TableQuery.builder(table).partitionKey(partitionKey).limit(1000).build()).rows();
  }

  private TableRow single(String table, String partitionKey) {
    List<TableRow> rows = rows(table, partitionKey);
    assertThat(rows).as("rows of partition '%s' of %s", partitionKey, table).hasSize(1);
    return rows.get(0);
  }

  /** No registry entry and no pending work record is left. */
  private void assertNoWorkLeft() {
    assertThat(store.query(TableQuery.builder(PendingRows.REGISTRY_TABLE).limit(1000).build()).rows()).isEmpty();
    List<TableRow> records = new ArrayList<>();
    if (store.tableExists("Staff")) {
      String token = null;
      do {
        var page = store.query(TableQuery.builder("Staff").limit(1000).continuation(token).build());
        page.rows().stream().filter(row -> row.rowKey().startsWith(PendingRows.WORK_ROW_PREFIX)
            && "PENDING".equals(row.getString(PendingRows.STATE))).forEach(records::add);
        token = page.continuation();
      } while (token != null);
    }
    assertThat(records).isEmpty();
  }
}
