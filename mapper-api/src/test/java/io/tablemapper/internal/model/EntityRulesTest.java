package io.tablemapper.internal.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.annotations.NamingStrategy;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The rules' wording and the values of default texts, shared by the processor and the runtime. */
class EntityRulesTest {
  @Test
  void aMessageCarriesItsIdInBrackets() {
    Problem problem =
        EntityRules.keyUnknownProperty("@RowKey", "Employee", "employeId", List.of("department", "employeeId"));
    assertThat(problem.rule()).isEqualTo(Rule.KEY_UNKNOWN_PROPERTY);
    assertThat(problem.toString()).isEqualTo("[KeyUnknownProperty] @RowKey of Employee refers to 'employeId', which is not a property of"
            + " Employee (did you mean 'employeeId'?)");
  }

  @Test
  void aSuggestionIsMadeOnlyForALikelyTypo() {
    assertThat(Suggestions.didYouMean("emial", List.of("email", "name"))).isEqualTo(" (did you mean 'email'?)");
    assertThat(Suggestions.didYouMean("salary", List.of("email", "name"))).isEmpty();
  }

  @Test
  void reservedAndIllegalStoredNamesAreProblems() {
    assertThat(EntityRules.storedNameProblem("TmVersion")).contains("reserved by tablemapper");
    assertThat(EntityRules.storedNameProblem("TmWideParts")).contains("reserved by tablemapper");
    assertThat(EntityRules.storedNameProblem("TmWideWrite")).contains("reserved by tablemapper");
    assertThat(EntityRules.storedNameProblem("first name")).isNotNull();
    assertThat(EntityRules.storedNameProblem("firstName")).isNull();
    assertThat(NamingStrategy.PASCAL_CASE.storedName("firstName")).isEqualTo("FirstName");
    assertThat(NamingStrategy.AS_DECLARED.storedName("firstName")).isEqualTo("firstName");
  }

  @Test
  void defaultTextsParseIntoValuesOfTheirKinds() {
    assertThat(PropertyKind.INT.parseDefault("40", List.of(), "int")).isEqualTo(40);
    assertThat(PropertyKind.FLOAT.parseDefault("-Infinity", List.of(), "float"))
        .isEqualTo(Float.NEGATIVE_INFINITY);
    assertThat(PropertyKind.BIG_DECIMAL.parseDefault("1.50", List.of(), "java.math.BigDecimal"))
        .isEqualTo(new BigDecimal("1.50"));
    assertThat(PropertyKind.LOCAL_DATE.parseDefault("2024-01-31", List.of(), "java.time.LocalDate"))
        .isEqualTo(LocalDate.of(2024, 1, 31));
    assertThat(PropertyKind.INSTANT.parseDefault("2024-01-31T10:15:30Z", List.of(), "java.time.Instant"))
        .isEqualTo(Instant.parse("2024-01-31T10:15:30Z"));
    assertThat(PropertyKind.UUID.parseDefault("123e4567-e89b-12d3-a456-426614174000", List.of(),
        "java.util.UUID")).isEqualTo(UUID.fromString("123e4567-e89b-12d3-a456-426614174000"));
    assertThat(PropertyKind.ENUM.parseDefault("OPEN", List.of("OPEN", "CLOSED"), "Status")).isEqualTo("OPEN");
    assertThat((byte[]) PropertyKind.BINARY.parseDefault("AQID", List.of(), "byte[]")).containsExactly(1, 2, 3);
  }

  @Test
  void aDefaultTextThatIsNoValueSaysWhy() {
    assertThatThrownBy(() -> PropertyKind.INT.parseDefault("many", List.of(), "int"))
        .hasMessage("write a number in Java's decimal syntax within the type's range");
    assertThatThrownBy(() -> PropertyKind.ENUM.parseDefault("MAYBE", List.of("OPEN", "CLOSED"), "Status"))
        .hasMessage("it is not a constant of Status (OPEN, CLOSED)");
    assertThatThrownBy(() -> PropertyKind.BINARY.parseDefault("*", List.of(), "byte[]"))
        .hasMessage("write the bytes in Base64");
    assertThatThrownBy(() -> PropertyKind.CHAR.parseDefault("ab", List.of(), "char"))
        .hasMessage("a char default is exactly one character");
    assertThatThrownBy(() -> PropertyKind.INSTANT.parseDefault("1500-01-01T00:00:00Z", List.of(),
        "java.time.Instant")).hasMessageContaining("1601");
  }
}
