package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.fixtures.Department;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.fixtures.people.Customer;
import io.tablemapper.tck.fixtures.people.Person;
import io.tablemapper.tck.fixtures.people.PersonRepository;
import io.tablemapper.tck.support.RawRows;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/** A mapper that keeps entity types in another property than {@code EntityType}, to share tables with others. */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class DiscriminatorTest {
  private final TableBackend backend;
  private final TableMapper mapper;

  DiscriminatorTest(StoreUnderTest stores) {
    this.backend = stores.newStore();
    this.mapper = TableMapper.builder().backend(backend).discriminator("Kind").build();
  }

  @Test
  void rowsAndIndexCopiesCarryTheTypeInTheConfiguredPropertyOnly() {
    mapper.repository(EmployeeRepository.class).insert(Employee.of("Sales", 1, "Ken", "Kwok", 23, "ken@contoso.com"));

    List<TableRow> rows = RawRows.partition(backend, "Company", "Sales");
    assertThat(rows).extracting(row -> row.getString("Kind"))
        .containsExactly("Employee#email", "Employee", "Employee#lastName");
    assertThat(rows).noneMatch(row -> row.has(EntityMapping.TYPE_PROPERTY));
  }

  @Test
  void queriesThroughTheKeysAndThroughIndexesFindTheRowsByTheConfiguredProperty() {
    EmployeeRepository employees = mapper.repository(EmployeeRepository.class);
    employees.insert(Employee.of("Sales", 1, "Ken", "Kwok", 23, "ken@contoso.com"));
    employees.insert(Employee.of("Sales", 2, "Kim", "Akers", 31, "kim@contoso.com"));

    assertThat(employees.findByDepartment("Sales")).extracting(Employee::employeeId).containsExactly(1, 2);
    assertThat(employees.getByDepartmentAndEmail("Sales", "kim@contoso.com").firstName()).isEqualTo("Kim");
    assertThat(employees.findByDepartmentAndLastName("Sales", "Kwok")).extracting(Employee::firstName)
        .containsExactly("Ken");
    assertThat(employees.countByDepartment("Sales")).isEqualTo(2);
  }

  @Test
  void rowsWrittenByAnotherApplicationWithTheConfiguredPropertyResolveToTheirClasses() {
    backend.createTableIfNotExists("Company");
    backend.batch("Company", List.of(WriteOperation.insert(TableRow.builder("Sales", "department")
        .putString("Kind", "Department").putString("manager", "Ann").putInt32("employeeCount", 3).build())));

    assertThat(mapper.partition("Company", "Sales").all(Department.class)).singleElement()
        .satisfies(department -> assertThat(department.manager()).isEqualTo("Ann"));
    assertThat(mapper.dynamic("Company").get("Sales", "department").orElseThrow().entityType())
        .isEqualTo("Department");
  }

  @Test
  void aHierarchyIsStoredAndReadThroughTheConfiguredProperty() {
    PersonRepository people = mapper.repository(PersonRepository.class);
    people.insert(new Customer("Contoso", 1, "Ann", "Smith", "ACC-1"));

    assertThat(RawRows.partition(backend, "People", "Contoso")).singleElement()
        .satisfies(row -> assertThat(row.getString("Kind")).isEqualTo("Customer"));
    assertThat(mapper.partition("People", "Contoso").all(Person.class)).singleElement().isInstanceOf(Customer.class);
  }

  @Test
  void aStoredPropertyNamedEntityTypeIsNotTakenForTheDiscriminator() {
    backend.createTableIfNotExists("Company");
    backend.batch("Company", List.of(WriteOperation.insert(TableRow.builder("Sales", "department")
        .putString(EntityMapping.TYPE_PROPERTY, "Department").putString("manager", "Ann").build())));

    DynamicEntity read = mapper.dynamic("Company").get("Sales", "department").orElseThrow();
    assertThat(read.entityType()).isNull();
    assertThat(mapper.partition("Company", "Sales").all(Department.class)).isEmpty();
  }

  @Test
  void aDynamicEntityReadThroughTheMapperReportsTheTypeTheTableStoresAndIsWrittenBackAsRead() {
    backend.createTableIfNotExists("Company");
    backend.batch("Company", List.of(WriteOperation.insert(TableRow.builder("Sales", "department")
        .putString("Kind", "Department").putString(EntityMapping.TYPE_PROPERTY, "data").build())));

    DynamicEntity read = mapper.dynamic("Company").get("Sales", "department").orElseThrow();
    assertThat(read.entityType()).isEqualTo("Department");
    assertThat(read.properties()).containsOnlyKeys("Kind", EntityMapping.TYPE_PROPERTY);

    mapper.dynamic("Company").update(read.toBuilder().putString("manager", "Ann").build());
    assertThat(RawRows.get(backend, "Company", "Sales", "department").properties())
        .containsEntry("Kind", "Department")
        .containsEntry(EntityMapping.TYPE_PROPERTY, "data")
        .containsEntry("manager", "Ann");
  }

  @Test
  void aDynamicEntityBuiltWithAnEntityTypeIsStoredUnderTheConfiguredProperty() {
    DynamicEntity built = DynamicEntity.builder("Sales", "department")
        .putString(EntityMapping.TYPE_PROPERTY, "Department").putString("manager", "Ann").build();

    DynamicEntity stored = mapper.dynamic("Company").insert(built);

    assertThat(stored.entityType()).isEqualTo("Department");
    assertThat(RawRows.get(backend, "Company", "Sales", "department").properties())
        .containsOnlyKeys("Kind", "manager")
        .containsEntry("Kind", "Department");
    assertThat(mapper.partition("Company", "Sales").all(Department.class)).singleElement()
        .satisfies(department -> assertThat(department.manager()).isEqualTo("Ann"));
  }

  @Test
  void anEntityThatStoresAPropertyOfTheDiscriminatorsNameIsRefused() {
    TableMapper byManager = TableMapper.builder().backend(backend).discriminator("manager").build();

    assertThatThrownBy(() -> byManager.batch("Company", "Sales").insert(new Department("Sales", "Ann", 3, null))
            .commit())
        .hasCauseInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("has a property 'manager' besides its EntityType 'Department'")
        .hasMessageContaining("discriminator(\"manager\")");
    assertThat(RawRows.partition(backend, "Company", "Sales")).isEmpty();
  }

  @Test
  void aRowWithBothTheDiscriminatorAndAPropertyOfItsNameIsRefusedNamingBoth() {
    DynamicEntity both = DynamicEntity.builder("Sales", "x")
        .putString(EntityMapping.TYPE_PROPERTY, "Department").putString("Kind", "Other").build();

    assertThatThrownBy(() -> mapper.dynamic("Company").insert(both))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("'Kind'")
        .hasMessageContaining("discriminator(\"Kind\")");
  }

  @Test
  void aDiscriminatorNameTheStoreOrTablemapperReservesIsRefused() {
    assertThatThrownBy(() -> TableMapper.builder().discriminator("RowKey"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'RowKey'");
    assertThatThrownBy(() -> TableMapper.builder().discriminator(EntityMapping.VERSION_PROPERTY))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("reserved by tablemapper");
  }
}
