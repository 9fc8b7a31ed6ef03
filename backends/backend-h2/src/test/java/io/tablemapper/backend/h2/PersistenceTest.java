package io.tablemapper.backend.h2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.spi.EdmType;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file backend keeps its tables, rows, ETags and positions across closing and reopening, shares a file with other
 * backends of the JVM, and refuses files it cannot read with a message.
 */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class PersistenceTest {
  @TempDir
  Path directory;

  @Test
  void tables_rows_etags_and_timestamps_survive_closing_and_reopening() {
    Path file = directory.resolve("company");
    TableRow written = TableRow.builder("Sales", "emp001")
        .putString("name", "Ken \uD83D\uDE00").putBinary("photo", new byte[] {0, (byte) 0xFF}).putBoolean("active", true)
        .putDateTime("hired", Instant.parse("2021-03-04T05:06:07.1234567Z")).putDouble("rate", -0.5)
        .putGuid("id", UUID.fromString("123e4567-e89b-12d3-a456-426614174000")).putInt32("age", 23)
        .putInt64("salary", 123_456_789_012L)
        .build();
    TableRow stored;
    try (H2Backend backend = H2Backend.file(file)) {
      backend.createTableIfNotExists("Company");
      backend.write("Company", WriteOperation.insert(written));
      stored = backend.get("Company", "Sales", "emp001").orElseThrow();
    }

    try (H2Backend reopened = H2Backend.file(file)) {
      assertThat(reopened.tableExists("COMPANY")).isTrue();
      assertThat(reopened.createTableIfNotExists("company")).isFalse();
      assertThat(reopened.get("company", "Sales", "emp001")).contains(stored);
      assertThat(stored.properties()).containsOnlyKeys(written.properties().keySet());
      assertThatThrownBy(() -> reopened.write("COMPANY", WriteOperation.insert(written)))
          .isInstanceOf(EntityExistsException.class)
          .hasMessageContaining("table 'Company'");
    }
  }

  @Test
  void a_continuation_token_resumes_on_a_reopened_backend_and_on_a_second_backend_of_the_file() {
    Path file = directory.resolve("pages");
    List<String> expected = new ArrayList<>();
    String token;
    List<String> read = new ArrayList<>();
    TableQuery query = TableQuery.builder("Pages").limit(7).build();
    try (H2Backend backend = H2Backend.file(file)) {
      backend.createTableIfNotExists("Pages");
      for (String partitionKey : List.of("a", "b")) {
        List<WriteOperation> batch = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
          batch.add(WriteOperation.insert(TableRow.keys(partitionKey, "r" + i)));
          expected.add(partitionKey + "|r" + i);
        }
        backend.batch("Pages", batch);
      }
      QueryResult first = backend.query(query);
      read.addAll(keys(first.rows()));
      token = first.continuation();
    }

    try (H2Backend reopened = H2Backend.file(file); H2Backend second = H2Backend.file(file)) {
      QueryResult onSecond = second.query(query.withContinuation(token));
      while (token != null) {
        QueryResult page = reopened.query(query.withContinuation(token));
        if (read.size() == 7) {
          assertThat(page).as("the page after the first, from either backend").isEqualTo(onSecond);
        }
        read.addAll(keys(page.rows()));
        token = page.continuation();
      }
    }
    assertThat(read).containsExactlyElementsOf(expected);
  }

  @Test
  void etags_never_repeat_across_closing_and_reopening() {
    Path file = directory.resolve("etags");
    Set<String> etags = new HashSet<>();
    int writes = 0;
    for (int session = 0; session < 3; session++) {
      try (H2Backend backend = H2Backend.file(file)) {
        backend.createTableIfNotExists("Versions");
        for (int i = 0; i < 40; i++) {
          etags.add(backend.write("Versions", WriteOperation.upsertReplace(TableRow.keys("p", "r" + i % 3))).etag());
          writes++;
        }
      }
    }
    assertThat(etags).hasSize(writes);
  }

  @Test
  void two_backends_on_one_file_share_its_rows_and_its_locks_so_one_if_match_race_has_one_winner() throws Exception {
    Path file = directory.resolve("shared");
    try (H2Backend one = H2Backend.file(file); H2Backend other = H2Backend.file(file)) {
      one.createTableIfNotExists("Shared");
      String etag = one.write("Shared", WriteOperation.insert(TableRow.keys("p", "r"))).etag();
      assertThat(other.get("Shared", "p", "r").orElseThrow().etag()).isEqualTo(etag);

      List<Callable<Boolean>> writers = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        H2Backend backend = i % 2 == 0 ? one : other;
        TableRow row = TableRow.builder("p", "r").putInt32("writer", i).build();
        writers.add(() -> {
          try {
            backend.write("Shared", WriteOperation.replace(row, etag));
            return true;
          } catch (ConcurrencyConflictException lost) {
            return false;
          }
        });
      }
      List<Boolean> won = runTogether(writers);

      assertThat(won.stream().filter(w -> w).count()).isEqualTo(1);
      assertThat(other.get("Shared", "p", "r").orElseThrow().getInt32("writer")).isEqualTo(won.indexOf(true));
    }
  }

  @Test
  void deleting_a_table_while_writers_write_to_it_leaves_no_row_of_it_behind() throws Exception {
    Path file = directory.resolve("deletion");
    try (H2Backend backend = H2Backend.file(file)) {
      backend.createTableIfNotExists("Doomed");
      AtomicBoolean deleted = new AtomicBoolean();
      List<Callable<Integer>> writers = new ArrayList<>();
      for (int w = 0; w < 4; w++) {
        int writer = w;
        writers.add(() -> {
          int batches = 0;
          try {
            for (int i = 0; ; i++) {
              List<WriteOperation> batch = new ArrayList<>();
              for (int j = 0; j < 10; j++) {
                batch.add(WriteOperation.upsertReplace(
                    TableRow.builder("w" + writer + "-" + i % 5, "r" + j).putInt32("i", i).build()));
              }
              backend.batch("Doomed", batch);
              batches++;
              if (writer == 0 && batches == 20) {
                deleted.set(backend.deleteTableIfExists("Doomed"));
              }
            }
          } catch (TableNotFoundException afterDeletion) {
            return batches;
          }
        });
      }
      runTogether(writers);

      assertThat(deleted).isTrue();
      assertThat(backend.tableExists("Doomed")).isFalse();
      try (Connection connection = connect(file)) {
        assertThat(count(connection, "SELECT COUNT(*) FROM " + Schema.ROWS)).as("rows left").isZero();
      }
    }
  }

  @Test
  void a_thread_interrupted_while_it_writes_keeps_its_write_and_its_interrupt_and_breaks_nothing_for_others()
      throws Exception {
    Path file = directory.resolve("interrupted");
    try (H2Backend backend = H2Backend.file(file)) {
      backend.createTableIfNotExists("Interrupted");
      ExecutorService pool = Executors.newSingleThreadExecutor();
      try {
        Future<Boolean> interrupted = pool.submit(() -> {
          Thread.currentThread().interrupt();
          backend.batch("Interrupted", List.of(WriteOperation.insert(TableRow.keys("p", "a")),
              WriteOperation.insert(TableRow.keys("p", "b"))));
          return Thread.currentThread().isInterrupted();
        });
        assertThat(interrupted.get(1, TimeUnit.MINUTES)).as("still interrupted after the write").isTrue();
      } finally {
        pool.shutdownNow();
      }

      backend.write("Interrupted", WriteOperation.insert(TableRow.keys("p", "c")));
      assertThat(keys(backend.query(TableQuery.builder("Interrupted").build()).rows()))
          .containsExactly("p|a", "p|b", "p|c");
    }
    try (H2Backend reopened = H2Backend.file(file)) {
      assertThat(reopened.get("Interrupted", "p", "b")).isPresent();
    }
  }

  @Test
  void a_file_of_a_later_schema_version_is_refused_with_a_message() throws SQLException {
    Path file = directory.resolve("future");
    H2Backend.file(file).close();
    try (Connection connection = connect(file); Statement statement = connection.createStatement()) {
      statement.executeUpdate("UPDATE " + Schema.META + " SET VAL = '3' WHERE NAME = 'schema.version'");
    }

    assertThatThrownBy(() -> H2Backend.file(file))
        .isInstanceOf(StoreUnavailableException.class)
        .hasMessageContaining("schema version 3")
        .hasMessageContaining("reads schema version 2")
        .hasMessageContaining("open it with the release that wrote it");
  }

  @Test
  void a_file_whose_directory_cannot_be_created_is_unavailable_saying_what_to_check() throws Exception {
    Path plainFile = directory.resolve("plain");
    Files.writeString(plainFile, "a file, not a directory");

    assertThatThrownBy(() -> H2Backend.file(plainFile.resolve("data/company")))
        .isInstanceOf(StoreUnavailableException.class)
        .hasMessageContaining("cannot create the directory of the H2 database file")
        .hasMessageContaining("check the path");
  }

  @Test
  void a_file_that_is_not_an_h2_database_is_refused_with_a_message_not_a_sql_exception() throws Exception {
    Path junk = directory.resolve("junk.mv.db");
    Files.writeString(junk, "not a database ".repeat(1000), StandardCharsets.US_ASCII);

    assertThatThrownBy(() -> H2Backend.file(junk))
        .isInstanceOf(StoreUnavailableException.class)
        .hasMessageContaining("cannot open the H2 database " + junk)
        .hasMessageContaining("damaged or is not an H2 2.x database")
        .hasCauseInstanceOf(SQLException.class);
    Path tiny = directory.resolve("tiny.mv.db");
    Files.write(tiny, new byte[] {1, 2, 3});
    assertThatThrownBy(() -> H2Backend.file(tiny))
        .isInstanceOf(TableMapperException.class)
        .hasMessageContaining("cannot open the H2 database " + tiny);
  }

  @Test
  void the_path_may_name_the_file_itself_and_missing_directories_are_created() {
    Path file = directory.resolve("a/b/store.mv.db");
    try (H2Backend backend = H2Backend.file(file)) {
      assertThat(backend.name()).isEqualTo("h2 " + file);
    }
    assertThat(file).isRegularFile();
  }

  @Test
  void a_path_with_a_semicolon_is_refused_because_h2_would_read_settings_in_it() {
    assertThatThrownBy(() -> H2Backend.file(directory.resolve("a;FILE_LOCK=NO")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("contains ';'");
  }

  private static Connection connect(Path file) throws SQLException {
    String base = file.toString().endsWith(".mv.db") ? file.toString().replace(".mv.db", "") : file.toString();
    return DriverManager.getConnection(H2Backend.FILE_URL + base);
  }

  private static long tableId(Connection connection, String nameKey) throws SQLException {
    try (var select = connection.prepareStatement("SELECT ID FROM " + Schema.TABLES + " WHERE NAME_KEY = ?")) {
      select.setString(1, nameKey);
      try (ResultSet result = select.executeQuery()) {
        assertThat(result.next()).as("table %s in the catalog", nameKey).isTrue();
        return result.getLong(1);
      }
    }
  }

  private static long count(Connection connection, String sql) throws SQLException {
    try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
      result.next();
      return result.getLong(1);
    }
  }

  private static List<String> keys(List<TableRow> rows) {
    List<String> keys = new ArrayList<>();
    for (TableRow row : rows) {
      keys.add(row.partitionKey() + "|" + row.rowKey());
    }
    return keys;
  }

  private static <T> List<T> runTogether(List<Callable<T>> tasks) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(tasks.size());
    try {
      List<Future<T>> futures = pool.invokeAll(tasks, 2, TimeUnit.MINUTES);
      List<T> results = new ArrayList<>();
      for (Future<T> future : futures) {
        results.add(future.get());
      }
      return results;
    } finally {
      pool.shutdownNow();
    }
  }
}
