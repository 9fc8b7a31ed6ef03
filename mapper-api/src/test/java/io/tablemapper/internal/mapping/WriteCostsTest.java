package io.tablemapper.internal.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.internal.mapping.WriteCosts.Kind;
import io.tablemapper.internal.mapping.WriteCosts.Shape;
import org.junit.jupiter.api.Test;

/** What each write of an entity of each shape reads first and sends: the rule the runtime and the Javadoc share. */
class WriteCostsTest {
  private static final Shape PLAIN = new Shape(0, 0, false, 1, false);
  private static final Shape VERSIONED = new Shape(0, 0, false, 2, false);
  private static final Shape LOCAL = new Shape(2, 0, false, 1, false);
  private static final Shape REMOTE = new Shape(1, 2, false, 1, false);
  private static final Shape LARGE = new Shape(0, 0, true, 1, false);
  private static final Shape WIDE = new Shape(0, 0, false, 1, true);

  @Test
  void anInsertNeverReadsAndAMergeOfAVersionOneClassWithoutIndexesNeither() {
    for (Shape shape : new Shape[] {PLAIN, VERSIONED, LOCAL, REMOTE, LARGE, WIDE}) {
      assertThat(WriteCosts.readsFirst(Kind.INSERT, shape, true)).as("%s", shape).isFalse();
    }
    assertThat(WriteCosts.readsFirst(Kind.MERGE, PLAIN, true)).isFalse();
    assertThat(WriteCosts.readsFirst(Kind.UPSERT_MERGE, PLAIN, true)).isFalse();
    assertThat(WriteCosts.readsFirst(Kind.DELETE, PLAIN, true)).isFalse();
    assertThat(WriteCosts.readsFirst(Kind.DELETE, VERSIONED, true)).isFalse();
  }

  @Test
  void indexesLargeValuesWideRowsVersionsAndTheNewerRowGuardReadFirst() {
    for (Kind kind : new Kind[] {Kind.UPSERT, Kind.UPDATE, Kind.MERGE, Kind.UPSERT_MERGE, Kind.DELETE}) {
      assertThat(WriteCosts.readsFirst(kind, LOCAL, false)).as("%s", kind).isTrue();
      assertThat(WriteCosts.readsFirst(kind, REMOTE, false)).as("%s", kind).isTrue();
      assertThat(WriteCosts.readsFirst(kind, LARGE, false)).as("%s", kind).isTrue();
      assertThat(WriteCosts.readsFirst(kind, WIDE, false)).as("%s", kind).isTrue();
    }
    assertThat(WriteCosts.readsFirst(Kind.MERGE, VERSIONED, false)).isTrue(); // a newer row's version marker kept
    assertThat(WriteCosts.readsFirst(Kind.UPDATE, PLAIN, true)).isTrue(); // a newer row refused
    assertThat(WriteCosts.readsFirst(Kind.UPDATE, PLAIN, false)).isFalse();
    assertThat(WriteCosts.readsFirst(Kind.UPSERT, PLAIN, false)).isFalse();
  }

  @Test
  void theJavadocSaysWhatIsSent() {
    assertThat(WriteCosts.describe(Kind.MERGE, PLAIN)).isEqualTo("Sends one Merge Entity request.");
    assertThat(WriteCosts.describe(Kind.UPSERT_MERGE, PLAIN)).isEqualTo("Sends one Insert Or Merge Entity request.");
    assertThat(WriteCosts.describe(Kind.INSERT, PLAIN)).isEqualTo("Sends one Insert Entity request.");
    assertThat(WriteCosts.describe(Kind.UPSERT, PLAIN))
        .isEqualTo("Sends a read of the stored entity, then one write conditional on what was read (an insert where"
            + " nothing was).");
    assertThat(WriteCosts.describe(Kind.INSERT, LOCAL))
        .isEqualTo("Sends one entity group transaction of the entity and its index copies in its partition.");
    assertThat(WriteCosts.describe(Kind.UPDATE, REMOTE))
        .isEqualTo("Sends a read of the stored entity, then one entity group transaction of the entity and its index"
            + " copy in its partition and the record of its pending work; around it the pending work of its 2 indexes"
            + " in other partitions: a registry entry and 2 claims before it, each index reconciled and the record"
            + " and entry deleted after it.");
    assertThat(WriteCosts.describe(Kind.DELETE, new Shape(0, 1, false, 1, false)))
        .isEqualTo("Sends a read of the stored entity, then one entity group transaction of the entity and the"
            + " record of its pending work; around it the pending work of its index in other partitions: a registry"
            + " entry before it, each index reconciled and the record and entry deleted after it.");
    assertThat(WriteCosts.describe(Kind.UPSERT, WIDE))
        .isEqualTo("Sends a read of the stored rows, then one entity group transaction of the entity's rows.");
    assertThat(WriteCosts.describe(Kind.INSERT, LARGE)).isEqualTo("Sends one Insert Entity request, and its @Large"
        + " values as blobs.");
  }
}
