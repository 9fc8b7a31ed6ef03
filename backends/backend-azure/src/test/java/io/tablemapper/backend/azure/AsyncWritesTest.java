package io.tablemapper.backend.azure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelineNextPolicy;
import com.azure.core.http.HttpPipelineNextSyncPolicy;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.HttpPipelinePolicy;
import com.azure.data.tables.TableServiceClientBuilder;
import io.tablemapper.api.BatchException;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import reactor.core.publisher.Mono;

/**
 * The async writes, batches and table calls of the Azure backend against Azurite: sent with the SDK's async client,
 * they need no thread of the executor handed in (which is busy throughout), hold none while under way, fail with the
 * contract's exceptions, and stop sending when their future is cancelled or times out. (Their answers under injected
 * faults: {@link AmbiguousWritesTest}; their agreement with the blocking path: the conformance kit's async cases.)
 */
@ExtendWith(Azurite.class)
class AsyncWritesTest {
  private AzureTablesBackend backend;
  private String table;
  private ExecutorService busy;
  private CountDownLatch release;

  @BeforeEach
  void createTable() throws InterruptedException {
    backend = AzureTablesBackend.fromConnectionString(Azurite.connectionString());
    table = "async" + UUID.randomUUID().toString().replace("-", "");
    backend.createTableIfNotExists(table);
    // an executor of one thread, kept busy by a task that waits for the end of the test
    busy = Executors.newSingleThreadExecutor();
    release = new CountDownLatch(1);
    CountDownLatch started = new CountDownLatch(1);
    busy.execute(() -> {
      started.countDown();
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    started.await();
  }

  @AfterEach
  void dropTable() {
    release.countDown();
    busy.shutdownNow();
    backend.deleteTableIfExists(table);
  }

  private static <T> T await(CompletableFuture<T> future) {
    return future.orTimeout(60, TimeUnit.SECONDS).join();
  }

  private static TableRow row(String partition, String rowKey, int n) {
    return TableRow.builder(partition, rowKey).putInt32("n", n).putString("s", "row " + rowKey + " " + n).build();
  }

  @Test
  void a_hundred_writes_and_batches_in_flight_at_once_complete_while_the_executor_is_busy_on_few_threads() {
    Set<Thread> completing = ConcurrentHashMap.newKeySet();
    List<CompletableFuture<?>> inFlight = new ArrayList<>();
    for (int i = 0; i < 80; i++) {
      inFlight.add(backend.writeAsync(table, WriteOperation.insert(row("w" + i, "a", i)), busy)
          .whenComplete((result, failure) -> completing.add(Thread.currentThread())));
    }
    for (int i = 0; i < 20; i++) {
      inFlight.add(backend.batchAsync(table, List.of(
              WriteOperation.insert(row("b" + i, "a", i)), WriteOperation.upsertMerge(row("b" + i, "b", i))), busy)
          .whenComplete((result, failure) -> completing.add(Thread.currentThread())));
    }

    CompletableFuture.allOf(inFlight.toArray(CompletableFuture[]::new)).orTimeout(60, TimeUnit.SECONDS).join();

    // Not a thread per request: the answers complete on the HTTP client's event loops or on Reactor's bounded
    // elastic pool, where the SDK decodes them (at most ten threads per core; how many it starts depends on the
    // machine's load, so the bound is the pools' sizes, not what a quiet run happens to use). The busy one-thread
    // executor above is what shows that no step waited for a thread of the caller's.
    int cores = Runtime.getRuntime().availableProcessors();
    assertThat(completing).as("threads that completed 100 requests under way at once")
        .hasSizeLessThanOrEqualTo(10 * cores + 2 * Math.max(4, cores))
        .hasSizeLessThan(100);
    for (int i = 0; i < 80; i++) {
      assertThat(backend.get(table, "w" + i, "a")).isPresent();
    }
    for (int i = 0; i < 20; i++) {
      assertThat(backend.get(table, "b" + i, "b")).isPresent();
    }
  }

  @Test
  void merges_conditional_writes_and_batches_with_merges_keep_the_blocking_rules_without_a_thread() {
    WriteResult inserted = await(backend.writeAsync(table, WriteOperation.insert(row("p", "a", 1)), busy));
    WriteResult merged = await(backend.writeAsync(table,
        WriteOperation.merge(TableRow.builder("p", "a").putString("m", "merged").build(), "*"), busy));
    await(backend.writeAsync(table, WriteOperation.upsertMerge(TableRow.builder("p", "b").putInt32("n", 2).build()),
        busy));
    List<WriteResult> batch = await(backend.batchAsync(table, List.of(
        WriteOperation.merge(TableRow.builder("p", "a").putInt32("k", 3).build(), merged.etag()),
        WriteOperation.upsertMerge(TableRow.builder("p", "c").putInt32("n", 4).build())), busy));

    TableRow a = backend.get(table, "p", "a").orElseThrow();
    assertThat(a.properties()).containsEntry("n", 1).containsEntry("m", "merged").containsEntry("k", 3);
    assertThat(a.etag()).isEqualTo(batch.get(0).etag()).isNotEqualTo(inserted.etag());
    assertThat(backend.get(table, "p", "c").orElseThrow().etag()).isEqualTo(batch.get(1).etag());

    assertCause(backend.writeAsync(table, WriteOperation.replace(row("p", "a", 5), inserted.etag()), busy),
        ConcurrencyConflictException.class);
    assertCause(backend.writeAsync(table, WriteOperation.merge(row("p", "zz", 5), "*"), busy),
        EntityNotFoundException.class);
    assertCause(backend.writeAsync(table, WriteOperation.delete("p", "zz", "*"), busy),
        EntityNotFoundException.class);
    assertCause(backend.writeAsync(table, WriteOperation.insert(row("p", "b", 6)), busy),
        EntityExistsException.class);
    CompletableFuture<?> rejected = backend.batchAsync(table, List.of(
        WriteOperation.upsertMerge(row("p", "d", 7)), WriteOperation.merge(row("p", "zz", 7), "*")), busy);
    assertCause(rejected, BatchException.class);
    assertThat(((BatchException) cause(rejected)).failedIndex()).isEqualTo(1);
    assertThat(backend.get(table, "p", "d")).as("nothing of a rejected batch").isEmpty();
  }

  @Test
  void a_merge_that_would_break_the_limits_is_refused_before_it_is_sent() {
    // ten properties of 60,000 bytes each: 600 KB stored, and as much again merged, past the 1 MiB of an entity
    TableRow.Builder stored = TableRow.builder("p", "a");
    TableRow.Builder more = TableRow.builder("p", "a");
    for (int i = 0; i < 10; i++) {
      stored.putString("s" + i, "x".repeat(30_000));
      more.putString("t" + i, "y".repeat(30_000));
    }
    await(backend.writeAsync(table, WriteOperation.insert(stored.build()), busy));

    assertCause(backend.writeAsync(table, WriteOperation.merge(more.build(), "*"), busy),
        InvalidEntityException.class);
    assertThat(backend.get(table, "p", "a").orElseThrow().properties()).doesNotContainKey("t0");
  }

  @Test
  void a_write_to_a_missing_table_fails_with_table_not_found_as_the_cause() {
    String missing = "missing" + UUID.randomUUID().toString().replace("-", "");

    assertCause(backend.writeAsync(missing, WriteOperation.insert(row("p", "a", 1)), busy),
        TableNotFoundException.class);
    assertCause(backend.batchAsync(missing, List.of(WriteOperation.insert(row("p", "a", 1)),
        WriteOperation.delete("p", "b", "*")), busy), TableNotFoundException.class);
    // refused by the batch rules, then the table's absence checked (with the async client) as the blocking batch does
    assertCause(backend.batchAsync(missing, List.of(WriteOperation.insert(row("p", "a", 1)),
        WriteOperation.insert(row("q", "a", 1))), busy), TableNotFoundException.class);
    assertCause(backend.writeAsync(missing, WriteOperation.insert(row("p", "x".repeat(2000), 1)), busy),
        TableNotFoundException.class);
  }

  @Test
  void a_bad_argument_fails_the_future_and_is_not_thrown() {
    CompletableFuture<WriteResult> nullOperation = backend.writeAsync(table, null, busy);
    CompletableFuture<List<WriteResult>> empty = backend.batchAsync(table, List.of(), busy);
    CompletableFuture<WriteResult> badTable = backend.writeAsync("no such name!", WriteOperation.insert(row("p", "a",
        1)), busy);

    assertThatThrownBy(nullOperation::join).isInstanceOf(CompletionException.class)
        .hasCauseInstanceOf(NullPointerException.class);
    assertThatThrownBy(empty::join).isInstanceOf(CompletionException.class);
    assertThatThrownBy(badTable::join).isInstanceOf(CompletionException.class);
  }

  /** Holds every write request for a while before it is sent; reads pass at once. */
  private static final class SlowWrites implements HttpPipelinePolicy {
    final AtomicInteger sent = new AtomicInteger();

    @Override
    public Mono<HttpResponse> process(HttpPipelineCallContext context, HttpPipelineNextPolicy next) {
      if (context.getHttpRequest().getHttpMethod() == HttpMethod.GET) {
        return next.process();
      }
      return Mono.delay(Duration.ofSeconds(2)).then(Mono.defer(() -> {
        sent.incrementAndGet();
        return next.process();
      }));
    }

    @Override
    public HttpResponse processSync(HttpPipelineCallContext context, HttpPipelineNextSyncPolicy next) {
      throw new UnsupportedOperationException("async only");
    }
  }

  private AzureTablesBackend slow(SlowWrites policy) {
    TableServiceClientBuilder builder = AzureTablesBackend.clientBuilder(Azurite.connectionString()).addPolicy(policy);
    return new AzureTablesBackend(builder.buildClient(), builder.buildAsyncClient());
  }

  @Test
  void a_write_that_times_out_or_is_cancelled_before_it_is_sent_is_never_sent() throws InterruptedException {
    SlowWrites policy = new SlowWrites();
    AzureTablesBackend slow = slow(policy);

    CompletableFuture<WriteResult> timedOut =
        slow.writeAsync(table, WriteOperation.insert(row("p", "a", 1)), busy).orTimeout(200, TimeUnit.MILLISECONDS);
    CompletableFuture<List<WriteResult>> cancelled = slow.batchAsync(table, List.of(
        WriteOperation.insert(row("p", "b", 1)), WriteOperation.insert(row("p", "c", 1))), busy);
    cancelled.cancel(true);

    assertThatThrownBy(timedOut::join).isInstanceOf(CompletionException.class)
        .hasCauseInstanceOf(TimeoutException.class);
    assertThatThrownBy(cancelled::join).isInstanceOf(CancellationException.class);
    Thread.sleep(3_000); // past the policy's delay: a request still under way would have been sent by now
    assertThat(policy.sent).hasValue(0);
    assertThat(backend.get(table, "p", "a")).isEmpty();
    assertThat(backend.get(table, "p", "b")).isEmpty();
  }

  @Test
  void a_merge_cancelled_before_its_write_is_sent_sends_none() throws InterruptedException {
    backend.write(table, WriteOperation.insert(row("p", "a", 1)));
    SlowWrites policy = new SlowWrites();
    AzureTablesBackend slow = slow(policy);

    CompletableFuture<WriteResult> merge = slow.writeAsync(table,
        WriteOperation.merge(TableRow.builder("p", "a").putInt32("m", 2).build(), "*"), busy);
    merge.cancel(true);
    Thread.sleep(3_000);

    assertThat(policy.sent).hasValue(0);
    assertThat(backend.get(table, "p", "a").orElseThrow().properties()).doesNotContainKey("m");
  }

  @Test
  void twenty_tables_created_and_checked_at_once_need_no_thread_of_the_busy_executor() {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      names.add("created" + i + UUID.randomUUID().toString().replace("-", "").substring(0, 12));
    }
    try {
      List<CompletableFuture<Boolean>> creations = new ArrayList<>();
      for (String name : names) {
        creations.add(backend.createTableIfNotExistsAsync(name, busy));
      }
      assertThat(creations).extracting(AsyncWritesTest::await).containsOnly(true);

      List<CompletableFuture<Boolean>> checks = new ArrayList<>();
      for (String name : names) {
        checks.add(backend.tableExistsAsync(name, busy));
        checks.add(backend.tableExistsAsync("missing" + name, busy));
      }
      assertThat(checks).extracting(AsyncWritesTest::await).containsExactlyElementsOf(
          names.stream().flatMap(name -> Stream.of(true, false)).toList());
      assertThat(await(backend.createTableIfNotExistsAsync(names.get(0), busy))).isFalse();
    } finally {
      names.forEach(backend::deleteTableIfExists);
    }
  }

  @Test
  void a_table_creation_cancelled_before_it_is_sent_is_never_sent() throws InterruptedException {
    SlowWrites policy = new SlowWrites();
    AzureTablesBackend slow = slow(policy);
    String name = "cancelled" + UUID.randomUUID().toString().replace("-", "");

    CompletableFuture<Boolean> creation = slow.createTableIfNotExistsAsync(name, busy);
    creation.cancel(true);
    Thread.sleep(3_000); // past the policy's delay: a request still under way would have been sent by now

    assertThatThrownBy(creation::join).isInstanceOf(CancellationException.class);
    assertThat(policy.sent).hasValue(0);
    assertThat(backend.tableExists(name)).isFalse();
  }

  private static Throwable cause(CompletableFuture<?> future) {
    try {
      future.orTimeout(60, TimeUnit.SECONDS).join();
    } catch (CompletionException e) {
      return e.getCause();
    }
    throw new AssertionError("the future completed normally");
  }

  private static void assertCause(CompletableFuture<?> future, Class<? extends Throwable> type) {
    assertThat(cause(future)).isInstanceOf(type);
  }
}
