package io.tablemapper.benchmarks;

import io.tablemapper.annotations.Cached;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.Repository;
import io.tablemapper.annotations.RowKey;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableRepository;
import io.tablemapper.backend.h2.H2Backend;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The effect of {@link Cached} on reference data in H2: the same 50 currencies of one partition read as a point
 * read and as a whole partition, by a class that is not cached (the baseline) and by a {@code @Cached} twin.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CacheBenchmark {
  static final int CURRENCIES = 50;

  /** Reference data, not cached. */
  @Entity(table = "Reference", type = "Currency")
  @PartitionKey("{region}")
  @RowKey("cur_{code:04}")
  public record Currency(String region, int code, String name, int decimals) {}

  /** The same, cached. */
  @Entity(table = "CachedReference", type = "Currency")
  @PartitionKey("{region}")
  @RowKey("cur_{code:04}")
  @Cached(maximumSize = 1_000, expireAfterWriteSeconds = 3_600)
  public record CachedCurrency(String region, int code, String name, int decimals) {}

  /** Reads of {@link Currency}. */
  @Repository
  public interface Currencies extends TableRepository<Currency> {
    Optional<Currency> findByRegionAndCode(String region, int code);

    List<Currency> findByRegion(String region);
  }

  /** Reads of {@link CachedCurrency}. */
  @Repository
  public interface CachedCurrencies extends TableRepository<CachedCurrency> {
    Optional<CachedCurrency> findByRegionAndCode(String region, int code);

    List<CachedCurrency> findByRegion(String region);
  }

  private TableMapper mapper;
  private Currencies currencies;
  private CachedCurrencies cachedCurrencies;
  private int next;

  @Setup
  public void setUp() {
    mapper = TableMapper.builder().backend(H2Backend.inMemory()).build();
    currencies = mapper.repository(Currencies.class);
    cachedCurrencies = mapper.repository(CachedCurrencies.class);
    for (int code = 0; code < CURRENCIES; code++) {
      currencies.insert(new Currency("world", code, "currency " + code, 2));
      cachedCurrencies.insert(new CachedCurrency("world", code, "currency " + code, 2));
    }
  }

  @TearDown
  public void tearDown() {
    mapper.close();
  }

  private int nextCode() {
    next = (next + 7) % CURRENCIES;
    return next;
  }

  @Benchmark
  public Currency pointRead_uncached() {
    return currencies.findByRegionAndCode("world", nextCode()).orElseThrow();
  }

  @Benchmark
  public CachedCurrency pointRead_cached() {
    return cachedCurrencies.findByRegionAndCode("world", nextCode()).orElseThrow();
  }

  @Benchmark
  public List<Currency> partition50_uncached() {
    return currencies.findByRegion("world");
  }

  @Benchmark
  public List<CachedCurrency> partition50_cached() {
    return cachedCurrencies.findByRegion("world");
  }
}
