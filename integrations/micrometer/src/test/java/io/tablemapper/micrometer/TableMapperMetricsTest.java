package io.tablemapper.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.tablemapper.api.BatchException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.backend.azure.Azurite;
import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.spi.TableBackend;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** The meters a mapper's operations leave in a registry, on every backend. */
@ParameterizedClass
@EnumSource(TableMapperMetricsTest.Backend.class)
class TableMapperMetricsTest {

  enum Backend {
    MEMORY,
    H2,
    H2_FILE,
    AZURE;

    TableBackend newStore(Path directory) {
      switch (this) {
        case MEMORY:
          return InMemoryBackend.create();
        case H2:
          return H2Backend.inMemory();
        case H2_FILE:
          return H2Backend.file(directory.resolve("metrics"));
        default:
          return AzureTablesBackend.fromConnectionString(Azurite.connectionString(account++ % Azurite.ACCOUNTS));
      }
    }
  }

  /** The next of Azurite's accounts: each test a fresh one (the tests are fewer than the accounts). */
  private static int account;

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final TableMapper mapper;
  private final EmployeeRepository employees;
  private final String department;

  TableMapperMetricsTest(Backend backend, @TempDir Path directory) {
    this.mapper = TableMapper.builder()
        .backend(backend.newStore(directory))
        .operationListener(new TableMapperMetrics(registry, Tags.of("mapper", "company")))
        .build();
    this.employees = mapper.repository(EmployeeRepository.class);
    // a partition of its own on Azurite, whose accounts the tests share
    this.department = "Sales-" + System.nanoTime();
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private Timer timer(String operation, String outcome) {
    return registry.get(TableMapperMetrics.OPERATIONS)
        .tags("mapper", "company", "table", "Company", "operation", operation, "outcome", outcome).timer();
  }

  private double counted(String name, String operation) {
    return registry.get(name).tags("operation", operation).counters().stream().mapToDouble(Counter::count).sum();
  }

  @Test
  void writesAreTimedAndCountedPerEntityAndOperation() {
    employees.insert(new Employee(department, 1, "Ken", "ken@contoso.com", null));
    employees.insert(new Employee(department, 2, "Kim", "kim@contoso.com", null));

    Timer inserts = timer("insert", "success");
    assertThat(inserts.count()).isEqualTo(2);
    assertThat(inserts.totalTime(java.util.concurrent.TimeUnit.NANOSECONDS)).isPositive();
    assertThat(inserts.getId().getTag("entity")).isEqualTo("Employee");
    assertThat(inserts.getId().getTag("exception")).isEqualTo("none");
    assertThat(counted(TableMapperMetrics.ROWS_WRITTEN, "insert")).as("two entities, one copy each").isEqualTo(4);
    assertThat(counted(TableMapperMetrics.REQUESTS, "insert")).isGreaterThanOrEqualTo(2);
  }

  @Test
  void failuresAreTaggedWithTheirException() {
    Employee ken = employees.insert(new Employee(department, 1, "Ken", "ken@contoso.com", null));
    assertThatThrownBy(() -> employees.insert(new Employee(department, 1, "Ken", "ken@contoso.com", null)))
        .isInstanceOf(EntityExistsException.class);
    assertThatThrownBy(() -> mapper.batch("Company", department).insert(ken).commit())
        .isInstanceOf(BatchException.class);

    assertThat(timer("insert", "failure").getId().getTag("exception")).isEqualTo("EntityExistsException");
    assertThat(timer("insert", "failure").count()).isEqualTo(1);
    assertThat(timer("batch", "failure").getId().getTag("exception")).isEqualTo("BatchException");
    assertThat(timer("insert", "success").count()).isEqualTo(1);
  }

  @Test
  void queriesAreTaggedWithTheirMethodAndPlanKind() {
    employees.insert(new Employee(department, 1, "Ken", "ken@contoso.com", null));
    employees.insert(new Employee(department, 2, "Kim", "kim@contoso.com", null));

    assertThat(employees.findByDepartmentAndEmail(department, "kim@contoso.com")).isPresent();
    assertThat(employees.findByDepartment(department)).hasSize(2);

    Timer point = registry.get(TableMapperMetrics.OPERATIONS)
        .tags("method", "EmployeeRepository.findByDepartmentAndEmail").timer();
    assertThat(point.getId().getTag("kind")).isEqualTo("point");
    assertThat(point.count()).isEqualTo(1);
    Timer range = registry.get(TableMapperMetrics.OPERATIONS)
        .tags("method", "EmployeeRepository.findByDepartment").timer();
    assertThat(range.getId().getTag("kind")).isEqualTo("range");
    assertThat(registry.get(TableMapperMetrics.ROWS_READ).tags("method", "EmployeeRepository.findByDepartment")
        .counter().count()).isEqualTo(2);
  }

  @Test
  void partitionReadsAndDroppedTablesHaveNoEntityTag() {
    employees.insert(new Employee(department, 1, "Ken", "ken@contoso.com", null));
    assertThat(mapper.partition("Company", department).all()).hasSize(1);
    mapper.deleteTable("Company");

    assertThat(timer("partition_read", "success").getId().getTag("entity")).isEqualTo("none");
    assertThat(timer("delete_table", "success").count()).isEqualTo(1);
    List<String> operations = registry.get(TableMapperMetrics.OPERATIONS).timers().stream()
        .map(each -> each.getId().getTag("operation")).distinct().sorted().toList();
    assertThat(operations).containsExactly("delete_table", "insert", "partition_read");
  }
}
