package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.QueryEvent;
import io.tablemapper.api.QueryKind;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.fixtures.Department;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.support.InterceptingBackend;
import io.tablemapper.tck.support.RawRows;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

@ParameterizedClass
@ArgumentsSource(KitStores.class)
class QueriesTest {
  private final BatchVersions versions;
  private final TableBackend store;
  private final InterceptingBackend backend;
  private final List<QueryEvent> events = new CopyOnWriteArrayList<>();
  private final TableMapper mapper;
  private final EmployeeRepository employees;
  private Employee ken;
  private Employee kim;
  private Employee ben;

  QueriesTest(StoreUnderTest under) {
    this.versions = under.batchVersions();
    this.store = under.newStore();
    this.backend = new InterceptingBackend(store);
    this.mapper = TableMapper.builder().backend(backend).queryListener(events::add).build();
    this.employees = mapper.repository(EmployeeRepository.class);
  }

  @BeforeEach
  void fill() {
    ken = employees.insert(Employee.of("Sales", 123, "Ken", "Kwok", 23, "kenk@contoso.com"));
    kim = employees.insert(Employee.of("Sales", 124, "Kim", "Kwok", 41, "kim@contoso.com"));
    ben = employees.insert(Employee.of("Sales", 200, "Ben", "Smith", 35, "ben@contoso.com"));
    employees.insert(Employee.of("Marketing", 300, "Ann", "Kwok", 52, "ann@contoso.com"));
    mapper.batch("Company", "Sales").insert(new Department("Sales", "Ann", 3, null)).commit();
    events.clear();
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  @Test
  void aPointQueryReadsOneRowAndChecksTheDiscriminator() {
    assertThat(employees.findByDepartmentAndEmployeeId("Sales", 124)).contains(kim);
    assertThat(employees.findByDepartmentAndEmployeeId("Sales", 999)).isEmpty();
    assertThat(events.get(0)).isEqualTo(new QueryEvent("EmployeeRepository.findByDepartmentAndEmployeeId",
        QueryKind.POINT, "POINT: PartitionKey = {department}, RowKey = empid_{employeeId:08}", "Company", 1, 1, 1));
  }

  @Test
  void aPointQueryDoesNotReturnARowOfAnotherTypeAtTheSameKey() {
    store.write("Company", WriteOperation.upsertReplace(TableRow.builder("Sales", "empid_00000777")
        .putString("EntityType", "Visitor").putString("name", "Zed").build()));

    assertThat(employees.findByDepartmentAndEmployeeId("Sales", 777)).isEmpty();
    assertThat(employees.existsByDepartmentAndEmployeeId("Sales", 777)).isFalse();
  }

  @Test
  void getOneOfNoMatchFailsNamingTheMethodThePlanAndTheKeys() {
    assertThatThrownBy(() -> employees.getByDepartmentAndEmail("Sales", "nobody@contoso.com"))
        .isInstanceOf(EntityNotFoundException.class)
        .hasMessageContaining("EmployeeRepository.getByDepartmentAndEmail found no Employee in table Company")
        .hasMessageContaining("PartitionKey 'Sales', RowKey 'email_nobody@contoso.com'")
        .hasMessageContaining("POINT via index email");
  }

  @Test
  void aRangeQueryReadsOnlyItsKeyRangeInKeyOrder() {
    assertThat(employees.findByDepartmentAndEmployeeIdBetween("Sales", 100, 150)).containsExactly(ken, kim);
    assertThat(events.get(0).rowsRead()).isEqualTo(2);
  }

  @Test
  void aRangeThroughAFullCopyIndexReturnsTheEntitiesInIndexOrderWithTheCopiesETags() {
    List<Employee> found = employees.findByDepartmentAndEmailStartsWith("Sales", "k");

    assertThat(found).extracting(e -> e.withEtag(null)).containsExactly(ken.withEtag(null), kim.withEtag(null));
    assertThat(found).extracting(Employee::etag).containsExactly(
        RawRows.get(store, "Company", "Sales", "email_kenk@contoso.com").etag(),
        RawRows.get(store, "Company", "Sales", "email_kim@contoso.com").etag());
    if (versions == BatchVersions.SHARED) {
      assertThat(found).containsExactly(ken, kim);
    }
  }

  @Test
  void aRangeThroughAPartialCopyIndexFollowsEachCopyToItsEntity() {
    assertThat(employees.findByDepartmentAndLastName("Sales", "Kwok")).containsExactly(ken, kim);
    QueryEvent event = events.get(0);
    assertThat(event.rowsRead()).isEqualTo(4);
    assertThat(event.requests()).isEqualTo(3);
    assertThat(event.rowsReturned()).isEqualTo(2);
  }

  @Test
  void aFilterOnAPartialCopyIndexIsAppliedToTheEntityInTheClient() {
    assertThat(employees.findByDepartmentAndLastNameAndAgeGreaterThan("Sales", "Kwok", 30)).containsExactly(kim);
    assertThat(employees.countByDepartmentAndLastNameAndAgeGreaterThan("Sales", "Kwok", 30)).isEqualTo(1);
    assertThat(employees.countByDepartmentAndLastName("Sales", "Kwok")).isEqualTo(2);
  }

  @Test
  void aPartialCopyWhoseEntityIsGoneIsSkipped() {
    store.write("Company", WriteOperation.delete("Sales", "empid_00000123", "*"));

    assertThat(employees.findByDepartmentAndLastName("Sales", "Kwok")).containsExactly(kim);
  }

  @Test
  void countAndExistsThroughAPartialCopyAgreeWithListOnCopiesWhoseEntityIsGone() {
    store.write("Company", WriteOperation.delete("Sales", "empid_00000200", "*"));
    store.write("Company", WriteOperation.delete("Sales", "empid_00000123", "*"));

    assertThat(employees.findByDepartmentAndLastName("Sales", "Smith")).isEmpty();
    assertThat(employees.countByDepartmentAndLastName("Sales", "Smith")).isZero();
    assertThat(employees.existsByDepartmentAndLastName("Sales", "Smith")).isFalse();
    assertThat(employees.findByDepartmentAndLastName("Sales", "Kwok")).containsExactly(kim);
    assertThat(employees.countByDepartmentAndLastName("Sales", "Kwok")).isEqualTo(1);
    assertThat(employees.existsByDepartmentAndLastName("Sales", "Kwok")).isTrue();
  }

  @Test
  void aPartialCopyWhoseEntityWasRenamedAfterTheCopyWasReadIsSkipped() {
    backend.beforeNextGet(() -> otherWriter().update(ken.withLastName("Smith")));

    assertThat(oneReadAtATime().findByDepartmentAndLastName("Sales", "Kwok")).containsExactly(kim);
  }

  @Test
  void aPartialCopyWhoseEntityChangedOtherwiseAfterTheCopyWasReadStillFindsIt() {
    backend.beforeNextGet(() -> otherWriter().update(ken.withAge(24)));

    assertThat(oneReadAtATime().findByDepartmentAndLastName("Sales", "Kwok")).extracting(Employee::age)
        .containsExactly(24, kim.age());
  }

  @Test
  void deleteByQueryThroughAPartialCopyLeavesAnEntityRenamedAfterTheCopyWasRead() {
    backend.beforeNextGet(() -> otherWriter().update(ken.withLastName("Smith")));

    assertThat(oneReadAtATime().deleteByDepartmentAndLastName("Sales", "Kwok")).isEqualTo(1);

    assertThat(employees.findByDepartment("Sales")).extracting(Employee::employeeId).containsExactly(123, 200);
    assertThat(employees.getByDepartmentAndEmployeeId("Sales", 123).lastName()).isEqualTo("Smith");
    Invariants.assertEmployeeCopiesConsistent(store, "Company", versions);
  }

  /** Another writer straight on the store, racing with the mapper under test. */
  /**
   * The repository over the intercepted store, reading a copy's entities one at a time: with the default parallel
   * reads, the get of Ken may be under way on another thread before the change the first get lets in.
   */
  private EmployeeRepository oneReadAtATime() {
    return TableMapper.builder().backend(backend).readParallelism(1).build().repository(EmployeeRepository.class);
  }

  private EmployeeRepository otherWriter() {
    return TableMapper.builder().backend(store).build().repository(EmployeeRepository.class);
  }

  @Test
  void aPartitionScanFiltersOnTheServerAndReturnsOnlyTheEntityType() {
    assertThat(employees.findByDepartmentAndAgeGreaterThan("Sales", 30)).containsExactly(kim, ben);
    assertThat(events.get(0).kind()).isEqualTo(QueryKind.PARTITION_SCAN);
    assertThat(events.get(0).rowsRead()).isEqualTo(2);
  }

  @Test
  void aTableScanReadsEveryPartition() {
    assertThat(employees.findByAgeGreaterThanEqual(40)).extracting(Employee::firstName).containsExactly("Ann", "Kim");
    assertThat(events.get(0).kind()).isEqualTo(QueryKind.TABLE_SCAN);
  }

  @Test
  void aTopNQueryStopsAfterNEntitiesAndAsksTheStoreForNoMore() {
    assertThat(employees.findTop2ByDepartment("Sales")).containsExactly(ken, kim);
    if (store.profile().ordered()) {
      assertThat(events.get(0).rowsRead()).isEqualTo(2);
    } else {
      // no key order: the first two are known only once the whole partition was read, as the plan warns
      assertThat(events.get(0).rowsRead()).isEqualTo(3);
      assertThat(events.get(0).plan()).contains("; on COSMOS_TABLE: sorted in the client (warning: reads every row");
    }
  }

  @Test
  void aListQueryReadsPastShortAndEmptyBackendPages() {
    backend.stingyPages(1);

    assertThat(employees.findByDepartment("Sales")).containsExactly(ken, kim, ben);
    assertThat(employees.findByDepartmentAndLastName("Sales", "Kwok")).containsExactly(ken, kim);
  }

  @Test
  void aStreamReadsNothingUntilConsumedThenOnePageAheadOfTheOneConsumedAndNoMore() {
    backend.stingyPages(1); // an empty page before each page of one row
    int before = backend.queries.get();

    try (Stream<Employee> stream = employees.streamByDepartment("Sales")) {
      assertThat(backend.queries.get()).isEqualTo(before);
      Iterator<Employee> iterator = stream.iterator();
      assertThat(iterator.next()).isEqualTo(ken);
      if (!store.profile().ordered()) {
        // no key order: the first element is known once the partition was read whole (3 rows, each after an empty
        // page), and nothing more is read
        assertQueriesSettleAt(before + 6);
        assertThat(iterator.next()).isEqualTo(kim);
        assertQueriesSettleAt(before + 6);
        return;
      }
      // an empty page, Ken's, and the page after it read ahead
      assertQueriesSettleAt(before + 3);
      assertThat(iterator.next()).isEqualTo(kim);
      // the page ahead (empty), Kim's, and the one after it read ahead
      assertQueriesSettleAt(before + 5);
    }
  }

  /** The backend receives {@code expected} queries in all, and no more while the stream is not consumed further. */
  private void assertQueriesSettleAt(int expected) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (backend.queries.get() < expected && System.nanoTime() < deadline) {
      pause(10);
    }
    pause(100);
    assertThat(backend.queries.get()).isEqualTo(expected);
  }

  private static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Test
  void aStreamReportsEachPageToTheListener() {
    assertThat(employees.streamByDepartment("Sales")).containsExactly(ken, kim, ben);
    assertThat(events).isNotEmpty().allSatisfy(event -> assertThat(event.method())
        .isEqualTo("EmployeeRepository.streamByDepartment"));
    assertThat(events.stream().mapToInt(QueryEvent::rowsReturned).sum()).isEqualTo(3);
  }

  @Test
  void countReadsNoPropertiesAndCountsOnlyTheEntityType() {
    IntStream.range(0, 30).forEach(i -> employees.insert(Employee.of("HR", i, "N", "M", 20, i + "@contoso.com")));

    assertThat(employees.countByDepartment("Sales")).isEqualTo(3);
    assertThat(employees.countByDepartment("HR")).isEqualTo(30);
    assertThat(employees.countByDepartment("Nowhere")).isZero();
  }

  @Test
  void existsAsksForOneRow() {
    assertThat(employees.existsByDepartmentAndEmail("Sales", "ben@contoso.com")).isTrue();
    assertThat(employees.existsByDepartmentAndEmail("Sales", "nobody@contoso.com")).isFalse();
  }

  @Test
  void deleteByQueryRemovesTheMatchesWithTheirCopiesAndCountsThem() {
    long deleted = employees.deleteByDepartmentAndAgeLessThan("Sales", 40);

    assertThat(deleted).isEqualTo(2);
    assertThat(RawRows.rowKeys(store, "Company", "Sales"))
        .containsExactly("department", "email_kim@contoso.com", "empid_00000124", "lastname_Kwok_00000124");
    Invariants.assertEmployeeCopiesConsistent(store, "Company", versions);
  }

  @Test
  void deleteByQueryGroupsEntitiesOfAPartitionIntoBatchesOfAtMostOneHundredOperations() {
    IntStream.range(0, 70).forEach(i -> employees.insert(Employee.of("HR", i, "N", "M", 20, i + "@contoso.com")));
    backend.batches.clear();

    assertThat(employees.deleteByDepartment("HR")).isEqualTo(70);

    assertThat(backend.batches).hasSize(3).allSatisfy(batch -> assertThat(batch).hasSizeLessThanOrEqualTo(100));
    assertThat(RawRows.partition(store, "Company", "HR")).isEmpty();
  }

  @Test
  void deleteByQuerySkipsAnEntitySomebodyElseDeletedMeanwhile() {
    EmployeeRepository other = TableMapper.builder().backend(store).build().repository(EmployeeRepository.class);
    backend.beforeNextWrite(() -> other.delete(ken));

    assertThat(employees.deleteByDepartmentAndAgeLessThan("Sales", 40)).isEqualTo(1);
    assertThat(employees.findByDepartment("Sales")).containsExactly(kim);
    Invariants.assertEmployeeCopiesConsistent(store, "Company", versions);
  }

  @Test
  void deleteByQuerySkipsEntitiesAPurgerDeletesBeforeEachOfMoreBatchesThanARaceIsRetried() {
    List<Employee> hr = new ArrayList<>();
    IntStream.range(0, 10).forEach(i ->
        hr.add(employees.insert(Employee.of("HR", i, "N", "M", 20, i + "@contoso.com"))));
    int purged = Contract.RACE_ATTEMPTS + 1;
    EmployeeRepository purger = otherWriter();
    AtomicInteger next = new AtomicInteger();
    Runnable[] purge = new Runnable[1];
    purge[0] = () -> {
      purger.delete(hr.get(9 - next.get()));
      if (next.incrementAndGet() < purged) {
        backend.beforeNextWrite(purge[0]);
      }
    };
    backend.beforeNextWrite(purge[0]);

    assertThat(employees.deleteByDepartment("HR")).isEqualTo(10 - purged);

    assertThat(next.get()).isEqualTo(purged);
    assertThat(RawRows.partition(store, "Company", "HR")).isEmpty();
  }

  @Test
  void deleteByQueryStopsWithoutDeletingWhenAMatchChangedMeanwhile() {
    EmployeeRepository other = TableMapper.builder().backend(store).build().repository(EmployeeRepository.class);
    backend.beforeNextWrite(() -> other.update(ben.withAge(36)));

    assertThatThrownBy(() -> employees.deleteByDepartmentAndAgeLessThan("Sales", 40))
        .isInstanceOf(ConcurrencyConflictException.class)
        .hasMessageContaining("Employee (PartitionKey 'Sales', RowKey 'empid_00000200')");
    assertThat(employees.findByDepartment("Sales")).extracting(Employee::employeeId).containsExactly(123, 124, 200);
    Invariants.assertEmployeeCopiesConsistent(store, "Company", versions);
  }

  @Test
  void aRowThatTheEntityClassCannotHoldFailsTheQueryNamingTheRow() {
    store.write("Company", WriteOperation.upsertReplace(TableRow.builder("Sales", "empid_00000555")
        .putString("EntityType", "Employee").putString("age", "old").build()));

    assertThatThrownBy(() -> employees.findByDepartment("Sales"))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("age")
        .hasMessageContaining("empid_00000555");
  }
}
