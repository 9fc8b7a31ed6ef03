package io.tablemapper.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.tablemapper.api.OperationEvent;
import io.tablemapper.api.OperationType;
import io.tablemapper.api.StoreBusyException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.backend.memory.ScalabilitySimulator;
import io.tablemapper.spi.RetryBudget;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Throttling in the registry: retries and throttled answers beside the other counters, and the throttled answers by
 * partition, capped. The store is the scalability simulator on a manual ticker, so every count is exact.
 */
class ThrottlingMetricsTest {
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  private double throttledIn(String partition) {
    return registry.get(TableMapperMetrics.THROTTLED_PARTITIONS).tags("table", "Company", "partition", partition)
        .counter().count();
  }

  @Test
  void aThrottledPartitionIsCountedByTableAndPartitionAndItsRetriesBesideTheOtherCounters() {
    ScalabilitySimulator store = ScalabilitySimulator.over(InMemoryBackend.create())
        .partitionRate(1).burst(Duration.ZERO).ticker(ScalabilitySimulator.Ticker.manual()).jitter(() -> 0)
        .retries(new RetryBudget(2, Duration.ofMillis(1), Duration.ofMillis(4), Duration.ofSeconds(1)))
        .build();
    try (TableMapper mapper = TableMapper.builder().backend(store)
        .operationListener(new TableMapperMetrics(registry, Tags.of("mapper", "company"))).build()) {
      EmployeeRepository employees = mapper.repository(EmployeeRepository.class);
      employees.insert(new Employee("Sales", 1, "Ken", "ken@contoso.com", null));

      assertThatThrownBy(() -> employees.insert(new Employee("Sales", 2, "Kim", "kim@contoso.com", null)))
          .isInstanceOf(StoreBusyException.class);
    }

    assertThat(throttledIn("Sales")).as("the first attempt and its two retries").isEqualTo(3);
    Counter throttled = registry.get(TableMapperMetrics.THROTTLED)
        .tags("table", "Company", "operation", "insert", "exception", "StoreBusyException").counter();
    assertThat(throttled.count()).isEqualTo(3);
    assertThat(registry.get(TableMapperMetrics.RETRIES).tags("exception", "StoreBusyException").counter().count())
        .isEqualTo(2);
    assertThat(registry.get(TableMapperMetrics.THROTTLED_PARTITIONS).counter().getId().getTag("mapper"))
        .isEqualTo("company");
  }

  @Test
  void pastTheLimitThrottledPartitionsCountUnderOtherAndAnOperationOfSeveralUnderSeveral() {
    TableMapperMetrics metrics = new TableMapperMetrics(registry, Tags.empty(), 2);

    metrics.onOperation(throttled("a", 1));
    metrics.onOperation(throttled("b", 2));
    metrics.onOperation(throttled("c", 4));
    metrics.onOperation(throttled("a", 8));
    metrics.onOperation(throttled("d", 16));
    metrics.onOperation(throttled(null, 0)); // not throttled: no partition meter

    assertThat(throttledIn("a")).isEqualTo(9);
    assertThat(throttledIn("b")).isEqualTo(2);
    assertThat(throttledIn("other")).isEqualTo(4 + 16);
    assertThat(registry.get(TableMapperMetrics.THROTTLED_PARTITIONS).counters()).hasSize(3);

    metrics.onOperation(throttled(null, 32));
    assertThat(throttledIn("other")).as("several partitions, past the limit").isEqualTo(4 + 16 + 32);
  }

  @Test
  void partitionsCanBeLeftUntagged() {
    TableMapperMetrics metrics = new TableMapperMetrics(registry, Tags.empty(), 0);

    metrics.onOperation(throttled("a", 1));

    assertThat(throttledIn("other")).isEqualTo(1);
    assertThatThrownBy(() -> new TableMapperMetrics(registry, Tags.empty(), -1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("partitionLimit is -1; give 0 (no partition tags) or more, such as 100");
  }

  private static OperationEvent throttled(String partitionKey, int throttled) {
    return new OperationEvent(OperationType.UPSERT, "Company", partitionKey, "Employee", null, null, null, 0, 1, 1,
        throttled, throttled, Duration.ofMillis(1), null);
  }
}
