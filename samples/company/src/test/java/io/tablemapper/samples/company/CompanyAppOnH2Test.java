package io.tablemapper.samples.company;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** On an H2 file, a second run of the sample finds what the first stored, keeps it, and builds on its changes. */
class CompanyAppOnH2Test {
  @TempDir
  static Path directory;

  private static String first;
  private static String second;

  @BeforeAll
  static void runTheSampleTwiceOnOneFile() {
    Properties properties = new Properties();
    properties.setProperty(BackendChoice.BACKEND, "h2");
    properties.setProperty(BackendChoice.H2_FILE, directory.resolve("company").toString());
    BackendChoice backend = BackendChoice.from(properties);
    first = CompanyAppTest.run(backend);
    second = CompanyAppTest.run(backend);
  }

  @Test
  void bothRunsSayWhereTheFileIs() {
    String file = directory.resolve("company.mv.db").toString();
    for (String output : new String[] {first, second}) {
      assertThat(output).startsWith("Backend: H2 database file " + file + " (choose with");
      assertThat(output).contains("The data stay in the H2 database file " + file + ": run again");
    }
  }

  @Test
  void theFirstRunStoresTheCompanyAndTheSecondFindsItInsteadOfInsertingItAgain() {
    assertThat(first).contains("stored Department[name=Sales").contains("stored Review[").contains("stored ExpenseClaim[")
        .doesNotContain("stored by an earlier run");
    assertThat(second)
        .contains("stored by an earlier run, so not inserted again: the Sales department (1 entity)")
        .contains("stored by an earlier run, so not inserted again: its employees (4 entities)")
        .contains("stored by an earlier run, so not inserted again: the Marketing department (1 entity)")
        .contains("stored by an earlier run, so not inserted again: its employees (2 entities)")
        .contains("stored by an earlier run, so not inserted again: the reviews (4 entities)")
        .contains("stored by an earlier run, so not inserted again: the expense claims (4 entities)")
        .doesNotContain("  stored Department[").doesNotContain("  stored Review[");
  }

  @Test
  void theSecondRunStartsFromTheFirstRunsChanges() {
    assertThat(first).contains("Ken Kwok had a birthday: 23 -> 24");
    assertThat(second).contains("Ken Kwok had a birthday: 24 -> 25");
    for (String output : new String[] {first, second}) {
      String old = output.substring(output.indexOf("the old address junc@contoso.com"));
      assertThat(old.substring(0, old.indexOf("the new address"))).contains("(none)");
      assertThat(output).contains("the second update with the stale ETag was refused")
          .contains("page 2: [Cao, Jones], last page");
    }
    assertThat(first).contains("in the Archive table: [ArchivedEmployee[department=Marketing, employeeId=3");
    assertThat(second).contains("archived by an earlier run: [ArchivedEmployee[department=Marketing, employeeId=3");
  }

  @Test
  void bothRunsShowTheGuidesDataModellingPatternsOnTheSameFile() {
    for (String output : List.of(first, second)) {
      assertThat(output).contains("== Data series: the messages employee 123 sent each hour of 2024-05-17")
          .contains("== Wide entities: employee 000123's messages of each day of 2024")
          .contains("== Large entities: an employee with a photo stored out of the row")
          .contains("== Table per period: a log table per day, old days dropped whole");
    }
    assertThat(second).contains("stored by an earlier run, so not inserted again: the year 2024");
  }
}
