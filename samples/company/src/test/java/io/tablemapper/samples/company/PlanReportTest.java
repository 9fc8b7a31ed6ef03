package io.tablemapper.samples.company;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The build leaves, beside the classes, a plan report per repository (META-INF/tablemapper/plans) that lists every
 * method with the plan the processor chose: what a team reviews when a query changes.
 */
class PlanReportTest {

  private static String report(Class<?> repository) {
    String path = "META-INF/tablemapper/plans/" + repository.getName() + ".txt";
    try (InputStream in = repository.getClassLoader().getResourceAsStream(path)) {
      assertThat(in).as(path).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @ParameterizedTest(name = "{0} has a plan report that lists each of its methods")
  @ValueSource(classes = {
      DepartmentRepository.class, EmployeeRepository.class, ExpenseClaimRepository.class, ReviewRepository.class})
  void everyRepositoryHasAReportListingEachOfItsMethods(Class<?> repository) {
    String report = report(repository);
    assertThat(report).startsWith("tablemapper query plans of " + repository.getName() + "\n");
    for (var method : repository.getDeclaredMethods()) {
      if (!method.isDefault() && !method.isSynthetic()) {
        assertThat(report).contains("\n" + method.getName() + "(");
      }
    }
  }

  @ParameterizedTest(name = "the employee report holds {0}")
  @ValueSource(strings = {
      "methods       10 (3 POINT, 5 RANGE, 1 PARTITION_SCAN, 1 TABLE_SCAN)",
      "index companyEmail PartitionKey email_{email}, RowKey employee (eventually consistent, unique, full copy)",
      "index email   email_{email} (unique, full copy)",
      "findByDepartmentAndEmployeeIdBetween(String department, int from, int to): List<Employee>\n"
          + "  kind          RANGE\n"
          + "  reads         Employee rows\n"
          + "  PartitionKey  = {department}\n"
          + "  RowKey from   empid_{from:06} (included)\n"
          + "  RowKey to     empid_{to:06} (included)\n",
      "findByLastName(String lastName): List<Employee>\n  kind          TABLE_SCAN\n",
      "findByDepartment(String department): List<EmployeeName>\n  kind          RANGE\n  reads         Employee rows\n"
          + "  select        firstName, lastName (projection EmployeeName; no other property is read)\n",
      "  scan          allowed by @AllowScan\n"})
  void theEmployeeReportStatesKindsAndBounds(String expected) {
    assertThat(report(EmployeeRepository.class)).contains(expected);
  }
}
