package io.tablemapper.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Composing {@link Order}'s RowKey {@code cust_{customerId:010}_order_{orderId:08}}: the generated metamodel
 * (range-checked, padded, length-checked) against hand-written concatenation (the baseline) and
 * {@code String.format}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class KeyBenchmark {
  private long customerId = 4_711;
  private int orderId = 42;

  @Benchmark
  public String rowKey_handWritten() {
    return HandWrittenOrders.rowKey(customerId, orderId);
  }

  @Benchmark
  public String rowKey_generated() {
    return Order_.rowKey(customerId, orderId);
  }

  @Benchmark
  public String rowKey_stringFormat() {
    return String.format("cust_%010d_order_%08d", customerId, orderId);
  }
}
