package io.tablemapper.internal.mapping;

import io.tablemapper.api.QueryKind;
import io.tablemapper.spi.StoreProfile;

/**
 * What a planned query costs on a store profile, in the words of its plan: one rule for the runtime (the plan a
 * {@code QueryListener} hears, on the store the mapper runs on) and the processor (the plan in a generated method's
 * Javadoc and in the plan report, on the store {@code -Atablemapper.store} declares), so the two texts are one.
 *
 * <p>On a store that keeps key order every plan costs what it says. On one that keeps none
 * ({@link StoreProfile#ordered()} false) a read whose order counts is read whole and sorted in the client, and its
 * plan ends with the profile's {@link StoreProfile#costNote()}; a read with a {@code First}/{@code TopN} limit also
 * says that it reads its whole range to return the first rows. A point read, and a read that may follow the store's
 * order (a count or an exists of one read of one table), cost what they cost anywhere.
 */
public final class PlanCosts {
  private PlanCosts() {}

  /**
   * Whether a read's plan on a profile says that it is sorted in the client.
   *
   * @param kind the plan's kind
   * @param storeOrder whether the read may take its rows in the store's order: a count or an exists of one read
   */
  public static boolean sortedInClient(StoreProfile profile, QueryKind kind, boolean storeOrder) {
    return !profile.ordered() && kind != QueryKind.POINT && !storeOrder;
  }

  /**
   * The plan of a read as run on a profile: {@code plan}, and on a store that keeps no key order what its order
   * costs there ({@link #sortedInClient}), with a warning when it has a limit.
   *
   * @param plan the processor's plan, which holds for every profile
   * @param kind the plan's kind
   * @param storeOrder as for {@link #sortedInClient}
   * @param limit the {@code First}/{@code TopN} limit, or 0 for none
   */
  public static String plan(String plan, StoreProfile profile, QueryKind kind, boolean storeOrder, int limit) {
    if (!sortedInClient(profile, kind, storeOrder)) {
      return plan;
    }
    String note = plan + profile.costNote();
    return limit > 0
        ? note + " (warning: reads every row of its range to return the first " + limit
            + ": the cost grows with the range, not with the limit; the log-tail pattern does not suit " + profile + ")"
        : note;
  }
}
