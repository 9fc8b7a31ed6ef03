package io.tablemapper.backend.h2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * What the H2 backend guarantees beyond the conformance kit: its name, Timestamps, independent in-memory stores,
 * the order of properties, keys and bounds of any length, foreign tokens, and the closed state. Files are covered
 * by {@link PersistenceTest} and {@link CrashRecoveryTest}.
 */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class H2BackendTest {
  private static final Instant NOW = Instant.parse("2024-01-31T12:00:00.123456789Z");

  private H2Backend backend = H2Backend.inMemory();

  @AfterEach
  void close() {
    backend.close();
  }

  @Test
  void its_name_says_h2_and_in_memory() {
    assertThat(backend.name()).isEqualTo("h2 in-memory");
    assertThat(backend).hasToString("H2Backend[h2 in-memory]");
  }

  @Test
  void timestamps_are_the_clock_in_100_ns_ticks_and_strictly_increase_even_when_the_clock_stands_still() {
    backend.close();
    backend = H2Backend.inMemory(Clock.fixed(NOW, ZoneOffset.UTC));
    backend.createTableIfNotExists("Versions");

    Instant first = backend.write("Versions", WriteOperation.insert(TableRow.keys("p", "a"))).timestamp();
    Instant second = backend.write("Versions", WriteOperation.insert(TableRow.keys("p", "b"))).timestamp();
    List<Instant> third = List.of(
        backend.batch("Versions", List.of(WriteOperation.insert(TableRow.keys("p", "c")),
            WriteOperation.insert(TableRow.keys("p", "d")))).get(1).timestamp(),
        backend.get("Versions", "p", "c").orElseThrow().timestamp());

    assertThat(first).isEqualTo(Instant.parse("2024-01-31T12:00:00.1234567Z"));
    assertThat(second).isEqualTo(Instant.parse("2024-01-31T12:00:00.1234568Z"));
    assertThat(third).containsOnly(Instant.parse("2024-01-31T12:00:00.1234569Z"));
  }

  @Test
  void in_memory_backends_are_independent_stores() {
    try (H2Backend other = H2Backend.inMemory()) {
      backend.createTableIfNotExists("Mine");

      assertThat(other.tableExists("Mine")).isFalse();
    }
  }

  @Test
  void properties_come_back_in_the_order_they_were_written_and_a_merge_appends_new_ones() {
    backend.createTableIfNotExists("Ordered");
    Map<String, Object> properties = new LinkedHashMap<>();
    for (String name : List.of("zeta", "alpha", "mu", "beta")) {
      properties.put(name, name.length());
    }
    backend.write("Ordered", WriteOperation.insert(TableRow.builder("p", "r").putAll(properties).build()));
    backend.write("Ordered", WriteOperation.merge(
        TableRow.builder("p", "r").putString("gamma", "new").putInt32("alpha", 0).build(), null));

    assertThat(backend.get("Ordered", "p", "r").orElseThrow().properties().keySet())
        .containsExactly("zeta", "alpha", "mu", "beta", "gamma");
    assertThat(backend.query(TableQuery.builder("Ordered").build()).rows().get(0).properties())
        .containsEntry("alpha", 0).containsEntry("gamma", "new");
  }

  @Test
  void a_point_read_of_keys_no_row_can_have_is_empty_and_bounds_may_be_of_any_length() {
    backend.createTableIfNotExists("Keys");
    backend.write("Keys", WriteOperation.insert(TableRow.keys("p", "r")));
    String tooLong = "z".repeat(StoreLimits.MAX_KEY_LENGTH * 50);

    assertThat(backend.get("Keys", tooLong, "r")).isEmpty();
    assertThat(backend.get("Keys", "p", tooLong)).isEmpty();
    assertThat(backend.get("Keys", "p/", "r#")).isEmpty();
    assertThat(backend.query(TableQuery.builder("Keys")
            .partitionTo(KeyBound.inclusive(tooLong)).rowFrom(KeyBound.exclusive("")).build()).rows())
        .extracting(TableRow::rowKey).containsExactly("r");
  }

  @Test
  void a_token_this_backend_did_not_issue_is_an_illegal_argument_naming_the_table() {
    backend.createTableIfNotExists("Tokens");
    for (String token : List.of("2AHAAcgA", "h2.!!!", "h2.AAAAAQ", "h2.f____wBw", "")) {
      assertThatThrownBy(() -> backend.query(TableQuery.builder("Tokens").continuation(token).build()))
          .as("token '%s'", token)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("invalid continuation token")
          .hasMessageContaining("table 'Tokens'");
    }
  }

  @Test
  void after_close_every_operation_throws_illegal_state_and_closing_again_does_nothing() {
    backend.createTableIfNotExists("Closed");
    backend.close();
    backend.close();

    TableRow row = TableRow.keys("p", "r");
    List<Executable> operations = List.of(
        () -> backend.createTableIfNotExists("Closed"),
        () -> backend.deleteTableIfExists("Closed"),
        () -> backend.tableExists("Closed"),
        () -> backend.get("Closed", "p", "r"),
        () -> backend.query(TableQuery.builder("Closed").build()),
        () -> backend.write("Closed", WriteOperation.insert(row)),
        () -> backend.batch("Closed", List.of(WriteOperation.insert(row))));
    for (Executable operation : operations) {
      assertThatThrownBy(operation::execute)
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("is closed");
    }
    assertThat(backend).hasToString("H2Backend[h2 in-memory, closed]");
  }
}
