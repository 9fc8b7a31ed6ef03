package io.tablemapper.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.InvalidEntityException;
import org.junit.jupiter.api.Test;

/** What a write operation may carry. */
class WriteOperationTest {

  @Test
  void aDeleteCarriesKeysOnly() {
    TableRow withProperties = TableRow.builder("p", "r").putString("a", "x").build();

    assertThatThrownBy(() -> new WriteOperation(WriteOperation.Kind.DELETE, withProperties, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("DELETE carries keys only")
        .hasMessageContaining("[a]");
    assertThat(WriteOperation.delete("p", "r", "*").row().properties()).isEmpty();
  }

  @Test
  void insertsAndUpsertsTakeNoETag() {
    TableRow row = TableRow.keys("p", "r");

    for (WriteOperation.Kind kind : new WriteOperation.Kind[] {
        WriteOperation.Kind.INSERT, WriteOperation.Kind.UPSERT_REPLACE, WriteOperation.Kind.UPSERT_MERGE}) {
      assertThatThrownBy(() -> new WriteOperation(kind, row, "W/\"1\""))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("takes no If-Match");
    }
  }

  @Test
  void onlyASpecificETagMakesAnOperationConditional() {
    TableRow row = TableRow.keys("p", "r");

    assertThat(WriteOperation.replace(row, null).conditional()).isFalse();
    assertThat(WriteOperation.replace(row, "*").conditional()).isFalse();
    assertThat(WriteOperation.replace(row, "W/\"1\"").conditional()).isTrue();
  }

  @Test
  void theStoredRowDecidesWhetherAnOperationMayRun() {
    TableRow row = TableRow.builder("p", "r").putString("a", "x").build();
    String stored = "W/\"2\"";

    assertThatThrownBy(() -> WriteOperation.insert(row).checkPrecondition("Orders", stored))
        .isInstanceOf(EntityExistsException.class)
        .hasMessageContainingAll("'Orders'", "INSERT", "already exists");
    WriteOperation.insert(row).checkPrecondition("Orders", null);

    for (WriteOperation needsRow : new WriteOperation[] {
        WriteOperation.replace(row, null), WriteOperation.merge(row, "*"), WriteOperation.delete("p", "r", null)}) {
      assertThatThrownBy(() -> needsRow.checkPrecondition("Orders", null))
          .isInstanceOf(EntityNotFoundException.class)
          .hasMessageContainingAll("'Orders'", needsRow.kind().name(), "no entity with these keys");
      needsRow.checkPrecondition("Orders", stored);
    }
    for (WriteOperation stale : new WriteOperation[] {
        WriteOperation.replace(row, "W/\"1\""), WriteOperation.merge(row, "W/\"1\""),
        WriteOperation.delete("p", "r", "W/\"1\"")}) {
      assertThatThrownBy(() -> stale.checkPrecondition("Orders", stored))
          .isInstanceOf(ConcurrencyConflictException.class)
          .hasMessageContainingAll("If-Match W/\"1\"", "stored ETag W/\"2\"");
      new WriteOperation(stale.kind(), stale.row(), stored).checkPrecondition("Orders", stored);
    }
    for (WriteOperation upsert : new WriteOperation[] {WriteOperation.upsertReplace(row), WriteOperation.upsertMerge(row)}) {
      upsert.checkPrecondition("Orders", null);
      upsert.checkPrecondition("Orders", stored);
    }
  }

  @Test
  void aMergeReplacesStoredPropertiesInPlaceAndAddsNewOnesLast() {
    TableRow stored = TableRow.builder("p", "r").putString("a", "old").putInt32("b", 1).etag("W/\"1\"").build();
    TableRow changes = TableRow.builder("p", "r").putInt64("c", 3L).putString("a", "new").build();

    TableRow merged = WriteOperation.upsertMerge(changes).mergedInto("Orders", stored);

    assertThat(merged.properties()).containsExactly(entry("a", "new"), entry("b", 1), entry("c", 3L));
    assertThat(merged.partitionKey()).isEqualTo("p");
    assertThat(merged.rowKey()).isEqualTo("r");
    assertThat(WriteOperation.merge(changes, null).merges()).isTrue();
    assertThat(WriteOperation.replace(changes, null).merges()).isFalse();
    assertThatThrownBy(() -> WriteOperation.replace(changes, null).mergedInto("Orders", stored))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("is not a merge");
  }

  @Test
  void aMergeMayNotLeaveARowBeyondTheLimits() {
    TableRow.Builder full = TableRow.builder("p", "r");
    for (int i = 0; i < StoreLimits.MAX_PROPERTIES; i++) {
      full.putInt32("p" + i, i);
    }
    TableRow stored = full.build();
    WriteOperation oneMore = WriteOperation.merge(TableRow.builder("p", "r").putInt32("extra", 1).build(), null);

    assertThatThrownBy(() -> oneMore.mergedInto("Orders", stored))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageContainingAll("'Orders'", "MERGE", "merged into the stored entity", "253");
    WriteOperation.merge(TableRow.builder("p", "r").putInt32("p0", 7).build(), null).mergedInto("Orders", stored);
  }
}
