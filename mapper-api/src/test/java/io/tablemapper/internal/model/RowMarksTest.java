package io.tablemapper.internal.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The bookkeeping the mapper adds to its rows, named and counted alike: the count is what the writer of copies sizes
 * its rows by, the names what {@code [PropertyCount]} shows.
 */
class RowMarksTest {

  @Test
  void aCopyCarriesItsTypeAndItsEntitysRowKeyAndElsewhereItsPartitionKeyAndInAnotherTableItsTable() {
    assertThat(RowMarks.copyMarks(false, false)).containsExactly("EntityType", "TmPrimaryRowKey");
    assertThat(RowMarks.copyMarks(true, false))
        .containsExactly("EntityType", "TmPrimaryRowKey", "TmPrimaryPartitionKey", "TmWorkIds");
    assertThat(RowMarks.copyMarks(true, true))
        .containsExactly("EntityType", "TmPrimaryRowKey", "TmPrimaryPartitionKey", "TmPrimaryTable", "TmWorkIds");
    assertThat(RowMarks.copyMarks(true, true, true)).as("copies that answer queries name their entity's version")
        .containsExactly("EntityType", "TmPrimaryRowKey", "TmPrimaryPartitionKey", "TmPrimaryTable", "TmWorkIds",
            "TmPrimaryETag");
  }

  @Test
  void theCountOfACopysBookkeepingIsTheNumberOfItsNames() {
    for (boolean remote : new boolean[] {false, true}) {
      for (boolean otherTable : new boolean[] {false, true}) {
        assertThat(RowMarks.copyMarkCount(remote, otherTable)).as("remote %s, other table %s", remote, otherTable)
            .isEqualTo(RowMarks.copyMarks(remote, otherTable).size());
        assertThat(RowMarks.copyMarkCount(remote, otherTable, true)).as("answering, remote %s, other table %s",
            remote, otherTable).isEqualTo(RowMarks.copyMarks(remote, otherTable, true).size());
      }
    }
  }

  @Test
  void anEntitysRowCarriesItsTypeAndFromVersionTwoItsVersion() {
    assertThat(RowMarks.entityMarks(1)).containsExactly("EntityType");
    assertThat(RowMarks.entityMarks(2)).containsExactly("EntityType", "TmVersion");
  }
}
