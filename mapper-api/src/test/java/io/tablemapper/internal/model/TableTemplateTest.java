package io.tablemapper.internal.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Table-name templates of a table per period: their form, the names they yield, and the period of a name. */
class TableTemplateTest {

  @ParameterizedTest
  @CsvSource({
    "Logs{at:year}, Logs2025",
    "Logs{at:month}, Logs202503",
    "Logs{at:day}, Logs20250307",
    "Logs{at:hour}, Logs2025030723",
  })
  void eachUnitWritesItsPeriodInUtcDigits(String template, String table) {
    assertThat(TableTemplate.parse(template).table(Instant.parse("2025-03-07T23:59:59Z"))).isEqualTo(table);
  }

  @Test
  void everyTimeTypeOfAPropertyGivesItsUtcPeriod() {
    TableTemplate days = TableTemplate.parse("Logs{at:day}");
    assertThat(days.table(LocalDate.of(2025, 3, 7))).isEqualTo("Logs20250307");
    assertThat(days.table(LocalDateTime.of(2025, 3, 7, 23, 0))).isEqualTo("Logs20250307");
    assertThat(days.table(OffsetDateTime.of(2025, 3, 7, 23, 0, 0, 0, ZoneOffset.ofHours(-2))))
        .isEqualTo("Logs20250308");
    assertThatThrownBy(() -> days.table("2025-03-07")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("java.lang.String");
  }

  @Test
  void aTimeOutsideTheYearsANameCanHoldIsRefusedAndSaidToBeBeforeOrAfter() {
    TableTemplate days = TableTemplate.parse("Logs{at:day}");
    assertThatThrownBy(() -> days.table(Instant.MAX)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("outside the years 0000..9999");
    assertThatThrownBy(() -> days.table(Instant.parse("-0001-12-31T00:00:00Z")))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(TableTemplate.beforeEveryPeriod(Instant.parse("-0001-12-31T00:00:00Z"))).isTrue();
    assertThat(TableTemplate.beforeEveryPeriod(Instant.MAX)).isFalse();
    assertThat(TableTemplate.beforeEveryPeriod(Instant.parse("0000-01-01T00:00:00Z"))).isFalse();
    assertThat(TableTemplate.beforeEveryPeriod(Instant.parse("0000-01-01T00:00:00Z").minusNanos(1))).isTrue();
  }

  @Test
  void aTablesPeriodIsFoundIgnoringCaseAndOnlyInItsOwnTables() {
    TableTemplate days = TableTemplate.parse("Logs{at:day}");
    assertThat(days.periodOf("LOGS20250307")).isEqualTo("20250307");
    assertThat(days.periodOf("Logs2025030")).isNull();
    assertThat(days.periodOf("Logs2025030x")).isNull();
    assertThat(days.periodOf("Logins20250307")).isNull();
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "Logs{at:week}|unit is year, month, day or hour",
    "Logs{at}|unit is year, month, day or hour",
    "Logs{at:day}x|placeholder {property:unit}, last",
    "Logs{a:day}{b:day}|placeholder {property:unit}, last",
    "{at:day}|are not valid table names",
    "9Logs{at:day}|are not valid table names",
    "Lo_gs{at:day}|are not valid table names",
  })
  void aMalformedTemplateOrOneYieldingInvalidNamesHasAProblem(String template, String problem) {
    assertThat(TableTemplate.problem(template)).contains(problem);
  }

  @Test
  void aTemplateWhoseNamesFitHasNoProblem() {
    assertThat(TableTemplate.problem("L{at:year}")).isNull(); // L2025: 5 characters
    assertThat(TableTemplate.problem("L".repeat(53) + "{at:hour}")).isNull(); // 63 characters
    assertThat(TableTemplate.problem("L".repeat(54) + "{at:hour}")).contains("3 to 63 characters");
    assertThat(TableTemplate.isTemplate("Logs")).isFalse();
  }
}
