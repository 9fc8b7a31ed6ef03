package io.tablemapper.benchmarks;

import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.memory.InMemoryBackend;
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
 */
@BenchmarkMode(Mode.SingleShotTime)
@Fork(5)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class StartupBenchmark {

  @Benchmark
  public Optional<Order> firstRepositoryCall_tablemapper() {
    try (TableMapper mapper = TableMapper.builder().backend(InMemoryBackend.create()).build()) {
      return mapper.repository(OrderRepository.class).findByRegionAndCustomerIdAndOrderId("emea", 1, 1);
    }
  }

  @Benchmark
  public Map<String, AttributeValue> firstItemToMap_dynamoFromBean() {
    return TableSchema.fromBean(DynamoOrder.class).itemToMap(DynamoOrder.of(Order.sample("emea", 1, 1)), true);
  }
}
