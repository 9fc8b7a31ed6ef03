package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.QueryEvent;
import io.tablemapper.api.QueryKind;
import io.tablemapper.api.TableMapper;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeOrRepository;
import io.tablemapper.tck.support.InterceptingBackend;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Derived queries with {@code Or}, on every backend: the union of the branches' reads in key order, each entity once
 * (overlapping ranges, the same entity through an index and through its keys), with limits, streams, counts (keys
 * only), exists and deletes (index copies included); an {@code Or} with a branch that scans its partition; and an
 * {@code Or} read as one filtered scan, paged with tokens.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class OrQueriesTest {
  private final InterceptingBackend backend;
  private final List<QueryEvent> events = new CopyOnWriteArrayList<>();
  private final TableMapper mapper;
  private final EmployeeOrRepository employees;

  OrQueriesTest(Stores stores) {
    this.backend = new InterceptingBackend(stores.newStore());
    this.mapper = TableMapper.builder().backend(backend).queryListener(events::add).readParallelism(3).build();
    this.employees = mapper.repository(EmployeeOrRepository.class);
  }

  @BeforeEach
  void fill() {
    employees.insert(Employee.of("Sales", 200, "Ben", "Smith", 35, "ben@contoso.com"));
    employees.insert(Employee.of("Sales", 123, "Ken", "Kwok", 23, "kenk@contoso.com"));
    employees.insert(Employee.of("Sales", 124, "Kim", "Kwok", 41, "kim@contoso.com"));
    employees.insert(Employee.of("Sales", 125, "Lu", "Lane", 29, "lu@contoso.com"));
    employees.insert(Employee.of("Marketing", 300, "Ann", "Kwok", 52, "ann@contoso.com"));
    employees.insert(Employee.of("Accounts", 400, "Al", "Smith", 60, "al@contoso.com"));
    events.clear();
    backend.sentQueries.clear();
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private static List<Integer> ids(List<Employee> found) {
    return found.stream().map(Employee::employeeId).collect(Collectors.toList());
  }

  @Test
  void overlappingBranchesMergeInKeyOrderWithEachEntityOnce() {
    List<Employee> found = employees.findByDepartmentAndEmployeeIdOrDepartmentAndEmployeeIdBetween(
        "Sales", 124, "Sales", 123, 125);

    assertThat(ids(found)).containsExactly(123, 124, 125);
    QueryEvent event = events.get(0);
    assertThat(event.kind()).isEqualTo(QueryKind.RANGE);
    assertThat(event.plan()).startsWith("RANGE (Or: union of 2 reads");
    assertThat(event.requests()).isEqualTo(2);
    assertThat(event.rowsRead()).isEqualTo(4);
    assertThat(event.rowsReturned()).isEqualTo(3);
  }

  @Test
  void theAsyncFormOfAnOrMergesLikeTheBlockingOne() {
    // the branches overlap: read as two reads concatenated, 124 would come twice and out of order
    List<Employee> found = employees.getByDepartmentAndEmployeeIdOrDepartmentAndEmployeeIdBetween(
        "Sales", 124, "Sales", 123, 125).join();
    assertThat(ids(found)).containsExactly(123, 124, 125);

    // ben@ is employee 200, also in the range: counted once
    assertThat(employees.countByDepartmentAndEmailOrDepartmentAndEmployeeIdBetween(
        "Sales", "ben@contoso.com", "Sales", 124, 200).join()).isEqualTo(3);
  }

  @Test
  void branchesOnDifferentPartitionsMergeByPartitionKeyThenRowKey() {
    List<Employee> found = employees.findByDepartmentAndEmployeeIdOrDepartmentAndEmployeeIdBetween(
        "Sales", 200, "Accounts", 0, 999);

    assertThat(ids(found)).containsExactly(400, 200);
  }

  @Test
  void theSameEntityThroughAnIndexAndThroughItsKeysIsReturnedAndCountedOnce() {
    assertThat(ids(employees.findByDepartmentAndEmailOrDepartmentAndEmployeeId("Sales", "kim@contoso.com", "Sales",
        124))).containsExactly(124);
    assertThat(employees.countByDepartmentAndEmailOrDepartmentAndEmployeeId("Sales", "kim@contoso.com", "Sales", 124))
        .isEqualTo(1);
    assertThat(ids(employees.findByDepartmentAndEmailOrDepartmentAndEmployeeId("Sales", "ben@contoso.com",
        "Marketing", 300))).containsExactly(300, 200);
    assertThat(employees.existsByDepartmentAndEmailOrDepartmentAndEmployeeId("Sales", "nobody@contoso.com", "Sales",
        999)).isFalse();
    assertThat(employees.existsByDepartmentAndEmailOrDepartmentAndEmployeeId("Sales", "nobody@contoso.com",
        "Accounts", 400)).isTrue();
  }

  @Test
  void aCountOfAUnionReadsKeysOnly() {
    assertThat(employees.countByDepartmentAndEmployeeIdOrDepartmentAndEmployeeIdBetween(
        "Marketing", 300, "Sales", 0, 999)).isEqualTo(5);

    assertThat(backend.sentQueries).isNotEmpty()
        .allSatisfy(query -> assertThat(query.select()).isEmpty());
    assertThat(events.get(0).rowsReturned()).isEqualTo(5);
  }

  @Test
  void anInInABranchFansOutInsideTheUnion() {
    assertThat(ids(employees.findByDepartmentAndEmployeeIdInOrDepartmentAndEmployeeId(
        "Sales", List.of(200, 123, 999), "Marketing", 300))).containsExactly(300, 123, 200);
    assertThat(events.get(0).requests()).isEqualTo(4);
  }

  @Test
  void aBranchWhoseInIsEmptyMatchesNothingWhileTheOthersStillRead() {
    assertThat(ids(employees.findByDepartmentAndFirstNameInOrDepartmentAndEmployeeId(
        "Sales", List.of(), "Marketing", 300))).containsExactly(300);
    assertThat(events.get(0).requests()).isEqualTo(1);
    assertThat(ids(employees.findByDepartmentAndFirstNameInOrDepartmentAndEmployeeId(
        "Sales", List.of("Kim", "Lu"), "Sales", 124))).containsExactly(124, 125);
  }

  @Test
  void limitsAndStreamsRunOverTheMerge() {
    assertThat(ids(employees.findTop2ByDepartmentOrDepartment("Sales", "Marketing"))).containsExactly(300, 123);
    assertThat(employees.streamByDepartmentOrDepartment("Sales", "Accounts").map(Employee::employeeId))
        .containsExactly(400, 123, 124, 125, 200);
    assertThat(ids(employees.findTop2ByDepartmentOrDepartment("Sales", "Sales"))).containsExactly(123, 124);
  }

  @Test
  void aBranchThatScansItsPartitionKeepsTheUnionAPartitionScan() {
    assertThat(ids(employees.findByDepartmentAndAgeOrDepartmentAndLastName("Sales", 41, "Sales", "Smith")))
        .containsExactly(124, 200);
    assertThat(events.get(0).kind()).isEqualTo(QueryKind.PARTITION_SCAN);
    assertThat(events.get(0).requests()).isEqualTo(2);
  }

  @Test
  void anOrWithABranchOverEveryPartitionIsOneFilteredScanWhosePagesResume() {
    assertThat(ids(employees.findByDepartmentAndAgeGreaterThanOrLastName("Sales", 30, "Kwok")))
        .containsExactly(300, 123, 124, 200);
    QueryEvent event = events.get(0);
    assertThat(event.kind()).isEqualTo(QueryKind.TABLE_SCAN);
    assertThat(event.plan()).isEqualTo("TABLE_SCAN: every partition of table Company; filter (department eq"
        + " {department} and age gt {age}) or (lastName eq {lastName})");
    assertThat(event.requests()).isEqualTo(1);

    List<Integer> paged = new ArrayList<>();
    Page<Employee> page = employees.findByDepartmentAndAgeGreaterThanOrLastName("Sales", 30, "Kwok",
        PageRequest.of(3));
    paged.addAll(ids(page.items()));
    assertThat(page.continuationToken()).isPresent();
    page = employees.findByDepartmentAndAgeGreaterThanOrLastName("Sales", 30, "Kwok",
        PageRequest.after(page.continuationToken().get(), 3));
    paged.addAll(ids(page.items()));
    assertThat(paged).containsExactly(300, 123, 124, 200);
  }

  @Test
  void deleteRemovesEveryMatchOfTheUnionWithItsIndexCopies() {
    assertThat(employees.deleteByDepartmentAndEmployeeIdOrDepartmentAndLastName("Sales", 123, "Sales", "Kwok"))
        .isEqualTo(2);

    assertThat(ids(employees.findTop2ByDepartmentOrDepartment("Sales", "Sales"))).containsExactly(125, 200);
    assertThat(employees.countByDepartmentAndEmailOrDepartmentAndEmployeeId("Sales", "kim@contoso.com", "Sales",
        123)).isZero();
    assertThat(RawRows.rowKeys(backend.delegate, "Company", "Sales")).isNotEmpty()
        .noneMatch(key -> key.contains("kenk@") || key.contains("kim@") || key.contains("00000123")
            || key.contains("00000124"));
  }

  @Test
  void withAParallelismOfOneTheBranchesAreReadLazilyAndGiveTheSameResults() {
    // not closed: closing a mapper closes its backend, which the mapper of the test shares
    List<QueryEvent> sequentialEvents = new CopyOnWriteArrayList<>();
    EmployeeOrRepository sequential = TableMapper.builder().backend(backend).readParallelism(1)
        .queryListener(sequentialEvents::add).build().repository(EmployeeOrRepository.class);

    assertThat(ids(sequential.findByDepartmentAndEmployeeIdOrDepartmentAndEmployeeIdBetween(
        "Sales", 124, "Sales", 123, 125))).containsExactly(123, 124, 125);
    assertThat(ids(sequential.findTop2ByDepartmentOrDepartment("Sales", "Marketing"))).containsExactly(300, 123);
    assertThat(sequential.countByDepartmentAndEmailOrDepartmentAndEmployeeId("Sales", "kim@contoso.com", "Sales", 124))
        .isEqualTo(1);
    assertThat(sequentialEvents).hasSize(3);
    assertThat(sequentialEvents.get(1).requests()).isEqualTo(2);
  }
}
