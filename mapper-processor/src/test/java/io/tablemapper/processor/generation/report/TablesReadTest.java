package io.tablemapper.processor.generation.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.QueryKind;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which tables' sections list a method: every table it reads, so that no method is missing from the report. */
class TablesReadTest {
  private static final Map<String, String> TABLE_OF_SPACE = Map.of(
      "Users/User", "Users", "Users/User.byEmail", "UsersByEmail", "Users/User.byLastName", "Users");

  private static KeyDesign.Read read(List<String> spaces, List<String> follows) {
    return new KeyDesign.Read("UserRepository", "findByEmail", "(String)", QueryKind.POINT, spaces, follows,
        "= {email}", "= user", null, List.of());
  }

  @Test
  void aReadThroughAnIndexTableIsUnderTheIndexTableAndTheEntitysTable() {
    assertThat(KeyDesignBuilder.tablesRead(read(List.of("Users/User.byEmail"), List.of("Users/User")),
        TABLE_OF_SPACE, "Users")).containsExactly("UsersByEmail", "Users");
  }

  @Test
  void aReadThroughAnIndexInOtherPartitionsOfItsTableIsUnderThatTableOnce() {
    assertThat(KeyDesignBuilder.tablesRead(read(List.of("Users/User.byLastName"), List.of("Users/User")),
        TABLE_OF_SPACE, "Users")).containsExactly("Users");
  }

  @Test
  void aReadOfNoKeySpaceOfTheReportIsUnderItsEntitysTable() {
    assertThat(KeyDesignBuilder.tablesRead(read(List.of(), List.of()), TABLE_OF_SPACE, "Users"))
        .containsExactly("Users");
  }

  @Test
  void theMethodIsNamedWithItsParameters() {
    assertThat(read(List.of(), List.of()).label()).isEqualTo("UserRepository.findByEmail(String)");
  }
}
