package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.DynamicQuery;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.IndexReport;
import io.tablemapper.api.OperationEvent;
import io.tablemapper.api.OperationType;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.QueryEvent;
import io.tablemapper.api.QueryKind;
import io.tablemapper.api.TableMapper;
import io.tablemapper.tck.fixtures.Department;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeInRepository;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.support.Stores;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every kind of operation raises one {@link OperationEvent} through the listeners, with what it read, wrote and
 * sent, its duration and its outcome (the very exception the caller got), on every backend; and a listener that
 * throws never reaches the caller.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class OperationEventsTest {

  private final List<OperationEvent> events = new CopyOnWriteArrayList<>();
  private final List<QueryEvent> queries = new CopyOnWriteArrayList<>();
  private final TableMapper mapper;
  private final EmployeeRepository employees;
  private Employee ken;

  OperationEventsTest(Stores stores) {
    this.mapper = TableMapper.builder()
        .backend(stores.newStore())
        .entities(Employee.class, Department.class)
        .queryListener(queries::add)
        .operationListener(events::add)
        .build();
    this.employees = mapper.repository(EmployeeRepository.class);
  }

  @BeforeEach
  void fill() {
    ken = employees.insert(Employee.of("Sales", 123, "Ken", "Kwok", 23, "kenk@contoso.com"));
    employees.insert(Employee.of("Sales", 124, "Kim", "Kwok", 41, "kim@contoso.com"));
    events.clear();
    queries.clear();
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private OperationEvent only() {
    assertThat(events).hasSize(1);
    return events.get(0);
  }

  @Test
  void aRepositoryInsertReportsTheEntityItsIndexCopiesAndItsDuration() {
    employees.insert(Employee.of("Sales", 125, "Ben", "Smith", 35, "ben@contoso.com"));

    OperationEvent insert = only();
    assertThat(insert.type()).isEqualTo(OperationType.INSERT);
    assertThat(insert.table()).isEqualTo("Company");
    assertThat(insert.partitionKey()).as("the entity and its copies share its partition").isEqualTo("Sales");
    assertThat(insert.entity()).isEqualTo("Employee");
    assertThat(insert.method()).isNull();
    assertThat(insert.plan()).isNull();
    assertThat(insert.rowsWritten()).as("the entity and its two index copies").isEqualTo(3);
    assertThat(insert.requests()).isPositive();
    assertThat(insert.retries()).as("a store that never refuses").isZero();
    assertThat(insert.throttled()).isZero();
    assertThat(insert.duration()).isPositive();
    assertThat(insert.succeeded()).isTrue();
    assertThat(insert.outcome()).isEqualTo("success");
  }

  @Test
  void aFailedWriteReportsTheExceptionTheCallerGotAndWritesNothing() {
    Throwable thrown = catchThrowable(() -> employees.insert(ken.withEtag(null)));

    assertThat(thrown).isInstanceOf(EntityExistsException.class);
    OperationEvent insert = only();
    assertThat(insert.failure()).isSameAs(thrown);
    assertThat(insert.succeeded()).isFalse();
    assertThat(insert.outcome()).isEqualTo("EntityExistsException");
    assertThat(insert.rowsWritten()).isZero();
  }

  @Test
  void anUpdateAndADeleteReadTheEntityBeforeWriting() {
    Employee older = employees.update(ken.withAge(24));
    employees.delete(older);

    assertThat(events).extracting(OperationEvent::type).containsExactly(OperationType.UPDATE, OperationType.DELETE);
    for (OperationEvent write : events) {
      assertThat(write.rowsWritten()).isEqualTo(3);
      assertThat(write.rowsRead()).isPositive();
      assertThat(write.requests()).isGreaterThan(1);
    }
  }

  @Test
  void aQueryCarriesItsMethodPlanAndTheCountsOfItsQueryEvent() {
    assertThat(employees.findByDepartmentAndLastName("Sales", "Kwok")).hasSize(2);

    OperationEvent query = only();
    QueryEvent reported = queries.get(0);
    assertThat(query.type()).isEqualTo(OperationType.QUERY);
    assertThat(query.entity()).isEqualTo("Employee");
    assertThat(query.method()).isEqualTo("EmployeeRepository.findByDepartmentAndLastName").isEqualTo(reported.method());
    assertThat(query.kind()).isEqualTo(QueryKind.RANGE).isEqualTo(reported.kind());
    assertThat(query.plan()).isEqualTo(reported.plan()).startsWith("RANGE via index lastName");
    assertThat(query.rowsRead()).as("two partial copies and their entities").isEqualTo(4)
        .isEqualTo(reported.rowsRead());
    assertThat(query.requests()).isEqualTo(reported.requests()).isEqualTo(3);
    assertThat(query.rowsWritten()).isZero();
  }

  @Test
  void aPointReadMadeStraightByItsKeysReportsItsMethodPlanAndCountsAsAnyQueryDoes() {
    assertThat(employees.findByDepartmentAndEmployeeId("Sales", 123)).contains(ken);
    Throwable missing = catchThrowable(() -> employees.getByDepartmentAndEmployeeId("Sales", 999));

    assertThat(missing).isInstanceOf(EntityNotFoundException.class).hasMessage(
        "EmployeeRepository.getByDepartmentAndEmployeeId found no Employee in table Company (PartitionKey 'Sales',"
            + " RowKey 'empid_00000999'); plan: POINT: PartitionKey = {department}, RowKey = empid_{employeeId:08}");
    assertThat(events).hasSize(2);
    assertThat(queries).hasSize(2);
    OperationEvent found = events.get(0);
    QueryEvent reported = queries.get(0);
    assertThat(found.type()).isEqualTo(OperationType.QUERY);
    assertThat(found.entity()).isEqualTo("Employee");
    assertThat(found.method()).isEqualTo("EmployeeRepository.findByDepartmentAndEmployeeId")
        .isEqualTo(reported.method());
    assertThat(found.kind()).isEqualTo(QueryKind.POINT).isEqualTo(reported.kind());
    assertThat(found.plan()).isEqualTo(reported.plan())
        .isEqualTo("POINT: PartitionKey = {department}, RowKey = empid_{employeeId:08}");
    assertThat(reported.table()).isEqualTo("Company");
    assertThat(found.rowsRead()).isEqualTo(reported.rowsRead()).isEqualTo(1);
    assertThat(reported.rowsReturned()).isEqualTo(1);
    assertThat(found.requests()).isEqualTo(reported.requests()).isEqualTo(1);
    assertThat(found.partitionKey()).isEqualTo("Sales");
    OperationEvent notFound = events.get(1);
    assertThat(notFound.method()).isEqualTo("EmployeeRepository.getByDepartmentAndEmployeeId");
    assertThat(notFound.failure()).isSameAs(missing);
    assertThat(notFound.requests()).isEqualTo(1);
    assertThat(notFound.rowsRead()).isZero();
    assertThat(queries.get(1).rowsReturned()).isZero();
    assertThat(queries.get(1).requests()).isEqualTo(1);
  }

  @Test
  void theParallelReadsOfAnInCountIntoTheQueryThatStartedThem() {
    employees.insert(Employee.of("Marketing", 300, "Ann", "Lee", 52, "ann@contoso.com"));
    events.clear();
    queries.clear();

    EmployeeInRepository in = mapper.repository(EmployeeInRepository.class);
    assertThat(in.findByDepartmentIn(List.of("Sales", "Marketing", "Support"))).hasSize(3);

    OperationEvent query = only();
    assertThat(query.method()).isEqualTo("EmployeeInRepository.findByDepartmentIn");
    assertThat(query.partitionKey()).as("three partitions").isNull();
    assertThat(query.requests()).as("one read per department, on the read pool").isEqualTo(3)
        .isEqualTo(queries.get(0).requests());
    assertThat(query.rowsRead()).isEqualTo(3).isEqualTo(queries.get(0).rowsRead());
  }

  @Test
  void countsExistsAndPagesAreQueriesToo() {
    employees.countByDepartment("Sales");
    employees.existsByDepartmentAndEmail("Sales", "kim@contoso.com");
    employees.findByDepartment("Sales", PageRequest.of(1));

    assertThat(events).extracting(OperationEvent::type).containsOnly(OperationType.QUERY);
    assertThat(events).extracting(OperationEvent::method).containsExactly("EmployeeRepository.countByDepartment",
        "EmployeeRepository.existsByDepartmentAndEmail", "EmployeeRepository.findByDepartment");
    assertThat(events).allSatisfy(event -> assertThat(event.requests()).isPositive());
  }

  @Test
  void aGetThatFindsNothingFailsAsItsCallerSeesIt() {
    Throwable thrown = catchThrowable(() -> employees.getByDepartmentAndEmployeeId("Sales", 999));

    assertThat(thrown).isInstanceOf(EntityNotFoundException.class);
    OperationEvent get = only();
    assertThat(get.failure()).isSameAs(thrown);
    assertThat(get.method()).isEqualTo("EmployeeRepository.getByDepartmentAndEmployeeId");
    assertThat(get.kind()).isEqualTo(QueryKind.POINT);
    assertThat(get.requests()).isEqualTo(1);
  }

  @Test
  void aStreamReportsEachPageWhenItReadsIt() {
    try (Stream<Employee> stream = employees.streamByDepartment("Sales")) {
      assertThat(events).isEmpty();
      assertThat(stream.map(Employee::employeeId)).containsExactly(123, 124);
    }

    assertThat(events).isNotEmpty().allSatisfy(page -> {
      assertThat(page.type()).isEqualTo(OperationType.QUERY);
      assertThat(page.method()).isEqualTo("EmployeeRepository.streamByDepartment");
    });
    assertThat(events.stream().mapToInt(OperationEvent::rowsRead).sum()).isEqualTo(2);
    assertThat(events).hasSameSizeAs(queries);
  }

  @Test
  void aDeleteByQueryReportsWhatItReadAndWhatItDeleted() {
    assertThat(employees.deleteByDepartment("Sales")).isEqualTo(2);

    OperationEvent delete = only();
    assertThat(delete.type()).isEqualTo(OperationType.DELETE_BY_QUERY);
    assertThat(delete.method()).isEqualTo("EmployeeRepository.deleteByDepartment");
    assertThat(delete.rowsRead()).as("the two entities, and their copies where copies have ETags of their own")
        .isIn(2, 6);
    assertThat(delete.rowsWritten()).as("two entities, two copies each").isEqualTo(6);
  }

  @Test
  void aBatchIsOneOperationAndItsFailureIsTheBatchException() {
    mapper.batch("Company", "Marketing")
        .insert(Employee.of("Marketing", 300, "Ann", "Lee", 52, "ann@contoso.com"))
        .insert(new Department("Marketing", "Ann", 1, null))
        .commit();
    Throwable thrown = catchThrowable(() -> mapper.batch("Company", "Marketing")
        .insert(new Department("Marketing", "Ann", 1, null)).commit());

    assertThat(events).extracting(OperationEvent::type).containsExactly(OperationType.BATCH, OperationType.BATCH);
    OperationEvent mixed = events.get(0);
    assertThat(mixed.entity()).as("several classes").isNull();
    assertThat(mixed.rowsWritten()).isEqualTo(4);
    assertThat(mixed.succeeded()).isTrue();
    OperationEvent failed = events.get(1);
    assertThat(failed.entity()).isEqualTo("Department");
    assertThat(thrown).isInstanceOf(BatchException.class);
    assertThat(failed.failure()).isSameAs(thrown);
    assertThat(failed.rowsWritten()).isZero();
  }

  @Test
  void partitionReadsReportTheRowsTheyRead() {
    assertThat(mapper.partition("Company", "Sales").all()).hasSize(2);
    assertThat(mapper.partition("Company", "Sales").all(Employee.class)).hasSize(2);
    mapper.partition("Company", "Sales").page(PageRequest.of(10));

    assertThat(events).extracting(OperationEvent::type).containsOnly(OperationType.PARTITION_READ);
    assertThat(events).extracting(OperationEvent::entity).containsExactly(null, "Employee", null);
    assertThat(events.get(0).rowsRead()).as("two entities, four index copies").isEqualTo(6);
    assertThat(events.get(1).rowsRead()).isEqualTo(2);
    assertThat(events).extracting(OperationEvent::partitionKey).containsOnly("Sales");
  }

  @Test
  void dynamicReadsAndWritesAreOperations() {
    var company = mapper.dynamic("Company");
    company.insert(DynamicEntity.builder("Visitors", "v1").putString("Name", "Zed").build());
    assertThat(company.get("Visitors", "v1")).isPresent();
    assertThat(company.query(DynamicQuery.partition("Visitors"))).hasSize(1);

    assertThat(events).extracting(OperationEvent::type)
        .containsExactly(OperationType.INSERT, OperationType.DYNAMIC_GET, OperationType.DYNAMIC_QUERY);
    assertThat(events.get(0).entity()).isEqualTo("DynamicEntity");
    assertThat(events.get(0).rowsWritten()).isEqualTo(1);
    assertThat(events.get(1).rowsRead()).isEqualTo(1);
    assertThat(events.get(2).rowsRead()).isEqualTo(1);
  }

  @Test
  void droppingATableIsAnOperation() {
    assertThat(mapper.deleteTable("Company")).isTrue();

    OperationEvent drop = only();
    assertThat(drop.type()).isEqualTo(OperationType.DELETE_TABLE);
    assertThat(drop.table()).isEqualTo("Company");
    assertThat(drop.requests()).isEqualTo(1);
    assertThat(drop.partitionKey()).as("no partition addressed").isNull();
  }

  @Test
  void anIndexRunIsAnOperationNamedByItsCallAndIndex() {
    IndexReport report = mapper.indexes(Employee.class).verify("email");

    OperationEvent verify = only();
    assertThat(verify.type()).isEqualTo(OperationType.INDEX_VERIFY);
    assertThat(verify.method()).isEqualTo("IndexAdmin.verify(email)");
    assertThat(verify.table()).isEqualTo("Company");
    assertThat(verify.entity()).isEqualTo("Employee");
    assertThat(verify.rowsRead()).as("the scan's rows, copies included").isGreaterThanOrEqualTo(
        (int) report.entitiesRead());
    assertThat(verify.rowsWritten()).as("a verify reads only").isZero();
    assertThat(verify.succeeded()).isTrue();
  }

  @Test
  void completePendingIsAnOperation() {
    mapper.completePending();

    OperationEvent complete = only();
    assertThat(complete.type()).isEqualTo(OperationType.COMPLETE_PENDING);
    assertThat(complete.table()).isNull();
    assertThat(complete.succeeded()).isTrue();
  }

  @Test
  void aListenerThatThrowsNeverReachesTheCallerAndTheOthersStillHear() {
    List<OperationEvent> heard = new CopyOnWriteArrayList<>();
    try (TableMapper noisy = TableMapper.builder()
        .backend(Stores.MEMORY_SHARED_VERSIONS.newStore())
        .queryListener(event -> {
          throw new IllegalStateException("query listener broken");
        })
        .operationListener(event -> {
          throw new IllegalStateException("operation listener broken");
        })
        .operationListener(heard::add)
        .build()) {
      EmployeeRepository repository = noisy.repository(EmployeeRepository.class);

      Employee stored = repository.insert(Employee.of("Sales", 1, "Ann", "Lee", 30, "ann@contoso.com"));
      assertThat(repository.findByDepartmentAndEmployeeId("Sales", 1)).contains(stored);
      assertThatThrownBy(() -> repository.insert(stored.withEtag(null))).isInstanceOf(EntityExistsException.class);

      assertThat(heard).extracting(OperationEvent::type)
          .containsExactly(OperationType.INSERT, OperationType.QUERY, OperationType.INSERT);
      assertThat(heard).extracting(OperationEvent::duration).allSatisfy(d -> assertThat(d).isGreaterThan(Duration.ZERO));
    }
  }
}
