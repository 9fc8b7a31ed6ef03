package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.tablemapper.api.OperationEvent;
import io.tablemapper.api.OperationType;
import io.tablemapper.api.StoreBusyException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.memory.ScalabilitySimulator;
import io.tablemapper.spi.RetryBudget;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.support.Stores;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A store that throttles, as Azure does past its scalability targets: the {@link ScalabilitySimulator} over every
 * store, on a manual ticker, its partitions holding no burst. A refused write is retried by the budget; one still
 * refused fails with {@link StoreBusyException} naming the partition, and every attempt is counted in the
 * operation's event.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class ThrottlingTest {
  /** Retries after 5, 10, 20, 40 ms (half of each longest wait: no jitter). */
  private static final RetryBudget FOUR_RETRIES =
      new RetryBudget(4, Duration.ofMillis(10), Duration.ofSeconds(1), Duration.ofSeconds(10));

  private final List<OperationEvent> events = new CopyOnWriteArrayList<>();
  private final ScalabilitySimulator.ManualTicker ticker = ScalabilitySimulator.Ticker.manual();
  private final Stores stores;
  private TableMapper mapper;

  ThrottlingTest(Stores stores) {
    this.stores = stores;
  }

  private EmployeeRepository employees(int partitionRate) {
    ScalabilitySimulator simulator = ScalabilitySimulator.over(stores.newStore())
        .partitionRate(partitionRate).burst(Duration.ZERO).retries(FOUR_RETRIES).ticker(ticker).jitter(() -> 0)
        .build();
    mapper = TableMapper.builder().backend(simulator).entities(Employee.class).operationListener(events::add).build();
    return mapper.repository(EmployeeRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private static Employee employee(int id) {
    return Employee.of("Sales", id, "Ken", "Kwok", 23, "ken" + id + "@contoso.com");
  }

  @Test
  void aWriteStillRefusedAfterTheBudgetFailsWithStoreBusyNamingThePartitionAndEveryAttemptCounted() {
    EmployeeRepository employees = employees(1);
    // the entity and its two copies, one transaction of 3 in a bucket of 1: admitted, the partition owing 2 s
    employees.insert(employee(1));
    events.clear();
    Duration before = ticker.elapsed(); // the first write also read the table's index states, throttled too

    Throwable thrown = catchThrowable(() -> employees.insert(employee(2)));

    assertThat(thrown).isInstanceOf(StoreBusyException.class)
        .hasMessageContaining("partition 'Sales' of table 'Company' is over its target of 1 entities per second")
        .hasMessageContaining("spread the load over more partitions");
    assertThat(((StoreBusyException) thrown).partitionKey()).isEqualTo("Sales");
    assertThat(((StoreBusyException) thrown).table()).isEqualTo("Company");
    assertThat(events).hasSize(1);
    OperationEvent insert = events.get(0);
    assertThat(insert.type()).isEqualTo(OperationType.INSERT);
    assertThat(insert.failure()).isSameAs(thrown);
    assertThat(insert.partitionKey()).isEqualTo("Sales");
    assertThat(insert.throttled()).as("the first attempt and its four retries").isEqualTo(5);
    assertThat(insert.retries()).isEqualTo(4);
    assertThat(insert.rowsWritten()).isZero();
    assertThat(ticker.elapsed().minus(before)).isEqualTo(Duration.ofMillis(5 + 10 + 20 + 40));
    ticker.advance(Duration.ofSeconds(10)); // the partition rests
    assertThat(employees.findByDepartmentAndEmployeeId("Sales", 2)).as("nothing written").isEmpty();
  }

  @Test
  void aWriteAdmittedOnARetrySucceedsWithItsRetriesCounted() {
    EmployeeRepository employees = employees(100);
    employees.insert(employee(1)); // 3 entities in a bucket of 1: the partition owes 20 ms
    events.clear();

    employees.insert(employee(2)); // refused at 0, 5 and 15 ms; admitted at 35 ms

    OperationEvent insert = events.get(0);
    assertThat(insert.succeeded()).isTrue();
    assertThat(insert.partitionKey()).isEqualTo("Sales");
    assertThat(insert.retries()).isEqualTo(3);
    assertThat(insert.throttled()).isEqualTo(3);
    assertThat(insert.rowsWritten()).isEqualTo(3);
  }
}
