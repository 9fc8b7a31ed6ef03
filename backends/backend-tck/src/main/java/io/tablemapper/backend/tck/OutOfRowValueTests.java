package io.tablemapper.backend.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.spi.OutOfRowValues;
import io.tablemapper.spi.OutOfRowValues.StoredValue;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Values stored out of rows ({@link OutOfRowValues}): every backend has a space for them; a value reads back as
 * stored, by table and name, whether or not the table exists; deletes and lists are exact. The async forms
 * ({@code putAsync}, {@code getAsync}, {@code deleteAsync}) store, read and delete the same values as the blocking
 * calls, many under way at once, and fail their future (never the call) with the same exceptions.
 */
abstract class OutOfRowValueTests extends ConformanceGroup {
  private final ExecutorService executor = Executors.newFixedThreadPool(2);

  @AfterEach
  void stopExecutor() {
    executor.shutdownNow();
  }

  private static <T> T await(CompletableFuture<T> future) {
    try {
      return future.get(60, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new AssertionError("the async call did not complete normally within 60 s", e);
    }
  }

  private OutOfRowValues values() {
    assertThat(backend().outOfRowValues()).as("the backend's space for values stored out of rows").isPresent();
    return backend().outOfRowValues().get();
  }

  private static byte[] bytes(int size, long seed) {
    byte[] bytes = new byte[size];
    new Random(seed).nextBytes(bytes);
    return bytes;
  }

  @Test
  void a_value_reads_back_as_stored_and_is_gone_once_deleted() {
    byte[] value = bytes(1000, 1);
    values().put(table(), "a/b/one", value);

    assertThat(values().get(table(), "a/b/one")).hasValueSatisfying(read -> assertThat(read).isEqualTo(value));
    assertThat(values().delete(table(), "a/b/one")).isTrue();
    assertThat(values().get(table(), "a/b/one")).isEmpty();
    assertThat(values().delete(table(), "a/b/one")).isFalse();
  }

  @Test
  void a_value_larger_than_any_row_round_trips() {
    byte[] value = bytes(3 * 1024 * 1024 + 7, 2);
    values().put(table(), "big", value);

    assertThat(values().get(table(), "big")).hasValueSatisfying(read -> assertThat(read).isEqualTo(value));
  }

  @Test
  void an_empty_value_round_trips() {
    values().put(table(), "empty", new byte[0]);

    assertThat(values().get(table(), "empty")).hasValueSatisfying(read -> assertThat(read).isEmpty());
  }

  @Test
  void putting_a_name_again_replaces_its_value() {
    values().put(table(), "same", bytes(10, 3));
    values().put(table(), "same", bytes(20, 4));

    assertThat(values().get(table(), "same")).hasValueSatisfying(read -> assertThat(read).isEqualTo(bytes(20, 4)));
    assertThat(values().list(table())).extracting(StoredValue::name).containsExactly("same");
  }

  @Test
  void a_list_names_each_value_of_the_table_with_its_size_and_when_it_was_stored() {
    Instant before = Instant.now().minus(Duration.ofMinutes(2)); // the store's clock may differ a little
    values().put(table(), "x/1", bytes(5, 5));
    values().put(table(), "x/2", bytes(6, 6));

    List<StoredValue> listed = values().list(table());

    assertThat(listed).extracting(StoredValue::name).containsExactlyInAnyOrder("x/1", "x/2");
    assertThat(listed).extracting(StoredValue::size).containsExactlyInAnyOrder(5L, 6L);
    assertThat(listed).allSatisfy(value -> assertThat(value.stored())
        .isAfter(before).isBefore(Instant.now().plus(Duration.ofMinutes(2))));
  }

  @Test
  void values_belong_to_their_table_whose_name_is_case_insensitive() {
    String other = TckStore.uniqueTableName();
    try {
      values().put(table(), "v", bytes(3, 7));
      values().put(other, "v", bytes(4, 8));

      assertThat(values().get(table().toUpperCase(Locale.ROOT), "v"))
          .hasValueSatisfying(read -> assertThat(read).isEqualTo(bytes(3, 7)));
      assertThat(values().list(other)).extracting(StoredValue::size).containsExactly(4L);
      assertThat(values().deleteAll(table())).isEqualTo(1);
      assertThat(values().list(table())).isEmpty();
      assertThat(values().get(other, "v")).isPresent();
    } finally {
      values().deleteAll(other);
    }
  }

  @Test
  void values_need_no_table_and_a_table_never_used_has_none() {
    String missing = TckStore.uniqueTableName();

    assertThat(values().get(missing, "nothing")).isEmpty();
    assertThat(values().list(missing)).isEmpty();
    assertThat(values().delete(missing, "nothing")).isFalse();
    try {
      values().put(missing, "first", bytes(2, 9)); // written before the row that references it, table or not
      assertThat(values().get(missing, "first")).isPresent();
      assertThat(backend().tableExists(missing)).isFalse();
    } finally {
      values().deleteAll(missing);
    }
  }

  @Test
  void a_name_outside_the_rules_is_refused_before_anything_is_stored() {
    assertThatThrownBy(() -> values().put(table(), "with space", bytes(1, 10)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("' '");
    assertThatThrownBy(() -> values().put(table(), "n".repeat(OutOfRowValues.MAX_NAME_LENGTH + 1), bytes(1, 10)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("characters");
    assertThat(values().list(table())).isEmpty();
  }

  // ------------------------------------------------------------------ the async path

  @Test
  void async_values_are_the_blocking_ones_a_value_put_one_way_reads_back_the_other() {
    byte[] first = bytes(70_000, 11);
    byte[] second = bytes(10, 12);
    await(values().putAsync(table(), "async/one", first, executor));
    values().put(table(), "async/two", second);

    assertThat(values().get(table(), "async/one")).hasValueSatisfying(read -> assertThat(read).isEqualTo(first));
    assertThat(await(values().getAsync(table(), "async/two", executor)))
        .hasValueSatisfying(read -> assertThat(read).isEqualTo(second));
    assertThat(await(values().deleteAsync(table(), "async/one", executor))).isTrue();
    assertThat(values().get(table(), "async/one")).isEmpty();
    assertThat(await(values().deleteAsync(table(), "async/one", executor))).isFalse();
    assertThat(values().list(table())).extracting(StoredValue::name).containsExactly("async/two");
  }

  @Test
  void an_async_read_of_a_missing_value_or_table_is_empty_and_its_delete_false() {
    String missing = TckStore.uniqueTableName();

    assertThat(await(values().getAsync(table(), "nothing", executor))).isEmpty();
    assertThat(await(values().getAsync(missing, "nothing", executor))).isEmpty();
    assertThat(await(values().deleteAsync(missing, "nothing", executor))).isFalse();
  }

  @Test
  void many_async_puts_and_reads_under_way_at_once_each_keep_their_own_value() {
    List<CompletableFuture<Void>> puts = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      puts.add(values().putAsync(table(), "many/" + i, bytes(1000 + i, 100 + i), executor));
    }
    puts.forEach(OutOfRowValueTests::await);
    List<CompletableFuture<Optional<byte[]>>> gets = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      gets.add(values().getAsync(table(), "many/" + i, executor));
    }

    for (int i = 0; i < 20; i++) {
      int seed = 100 + i;
      int size = 1000 + i;
      assertThat(await(gets.get(i))).hasValueSatisfying(read -> assertThat(read).isEqualTo(bytes(size, seed)));
    }
    assertThat(values().list(table())).hasSize(20);
  }

  @Test
  void an_async_put_of_a_name_outside_the_rules_fails_its_future_and_stores_nothing() {
    CompletableFuture<Void> put = values().putAsync(table(), "with space", bytes(1, 13), executor);

    assertThatThrownBy(put::join).isInstanceOf(CompletionException.class)
        .cause().isInstanceOf(IllegalArgumentException.class).hasMessageContaining("' '");
    assertThat(values().list(table())).isEmpty();
  }
}
