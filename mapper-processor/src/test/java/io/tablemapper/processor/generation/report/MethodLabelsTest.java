package io.tablemapper.processor.generation.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Repository methods are named by their parameters too, so that overloads read differently. */
class MethodLabelsTest {

  @Test
  void overloadsAreToldApartByTheirParameterTypesWithoutPackages() {
    assertThat(MethodLabels.parameters(List.of("findByDepartment", "findByDepartment", "findByEmailIn"),
        List.of(List.of("java.lang.String"), List.of("java.lang.String", "io.tablemapper.api.PageRequest"),
            List.of("java.util.Collection<java.lang.String>")))).containsExactly(
        "(String)", "(String, PageRequest)", "(Collection<String>)");
  }

  @Test
  void typesOfOneSimpleNameFromTwoPackagesAreQualified() {
    assertThat(MethodLabels.parameters(List.of("findByAt", "findByAt", "findByDay"),
        List.of(List.of("java.util.Date"), List.of("java.sql.Date"), List.of("java.time.LocalDate"))))
        .containsExactly("(java.util.Date)", "(java.sql.Date)", "(LocalDate)");
  }

  @Test
  void aMethodWithoutParametersHasEmptyBrackets() {
    assertThat(MethodLabels.parameters(List.of("findAll"), List.of(List.of()))).containsExactly("()");
  }
}
