package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.fixtures.people.PersonRepository;
import io.tablemapper.tck.support.RawRows;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Rows another application wrote without the discriminator: typed point reads and writes adopt one whose keys fit
 * the key templates of exactly one entity class of the table, and refuse any other saying what they found; queries
 * over ranges and partitions select by the discriminator and do not return them.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class RowsWithoutTypeTest {
  private final TableBackend backend;
  private final TableMapper mapper;
  private final EmployeeRepository employees;

  RowsWithoutTypeTest(StoreUnderTest stores) {
    this.backend = stores.newStore();
    this.mapper = TableMapper.builder().backend(backend).build();
    this.employees = mapper.repository(EmployeeRepository.class);
    backend.createTableIfNotExists("Company");
    backend.createTableIfNotExists("People");
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private void writeUntyped(String table, String partitionKey, String rowKey) {
    backend.batch(table, List.of(WriteOperation.insert(TableRow.builder(partitionKey, rowKey)
        .putString("firstName", "Kim").putString("lastName", "Kwok").putInt32("age", 31)
        .putString("email", "kimk@contoso.com").build())));
  }

  @Test
  void aPointReadAdoptsARowWhoseKeysFitOneClassExactly() {
    writeUntyped("Company", "Sales", "empid_00000002");

    Employee kim = employees.findByDepartmentAndEmployeeId("Sales", 2).orElseThrow();

    assertThat(kim.firstName()).isEqualTo("Kim");
    assertThat(kim.employeeId()).isEqualTo(2);
    assertThat(employees.getByDepartmentAndEmployeeId("Sales", 2).age()).isEqualTo(31);
  }

  @Test
  void aRangeQuerySelectsByTheDiscriminatorAndDoesNotReturnTheRow() {
    writeUntyped("Company", "Sales", "empid_00000002");

    assertThat(employees.findByDepartment("Sales")).isEmpty();
    assertThat(employees.findByDepartmentAndEmployeeIdBetween("Sales", 1, 3)).isEmpty();
  }

  @Test
  void anUpdateOfAnAdoptedRowReplacesItAndGivesItItsType() {
    writeUntyped("Company", "Sales", "empid_00000002");
    Employee kim = employees.findByDepartmentAndEmployeeId("Sales", 2).orElseThrow();

    employees.update(kim.withAge(32));

    TableRow stored = RawRows.get(backend, "Company", "Sales", "empid_00000002");
    assertThat(stored.get(EntityMapping.TYPE_PROPERTY)).isEqualTo("Employee");
    assertThat(stored.get("age")).isEqualTo(32);
    assertThat(employees.findByDepartment("Sales")).extracting(Employee::age).containsExactly(32);
  }

  @Test
  void anUpsertOfAnAdoptedRowReplacesIt() {
    writeUntyped("Company", "Sales", "empid_00000002");

    employees.upsert(Employee.of("Sales", 2, "Kim", "Akers", 40, "kima@contoso.com"));

    TableRow stored = RawRows.get(backend, "Company", "Sales", "empid_00000002");
    assertThat(stored.get(EntityMapping.TYPE_PROPERTY)).isEqualTo("Employee");
    assertThat(stored.get("lastName")).isEqualTo("Akers");
    assertThat(employees.findByDepartmentAndEmail("Sales", "kima@contoso.com")).isPresent();
  }

  @Test
  void aRowWhoseKeysFitSeveralClassesIsNotAdoptedAndWritesSaySo() {
    writeUntyped("People", "Contoso", "person_000007");
    PersonRepository people = mapper.repository(PersonRepository.class);

    assertThat(people.findByCompanyAndPersonId("Contoso", 7)).isEmpty();
    io.tablemapper.tck.fixtures.people.Employee employee =
        new io.tablemapper.tck.fixtures.people.Employee("Contoso", 7, "Kim", "Kwok", 100);
    assertThatThrownBy(() -> people.upsert(employee))
        .isInstanceOf(EntityExistsException.class)
        .hasMessageContaining("is not taken for a 'Employee': it has no EntityType (another application wrote it),"
            + " and its keys fit the key templates of several entity classes (Customer, Employee, Manager)")
        .hasMessageContaining("give the row its EntityType 'Employee' (or delete it) first")
        .hasMessageNotContaining("two entity types share a key");
    assertThatThrownBy(() -> people.update(employee))
        .isInstanceOf(EntityNotFoundException.class)
        .hasMessageContaining("several entity classes (Customer, Employee, Manager)");
    assertThat(RawRows.get(backend, "People", "Contoso", "person_000007").has(EntityMapping.TYPE_PROPERTY))
        .isFalse();
  }

  @Test
  void aRowOfAnotherTypeAtTheKeysIsStillCalledASharedKey() {
    backend.batch("Company", List.of(WriteOperation.insert(TableRow.builder("Sales", "empid_00000002")
        .putString(EntityMapping.TYPE_PROPERTY, "Contractor").build())));

    assertThatThrownBy(() -> employees.upsert(Employee.of("Sales", 2, "Kim", "Akers", 40, "kima@contoso.com")))
        .isInstanceOf(EntityExistsException.class)
        .hasMessageContaining("is of entity type 'Contractor', not 'Employee'");
  }

  @Test
  void aPartitionReadAdoptsByTheSameRule() {
    writeUntyped("Company", "Sales", "empid_00000002");
    writeUntyped("People", "Contoso", "person_000007");

    assertThat(mapper.partition("Company", "Sales").all()).singleElement().isInstanceOf(Employee.class);
    mapper.repository(PersonRepository.class);
    assertThatThrownBy(() -> mapper.partition("People", "Contoso").all())
        .hasMessageContaining("has no EntityType property (or not a String one), and its keys fit the key templates"
            + " of several entity classes (Customer, Employee, Manager)");
  }
}
