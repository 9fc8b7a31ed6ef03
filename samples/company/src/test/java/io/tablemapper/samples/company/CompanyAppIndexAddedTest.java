package io.tablemapper.samples.company;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.DynamicTable;
import io.tablemapper.api.TableMapper;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sample over reviews stored before {@link Review} declared its index {@code byYear}, as an earlier version of
 * the sample stored them (rows of type Review, no copies): the index is not built, a query through it is refused,
 * the sample builds and verifies it, and a second run finds it ready. A store the sample creates has it ready at
 * once ({@link CompanyAppTest}).
 */
class CompanyAppIndexAddedTest {
  @TempDir
  Path directory;

  @Test
  void overReviewsStoredBeforeTheIndexTheSampleBuildsItAndTheNextRunFindsItReady() {
    Properties properties = new Properties();
    properties.setProperty(BackendChoice.BACKEND, "h2");
    properties.setProperty(BackendChoice.H2_FILE, directory.resolve("company").toString());
    BackendChoice backend = BackendChoice.from(properties);
    try (TableMapper before = TableMapper.builder().backend(backend.open()).build()) {
      DynamicTable company = before.dynamic("Company");
      for (int year = 2021; year <= 2024; year++) {
        company.insert(DynamicEntity.builder("Sales", String.format("review_%06d_%04d", 223, year))
            .putString(TableMapper.DEFAULT_DISCRIMINATOR, "Review")
            .putString("department", "Sales")
            .putInt32("employeeId", 223)
            .putInt32("year", year)
            .putInt32("managerRating", 3 + year % 2)
            .putInt32("peerRating", 4)
            .putString("comments", "review of " + year)
            .build());
      }
    }

    String first = CompanyAppTest.run(backend);
    String section = first.substring(first.indexOf("== An index added to existing data"));
    section = section.substring(0, section.indexOf("\n== ", 1));

    assertThat(section)
        .contains("  state: NOT_BUILT\n")
        .contains("  a query through it is refused: ")
        .contains("mapper.indexes(Review.class).build(\"byYear\")")
        .contains("  building byYear: 4 review(s) read, 4 copies written,")
        .contains("  built: 4 review(s) read, 4 lacked their copy, 4 copies written; state now READY\n")
        .contains("  verified: every review has its copy, and no copy is stale or orphaned\n")
        .contains("Review[department=Sales, employeeId=223, year=2023, managerRating=4, peerRating=4,"
            + " comments=review of 2023]");
    assertThat(first).contains("stored by an earlier run, so not inserted again: the reviews (4 entities)");

    String second = CompanyAppTest.run(backend);
    assertThat(second).contains("== An index added to existing data").contains("  state: READY\n")
        .doesNotContain("building byYear");
  }
}
