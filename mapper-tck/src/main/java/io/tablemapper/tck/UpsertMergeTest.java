package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.DynamicTable;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.fixtures.DailyReadings;
import io.tablemapper.tck.fixtures.DailyReadingsRepository;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeAsyncRepository;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.support.RawRows;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Insert-or-merge ({@code upsertMerge}) of whole entities through every write API — repository, async repository,
 * batch, eventual batch, dynamic table — on every store: absent, the entity is inserted with its index copies;
 * present, its properties are merged into the stored row (a null one keeps its stored value, properties the class
 * does not store are kept) and the copies are rewritten from the merged row, whatever ETag the entity carries.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class UpsertMergeTest {
  private static final LocalDate DAY = LocalDate.of(2024, 5, 17);

  private final TableBackend backend;
  private final TableMapper mapper;
  private final EmployeeRepository employees;
  private final DailyReadingsRepository readings;

  UpsertMergeTest(StoreUnderTest stores) {
    this.backend = stores.newStore();
    this.mapper = TableMapper.builder().backend(backend).build();
    this.employees = mapper.repository(EmployeeRepository.class);
    this.readings = mapper.repository(DailyReadingsRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private final Employee ken = Employee.of("Sales", 123, "Ken", "Kwok", 23, "kenk@contoso.com");

  @Test
  void anUpsertMergeInsertsAnAbsentEntityWithItsIndexCopies() {
    Employee stored = employees.upsertMerge(ken);

    assertThat(stored.etag()).isNotNull();
    assertThat(employees.getByDepartmentAndEmployeeId("Sales", 123).withEtag(null)).isEqualTo(ken);
    assertThat(employees.getByDepartmentAndEmail("Sales", "kenk@contoso.com").employeeId()).isEqualTo(123);
    assertThat(employees.findByDepartmentAndLastName("Sales", "Kwok")).extracting(Employee::employeeId)
        .containsExactly(123);
  }

  @Test
  void anUpsertMergeOfAStoredEntityMergesAndMovesItsIndexCopiesIgnoringItsETag() {
    Employee v1 = employees.insert(ken);
    employees.update(v1.withAge(30)); // v1's ETag is stale now: an upsert-merge names no version

    employees.upsertMerge(new Employee("Sales", 123, null, "Kwoks", 31, "ken@contoso.com", v1.etag()));

    Employee read = employees.getByDepartmentAndEmployeeId("Sales", 123);
    assertThat(read.firstName()).as("a null property keeps its stored value").isEqualTo("Ken");
    assertThat(read.lastName()).isEqualTo("Kwoks");
    assertThat(read.age()).isEqualTo(31);
    assertThat(employees.findByDepartmentAndEmail("Sales", "kenk@contoso.com")).as("old copy gone").isEmpty();
    assertThat(employees.getByDepartmentAndEmail("Sales", "ken@contoso.com"))
        .as("the full copy made from the merged row").isEqualTo(read.withEtag(
            employees.getByDepartmentAndEmail("Sales", "ken@contoso.com").etag()));
    assertThat(employees.findByDepartmentAndLastName("Sales", "Kwok")).isEmpty();
    assertThat(employees.findByDepartmentAndLastName("Sales", "Kwoks")).extracting(Employee::firstName)
        .containsExactly("Ken");
  }

  @Test
  void anUpsertMergeKeepsPropertiesTheClassDoesNotStore() {
    DynamicTable series = mapper.dynamic("Series");
    readings.insert(DailyReadings.of("s1", DAY).withH08(8));
    String rowKey = RawRows.all(backend, "Series").get(0).rowKey();
    series.merge(DynamicEntity.builder("s1", rowKey).putString("foreign", "kept").build());

    readings.upsertMerge(DailyReadings.of("s1", DAY).withH08(9).withPeak(9.5));

    DynamicEntity merged = series.get("s1", rowKey).orElseThrow();
    assertThat(merged.getString("foreign")).isEqualTo("kept");
    assertThat(merged.getDouble("h08")).isEqualTo(9.0);
    assertThat(merged.getDouble("peak")).isEqualTo(9.5);
  }

  @Test
  void anAsyncRepositoryUpsertMerges() {
    EmployeeAsyncRepository async = mapper.repository(EmployeeAsyncRepository.class);

    async.upsertMerge(ken).join();
    async.upsertMerge(ken.withAge(24).withEmail(null)).join();

    Employee read = employees.getByDepartmentAndEmployeeId("Sales", 123);
    assertThat(read.age()).isEqualTo(24);
    assertThat(read.email()).isEqualTo("kenk@contoso.com");
    assertThat(employees.getByDepartmentAndEmail("Sales", "kenk@contoso.com").age()).isEqualTo(24);
  }

  @Test
  void aBatchUpsertMergesBesideOtherWritesAndKeepsCopiesInItsTransaction() {
    Employee kim = employees.insert(Employee.of("Sales", 124, "Kim", "Akers", 31, "kim@contoso.com"));

    List<Object> results = mapper.batch("Company", "Sales")
        .upsertMerge(ken)
        .upsertMerge(new Employee("Sales", 124, null, null, 32, "kim.akers@contoso.com", null))
        .commit();

    assertThat(results).hasSize(2);
    assertThat(employees.getByDepartmentAndEmail("Sales", "kenk@contoso.com").firstName()).isEqualTo("Ken");
    Employee merged = employees.getByDepartmentAndEmployeeId("Sales", 124);
    assertThat(merged).isEqualTo(kim.withAge(32).withEmail("kim.akers@contoso.com").withEtag(merged.etag()));
    assertThat(employees.findByDepartmentAndEmail("Sales", "kim@contoso.com")).isEmpty();
    assertThat(employees.getByDepartmentAndEmail("Sales", "kim.akers@contoso.com").age()).isEqualTo(32);
  }

  @Test
  void anEventualBatchUpsertMergesAcrossPartitions() {
    employees.insert(ken);
    Employee ann = Employee.of("Marketing", 7, "Ann", "Beebe", 40, "ann@contoso.com");

    mapper.eventually()
        .upsertMerge(ken.withAge(50).withEmail(null))
        .upsertMerge(ann)
        .commit();

    assertThat(employees.getByDepartmentAndEmployeeId("Sales", 123).age()).isEqualTo(50);
    assertThat(employees.getByDepartmentAndEmployeeId("Sales", 123).email()).isEqualTo("kenk@contoso.com");
    assertThat(employees.getByDepartmentAndEmail("Marketing", "ann@contoso.com").firstName()).isEqualTo("Ann");
  }

  @Test
  void aDynamicTableUpsertMergesRowsAsGiven() {
    DynamicTable table = mapper.dynamic("Things");

    DynamicEntity inserted = table.upsertMerge(
        DynamicEntity.builder("p", "r").putString("a", "1").putInt32("b", 2).build());
    DynamicEntity merged = table.upsertMerge(DynamicEntity.builder("p", "r").putString("a", "one")
        .etag("W/\"stale\"").build());

    assertThat(inserted.etag()).isNotNull();
    assertThat(merged.etag()).isNotEqualTo(inserted.etag());
    DynamicEntity read = table.get("p", "r").orElseThrow();
    assertThat(read.getString("a")).isEqualTo("one");
    assertThat(read.getInt32("b")).as("kept by the merge").isEqualTo(2);
    TableRow raw = RawRows.get(backend, "Things", "p", "r");
    assertThat(raw.properties()).containsOnlyKeys("a", "b");
  }
}
