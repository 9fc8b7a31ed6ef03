package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tablemapper.api.Batch;
import io.tablemapper.api.BatchException.Reason;
import io.tablemapper.api.BatchException;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.fixtures.Department;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.fixtures.Project;
import io.tablemapper.tck.support.InterceptingBackend;
import io.tablemapper.tck.support.RawRows;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

@ParameterizedClass
@ArgumentsSource(KitStores.class)
class BatchTest {
  private final BatchVersions versions;
  private final TableBackend store;
  private final InterceptingBackend backend;
  private final TableMapper mapper;
  private final EmployeeRepository employees;
  private Employee ken;
  private Employee kim;
  private List<TableRow> before;

  BatchTest(StoreUnderTest under) {
    this.versions = under.batchVersions();
    this.store = under.newStore();
    this.backend = new InterceptingBackend(store);
    this.mapper = TableMapper.builder().backend(backend).build();
    this.employees = mapper.repository(EmployeeRepository.class);
  }

  @BeforeEach
  void fill() {
    ken = employees.insert(Employee.of("Sales", 123, "Ken", "Kwok", 23, "kenk@contoso.com"));
    kim = employees.insert(Employee.of("Sales", 124, "Kim", "Akers", 31, "kim@contoso.com"));
    before = RawRows.all(store, "Company");
    backend.batches.clear();
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private Batch sales() {
    return mapper.batch("Company", "Sales");
  }

  private static Employee employee(int id, String email) {
    return Employee.of("Sales", id, "N" + id, "L" + id, 30, email);
  }

  private BatchException failure(Batch batch) {
    BatchException failure = catchThrowableOfType(BatchException.class, batch::commit);
    assertThat(failure).as("commit() throws BatchException").isNotNull();
    assertThat(RawRows.all(store, "Company")).as("the store is unchanged").isEqualTo(before);
    return failure;
  }

  @Test
  void aBatchAppliesOperationsOfSeveralTypesInOneTransactionAndReturnsThemInOrder() {
    Employee ben = employee(200, "ben@contoso.com");
    Department sales = new Department("Sales", "Ann", 3, null);

    List<Object> stored = sales().insert(ben).insert(sales).update(kim.withEmail("kim2@contoso.com")).delete(ken)
        .commit();

    assertThat(backend.batches).hasSize(1);
    assertThat(stored).hasSize(4);
    Employee storedBen = (Employee) stored.get(0);
    assertThat(storedBen.withEtag(null)).isEqualTo(ben);
    String departmentEtag = ((Department) stored.get(1)).etag();
    String kimEtag = ((Employee) stored.get(2)).etag();
    assertThat(storedBen.etag()).isEqualTo(RawRows.get(store, "Company", "Sales", "empid_00000200").etag());
    assertThat(departmentEtag).isEqualTo(RawRows.get(store, "Company", "Sales", "department").etag());
    assertThat(kimEtag).isEqualTo(RawRows.get(store, "Company", "Sales", "empid_00000124").etag());
    if (versions == BatchVersions.SHARED) {
      assertThat(List.of(departmentEtag, kimEtag)).containsOnly(storedBen.etag());
    } else if (versions == BatchVersions.DISTINCT) {
      assertThat(List.of(storedBen.etag(), departmentEtag, kimEtag)).doesNotHaveDuplicates();
    }
    assertThat(stored.get(3)).isSameAs(ken);
    assertThat(RawRows.rowKeys(store, "Company", "Sales")).containsExactly("department", "email_ben@contoso.com",
        "email_kim2@contoso.com", "empid_00000124", "empid_00000200", "lastname_Akers_00000124",
        "lastname_L200_00000200");
    Invariants.assertEmployeeCopiesConsistent(store, "Company", versions);
  }

  @Test
  void aBatchOnATableSpelledInAnotherCaseWritesTheEntitysTable() {
    mapper.batch("company", "Sales").insert(employee(200, "ben@contoso.com")).commit();

    // on a store whose table names are case-sensitive (Cosmos DB) another spelling is another table
    boolean oneTable = !store.profile().caseSensitiveTableNames();
    assertThat(employees.findByDepartmentAndEmployeeId("Sales", 200).isPresent()).isEqualTo(oneTable);
    assertThat(RawRows.get(store, "company", "Sales", "empid_00000200")).as("the row in the table named").isNotNull();
    Invariants.assertEmployeeCopiesConsistent(store, "Company", versions);
  }

  @Test
  void anEmptyBatchIsRejected() {
    BatchException failure = failure(sales());

    assertThat(failure.reason()).isEqualTo(Reason.EMPTY);
    assertThat(failure.failedIndex()).isEqualTo(-1);
    assertThat(failure).hasMessageContaining("batch on table Company, partition 'Sales' holds no operation");
  }

  @Test
  void aBatchCommitsOnce() {
    Batch batch = sales().insert(employee(1, "one@contoso.com"));
    batch.commit();

    assertThatThrownBy(batch::commit)
        .isInstanceOf(BatchException.class)
        .hasMessageContaining("already committed")
        .satisfies(e -> assertThat(((BatchException) e).reason()).isEqualTo(Reason.ALREADY_COMMITTED));
    assertThatThrownBy(() -> batch.insert(employee(2, "two@contoso.com")))
        .satisfies(e -> assertThat(((BatchException) e).reason()).isEqualTo(Reason.ALREADY_COMMITTED));
  }

  @Test
  void anEntityOfAnotherPartitionIsRejectedNamingItsOperationAndBothKeys() {
    BatchException failure = failure(sales()
        .insert(employee(1, "one@contoso.com"))
        .insert(Employee.of("Marketing", 2, "A", "B", 3, "m@contoso.com")));

    assertThat(failure.reason()).isEqualTo(Reason.WRONG_PARTITION);
    assertThat(failure.failedIndex()).isEqualTo(1);
    assertThat(failure).hasMessageContaining("operation 1 (insert of Employee)")
        .hasMessageContaining("partition 'Marketing'")
        .hasMessageContaining("the batch's partition 'Sales'");
  }

  @Test
  void anEntityOfAnotherTableIsRejected() {
    BatchException failure = failure(sales().insert(new Project("Sales", "p1", "Apollo")));

    assertThat(failure.reason()).isEqualTo(Reason.WRONG_PARTITION);
    assertThat(failure.failedIndex()).isZero();
    assertThat(failure).hasMessageContaining("table Projects");
  }

  @Test
  void tooManyOperationsCountingIndexCopiesAreRejectedSayingHowManyTheCopiesAdded() {
    Batch batch = sales();
    IntStream.range(0, 34).forEach(i -> batch.insert(employee(1000 + i, i + "@contoso.com")));

    BatchException failure = failure(batch);

    assertThat(failure.reason()).isEqualTo(Reason.TOO_MANY_OPERATIONS);
    assertThat(failure.failedIndex()).isEqualTo(-1);
    assertThat(failure).hasMessageContaining("needs 102 operations: 34 for the entities and 68 added by their"
        + " index copies");
    assertThat(backend.batches).isEmpty();
  }

  @Test
  void twoOperationsOnOneEntityAreRejectedNamingBoth() {
    BatchException failure = failure(sales().update(kim.withAge(40)).insert(ken).delete(kim));

    assertThat(failure.reason()).isEqualTo(Reason.DUPLICATE_ENTITY);
    assertThat(failure.failedIndex()).isEqualTo(2);
    assertThat(failure).hasMessageContaining("operation 0 (update of Employee (PartitionKey 'Sales',"
        + " RowKey 'empid_00000124'))").hasMessageContaining("operation 2 (delete of Employee");
  }

  @Test
  void oneIndexValueUsedByTwoOperationsIsRejectedNamingTheIndex() {
    BatchException failure = failure(sales()
        .insert(employee(1, "one@contoso.com"))
        .insert(employee(2, "two@contoso.com"))
        .insert(employee(3, "one@contoso.com")));

    assertThat(failure.reason()).isEqualTo(Reason.DUPLICATE_ENTITY);
    assertThat(failure.failedIndex()).isEqualTo(2);
    assertThat(failure).hasMessageContaining("index 'email' value 'email_one@contoso.com' is used twice, by"
        + " operation 0 (insert of Employee (PartitionKey 'Sales', RowKey 'empid_00000001')) and operation 2");
  }

  @Test
  void aBatchOverFourMebibytesIsRejected() {
    Batch batch = sales();
    IntStream.range(0, 25).forEach(i ->
        batch.insert(Employee.of("Sales", 500 + i, "x".repeat(30_000), "Big", 1, i + "@big.com")));

    BatchException failure = failure(batch);

    assertThat(failure.reason()).isEqualTo(Reason.TOO_LARGE);
    assertThat(failure).hasMessageContaining(batchLimit());
  }

  /** How a message names the store's batch limit: 4 MiB, or Cosmos DB's 2 MiB. */
  private String batchLimit() {
    return store.profile().maxBatchBytes() == 4 * 1024 * 1024 ? "4 MiB" : "2 MiB on COSMOS_TABLE";
  }

  @Test
  void aBatchWithinFourMebibytesInTheSizeEstimateButNotAsSentIsRejectedSayingWhichSize() {
    // three rows an employee, each with 30,000 CJK characters: 60 KB in the estimate, 90 KB of UTF-8 (half as many
    // within Cosmos DB's 2 MiB)
    Batch batch = sales();
    IntStream.range(0, store.profile().maxBatchBytes() == 4 * 1024 * 1024 ? 20 : 10).forEach(i ->
        batch.insert(Employee.of("Sales", 500 + i, "\u4E2D".repeat(30_000), "Big", 1, i + "@big.com")));

    BatchException failure = failure(batch);

    assertThat(failure.reason()).isEqualTo(Reason.TOO_LARGE);
    assertThat(failure).hasMessageContaining("a request body of up to").hasMessageContaining(batchLimit());
    assertThat(backend.batches).isEmpty();
  }

  @Test
  void anInvalidEntityIsRejectedAtItsPositionWithTheSpecificCause() {
    BatchException failure = failure(sales()
        .insert(employee(1, "one@contoso.com"))
        .insert(employee(2, "two@contoso.com"))
        .insert(employee(-5, "bad@contoso.com")));

    assertThat(failure.reason()).isEqualTo(Reason.REJECTED);
    assertThat(failure.failedIndex()).isEqualTo(2);
    assertThat(failure).hasCauseInstanceOf(InvalidKeyException.class).hasMessageContaining("operation 2");
  }

  @Test
  void aStoreRejectionNamesTheApplicationsOperationHoweverManyCopiesPrecedeIt() {
    BatchException failure = failure(sales()
        .insert(employee(1, "one@contoso.com"))
        .insert(employee(2, "two@contoso.com"))
        .insert(ken));

    assertThat(failure.reason()).isEqualTo(Reason.REJECTED);
    assertThat(failure.failedIndex()).isEqualTo(2);
    assertThat(failure.getCause()).isInstanceOf(EntityExistsException.class)
        .hasMessageContaining("Employee (PartitionKey 'Sales', RowKey 'empid_00000123') already exists");
    assertThat(failure).hasMessageContaining("rejected at operation 2 (insert of Employee");
  }

  @Test
  void aTakenIndexValueIsRejectedNamingTheIndex() {
    BatchException failure = failure(sales()
        .insert(employee(5, "five@contoso.com"))
        .insert(new Department("Sales", "Ann", 1, null))
        .insert(employee(7, "kim@contoso.com")));

    assertThat(failure.failedIndex()).isEqualTo(2);
    assertThat(failure.getCause()).isInstanceOf(EntityExistsException.class)
        .hasMessageContaining("index 'email' value 'email_kim@contoso.com' is already taken")
        .hasMessageContaining("empid_00000124");
  }

  @Test
  void anUpdateOfAMissingEntityIsRejectedAtItsPosition() {
    BatchException failure = failure(sales().update(kim.withAge(50)).update(employee(9, "nine@contoso.com")));

    assertThat(failure.failedIndex()).isEqualTo(1);
    assertThat(failure.getCause()).isInstanceOf(EntityNotFoundException.class);
  }

  @Test
  void aStoredEntityWhoseOldIndexValueIsNoValidKeyIsRejectedAtItsPosition() {
    store.write("Company", WriteOperation.insert(TableRow.builder("Sales", "empid_00000300")
        .putString("EntityType", "Employee").putString("department", "Sales").putInt32("employeeId", 300)
        .putString("lastName", "Old").putString("email", "bad/value").build()));
    before = RawRows.all(store, "Company");

    BatchException failure = failure(sales().insert(employee(1, "one@contoso.com"))
        .update(employee(300, "good@contoso.com")));

    assertThat(failure.reason()).isEqualTo(Reason.REJECTED);
    assertThat(failure.failedIndex()).isEqualTo(1);
    assertThat(failure.getCause()).isInstanceOf(InvalidKeyException.class).hasMessageContaining("email");
  }

  @Test
  void aStaleETagIsRejectedWithAConcurrencyConflict() {
    employees.update(kim.withAge(60));
    before = RawRows.all(store, "Company");

    BatchException failure = failure(sales().insert(employee(1, "one@contoso.com")).update(kim.withAge(61)));

    assertThat(failure.failedIndex()).isEqualTo(1);
    assertThat(failure.getCause()).isInstanceOf(ConcurrencyConflictException.class);
  }

  @Test
  void aStaleETagOfAnEntityWithoutIndexesIsRejectedByTheStore() {
    Department v1 = (Department) sales().insert(new Department("Sales", "Ann", 1, null)).commit().get(0);
    sales().update(v1.withManager("Bob")).commit();
    before = RawRows.all(store, "Company");

    BatchException failure = failure(sales().insert(employee(1, "one@contoso.com")).update(v1.withManager("Cy")));

    assertThat(failure.failedIndex()).isEqualTo(1);
    assertThat(failure.getCause()).isInstanceOf(ConcurrencyConflictException.class)
        .hasMessageContaining("Department (PartitionKey 'Sales', RowKey 'department')");
  }

  @Test
  void aRaceWithAnotherWriterIsRetriedWhenNoETagWasGiven() {
    backend.beforeNextWrite(() -> TableMapper.builder().backend(store).build()
        .repository(EmployeeRepository.class).update(kim.withEmail("raced@contoso.com")));

    List<Object> stored = sales().update(kim.withAge(70).withEtag(null)).commit();

    assertThat(((Employee) stored.get(0)).age()).isEqualTo(70);
    assertThat(backend.batches).hasSize(2);
    Invariants.assertEmployeeCopiesConsistent(store, "Company", versions);
    assertThat(RawRows.get(store, "Company", "Sales", "email_raced@contoso.com")).isNull();
  }

  @Test
  void aRaceRereadsOnlyTheEntityThatRaced() {
    backend.beforeNextWrite(() -> TableMapper.builder().backend(store).build()
        .repository(EmployeeRepository.class).update(kim.withEmail("raced@contoso.com")));
    int before = backend.gets.get();

    sales().update(ken.withAge(71).withEtag(null)).update(kim.withAge(70).withEtag(null)).commit();

    assertThat(backend.gets.get() - before)
        .as("two reads, then one of kim again; or, where copies have ETags of their own, two entities with two"
            + " copies each, then kim and its copies again")
        .isIn(versions.expected(3, 9));
    assertThat(backend.batches).hasSize(2);
    Invariants.assertEmployeeCopiesConsistent(store, "Company", versions);
  }

  @Test
  void aDeleteWhoseCopyIsAlreadyGoneSucceeds() {
    store.write("Company", WriteOperation.delete("Sales", "email_kenk@contoso.com", "*"));

    sales().delete(ken).commit();

    assertThat(RawRows.rowKeys(store, "Company", "Sales").stream().filter(k -> k.contains("123"))
        .collect(Collectors.toList())).isEmpty();
  }
}
