package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.fixtures.Department;
import io.tablemapper.tck.fixtures.DepartmentRepository;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.support.RawRows;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

@ParameterizedClass
@ArgumentsSource(KitStores.class)
class RepositoryWritesTest {
  private final TableBackend backend;
  private final TableMapper mapper;
  private final EmployeeRepository employees;
  private final DepartmentRepository departments;
  private final Employee ken = Employee.of("Sales", 123, "Ken", "Kwok", 23, "kenk@contoso.com");

  RepositoryWritesTest(StoreUnderTest under) {
    this.backend = under.newStore();
    this.mapper = TableMapper.builder().backend(backend).build();
    this.employees = mapper.repository(EmployeeRepository.class);
    this.departments = mapper.repository(DepartmentRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private List<TableRow> company() {
    return RawRows.all(backend, "Company");
  }

  @Test
  void insertReturnsTheEntityCarryingTheETagTheStoreAssigned() {
    Employee stored = employees.insert(ken);

    TableRow row = RawRows.get(backend, "Company", "Sales", "empid_00000123");
    assertThat(stored.etag()).isNotNull().isEqualTo(row.etag());
    assertThat(stored.withEtag(null)).isEqualTo(ken);
    assertThat(row.get("EntityType")).isEqualTo("Employee");
  }

  @Test
  void insertCreatesTheTableOnFirstUse() {
    assertThat(backend.tableExists("Company")).isFalse();

    departments.insert(new Department("Sales", "Ann", 3, null));

    assertThat(backend.tableExists("Company")).isTrue();
  }

  @Test
  void insertOfAnEntityWithoutIndexesWritesOneRow() {
    Department stored = departments.insert(new Department("Sales", "Ann", 3, null));

    assertThat(company()).extracting(TableRow::rowKey).containsExactly("department");
    assertThat(stored.etag()).isEqualTo(company().get(0).etag());
  }

  @Test
  void insertingAnExistingEntityFailsNamingEntityKeysAndTableAndChangesNothing() {
    employees.insert(ken);
    List<TableRow> before = company();

    assertThatThrownBy(() -> employees.insert(ken.withEmail("other@contoso.com")))
        .isInstanceOf(EntityExistsException.class)
        .hasMessageContaining(
            "Employee (PartitionKey 'Sales', RowKey 'empid_00000123') already exists in table Company")
        .hasMessageContaining("upsert")
        .hasCauseInstanceOf(EntityExistsException.class);
    assertThat(company()).isEqualTo(before);
  }

  @Test
  void insertingAnExistingEntityWithoutIndexesFailsTheSameWay() {
    departments.insert(new Department("Sales", "Ann", 3, null));
    List<TableRow> before = company();

    assertThatThrownBy(() -> departments.insert(new Department("Sales", "Bob", 4, null)))
        .isInstanceOf(EntityExistsException.class)
        .hasMessageContaining("Department (PartitionKey 'Sales', RowKey 'department') already exists in table Company");
    assertThat(company()).isEqualTo(before);
  }

  @Test
  void insertingATakenIndexValueFailsNamingTheIndexAndTheHolderAndWritesNothing() {
    employees.insert(ken);
    List<TableRow> before = company();

    assertThatThrownBy(() -> employees.insert(Employee.of("Sales", 124, "Kim", "Akers", 31, "kenk@contoso.com")))
        .isInstanceOf(EntityExistsException.class)
        .hasMessageContaining("index 'email' value 'email_kenk@contoso.com' is already taken by another entity")
        .hasMessageContaining("RowKey 'empid_00000123'")
        .hasMessageContaining("Employee (PartitionKey 'Sales', RowKey 'empid_00000124')");
    assertThat(company()).isEqualTo(before);
  }

  @Test
  void theSameIndexValueMayBeUsedInAnotherPartition() {
    employees.insert(ken);

    employees.insert(Employee.of("Marketing", 124, "Kim", "Akers", 31, "kenk@contoso.com"));

    assertThat(RawRows.rowKeys(backend, "Company", "Marketing")).contains("email_kenk@contoso.com");
  }

  @Test
  void updateWithoutIndexesIsConditionalOnTheETag() {
    Department v1 = departments.insert(new Department("Sales", "Ann", 3, null));
    Department v2 = departments.update(v1.withManager("Bob"));
    List<TableRow> before = company();

    assertThat(v2.etag()).isNotEqualTo(v1.etag());
    assertThatThrownBy(() -> departments.update(v1.withManager("Carol")))
        .isInstanceOf(ConcurrencyConflictException.class)
        .hasMessageContaining("Department (PartitionKey 'Sales', RowKey 'department')")
        .hasMessageContaining("table Company")
        .hasMessageContaining("read it again");
    assertThat(company()).isEqualTo(before);
  }

  @Test
  void updateWithoutAnETagReplacesWhateverIsStored() {
    departments.insert(new Department("Sales", "Ann", 3, null));

    departments.update(new Department("Sales", "Dan", 9, null));

    assertThat(company().get(0).get("manager")).isEqualTo("Dan");
  }

  @Test
  void anETagOfStarIsNoConditionWithIndexes() {
    Employee v1 = employees.insert(ken);
    employees.update(v1.withAge(24));

    Employee v3 = employees.update(v1.withAge(50).withEtag("*"));

    assertThat(employees.getByDepartmentAndEmployeeId("Sales", 123)).isEqualTo(v3);
    assertThat(v3.age()).isEqualTo(50);
    employees.delete(v1.withEtag("*"));
    assertThat(company()).isEmpty();
  }

  @Test
  void anETagOfStarIsNoConditionWithoutIndexes() {
    Department v1 = departments.insert(new Department("Sales", "Ann", 3, null));
    departments.update(v1.withManager("Bob"));

    departments.update(new Department("Sales", "Cy", 3, "*"));

    assertThat(company().get(0).get("manager")).isEqualTo("Cy");
    departments.delete(new Department("Sales", "Cy", 3, "*"));
    assertThat(company()).isEmpty();
  }

  @Test
  void updateOfAMissingEntityFailsWithEntityNotFoundSuggestingInsertOrUpsert() {
    assertThatThrownBy(() -> departments.update(new Department("Sales", "Ann", 3, null)))
        .isInstanceOf(EntityNotFoundException.class)
        .hasMessageContaining("cannot update Department (PartitionKey 'Sales', RowKey 'department')")
        .hasMessageContaining("does not exist in table Company")
        .hasMessageContaining("upsert");
    assertThatThrownBy(() -> employees.update(ken))
        .isInstanceOf(EntityNotFoundException.class)
        .hasMessageContaining("cannot update Employee (PartitionKey 'Sales', RowKey 'empid_00000123')");
    assertThat(company()).isEmpty();
  }

  @Test
  void updateWithAStaleETagFailsAndLeavesEntityAndCopiesAsTheyWere() {
    Employee v1 = employees.insert(ken);
    employees.update(v1.withAge(24));
    List<TableRow> before = company();

    assertThatThrownBy(() -> employees.update(v1.withEmail("ken.kwok@contoso.com")))
        .isInstanceOf(ConcurrencyConflictException.class)
        .hasMessageContaining("Employee (PartitionKey 'Sales', RowKey 'empid_00000123')")
        .hasMessageContaining("'" + v1.etag() + "' is stale");
    assertThat(company()).isEqualTo(before);
  }

  @Test
  void upsertInsertsAnAbsentEntityAndReplacesAPresentOneWhateverItsETag() {
    Department first = departments.upsert(new Department("Sales", "Ann", 3, null));
    Department second = departments.upsert(new Department("Sales", "Bob", 4, "W/\"stale\""));

    assertThat(second.etag()).isNotEqualTo(first.etag());
    assertThat(company().get(0).get("manager")).isEqualTo("Bob");
  }

  @Test
  void deleteWithoutIndexesIsConditionalOnTheETag() {
    Department v1 = departments.insert(new Department("Sales", "Ann", 3, null));
    Department v2 = departments.update(v1.withManager("Bob"));

    assertThatThrownBy(() -> departments.delete(v1)).isInstanceOf(ConcurrencyConflictException.class);
    assertThat(company()).hasSize(1);
    departments.delete(v2);
    assertThat(company()).isEmpty();
  }

  @Test
  void deleteOfAMissingEntityFailsWithEntityNotFound() {
    assertThatThrownBy(() -> departments.delete(new Department("Sales", "Ann", 3, null)))
        .isInstanceOf(EntityNotFoundException.class)
        .hasMessageContaining("cannot delete Department (PartitionKey 'Sales', RowKey 'department')");
    assertThatThrownBy(() -> employees.delete(ken))
        .isInstanceOf(EntityNotFoundException.class)
        .hasMessageContaining("does not exist in table Company");
  }

  @Test
  void aKeyValueThatBreaksItsTemplateIsRejectedBeforeAnythingIsSent() {
    assertThatThrownBy(() -> employees.insert(Employee.of("Sales", -1, "Ken", "Kwok", 23, "k@contoso.com")))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("employeeId");
    assertThatThrownBy(() -> employees.insert(Employee.of("Sales", 7, "Ken", "Kwok", 23, "k/q@contoso.com")))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("email");
    assertThat(company()).isEmpty();
  }

  @Test
  void anEntityBreakingTheStoreLimitsIsRejectedNamingItsClass() {
    Employee huge = Employee.of("Sales", 7, "x".repeat(40_000), "Kwok", 23, "k@contoso.com");

    assertThatThrownBy(() -> employees.insert(huge))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("Employee")
        .hasMessageContaining("firstName");
    assertThat(company()).isEmpty();
  }
}
