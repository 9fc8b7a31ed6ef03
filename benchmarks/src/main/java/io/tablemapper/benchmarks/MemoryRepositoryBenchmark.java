package io.tablemapper.benchmarks;

import io.micrometer.observation.ObservationRegistry;
import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.micrometer.TableMapperObservations;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentSkipListMap;
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
 * Repository operations on the in-memory backend against the raw sorted map of rows underneath (the baseline:
 * keys composed and rows mapped by hand, no ETags, no atomicity): a point read, a 100-entity RowKey range, and an
 * insert with its two index copies. 10,000 orders (30,000 rows) in one partition.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class MemoryRepositoryBenchmark {
  private TableMapper mapper;
  private OrderRepository orders;
  private ConcurrentSkipListMap<String, TableRow> raw;
  private int next;

  /** Customers of 100 orders each in the partition (the smoke test takes fewer). */
  @Param("100")
  public int customers;

  /** The same store through a mapper whose tracer's registry has no handler: what tracing costs when off. */
  private TableMapper untraced;
  private OrderRepository untracedOrders;
  /** The same store through a mapper whose registry has one handler that does nothing: the observations' cost. */
  private TableMapper traced;
  private OrderRepository tracedOrders;

  @Setup
  public void setUp() {
    InMemoryBackend store = InMemoryBackend.create();
    mapper = TableMapper.builder().backend(store).build();
    orders = mapper.repository(OrderRepository.class);
    OrderFixtures.load(mapper, customers, Benchmarks.ORDERS_PER_CUSTOMER);
    raw = OrderFixtures.rawPartition(customers, Benchmarks.ORDERS_PER_CUSTOMER);
    untraced = TableMapper.builder().backend(store)
        .operationTracer(new TableMapperObservations(ObservationRegistry.NOOP)).build();
    untracedOrders = untraced.repository(OrderRepository.class);
    ObservationRegistry observing = ObservationRegistry.create();
    observing.observationConfig().observationHandler(context -> true);
    traced = TableMapper.builder().backend(store).operationTracer(new TableMapperObservations(observing)).build();
    tracedOrders = traced.repository(OrderRepository.class);
  }

  @TearDown
  public void tearDown() {
    // the mappers share the store: the first to close closes it, the others' close finds it closed
    traced.close();
    untraced.close();
    mapper.close();
  }

  private int nextIndex() {
    next = (next + 7_919) % (customers * Benchmarks.ORDERS_PER_CUSTOMER);
    return next;
  }

  @Benchmark
  public Order pointRead_rawMap() {
    int i = nextIndex();
    TableRow row = raw.get(HandWrittenOrders.rowKey(i / Benchmarks.ORDERS_PER_CUSTOMER,
        i % Benchmarks.ORDERS_PER_CUSTOMER));
    return HandWrittenOrders.fromRow(row);
  }

  @Benchmark
  public Order pointRead_repository() {
    int i = nextIndex();
    return orders.findByRegionAndCustomerIdAndOrderId(OrderFixtures.REGION, i / Benchmarks.ORDERS_PER_CUSTOMER,
        i % Benchmarks.ORDERS_PER_CUSTOMER).orElseThrow();
  }

  /** {@link #pointRead_repository} with a tracer over {@code ObservationRegistry.NOOP}. */
  @Benchmark
  public Order pointRead_tracerOff() {
    int i = nextIndex();
    return untracedOrders.findByRegionAndCustomerIdAndOrderId(OrderFixtures.REGION,
        i / Benchmarks.ORDERS_PER_CUSTOMER, i % Benchmarks.ORDERS_PER_CUSTOMER).orElseThrow();
  }

  /** {@link #pointRead_repository} observed: an operation and its request, to a handler that does nothing. */
  @Benchmark
  public Order pointRead_traced() {
    int i = nextIndex();
    return tracedOrders.findByRegionAndCustomerIdAndOrderId(OrderFixtures.REGION,
        i / Benchmarks.ORDERS_PER_CUSTOMER, i % Benchmarks.ORDERS_PER_CUSTOMER).orElseThrow();
  }

  @Benchmark
  public List<Order> range100_rawMap() {
    int customer = nextIndex() % customers;
    List<Order> found = new ArrayList<>(Benchmarks.ORDERS_PER_CUSTOMER);
    for (TableRow row : raw.subMap(HandWrittenOrders.rowKey(customer, 0), true,
        HandWrittenOrders.rowKey(customer, Benchmarks.ORDERS_PER_CUSTOMER - 1), true).values()) {
      found.add(HandWrittenOrders.fromRow(row));
    }
    return found;
  }

  @Benchmark
  public List<Order> range100_repository() {
    int customer = nextIndex() % customers;
    return orders.findByRegionAndCustomerIdAndOrderIdBetween(OrderFixtures.REGION, customer, 0,
        Benchmarks.ORDERS_PER_CUSTOMER - 1);
  }

  /** A fresh, empty store per iteration, so that inserts never collide and the heap stays bounded. */
  @State(Scope.Thread)
  public static class Inserts {
    TableMapper mapper;
    OrderRepository orders;
    ConcurrentSkipListMap<String, TableRow> raw;
    int next;

    @Setup(Level.Iteration)
    public void setUp() {
      mapper = TableMapper.builder().backend(InMemoryBackend.create()).build();
      orders = mapper.repository(OrderRepository.class);
      raw = new ConcurrentSkipListMap<>();
      next = 0;
    }

    @TearDown(Level.Iteration)
    public void tearDown() {
      mapper.close();
    }

    Order nextOrder() {
      next++;
      return Order.sample(OrderFixtures.REGION, next / 1_000, next % 1_000);
    }
  }

  @Benchmark
  public Object insertWithTwoCopies_rawMap(Inserts state) {
    OrderFixtures.putWithCopies(state.raw, state.nextOrder());
    return state.raw;
  }

  @Benchmark
  public Order insertWithTwoCopies_repository(Inserts state) {
    return state.orders.insert(state.nextOrder());
  }
}
