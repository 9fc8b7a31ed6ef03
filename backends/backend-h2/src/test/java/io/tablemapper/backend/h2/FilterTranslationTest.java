package io.tablemapper.backend.h2;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.spi.EdmType;
import io.tablemapper.spi.Filter;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;

/**
 * Filters evaluated on the stored rows ({@code RowFilter}, decoding only the properties named) select exactly the
 * rows {@link Filter#test} accepts: thousands of random filters (every operator, literals of every type, nested
 * {@code and} / {@code or}, keys and Timestamp) over rows holding the values where stores go wrong: NaN, zeros of
 * both signs, infinities, unsigned bytes, surrogate pairs and the characters around them (a lone surrogate cannot be
 * stored), properties of other types or missing.
 */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class FilterTranslationTest {
  private static final String TABLE = "Filters";
  private static final List<String> NAMES = List.of("v", "w", "missing", "PartitionKey", "RowKey", "Timestamp");

  private final Random random = new Random(7);
  private H2Backend backend;
  /** The rows as read back, with their Timestamps: what {@code Filter.test} is asked about. */
  private List<TableRow> stored;

  @BeforeEach
  void storeRowsOfEveryTypeAndTrickyValue() {
    backend = H2Backend.inMemory();
    backend.createTableIfNotExists(TABLE);
    int count = 0;
    for (String partitionKey : List.of("a", "\uD83D\uDE00", "\uE000")) {
      List<WriteOperation> batch = new ArrayList<>();
      for (int i = 0; i < 60; i++) {
        TableRow.Builder row = TableRow.builder(partitionKey, String.format("%s%02d", randomText(), i));
        if (i % 7 != 0) {
          row.put("v", randomValue());
        }
        if (i % 3 == 0) {
          row.put("w", randomValue());
        }
        batch.add(WriteOperation.insert(row.build()));
        count++;
      }
      // One batch per partition, two single writes: rows with three different Timestamps at least.
      backend.batch(TABLE, batch.subList(0, 58));
      backend.write(TABLE, batch.get(58));
      backend.write(TABLE, batch.get(59));
    }
    stored = all(TableQuery.builder(TABLE).build());
    assertThat(stored).hasSize(count);
  }

  @AfterEach
  void close() {
    backend.close();
  }

  @Test
  void random_filters_select_in_sql_exactly_what_filter_test_accepts() {
    for (int i = 0; i < 1000; i++) {
      Filter filter = randomFilter(3);
      List<TableRow> expected = new ArrayList<>();
      for (TableRow row : stored) {
        if (filter.test(row)) {
          expected.add(row);
        }
      }
      TableQuery query = TableQuery.builder(TABLE).filter(filter).limit(random.nextInt(5) == 0 ? 7 : 1000).build();
      assertThat(all(query)).as("%s", filter).containsExactlyElementsOf(expected);
    }
  }

  @Test
  void every_operator_with_every_literal_type_on_one_property_agrees_with_filter_test() {
    for (EdmType type : EdmType.values()) {
      for (Object literal : pool(type)) {
        for (Filter.Op op : Filter.Op.values()) {
          Filter filter = new Filter.Comparison("v", op, literal);
          List<TableRow> expected = new ArrayList<>();
          for (TableRow row : stored) {
            if (filter.test(row)) {
              expected.add(row);
            }
          }
          assertThat(all(TableQuery.builder(TABLE).filter(filter).build())).as("%s", filter)
              .containsExactlyElementsOf(expected);
        }
      }
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

  private Filter randomFilter(int depth) {
    int kind = random.nextInt(depth > 0 ? 10 : 6);
    if (kind < 6) {
      String name = NAMES.get(random.nextInt(NAMES.size()));
      Object literal;
      if (name.equals("Timestamp") && random.nextInt(3) > 0) {
        Instant stamp = stored.get(random.nextInt(stored.size())).timestamp();
        literal = stamp.plusNanos(random.nextInt(3) - 1);
      } else if (name.endsWith("Key") && random.nextInt(3) > 0) {
        TableRow row = stored.get(random.nextInt(stored.size()));
        literal = name.equals("PartitionKey") ? row.partitionKey() : row.rowKey();
      } else {
        literal = randomValue();
        if (literal instanceof Instant && random.nextBoolean()) {
          literal = ((Instant) literal).plusNanos(1); // finer than any stored value can be
        }
      }
      return new Filter.Comparison(name, Filter.Op.values()[random.nextInt(6)], literal);
    }
    Filter left = randomFilter(depth - 1);
    Filter right = randomFilter(depth - 1);
    return kind < 8 ? Filter.and(left, right) : Filter.or(left, right);
  }

  private Object randomValue() {
    List<Object> values = pool(EdmType.values()[random.nextInt(EdmType.values().length)]);
    return values.get(random.nextInt(values.size()));
  }

  private String randomText() {
    return List.of("", "a", "\uD800\uDC00", "\uE000", "\uFFFF", "O'Brien").get(random.nextInt(6));
  }

  private static List<Object> pool(EdmType type) {
    switch (type) {
      case STRING:
        return List.of("", "a", "a\u0000", "ab", "\uD7FF", "\uDBFF\uDFFF", "\uD800\uDC00", "\uE000", "\uFFFF", "O'Brien",
            "100%");
      case BINARY:
        return List.of(new byte[0], new byte[] {0}, new byte[] {0, 0}, new byte[] {1}, new byte[] {0x7F},
            new byte[] {(byte) 0x80}, new byte[] {(byte) 0xFF}, new byte[] {(byte) 0xFF, 0});
      case BOOLEAN:
        return List.of(false, true);
      case DATE_TIME:
        return List.of(StoreLimits.MIN_DATE_TIME, Instant.EPOCH.minusNanos(100), Instant.EPOCH,
            StoreLimits.MAX_DATE_TIME);
      case DOUBLE:
        return List.of(Double.NaN, Double.NEGATIVE_INFINITY, -Double.MAX_VALUE, -1.5, -Double.MIN_VALUE, -0.0, 0.0,
            Double.MIN_VALUE, 1.5, Double.MAX_VALUE, Double.POSITIVE_INFINITY);
      case GUID:
        return List.of(new UUID(0, 0), new UUID(Long.MAX_VALUE, -1), new UUID(Long.MIN_VALUE, 0), new UUID(-1, -1));
      case INT32:
        return List.of(Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE);
      case INT64:
        return List.of(Long.MIN_VALUE, -1L, 0L, 1L, (long) Integer.MAX_VALUE + 1, Long.MAX_VALUE);
      default:
        throw new AssertionError(type);
    }
  }
}
