package io.tablemapper.benchmarks;

import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.memory.InMemoryBackend;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Cold start, once per fresh JVM: from {@code TableMapper.builder()} to the first repository call's result,
 * against the DynamoDB enhanced client's {@code TableSchema.fromBean} and its first {@code itemToMap} (the
 * baseline: the peer's start-up). Class loading is part of what is measured.
 *
 * <p>The classes each side loads, in a fresh JVM of its own: {@code java -cp benchmarks/target/benchmarks.jar
 * io.tablemapper.benchmarks.StartupBenchmark tablemapper} (or {@code dynamo}) prints how many classes the call loaded
 * (the JVM's count before and after it; the counting itself is set up before) and how long it took.
 */
@BenchmarkMode(Mode.SingleShotTime)
@Fork(25)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class StartupBenchmark {

  /** Runs one side once in this JVM, which must be fresh, and prints the classes it loaded and its time. */
  public static void main(String[] args) {
    boolean tablemapper = args.length == 1 && args[0].equals("tablemapper");
    if (!tablemapper && !(args.length == 1 && args[0].equals("dynamo"))) {
      System.err.println("usage: StartupBenchmark tablemapper|dynamo");
      System.exit(2);
    }
    ClassLoadingMXBean classes = ManagementFactory.getClassLoadingMXBean();
    long loadedBefore = classes.getTotalLoadedClassCount();
    long start = System.nanoTime();
    Object result = tablemapper ? new StartupBenchmark().startup_tablemapper()
        : new StartupBenchmark().startup_dynamoFromBean();
    long nanos = System.nanoTime() - start;
    long loaded = classes.getTotalLoadedClassCount() - loadedBefore;
    System.out.println(args[0] + ": " + loaded + " classes loaded, " + nanos / 1_000 + " us"
        + (result == null ? " (no result)" : ""));
  }

  @Benchmark
  public Optional<Order> startup_tablemapper() {
    try (TableMapper mapper = TableMapper.builder().backend(InMemoryBackend.create()).build()) {
      return mapper.repository(OrderRepository.class).findByRegionAndCustomerIdAndOrderId("emea", 1, 1);
    }
  }

  @Benchmark
  public Map<String, AttributeValue> startup_dynamoFromBean() {
    return TableSchema.fromBean(DynamoOrder.class).itemToMap(DynamoOrder.of(Order.sample("emea", 1, 1)), true);
  }
}
