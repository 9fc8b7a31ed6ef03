package io.tablemapper.benchmarks;

import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.spi.TableBackend;
import java.util.List;
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
 * Reading a partition of orders three ways, against reading every order whole (the baseline, same run and store):
 * a projection of three of the ten properties ({@link OrderTotal}: only those are selected and decoded), and a count,
 * which asks the store for the keys alone. On the in-memory backend and on H2 in memory; 1,000 orders (with their
 * 2,000 index copies, which the RowKey range of the orders skips) in one partition.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ProjectionBenchmark {
  private TableMapper mapper;
  private OrderRepository orders;

  /** The store: {@code memory} or {@code h2}. */
  @Param({"memory", "h2"})
  public String store;

  /** Customers of 100 orders each in the partition (the smoke test takes fewer). */
  @Param("10")
  public int customers;

  @Setup
  public void setUp() {
    TableBackend backend = store.equals("h2") ? H2Backend.inMemory() : InMemoryBackend.create();
    mapper = TableMapper.builder().backend(backend).build();
    orders = mapper.repository(OrderRepository.class);
    OrderFixtures.load(mapper, customers, Benchmarks.ORDERS_PER_CUSTOMER);
  }

  @TearDown
  public void tearDown() {
    mapper.close();
  }

  @Benchmark
  public List<Order> partition_fullRead() {
    return orders.findByRegion(OrderFixtures.REGION);
  }

  @Benchmark
  public List<OrderTotal> partition_projection() {
    return orders.getByRegion(OrderFixtures.REGION);
  }

  @Benchmark
  public long partition_count() {
    return orders.countByRegion(OrderFixtures.REGION);
  }
}
