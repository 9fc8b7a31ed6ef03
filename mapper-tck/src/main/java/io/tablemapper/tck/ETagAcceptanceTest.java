package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.fixtures.Department;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.support.InterceptingBackend;
import io.tablemapper.tck.support.RawRows;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.ArgumentsSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The ETag an application gets from any read or write is accepted by a later update or delete as long as the
 * entity has not changed since, and refused once it has — through whatever path it was read, whether or not the
 * store gives the rows of a batch one ETag.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class ETagAcceptanceTest {
  private final BatchVersions versions;
  private final TableBackend store;
  private final TableMapper mapper;
  private final EmployeeRepository employees;
  /** Another application, with its own mapper on the same store. */
  private final EmployeeRepository otherWriter;
  private Employee ken;

  ETagAcceptanceTest(StoreUnderTest under) {
    this.versions = under.batchVersions();
    this.store = under.newStore();
    this.mapper = TableMapper.builder().backend(store).entities(Employee.class, Department.class).build();
    this.employees = mapper.repository(EmployeeRepository.class);
    this.otherWriter = TableMapper.builder().backend(store).build().repository(EmployeeRepository.class);
  }

  @BeforeEach
  void fill() {
    ken = employees.insert(Employee.of("Sales", 123, "Ken", "Kwok", 23, "kenk@contoso.com"));
    employees.insert(Employee.of("Sales", 124, "Kim", "Kwok", 41, "kim@contoso.com"));
    employees.insert(Employee.of("Sales", 200, "Ben", "Smith", 35, "ben@contoso.com"));
    mapper.batch("Company", "Sales").insert(new Department("Sales", "Ann", 3, null)).commit();
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  /** Every way an application comes to hold Ken with an ETag. */
  enum Source {
    POINT(t -> t.employees.getByDepartmentAndEmployeeId("Sales", 123)),
    KEY_RANGE(t -> t.ken(t.employees.findByDepartmentAndEmployeeIdBetween("Sales", 100, 150))),
    FULL_COPY_POINT(t -> t.employees.getByDepartmentAndEmail("Sales", "kenk@contoso.com")),
    FULL_COPY_RANGE(t -> t.ken(t.employees.findByDepartmentAndEmailStartsWith("Sales", "k"))),
    PARTIAL_COPY(t -> t.ken(t.employees.findByDepartmentAndLastName("Sales", "Kwok"))),
    PARTIAL_COPY_PAGE(t -> t.ken(t.employees.findByDepartmentAndLastName("Sales", "Kwok", PageRequest.of(5)).items())),
    PARTITION_SCAN(t -> t.ken(t.employees.findByDepartmentAndAgeGreaterThan("Sales", 0))),
    STREAM(t -> t.ken(t.employees.streamByDepartment("Sales").collect(Collectors.toList()))),
    PAGE(t -> t.ken(t.employees.findByDepartment("Sales", PageRequest.of(2)).items())),
    PARTITION_ALL(t -> t.ken(t.mapper.partition("Company", "Sales").all())),
    PARTITION_ALL_OF_CLASS(t -> t.ken(t.mapper.partition("Company", "Sales").all(Employee.class))),
    PARTITION_PAGE(t -> t.ken(t.mapper.partition("Company", "Sales").page(Employee.class, PageRequest.of(10)).items())),
    INSERT(t -> {
      t.employees.delete(t.current());
      return t.employees.insert(t.ken.withEtag(null));
    }),
    UPSERT(t -> t.employees.upsert(t.current().withAge(24))),
    UPDATE(t -> t.employees.update(t.current().withEmail("ken.kwok@contoso.com"))),
    BATCH(t -> (Employee) t.mapper.batch("Company", "Sales")
        .upsert(Employee.of("Sales", 300, "Ann", "Beck", 50, "ann@contoso.com"))
        .update(t.current().withLastName("Kwoks"))
        .commit().get(1));

    private final Function<ETagAcceptanceTest, Employee> read;

    Source(Function<ETagAcceptanceTest, Employee> read) {
      this.read = read;
    }
  }

  /** Changes another application makes to Ken. */
  enum Change {
    /** A property no index holds. */
    AGE(e -> e.withAge(e.age() + 1)),
    /** The full copy's value: its copy moves. */
    EMAIL(e -> e.withEmail("moved@contoso.com")),
    /** The partial copy's value. */
    LAST_NAME(e -> e.withLastName("Moved"));

    private final UnaryOperator<Employee> apply;

    Change(UnaryOperator<Employee> apply) {
      this.apply = apply;
    }
  }

  /** Ken as stored now. */
  private Employee current() {
    return employees.getByDepartmentAndEmployeeId("Sales", 123);
  }

  private Employee ken(List<?> entities) {
    return entities.stream()
        .filter(e -> e instanceof Employee && ((Employee) e).employeeId() == 123)
        .map(Employee.class::cast)
        .findFirst()
        .orElseThrow();
  }

  private Employee read(Source source) {
    Employee read = source.read.apply(this);
    assertThat(read.etag()).as("ETag of Ken from %s", source).isNotNull();
    return read;
  }

  /** Another application changes Ken, without an ETag. */
  private void changeBehindTheApplicationsBack(Change change) {
    otherWriter.update(change.apply.apply(current()).withEtag(null));
  }

  @ParameterizedTest
  @EnumSource(Source.class)
  void anETagIsAcceptedByAnUpdateWhileTheEntityIsUnchanged(Source source) {
    Employee read = read(source);

    Employee updated = employees.update(read.withAge(70).withEmail("seventy@contoso.com"));

    assertThat(employees.getByDepartmentAndEmployeeId("Sales", 123)).isEqualTo(updated);
    assertThat(updated.age()).isEqualTo(70);
    assertThat(employees.getByDepartmentAndEmail("Sales", "seventy@contoso.com").withEtag(null))
        .isEqualTo(updated.withEtag(null));
    Invariants.assertEmployeeCopiesConsistent(store, "Company", versions);
  }

  @ParameterizedTest
  @EnumSource(Source.class)
  void anETagIsAcceptedByADeleteWhileTheEntityIsUnchanged(Source source) {
    Employee read = read(source);

    employees.delete(read);

    assertThat(employees.findByDepartmentAndEmployeeId("Sales", 123)).isEmpty();
    assertThat(RawRows.rowKeys(store, "Company", "Sales")).noneMatch(key -> key.contains("123") || key.contains("ken"));
    Invariants.assertEmployeeCopiesConsistent(store, "Company", versions);
  }

  /** Every source with every change. */
  static Stream<Arguments> changedSinceRead() {
    return Arrays.stream(Source.values())
        .flatMap(source -> Arrays.stream(Change.values()).map(change -> Arguments.of(source, change)));
  }

  @ParameterizedTest
  @MethodSource("changedSinceRead")
  void anETagIsRefusedByAnUpdateOnceAnotherWriterChangedTheEntity(Source source, Change change) {
    Employee read = read(source);
    changeBehindTheApplicationsBack(change);
    List<TableRow> before = RawRows.all(store, "Company");

    assertThatThrownBy(() -> employees.update(read.withAge(99)))
        .isInstanceOf(ConcurrencyConflictException.class)
        .hasMessageContaining("cannot update Employee (PartitionKey 'Sales', RowKey 'empid_00000123')")
        .hasMessageContaining("'" + read.etag() + "' is stale");
    assertThat(RawRows.all(store, "Company")).isEqualTo(before);
  }

  @ParameterizedTest
  @MethodSource("changedSinceRead")
  void anETagIsRefusedByADeleteOnceAnotherWriterChangedTheEntity(Source source, Change change) {
    Employee read = read(source);
    changeBehindTheApplicationsBack(change);
    List<TableRow> before = RawRows.all(store, "Company");

    assertThatThrownBy(() -> employees.delete(read))
        .isInstanceOf(ConcurrencyConflictException.class)
        .hasMessageContaining("cannot delete Employee (PartitionKey 'Sales', RowKey 'empid_00000123')");
    assertThat(RawRows.all(store, "Company")).isEqualTo(before);
  }

  @ParameterizedTest
  @EnumSource(Source.class)
  void anETagIsRefusedInABatchOnceAnotherWriterChangedTheEntity(Source source) {
    Employee read = read(source);
    changeBehindTheApplicationsBack(Change.EMAIL);
    List<TableRow> before = RawRows.all(store, "Company");

    assertThatThrownBy(() -> mapper.batch("Company", "Sales")
            .insert(Employee.of("Sales", 301, "Al", "Bo", 20, "al@contoso.com"))
            .update(read.withAge(80))
            .commit())
        .hasMessageContaining("rejected at operation 1")
        .hasCauseInstanceOf(ConcurrencyConflictException.class);
    assertThat(RawRows.all(store, "Company")).isEqualTo(before);
  }

  @Test
  void anETagOfAnotherEntitysCopyIsRefused() {
    Employee kimViaCopy = employees.getByDepartmentAndEmail("Sales", "kim@contoso.com");

    assertThatThrownBy(() -> employees.update(ken.withAge(90).withEtag(kimViaCopy.etag())))
        .isInstanceOf(ConcurrencyConflictException.class);
    assertThatThrownBy(() -> employees.delete(ken.withEtag(kimViaCopy.etag())))
        .isInstanceOf(ConcurrencyConflictException.class);
    assertThat(employees.getByDepartmentAndEmployeeId("Sales", 123)).isEqualTo(ken);
  }

  @Test
  void anETagReadThroughACopyRewrittenOnItsOwnIsAcceptedWhileTheEntityIsUnchanged() {
    TableRow copy = RawRows.get(store, "Company", "Sales", "email_kenk@contoso.com");
    store.write("Company", WriteOperation.upsertReplace(copy.toBuilder().build()));
    Employee viaCopy = employees.getByDepartmentAndEmail("Sales", "kenk@contoso.com");
    assertThat(viaCopy.etag()).isNotEqualTo(ken.etag());

    Employee updated = employees.update(viaCopy.withAge(31));

    assertThat(employees.getByDepartmentAndEmployeeId("Sales", 123)).isEqualTo(updated);
    Invariants.assertEmployeeCopiesConsistent(store, "Company", versions);
  }

  @Test
  void anETagReadThroughACopyIsRefusedOnceAWriterThatDoesNotKeepTheIndexChangedTheEntity() {
    Employee viaCopy = employees.getByDepartmentAndEmail("Sales", "kenk@contoso.com");
    TableRow own = RawRows.get(store, "Company", "Sales", "empid_00000123");
    store.write("Company", WriteOperation.replace(own.toBuilder().putInt32("age", 60).build(), own.etag()));

    assertThatThrownBy(() -> employees.update(viaCopy.withAge(24)))
        .isInstanceOf(ConcurrencyConflictException.class);
    assertThatThrownBy(() -> employees.delete(viaCopy)).isInstanceOf(ConcurrencyConflictException.class);
    assertThat(current().age()).isEqualTo(60);
  }

  @Test
  void aDeleteByQueryThroughAFullCopyDeletesEntitiesUnchangedSinceAndStopsAtAChangedOne() {
    assertThat(employees.deleteByDepartmentAndEmailStartsWith("Sales", "k")).isEqualTo(2);
    assertThat(RawRows.rowKeys(store, "Company", "Sales"))
        .containsExactly("department", "email_ben@contoso.com", "empid_00000200", "lastname_Smith_00000200");

    Employee ann = employees.insert(Employee.of("Sales", 301, "Ann", "Beck", 50, "ann@contoso.com"));
    InterceptingBackend intercepting = new InterceptingBackend(store);
    EmployeeRepository racing = TableMapper.builder().backend(intercepting).build()
        .repository(EmployeeRepository.class);
    intercepting.beforeNextWrite(() -> otherWriter.update(ann.withAge(51).withEtag(null)));

    assertThatThrownBy(() -> racing.deleteByDepartmentAndEmailStartsWith("Sales", "a"))
        .isInstanceOf(ConcurrencyConflictException.class);
    assertThat(employees.getByDepartmentAndEmployeeId("Sales", 301).age()).isEqualTo(51);
    Invariants.assertEmployeeCopiesConsistent(store, "Company", versions);
  }
}
