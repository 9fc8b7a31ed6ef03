package io.tablemapper.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.BatchException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The bound of what a write takes on the wire, and the batch rule built on it. That the bound is at least what the
 * Azure SDK really sends is shown against the SDK's own requests in the Azure backend's tests.
 */
class RequestSizeTest {
  private static final String CJK = "\u4E2D";

  @Test
  void eachCharacterOfAJsonStringCountsAtItsLongestFormInUtf8() {
    assertThat(RequestSize.jsonString("")).isEqualTo(2);
    assertThat(RequestSize.jsonString("a")).isEqualTo(3);
    assertThat(RequestSize.jsonString("\"")).isEqualTo(4);
    assertThat(RequestSize.jsonString("\u00E9")).isEqualTo(4);
    assertThat(RequestSize.jsonString(CJK)).isEqualTo(5);
    assertThat(RequestSize.jsonString("\u0001")).isEqualTo(8);
    assertThat(RequestSize.jsonString("\u2028")).isEqualTo(8);
    assertThat(RequestSize.jsonString("\uD83D\uDE00")).isEqualTo(14);
  }

  @Test
  void theIssuesBatchIsWithinTheSizeEstimateButBeyond4MiBAsSentAndIsRefusedAsTooLarge() {
    // 47 entities with two strings of 21,845 CJK characters: 4.1 MB in the estimate, a 6.2 MB request
    List<WriteOperation> operations = cjkInserts(47);
    long estimate = 0;
    for (WriteOperation operation : operations) {
      estimate += StoreLimits.entitySize(operation.row());
    }
    assertThat(estimate).isLessThanOrEqualTo(StoreLimits.MAX_BATCH_SIZE);
    assertThat(RequestSize.batch("Company", operations)).isGreaterThan(6_000_000);

    assertThatThrownBy(() -> BatchRules.check("Company", operations))
        .isInstanceOfSatisfying(BatchException.class, e -> {
          assertThat(e.reason()).isEqualTo(BatchException.Reason.TOO_LARGE);
          assertThat(e.failedIndex()).isEqualTo(-1);
          assertThat(e.getMessage()).contains("table 'Company'", "request body", "4 MiB", "split the batch");
        });
  }

  @Test
  void aBatchOfCjkTextJustBelow4MiBAsSentPassesTheRuleAndOneEntityMoreDoesNot() {
    assertThatCode(() -> BatchRules.check("Company", cjkInserts(31))).doesNotThrowAnyException();
    assertThatThrownBy(() -> BatchRules.check("Company", cjkInserts(32)))
        .isInstanceOfSatisfying(BatchException.class,
            e -> assertThat(e.reason()).isEqualTo(BatchException.Reason.TOO_LARGE));
  }

  @Test
  void theLargestEntitiesTheLimitsAllowAreSentInLessThan4MiBEachWhateverTheirCharacters() {
    String key = CJK.repeat(StoreLimits.MAX_KEY_LENGTH);
    // Control characters are escaped as six bytes each, three times their two bytes of the estimate.
    TableRow.Builder escaped = TableRow.builder(key, key);
    for (int i = 0; i < 15; i++) {
      escaped.putString("s" + i, "\u0001".repeat(StoreLimits.MAX_STRING_LENGTH));
    }
    // The most properties, with the longest names of three-byte letters, each written twice (value, type).
    TableRow.Builder named = TableRow.builder(key, key);
    for (int i = 0; i < StoreLimits.MAX_PROPERTIES; i++) {
      String name = String.format("%03d", i).replace('0', 'a').replace('1', 'b').replace('2', 'c')
          .replace('3', 'd').replace('4', 'e').replace('5', 'f').replace('6', 'g').replace('7', 'h')
          .replace('8', 'i').replace('9', 'j');
      named.putInt64(name + CJK.repeat(StoreLimits.MAX_PROPERTY_NAME_LENGTH - 3), Long.MIN_VALUE);
    }

    for (TableRow row : List.of(escaped.build(), named.build())) {
      StoreLimits.checkRow(row, "the largest entity");
      assertThat(RequestSize.operation("Company", WriteOperation.replace(row, "W/\"datetime'x'\"")))
          .isLessThan(StoreLimits.MAX_BATCH_SIZE);
    }
  }

  @Test
  void aDeleteCountsItsKeysAndEtagButNoBody() {
    long unconditional = RequestSize.operation("Company", WriteOperation.delete("p", "r", null));

    assertThat(RequestSize.operation("Company", WriteOperation.delete("p", "r", "W/\"etag\"")))
        .isEqualTo(unconditional + "If-Match: W/\"etag\"\r\n".length());
    assertThat(RequestSize.operation("Company", WriteOperation.insert(TableRow.keys("p", "r"))))
        .isEqualTo(unconditional + RequestSize.entity(TableRow.keys("p", "r"), null));
  }

  private static List<WriteOperation> cjkInserts(int count) {
    String text = CJK.repeat(21_845);
    List<WriteOperation> operations = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      operations.add(WriteOperation.insert(
          TableRow.builder("p", String.format("r%02d", i)).putString("a", text).putString("b", text).build()));
    }
    return operations;
  }
}
