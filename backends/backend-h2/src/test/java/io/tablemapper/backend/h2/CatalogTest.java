package io.tablemapper.backend.h2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
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
 * Table ids are cached, and stay right when tables are dropped and created again, by the same backend or by another
 * backend on the file: no operation after a drop finds the dropped table, and no write stores rows under its id.
 */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class CatalogTest {
  @TempDir
  Path directory;

  @Test
  void a_table_dropped_and_created_again_through_another_backend_is_the_new_table_for_every_backend() {
    Path file = directory.resolve("recreated");
    try (H2Backend one = H2Backend.file(file); H2Backend other = H2Backend.file(file)) {
      one.createTableIfNotExists("Cycled");
      one.write("Cycled", WriteOperation.insert(TableRow.keys("p", "old")));
      assertThat(one.get("Cycled", "p", "old")).isPresent(); // cached by both paths of backend one
      assertThat(other.get("CYCLED", "p", "old")).isPresent();

      assertThat(other.deleteTableIfExists("cycled")).isTrue();
      assertThat(one.tableExists("Cycled")).isFalse();
      assertThatThrownBy(() -> one.get("Cycled", "p", "old")).isInstanceOf(TableNotFoundException.class);
      assertThatThrownBy(() -> one.write("Cycled", WriteOperation.insert(TableRow.keys("p", "lost"))))
          .isInstanceOf(TableNotFoundException.class);

      assertThat(other.createTableIfNotExists("Cycled")).isTrue();
      one.write("Cycled", WriteOperation.insert(TableRow.keys("p", "new")));
      assertThat(keys(other.query(TableQuery.builder("Cycled").build()))).containsExactly("p|new");
      assertThat(keys(one.query(TableQuery.builder("CYCLED").build()))).containsExactly("p|new");
    }
  }

  @Test
  void writers_racing_with_drops_and_re_creates_never_leave_rows_of_a_dropped_table() throws Exception {
    Path file = directory.resolve("racing");
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try (H2Backend one = H2Backend.file(file); H2Backend other = H2Backend.file(file)) {
      one.createTableIfNotExists("Racing");
      AtomicBoolean stop = new AtomicBoolean();
      List<Future<Integer>> writers = new ArrayList<>();
      for (int w = 0; w < 3; w++) {
        H2Backend backend = w % 2 == 0 ? one : other;
        int writer = w;
        writers.add(pool.submit(() -> {
          int written = 0;
          for (int i = 0; !stop.get(); i++) {
            try {
              backend.write("Racing", WriteOperation.upsertReplace(
                  TableRow.builder("w" + writer, "r" + (i % 20)).putInt32("i", i).build()));
              written++;
              backend.get("Racing", "w" + writer, "r0");
            } catch (TableNotFoundException dropped) {
              // the table is between a drop and its re-creation
            }
          }
          return written;
        }));
      }
      Future<?> cycler = pool.submit(() -> {
        for (int cycle = 0; cycle < 30; cycle++) {
          other.deleteTableIfExists("Racing");
          one.createTableIfNotExists("Racing");
        }
        return null;
      });
      cycler.get(2, TimeUnit.MINUTES);
      stop.set(true);
      int written = 0;
      for (Future<Integer> writer : writers) {
        written += writer.get(1, TimeUnit.MINUTES);
      }
      assertThat(written).as("writes that found the table").isPositive();
    } finally {
      pool.shutdownNow();
    }
    try (Connection sql = DriverManager.getConnection(H2Backend.FILE_URL + file);
        Statement statement = sql.createStatement();
        ResultSet orphans = statement.executeQuery("SELECT COUNT(*) FROM " + Schema.ROWS
            + " WHERE TABLE_ID NOT IN (SELECT ID FROM " + Schema.TABLES + ")")) {
      orphans.next();
      assertThat(orphans.getLong(1)).as("rows stored under the id of a dropped table").isZero();
    }
  }

  private static List<String> keys(QueryResult page) {
    List<String> keys = new ArrayList<>();
    for (TableRow row : page.rows()) {
      keys.add(row.partitionKey() + "|" + row.rowKey());
    }
    return keys;
  }
}
