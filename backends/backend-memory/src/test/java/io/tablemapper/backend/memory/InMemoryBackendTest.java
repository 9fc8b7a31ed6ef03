package io.tablemapper.backend.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * What the in-memory backend guarantees beyond the conformance kit: versions, messages, table names, the closed
 * state, and the rows the stored data is shared as. Paging and navigation are in {@link InMemoryQueryTest}.
 */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class InMemoryBackendTest {
  private static final Instant NOW = Instant.parse("2024-01-31T12:00:00.123456789Z");

  private InMemoryBackend backend = InMemoryBackend.create();

  @AfterEach
  void close() {
    backend.close();
  }

  @Test
  void its_name_is_in_memory() {
    assertThat(backend.name()).isEqualTo("in-memory");
  }

  @Test
  void timestamps_are_the_clock_in_100_ns_ticks_and_strictly_increase_even_when_the_clock_stands_still() {
    backend = InMemoryBackend.create(Clock.fixed(NOW, ZoneOffset.UTC));
    backend.createTableIfNotExists("Versions");

    Instant first = insert("Versions", "a").timestamp();
    Instant second = insert("Versions", "b").timestamp();
    Instant third = backend.batch("Versions", List.of(WriteOperation.insert(TableRow.keys("p", "c")))).get(0).timestamp();

    assertThat(first).isEqualTo(Instant.parse("2024-01-31T12:00:00.1234567Z"));
    assertThat(second).isEqualTo(Instant.parse("2024-01-31T12:00:00.1234568Z"));
    assertThat(third).isEqualTo(Instant.parse("2024-01-31T12:00:00.1234569Z"));
  }

  @Test
  void timestamps_strictly_increase_even_when_the_clock_goes_back() {
    Instant[] now = {NOW};
    Clock clock = new Clock() {
      @Override
      public ZoneOffset getZone() {
        return ZoneOffset.UTC;
      }

      @Override
      public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException();
      }

      @Override
      public Instant instant() {
        return now[0];
      }
    };
    backend = InMemoryBackend.create(clock);
    backend.createTableIfNotExists("Versions");

    Instant first = insert("Versions", "a").timestamp();
    now[0] = NOW.minusSeconds(3600);
    Instant second = insert("Versions", "b").timestamp();

    assertThat(second).isAfter(first);
  }

  @Test
  void etags_name_the_timestamp_in_azure_format_and_never_repeat() {
    backend = InMemoryBackend.create(Clock.fixed(NOW, ZoneOffset.UTC));
    backend.createTableIfNotExists("Versions");

    WriteResult written = insert("Versions", "a");
    assertThat(written.etag()).isEqualTo("W/\"datetime'2024-01-31T12%3A00%3A00.1234567Z'\"");

    Set<String> etags = new HashSet<>();
    for (int i = 0; i < 1000; i++) {
      etags.add(backend.write("Versions", WriteOperation.upsertReplace(TableRow.keys("p", "a"))).etag());
    }
    assertThat(etags).hasSize(1000).doesNotContain(written.etag());
  }

  @Test
  void by_default_the_rows_of_a_batch_share_one_etag_and_timestamp() {
    backend.createTableIfNotExists("Versions");

    List<WriteResult> results = backend.batch("Versions", List.of(
        WriteOperation.insert(TableRow.keys("p", "a")), WriteOperation.insert(TableRow.keys("p", "b"))));

    assertThat(results.get(1)).isEqualTo(results.get(0));
    assertThat(backend.get("Versions", "p", "b").orElseThrow().etag()).isEqualTo(results.get(0).etag());
    assertThat(backend).hasToString("InMemoryBackend[1 tables]");
  }

  @Test
  void with_distinct_batch_versions_each_row_of_a_batch_gets_its_own_etag_and_timestamp_in_operation_order() {
    backend = InMemoryBackend.builder().clock(Clock.fixed(NOW, ZoneOffset.UTC)).distinctBatchVersions().build();
    backend.createTableIfNotExists("Versions");
    insert("Versions", "gone");

    List<WriteResult> results = backend.batch("Versions", List.of(
        WriteOperation.insert(TableRow.keys("p", "b")),
        WriteOperation.delete("p", "gone", null),
        WriteOperation.upsertReplace(TableRow.keys("p", "a"))));

    assertThat(results).extracting(WriteResult::timestamp).containsExactly(
        Instant.parse("2024-01-31T12:00:00.1234568Z"), null, Instant.parse("2024-01-31T12:00:00.1234569Z"));
    assertThat(results.get(0).etag()).isNotEqualTo(results.get(2).etag());
    assertThat(backend.get("Versions", "p", "b").orElseThrow().etag()).isEqualTo(results.get(0).etag());
    assertThat(backend.get("Versions", "p", "a").orElseThrow().etag()).isEqualTo(results.get(2).etag());
    assertThat(backend).hasToString("InMemoryBackend[1 tables, distinct batch versions]");
  }

  @Test
  void a_point_read_returns_the_stored_row_itself_without_copying() {
    backend.createTableIfNotExists("Rows");
    backend.write("Rows", WriteOperation.insert(TableRow.builder("p", "r").putBinary("b", new byte[] {1}).build()));

    TableRow first = backend.get("Rows", "p", "r").orElseThrow();

    assertThat(backend.get("Rows", "p", "r").orElseThrow()).isSameAs(first);
    assertThat(backend.query(TableQuery.builder("Rows").build()).rows().get(0)).isSameAs(first);
  }

  @Test
  void exceptions_name_the_table_the_keys_and_the_operation() {
    backend.createTableIfNotExists("Orders");
    String etag = backend.write("Orders", WriteOperation.insert(TableRow.keys("east", "o1"))).etag();
    backend.write("Orders", WriteOperation.replace(TableRow.keys("east", "o1"), "*"));

    assertThatThrownBy(() -> backend.write("Orders", WriteOperation.insert(TableRow.keys("east", "o1"))))
        .isInstanceOf(EntityExistsException.class)
        .hasMessageContainingAll("'Orders'", "INSERT", "PartitionKey 'east'", "RowKey 'o1'", "already exists");
    assertThatThrownBy(() -> backend.write("Orders", WriteOperation.merge(TableRow.keys("east", "o2"), null)))
        .isInstanceOf(EntityNotFoundException.class)
        .hasMessageContainingAll("'Orders'", "MERGE", "RowKey 'o2'", "no entity");
    assertThatThrownBy(() -> backend.write("Orders", WriteOperation.delete("east", "o1", etag)))
        .isInstanceOf(ConcurrencyConflictException.class)
        .hasMessageContainingAll("'Orders'", "DELETE", "RowKey 'o1'", "If-Match " + etag, "stored ETag");
    assertThatThrownBy(() -> backend.batch("Orders", List.of(
            WriteOperation.upsertMerge(TableRow.keys("east", "o3")), WriteOperation.insert(TableRow.keys("east", "o1")))))
        .isInstanceOf(BatchException.class)
        .hasMessageContainingAll("operation 1", "'Orders'", "RowKey 'o1'", "nothing of the batch was written");
    assertThatThrownBy(() -> backend.write("Orders", WriteOperation.insert(TableRow.keys("east", "a/b"))))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContainingAll("table 'Orders'", "'/'");
  }

  @Test
  void table_names_are_case_insensitive_and_messages_keep_the_spelling_the_table_was_created_with() {
    backend.createTableIfNotExists("Orders");
    backend.write("ORDERS", WriteOperation.insert(TableRow.keys("p", "r")));

    assertThat(backend.get("orders", "p", "r")).isPresent();
    assertThatThrownBy(() -> backend.write("oRdErS", WriteOperation.insert(TableRow.keys("p", "r"))))
        .hasMessageContaining("table 'Orders'");
    assertThatThrownBy(() -> backend.write("oRdErS", WriteOperation.insert(TableRow.keys("p", "a/b"))))
        .hasMessageContaining("table 'Orders'");
    assertThatThrownBy(() -> backend.batch("oRdErS", List.of()))
        .hasMessageContaining("table 'Orders'");
  }

  @Test
  void a_table_deleted_under_one_spelling_and_recreated_under_another_starts_empty_under_every_spelling() {
    backend.createTableIfNotExists("Orders");
    backend.write("orders", WriteOperation.insert(TableRow.keys("p", "old")));
    assertThat(backend.get("Orders", "p", "old")).isPresent();

    backend.deleteTableIfExists("ORDERS");
    assertThatThrownBy(() -> backend.get("orders", "p", "old")).isInstanceOf(TableNotFoundException.class);
    backend.createTableIfNotExists("oRDERS");
    backend.write("Orders", WriteOperation.insert(TableRow.keys("p", "new")));

    for (String spelling : List.of("Orders", "orders", "ORDERS", "oRDERS")) {
      assertThat(backend.get(spelling, "p", "old")).as(spelling).isEmpty();
      assertThat(backend.get(spelling, "p", "new")).as(spelling).isPresent();
    }
  }

  @Test
  void every_operation_rejects_an_invalid_table_name() {
    for (Executable operation : List.<Executable>of(
        () -> backend.createTableIfNotExists("no"),
        () -> backend.deleteTableIfExists("no"),
        () -> backend.tableExists("no"),
        () -> backend.get("bad-name", "p", "r"),
        () -> backend.query(TableQuery.builder("bad name").build()),
        () -> backend.write("tables", WriteOperation.insert(TableRow.keys("p", "r"))),
        () -> backend.batch("1abc", List.of(WriteOperation.insert(TableRow.keys("p", "r")))),
        () -> backend.get(null, "p", "r"))) {
      assertThatThrownBy(operation::execute)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("invalid table name");
    }
  }

  @Test
  void a_delete_with_an_invalid_key_is_rejected() {
    backend.createTableIfNotExists("Rows");

    assertThatThrownBy(() -> backend.write("Rows", WriteOperation.delete("p", "a#b", null)))
        .isInstanceOf(InvalidKeyException.class);
    assertThatThrownBy(() -> backend.batch("Rows", List.of(WriteOperation.delete("p\u0000", "r", null))))
        .isInstanceOfSatisfying(BatchException.class, e -> assertThat(e.getCause()).isInstanceOf(InvalidKeyException.class));
  }

  @Test
  void a_merge_that_would_leave_more_than_252_properties_is_rejected_and_changes_nothing() {
    backend.createTableIfNotExists("Rows");
    backend.write("Rows", WriteOperation.insert(properties("a", StoreLimits.MAX_PROPERTIES)));
    TableRow before = backend.get("Rows", "p", "r").orElseThrow();

    assertThatThrownBy(() -> backend.write("Rows", WriteOperation.merge(properties("b", 1), null)))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("253 properties");
    assertThatThrownBy(() -> backend.batch("Rows", List.of(WriteOperation.upsertMerge(properties("b", 1)))))
        .isInstanceOfSatisfying(BatchException.class, e -> {
          assertThat(e.reason()).isEqualTo(BatchException.Reason.REJECTED);
          assertThat(e.getCause()).isInstanceOf(InvalidEntityException.class);
        });
    assertThat(backend.get("Rows", "p", "r")).contains(before);
  }

  @Test
  void a_closed_backend_rejects_every_operation_and_closing_again_does_nothing() {
    backend.createTableIfNotExists("Rows");
    backend.close();
    backend.close();

    for (Executable operation : List.<Executable>of(
        () -> backend.createTableIfNotExists("Rows"),
        () -> backend.deleteTableIfExists("Rows"),
        () -> backend.tableExists("Rows"),
        () -> backend.get("Rows", "p", "r"),
        () -> backend.query(TableQuery.builder("Rows").build()),
        () -> backend.write("Rows", WriteOperation.insert(TableRow.keys("p", "r"))),
        () -> backend.batch("Rows", List.of(WriteOperation.insert(TableRow.keys("p", "r")))))) {
      assertThatThrownBy(operation::execute)
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("in-memory backend is closed");
    }
  }

  @Test
  void writes_racing_the_removal_of_an_emptied_partition_are_never_lost() throws Exception {
    backend.createTableIfNotExists("Rows");
    int threads = 6;
    int rounds = 2000;
    List<Thread> workers = new ArrayList<>();
    List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
    for (int t = 0; t < threads; t++) {
      String rowKey = "t" + t;
      Thread worker = new Thread(() -> {
        try {
          for (int i = 0; i < rounds; i++) {
            backend.write("Rows", WriteOperation.insert(TableRow.keys("p", rowKey)));
            backend.write("Rows", WriteOperation.delete("p", rowKey, null));
          }
          backend.write("Rows", WriteOperation.insert(TableRow.keys("p", rowKey)));
        } catch (Throwable e) {
          failures.add(e);
        }
      });
      workers.add(worker);
      worker.start();
    }
    for (Thread worker : workers) {
      worker.join();
    }

    assertThat(failures).isEmpty();
    assertThat(backend.query(TableQuery.builder("Rows").partitionKey("p").build()).rows()).hasSize(threads);
  }

  private WriteResult insert(String table, String rowKey) {
    return backend.write(table, WriteOperation.insert(TableRow.keys("p", rowKey)));
  }

  private static TableRow properties(String prefix, int count) {
    TableRow.Builder row = TableRow.builder("p", "r");
    for (int i = 0; i < count; i++) {
      row.putInt32(prefix + i, i);
    }
    return row.build();
  }
}
