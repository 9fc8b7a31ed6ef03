package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.OperationEvent;
import io.tablemapper.api.OperationType;
import io.tablemapper.api.PartialDeleteException;
import io.tablemapper.api.QueryEvent;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeOrRepository;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.fixtures.Staffer;
import io.tablemapper.tck.fixtures.StafferRepository;
import io.tablemapper.tck.support.InterceptingBackend;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.StafferCopies;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Counts and derived deletes read keys only, on every backend: a count asks the store for no property, a delete for
 * the discriminator and the properties its index keys are made of; a delete goes in entity group transactions of at
 * most 100 operations per partition, takes the index copies (in the partition, and remote ones through the pending
 * work) with their entities, and a failure part-way reports what was deleted and what was not.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class BulkDeleteTest {
  private final StoreUnderTest stores;
  private final InterceptingBackend backend;
  private final List<OperationEvent> operations = new CopyOnWriteArrayList<>();
  private final List<QueryEvent> queries = new CopyOnWriteArrayList<>();
  private TableMapper mapper;

  BulkDeleteTest(StoreUnderTest stores) {
    this.stores = stores;
    this.backend = new InterceptingBackend(stores.newStore());
  }

  private TableMapper mapper(int readParallelism) {
    mapper = TableMapper.builder().backend(backend).operationListener(operations::add).queryListener(queries::add)
        .readParallelism(readParallelism).build();
    return mapper;
  }

  @AfterEach
  void close() {
    if (mapper != null) {
      mapper.close();
    }
  }

  private static List<Employee> employees(String department, int count) {
    List<Employee> employees = new ArrayList<>();
    for (int id = 1; id <= count; id++) {
      employees.add(Employee.of(department, id, "First" + id, "Last" + (id % 7), 20 + id % 40,
          department.toLowerCase() + id + "@contoso.com"));
    }
    return employees;
  }

  private void store(List<Employee> employees) {
    for (int from = 0; from < employees.size(); from += 33) { // an employee and its 2 copies: 99 operations
      var batch = mapper.batch("Company", employees.get(from).department());
      employees.subList(from, Math.min(employees.size(), from + 33)).forEach(batch::insert);
      batch.commit();
    }
  }

  @Test
  void aCountAsksTheStoreForNoPropertyAndAgreesWithAList() {
    EmployeeRepository employees = mapper(3).repository(EmployeeRepository.class);
    store(employees("Sales", 40));
    backend.sentQueries.clear();

    assertThat(employees.countByDepartment("Sales")).isEqualTo(40);
    assertThat(employees.existsByDepartmentAndEmployeeId("Sales", 7)).isTrue();

    List<TableQuery> sent = new ArrayList<>(backend.sentQueries);
    assertThat(sent).hasSize(2).allSatisfy(query -> assertThat(query.select()).isEmpty());
    assertThat(employees.findByDepartment("Sales")).hasSize(40);
  }

  @Test
  void aDeleteReadsKeysAndIndexKeyPropertiesOnlyAndDeletesInTransactionsOfAtMostOneHundred() {
    EmployeeRepository employees = mapper(3).repository(EmployeeRepository.class);
    store(employees("Sales", 150));
    store(employees("Marketing", 20));
    backend.sentQueries.clear();
    backend.batches.clear();
    operations.clear();
    queries.clear();

    assertThat(employees.deleteByDepartment("Sales")).isEqualTo(150);

    assertThat(backend.sentQueries).isNotEmpty().allSatisfy(query ->
        assertThat(query.select()).containsExactlyInAnyOrder("EntityType", "email", "lastName"));
    assertThat(backend.batches).hasSize(5) // 150 employees of 3 operations each, at most 33 per transaction
        .allSatisfy(batch -> assertThat(batch).hasSizeLessThanOrEqualTo(100));
    assertThat(RawRows.rowKeys(backend.delegate, "Company", "Sales")).isEmpty();
    assertThat(RawRows.rowKeys(backend.delegate, "Company", "Marketing")).hasSize(60);
    OperationEvent delete = operations.stream().filter(event -> event.type() == OperationType.DELETE_BY_QUERY)
        .reduce((first, second) -> second).orElseThrow();
    assertThat(delete.rowsWritten()).isEqualTo(450);
    assertThat(queries).singleElement().satisfies(read -> {
      assertThat(read.rowsRead()).isEqualTo(150);
      assertThat(read.requests()).isEqualTo(1);
    });
  }

  @Test
  void partitionsAreDeletedInParallelEachWithItsCopies() {
    EmployeeRepository employees = mapper(4).repository(EmployeeRepository.class);
    for (String department : List.of("Accounts", "Design", "Marketing", "Sales")) {
      store(employees(department, 12));
    }

    assertThat(employees.deleteByDepartmentAndAgeLessThan("Sales", 30)).isEqualTo(9); // ages 21 to 29
    assertThat(RawRows.rowKeys(backend.delegate, "Company", "Sales")).hasSize(9);
    assertThat(employees.countByDepartment("Sales")).isEqualTo(3);
    assertThat(employees.countByDepartment("Design")).isEqualTo(12);

    backend.batches.clear();
    EmployeeOrRepository across = mapper.repository(EmployeeOrRepository.class);
    assertThat(across.deleteByDepartmentOrDepartment("Design", "Accounts")).isEqualTo(24);
    assertThat(backend.batches).hasSize(2).allSatisfy(batch -> assertThat(batch).hasSize(36));
    assertThat(RawRows.rowKeys(backend.delegate, "Company", "Design")).isEmpty();
    assertThat(RawRows.rowKeys(backend.delegate, "Company", "Accounts")).isEmpty();
    assertThat(RawRows.rowKeys(backend.delegate, "Company", "Marketing")).hasSize(36);
    Invariants.assertEmployeeCopiesConsistent(backend.delegate, "Company", stores.batchVersions());
  }

  @Test
  void aDeleteTakesTheRemoteCopiesOfItsEntitiesThroughThePendingWork() {
    StafferRepository staff = mapper(3).repository(StafferRepository.class);
    List<Staffer> kept = new ArrayList<>();
    for (int id = 1; id <= 5; id++) {
      staff.insert(new Staffer("Sales", id, "First" + id, "Lee", "s" + id + "@contoso.com", id % 2 == 0 ? id : null));
      Staffer other = new Staffer("Support", id, "First" + id, "Lee", "t" + id + "@contoso.com", id);
      staff.insert(other);
      kept.add(other);
    }
    mapper.completePending();
    backend.sentQueries.clear();

    assertThat(staff.deleteByDepartment("Sales")).isEqualTo(5);
    mapper.completePending();

    assertThat(backend.sentQueries.get(0).select())
        .containsExactlyInAnyOrder("EntityType", "firstName", "lastName", "email", "grade");
    assertThat(staff.countByDepartment("Sales")).isZero();
    StafferCopies.assertInStep(backend.delegate, Contract.PENDING_REGISTRY_TABLE, kept, "after the delete");
  }

  @Test
  void anEntityDeletedBeforeItsDeleteLeavesNoRegistryEntryBehind() {
    StafferRepository staff = mapper(1).repository(StafferRepository.class);
    for (int id = 1; id <= 3; id++) {
      staff.insert(new Staffer("Sales", id, "First" + id, "Lee", "s" + id + "@contoso.com", id));
    }
    StafferRepository other = TableMapper.builder().backend(backend.delegate).pendingCompleters(0).build()
        .repository(StafferRepository.class);
    // after the delete read its matches, before its first write: another mapper deletes one of them, whose delete
    // is then dropped from the transaction (its entity is gone) and records no work under its id
    backend.beforeNextWrite(() -> other.delete(new Staffer("Sales", 2, "First2", "Lee", "s2@contoso.com", 2)));

    staff.deleteByDepartment("Sales");

    // no entry is left for a completer to retire after the grace period: each write's work is done or settled
    assertThat(RawRows.all(backend.delegate, Contract.PENDING_REGISTRY_TABLE)).isEmpty();
    assertThat(staff.countByDepartment("Sales")).isZero();
    assertThat(mapper.completePending()).isZero();
    StafferCopies.assertInStep(backend.delegate, Contract.PENDING_REGISTRY_TABLE, List.of(), "after the delete");
  }

  @Test
  void aFailurePartWayReportsWhatWasDeletedAndWhatWasNot() {
    // one partition after another (parallelism 1), so that the failing one comes second
    EmployeeOrRepository employees = mapper(1).repository(EmployeeOrRepository.class);
    store(employees("Accounts", 40));
    store(employees("Sales", 40));
    EmployeeRepository other = TableMapper.builder().backend(backend.delegate).build()
        .repository(EmployeeRepository.class);
    Employee changed = other.findByDepartmentAndEmployeeId("Sales", 35).orElseThrow().withAge(99);
    // Accounts: 2 transactions (33 + 7 employees); then Sales: its first transaction (1..33) goes, its second does
    // not, because employee 35 changed since it was read
    backend.beforeNextWrite(() -> backend.beforeNextWrite(() -> backend.beforeNextWrite(
        () -> other.update(changed))));

    assertThatThrownBy(() -> employees.deleteByDepartmentOrDepartment("Sales", "Accounts"))
        .isInstanceOfSatisfying(PartialDeleteException.class, partial -> {
          assertThat(partial.deleted()).isEqualTo(73);
          assertThat(partial.notDeleted()).isEqualTo(7);
          assertThat(partial.getCause()).isInstanceOf(ConcurrencyConflictException.class);
          assertThat(partial).hasMessageStartingWith("EmployeeOrRepository.deleteByDepartmentOrDepartment deleted 73"
              + " matching Employee entities with their index copies and left 7 in place, because 1 of its 2"
              + " partitions failed");
        });
    assertThat(RawRows.rowKeys(backend.delegate, "Company", "Accounts")).isEmpty();
    assertThat(RawRows.rowKeys(backend.delegate, "Company", "Sales")).hasSize(21); // 7 employees, 2 copies each
    Invariants.assertEmployeeCopiesConsistent(backend.delegate, "Company", stores.batchVersions());
  }

  @Test
  void aFailureBeforeAnythingWasDeletedIsThrownAsItIs() {
    EmployeeOrRepository employees = mapper(1).repository(EmployeeOrRepository.class);
    store(employees("Sales", 5));
    EmployeeRepository other = TableMapper.builder().backend(backend.delegate).build()
        .repository(EmployeeRepository.class);
    Employee changed = other.findByDepartmentAndEmployeeId("Sales", 2).orElseThrow().withAge(99);
    backend.beforeNextWrite(() -> other.update(changed));

    assertThatThrownBy(() -> employees.deleteByDepartmentOrDepartment("Sales", "Accounts"))
        .isInstanceOf(ConcurrencyConflictException.class);
    assertThat(RawRows.rowKeys(backend.delegate, "Company", "Sales")).hasSize(15);
  }
}
