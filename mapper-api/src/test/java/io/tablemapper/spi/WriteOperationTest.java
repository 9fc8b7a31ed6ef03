package io.tablemapper.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
}
