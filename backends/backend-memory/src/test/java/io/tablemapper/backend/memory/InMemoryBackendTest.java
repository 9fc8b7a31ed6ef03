package io.tablemapper.backend.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;

/** Behaviour of the in-memory backend beyond the conformance kit: what it guarantees more strictly. */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class InMemoryBackendTest {
  private final InMemoryBackend backend = InMemoryBackend.create();

  @AfterEach
  void close() {
    backend.close();
  }

  @Test
  void a_row_written_can_be_read_back_and_queried() {
    backend.createTableIfNotExists("People");
    backend.write("People", WriteOperation.insert(TableRow.builder("p", "r").putString("name", "Ada").build()));

    assertThat(backend.get("People", "p", "r").orElseThrow().getString("name")).isEqualTo("Ada");
    QueryResult page = backend.query(TableQuery.builder("People").partitionKey("p").build());
    assertThat(page.rows()).extracting(TableRow::rowKey).containsExactly("r");
    assertThat(page.continuation()).isNull();
  }

  @Test
  void a_batch_with_a_failing_operation_writes_nothing() {
    backend.createTableIfNotExists("People");
    backend.write("People", WriteOperation.insert(TableRow.keys("p", "b")));

    assertThatThrownBy(() -> backend.batch("People", List.of(
            WriteOperation.insert(TableRow.keys("p", "a")), WriteOperation.insert(TableRow.keys("p", "b")))))
        .isInstanceOfSatisfying(BatchException.class, e -> {
          assertThat(e.failedIndex()).isEqualTo(1);
          assertThat(e.getCause()).isInstanceOf(EntityExistsException.class);
        });
    assertThat(backend.get("People", "p", "a")).isEmpty();
  }
}
