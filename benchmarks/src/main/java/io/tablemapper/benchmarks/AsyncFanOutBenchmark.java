package io.tablemapper.benchmarks;

import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.Repository;
import io.tablemapper.annotations.RowKey;
import io.tablemapper.api.AsyncTableRepository;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableRepository;
import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.backend.azure.Azurite;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
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
 * Async against sync reads on Azure Table Storage as Azurite serves it, over HTTP on this machine: one operation is
 * a fan-out over {@value #PARTITIONS} partitions, read by the blocking repository one read after another (the
 * baseline, {@code sync}) or by the async repository with all reads under way at once through the SDK's async client
 * ({@code async}); the same for twenty point reads and for an {@code In} over the twenty PartitionKeys (five rows
 * each), the latter also by the blocking {@code In} on the mapper's read pool ({@code readPool}). The benchmark
 * starts Azurite itself (backend-azure's test helper: installed once into the build's {@code target/azurite}, a
 * process of this JVM, stopped when it exits).
 *
 * <p>{@link #roundTripMillis} 0 talks to Azurite directly: every request then costs only CPU, the client's and the
 * one Node.js thread of Azurite's, on the same two cores, and the fan-out can only overlap what the two cores run
 * at once. Above 0, the requests go through a {@link LatencyProxy} that gives each a fixed round trip, as the
 * network to the real service does: the fan-out then overlaps the waits, which is what it is for.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 4, time = 2)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class AsyncFanOutBenchmark {
  static final int PARTITIONS = 20;
  static final int ROWS_PER_PARTITION = 5;

  /** The simulated network round trip of every request, in milliseconds; 0: straight to Azurite. */
  @Param({"0", "5"})
  public int roundTripMillis;

  /** A row of stock in one region's partition. */
  @Entity(table = "FanOut")
  @PartitionKey("{region}")
  @RowKey("s_{id:04}")
  public record Stock(String region, int id, String name, int quantity) {}

  /** The blocking reads. */
  @Repository
  public interface Stocks extends TableRepository<Stock> {
    Optional<Stock> findByRegionAndId(String region, int id);

    List<Stock> findByRegion(String region);

    List<Stock> findByRegionIn(Collection<String> regions);
  }

  /** The same reads, async. */
  @Repository
  public interface AsyncStocks extends AsyncTableRepository<Stock> {
    CompletableFuture<Optional<Stock>> findByRegionAndId(String region, int id);

    CompletableFuture<List<Stock>> findByRegionIn(Collection<String> regions);
  }

  private LatencyProxy proxy;
  private TableMapper mapper;
  private Stocks stocks;
  private AsyncStocks asyncStocks;
  private final List<String> regions = new ArrayList<>();
  private int next;

  @Setup
  public void setUp() {
    String connection = azurite();
    if (roundTripMillis > 0) {
      proxy = LatencyProxy.start(tablePort(connection), Duration.ofMillis(roundTripMillis));
      connection = connection.replace(":" + tablePort(connection) + "/", ":" + proxy.port() + "/");
    }
    AzureTablesBackend backend = AzureTablesBackend.fromConnectionString(connection);
    backend.deleteTableIfExists("FanOut");
    mapper = TableMapper.builder().backend(backend).readParallelism(PARTITIONS).build();
    stocks = mapper.repository(Stocks.class);
    asyncStocks = mapper.repository(AsyncStocks.class);
    for (int r = 0; r < PARTITIONS; r++) {
      String region = String.format("region%02d", r);
      regions.add(region);
      for (int id = 0; id < ROWS_PER_PARTITION; id++) {
        stocks.insert(new Stock(region, id, "item " + id, 10 * id));
      }
    }
  }

  /**
   * The connection string of this JVM's Azurite, started first: under Maven the build sets the helper's system
   * properties; from the jar they come from {@code azurite.properties}, filtered by the build.
   */
  static String azurite() {
    if (System.getProperty("azurite.version") == null) {
      Properties build = new Properties();
      try (InputStream in = AsyncFanOutBenchmark.class.getResourceAsStream("/azurite.properties")) {
        build.load(in);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      System.setProperty("azurite.version", build.getProperty("azurite.version"));
      System.setProperty("azurite.directory", build.getProperty("azurite.directory"));
      System.setProperty("azurite.workspace", Path.of("target", "azurite-benchmarks").toAbsolutePath().toString());
    }
    return Azurite.connectionString();
  }

  /** The port of the {@code TableEndpoint} of a connection string to 127.0.0.1. */
  static int tablePort(String connectionString) {
    String endpoint = connectionString.replaceAll("(?s).*TableEndpoint=http://127\\.0\\.0\\.1:([0-9]+)/.*", "$1");
    return Integer.parseInt(endpoint);
  }

  @TearDown
  public void tearDown() {
    mapper.close();
    if (proxy != null) {
      proxy.close();
    }
  }

  private int nextId() {
    next = (next + 1) % ROWS_PER_PARTITION;
    return next;
  }

  /** Twenty point reads, one partition each, one after another. */
  @Benchmark
  public int pointReads20_sync() {
    int id = nextId();
    int found = 0;
    for (String region : regions) {
      found += stocks.findByRegionAndId(region, id).isPresent() ? 1 : 0;
    }
    return found;
  }

  /** Twenty async point reads, all under way at once. */
  @Benchmark
  public int pointReads20_async() {
    int id = nextId();
    List<CompletableFuture<Optional<Stock>>> reads = new ArrayList<>(PARTITIONS);
    for (String region : regions) {
      reads.add(asyncStocks.findByRegionAndId(region, id));
    }
    int found = 0;
    for (CompletableFuture<Optional<Stock>> read : reads) {
      found += read.join().isPresent() ? 1 : 0;
    }
    return found;
  }

  /** The twenty partitions read whole, one after another. */
  @Benchmark
  public int partitions20_sync() {
    int rows = 0;
    for (String region : regions) {
      rows += stocks.findByRegion(region).size();
    }
    return rows;
  }

  /** The blocking {@code In} over the twenty partitions: its reads on the mapper's read pool of twenty threads. */
  @Benchmark
  public int partitions20_readPool() {
    return stocks.findByRegionIn(regions).size();
  }

  /** The async {@code In} over the twenty partitions: every read under way at once, no thread held by any. */
  @Benchmark
  public int partitions20_async() {
    return asyncStocks.findByRegionIn(regions).join().size();
  }
}
