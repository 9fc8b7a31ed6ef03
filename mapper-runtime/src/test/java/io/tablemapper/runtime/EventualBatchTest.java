package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.DynamicQuery;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.PendingWorkException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.runtime.fixtures.ArchivedEmployee;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.support.InterceptingBackend;
import io.tablemapper.tck.support.Stores;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import io.tablemapper.runtime.rows.PendingRows;

/**
 * The guide's eventually consistent transactions — move an employee to another department, archive an employee into
 * another table — through {@code mapper.eventually()}, with the work recorded in the store: ETags, writes that
 * cannot succeed, work left by a process that died at each write of the protocol and finished by a fresh mapper,
 * two mappers completing the same work, and the work rows hidden from every read.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class EventualBatchTest {
  private final TableBackend store;
  private final TableMapper mapper;
  private final EmployeeRepository employees;

  EventualBatchTest(Stores stores) {
    this.store = stores.newStore();
    this.mapper = builder(store).build();
    this.employees = mapper.repository(EmployeeRepository.class);
  }

  /** A mapper without background completion, so that every test says when work is completed. */
  private static TableMapperBuilder builder(TableBackend backend) {
    return ManualCompletion.builder(backend);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private static Employee ken(String department) {
    return Employee.of(department, 123, "Ken", "Kwok", 23, "kenk@contoso.com");
  }

  private Optional<Employee> find(String department, int id) {
    return employees.findByDepartmentAndEmployeeId(department, id);
  }

  @Test
  void movingAnEmployeeDeletesItInOneDepartmentAndInsertsItWithItsIndexCopiesInTheOther() {
    Employee inSales = employees.insert(ken("Sales"));

    mapper.eventually().delete(inSales).insert(ken("Marketing")).commit();

    assertThat(find("Sales", 123)).isEmpty();
    assertThat(employees.findByDepartmentAndEmail("Sales", "kenk@contoso.com")).isEmpty();
    assertThat(find("Marketing", 123)).get().extracting(Employee::firstName).isEqualTo("Ken");
    assertThat(employees.findByDepartmentAndEmail("Marketing", "kenk@contoso.com")).isPresent();
    assertThat(employees.findByDepartmentAndLastName("Marketing", "Kwok")).hasSize(1);
    assertThat(mapper.completePending()).isZero();
    assertNoWorkLeft();
  }

  @Test
  void archivingAnEmployeeMovesItIntoAnotherTable() {
    Employee inSales = employees.insert(ken("Sales"));

    mapper.eventually().insert(ArchivedEmployee.of(inSales)).delete(inSales).commit();

    assertThat(find("Sales", 123)).isEmpty();
    assertThat(mapper.partition("Archive", "Sales").all(ArchivedEmployee.class))
        .extracting(ArchivedEmployee::firstName).containsExactly("Ken");
    assertNoWorkLeft();
  }

  @Test
  void theWorkRowsAreInvisibleToEveryReadWhileTheWorkIsPending() {
    Employee inSales = employees.insert(ken("Sales"));
    employees.insert(Employee.of("Sales", 124, "Ann", "Bell", 31, "annb@contoso.com"));
    DyingBackend dying = DyingBackend.afterRecording(store);
    TableMapper doomed = builder(dying).build();

    doomed.eventually().delete(inSales).insert(ken("Marketing")).commit();

    assertThat(dying.recorded).isTrue();
    assertThat(rows("Company", "Sales")).anyMatch(row -> row.rowKey().startsWith(PendingRows.WORK_ROW_PREFIX));
    assertThat(mapper.partition("Company", "Sales").all()).hasSize(1);
    assertThat(mapper.partition("Company", "Sales").all(Employee.class)).hasSize(1);
    assertThat(employees.findByDepartment("Sales")).extracting(Employee::employeeId).containsExactly(124);
    assertThat(employees.countByDepartment("Sales")).isEqualTo(1);
    assertThat(employees.findByAgeGreaterThanEqual(0)).extracting(Employee::employeeId).containsExactly(124);
    List<DynamicEntity> dynamic = mapper.dynamic("Company").query(DynamicQuery.partition("Sales"));
    assertThat(dynamic).noneMatch(row -> row.rowKey().startsWith(PendingRows.WORK_ROW_PREFIX));
    assertThat(mapper.dynamic("Company").get("Sales", rows("Company", "Sales").stream()
        .filter(row -> row.rowKey().startsWith(PendingRows.WORK_ROW_PREFIX)).findFirst().orElseThrow().rowKey()))
        .isEmpty();

    // the write left pending; on a shared Azurite account an abandoned mapper of another test may apply it first
    assertThat(mapper.completePending()).isBetween(0L, 1L);
    assertThat(find("Marketing", 123)).isPresent();
    assertNoWorkLeft();
  }

  @Test
  void aStaleEtagOnALaterWriteRefusesTheCommitAndWritesNothing() {
    Employee inSales = employees.insert(ken("Sales"));
    Employee other = employees.insert(Employee.of("Marketing", 7, "Ann", "Bell", 31, "annb@contoso.com"));
    employees.update(other.withAge(32));

    assertThatThrownBy(() -> mapper.eventually().delete(inSales).update(other.withAge(40)).commit())
        .isInstanceOfSatisfying(BatchException.class, e -> {
          assertThat(e.reason()).isEqualTo(BatchException.Reason.REJECTED);
          assertThat(e.failedIndex()).isEqualTo(1);
          assertThat(e.getCause()).isInstanceOf(ConcurrencyConflictException.class);
        })
        .hasMessageContaining("nothing was written");

    assertThat(find("Sales", 123)).isPresent();
    assertThat(find("Marketing", 7)).get().extracting(Employee::age).isEqualTo(32);
    assertNoWorkLeft();
  }

  @Test
  void aStaleEtagOnTheFirstWriteRefusesTheCommitAndWritesNothing() {
    Employee inSales = employees.insert(ken("Sales"));
    employees.update(inSales.withAge(30));

    assertThatThrownBy(() -> mapper.eventually().delete(inSales).insert(ken("Marketing")).commit())
        .isInstanceOfSatisfying(BatchException.class, e -> {
          assertThat(e.failedIndex()).isZero();
          assertThat(e.getCause()).isInstanceOf(ConcurrencyConflictException.class);
        });

    assertThat(find("Sales", 123)).isPresent();
    assertThat(find("Marketing", 123)).isEmpty();
    assertNoWorkLeft();
  }

  @Test
  void aCurrentEtagIsHonouredOnEveryWrite() {
    Employee inSales = employees.insert(ken("Sales"));
    Employee other = employees.insert(Employee.of("Marketing", 7, "Ann", "Bell", 31, "annb@contoso.com"));

    mapper.eventually().update(inSales.withAge(24)).update(other.withAge(32)).commit();

    assertThat(find("Sales", 123)).get().extracting(Employee::age).isEqualTo(24);
    assertThat(find("Marketing", 7)).get().extracting(Employee::age).isEqualTo(32);
  }

  @Test
  void anInsertOfAnEntityThatExistsRefusesTheCommitBeforeAnythingIsWritten() {
    Employee inSales = employees.insert(ken("Sales"));
    employees.insert(ken("Marketing"));

    assertThatThrownBy(() -> mapper.eventually().delete(inSales).insert(ken("Marketing")).commit())
        .isInstanceOfSatisfying(BatchException.class, e -> {
          assertThat(e.failedIndex()).isEqualTo(1);
          assertThat(e.getCause()).isInstanceOf(EntityExistsException.class);
        });
    assertThat(find("Sales", 123)).isPresent();
  }

  @Test
  void aWriteThatFailsForGoodAfterTheCommitIsReportedKeptAsFailedAndNeverRetried() {
    Employee inSales = employees.insert(ken("Sales"));
    InterceptingBackend racing = new InterceptingBackend(store);
    TableMapper writer = builder(racing).build();
    // after the commit's checks: the registry entry, the first write's transaction, then another writer inserts
    racing.beforeNextWrite(() -> racing.beforeNextWrite(() -> racing.beforeNextWrite(
        () -> employees.insert(ken("Marketing").withAge(50)))));

    assertThatThrownBy(() -> writer.eventually().delete(inSales).insert(ken("Marketing")).commit())
        .isInstanceOfSatisfying(PendingWorkException.class, e -> {
          assertThat(e.failedStep()).isEqualTo(1);
          assertThat(e.getCause()).isInstanceOf(EntityExistsException.class);
        })
        .hasMessageContaining("failed for good")
        .hasMessageContaining("marked failed");

    assertThat(find("Sales", 123)).isEmpty();
    assertThat(find("Marketing", 123)).get().extracting(Employee::age).isEqualTo(50);
    assertThat(rows("Company", "Sales")).filteredOn(row -> row.rowKey().startsWith(PendingRows.WORK_ROW_PREFIX))
        .singleElement()
        .satisfies(record -> assertThat(record.getString(PendingRows.STATE)).isEqualTo("FAILED"))
        .satisfies(record -> assertThat(record.getString(PendingRows.FAILURE)).contains("already exists"));
    // it blocks nothing: other work completes, and the failed record is not tried again
    Employee ann = employees.insert(Employee.of("Sales", 9, "Ann", "Bell", 31, "annb@contoso.com"));
    DyingBackend dying = DyingBackend.afterRecording(store);
    builder(dying).build().eventually().delete(ann).insert(Employee.of("Support", 9, "Ann", "Bell", 31,
        "annb@contoso.com")).commit();
    // the write left pending; on a shared Azurite account an abandoned mapper of another test may apply it first
    assertThat(mapper.completePending()).isBetween(0L, 1L);
    assertThat(mapper.completePending()).isZero();
    assertThat(find("Support", 9)).isPresent();
    assertThat(find("Marketing", 123)).get().extracting(Employee::age).isEqualTo(50);
  }

  @Test
  void aProcessThatDiesAtAnyWriteOfTheProtocolLeavesWorkThatAFreshMapperFinishesExactlyOnce() {
    for (int writes = 0; ; writes++) {
      int id = 200 + writes;
      Employee employee = employees.insert(Employee.of("Sales", id, "E" + id, "L" + id, 30, id + "@contoso.com"));
      Employee other = employees.insert(Employee.of("Support", id, "O" + id, "L" + id, 30, "o" + id + "@c.com"));
      DyingBackend dying = new DyingBackend(store, writes);
      TableMapper doomed = builder(dying).build();
      Employee moved = Employee.of("Marketing", id, "E" + id, "L" + id, 30, id + "@contoso.com");
      try {
        doomed.eventually().delete(employee).insert(moved).insert(ArchivedEmployee.of(employee))
            .update(other.withAge(31)).commit();
      } catch (DyingBackend.Died e) {
        // died before the first write's transaction came back
      }
      try (TableMapper fresh = ManualCompletion.retiringAtOnce(DyingBackend.unclosed(store)).build()) {
        fresh.completePending();
      }
      EmployeeRepository check = employees;
      if (dying.recorded) {
        assertThat(check.findByDepartmentAndEmployeeId("Sales", id)).as("after %s writes", writes).isEmpty();
        assertThat(check.findByDepartmentAndEmployeeId("Marketing", id)).as("after %s writes", writes).isPresent();
        assertThat(check.findByDepartmentAndEmail("Marketing", id + "@contoso.com")).isPresent();
        assertThat(mapper.partition("Archive", "Sales").all(ArchivedEmployee.class))
            .filteredOn(archived -> archived.employeeId() == id).hasSize(1);
        assertThat(check.findByDepartmentAndEmployeeId("Support", id)).get().extracting(Employee::age)
            .isEqualTo(31);
      } else {
        assertThat(check.findByDepartmentAndEmployeeId("Sales", id)).as("after %s writes", writes).isPresent();
        assertThat(check.findByDepartmentAndEmployeeId("Marketing", id)).isEmpty();
        assertThat(check.findByDepartmentAndEmployeeId("Support", id)).get().extracting(Employee::age)
            .isEqualTo(30);
      }
      assertNoWorkLeft();
      if (!dying.dead()) {
        assertThat(writes).as("the writes of one commit").isGreaterThan(4);
        return; // the commit went through whole: every point was covered
      }
    }
  }

  @Test
  void twoMappersCompletingTheSameWorkAtOnceApplyEachWriteOnceInEffect() throws Exception {
    int works = 6;
    for (int i = 0; i < works; i++) {
      int id = 300 + i;
      Employee employee = employees.insert(Employee.of("Sales", id, "E" + id, "L" + id, 30, id + "@contoso.com"));
      DyingBackend dying = DyingBackend.afterRecording(store);
      builder(dying).build().eventually().delete(employee)
          .insert(Employee.of("Marketing", id, "E" + id, "L" + id, 30, id + "@contoso.com"))
          .insert(ArchivedEmployee.of(employee))
          .commit();
      assertThat(dying.recorded).isTrue();
    }
    TableMapper first = builder(DyingBackend.unclosed(store)).build();
    TableMapper second = builder(DyingBackend.unclosed(store)).build();
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      List<Callable<Long>> completions = List.of(first::completePending, second::completePending);
      for (Future<Long> done : threads.invokeAll(completions)) {
        assertThat(done.get()).isNotNegative();
      }
    } finally {
      threads.shutdown();
    }
    for (int i = 0; i < works; i++) {
      int id = 300 + i;
      assertThat(find("Sales", id)).isEmpty();
      assertThat(find("Marketing", id)).isPresent();
      assertThat(employees.findByDepartmentAndEmail("Marketing", id + "@contoso.com")).isPresent();
    }
    assertThat(mapper.partition("Archive", "Sales").all(ArchivedEmployee.class)).hasSize(works);
    assertNoWorkLeft();
  }

  @Test
  void aRegistryEntryWithoutItsRecordIsHarmlessAndRetiredOnceOld() {
    Employee inSales = employees.insert(ken("Sales"));
    DyingBackend dying = new DyingBackend(store, 1); // the registry entry only
    try {
      builder(dying).build().eventually().delete(inSales).insert(ken("Marketing")).commit();
    } catch (DyingBackend.Died expected) {
      // died before its transaction
    }
    assertThat(registry()).hasSize(1);
    assertThat(mapper.completePending()).isZero(); // young: its writer may still be on its way
    assertThat(registry()).hasSize(1);
    assertThat(find("Sales", 123)).isPresent();

    try (TableMapper later = ManualCompletion.retiringAtOnce(DyingBackend.unclosed(store)).build()) {
      assertThat(later.completePending()).isZero();
    }
    assertThat(registry()).isEmpty();
    assertThat(find("Sales", 123)).isPresent();
    assertThat(find("Marketing", 123)).isEmpty();
  }

  @Test
  void theBackgroundCompleterFinishesWorkOnItsOwnAndStopsOnClose() throws Exception {
    Employee inSales = employees.insert(ken("Sales"));
    DyingBackend dying = DyingBackend.afterRecording(store);
    builder(dying).build().eventually().delete(inSales).insert(ken("Marketing")).commit();
    assertThat(find("Marketing", 123)).isEmpty();

    DyingBackend watched = DyingBackend.unclosed(store);
    TableMapper background = TableMapper.builder().backend(watched)
        .pendingCompleters(2).pendingPollInterval(Duration.ofMillis(20)).build();
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (find("Marketing", 123).isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(find("Marketing", 123)).isPresent();
    assertThat(find("Sales", 123)).isEmpty();
    background.close();
    int afterClose = watched.requests.get();
    Thread.sleep(200);
    assertThat(watched.requests.get()).as("requests after close").isEqualTo(afterClose);
    assertNoWorkLeft();
  }

  @Test
  void anEventualBatchRefusesTwoWritesOfOneEntityADynamicEntityAndEmptiness() {
    Employee inSales = employees.insert(ken("Sales"));
    assertThatThrownBy(() -> mapper.eventually().update(inSales).delete(inSales).commit())
        .isInstanceOfSatisfying(BatchException.class,
            e -> assertThat(e.reason()).isEqualTo(BatchException.Reason.DUPLICATE_ENTITY))
        .hasMessageContaining("write 1");
    assertThatThrownBy(() -> mapper.eventually().insert(DynamicEntity.builder("a", "b").build()).commit())
        .isInstanceOf(BatchException.class)
        .hasMessageContaining("mapper.dynamic(table)");
    assertThatThrownBy(() -> mapper.eventually().commit())
        .isInstanceOfSatisfying(BatchException.class,
            e -> assertThat(e.reason()).isEqualTo(BatchException.Reason.EMPTY));
    assertThatThrownBy(() -> mapper.eventually().delete(ken("Nowhere")).insert(ken("Marketing")).commit())
        .isInstanceOfSatisfying(BatchException.class,
            e -> assertThat(e.getCause()).isInstanceOf(EntityNotFoundException.class));
    assertNoWorkLeft();
  }

  // ---------------------------------------------------------------- helpers

  private List<TableRow> rows(String table, String partitionKey) {
    return store.query(TableQuery.builder(table).partitionKey(partitionKey).limit(1000).build()).rows();
  }

  private List<TableRow> registry() {
    if (!store.tableExists(PendingRows.REGISTRY_TABLE)) {
      return List.of();
    }
    return store.query(TableQuery.builder(PendingRows.REGISTRY_TABLE).limit(1000).build()).rows();
  }

  /** No registry entry and no work record (but failed ones and retired ids' markers) is left in the store. */
  private void assertNoWorkLeft() {
    assertThat(registry()).allMatch(entry -> "FAILED".equals(entry.getString(PendingRows.STATE)));
    List<TableRow> records = new ArrayList<>();
    for (String table : List.of("Company", "Archive")) {
      if (store.tableExists(table)) {
        String token = null;
        do {
          var page = store.query(TableQuery.builder(table).limit(1000).continuation(token).build());
          page.rows().stream().filter(row -> row.rowKey().startsWith(PendingRows.WORK_ROW_PREFIX))
              .forEach(records::add);
          token = page.continuation();
        } while (token != null);
      }
    }
    assertThat(records).allMatch(row -> !"PENDING".equals(row.getString(PendingRows.STATE)));
  }
}
