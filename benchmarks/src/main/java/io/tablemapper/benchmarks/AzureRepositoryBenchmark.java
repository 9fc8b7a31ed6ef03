package io.tablemapper.benchmarks;

import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.azure.AzureTablesBackend;
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
 * The mapper's overhead on Azure: repository operations over the Azure backend against the Azure SDK's
 * {@code TableClient} by hand (the baseline, {@link RawSdkOrders}: the same rows, keys and conversions written out),
 * both against one Azurite that the benchmark starts and stops itself ({@link AzuriteProcess}) — a point read, a
 * 100-entity range and an insert with two index copies (one entity group transaction of three rows).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class AzureRepositoryBenchmark {
  private AzuriteProcess azurite;
  private TableMapper mapper;
  private OrderRepository orders;
  private RawSdkOrders raw;
  private int next;
  private int inserted;

  /** Customers of 100 orders each in the partition (the smoke test takes fewer). */
  @Param("10")
  public int customers;

  @Setup(Level.Trial)
  public void setUp() {
    azurite = AzuriteProcess.start();
    mapper = TableMapper.builder().backend(AzureTablesBackend.fromConnectionString(azurite.connectionString()))
        .build();
    orders = mapper.repository(OrderRepository.class);
    OrderFixtures.load(mapper, customers, Benchmarks.ORDERS_PER_CUSTOMER);
    raw = new RawSdkOrders(azurite.connectionString(), "RawOrders");
    for (int customer = 0; customer < customers; customer++) {
      for (int order = 0; order < Benchmarks.ORDERS_PER_CUSTOMER; order++) {
        raw.insertWithCopies(Order.sample(OrderFixtures.REGION, customer, order));
      }
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    mapper.close();
    azurite.close();
  }

  private int nextIndex() {
    next = (next + 7_919) % (customers * Benchmarks.ORDERS_PER_CUSTOMER);
    return next;
  }

  @Benchmark
  public Order pointRead_rawSdk() {
    int i = nextIndex();
    return raw.get(OrderFixtures.REGION, i / Benchmarks.ORDERS_PER_CUSTOMER, i % Benchmarks.ORDERS_PER_CUSTOMER);
  }

  @Benchmark
  public Order pointRead_repository() {
    int i = nextIndex();
    return orders.findByRegionAndCustomerIdAndOrderId(OrderFixtures.REGION, i / Benchmarks.ORDERS_PER_CUSTOMER,
        i % Benchmarks.ORDERS_PER_CUSTOMER).orElseThrow();
  }

  @Benchmark
  public List<Order> range100_rawSdk() {
    int customer = nextIndex() % customers;
    return raw.range(OrderFixtures.REGION, customer, 0, Benchmarks.ORDERS_PER_CUSTOMER - 1);
  }

  @Benchmark
  public List<Order> range100_repository() {
    int customer = nextIndex() % customers;
    return orders.findByRegionAndCustomerIdAndOrderIdBetween(OrderFixtures.REGION, customer, 0,
        Benchmarks.ORDERS_PER_CUSTOMER - 1);
  }

  /** New orders of customers beyond the loaded ones, so that inserts never collide. */
  private Order nextNew() {
    inserted++;
    return Order.sample(OrderFixtures.REGION, 1_000_000L + inserted / 1_000, inserted % 1_000);
  }

  @Benchmark
  public void insertWithTwoCopies_rawSdk() {
    raw.insertWithCopies(nextNew());
  }

  @Benchmark
  public Order insertWithTwoCopies_repository() {
    return orders.insert(nextNew());
  }
}
