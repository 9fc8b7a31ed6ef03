package io.tablemapper.cli;

import io.tablemapper.api.TableMapper;
import io.tablemapper.cli.Failures.CliException;
import java.io.PrintWriter;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code tablemapper inspect TABLE [PARTITION]}: the rows of a table, or of one of its partitions, in key order;
 * those of the entity classes given decoded as their entities (type and properties by name), the others (index rows,
 * wide entities' parts, unknown types, rows their class cannot read) as stored.
 */
@Command(name = "inspect", mixinStandardHelpOptions = true,
    description = {"Prints the rows of a table, or of one partition, in key order: rows of the given entity classes"
        + " decoded (type and properties by name), the others (index rows, unknown types) as stored."},
    footer = {"", "Exit codes: 0 printed, 2 bad command line, 3 failed."})
final class InspectCommand implements Callable<Integer> {
  /** The longest value the table format prints whole. */
  private static final int MAX_VALUE = 80;

  /** The formats. */
  enum Format { TABLE, JSON }

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Mixin
  Application application;

  @Parameters(index = "0", paramLabel = "TABLE", description = "The table.")
  String table;

  @Parameters(index = "1", paramLabel = "PARTITION", arity = "0..1",
      description = "Only this partition (its PartitionKey).")
  String partition;

  @Option(names = "--limit", paramLabel = "ROWS", defaultValue = "100",
      description = "The most rows to print, 0 for all (default: ${DEFAULT-VALUE}).")
  int limit;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
      description = "table (aligned columns) or json (default: ${DEFAULT-VALUE}).")
  Format format;

  @Override
  public Integer call() {
    if (limit < 0) {
      throw new CliException("--limit " + limit + " is negative: give the most rows to print, or 0 for all");
    }
    TableMapperCli.Tools tools = ((TableMapperCli) spec.root().userObject()).tools();
    List<Class<?>> classes = application.entityClasses();
    Set<String> types = new TreeSet<>();
    classes.forEach(type -> types.add(EntityCount.typeName(type)));
    boolean[] more = new boolean[1];
    List<ShownRow> rows;
    try (TableMapper mapper = application.open(tools, classes)) {
      rows = new RowDecoder(mapper, table, types, application.discriminator).read(partition, limit, more);
    }
    PrintWriter out = spec.commandLine().getOut();
    if (format == Format.JSON) {
      printJson(out, rows);
    } else {
      printTable(out, rows, more[0], classes.isEmpty());
    }
    out.flush();
    return TableMapperCli.OK;
  }

  private void printTable(PrintWriter out, List<ShownRow> rows, boolean more, boolean noClasses) {
    String where = partition == null ? "table " + table : "partition " + partition + " of table " + table;
    if (rows.isEmpty()) {
      out.println("No rows in " + where + ".");
      return;
    }
    TextTable text = new TextTable("PARTITION KEY", "ROW KEY", "TYPE", "PROPERTIES");
    int decoded = 0;
    for (ShownRow row : rows) {
      String type = row.kind() == ShownRow.Kind.ENTITY ? row.type()
          : (row.type() == null ? "(no type)" : row.type()) + " [" + row.kind().label() + "]";
      decoded += row.kind() == ShownRow.Kind.ENTITY ? 1 : 0;
      List<String> properties = new ArrayList<>();
      row.properties().forEach((name, value) -> properties.add(name + "=" + text(value)));
      text.row(row.partitionKey(), row.rowKey(), type, String.join(", ", properties));
    }
    text.print(out);
    out.println();
    out.println(rows.size() + (rows.size() == 1 ? " row" : " rows") + " of " + where + ", " + decoded
        + " decoded as entities" + (more ? "; more follow: raise --limit (0 for all)" : "")
        + (noClasses ? "; give the entity classes (--entity, --package) to decode their rows" : ""));
  }

  private static void printJson(PrintWriter out, List<ShownRow> rows) {
    List<Map<String, Object>> json = new ArrayList<>();
    for (ShownRow row : rows) {
      Map<String, Object> object = new LinkedHashMap<>();
      object.put("partitionKey", row.partitionKey());
      object.put("rowKey", row.rowKey());
      object.put("timestamp", row.timestamp());
      object.put("kind", row.kind().name().toLowerCase(java.util.Locale.ROOT));
      object.put("type", row.type());
      if (row.entityClass() != null) {
        object.put("class", row.entityClass().getName());
      }
      object.put("properties", row.properties());
      json.add(object);
    }
    out.println(Json.write(json));
  }

  /** A value in the table format: binary in Base64, arrays by their elements, long values cut short. */
  private static String text(Object value) {
    String text;
    if (value instanceof byte[] bytes) {
      text = "base64:" + Base64.getEncoder().encodeToString(bytes);
    } else if (value != null && value.getClass().isArray()) {
      List<String> items = new ArrayList<>();
      for (int i = 0; i < Array.getLength(value); i++) {
        items.add(String.valueOf(Array.get(value, i)));
      }
      text = items.toString();
    } else {
      text = String.valueOf(value);
    }
    return text.length() <= MAX_VALUE ? text : text.substring(0, MAX_VALUE - 3) + "...";
  }
}
