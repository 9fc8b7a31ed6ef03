package io.tablemapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.tablemapper.processor.Sources.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The plans of queries of a table per period: the tables each reads, from its conditions on the period's property,
 * in its Javadoc, and the times the generated query hands the runtime to find them.
 */
class PeriodPlansTest {
  private static String repository;

  @BeforeAll
  static void compile() throws IOException {
    Compilation compilation = Sources.compile(
        source("Reading", "@Entity(table = \"Readings{at:month}\")\n@PartitionKey(\"{sensor}\")\n"
            + "@RowKey(\"{at}\")\npublic record Reading(String sensor, LocalDate at, double value) {}"),
        source("ReadingRepository", "@Repository public interface ReadingRepository"
            + " extends TableRepository<Reading> {\n"
            + "  Optional<Reading> findBySensorAndAt(String sensor, LocalDate at);\n"
            + "  List<Reading> findBySensorAndAtBetween(String sensor, LocalDate from, LocalDate to);\n"
            + "  List<Reading> findBySensorAndAtLessThan(String sensor, LocalDate before);\n"
            + "  List<Reading> findBySensorAndAtIn(String sensor, Collection<LocalDate> days);\n"
            + "  @AllowScan long countBySensor(String sensor);\n"
            + "}"));
    assertThat(compilation).succeededWithoutWarnings();
    repository = compilation.generatedSourceFile("test.ReadingRepository__Impl").orElseThrow()
        .getCharContent(true).toString().replaceAll("\"\\s*\\+\\s*\"", "");
  }

  @Test
  void anEqualityReadsTheOneTableOfItsPeriodAndSaysSo() {
    assertThat(repository)
        .contains("POINT: PartitionKey = {sensor}, RowKey = {at}; in table Readings{at:month} of {at}")
        .contains(".periods(at, at)");
  }

  @Test
  void aRangeReadsTheExistingTablesOfItsPeriodsMergedInKeyOrder() {
    assertThat(repository)
        .contains("in the tables of the months from {from} to {to} that exist, one query per table, merged in key"
            + " order")
        .contains(".periods(from, to)")
        .contains("in the tables of the months up to {before} that exist")
        .contains(".periods(null, before)");
  }

  @Test
  void eachElementOfAnInReadsItsOwnPeriodsTable() {
    assertThat(repository).contains(".periods(daysElement, daysElement)");
  }

  @Test
  void noConditionOnThePeriodReadsEveryTable() {
    assertThat(repository).contains("in every month's table that exists, one query per table, merged in key order")
        .contains(".periods(null, null)");
  }
}
