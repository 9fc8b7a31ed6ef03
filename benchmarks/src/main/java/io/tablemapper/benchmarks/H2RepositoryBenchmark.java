package io.tablemapper.benchmarks;

import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.spi.Filter;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
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
 * with a column per property): a point read, a 100-entity range, an insert with two index copies; and the range
 * read from the backend alone ({@link #range100_backend}), which splits the repository's time between the store and
 * the mapper.
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

  private H2Backend backend;

  @Setup
  public void setUp() throws SQLException {
    backend = H2Backend.inMemory();
    mapper = TableMapper.builder().backend(backend).build();
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

  /**
   * The same range read from the backend alone, without the mapper: the rows as the backend returns them, no entity
   * built. Where the repository's time goes (the store's query, or the mapping of its rows), not a target.
   */
  @Benchmark
  public List<TableRow> range100_backend() {
    int customer = nextIndex() % customers;
    TableQuery range = TableQuery.builder("Orders")
        .partitionKey(HandWrittenOrders.partitionKey(OrderFixtures.REGION))
        .rowFrom(KeyBound.inclusive(HandWrittenOrders.rowKey(customer, 0)))
        .rowTo(KeyBound.inclusive(HandWrittenOrders.rowKey(customer, Benchmarks.ORDERS_PER_CUSTOMER - 1)))
        .filter(Filter.eq("EntityType", "Order")) // as the repository's query has
        .build();
    return backend.query(range).rows();
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
