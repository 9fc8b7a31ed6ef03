package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.UnknownEntityTypeException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.fixtures.people.Customer;
import io.tablemapper.tck.fixtures.people.Employee;
import io.tablemapper.tck.fixtures.people.EmployeeRepository;
import io.tablemapper.tck.fixtures.people.Manager;
import io.tablemapper.tck.fixtures.people.Person;
import io.tablemapper.tck.fixtures.people.PersonRepository;
import io.tablemapper.tck.support.RawRows;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * An entity hierarchy in one table: the abstract {@link Person} with {@link Customer}, {@link Employee} and
 * {@link Manager} (a subtype of Employee), stored and read through the root, an intermediate class and partition
 * reads.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class InheritanceTest {
  private final TableBackend backend;
  private final TableMapper mapper;
  private final PersonRepository people;
  private final Customer ann = new Customer("Contoso", 1, "Ann", "Smith", "ACC-1");
  private final Employee ken = new Employee("Contoso", 2, "Ken", "Kwok", 5000);
  private final Manager kim = new Manager("Contoso", 3, "Kim", "Smith", 9000, "Sales");
  private final Customer bob = new Customer("Fabrikam", 1, "Bob", "Smith", "ACC-2");

  InheritanceTest(StoreUnderTest stores) {
    this.backend = stores.newStore();
    this.mapper = TableMapper.builder().backend(backend).build();
    this.people = mapper.repository(PersonRepository.class);
  }

  @BeforeEach
  void fill() {
    people.insert(ann);
    people.insert(ken);
    people.insert(kim);
    people.insert(bob);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  @Test
  void aRepositoryOfTheAbstractRootStoresEachSubtypeUnderItsOwnTypeWithItsOwnProperties() {
    List<TableRow> rows = RawRows.partition(backend, "People", "Contoso");

    assertThat(rows).extracting(TableRow::rowKey).containsExactly("person_000001", "person_000002", "person_000003");
    assertThat(rows).extracting(row -> row.getString(EntityMapping.TYPE_PROPERTY))
        .containsExactly("Customer", "Employee", "Manager");
    assertThat(rows.get(0).getString("accountNumber")).isEqualTo("ACC-1");
    assertThat(rows.get(2).getInt32("salary")).isEqualTo(9000);
    assertThat(rows.get(2).getString("team")).isEqualTo("Sales");
  }

  @Test
  void aPointReadThroughTheRootReturnsTheSubtypeWithEveryProperty() {
    Person read = people.findByCompanyAndPersonId("Contoso", 3).orElseThrow();

    assertThat(read).isInstanceOf(Manager.class).isEqualTo(kim);
    assertThat(read.getEtag()).isNotNull();
  }

  @Test
  void rangeQueriesAndFiltersOnRootPropertiesReturnEverySubtypeInKeyOrder() {
    assertThat(people.findByCompanyAndPersonIdBetween("Contoso", 1, 3)).containsExactly(ann, ken, kim);
    assertThat(people.findByCompanyAndLastName("Contoso", "Smith")).containsExactly(ann, kim);
    assertThat(people.countByCompany("Contoso")).isEqualTo(3);
  }

  @Test
  void aRepositoryOfAnIntermediateClassReturnsItAndItsSubtypesButNoSibling() {
    EmployeeRepository employees = mapper.repository(EmployeeRepository.class);

    assertThat(employees.findByCompany("Contoso")).containsExactly(ken, kim);
  }

  @Test
  void partitionReadsOfTheRootIncludeEverySubtypeAndReadsOfASubtypeOnlyItsOwn() {
    TableMapper fresh = TableMapper.builder().backend(backend).build();

    assertThat(fresh.partition("People", "Contoso").all(Person.class)).containsExactly(ann, ken, kim);
    assertThat(fresh.partition("People", "Contoso").all(Employee.class)).containsExactly(ken, kim);
    assertThat(fresh.partition("People", "Contoso").all(Customer.class)).containsExactly(ann);
  }

  @Test
  void registeringTheRootMakesAFreshMapperRecogniseEverySubtypeListedByTheProcessor() {
    TableMapper fresh = TableMapper.builder().backend(backend).entities(Person.class).build();

    assertThat(fresh.partition("People", "Contoso").all()).containsExactly(ann, ken, kim);
  }

  @Test
  void updatesAndDeletesThroughTheRootKeepTheSubtypeAndItsETag() {
    Person read = people.findByCompanyAndPersonId("Contoso", 2).orElseThrow();
    Person stale = people.findByCompanyAndPersonId("Contoso", 2).orElseThrow();
    ((Employee) read).setSalary(6000);
    Person updated = people.update(read); // a JavaBean takes its new ETag in place

    assertThat(people.findByCompanyAndPersonId("Contoso", 2).orElseThrow())
        .isInstanceOf(Employee.class)
        .isEqualTo(updated);
    assertThatThrownBy(() -> people.update(stale)).isInstanceOf(ConcurrencyConflictException.class);
    people.delete(updated);
    assertThat(people.findByCompanyAndPersonId("Contoso", 2)).isEmpty();
  }

  @Test
  void aDerivedDeleteThroughTheRootDeletesMatchingRowsOfEverySubtype() {
    assertThat(people.deleteByCompanyAndLastName("Contoso", "Smith")).isEqualTo(2);

    assertThat(RawRows.rowKeys(backend, "People", "Contoso")).containsExactly("person_000002");
  }

  @Test
  void aBatchHoldsDifferentSubtypesOfOnePartition() {
    Customer carl = new Customer("Contoso", 4, "Carl", "Jones", "ACC-4");
    ken.setSalary(7000);

    mapper.batch("People", "Contoso").insert(carl).upsert(ken).delete(ann).commit();

    assertThat(mapper.partition("People", "Contoso").all(Person.class)).containsExactly(ken, kim, carl);
  }

  @Test
  void aSubclassThatIsNoEntityOfTheAbstractRootIsRefusedNamingIt() {
    Person anonymous = new Person("Contoso", 9, "Ann", "Onym") {};

    assertThatThrownBy(() -> people.insert(anonymous))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("extends the abstract @Entity Person but is no @Entity itself");
  }

  @Test
  void aRowOfATypeOutsideTheHierarchyIsNotReadAsAPerson() {
    backend.batch("People", List.of(WriteOperation.insert(TableRow.builder("Contoso", "person_000009")
        .putString(EntityMapping.TYPE_PROPERTY, "Person")
        .putString("firstName", "Nobody")
        .build())));

    assertThat(people.findByCompanyAndPersonId("Contoso", 9)).isEmpty();
    assertThatThrownBy(() -> mapper.partition("People", "Contoso").all())
        .isInstanceOf(UnknownEntityTypeException.class)
        .hasMessageContaining("Person");
  }
}
