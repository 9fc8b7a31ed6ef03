package io.tablemapper.internal.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.QueryKind;
import io.tablemapper.spi.StoreProfile;
import org.junit.jupiter.api.Test;

/** What a plan costs on each store profile: the words the runtime's plans and the processor's Javadoc share. */
class PlanCostsTest {
  private static final String RANGE = "RANGE: PartitionKey = {department}, RowKey starts with empid_";

  @Test
  void onAnOrderedStoreEveryPlanCostsWhatItSays() {
    for (QueryKind kind : QueryKind.values()) {
      assertThat(PlanCosts.sortedInClient(StoreProfile.AZURE_TABLE_STORAGE, kind, false)).isFalse();
      assertThat(PlanCosts.plan(RANGE, StoreProfile.AZURE_TABLE_STORAGE, kind, false, 10)).isEqualTo(RANGE);
    }
  }

  @Test
  void onCosmosARangeWhoseOrderCountsIsSortedInTheClientAndALimitIsWarnedOf() {
    assertThat(PlanCosts.plan(RANGE, StoreProfile.COSMOS_TABLE, QueryKind.RANGE, false, 0))
        .isEqualTo(RANGE + "; on COSMOS_TABLE: sorted in the client");
    assertThat(PlanCosts.plan(RANGE, StoreProfile.COSMOS_TABLE, QueryKind.PARTITION_SCAN, false, 10))
        .isEqualTo(RANGE + "; on COSMOS_TABLE: sorted in the client (warning: reads every row of its range to return"
            + " the first 10: the cost grows with the range, not with the limit; the log-tail pattern does not suit"
            + " COSMOS_TABLE)");
  }

  @Test
  void onCosmosAPointReadAndAReadInTheStoresOrderCostWhatTheySay() {
    assertThat(PlanCosts.plan(RANGE, StoreProfile.COSMOS_TABLE, QueryKind.POINT, false, 1)).isEqualTo(RANGE);
    assertThat(PlanCosts.plan(RANGE, StoreProfile.COSMOS_TABLE, QueryKind.TABLE_SCAN, true, 0)).isEqualTo(RANGE);
    assertThat(PlanCosts.sortedInClient(StoreProfile.COSMOS_TABLE, QueryKind.TABLE_SCAN, false)).isTrue();
  }
}
