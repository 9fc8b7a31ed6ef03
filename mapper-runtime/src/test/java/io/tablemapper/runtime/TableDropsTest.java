package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.DynamicQuery;
import io.tablemapper.api.DynamicTable;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.TableCreation;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.fixtures.Currency;
import io.tablemapper.tck.fixtures.CurrencyRepository;
import io.tablemapper.tck.fixtures.Department;
import io.tablemapper.tck.fixtures.DepartmentRepository;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.support.InterceptingBackend;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import io.tablemapper.runtime.store.Tables;

/**
 * Tables as units of data: {@link TableMapper#deleteTable} drops a table whole, reads never create a table, and
 * writes create one as the {@link TableCreation} policy says, in repositories, batches and dynamic tables alike; a
 * mapper creates each table once, and a table dropped behind its back (by another application) reads as empty and
 * is created again by the next write.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class TableDropsTest {
  private static final Employee KEN = Employee.of("Sales", 1, "Ken", "Kwok", 23, "ken@contoso.com");
  private static final Employee ANN = Employee.of("Sales", 2, "Ann", "Kwok", 31, "ann@contoso.com");

  private final TableBackend backend;
  private final TableMapper mapper;
  private final EmployeeRepository employees;

  TableDropsTest(Stores stores) {
    this.backend = stores.newStore();
    this.mapper = TableMapper.builder().backend(backend).build();
    this.employees = mapper.repository(EmployeeRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private TableMapper mapperThat(TableCreation policy) {
    return TableMapper.builder().backend(backend).tableCreation(policy).build();
  }

  private static DynamicEntity row(String partitionKey, String rowKey) {
    return DynamicEntity.builder(partitionKey, rowKey).putString("Note", "kept").build();
  }

  @Test
  void deleteTableDropsEveryRowOfEveryTypeAndSaysWhetherTheTableExisted() {
    employees.insert(KEN);
    mapper.repository(DepartmentRepository.class).insert(new Department("Sales", "Ann", 1, null));
    mapper.dynamic("Company").insert(row("Notes", "n1"));
    assertThat(RawRows.all(backend, "Company")).hasSizeGreaterThan(3); // the employee's index copies too

    assertThat(mapper.deleteTable("Company")).isTrue();

    assertThat(backend.tableExists("Company")).isFalse();
    assertThat(mapper.deleteTable("Company")).isFalse();
    assertThat(backend.tableExists("Company")).isFalse();
  }

  @Test
  void readsOfADroppedTableFindNoRowsAndLeaveTheTableMissing() {
    employees.insert(KEN);
    employees.insert(ANN);
    DynamicTable company = mapper.dynamic("Company");
    mapper.deleteTable("Company");

    assertThat(employees.findByDepartment("Sales")).isEmpty();
    assertThat(employees.findByDepartmentAndEmployeeId("Sales", 1)).isEmpty();
    assertThat(employees.findByDepartmentAndEmail("Sales", "ken@contoso.com")).isEmpty();
    assertThat(employees.findByDepartmentAndLastName("Sales", "Kwok")).isEmpty();
    assertThat(employees.findByDepartment("Sales", PageRequest.of(1)).items()).isEmpty();
    assertThat(employees.countByDepartmentAndLastName("Sales", "Kwok")).isZero();
    assertThat(employees.existsByDepartmentAndEmployeeId("Sales", 1)).isFalse();
    assertThat(employees.streamByDepartment("Sales")).isEmpty();
    assertThat(employees.deleteByDepartment("Sales")).isZero();
    assertThat(mapper.partition("Company", "Sales").all()).isEmpty();
    assertThat(mapper.partition("Company", "Sales").page(PageRequest.of(10)).items()).isEmpty();
    assertThat(company.get("Sales", "empid_00000001")).isEmpty();
    assertThat(company.query(DynamicQuery.partition("Sales"))).isEmpty();
    assertThat(company.query(DynamicQuery.partition("Sales"), PageRequest.of(5)).items()).isEmpty();

    assertThat(backend.tableExists("Company")).isFalse();
  }

  @Test
  void readsOfATableNeverCreatedFindNoRowsAndDoNotCreateIt() {
    assertThat(employees.findByDepartment("Sales")).isEmpty();
    assertThat(employees.findByDepartmentAndEmployeeId("Sales", 1)).isEmpty();
    assertThat(mapper.partition("Company", "Sales").all()).isEmpty();
    assertThat(mapper.dynamic("Company").get("Sales", "empid_00000001")).isEmpty();

    assertThat(backend.tableExists("Company")).isFalse();
  }

  @Test
  void underTheDefaultPolicyARepositoryWriteABatchAndADynamicWriteEachCreateTheDroppedTableAgain() {
    employees.insert(KEN);

    mapper.deleteTable("Company");
    employees.insert(KEN);
    assertThat(employees.findByDepartmentAndEmail("Sales", "ken@contoso.com")).isPresent();

    mapper.deleteTable("Company");
    mapper.batch("Company", "Sales").insert(KEN).insert(ANN).commit();
    assertThat(employees.findByDepartment("Sales")).extracting(Employee::employeeId).containsExactly(1, 2);

    mapper.deleteTable("Company");
    mapper.dynamic("Company").insert(row("Notes", "n1"));
    assertThat(RawRows.all(backend, "Company")).extracting(r -> r.rowKey()).containsExactly("n1");
  }

  @Test
  void updatesMergesAndDeletesOfADroppedTableFailAsForAMissingEntityAndDoNotCreateTheTable() {
    Employee ken = employees.insert(KEN);
    DynamicEntity note = mapper.dynamic("Company").insert(row("Notes", "n1"));
    mapper.deleteTable("Company");

    for (ThrowingCallable write : List.<ThrowingCallable>of(
        () -> employees.update(ken.withAge(24)),
        () -> employees.update(ken.withEtag(null)),
        () -> employees.merge(ken.withAge(24)),
        () -> employees.delete(ken),
        () -> mapper.dynamic("Company").update(note),
        () -> mapper.dynamic("Company").delete(note))) {
      assertThatThrownBy(write)
          .isInstanceOf(EntityNotFoundException.class)
          .hasMessageContaining("does not exist in table Company");
    }
    assertThatThrownBy(() -> mapper.batch("Company", "Sales").update(ken.withEtag(null)).commit())
        .isInstanceOf(BatchException.class)
        .hasCauseInstanceOf(EntityNotFoundException.class);
    assertThat(employees.deleteByDepartment("Sales")).isZero();

    assertThat(backend.tableExists("Company")).isFalse();
  }

  @Test
  void aTableDroppedInAnotherSpellingIsDroppedAndCreatedAgainOnTheNextWrite() {
    employees.insert(KEN);

    assertThat(mapper.deleteTable("COMPANY")).isTrue();

    assertThat(backend.tableExists("Company")).isFalse();
    employees.insert(ANN);
    assertThat(employees.findByDepartment("Sales")).extracting(Employee::employeeId).containsExactly(2);
  }

  @Test
  void droppingATableStopsTheReadCacheOfItsCachedClassesServingItsRows() {
    CurrencyRepository currencies = mapper.repository(CurrencyRepository.class);
    currencies.insert(Currency.of("DE", "EUR", "€", 2));
    assertThat(currencies.findByCountryAndCode("DE", "EUR")).isPresent();
    assertThat(currencies.findByCountryAndSymbol("DE", "€")).isPresent();
    assertThat(mapper.partition("Reference", "DE").all(Currency.class)).hasSize(1);
    assertThat(currencies.findByCountryAndCode("DE", "EUR")).isPresent(); // now served by the cache
    assertThat(mapper.cacheStats(Currency.class).hits()).isEqualTo(1);

    mapper.deleteTable("Reference");

    assertThat(currencies.findByCountryAndCode("DE", "EUR")).isEmpty();
    assertThat(currencies.findByCountryAndSymbol("DE", "€")).isEmpty();
    assertThat(mapper.partition("Reference", "DE").all(Currency.class)).isEmpty();
    assertThat(mapper.cacheStats(Currency.class).hits()).isEqualTo(1);
    assertThat(backend.tableExists("Reference")).isFalse();
  }

  @Test
  void droppingAnotherTableLeavesTheCachedReadsOfCachedClassesServed() {
    CurrencyRepository currencies = mapper.repository(CurrencyRepository.class);
    currencies.insert(Currency.of("DE", "EUR", "€", 2));
    currencies.findByCountryAndCode("DE", "EUR");
    employees.insert(KEN);

    mapper.deleteTable("Company");

    assertThat(currencies.findByCountryAndCode("DE", "EUR")).isPresent();
    assertThat(mapper.cacheStats(Currency.class).hits()).isEqualTo(1);
  }

  @Test
  void underNeverEveryKindOfWriteToAMissingTableIsRefusedNamingTheTableAndThePolicyAndWritesNothing() {
    try (TableMapper never = mapperThat(TableCreation.NEVER)) {
      EmployeeRepository neverEmployees = never.repository(EmployeeRepository.class);
      for (ThrowingCallable write : List.<ThrowingCallable>of(
          () -> neverEmployees.insert(KEN),
          () -> neverEmployees.upsert(KEN),
          () -> never.batch("Company", "Sales").insert(KEN).insert(ANN).commit(),
          () -> never.dynamic("Company").insert(row("Notes", "n1")))) {
        assertThatThrownBy(write)
            .isInstanceOf(TableNotFoundException.class)
            .hasMessageContaining("table 'Company' does not exist")
            .hasMessageContaining("tableCreation(NEVER)")
            .hasMessageContaining("nothing was written");
        assertThat(backend.tableExists("Company")).isFalse();
      }
      assertThat(neverEmployees.findByDepartment("Sales")).isEmpty();
    }
  }

  @Test
  void underNeverTheRefusalOfARepositoryWriteNamesTheEntityAndOfABatchTheBatch() {
    try (TableMapper never = mapperThat(TableCreation.NEVER)) {
      assertThatThrownBy(() -> never.repository(EmployeeRepository.class).insert(KEN))
          .hasMessageStartingWith("insert of Employee")
          .hasMessageContaining("in table Company was refused");
      assertThatThrownBy(() -> never.batch("Company", "Sales").insert(KEN).commit())
          .isInstanceOf(TableNotFoundException.class)
          .hasMessageStartingWith("batch on table Company, partition 'Sales' was refused");
    }
  }

  @Test
  void underNeverWritesToATableThatExistsSucceedAndATableTheMapperDroppedIsNotCreatedAgain() {
    backend.createTableIfNotExists("Company");
    try (TableMapper never = mapperThat(TableCreation.NEVER)) {
      EmployeeRepository neverEmployees = never.repository(EmployeeRepository.class);
      neverEmployees.insert(KEN);
      assertThat(neverEmployees.findByDepartment("Sales")).hasSize(1);

      assertThat(never.deleteTable("Company")).isTrue();

      assertThatThrownBy(() -> neverEmployees.insert(ANN)).isInstanceOf(TableNotFoundException.class);
      assertThat(backend.tableExists("Company")).isFalse();
    }
  }

  @Test
  void verifyAtStartRefusesToBuildAMapperWhoseEntitiesTablesAreMissingNamingEachOne() {
    backend.createTableIfNotExists("Company");

    assertThatThrownBy(() -> TableMapper.builder().backend(backend).tableCreation(TableCreation.VERIFY_AT_START)
            .entities(Employee.class, Department.class, Currency.class).build())
        .isInstanceOf(TableNotFoundException.class)
        .hasMessageStartingWith("table 'Reference' does not exist")
        .hasMessageContaining("tableCreation(VERIFY_AT_START)")
        .hasMessageNotContaining("Company");
    assertThat(backend.tableExists("Reference")).isFalse();
  }

  @Test
  void verifyAtStartBuildsAMapperWhoseTablesExistAndItCreatesNoTableOnWrite() {
    backend.createTableIfNotExists("Company");
    try (TableMapper verified = TableMapper.builder().backend(backend)
        .tableCreation(TableCreation.VERIFY_AT_START).entities(Employee.class).build()) {
      verified.repository(EmployeeRepository.class).insert(KEN);
      assertThat(RawRows.partition(backend, "Company", "Sales")).isNotEmpty();

      assertThatThrownBy(() -> verified.repository(CurrencyRepository.class).insert(Currency.of("DE", "EUR", "€", 2)))
          .isInstanceOf(TableNotFoundException.class)
          .hasMessageContaining("tableCreation(VERIFY_AT_START)");
      assertThat(backend.tableExists("Reference")).isFalse();
    }
  }

  @Test
  void eachTableIsCreatedOncePerMapper() {
    InterceptingBackend counted = new InterceptingBackend(backend);
    try (TableMapper once = TableMapper.builder().backend(counted).build()) {
      EmployeeRepository staff = once.repository(EmployeeRepository.class);
      staff.insert(KEN);
      staff.insert(ANN);
      staff.findByDepartment("Sales");
      staff.countByDepartment("Sales");
      once.partition("Company", "Sales").all();
      once.partition("COMPANY", "Sales").all();

      // Company, and the table of the index states (TableMapperIndexes), each once
      assertThat(counted.tableCreations.get()).isEqualTo(2);
    }
  }

  @Test
  void writesToATableDroppedBehindTheMappersBackCreateItAgain() {
    DepartmentRepository departments = mapper.repository(DepartmentRepository.class);
    Employee ken = employees.insert(KEN);

    backend.deleteTableIfExists("Company");
    employees.insert(ken.withEtag(null));
    backend.deleteTableIfExists("Company");
    departments.insert(new Department("Sales", "Ann", 1, null));
    backend.deleteTableIfExists("Company");
    mapper.batch("Company", "Sales").insert(ken.withEtag(null)).commit();
    backend.deleteTableIfExists("Company");
    assertThatThrownBy(() -> employees.update(ken.withEtag(null)))
        .isInstanceOf(EntityNotFoundException.class)
        .hasMessageContaining("does not exist in table Company");

    assertThat(RawRows.all(backend, "Company")).isEmpty();
    employees.insert(ken.withEtag(null));
    assertThat(employees.findByDepartment("Sales")).hasSize(1);
  }

  @Test
  void readsOfATableDroppedBehindTheMappersBackFindItEmptyAndDoNotCreateItAgain() {
    employees.insert(KEN);

    backend.deleteTableIfExists("Company");
    assertThat(employees.findByDepartment("Sales")).isEmpty();
    backend.deleteTableIfExists("Company");
    assertThat(employees.findByDepartmentAndEmployeeId("Sales", 1)).isEmpty();
    backend.deleteTableIfExists("Company");
    assertThat(employees.countByDepartmentAndLastName("Sales", "Kwok")).isZero();
    backend.deleteTableIfExists("Company");
    assertThat(mapper.partition("Company", "Sales").all()).isEmpty();
    backend.deleteTableIfExists("Company");
    assertThat(mapper.partition("Company", "Sales").page(PageRequest.of(10)).items()).isEmpty();

    assertThat(backend.tableExists("Company")).isFalse();
  }

  @Test
  void deleteTableRefusesAnInvalidTableNameAsEveryOtherMethodDoes() {
    for (String invalid : List.of("ab", "1Company", "Com-pany", "tables")) {
      assertThatThrownBy(() -> mapper.deleteTable(invalid))
          .as(invalid)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining(invalid);
    }
    assertThatThrownBy(() -> mapper.deleteTable(null)).isInstanceOf(NullPointerException.class);
  }
}
