package io.tablemapper.backend.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.StoreBusyException;
import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.spi.RequestTally;
import io.tablemapper.spi.RetryBudget;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The simulator's rates and retries, on a manual ticker: every count is exact, nothing waits.
 */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class ScalabilitySimulatorTest {
  private static final String TABLE = "Orders";

  private final ScalabilitySimulator.ManualTicker ticker = ScalabilitySimulator.Ticker.manual();
  private final InMemoryBackend memory = InMemoryBackend.create();

  private ScalabilitySimulator simulator(RetryBudget retries) {
    ScalabilitySimulator simulator =
        ScalabilitySimulator.over(memory).ticker(ticker).retries(retries).jitter(() -> 0.5).build();
    simulator.createTableIfNotExists(TABLE);
    return simulator;
  }

  private static void upsert(ScalabilitySimulator simulator, String partition, int row) {
    simulator.write(TABLE, WriteOperation.upsertReplace(TableRow.keys(partition, "r" + row)));
  }

  /** Upserts round robin over {@code partitions} until one is refused; the number admitted. */
  private static int admittedUntilRefused(ScalabilitySimulator simulator, int partitions) {
    for (int i = 0; ; i++) {
      try {
        upsert(simulator, "p" + i % partitions, i);
      } catch (StoreBusyException refused) {
        return i;
      }
    }
  }

  @Test
  void a_quiet_partition_takes_a_burst_of_100_ms_of_its_rate_then_is_refused_with_its_name() {
    ScalabilitySimulator simulator = simulator(RetryBudget.NONE);

    assertThat(admittedUntilRefused(simulator, 1)).isEqualTo(200);

    assertThatThrownBy(() -> upsert(simulator, "p0", 1000))
        .isInstanceOf(StoreBusyException.class)
        .isInstanceOf(StoreUnavailableException.class)
        .hasMessageContaining("503 ServerBusy")
        .hasMessageContaining("partition 'p0' of table 'Orders' is over its target of 2000 entities per second")
        .hasMessageContaining("spread the load over more partitions")
        .hasMessageContaining("larger retry budget")
        .satisfies(e -> {
          assertThat(((StoreBusyException) e).table()).isEqualTo(TABLE);
          assertThat(((StoreBusyException) e).partitionKey()).isEqualTo("p0");
        });
    assertThat(memory.get(TABLE, "p0", "r1000")).isEmpty();
  }

  @Test
  void a_partition_refills_at_its_rate() {
    ScalabilitySimulator simulator = simulator(RetryBudget.NONE);
    admittedUntilRefused(simulator, 1);

    ticker.advance(Duration.ofMillis(10)); // 20 entities at 2,000 a second

    assertThat(admittedUntilRefused(simulator, 1)).isEqualTo(20);
  }

  @Test
  void another_partition_is_not_slowed_by_a_busy_one() {
    ScalabilitySimulator simulator = simulator(RetryBudget.NONE);
    admittedUntilRefused(simulator, 1);

    upsert(simulator, "elsewhere", 1);

    assertThat(memory.get(TABLE, "elsewhere", "r1")).isPresent();
  }

  @Test
  void the_account_refuses_past_its_rate_over_all_partitions_naming_the_account() {
    ScalabilitySimulator simulator = simulator(RetryBudget.NONE);

    assertThat(admittedUntilRefused(simulator, 64)).isEqualTo(2_000); // 100 ms of 20,000 a second

    assertThatThrownBy(() -> upsert(simulator, "p63", 5000))
        .isInstanceOf(StoreBusyException.class)
        .hasMessageContaining("the account is over its target of 20000 entities per second")
        .hasMessageContaining("partition 'p63' of table 'Orders'");
  }

  @ParameterizedTest(name = "{0} partitions serve {1} entities a simulated second")
  @CsvSource({"1, 2000", "8, 16000", "64, 20000"})
  void throughput_grows_with_the_partitions_up_to_the_account(int partitions, int perSecond) {
    ScalabilitySimulator simulator = simulator(RetryBudget.NONE);
    admittedUntilRefused(simulator, partitions); // spend the bursts

    int admitted = 0;
    int row = 100_000;
    for (int step = 0; step < 100; step++) { // one simulated second in steps of 10 ms
      ticker.advance(Duration.ofMillis(10));
      for (boolean any = true; any; ) { // every partition, until a whole round is refused
        any = false;
        for (int partition = 0; partition < partitions; partition++) {
          try {
            upsert(simulator, "p" + partition, row++);
            admitted++;
            any = true;
          } catch (StoreBusyException refused) {
            // this partition, or the account, is spent for this step
          }
        }
      }
    }

    assertThat(admitted).isBetween(perSecond - partitions, perSecond + partitions);
  }

  @Test
  void a_refused_request_is_retried_after_a_jittered_wait_and_reports_its_retries_and_refusals() {
    ScalabilitySimulator simulator = simulator(RetryBudget.DEFAULT);
    admittedUntilRefusedWithout(simulator);
    List<int[]> tallied = new ArrayList<>();

    RequestTally.within((retries, throttled) -> tallied.add(new int[] {retries, throttled}),
        () -> {
          upsert(simulator, "p0", 9999);
          return null;
        });

    // the first wait, half-way between 100 ms and 200 ms, refills 300 entities: one retry suffices
    assertThat(ticker.elapsed()).isEqualTo(Duration.ofMillis(150));
    assertThat(tallied).containsExactly(new int[] {1, 1});
    assertThat(memory.get(TABLE, "p0", "r9999")).isPresent();
    assertThat(simulator.retries()).isEqualTo(1);
  }

  /** Spends p0's burst through a simulator of its own buckets: one without retries over the same ticker. */
  private void admittedUntilRefusedWithout(ScalabilitySimulator simulator) {
    for (int i = 0; i < 200; i++) {
      upsert(simulator, "p0", i);
    }
  }

  @Test
  void a_request_still_refused_after_the_budget_fails_with_every_attempt_counted() {
    ScalabilitySimulator simulator = ScalabilitySimulator.over(memory).ticker(ticker).partitionRate(1)
        .burst(Duration.ZERO).jitter(() -> 0)
        .retries(new RetryBudget(3, Duration.ofMillis(10), Duration.ofMillis(40), Duration.ofSeconds(1)))
        .build();
    simulator.createTableIfNotExists(TABLE);
    upsert(simulator, "hot", 0);
    AtomicInteger retries = new AtomicInteger();
    AtomicInteger throttled = new AtomicInteger();

    assertThatThrownBy(() -> RequestTally.within((r, t) -> {
      retries.addAndGet(r);
      throttled.addAndGet(t);
    }, () -> {
      upsert(simulator, "hot", 1);
      return null;
    }))
        .isInstanceOf(StoreBusyException.class)
        .hasMessageContaining("each of 4 attempts (3 retries waiting up to 70 ms)")
        .hasMessageContaining("partition 'hot'");

    assertThat(retries).hasValue(3);
    assertThat(throttled).hasValue(4);
    assertThat(simulator.refusals()).isEqualTo(4);
    assertThat(ticker.elapsed()).isEqualTo(Duration.ofMillis(5 + 10 + 20)); // half of 10, 20, 40 ms
  }

  @Test
  void a_query_pays_for_the_rows_it_returns_and_a_batch_for_its_operations() {
    ScalabilitySimulator simulator = simulator(RetryBudget.NONE);
    List<WriteOperation> batch = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      batch.add(WriteOperation.insert(TableRow.keys("p0", "r" + i)));
    }
    simulator.batch(TABLE, batch);

    simulator.query(TableQuery.builder(TABLE).partitionKey("p0").build()); // 100 rows

    assertThatThrownBy(() -> upsert(simulator, "p0", 100)).isInstanceOf(StoreBusyException.class);
  }

  @Test
  void the_async_path_reports_to_the_tally_of_the_thread_that_called() {
    ScalabilitySimulator simulator = simulator(RetryBudget.DEFAULT);
    admittedUntilRefusedWithout(simulator);
    AtomicInteger throttled = new AtomicInteger();

    ExecutorService executor = Executors.newSingleThreadExecutor();
    try {
      RequestTally.within((r, t) -> throttled.addAndGet(t),
          () -> simulator.writeAsync(TABLE, WriteOperation.upsertReplace(TableRow.keys("p0", "async")),
              executor).join());
    } finally {
      executor.shutdown();
    }

    assertThat(throttled).hasValue(1);
  }

  @Test
  void rates_must_be_positive() {
    assertThatThrownBy(() -> ScalabilitySimulator.over(memory).partitionRate(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("partitionRate is 0 entities per second; give 1 or more");
  }
}
