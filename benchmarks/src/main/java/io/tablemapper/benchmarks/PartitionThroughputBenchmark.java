package io.tablemapper.benchmarks;

import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.backend.memory.ScalabilitySimulator;
import io.tablemapper.spi.RetryBudget;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Repository upserts spread round robin over 1, 8 and 64 partitions of a store served at Azure Table Storage's
 * scalability targets ({@link ScalabilitySimulator}: 2,000 entities per second per partition, 20,000 per account,
 * in real time): a refused upsert is retried after a jittered wait of a few milliseconds, so the score is the rate
 * the targets admit. Each upsert is of one entity without index copies ({@link Reading}) and sends 2 requests, a
 * point read (the guard against replacing a newer version) and the write, so it costs its partition 2 entities:
 * throughput grows with the partitions (1,000 upserts a second on one, 8,000 on eight) until the account's target
 * caps it (10,000 on 64, not 64,000). Ratios are against one partition.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 1, time = 2)
@Measurement(iterations = 3, time = 2)
@OutputTimeUnit(TimeUnit.SECONDS)
public class PartitionThroughputBenchmark {
  /** Short waits, many of them: a refused upsert waits for its partition's next tokens, never fails. */
  static final RetryBudget RETRIES =
      new RetryBudget(100, Duration.ofMillis(1), Duration.ofMillis(4), Duration.ofSeconds(10));

  @Param({"1", "8", "64"})
  public int partitions;

  private TableMapper mapper;
  private ReadingRepository readings;
  private String[] meters;
  private long next;

  @Setup
  public void setUp() {
    ScalabilitySimulator store = ScalabilitySimulator.over(InMemoryBackend.create()).retries(RETRIES).build();
    mapper = TableMapper.builder().backend(store).build();
    readings = mapper.repository(ReadingRepository.class);
    meters = new String[partitions];
    for (int i = 0; i < partitions; i++) {
      meters[i] = "meter-" + i;
    }
  }

  @TearDown
  public void tearDown() {
    mapper.close();
  }

  /** One upsert, to the next partition round robin. */
  @Benchmark
  public Reading upserts() {
    long sequence = next++;
    return readings.upsert(Reading.sample(meters[(int) (sequence % partitions)], sequence));
  }
}
