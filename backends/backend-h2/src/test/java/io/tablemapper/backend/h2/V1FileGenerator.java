package io.tablemapper.backend.h2;

import io.tablemapper.spi.EdmType;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Test utility that wrote the schema-version-1 file {@code src/test/resources/h2/v1-small.mv.db} and its dump
 * {@code v1-small.rows.txt}, which {@code MigrationTest} opens with the current release and compares with.
 *
 * <p>The file was made by running this class with the backend-h2 of commit {@code 30e60ff} (the last release of
 * schema version 1, one SQL row per property), before schema version 2 replaced it:
 *
 * <pre>
 * mvn -pl backends/backend-h2 test-compile
 * CP=$(mvn -q -pl backends/backend-h2 dependency:build-classpath -Dmdep.outputFile=/dev/stdout)
 * java -cp backends/backend-h2/target/test-classes:backends/backend-h2/target/classes:$CP \
 *     io.tablemapper.backend.h2.V1FileGenerator backends/backend-h2/src/test/resources/h2/v1-small
 * </pre>
 *
 * <p>Run with a later release it writes the same rows in that release's schema, so the committed file must not be
 * regenerated; a new fixture for a later schema version is made the same way, before that version changes.
 * {@link #dump} is the text both sides compare: every row of every table, in key order, with its ETag, its
 * Timestamp and its properties in stored order, each value with its type and in an exact form (doubles as bits).
 */
public final class V1FileGenerator {
  /** The tables of the fixture, as the dump lists them. */
  static final List<String> TABLES = List.of("Company", "orders", "Empty");

  private V1FileGenerator() {}

  /** Argument: the database path, without {@code .mv.db}; the dump goes to {@code <path>.rows.txt}. */
  public static void main(String[] args) throws IOException {
    Path path = Path.of(args[0]);
    try (H2Backend backend = H2Backend.file(path)) {
      write(backend);
      Files.writeString(Path.of(args[0] + ".rows.txt"), dump(backend), StandardCharsets.US_ASCII);
    }
  }

  /** Writes the fixture's rows: every type, odd keys, merges, replaces, deletes, a dropped table. */
  static void write(H2Backend backend) {
    backend.createTableIfNotExists("Dropped");
    backend.write("Dropped", WriteOperation.insert(TableRow.builder("p", "r").putString("gone", "yes").build()));
    backend.createTableIfNotExists("Company");
    backend.createTableIfNotExists("orders");
    backend.createTableIfNotExists("Empty");
    backend.deleteTableIfExists("Dropped");

    backend.write("Company", WriteOperation.insert(TableRow.builder("Sales", "emp001")
        .putString("name", "Ken \uD83D\uDE00").putBinary("photo", new byte[] {0, (byte) 0xFF, 7})
        .putBoolean("active", true).putDateTime("hired", Instant.parse("2021-03-04T05:06:07.1234567Z"))
        .putDouble("rate", -0.5).putGuid("id", UUID.fromString("123e4567-e89b-12d3-a456-426614174000"))
        .putInt32("age", 23).putInt64("salary", 123_456_789_012L).build()));
    backend.write("Company", WriteOperation.insert(TableRow.builder("Sales", "emp002")
        .putString("empty", "").putBinary("none", new byte[0]).putBoolean("active", false)
        .putDouble("nan", Double.NaN).putDouble("inf", Double.NEGATIVE_INFINITY).putDouble("zero", -0.0)
        .putInt32("min", Integer.MIN_VALUE).putInt64("max", Long.MAX_VALUE)
        .putDateTime("epoch", Instant.EPOCH).putDateTime("early", Instant.parse("1601-01-01T00:00:00Z")).build()));
    backend.write("Company", WriteOperation.insert(TableRow.keys("Sales", "keys only")));
    backend.write("Company", WriteOperation.insert(TableRow.builder("Sales", "merged")
        .putString("a", "first").putInt32("b", 1).build()));
    backend.write("Company", WriteOperation.upsertMerge(TableRow.builder("Sales", "merged")
        .putInt32("b", 2).putString("c", "added").build()));
    backend.write("Company", WriteOperation.insert(TableRow.builder("Sales", "replaced")
        .putString("old", "x").build()));
    backend.write("Company", WriteOperation.upsertReplace(TableRow.builder("Sales", "replaced")
        .putString("new", "y").build()));
    backend.write("Company", WriteOperation.insert(TableRow.builder("Sales", "deleted").putInt32("n", 1).build()));
    backend.write("Company", WriteOperation.delete("Sales", "deleted", null));
    // keys that sort differently by code unit and by code point, and a key of characters beyond Latin-1
    backend.write("Company", WriteOperation.insert(TableRow.builder("\uFFFD", "x").putInt32("n", 1).build()));
    backend.write("Company", WriteOperation.insert(TableRow.builder("\uD83D\uDE00", "x").putInt32("n", 2).build()));
    backend.write("Company", WriteOperation.insert(TableRow.builder("\u00e9t\u00e9", "\u65e5\u672c").build()));
    backend.write("Company", WriteOperation.insert(TableRow.builder("", "").putString("blank", "keys").build()));

    List<WriteOperation> batch = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      batch.add(WriteOperation.insert(TableRow.builder("cust_0000000042", String.format("order_%08d", i))
          .putInt64("orderId", (long) i).putString("status", i % 3 == 0 ? "SHIPPED" : "OPEN")
          .putDouble("total", i * 1.25).putDateTime("placed", Instant.ofEpochSecond(1_700_000_000L + i, 100L * i))
          .build()));
    }
    backend.batch("orders", batch);
    backend.write("orders", WriteOperation.insert(TableRow.builder("cust_0000000043", "order_00000001")
        .putString("long", "z".repeat(5000)).build()));
  }

  /** Every row of {@link #TABLES}, one line each, in key order, paged at 7 rows so that tokens are used too. */
  static String dump(H2Backend backend) {
    StringBuilder text = new StringBuilder();
    for (String table : TABLES) {
      text.append("table ").append(table).append('\n');
      String token = null;
      do {
        QueryResult page = backend.query(TableQuery.builder(table).limit(7).build().withContinuation(token));
        for (TableRow row : page.rows()) {
          text.append(escape(row.partitionKey())).append(" | ").append(escape(row.rowKey())).append(" | ")
              .append(row.etag()).append(" | ").append(row.timestamp());
          for (Map.Entry<String, Object> property : row.properties().entrySet()) {
            text.append(" | ").append(escape(property.getKey())).append(':')
                .append(EdmType.of(property.getValue())).append('=').append(value(property.getValue()));
          }
          text.append('\n');
        }
        token = page.continuation();
      } while (token != null);
    }
    return text.toString();
  }

  private static String value(Object value) {
    if (value instanceof byte[]) {
      return HexFormat.of().formatHex((byte[]) value);
    }
    if (value instanceof Double) {
      return value + "/" + Long.toHexString(Double.doubleToRawLongBits((Double) value));
    }
    if (value instanceof String) {
      String text = (String) value;
      return text.length() > 100 ? escape(text.substring(0, 20)) + "...(" + text.length() + " chars, hash "
          + text.hashCode() + ")" : escape(text);
    }
    return String.valueOf(value);
  }

  private static String escape(String text) {
    StringBuilder escaped = new StringBuilder(text.length() + 2).append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x20 || c > 0x7E || c == '\\' || c == '"') {
        escaped.append(String.format("\\u%04x", (int) c));
      } else {
        escaped.append(c);
      }
    }
    return escaped.append('"').toString();
  }
}
