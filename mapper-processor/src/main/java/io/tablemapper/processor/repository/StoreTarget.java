package io.tablemapper.processor.repository;

import io.tablemapper.api.QueryKind;
import io.tablemapper.internal.mapping.PlanCosts;
import io.tablemapper.internal.model.Rule;
import io.tablemapper.internal.model.TableTemplate;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.planning.Plan;
import io.tablemapper.processor.util.Diagnostics;
import io.tablemapper.spi.StoreProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The store the application declares it runs on, by the processor option {@value #OPTION} (a {@link StoreProfile}
 * constant's name; {@link StoreProfile#AZURE_TABLE_STORAGE} without it), and what a planned method costs there: its
 * plan as the runtime reports it on that store ({@link PlanCosts}, so both texts are one), and, on a store that keeps
 * no key order, {@code [QueryClientSort]} for a limit or a page over a range that no parameter bounds.
 */
public final class StoreTarget {
  /** The processor option naming the target's {@link StoreProfile}. */
  public static final String OPTION = "tablemapper.store";

  private final StoreProfile profile;

  private StoreTarget(StoreProfile profile) {
    this.profile = profile;
  }

  /**
   * The target the {@value #OPTION} option names, reporting a value that names no profile (the default is then used,
   * so that the compilation's other errors are reported too); Azure Table Storage without it.
   */
  public static StoreTarget of(Map<String, String> options, Diagnostics diagnostics) {
    String value = options.get(OPTION);
    if (value == null) {
      return new StoreTarget(StoreProfile.AZURE_TABLE_STORAGE);
    }
    List<String> names = new ArrayList<>();
    for (StoreProfile profile : StoreProfile.values()) {
      if (profile.name().equals(value.trim())) {
        return new StoreTarget(profile);
      }
      names.add(profile.name());
    }
    diagnostics.error(null, Rule.STORE_OPTION,
        "-A" + OPTION + "=" + value + " names no store profile; use " + String.join(" or ", names)
            + " (the constants of io.tablemapper.spi.StoreProfile), or leave the option out for "
            + StoreProfile.AZURE_TABLE_STORAGE);
    return new StoreTarget(StoreProfile.AZURE_TABLE_STORAGE);
  }

  /** The target's profile. */
  public StoreProfile profile() {
    return profile;
  }

  /** Whether the option named another store than the default, whose costs the plans then state. */
  public boolean declared() {
    return profile != StoreProfile.AZURE_TABLE_STORAGE;
  }

  /**
   * What the method's plan costs on the target, as the runtime appends it to the plan there: empty where the plan
   * costs what it says, else {@code "; on COSMOS_TABLE: sorted in the client"} and, for a limit, its warning.
   */
  public String costNote(RepositoryModel.QueryMethod method, EntityModel entity) {
    String description = method.plan().description();
    return PlanCosts.plan(description, profile, method.plan().kind(), storeOrder(method.kind(), method.plan(), entity),
        method.limit()).substring(description.length());
  }

  /**
   * Whether a run of the method may take its rows in the store's order, as the runtime decides: a count or an exists
   * of one read of one table. The reads of a union are merged in key order, and those of a table per period too.
   */
  static boolean storeOrder(QueryMethodKind kind, Plan plan, EntityModel entity) {
    return kind.ignoresOrder() && !plan.severalReads() && !TableTemplate.isTemplate(entity.table());
  }

  /**
   * Warns, on a target that keeps no key order, of a method with a {@code First}/{@code TopN} limit, or returning a
   * page, whose plan is sorted in the client and reads a range that no parameter bounds: each call then reads the
   * whole range, however few rows it returns.
   */
  void check(MethodContext method, QueryMethodKind kind, Plan plan, int limit) {
    boolean page = method.returns() == RepositoryModel.Returns.PAGE;
    if (profile.ordered() || limit == 0 && !page
        || !PlanCosts.sortedInClient(profile, plan.kind(), storeOrder(kind, plan, method.entity()))) {
      return;
    }
    Plan open = unbounded(plan);
    if (open == null) {
      return;
    }
    String range = open.kind() == QueryKind.TABLE_SCAN ? "every partition of table "
        + method.entity().table()
        : open.mode() == Plan.RowMode.NONE ? "a whole partition" : "a partition's rows under a fixed RowKey prefix";
    String what = limit > 0
        ? " returns the first " + limit + " of " + range + ", which no parameter bounds (" + plan.description()
            + "), and " + profile + " keeps no key order, so each call reads every row of it and sorts them in the"
            + " client: the cost grows with the range, not with the limit"
        : " returns pages of " + range + ", which no parameter bounds (" + plan.description() + "), and " + profile
            + " keeps no key order, so each page reads every row of it and sorts them in the client to start where"
            + " its token resumes: the cost of every page grows with the range, not with the page";
    method.diagnostics().warning(method.element(), Rule.QUERY_CLIENT_SORT,
        method.signature() + what + " (the target is -A" + OPTION + "=" + profile + "). Bound the range by a"
            + " parameter: a condition on a leading RowKey component, or a RowKey range such as the last hour; or"
            + " choose a key design whose first row is a point read, or a PartitionKey per day. The log-tail"
            + " pattern's inverted-ticks RowKey, which puts the newest row first on Azure Table Storage, does not"
            + " help on " + profile + ". Where the range stays small, add @SuppressWarnings(\""
            + Rule.QUERY_CLIENT_SORT.suppressionKey() + "\")");
  }

  /**
   * The first read of a plan whose RowKey range no parameter bounds (a whole partition, a literal prefix, or every
   * partition), or null when every read's is bound by one: a branch of a union, or the plan itself.
   */
  private static Plan unbounded(Plan plan) {
    if (plan.union()) {
      for (Plan branch : plan.branches()) {
        Plan open = unbounded(branch);
        if (open != null) {
          return open;
        }
      }
      return null;
    }
    if (plan.kind() == QueryKind.TABLE_SCAN) {
      return plan;
    }
    if (plan.kind() == QueryKind.POINT || plan.startsWith() != null || plan.lower() != null
        || plan.upper() != null) {
      return null;
    }
    for (Plan.Piece piece : plan.prefix()) {
      if (piece.literal() == null) {
        return null;
      }
    }
    return plan;
  }
}
