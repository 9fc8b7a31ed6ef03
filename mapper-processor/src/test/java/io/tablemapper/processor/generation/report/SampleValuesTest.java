package io.tablemapper.processor.generation.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.internal.key.KeyType;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The made-up values of example keys: chosen by what a property's name says it holds. */
class SampleValuesTest {

  @ParameterizedTest(name = "{0}.{1} is {2}")
  @CsvSource(delimiter = '|', value = {
      "User       | email          | ada@example.com",
      "User       | workEmail      | ada@example.com",
      "User       | tenant         | contoso",
      "User       | tenantId       | contoso",
      "Employee   | department     | Sales",
      "Department | name           | Sales",
      "Person     | city           | Seattle",
      "Person     | firstName      | Ada",
      "Person     | lastName       | Lovelace",
      "Person     | name           | Ada Lovelace",
      "LogEntry   | service        | billing",
      "Customer   | accountNumber  | ACC-1042",
      "Order      | orderId        | ORD-1042",
      "Reading    | sensor         | sensor-17",
      "Stats      | employeeId     | employee-42",
      "Thing      | id             | thing-42",
      "Tenant     | id             | contoso",
      "Thing      | widgetColour   | blue",
      "Thing      | mysteryField   | mystery-field-1",
      "Thing      | HTTPHeader     | http-header-1"})
  void aStringIsWhatItsNameSaysItHolds(String entity, String property, String expected) {
    assertThat(SampleValues.of(entity, property, KeyType.STRING, List.of(), 0)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0} ({1}, width {2}) is {3}")
  @CsvSource({
      "year, INT, 4, 2024",
      "year, INT, 0, 2024",
      "month, INT, 2, 5",
      "age, INT, 3, 36",
      "employeeId, INT, 6, 42",
      "sequence, INT, 4, 1",
      "amountCents, LONG, 0, 1250",
      "employeeId, INT, 1, 9",
      "widgets, SHORT, 0, 7",
      "amount, BYTE, 0, 127"})
  void aNumberIsSmallAndPlausibleAndFitsItsPadding(String property, KeyType type, int width, long expected) {
    Object value = SampleValues.of("Thing", property, type, List.of(), width);
    assertThat(((Number) value).longValue()).isEqualTo(expected);
    assertThat(value).isInstanceOf(type.boxedClass());
  }

  @ParameterizedTest(name = "a {0} is a date")
  @CsvSource({"INSTANT", "LOCAL_DATE", "OFFSET_DATE_TIME", "LOCAL_DATE_TIME"})
  void aTimeIsOneDate(KeyType type) {
    Object value = SampleValues.of("Thing", "submitted", type, List.of(), 0);
    assertThat(value).isInstanceOf(type.boxedClass());
    assertThat(value.toString()).startsWith("2024-05-01");
  }

  @org.junit.jupiter.api.Test
  void anEnumIsItsFirstConstantAndAUuidLooksLikeOne() {
    assertThat(SampleValues.of("Expense", "status", KeyType.ENUM, List.of("SUBMITTED", "PAID"), 0))
        .isEqualTo("SUBMITTED");
    assertThat(SampleValues.of("Thing", "id", KeyType.UUID, List.of(), 0).toString())
        .matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")
        .isNotEqualTo("00000000-0000-0000-0000-00000000002a");
    assertThat(SampleValues.of("Thing", "at", KeyType.INSTANT, List.of(), 0))
        .isEqualTo(Instant.parse("2024-05-01T09:30:00Z"));
    assertThat(SampleValues.of("Thing", "day", KeyType.LOCAL_DATE, List.of(), 0)).isEqualTo(LocalDate.of(2024, 5, 1));
  }

  @ParameterizedTest(name = "{0} has the words {1}")
  @CsvSource(delimiter = '|', value = {
      "accountNumber | account number",
      "HTTPHeader    | http header",
      "snake_case_id | snake case id",
      "h07           | h07",
      "x             | x"})
  void aNameIsSplitIntoWords(String name, String words) {
    assertThat(SampleValues.words(name)).isEqualTo(List.of(words.split(" ")));
  }
}
