package io.tablemapper.benchmarks;

import com.azure.data.tables.TableServiceClientBuilder;
import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
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
 * Async against sync writes of the Azure backend on Azurite, over HTTP on this machine: one operation is an upsert
 * into each of {@value #PARTITIONS} partitions, sent by the blocking {@code write} one after another (the baseline,
 * {@code sync}), by {@code writeAsync} with every write under way at once through the SDK's async client ({@code
 * async}), and by {@code writeAsync} of a backend without an async client, whose default runs the blocking write on
 * an executor of {@value #THREADS} threads ({@code executor}). The benchmark starts Azurite itself, as {@link
 * AsyncFanOutBenchmark} does.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 4, time = 2)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class AsyncWritesBenchmark {
  static final int PARTITIONS = 20;
  static final int THREADS = 4;
  private static final String TABLE = "AsyncWrites";

  private AzureTablesBackend backend;
  private AzureTablesBackend blockingOnly;
  private ExecutorService executor;
  private int round;

  @Setup
  public void setUp() {
    String connectionString = AsyncFanOutBenchmark.azurite();
    backend = AzureTablesBackend.fromConnectionString(connectionString);
    backend.deleteTableIfExists(TABLE);
    backend.createTableIfNotExists(TABLE);
    blockingOnly = new AzureTablesBackend(new TableServiceClientBuilder().connectionString(connectionString)
        .addPolicy(AzureTablesBackend.batchPolicy()).addPolicy(AzureTablesBackend.attemptsPolicy()).buildClient());
    executor = Executors.newFixedThreadPool(THREADS);
    // Azurite (Node.js) and both clients warmed before the first benchmark, which JMH runs while they are cold
    for (int i = 0; i < 10; i++) {
      upserts20_sync();
      upserts20_async();
      upserts20_executor();
    }
  }

  @TearDown
  public void tearDown() {
    executor.shutdownNow();
    backend.close();
    blockingOnly.close();
  }

  private List<WriteOperation> upserts() {
    round++;
    List<WriteOperation> upserts = new ArrayList<>(PARTITIONS);
    for (int p = 0; p < PARTITIONS; p++) {
      upserts.add(WriteOperation.upsertReplace(TableRow.builder(String.format("p%02d", p), "row")
          .putInt32("round", round).putString("name", "item " + p).build()));
    }
    return upserts;
  }

  /** Twenty upserts, one partition each, one after another. */
  @Benchmark
  public int upserts20_sync() {
    int written = 0;
    for (WriteOperation upsert : upserts()) {
      written += backend.write(TABLE, upsert).etag() != null ? 1 : 0;
    }
    return written;
  }

  /** Twenty async upserts through the SDK's async client, all under way at once. */
  @Benchmark
  public int upserts20_async() {
    return awaitAll(backend);
  }

  /** Twenty async upserts of a backend without an async client: blocking writes on the executor's threads. */
  @Benchmark
  public int upserts20_executor() {
    return awaitAll(blockingOnly);
  }

  private int awaitAll(AzureTablesBackend on) {
    List<CompletableFuture<WriteResult>> writes = new ArrayList<>(PARTITIONS);
    for (WriteOperation upsert : upserts()) {
      writes.add(on.writeAsync(TABLE, upsert, executor));
    }
    int written = 0;
    for (CompletableFuture<WriteResult> write : writes) {
      written += write.join().etag() != null ? 1 : 0;
    }
    return written;
  }
}
