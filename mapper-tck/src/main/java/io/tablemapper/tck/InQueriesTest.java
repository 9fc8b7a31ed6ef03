package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.QueryEvent;
import io.tablemapper.api.QueryKind;
import io.tablemapper.api.TableMapper;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeInRepository;
import io.tablemapper.spi.TableBackend;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Derived queries with {@code In}, on every backend: one read per distinct element of the collection on a key
 * component, merged in key order (across partitions too), with limits, counts and deletes over the union; a filter
 * of equalities on any other property.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class InQueriesTest {
  private final TableBackend backend;
  private final List<QueryEvent> events = new CopyOnWriteArrayList<>();
  private final TableMapper mapper;
  private final EmployeeInRepository employees;

  InQueriesTest(StoreUnderTest stores) {
    this.backend = stores.newStore();
    this.mapper = TableMapper.builder().backend(backend).queryListener(events::add).readParallelism(3).build();
    this.employees = mapper.repository(EmployeeInRepository.class);
  }

  @BeforeEach
  void fill() {
    employees.insert(Employee.of("Sales", 200, "Ben", "Smith", 35, "ben@contoso.com"));
    employees.insert(Employee.of("Sales", 123, "Ken", "Kwok", 23, "kenk@contoso.com"));
    employees.insert(Employee.of("Sales", 124, "Kim", "Kwok", 41, "kim@contoso.com"));
    employees.insert(Employee.of("Marketing", 300, "Ann", "Kwok", 52, "ann@contoso.com"));
    employees.insert(Employee.of("Accounts", 400, "Al", "Smith", 60, "al@contoso.com"));
    employees.insert(Employee.of("Design", 50, "Dee", "Lane", 30, "dee@contoso.com"));
    events.clear();
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private static List<Integer> ids(List<Employee> found) {
    return found.stream().map(Employee::employeeId).collect(Collectors.toList());
  }

  @Test
  void inOnThePartitionKeyReadsEachPartitionAndMergesThemInKeyOrder() {
    List<Employee> found = employees.findByDepartmentIn(List.of("Sales", "Accounts", "Marketing"));

    assertThat(ids(found)).containsExactly(400, 300, 123, 124, 200);
    assertThat(events).hasSize(1);
    assertThat(events.get(0).kind()).isEqualTo(QueryKind.RANGE);
    assertThat(events.get(0).plan()).startsWith("RANGE ×n (one per distinct element of {departments}");
    assertThat(events.get(0).requests()).isEqualTo(3);
    assertThat(events.get(0).rowsReturned()).isEqualTo(5);
  }

  @Test
  void duplicateElementsAreReadOnce() {
    List<Employee> found = employees.findByDepartmentIn(List.of("Marketing", "Sales", "Marketing", "Sales"));

    assertThat(ids(found)).containsExactly(300, 123, 124, 200);
    assertThat(events.get(0).requests()).isEqualTo(2);
  }

  @Test
  void anEmptyCollectionMatchesNothingWithoutARequest() {
    assertThat(employees.findByDepartmentIn(List.of())).isEmpty();
    assertThat(employees.countByDepartmentIn(Set.of())).isZero();
    assertThat(employees.existsByDepartmentAndEmployeeIdIn("Sales", Set.of())).isFalse();
    assertThat(employees.findByDepartmentAndFirstNameIn("Sales", List.of())).isEmpty();

    assertThat(events).hasSize(4).allSatisfy(event -> assertThat(event.requests()).isZero());
  }

  @Test
  void limitsApplyToTheMergedResults() {
    assertThat(ids(employees.findTop3ByDepartmentIn(new LinkedHashSet<>(List.of("Sales", "Marketing", "Accounts")))))
        .containsExactly(400, 300, 123);
    assertThat(employees.findFirstByDepartmentIn(List.of("Sales", "Marketing")))
        .map(Employee::employeeId).contains(300);
  }

  @Test
  void countCountsTheUnion() {
    assertThat(employees.countByDepartmentIn(List.of("Sales", "Marketing", "Nowhere"))).isEqualTo(4);
  }

  @Test
  void inOnARowKeyComponentMakesOnePointReadPerElementInKeyOrder() {
    List<Employee> found = employees.findByDepartmentAndEmployeeIdIn("Sales", List.of(200, 999, 123));

    assertThat(ids(found)).containsExactly(123, 200);
    QueryEvent event = events.get(0);
    assertThat(event.kind()).isEqualTo(QueryKind.POINT);
    assertThat(event.plan()).isEqualTo("POINT ×n (one per distinct element of {employeeIds}, merged in key order):"
        + " PartitionKey = {department}, RowKey = empid_{employeeIds:08}");
    assertThat(event.requests()).isEqualTo(3);
  }

  @Test
  void streamAndExistsRunOverTheUnion() {
    assertThat(employees.streamByDepartmentAndEmployeeIdIn("Sales", List.of(124, 200, 123)).map(Employee::firstName))
        .containsExactly("Ken", "Kim", "Ben");
    assertThat(employees.existsByDepartmentAndEmployeeIdIn("Sales", Set.of(998, 999))).isFalse();
    assertThat(employees.existsByDepartmentAndEmployeeIdIn("Sales", Set.of(999, 124))).isTrue();
  }

  @Test
  void deleteRemovesEveryMatchOfTheUnion() {
    assertThat(employees.deleteByDepartmentAndEmployeeIdIn("Sales", List.of(123, 200, 999))).isEqualTo(2);

    assertThat(ids(employees.findByDepartmentIn(List.of("Sales")))).containsExactly(124);
  }

  @Test
  void inThroughAnIndexReadsOneRangePerElementInIndexOrder() {
    List<Employee> found = employees.findByDepartmentAndLastNameIn("Sales", List.of("Smith", "Kwok"));

    assertThat(ids(found)).containsExactly(123, 124, 200);
    assertThat(events.get(0).plan()).startsWith("RANGE ×n (one per distinct element of {lastNames}, merged in key"
        + " order) via index lastName");
  }

  @Test
  void inOnAnotherPropertyIsAFilterOfEqualitiesEvenAboveTheStoresFifteenComparisons() {
    assertThat(ids(employees.findByDepartmentAndFirstNameIn("Sales", List.of("Ben", "Kim", "Ann"))))
        .containsExactly(124, 200);

    List<String> many = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      many.add("Nobody" + i);
    }
    many.add("Ken");
    assertThat(ids(employees.findByDepartmentAndFirstNameIn("Sales", many))).containsExactly(123);
    assertThat(events.get(1).kind()).isEqualTo(QueryKind.PARTITION_SCAN);
  }

  @Test
  void aNullElementOrCollectionIsRefusedNamingTheParameter() {
    assertThatThrownBy(() -> employees.findByDepartmentAndEmployeeIdIn("Sales", Arrays.asList(123, null)))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("EmployeeInRepository.findByDepartmentAndEmployeeIdIn: parameter 'employeeIds' (employeeIdIn)"
            + " holds null; the store cannot compare 'employeeId' with null");
    assertThatThrownBy(() -> employees.findByDepartmentAndFirstNameIn("Sales", null))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("parameter 'firstNames' (firstNameIn) is null; pass an empty collection");
    assertThat(events).isEmpty();
  }

  @Test
  void readsRunOneAfterAnotherWithAParallelismOfOneAndGiveTheSameResults() {
    // not closed: closing a mapper closes its backend, which the mapper of the test shares
    TableMapper sequential = TableMapper.builder().backend(backend).readParallelism(1).build();
    EmployeeInRepository repository = sequential.repository(EmployeeInRepository.class);

    assertThat(ids(repository.findByDepartmentIn(List.of("Sales", "Accounts", "Marketing"))))
        .containsExactly(400, 300, 123, 124, 200);
    assertThat(ids(repository.findTop3ByDepartmentIn(Set.of("Sales", "Accounts")))).containsExactly(400, 123, 124);
    assertThat(repository.countByDepartmentIn(List.of("Sales", "Design"))).isEqualTo(4);
  }

  @Test
  void theBuilderRefusesAReadParallelismOutsideOneToSixtyFour() {
    assertThatThrownBy(() -> TableMapper.builder().readParallelism(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("readParallelism must be 1 (sequential) to 64, was 0");
  }
}
