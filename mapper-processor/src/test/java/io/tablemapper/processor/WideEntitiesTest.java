package io.tablemapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.tablemapper.processor.Sources.compile;
import static io.tablemapper.processor.Sources.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import io.tablemapper.internal.model.Rule;
import java.io.IOException;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * What the processor accepts and generates of a wide entity ({@code @Wide}), beside the one case per rule in
 * {@link DiagnosticsTest}: more than 252 properties compile; the head (keys, index properties, {@code @Wide(head)})
 * is what the generated mapping names and what queries and projections may use; another type's rows that could take
 * a part row's RowKey are refused.
 */
class WideEntitiesTest {

  private static JavaFileObject stats(int days) {
    return source("Stats", "@Entity(table = \"Stats\") @PartitionKey(\"{employee}\") @RowKey(\"stats_{year:04}\")\n"
        + "@Index(name = \"byTotal\", rowKey = \"total_{total:08}_{year:04}\", form = IndexForm.KEYS)\n"
        + "@Wide(head = \"owner\")\n"
        + "public class Stats { public String employee; public int year; public int total; public String owner;"
        + " public String note; @ETag public String etag; "
        + IntStream.rangeClosed(1, days).mapToObj(d -> "public int day" + d + ";").collect(Collectors.joining(" "))
        + " }");
  }

  @Test
  void an_entity_of_more_than_252_properties_compiles_wide_and_its_mapping_names_its_head() throws IOException {
    Compilation compilation = compile(stats(366),
        source("StatsTotal", "public record StatsTotal(int year, int total, String owner) {}"),
        source("StatsRepository", "@Repository\npublic interface StatsRepository extends TableRepository<Stats> {\n"
            + "  List<StatsTotal> findByEmployee(String employee);\n"
            + "  List<Stats> findByEmployeeAndTotalGreaterThan(String employee, int total);\n"
            + "  @AllowScan List<Stats> findByEmployeeAndOwner(String employee, String owner);\n"
            + "  List<Stats> findByEmployeeOrderByTotal(String employee);\n}"));

    assertThat(compilation).succeededWithoutWarnings();
    String mapping = compilation.generatedSourceFile("test.Stats__Mapping").orElseThrow().getCharContent(true)
        .toString();
    assertThat(mapping.replaceAll("\\s+", " "))
        .contains(".wide(Stats_.EMPLOYEE, Stats_.YEAR, Stats_.TOTAL, Stats_.OWNER)");
  }

  @Test
  void the_same_entity_without_wide_is_refused_for_its_property_count_with_the_way_out() {
    Compilation compilation = compile(source("Stats", "@Entity(table = \"Stats\") @PartitionKey(\"{employee}\")"
        + " @RowKey(\"stats_{year:04}\")\npublic class Stats { public String employee; public int year; "
        + IntStream.rangeClosed(1, 366).mapToObj(d -> "public int day" + d + ";").collect(Collectors.joining(" "))
        + " }"));

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[" + Rule.PROPERTY_COUNT.id() + "]");
    assertThat(compilation).hadErrorContaining("store it over several rows with @Wide");
  }

  @Test
  void another_type_whose_rows_could_take_a_part_rows_keys_is_refused() {
    Compilation compilation = compile(stats(300), source("Other", "@Entity(table = \"Stats\")"
        + " @PartitionKey(\"{employee}\") @RowKey(\"stats_{year:04}~{n:02}\")\n"
        + "public record Other(String employee, int year, int n) {}"));

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[" + Rule.KEY_SPACE_OVERLAP.id() + "]");
    assertThat(compilation).hadErrorContaining("stats_{year:04}~{part:02}");
  }

  @Test
  void an_index_whose_copies_could_take_a_part_rows_keys_is_refused_on_its_row_key() {
    Compilation compilation = compile(source("E", "@Entity(table = \"Things\") @PartitionKey(\"{a}\")"
        + " @RowKey(\"{b:04}\")\n@Index(name = \"byC\", rowKey = \"{b:04}~{c:02}\", form = IndexForm.KEYS)\n"
        + "@Wide public record E(String a, int b, int c) {}"));

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[" + Rule.WIDE_ROW_KEY.id() + "]");
    assertThat(compilation).hadErrorContaining("can be the RowKeys of the entity's part rows");
  }

  @Test
  void a_wide_entity_keeps_a_key_list_in_its_partition_which_copies_nothing() {
    Compilation compilation = compile(source("Ledger", "@Entity(table = \"Ledgers\") @PartitionKey(\"{office}\")"
            + " @RowKey(\"ledger_{id:06}\")\n"
            + "@Index(name = \"byDesk\", rowKey = \"desk_{desk}_\", unique = false, form = IndexForm.KEY_LIST)\n"
            + "@Wide public class Ledger { public String office; public int id; public String desk; "
            + IntStream.rangeClosed(1, 300).mapToObj(d -> "public int line" + d + ";").collect(Collectors.joining(" "))
            + " }"),
        source("LedgerRepository", "@Repository\npublic interface LedgerRepository extends TableRepository<Ledger> {\n"
            + "  List<Ledger> findByOfficeAndDesk(String office, String desk);\n}"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation.generatedSourceFile("test.Ledger__Mapping")).isPresent();
  }

  @Test
  void a_key_list_of_a_wide_entity_may_not_live_outside_its_partition() {
    Compilation compilation = compile(source("Ledger", "@Entity(table = \"Ledgers\") @PartitionKey(\"{office}\")"
        + " @RowKey(\"ledger_{id:06}\")\n"
        + "@Index(name = \"byDesk\", table = \"Desks\", rowKey = \"desk_{desk}_\", unique = false,"
        + " form = IndexForm.KEY_LIST)\n"
        + "@Wide public record Ledger(String office, int id, String desk) {}"));

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[" + Rule.WIDE_SHAPE.id() + "]");
    assertThat(compilation).hadErrorContaining("lives outside the entity's partition");
  }
}
