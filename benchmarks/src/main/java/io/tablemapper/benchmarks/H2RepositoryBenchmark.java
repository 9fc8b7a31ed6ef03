package io.tablemapper.benchmarks;

import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.h2.H2Backend;
import java.sql.SQLException;
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
 * Repository operations on the H2 backend (in-memory database) against raw JDBC over H2 (the baseline, a table
 * with a column per property): a point read, a 100-entity range, an insert with two index copies.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class H2RepositoryBenchmark {
  private TableMapper mapper;
  private OrderRepository orders;
  private RawJdbcOrders raw;
  private int next;

  /** Customers of 100 orders each in the partition (the smoke test takes fewer). */
  @Param("100")
  public int customers;

  @Setup
  public void setUp() throws SQLException {
    mapper = TableMapper.builder().backend(H2Backend.inMemory()).build();
    orders = mapper.repository(OrderRepository.class);
    OrderFixtures.load(mapper, customers, Benchmarks.ORDERS_PER_CUSTOMER);
    raw = new RawJdbcOrders();
    for (int customer = 0; customer < customers; customer++) {
      for (int order = 0; order < Benchmarks.ORDERS_PER_CUSTOMER; order++) {
        raw.insertWithCopies(Order.sample(OrderFixtures.REGION, customer, order));
      }
    }
  }

  @TearDown
  public void tearDown() {
    mapper.close();
    raw.close();
  }

  private int nextIndex() {
    next = (next + 7_919) % (customers * Benchmarks.ORDERS_PER_CUSTOMER);
    return next;
  }

  @Benchmark
  public Order pointRead_rawJdbc() throws SQLException {
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
  public List<Order> range100_rawJdbc() throws SQLException {
    int customer = nextIndex() % customers;
    return raw.range(OrderFixtures.REGION, customer, 0, Benchmarks.ORDERS_PER_CUSTOMER - 1);
  }

  @Benchmark
  public List<Order> range100_repository() {
    int customer = nextIndex() % customers;
    return orders.findByRegionAndCustomerIdAndOrderIdBetween(OrderFixtures.REGION, customer, 0,
        Benchmarks.ORDERS_PER_CUSTOMER - 1);
  }

  /** A fresh, empty database per iteration, so that inserts never collide. */
  @State(Scope.Thread)
  public static class Inserts {
    TableMapper mapper;
    OrderRepository orders;
    RawJdbcOrders raw;
    int next;

    @Setup(Level.Iteration)
    public void setUp() {
      mapper = TableMapper.builder().backend(H2Backend.inMemory()).build();
      orders = mapper.repository(OrderRepository.class);
      raw = new RawJdbcOrders();
      next = 0;
    }

    @TearDown(Level.Iteration)
    public void tearDown() {
      mapper.close();
      raw.close();
    }

    Order nextOrder() {
      next++;
      return Order.sample(OrderFixtures.REGION, next / 1_000, next % 1_000);
    }
  }

  @Benchmark
  public void insertWithTwoCopies_rawJdbc(Inserts state) throws SQLException {
    state.raw.insertWithCopies(state.nextOrder());
  }

  @Benchmark
  public Order insertWithTwoCopies_repository(Inserts state) {
    return state.orders.insert(state.nextOrder());
  }
}
