package io.tablemapper.backend.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/** Tables: creation is idempotent, deletion drops the data, names are checked, a missing table is an error. */
abstract class TableTests extends ConformanceGroup {
  private static final String DIGITS_AND_LETTERS = "0123456789abcdefghijklmnopqrstuvwxyz";

  @Test
  void creating_a_table_is_idempotent_and_reports_whether_it_created_it() {
    String name = TckStore.uniqueTableName();
    try {
      assertThat(backend().tableExists(name)).isFalse();
      assertThat(backend().createTableIfNotExists(name)).isTrue();
      assertThat(backend().createTableIfNotExists(name)).isFalse();
      assertThat(backend().tableExists(name)).isTrue();
    } finally {
      backend().deleteTableIfExists(name);
    }
  }

  @Test
  void listing_tables_by_prefix_finds_the_existing_ones_of_any_spelling_in_name_order_and_no_others() {
    String prefix = "tck" + UUID.randomUUID().toString().replace("-", "").substring(0, 20);
    List<String> created = List.of(prefix + "20250103", prefix.toUpperCase(Locale.ROOT) + "20250101", prefix + "20250102");
    String other = prefix.substring(0, prefix.length() - 1) + (prefix.endsWith("0") ? "1" : "0") + "20250101";
    try {
      assertThat(backend().listTables(prefix)).isEmpty();
      for (String table : created) {
        backend().createTableIfNotExists(table);
      }
      backend().createTableIfNotExists(other);

      boolean caseSensitive = backend().profile().caseSensitiveTableNames();
      if (caseSensitive) {
        // Cosmos DB: the prefix is compared with its case, so the capitalised table is another name
        assertThat(backend().listTables(prefix)).containsExactly(created.get(2), created.get(0));
        assertThat(backend().listTables(prefix.toUpperCase(Locale.ROOT) + "2025010")).containsExactly(created.get(1));
      } else {
        assertThat(backend().listTables(prefix))
            .containsExactly(created.get(1), created.get(2), created.get(0));
        assertThat(backend().listTables(prefix.toUpperCase(Locale.ROOT) + "2025010")).hasSize(3);
      }
      assertThat(backend().listTables(prefix + "20250102")).containsExactly(created.get(2));
      assertThat(backend().listTables("")).contains(created.get(0), other);

      backend().deleteTableIfExists(created.get(0));
      assertThat(backend().listTables(prefix))
          .containsExactlyElementsOf(caseSensitive ? List.of(created.get(2)) : List.of(created.get(1), created.get(2)));
    } finally {
      for (String table : created) {
        backend().deleteTableIfExists(table);
      }
      backend().deleteTableIfExists(other);
    }
  }

  @Test
  void listing_tables_refuses_a_prefix_that_no_table_name_can_start_with() {
    assertThatThrownBy(() -> backend().listTables("a'b")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("a'b");
    assertThatThrownBy(() -> backend().listTables("x".repeat(64))).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void creating_an_existing_table_keeps_its_rows() {
    store().insert("p", "r");

    assertThat(backend().createTableIfNotExists(table())).isFalse();

    assertThat(store().find("p", "r")).isPresent();
  }

  @Test
  void deleting_a_table_reports_whether_it_existed_and_leaves_it_missing_for_reads_and_writes() {
    store().insert("p", "r");

    assertThat(backend().deleteTableIfExists(table())).isTrue();
    assertThat(backend().deleteTableIfExists(table())).isFalse();

    // Not re-created: Azure refuses to create a table of a name deleted in the last ~40 seconds.
    assertThat(backend().tableExists(table())).isFalse();
    assertThatThrownBy(() -> store().find("p", "r")).isInstanceOf(TableNotFoundException.class);
    assertThatThrownBy(() -> store().all()).isInstanceOf(TableNotFoundException.class);
    assertThatThrownBy(() -> store().insert("p", "r")).isInstanceOf(TableNotFoundException.class);
  }

  @Test
  void table_names_are_case_insensitive() {
    String upper = table().toUpperCase(Locale.ROOT);
    store().insert("p", "r");
    if (backend().profile().caseSensitiveTableNames()) {
      // Cosmos DB compares table names with their case: another spelling is another table, which does not exist
      assertThat(backend().tableExists(upper)).isFalse();
      assertThatThrownBy(() -> backend().get(upper, "p", "r")).isInstanceOf(TableNotFoundException.class);
      return;
    }

    assertThat(backend().tableExists(upper)).isTrue();
    assertThat(backend().createTableIfNotExists(upper)).isFalse();
    assertThat(backend().get(upper, "p", "r")).isPresent();
  }

  @Test
  void a_table_created_with_capitals_is_found_by_every_operation_under_any_spelling() {
    String created = "Mixed" + TckStore.uniqueTableName();
    boolean caseSensitive = backend().profile().caseSensitiveTableNames();
    // on a store that compares table names with their case (Cosmos DB), only the name as created finds the table
    String upper = caseSensitive ? created : created.toUpperCase(Locale.ROOT);
    String lower = caseSensitive ? created : created.toLowerCase(Locale.ROOT);
    assertThat(backend().createTableIfNotExists(created)).isTrue();
    try {
      if (caseSensitive) {
        assertThat(backend().tableExists(created.toUpperCase(Locale.ROOT))).isFalse();
        assertThat(backend().tableExists(created.toLowerCase(Locale.ROOT))).isFalse();
      }
      assertThat(backend().createTableIfNotExists(lower)).isFalse();
      assertThat(backend().tableExists(upper)).isTrue();
      String inserted = backend().write(lower, WriteOperation.insert(TableRow.builder("p", "r").build())).etag();

      String merged = backend().write(upper,
          WriteOperation.merge(TableRow.builder("p", "r").putString("a", "merged").build(), inserted)).etag();
      String second = backend().write(lower, WriteOperation.insert(TableRow.builder("p", "s").build())).etag();
      List<WriteResult> batch = backend().batch(upper, List.of(
          WriteOperation.replace(TableRow.builder("p", "s").putString("a", "replaced").build(), second),
          WriteOperation.insert(TableRow.builder("p", "t").build())));
      backend().write(lower, WriteOperation.delete("p", "t", batch.get(1).etag()));
      backend().write(upper,
          WriteOperation.upsertMerge(TableRow.builder("p", "u").putString("a", "upserted").build()));
      backend().write(lower, WriteOperation.delete("p", "u", "*"));

      assertThat(store().inKeyOrder(backend().query(TableQuery.builder(created).build()).rows()))
          .extracting(row -> row.rowKey() + "=" + row.get("a"))
          .containsExactly("r=merged", "s=replaced");
      assertThat(backend().get(upper, "p", "r").orElseThrow().etag()).isEqualTo(merged);
      assertThat(backend().deleteTableIfExists(lower)).isTrue();
      assertThat(backend().tableExists(created)).isFalse();
    } finally {
      backend().deleteTableIfExists(created);
    }
  }

  @Test
  void tables_hold_separate_rows_under_the_same_keys() {
    String other = TckStore.uniqueTableName();
    backend().createTableIfNotExists(other);
    try {
      store().insert(TableRow.builder("p", "r").putString("table", "first").build());
      backend().write(other, WriteOperation.insert(TableRow.builder("p", "r").putString("table", "second").build()));

      assertThat(store().get("p", "r").getString("table")).isEqualTo("first");
      assertThat(backend().get(other, "p", "r").orElseThrow().getString("table")).isEqualTo("second");
      backend().deleteTableIfExists(other);
      assertThat(store().find("p", "r")).isPresent();
    } finally {
      backend().deleteTableIfExists(other);
    }
  }

  @Test
  void reads_and_writes_of_a_missing_table_fail_with_table_not_found() {
    String missing = TckStore.uniqueTableName();
    TableRow row = TableRow.keys("p", "r");

    assertThatThrownBy(() -> backend().get(missing, "p", "r")).isInstanceOf(TableNotFoundException.class);
    assertThatThrownBy(() -> backend().query(TableQuery.builder(missing).build()))
        .isInstanceOf(TableNotFoundException.class);
    for (WriteOperation operation : List.of(
        WriteOperation.insert(row), WriteOperation.upsertReplace(row), WriteOperation.upsertMerge(row),
        WriteOperation.replace(row, "*"), WriteOperation.merge(row, "*"), WriteOperation.delete("p", "r", "*"))) {
      assertThatThrownBy(() -> backend().write(missing, operation))
          .as("%s", operation)
          .isInstanceOf(TableNotFoundException.class);
    }
    assertThatThrownBy(() -> backend().batch(missing, List.of(WriteOperation.insert(row))))
        .isInstanceOf(TableNotFoundException.class);
    assertThat(backend().tableExists(missing)).isFalse();
  }

  @Test
  void an_invalid_row_written_to_a_missing_table_fails_with_table_not_found() {
    String missing = TckStore.uniqueTableName();
    TableRow badKey = TableRow.keys("p", "bad/key");

    assertThatThrownBy(() -> backend().write(missing, WriteOperation.insert(badKey)))
        .isInstanceOf(TableNotFoundException.class);
    assertThatThrownBy(() -> backend().batch(missing, List.of(WriteOperation.insert(badKey))))
        .isInstanceOf(TableNotFoundException.class);
  }

  @Test
  void invalid_table_names_are_rejected_by_every_operation_on_a_table() {
    TableRow row = TableRow.keys("p", "r");
    for (String invalid : List.of(
        "", "ab", "1abc", "a_bc", "ab-c", "ab c", "tables", "Tables", "t".repeat(64), "caf\u00E9")) {
      Map<String, ThrowingCallable> operations = new LinkedHashMap<>();
      operations.put("createTableIfNotExists", () -> backend().createTableIfNotExists(invalid));
      operations.put("get", () -> backend().get(invalid, "p", "r"));
      operations.put("query", () -> backend().query(TableQuery.builder(invalid).build()));
      operations.put("write", () -> backend().write(invalid, WriteOperation.upsertReplace(row)));
      operations.put("batch", () -> backend().batch(invalid, List.of(WriteOperation.upsertReplace(row))));
      operations.forEach((operation, call) -> assertThatThrownBy(call)
          .as("%s of table '%s'", operation, invalid)
          .isInstanceOf(IllegalArgumentException.class));
    }
  }

  @Test
  void table_names_of_3_and_63_letters_and_digits_are_accepted() {
    for (String valid : List.of(unusedThreeCharacterName(), sixtyThreeCharacterName())) {
      try {
        backend().createTableIfNotExists(valid);
        assertThat(backend().tableExists(valid)).as("table name '%s'", valid).isTrue();
        backend().write(valid, WriteOperation.upsertReplace(TableRow.keys("p", "r")));
        assertThat(backend().get(valid, "p", "r")).as("row in table '%s'", valid).isPresent();
      } finally {
        backend().deleteTableIfExists(valid);
      }
    }
  }

  /**
   * A random name of 3 characters that no table has: only 33,696 exist, so one may be left over from an aborted run
   * or in use by a concurrent run against a shared store.
   */
  private String unusedThreeCharacterName() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    String name;
    do {
      name = "" + (char) ('a' + random.nextInt(26)) + DIGITS_AND_LETTERS.charAt(random.nextInt(36))
          + DIGITS_AND_LETTERS.charAt(random.nextInt(36));
    } while (backend().tableExists(name));
    return name;
  }

  /** A random name of 63 characters, the longest allowed: "T", a random UUID's 32 hex digits and 30 random digits. */
  private static String sixtyThreeCharacterName() {
    StringBuilder name = new StringBuilder(63).append('T').append(UUID.randomUUID().toString().replace("-", ""));
    ThreadLocalRandom random = ThreadLocalRandom.current();
    while (name.length() < 63) {
      name.append((char) ('0' + random.nextInt(10)));
    }
    return name.toString();
  }
}
