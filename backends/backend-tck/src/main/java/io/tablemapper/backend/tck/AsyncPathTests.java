package io.tablemapper.backend.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.spi.Filter;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The async path of the SPI ({@code getAsync}, {@code queryAsync}, {@code writeAsync}, {@code batchAsync},
 * {@code createTableIfNotExistsAsync}, {@code tableExistsAsync}): the same answers as the blocking calls, and the
 * same exceptions, as the cause of the {@code CompletionException}, never thrown from the call itself.
 */
abstract class AsyncPathTests extends ConformanceGroup {
  private final ExecutorService executor = Executors.newFixedThreadPool(2);

  @AfterEach
  void stopExecutor() {
    executor.shutdownNow();
  }

  private <R> R await(CompletableFuture<R> future) {
    return future.orTimeout(30, TimeUnit.SECONDS).join();
  }

  @Test
  void an_async_point_read_returns_what_the_blocking_one_returns() {
    store().insert(TckStore.row("p", "a").putString("name", "Ann").build());

    assertThat(await(backend().getAsync(table(), "p", "a", executor))).isEqualTo(store().find("p", "a"));
    assertThat(await(backend().getAsync(table(), "p", "b", executor))).isEmpty();
    assertThat(await(backend().getAsync(table(), "p", "x".repeat(2000), executor))).isEmpty();
  }

  @Test
  void async_pages_followed_by_their_tokens_return_what_blocking_pages_return() {
    List<TableRow> rows = new ArrayList<>();
    for (String partition : List.of("a", "b", "c")) {
      for (int i = 0; i < 7; i++) {
        rows.add(TckStore.row(partition, "r" + i).putInt32("n", i).putString("other", "x" + i).build());
      }
    }
    store().insertAll(rows);
    TableQuery query = store().query().filter(Filter.ge("n", 2)).select(List.of("n")).limit(4).build();

    List<TableRow> read = new ArrayList<>();
    String token = null;
    do {
      QueryResult page = await(backend().queryAsync(query.toBuilder().continuation(token).build(), executor));
      assertThat(page.rows().size()).isLessThanOrEqualTo(4);
      read.addAll(page.rows());
      token = page.continuation();
    } while (token != null);

    assertThat(store().inKeyOrder(read)).isEqualTo(store().queryAll(query));
    assertThat(TckStore.keys(read)).hasSize(15);
  }

  @Test
  void async_writes_and_batches_apply_as_the_blocking_ones_and_report_their_etags() {
    WriteResult written = await(backend().writeAsync(table(), WriteOperation.insert(
        TckStore.row("p", "a").putInt32("n", 1).build()), executor));
    List<WriteResult> batch = await(backend().batchAsync(table(), List.of(
        WriteOperation.insert(TckStore.row("p", "b").putInt32("n", 2).build()),
        WriteOperation.upsertReplace(TckStore.row("p", "c").putInt32("n", 3).build())), executor));

    assertThat(store().get("p", "a").etag()).isEqualTo(written.etag());
    assertThat(store().get("p", "b").etag()).isEqualTo(batch.get(0).etag());
    assertThat(store().get("p", "c").etag()).isEqualTo(batch.get(1).etag());
  }

  @Test
  void async_failures_are_the_blocking_calls_exceptions_as_the_cause_of_the_completion_exception() {
    store().insert("p", "a");
    String missing = TckStore.uniqueTableName();

    CompletableFuture<?> read = backend().getAsync(missing, "p", "a", executor);
    assertThatThrownBy(() -> await(read)).isInstanceOf(CompletionException.class)
        .hasCauseInstanceOf(TableNotFoundException.class);
    CompletableFuture<?> query = backend().queryAsync(TableQuery.builder(missing).build(), executor);
    assertThatThrownBy(() -> await(query)).hasCauseInstanceOf(TableNotFoundException.class);
    CompletableFuture<?> token =
        backend().queryAsync(store().query().continuation("not a token of this query").build(), executor);
    assertThatThrownBy(() -> await(token)).hasCauseInstanceOf(IllegalArgumentException.class);
    CompletableFuture<?> insert = backend().writeAsync(table(), WriteOperation.insert(
        TckStore.row("p", "a").build()), executor);
    assertThatThrownBy(() -> await(insert)).hasCauseInstanceOf(EntityExistsException.class);
    CompletableFuture<?> batch = backend().batchAsync(table(), List.of(
        WriteOperation.insert(TckStore.row("p", "b").build()), WriteOperation.insert(TckStore.row("p", "a").build())),
        executor);
    assertThatThrownBy(() -> await(batch)).hasCauseInstanceOf(BatchException.class);
    assertThat(store().find("p", "b")).as("nothing of a rejected batch").isEmpty();
  }

  @Test
  void async_merges_conditional_writes_and_batches_keep_the_blocking_rules() {
    WriteResult inserted = await(backend().writeAsync(table(), WriteOperation.insert(
        TckStore.row("p", "a").putInt32("n", 1).build()), executor));
    WriteResult merged = await(backend().writeAsync(table(), WriteOperation.merge(
        TckStore.row("p", "a").putString("m", "merged").build(), "*"), executor));
    await(backend().writeAsync(table(), WriteOperation.upsertMerge(TckStore.row("p", "b").putInt32("n", 2).build()),
        executor));
    List<WriteResult> batch = await(backend().batchAsync(table(), List.of(
        WriteOperation.merge(TckStore.row("p", "a").putInt32("k", 3).build(), merged.etag()),
        WriteOperation.upsertMerge(TckStore.row("p", "c").putInt32("n", 4).build()),
        WriteOperation.delete("p", "b", "*")), executor));

    TableRow a = store().get("p", "a");
    assertThat(a.properties()).containsEntry("n", 1).containsEntry("m", "merged").containsEntry("k", 3);
    assertThat(a.etag()).isEqualTo(batch.get(0).etag()).isNotEqualTo(inserted.etag());
    assertThat(store().get("p", "c").etag()).isEqualTo(batch.get(1).etag());
    assertThat(store().find("p", "b")).isEmpty();

    CompletableFuture<?> stale = backend().writeAsync(table(), WriteOperation.replace(
        TckStore.row("p", "a").build(), inserted.etag()), executor);
    assertThatThrownBy(() -> await(stale)).hasCauseInstanceOf(ConcurrencyConflictException.class);
    CompletableFuture<?> mergeOfMissing = backend().writeAsync(table(), WriteOperation.merge(
        TckStore.row("p", "zz").putInt32("n", 5).build(), "*"), executor);
    assertThatThrownBy(() -> await(mergeOfMissing)).hasCauseInstanceOf(EntityNotFoundException.class);
    CompletableFuture<?> deleteOfMissing = backend().writeAsync(table(), WriteOperation.delete("p", "zz", "*"),
        executor);
    assertThatThrownBy(() -> await(deleteOfMissing)).hasCauseInstanceOf(EntityNotFoundException.class);
    CompletableFuture<List<WriteResult>> rejected = backend().batchAsync(table(), List.of(
        WriteOperation.upsertMerge(TckStore.row("p", "d").putInt32("n", 6).build()),
        WriteOperation.merge(TckStore.row("p", "zz").putInt32("n", 6).build(), "*")), executor);
    assertThatThrownBy(() -> await(rejected)).hasCauseInstanceOf(BatchException.class)
        .satisfies(e -> assertThat(((BatchException) e.getCause()).failedIndex()).isEqualTo(1));
    assertThat(store().find("p", "d")).as("nothing of a rejected batch").isEmpty();
    assertThat(store().get("p", "a").etag()).as("the row a failed write addressed").isEqualTo(a.etag());
  }

  @Test
  void async_writes_of_many_partitions_under_way_at_once_all_apply_with_their_etags() {
    List<CompletableFuture<WriteResult>> writes = new ArrayList<>();
    List<CompletableFuture<List<WriteResult>>> batches = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      writes.add(backend().writeAsync(table(), WriteOperation.upsertReplace(
          TckStore.row("w" + i, "a").putInt32("n", i).build()), executor));
      batches.add(backend().batchAsync(table(), List.of(
          WriteOperation.insert(TckStore.row("b" + i, "a").putInt32("n", i).build()),
          WriteOperation.upsertMerge(TckStore.row("b" + i, "b").putInt32("n", i).build())), executor));
    }

    await(CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)));
    await(CompletableFuture.allOf(batches.toArray(CompletableFuture[]::new)));
    for (int i = 0; i < 30; i++) {
      assertThat(store().get("w" + i, "a").etag()).isEqualTo(writes.get(i).join().etag());
      List<WriteResult> batch = batches.get(i).join();
      assertThat(store().get("b" + i, "a").etag()).isEqualTo(batch.get(0).etag());
      assertThat(store().get("b" + i, "b").etag()).isEqualTo(batch.get(1).etag());
    }
    assertThat(store().all()).hasSize(90);
  }

  @Test
  void an_async_table_creation_and_existence_check_answer_as_the_blocking_calls() {
    String name = TckStore.uniqueTableName();
    try {
      assertThat(await(backend().tableExistsAsync(name, executor))).isFalse();
      assertThat(await(backend().createTableIfNotExistsAsync(name, executor))).as("created").isTrue();
      assertThat(await(backend().createTableIfNotExistsAsync(name, executor))).as("existed").isFalse();
      boolean caseSensitive = backend().profile().caseSensitiveTableNames();
      // another spelling: the same table, or (Cosmos DB) another that does not exist yet
      assertThat(await(backend().tableExistsAsync(name.toUpperCase(Locale.ROOT), executor)))
          .as("another spelling exists").isEqualTo(!caseSensitive);
      if (!caseSensitive) {
        assertThat(await(backend().createTableIfNotExistsAsync(name.toUpperCase(Locale.ROOT), executor)))
            .as("another spelling").isFalse();
      }
      assertThat(backend().tableExists(name)).isTrue();
      backend().write(name, WriteOperation.insert(TckStore.row("p", "a").build()));
      assertThat(backend().get(name, "p", "a")).isPresent();
      assertThat(await(backend().createTableIfNotExistsAsync(name, executor))).isFalse();
      assertThat(backend().get(name, "p", "a")).as("a creation of an existing table keeps its rows").isPresent();
    } finally {
      backend().deleteTableIfExists(name);
    }
    assertThat(await(backend().tableExistsAsync(name, executor))).as("dropped").isFalse();
    assertThat(await(backend().tableExistsAsync(table(), executor))).isTrue();
  }

  @Test
  void async_creations_of_one_table_racing_each_other_all_succeed_and_exactly_one_created_it() {
    String name = TckStore.uniqueTableName();
    try {
      List<CompletableFuture<Boolean>> racing = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        boolean oneTable = !backend().profile().caseSensitiveTableNames();
        String spelling = i % 2 == 0 || !oneTable ? name : name.toUpperCase(Locale.ROOT);
        racing.add(backend().createTableIfNotExistsAsync(spelling, executor));
      }

      List<Boolean> created = racing.stream().map(this::await).toList();
      assertThat(created).as("whether each call created the table").containsOnlyOnce(true).hasSize(8);
      assertThat(backend().tableExists(name)).isTrue();
    } finally {
      backend().deleteTableIfExists(name);
    }
  }

  @Test
  void async_table_calls_fail_their_future_with_the_blocking_calls_exceptions_and_never_throw() {
    for (String invalid : List.of("", "ab", "1abc", "a_bc", "tables", "t".repeat(64))) {
      CompletableFuture<Boolean> creation = backend().createTableIfNotExistsAsync(invalid, executor);
      CompletableFuture<Boolean> check = backend().tableExistsAsync(invalid, executor);
      assertThatThrownBy(() -> await(creation)).as("creation of '%s'", invalid)
          .isInstanceOf(CompletionException.class).hasCauseInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> backend().createTableIfNotExists(invalid)).as("the blocking creation")
          .isInstanceOf(IllegalArgumentException.class);
      assertThat(outcome(check)).as("check of '%s'", invalid).isEqualTo(outcome(() -> backend().tableExists(invalid)));
    }
  }

  /** What an async call came to: its value, or the class of the exception its future failed with. */
  private String outcome(CompletableFuture<?> call) {
    try {
      return "answered " + await(call);
    } catch (CompletionException e) {
      return "failed with " + e.getCause().getClass().getName();
    }
  }

  /** What a blocking call came to: its value, or the class of the exception it threw. */
  private static String outcome(Supplier<?> call) {
    try {
      return "answered " + call.get();
    } catch (RuntimeException e) {
      return "failed with " + e.getClass().getName();
    }
  }

  @Test
  void async_writes_refused_before_sending_fail_their_future_and_write_nothing() {
    CompletableFuture<?> tooLong = backend().writeAsync(table(), WriteOperation.insert(
        TckStore.row("p", "x".repeat(2000)).build()), executor);
    assertThatThrownBy(() -> await(tooLong)).isInstanceOf(CompletionException.class)
        .hasCauseInstanceOf(io.tablemapper.api.TableMapperException.class);
    CompletableFuture<?> twoPartitions = backend().batchAsync(table(), List.of(
        WriteOperation.insert(TckStore.row("p", "a").build()), WriteOperation.insert(TckStore.row("q", "a").build())),
        executor);
    assertThatThrownBy(() -> await(twoPartitions)).hasCauseInstanceOf(BatchException.class);
    CompletableFuture<?> toMissingTable = backend().batchAsync(TckStore.uniqueTableName(), List.of(
        WriteOperation.insert(TckStore.row("p", "a").build()), WriteOperation.insert(TckStore.row("p", "b").build())),
        executor);
    assertThatThrownBy(() -> await(toMissingTable)).hasCauseInstanceOf(TableNotFoundException.class);
    assertThat(store().all()).isEmpty();
  }
}
