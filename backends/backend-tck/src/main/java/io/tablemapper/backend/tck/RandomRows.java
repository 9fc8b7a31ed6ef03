package io.tablemapper.backend.tck;

import io.tablemapper.spi.EdmType;
import io.tablemapper.spi.Filter;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;

/**
 * Random keys, rows, filters and queries for the model-based test, drawn from small pools so that operations
 * collide often: few keys (with tricky orderings, and characters that OData literals and URLs must escape), few
 * property names, few values per type.
 */
final class RandomRows {
  static final List<String> PARTITION_KEYS = List.of("", "a", "b", "B", "\u00E9", "\uD83D\uDE00", "O'Brien");
  static final List<String> ROW_KEYS = List.of(
      "", "'", "1", "10", "100%", "2", "X", "x", "x y", "a+b", "a&b=c", "a_b", "\uE000", "\uD83D\uDE00r");
  /** Keys that may bound a range without being stored. */
  private static final List<String> BOUND_ONLY = List.of("0", "a0", "a%", "a_", "c", "O'", "x\u0020z", "\uFFFD");
  private static final List<String> NAMES = List.of("s", "n", "l", "d", "f", "t", "g", "b");
  private static final List<String> FILTER_NAMES = List.of("s", "n", "l", "d", "f", "t", "g", "b", "missing");

  private final Random random;

  RandomRows(Random random) {
    this.random = random;
  }

  String partitionKey() {
    return pick(PARTITION_KEYS);
  }

  String rowKey() {
    return pick(ROW_KEYS);
  }

  /** A row of up to four properties, most of them of their usual type, some of another. */
  TableRow row(String partitionKey, String rowKey) {
    TableRow.Builder row = TableRow.builder(partitionKey, rowKey);
    int count = random.nextInt(5);
    for (int i = 0; i < count; i++) {
      String name = pick(NAMES);
      row.put(name, random.nextInt(8) == 0 ? value(pick(List.of(EdmType.values()))) : value(usualType(name)));
    }
    return row.build();
  }

  /** A row that breaks one of the store's rules. */
  TableRow invalidRow(String partitionKey) {
    switch (random.nextInt(3)) {
      case 0:
        return TableRow.keys(partitionKey, "bad/key");
      case 1:
        return TableRow.builder(partitionKey, rowKey()).putDateTime("d", Instant.parse("2024-01-01T00:00:00.000000001Z")).build();
      default:
        return TableRow.builder(partitionKey, rowKey()).putString("bad name", "x").build();
    }
  }

  /** A random query over the table, with random key ranges, filter, projection and page size. */
  TableQuery query(String table) {
    TableQuery.Builder query = TableQuery.builder(table);
    int partitions = random.nextInt(10);
    if (partitions < 3) {
      query.partitionKey(boundKey(PARTITION_KEYS));
    } else if (partitions < 6) {
      query.partitionFrom(bound(PARTITION_KEYS)).partitionTo(bound(PARTITION_KEYS));
    }
    if (random.nextBoolean()) {
      query.rowFrom(bound(ROW_KEYS)).rowTo(bound(ROW_KEYS));
    }
    if (random.nextBoolean()) {
      query.filter(filter(2));
    }
    int projection = random.nextInt(10);
    if (projection < 2) {
      query.select(List.of());
    } else if (projection < 4) {
      List<String> select = new ArrayList<>();
      for (String name : FILTER_NAMES) {
        if (random.nextInt(3) == 0) {
          select.add(name);
        }
      }
      query.select(select);
    }
    return query.limit(pick(List.of(1, 3, 7, 1000))).build();
  }

  private Filter filter(int depth) {
    int kind = random.nextInt(depth > 0 ? 10 : 7);
    if (kind < 7) {
      Filter.Op op = pick(List.of(Filter.Op.values()));
      int subject = random.nextInt(10);
      if (subject == 0) {
        return new Filter.Comparison("PartitionKey", op, boundKey(PARTITION_KEYS));
      } else if (subject == 1) {
        return new Filter.Comparison("RowKey", op, boundKey(ROW_KEYS));
      } else if (subject == 2) {
        return new Filter.Presence(pick(FILTER_NAMES), random.nextBoolean());
      }
      String name = pick(FILTER_NAMES);
      EdmType type = random.nextInt(6) == 0 || name.equals("missing") ? pick(List.of(EdmType.values())) : usualType(name);
      return new Filter.Comparison(name, op, value(type));
    }
    Filter left = filter(depth - 1);
    Filter right = filter(depth - 1);
    return kind < 9 ? Filter.and(left, right) : Filter.or(left, right);
  }

  private KeyBound bound(List<String> keys) {
    return random.nextInt(4) == 0 ? null : new KeyBound(boundKey(keys), random.nextBoolean());
  }

  private String boundKey(List<String> keys) {
    return random.nextInt(4) == 0 ? pick(BOUND_ONLY) : pick(keys);
  }

  private static EdmType usualType(String name) {
    switch (name) {
      case "s":
        return EdmType.STRING;
      case "n":
        return EdmType.INT32;
      case "l":
        return EdmType.INT64;
      case "d":
        return EdmType.DATE_TIME;
      case "f":
        return EdmType.DOUBLE;
      case "t":
        return EdmType.BOOLEAN;
      case "g":
        return EdmType.GUID;
      default:
        return EdmType.BINARY;
    }
  }

  private Object value(EdmType type) {
    switch (type) {
      case STRING:
        return pick(List.of("", "a", "b", "Z", "\uD83D\uDE00", "\uE000", "O'Brien", "O\u2019Brien", "100%", "a+b",
            "a&b=c", "_", "\\", "a' or PartitionKey ne '"));
      case BINARY:
        return pick(List.of(new byte[0], new byte[] {1}, new byte[] {1, 0}, new byte[] {(byte) 0x80}));
      case BOOLEAN:
        return random.nextBoolean();
      case DATE_TIME:
        return pick(List.of(
            Instant.parse("1601-01-01T00:00:00Z"), Instant.parse("2024-01-01T00:00:00Z"),
            Instant.parse("2024-01-01T00:00:00.0000001Z")));
      case DOUBLE:
        return pick(List.of(Double.NEGATIVE_INFINITY, -1.5, 0.0, 2.5));
      case GUID:
        return pick(List.of(
            UUID.fromString("11111111-1111-1111-1111-111111111111"),
            UUID.fromString("22222222-2222-2222-2222-222222222222")));
      case INT32:
        return pick(List.of(Integer.MIN_VALUE, -1, 0, 1, 2, Integer.MAX_VALUE));
      case INT64:
        return pick(List.of(Long.MIN_VALUE, -1L, 0L, 1L, Long.MAX_VALUE));
      default:
        throw new AssertionError(type);
    }
  }

  <T> T pick(List<T> choices) {
    return choices.get(random.nextInt(choices.size()));
  }
}
