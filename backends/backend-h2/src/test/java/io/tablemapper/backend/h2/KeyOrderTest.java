package io.tablemapper.backend.h2;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;

/**
 * H2 orders and bounds keys exactly as {@link String#compareTo} does, for keys whose UTF-16, UTF-8 and code-point
 * orders disagree: surrogate pairs, unpaired surrogates, U+E000, U+FFFF. (The conformance kit checks a few such
 * keys; this checks many, and key ranges bounded by them.)
 */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class KeyOrderTest {
  private static final String TABLE = "Keys";
  private static final Comparator<TableRow> KEY_ORDER =
      Comparator.comparing(TableRow::partitionKey).thenComparing(TableRow::rowKey);

  private final Random random = new Random(42);
  private H2Backend backend;
  private List<TableRow> stored;
  private List<String> keys;

  @BeforeEach
  void storeRowsUnderTrickyKeys() {
    backend = H2Backend.inMemory();
    backend.createTableIfNotExists(TABLE);
    Set<String> distinct = new LinkedHashSet<>();
    for (String key : EncodingTest.TRICKY) {
      if (StoreLimits.firstForbiddenKeyChar(key) < 0) {
        distinct.add(key);
      }
    }
    while (distinct.size() < 30) {
      String key = randomKey();
      distinct.add(key);
    }
    keys = new ArrayList<>(distinct);
    List<TableRow> rows = new ArrayList<>();
    for (String partitionKey : keys.subList(0, 10)) {
      List<WriteOperation> batch = new ArrayList<>();
      for (String rowKey : keys) {
        batch.add(WriteOperation.insert(TableRow.keys(partitionKey, rowKey)));
        rows.add(TableRow.keys(partitionKey, rowKey));
      }
      backend.batch(TABLE, batch);
    }
    rows.sort(KEY_ORDER);
    stored = rows;
  }

  @AfterEach
  void close() {
    backend.close();
  }

  @Test
  void rows_come_back_in_utf16_code_unit_order_of_partition_key_then_row_key() {
    assertThat(keysOf(all(TableQuery.builder(TABLE).limit(7).build()))).containsExactlyElementsOf(keysOf(stored));
  }

  @Test
  void key_ranges_bounded_by_tricky_keys_hold_exactly_the_keys_string_compare_to_puts_between_them() {
    for (int i = 0; i < 100; i++) {
      KeyBound partitionFrom = randomBound();
      KeyBound partitionTo = randomBound();
      KeyBound rowFrom = randomBound();
      KeyBound rowTo = randomBound();
      TableQuery query = TableQuery.builder(TABLE)
          .partitionFrom(partitionFrom).partitionTo(partitionTo).rowFrom(rowFrom).rowTo(rowTo)
          .limit(List.of(1, 7, 50, 1000).get(random.nextInt(4)))
          .build();
      List<TableRow> expected = new ArrayList<>();
      for (TableRow row : stored) {
        if (query.matchesKeys(row.partitionKey(), row.rowKey())) {
          expected.add(row);
        }
      }
      assertThat(keysOf(all(query))).as("%s", query).containsExactlyElementsOf(keysOf(expected));
    }
  }

  @Test
  void a_point_read_finds_each_key_exactly() {
    for (TableRow row : stored) {
      assertThat(backend.get(TABLE, row.partitionKey(), row.rowKey()))
          .as("get %s", row.describeKeys())
          .hasValueSatisfying(found -> assertThat(keysOf(List.of(found))).isEqualTo(keysOf(List.of(row))));
    }
  }

  private List<TableRow> all(TableQuery query) {
    List<TableRow> rows = new ArrayList<>();
    String token = null;
    do {
      QueryResult page = backend.query(query.withContinuation(token));
      rows.addAll(page.rows());
      token = page.continuation();
    } while (token != null);
    return rows;
  }

  private KeyBound randomBound() {
    if (random.nextInt(4) == 0) {
      return null;
    }
    String key = random.nextBoolean() ? keys.get(random.nextInt(keys.size())) : randomKey();
    return new KeyBound(key, random.nextBoolean());
  }

  private String randomKey() {
    StringBuilder key = new StringBuilder();
    int parts = 1 + random.nextInt(3);
    while (key.length() == 0 || parts-- > 0) {
      String part = EncodingTest.TRICKY.get(random.nextInt(EncodingTest.TRICKY.size()));
      if (StoreLimits.firstForbiddenKeyChar(part) < 0) {
        key.append(part);
      }
    }
    return key.toString();
  }

  private static List<String> keysOf(List<TableRow> rows) {
    List<String> keys = new ArrayList<>();
    for (TableRow row : rows) {
      keys.add(EncodingTest.escaped(row.partitionKey()) + "|" + EncodingTest.escaped(row.rowKey()));
    }
    return keys;
  }
}
