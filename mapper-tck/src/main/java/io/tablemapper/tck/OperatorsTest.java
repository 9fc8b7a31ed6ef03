package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.QueryEvent;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeVocabularyRepository;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * {@code IsNull}, {@code IsNotNull} and {@code Not} on every backend: a null field is stored as no property, so
 * {@code IsNull} finds the rows that lack it, and {@code Not}, as every comparison, never matches them.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class OperatorsTest {
  private final List<QueryEvent> events = new CopyOnWriteArrayList<>();
  private final TableBackend store;
  private final TableMapper mapper;
  private final EmployeeVocabularyRepository employees;

  OperatorsTest(StoreUnderTest stores) {
    this.store = stores.newStore();
    this.mapper = TableMapper.builder().backend(store).queryListener(events::add).build();
    this.employees = mapper.repository(EmployeeVocabularyRepository.class);
  }

  @BeforeEach
  void fill() {
    employees.insert(Employee.of("Sales", 123, "Ken", "Kwok", 23, "kenk@contoso.com"));
    employees.insert(Employee.of("Sales", 124, "Kim", "Kwok", 41, null));
    employees.insert(Employee.of("Sales", 200, "Ben", "Smith", 35, null));
    employees.insert(Employee.of("Sales", 201, "Bo", null, 35, "bo@contoso.com"));
    employees.insert(Employee.of("Marketing", 300, "Ann", "Kwok", 52, null));
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
  void isNullFindsTheEntitiesWhoseFieldWasNullInKeyOrder() {
    assertThat(ids(employees.findByDepartmentAndEmailIsNull("Sales"))).containsExactly(124, 200);
    assertThat(employees.countByDepartmentAndEmailIsNull("Sales")).isEqualTo(2);
    assertThat(events.get(0).plan()).endsWith("; filter email absent" + store.profile().costNote());
  }

  @Test
  void isNotNullFindsTheEntitiesThatHaveTheField() {
    assertThat(ids(employees.findByDepartmentAndEmailIsNotNull("Sales"))).containsExactly(123, 201);
    assertThat(events.get(0).plan()).endsWith("; filter email present" + store.profile().costNote());
  }

  @Test
  void notMatchesOtherValuesButNeverAnAbsentOne() {
    assertThat(ids(employees.findByDepartmentAndLastNameNot("Sales", "Kwok"))).containsExactly(200);
  }

  @Test
  void isNullCombinesWithNot() {
    assertThat(ids(employees.findByDepartmentAndEmailIsNullAndAgeNot("Sales", 35))).containsExactly(124);
  }

  @Test
  void notRefusesANullParameterNamingIt() {
    assertThatThrownBy(() -> employees.findByDepartmentAndLastNameNot("Sales", null))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("parameter 'lastName' is null");
  }
}
