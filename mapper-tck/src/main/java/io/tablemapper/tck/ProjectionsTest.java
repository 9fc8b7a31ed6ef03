package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.tck.fixtures.Currency;
import io.tablemapper.tck.fixtures.CurrencyRepository;
import io.tablemapper.tck.fixtures.CurrencySymbol;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeContact;
import io.tablemapper.tck.fixtures.EmployeeName;
import io.tablemapper.tck.fixtures.EmployeeProjections;
import io.tablemapper.tck.fixtures.Employee_;
import io.tablemapper.tck.fixtures.people.Customer;
import io.tablemapper.tck.fixtures.people.Manager;
import io.tablemapper.tck.fixtures.people.PersonName;
import io.tablemapper.tck.fixtures.people.PersonRepository;
import io.tablemapper.tck.support.InterceptingBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Repository methods that return records of some of the entity's properties: the store is asked for those properties
 * alone, on every backend, and the values are the entity's.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class ProjectionsTest {
  private static final List<String> NAMES = List.of(Employee_.FIRST_NAME, Employee_.LAST_NAME);

  private final InterceptingBackend backend;
  private final TableMapper mapper;
  private final EmployeeProjections projections;
  private final List<Employee> stored = new ArrayList<>();

  ProjectionsTest(StoreUnderTest stores) {
    this.backend = new InterceptingBackend(stores.newStore());
    this.mapper = TableMapper.builder().backend(backend).build();
    this.projections = mapper.repository(EmployeeProjections.class);
  }

  @BeforeEach
  void fill() {
    stored.add(projections.insert(Employee.of("Sales", 1, "Ken", "Kwok", 30, "ken@contoso.com")));
    stored.add(projections.insert(Employee.of("Sales", 2, "Ann", "Smith", 41, "ann@contoso.com")));
    stored.add(projections.insert(Employee.of("Sales", 3, "Kim", "Smith", 25, "kim@contoso.com")));
    stored.add(projections.insert(Employee.of("Sales", 4, "Bob", "Lee", 52, "bob@contoso.com")));
    stored.add(projections.insert(Employee.of("Sales", 5, "Eve", "Moss", 38, "eve@contoso.com")));
    projections.insert(Employee.of("Marketing", 6, "Joe", "Kwok", 33, "joe@contoso.com"));
    backend.sentQueries.clear();
    backend.gets.set(0); // the first insert's read of the type's index states
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private List<List<String>> selections() {
    return backend.sentQueries.stream().map(TableQuery::select).collect(Collectors.toList());
  }

  @Test
  void aListOfProjectionsAsksTheStoreForTheirPropertiesAloneAndHoldsTheEntitiesValuesInKeyOrder() {
    List<EmployeeName> names = projections.findByDepartment("Sales");

    assertThat(names).containsExactly(new EmployeeName("Ken", "Kwok"), new EmployeeName("Ann", "Smith"),
        new EmployeeName("Kim", "Smith"), new EmployeeName("Bob", "Lee"), new EmployeeName("Eve", "Moss"));
    assertThat(selections()).isNotEmpty().allSatisfy(select -> assertThat(select).isEqualTo(NAMES));
    assertThat(backend.gets).hasValue(0);
  }

  @Test
  void anOptionalProjectionOfOneEntityIsAQueryOfOneRowKeyWithItsKeyComponentPropertyAndETag() {
    EmployeeContact contact = projections.findByDepartmentAndEmployeeId("Sales", 2).orElseThrow();

    assertThat(contact).isEqualTo(new EmployeeContact(2, "ann@contoso.com", stored.get(1).etag()));
    assertThat(selections()).containsExactly(List.of(Employee_.EMPLOYEE_ID, Employee_.EMAIL));
    assertThat(backend.gets).hasValue(0);
    assertThat(projections.findByDepartmentAndEmployeeId("Sales", 9)).isEmpty();
  }

  @Test
  void aSingleProjectionIsReturnedAndAMissingOneFailsNamingTheMethod() {
    assertThat(projections.getByDepartmentAndEmployeeId("Sales", 3)).isEqualTo(new EmployeeName("Kim", "Smith"));

    assertThatThrownBy(() -> projections.getByDepartmentAndEmployeeId("Sales", 9))
        .isInstanceOf(EntityNotFoundException.class)
        .hasMessageContaining("EmployeeProjections.getByDepartmentAndEmployeeId found no Employee");
  }

  @Test
  void aStreamOfProjectionsReadsPagesThatSelectTheirPropertiesAsItIsConsumed() {
    backend.stingyPages(2);

    List<EmployeeName> names = projections.streamByDepartment("Sales").collect(Collectors.toList());

    assertThat(names).extracting(EmployeeName::firstName).containsExactly("Ken", "Ann", "Kim", "Bob", "Eve");
    assertThat(selections()).hasSizeGreaterThan(3).allSatisfy(select -> assertThat(select).isEqualTo(NAMES));
  }

  @Test
  void pagesOfProjectionsContinueWhereTheLastEndedAndEachPageSelectsTheirProperties() {
    List<String> firstNames = new ArrayList<>();
    PageRequest request = PageRequest.of(2);
    int pages = 0;
    while (request != null) {
      Page<EmployeeName> page = projections.findByDepartment("Sales", request);
      page.items().forEach(name -> firstNames.add(name.firstName()));
      pages++;
      request = page.continuationToken().map(token -> PageRequest.after(token, 2)).orElse(null);
    }

    assertThat(firstNames).containsExactly("Ken", "Ann", "Kim", "Bob", "Eve");
    assertThat(pages).isEqualTo(3);
    assertThat(selections()).allSatisfy(select -> assertThat(select).isEqualTo(NAMES));
  }

  @Test
  void throughAFullIndexCopyTheCopyIsReadForTheProjectionWithTheEntitysKeys() {
    EmployeeContact contact = projections.getByDepartmentAndEmail("Sales", "bob@contoso.com");

    // the copy's ETag, which names the entity's version as long as the copy is unchanged (writes accept it)
    assertThat(contact.employeeId()).isEqualTo(4);
    assertThat(contact.email()).isEqualTo("bob@contoso.com");
    assertThat(contact.etag()).isNotNull();
    assertThat(selections()).containsExactly(
        List.of(Employee_.EMPLOYEE_ID, Employee_.EMAIL, EntityMapping.PRIMARY_ROW_KEY_PROPERTY));
    assertThat(backend.gets).hasValue(0);
  }

  @Test
  void throughAPartialIndexCopyEachCopyLeadsToItsEntityWhichTheProjectionIsMadeOf() {
    List<EmployeeName> smiths = projections.findByDepartmentAndLastName("Sales", "Smith");

    assertThat(smiths).containsExactly(new EmployeeName("Ann", "Smith"), new EmployeeName("Kim", "Smith"));
    assertThat(selections()).containsExactly(List.of(EntityMapping.PRIMARY_ROW_KEY_PROPERTY));
    assertThat(backend.gets).hasValue(2);
  }

  @Test
  void aFilterOnAPropertyTheProjectionLacksIsStillAppliedByTheStore() {
    List<EmployeeName> older = projections.findByDepartmentAndAgeGreaterThan("Sales", 39);

    assertThat(older).containsExactly(new EmployeeName("Ann", "Smith"), new EmployeeName("Bob", "Lee"));
    assertThat(backend.sentQueries).singleElement().satisfies(query -> {
      assertThat(query.select()).isEqualTo(NAMES);
      assertThat(query.filter()).isNotNull();
    });
  }

  @Test
  void aProjectionOverAnAbstractRootReadsTheRootsPropertiesOfEverySubtype() {
    PersonRepository people = mapper.repository(PersonRepository.class);
    people.insert(new Customer("Contoso", 1, "Ann", "Smith", "ACC-1"));
    people.insert(new io.tablemapper.tck.fixtures.people.Employee("Contoso", 2, "Ken", "Kwok", 5000));
    people.insert(new Manager("Contoso", 3, "Kim", "Smith", 9000, "Sales"));
    backend.sentQueries.clear();

    assertThat(people.findByCompany("Contoso")).containsExactly(new PersonName(1, "Ann", "Smith"),
        new PersonName(2, "Ken", "Kwok"), new PersonName(3, "Kim", "Smith"));
    assertThat(selections()).allSatisfy(select -> assertThat(select)
        .containsExactly("personId", "firstName", "lastName"));
  }

  @Test
  void projectedRowsNeverEnterTheCacheOfACachedEntity() {
    CurrencyRepository currencies = mapper.repository(CurrencyRepository.class);
    currencies.insert(Currency.of("US", "USD", "$", 2));
    currencies.insert(Currency.of("US", "USN", "$n", 2));

    assertThat(currencies.getByCountry("US"))
        .containsExactly(new CurrencySymbol("USD", "$"), new CurrencySymbol("USN", "$n"));
    assertThat(currencies.findByCountry("US")).extracting(Currency::decimals).containsExactly(2, 2);
    int queries = backend.queries.get();
    assertThat(currencies.getByCountry("US")).hasSize(2);
    assertThat(backend.queries.get()).as("a projection reads the store, not the cache").isEqualTo(queries + 1);
    assertThat(currencies.findByCountry("US")).extracting(Currency::decimals).containsExactly(2, 2);
  }
}
