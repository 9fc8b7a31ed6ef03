package io.tablemapper.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.InvalidKeyException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The facts of each store profile, and the limits that StoreLimits and BatchRules take from them. */
class StoreProfileTest {

  @Test
  void tableStorageIsOrderedWithKeyTokensAndCosmosIsNot() {
    StoreProfile table = StoreProfile.AZURE_TABLE_STORAGE;
    assertThat(table.ordered()).isTrue();
    assertThat(table.keyContinuation()).isTrue();
    assertThat(table.caseSensitiveTableNames()).isFalse();
    assertThat(table.maxBatchBytes()).isEqualTo(4 * 1024 * 1024);
    assertThat(table.costNote()).isEmpty();
    StoreProfile cosmos = StoreProfile.COSMOS_TABLE;
    assertThat(cosmos.orderedWithinPartition()).isFalse();
    assertThat(cosmos.orderedAcrossPartitions()).isFalse();
    assertThat(cosmos.keyContinuation()).isFalse();
    assertThat(cosmos.caseSensitiveTableNames()).isTrue();
    assertThat(cosmos.maxRowKeyBytes()).isEqualTo(255);
    assertThat(cosmos.maxBatchBytes()).isEqualTo(2 * 1024 * 1024);
    assertThat(cosmos.costNote()).isEqualTo("; on COSMOS_TABLE: sorted in the client");
  }

  @Test
  void aRowKeyOf255BytesOfUtf8IsAcceptedOnCosmosAnd256IsNot() {
    String subject = "Employee";
    // 85 characters of 3 bytes each: 255 bytes
    assertThatCode(() -> StoreLimits.checkRow(TableRow.keys("p", "€".repeat(85)), subject, StoreProfile.COSMOS_TABLE))
        .doesNotThrowAnyException();
    assertThatThrownBy(() -> StoreLimits.checkRow(
            TableRow.keys("p", "€".repeat(85) + "a"), subject, StoreProfile.COSMOS_TABLE))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageStartingWith("RowKey of Employee is 256 bytes of UTF-8; COSMOS_TABLE allows at most 255");
    // Table Storage counts characters only, and a PartitionKey has no byte limit on either
    assertThatCode(() -> StoreLimits.checkRow(TableRow.keys("p", "€".repeat(300)), subject))
        .doesNotThrowAnyException();
    assertThatCode(() -> StoreLimits.checkRow(TableRow.keys("€".repeat(300), "r"), subject, StoreProfile.COSMOS_TABLE))
        .doesNotThrowAnyException();
  }

  @Test
  void aDeleteIsCheckedAgainstTheProfilesKeyLimitToo() {
    WriteOperation delete = WriteOperation.delete("p", "r".repeat(300), null);
    assertThatCode(() -> BatchRules.checkOperation("Orders", delete)).doesNotThrowAnyException();
    assertThatThrownBy(() -> BatchRules.checkOperation("Orders", delete, StoreProfile.COSMOS_TABLE))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("300 bytes of UTF-8");
  }

  @Test
  void aBatchOver2MiBIsRefusedOnCosmosButNotOnTableStorage() {
    List<WriteOperation> operations = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      // about 60 KB each in the estimate: 3 MB in all
      operations.add(WriteOperation.insert(
          TableRow.builder("p", "r" + i).put("Text", "x".repeat(30_000)).build()));
    }
    assertThatCode(() -> BatchRules.check("Orders", operations)).doesNotThrowAnyException();
    assertThatThrownBy(() -> BatchRules.check("Orders", operations, StoreProfile.COSMOS_TABLE))
        .isInstanceOf(BatchException.class)
        .satisfies(e -> assertThat(((BatchException) e).reason()).isEqualTo(BatchException.Reason.TOO_LARGE))
        .hasMessageContaining("at most 2097152 (2 MiB on COSMOS_TABLE)");
  }

  @Test
  void aBatchWithinTheEstimateButOver2MiBAsARequestBodyIsRefusedOnCosmos() {
    List<WriteOperation> operations = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      // 20,000 CJK characters: 40 KB in the estimate, 60 KB of UTF-8 in the body
      operations.add(WriteOperation.insert(
          TableRow.builder("p", "r" + i).put("Text", "漢".repeat(20_000)).build()));
    }
    assertThatThrownBy(() -> BatchRules.check("Orders", operations, StoreProfile.COSMOS_TABLE))
        .isInstanceOf(BatchException.class)
        .hasMessageContaining("request body")
        .hasMessageContaining("2 MiB on COSMOS_TABLE");
  }
}
