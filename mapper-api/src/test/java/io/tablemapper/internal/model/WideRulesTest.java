package io.tablemapper.internal.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.spi.StoreLimits;
import org.junit.jupiter.api.Test;

/**
 * A wide entity's rows and its indexes' changes fit one EGT: a copying index changes up to two rows per write (the old
 * copy and the new), a key list up to four (the list left and the list joined, each its head and a part row), and the
 * part rows a wide entity may have are what is left of the 100 operations after its head.
 */
class WideRulesTest {

  @Test
  void aKeyListCountsFourOperationsAndACopyingIndexTwo() {
    assertThat(WideRules.indexOperations(1, 0)).isEqualTo(2);
    assertThat(WideRules.indexOperations(0, 1)).isEqualTo(4);
    assertThat(WideRules.indexOperations(2, 3)).isEqualTo(16);
  }

  @Test
  void thePartsLeftAreWhatTheHeadAndTheIndexesLeaveOfOneEgt() {
    assertThat(WideRules.maxParts(0)).as("two digits").isEqualTo(99);
    int oneList = WideRules.indexOperations(0, 1);
    assertThat(WideRules.maxParts(oneList)).isEqualTo(95);
    assertThat(1 + WideRules.maxParts(oneList) + oneList).isEqualTo(StoreLimits.MAX_BATCH_OPERATIONS);
    assertThat(WideRules.maxProperties(oneList)).isEqualTo(StoreLimits.MAX_PROPERTIES - 4 + 95
        * (StoreLimits.MAX_PROPERTIES - 2));
  }
}
