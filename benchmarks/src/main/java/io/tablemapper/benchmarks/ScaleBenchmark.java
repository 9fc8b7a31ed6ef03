package io.tablemapper.benchmarks;

import io.tablemapper.api.Batch;
import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.memory.InMemoryBackend;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
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
 * Point and 100-entity range reads on the in-memory backend holding 10^4, 10^5 and 10^6 entities in one
 * partition: a sorted store's cost grows with log n, so ten times the entities should cost a constant step more,
 * never ten times as much. Ratios are against the smallest size.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ScaleBenchmark {
  static final String METER = "meter-7";

  @Param({"10000", "100000", "1000000"})
  public int entities;

  private TableMapper mapper;
  private ReadingRepository readings;
  private long next;

  @Setup
  public void setUp() {
    mapper = TableMapper.builder().backend(InMemoryBackend.create()).build();
    readings = mapper.repository(ReadingRepository.class);
    load(mapper, entities);
  }

  /** Stores {@code count} readings of {@link #METER}, 100 per batch. */
  static void load(TableMapper mapper, int count) {
    Batch batch = mapper.batch("Readings", METER);
    for (long sequence = 0; sequence < count; sequence++) {
      batch.insert(Reading.sample(METER, sequence));
      if (batch.size() == 100) {
        batch.commit();
        batch = mapper.batch("Readings", METER);
      }
    }
    if (batch.size() > 0) {
      batch.commit();
    }
  }

  @TearDown
  public void tearDown() {
    mapper.close();
  }

  private long nextSequence() {
    next = (next + 104_729) % (entities - 100);
    return next;
  }

  @Benchmark
  public Reading pointRead() {
    return readings.findByMeterAndSequence(METER, nextSequence()).orElseThrow();
  }

  @Benchmark
  public List<Reading> range100() {
    long from = nextSequence();
    return readings.findByMeterAndSequenceBetween(METER, from, from + 99);
  }
}
