package io.tablemapper.processor.planning;

import io.tablemapper.api.QueryKind;
import io.tablemapper.internal.key.KeyTemplate;
import io.tablemapper.internal.key.KeyType;
import io.tablemapper.internal.model.PropertyKind;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.entity.KeyModel;
import io.tablemapper.processor.entity.PropertyModel;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Plans a derived query against an entity's keys and indexes: equality on every key component gives a POINT;
 * equality on a leading run of RowKey components, then a range or {@code StartsWith} on the next, gives a RANGE
 * with exact bounds; other conditions become a residual filter. Every access path (the entity's own RowKey and
 * each index that holds a copy of every entity the conditions can match) is planned and the cheapest wins; ties go
 * to the entity's own rows, then to indexes in its partition before remote ones.
 *
 * <p>A remote index (copies in partitions or a table of their own) is planned with its own PartitionKey template:
 * conditions must bind every component of it (equality, or an {@code In} fanned out), then its RowKey as any
 * other; its plans say {@code via index email, eventually consistent}, or, for an index declared
 * {@code reads = IndexReads.COPIES} whose copies hold what the method reads ({@link Plan#answeredByCopies}),
 * {@code via index email, answered by its copies (eventually consistent)}. Reading one of its partitions whole without
 * a residual filter is a RANGE (the copies of one value), never a scan. An {@code OrderBy} keeps only the
 * paths whose key order is that order, since the store cannot sort.
 *
 * <p>An index of the {@code KEY_LIST} form (one row per value listing its entities' keys) serves only a POINT: every
 * component of its keys bound by equality, no {@code In} fan-out and no {@code OrderBy}; it reads the one row of
 * the value, then each entity listed.
 *
 * <p>Conditions joined by {@code Or} ({@link #planOr}) are planned branch by branch. When every branch binds a
 * PartitionKey, the plan is the union of the branches' reads — points, ranges, or partitions with a filter — run in
 * parallel and merged in key order, each entity once; its kind is its worst branch's. A branch is read on the
 * entity's own keys, or through an index only as a POINT, because a range of an index comes in the index's order,
 * which the merge cannot use. When a branch binds no PartitionKey, the plan is one TABLE_SCAN whose filter is the
 * whole {@code Or}: reading the other branches' keys as well would not save that scan.
 */
public final class QueryPlanner {

  /**
   * The plan of conditions joined by {@code Or}, each branch a list of conditions joined by {@code And}.
   *
   * @param branches two or more branches
   */
  public Plan planOr(EntityModel entity, List<List<Condition>> branches, int limit) {
    List<Plan> plans = new ArrayList<>();
    QueryKind worst = QueryKind.POINT;
    for (List<Condition> branch : branches) {
      Plan best = branchPlan(entity, branch);
      plans.add(best);
      worst = best.kind().ordinal() > worst.ordinal() ? best.kind() : worst;
    }
    if (worst == QueryKind.TABLE_SCAN) {
      List<Plan> scans = new ArrayList<>();
      for (List<Condition> branch : branches) {
        scans.add(new Plan(QueryKind.TABLE_SCAN, null, entity.rowKey(), null, Plan.RowMode.NONE, List.of(), null, -1,
            null, null, List.copyOf(branch), null, null, ""));
      }
      Plan draft = new Plan(QueryKind.TABLE_SCAN, null, entity.rowKey(), null, Plan.RowMode.NONE, List.of(), null, -1,
          null, null, List.of(), null, List.copyOf(scans), "");
      return new Plan(QueryKind.TABLE_SCAN, null, entity.rowKey(), null, Plan.RowMode.NONE, List.of(), null, -1,
          null, null, List.of(), null, List.copyOf(scans), describe(entity, draft, limit));
    }
    StringBuilder text = new StringBuilder(worst.name()).append(" (Or: union of ").append(plans.size())
        .append(" reads, run in parallel and merged in key order, each entity once): ");
    String separator = "";
    for (Plan plan : plans) {
      text.append(separator).append('(').append(plan.description()).append(')');
      separator = " or ";
    }
    if (limit > 0) {
      text.append("; first ").append(limit);
    }
    return new Plan(worst, null, entity.rowKey(), null, Plan.RowMode.NONE, List.of(), null, -1, null, null,
        List.of(), null, List.copyOf(plans), text.toString());
  }

  /**
   * The cheapest plan of one branch of an {@code Or} whose results the merge can take: one that reads the entity's
   * own keys (in key order), or a POINT through an index (at most one entity per read).
   */
  public Plan branchPlan(EntityModel entity, List<Condition> branch) {
    Plan best = null;
    for (Plan candidate : candidates(entity, branch, 0)) {
      if (candidate.index() != null && candidate.kind() != QueryKind.POINT) {
        continue;
      }
      if (best == null || better(candidate, best)) {
        best = candidate;
      }
    }
    return best;
  }

  /**
   * The cheapest plan, or null when an ordering is asked for and no access path gives it.
   *
   * @param ordering the {@code OrderBy} properties, or empty
   */
  public Plan plan(EntityModel entity, List<Condition> conditions, int limit, List<MethodNameParser.Order> ordering) {
    Plan best = null;
    for (Plan candidate : candidates(entity, conditions, limit)) {
      boolean keyList = candidate.index() != null && candidate.index().keyList();
      if (!ordering.isEmpty() && (keyList || !delivers(candidate, conditions, ordering))) {
        continue;
      }
      if (best == null || better(candidate, best)) {
        best = candidate;
      }
    }
    return best;
  }

  /**
   * The plan of each access path: the entity's own rows (through its RowKey; an abstract class without one, whose
   * subtypes each have their own, has only its PartitionKey), then each index.
   */
  public List<Plan> candidates(EntityModel entity, List<Condition> conditions, int limit) {
    Map<String, Condition> byProperty = new LinkedHashMap<>();
    for (Condition condition : conditions) {
      byProperty.put(condition.property().name(), condition);
    }
    List<Plan> plans = new ArrayList<>();
    plans.add(plan(entity, null, entity.rowKey(), byProperty, conditions, limit));
    for (EntityModel.IndexModel index : entity.indexes()) {
      if (holdsEveryMatch(entity, index, byProperty)) {
        Plan plan = plan(entity, index, index.rowKey(), byProperty, conditions, limit);
        if (index.keyList() ? plan.kind() == QueryKind.POINT && plan.fanOut() == null
            : !index.remote() || plan.partitionArguments() != null) {
          // a remote index serves only reads of its partitions: scanning its table is never better; a key list
          // serves only a point read of one value (its row lists the entities, in their key order)
          plans.add(plan);
        }
      }
    }
    return plans;
  }

  /**
   * Whether an index has a copy of every entity the conditions can match. An entity whose index value is null has
   * no copy (the index is sparse), so an index serves a query only where each of its nullable properties is
   * compared with a value by a condition, which no entity without the value matches; otherwise reading the copies
   * would silently miss those entities. The properties of a remote index's PartitionKey count alike; a component of
   * the entity's own keys never lacks a value (no entity is stored without its keys).
   */
  private static boolean holdsEveryMatch(EntityModel entity, EntityModel.IndexModel index,
      Map<String, Condition> byProperty) {
    List<PropertyModel> keyed = new ArrayList<>(index.rowKey().properties());
    if (index.remote()) {
      keyed.addAll(index.partitionKey().properties());
    }
    for (PropertyModel property : keyed) {
      if (!property.primitive() && !ownKeyComponent(entity, property)
          && !comparesWithAValue(byProperty.get(property.name()))) {
        return false;
      }
    }
    return true;
  }

  private static boolean ownKeyComponent(EntityModel entity, PropertyModel property) {
    return entity.partitionKey().indexOf(property.name()) >= 0
        || entity.rowKey() != null && entity.rowKey().indexOf(property.name()) >= 0;
  }

  /**
   * Whether a condition only matches rows that hold a value of its property: every comparison does (even
   * {@code Not}, which never matches a row that lacks the property), {@code In} does (its elements are never null),
   * and so does {@code IsNotNull}; {@code IsNull} matches exactly the rows without one.
   */
  private static boolean comparesWithAValue(Condition condition) {
    if (condition == null) {
      return false;
    }
    switch (condition.operator()) {
      case EQUAL:
      case NOT:
      case IN:
      case BETWEEN:
      case GREATER_THAN:
      case GREATER_THAN_EQUAL:
      case LESS_THAN:
      case LESS_THAN_EQUAL:
      case STARTS_WITH:
      case IS_NOT_NULL:
      case NOT_NULL:
      case TRUE:
      case FALSE:
        return true;
      default:
        return false; // IsNull, and any operator not known to need a value
    }
  }

  // ------------------------------------------------------------------ order

  /**
   * The order a plan's results come in, as the key gives it: the RowKey components after those fixed by equality,
   * as far as their encodings sort like their values (numbers, times, booleans; a String only when it ends the
   * key; never an enum, which sorts by name, nor a UUID). Null for a POINT (at most one entity, any order holds)
   * and empty for a TABLE_SCAN, whose order across partitions the store does not promise (Cosmos DB's Table API
   * returns partitions in no particular order).
   */
  public static List<MethodNameParser.Order> order(Plan plan, List<Condition> conditions) {
    if (plan.branches() != null) {
      return new ArrayList<>(); // the merge of an Or's branches: by PartitionKey, then RowKey text
    }
    if (plan.kind() == QueryKind.POINT && plan.fanOut() == null) {
      return null;
    }
    List<MethodNameParser.Order> order = new ArrayList<>();
    if (plan.kind() == QueryKind.TABLE_SCAN || plan.rowKey() == null) {
      return order; // a RowKey of each subtype orders by type first, by no property
    }
    if (plan.fanOut() != null && plan.partitionArguments().containsValue(plan.fanOut())) {
      return order; // one read per PartitionKey: in PartitionKey text order, which is no property's order
    }
    KeyModel rowKey = plan.rowKey();
    for (KeyTemplate.Placeholder placeholder : rowKey.template().placeholders()) {
      PropertyModel property = rowKey.property(placeholder.index());
      if (fixed(property, conditions)) {
        continue;
      }
      KeyType type = property.keyType();
      boolean faithful = type != KeyType.ENUM && type != KeyType.UUID
          && (type.selfDelimiting() || rowKey.template().isLast(placeholder.index()));
      if (!faithful) {
        break;
      }
      order.add(new MethodNameParser.Order(property.name(), placeholder.desc()));
    }
    return order;
  }

  /** Whether a plan's results come in the asked order (properties fixed by equality may be named anywhere). */
  static boolean delivers(Plan plan, List<Condition> conditions, List<MethodNameParser.Order> ordering) {
    List<MethodNameParser.Order> given = order(plan, conditions);
    if (given == null) {
      return true;
    }
    int next = 0;
    for (MethodNameParser.Order asked : ordering) {
      if (fixed(asked.property(), conditions)) {
        continue;
      }
      if (next >= given.size() || !given.get(next).equals(asked)) {
        return false;
      }
      next++;
    }
    return true;
  }

  private static boolean fixed(PropertyModel property, List<Condition> conditions) {
    return fixed(property.name(), conditions);
  }

  private static boolean fixed(String property, List<Condition> conditions) {
    for (Condition condition : conditions) {
      if (condition.property().name().equals(property) && condition.operator() == Operator.EQUAL) {
        return true;
      }
    }
    return false;
  }

  /** An order in words: {@code employeeId, then submitted descending}. */
  public static String describeOrder(List<MethodNameParser.Order> order) {
    List<String> parts = new ArrayList<>();
    for (MethodNameParser.Order item : order) {
      parts.add(item.property() + (item.descending() ? " descending" : ""));
    }
    return String.join(", then ", parts);
  }

  /**
   * Whether a plan beats the best so far: a cheaper kind, then a smaller residual filter; at a tie a strongly
   * consistent path (the entity's rows, an index in its partition) beats a remote index, whose reads may miss an
   * entity written a moment ago and cost a read of each entity.
   */
  private static boolean better(Plan candidate, Plan best) {
    if (candidate.kind().ordinal() != best.kind().ordinal()) {
      return candidate.kind().ordinal() < best.kind().ordinal();
    }
    if (candidate.residual().size() != best.residual().size()) {
      return candidate.residual().size() < best.residual().size();
    }
    return !remote(candidate) && remote(best);
  }

  private static boolean remote(Plan plan) {
    return plan.index() != null && plan.index().remote();
  }

  private Plan plan(
      EntityModel entity, EntityModel.IndexModel index, KeyModel rowKey, Map<String, Condition> byProperty,
      List<Condition> conditions, int limit) {
    Set<Condition> consumed = new HashSet<>();

    // the first In on a key component fans the query out into one read per element; any other In is a filter
    Condition fanOut = null;
    Map<Integer, String> partitionArguments = new LinkedHashMap<>();
    Set<Condition> partitionConditions = new HashSet<>();
    KeyModel partitionKey = index != null && index.remote() ? index.partitionKey() : entity.partitionKey();
    for (KeyTemplate.Placeholder placeholder : partitionKey.template().placeholders()) {
      Condition condition = byProperty.get(partitionKey.property(placeholder.index()).name());
      if (condition == null || !binds(condition, fanOut)) {
        partitionArguments = null;
        break;
      }
      if (condition.operator() == Operator.IN) {
        fanOut = condition;
      }
      partitionArguments.put(placeholder.index(), condition.parameter());
      partitionConditions.add(condition);
    }
    if (partitionArguments != null) {
      consumed.addAll(partitionConditions);
    } else {
      fanOut = null;
    }

    List<Plan.Piece> prefix = new ArrayList<>();
    Plan.RowMode mode = rowKey == null ? Plan.RowMode.NONE : Plan.RowMode.EXACT;
    String startsWith = null;
    int rangePlaceholder = -1;
    Plan.Bound lower = null;
    Plan.Bound upper = null;
    boolean componentBound = false;
    for (KeyTemplate.Segment segment : rowKey == null ? List.<KeyTemplate.Segment>of() : rowKey.template().segments()) {
      if (segment instanceof KeyTemplate.Literal) {
        prefix.add(new Plan.Piece(((KeyTemplate.Literal) segment).text(), -1, null));
        continue;
      }
      KeyTemplate.Placeholder placeholder = (KeyTemplate.Placeholder) segment;
      PropertyModel property = rowKey.property(placeholder.index());
      Condition condition = byProperty.get(property.name());
      if (condition != null && (condition.operator() == Operator.EQUAL
          || partitionArguments != null && binds(condition, fanOut))) {
        if (condition.operator() == Operator.IN) {
          fanOut = condition;
        }
        prefix.add(new Plan.Piece(null, placeholder.index(), condition.parameter()));
        consumed.add(condition);
        componentBound = true;
        continue;
      }
      mode = prefix.isEmpty() ? Plan.RowMode.NONE : Plan.RowMode.PREFIX;
      if (condition != null && condition.operator() == Operator.STARTS_WITH
          && property.keyType() == KeyType.STRING) {
        mode = Plan.RowMode.PREFIX;
        startsWith = condition.parameter();
        rangePlaceholder = placeholder.index();
        consumed.add(condition);
        componentBound = true;
      } else if (condition != null && condition.operator().isRange() && property.kind().orderable()
          && (property.keyType().selfDelimiting() || rowKey.template().isLast(placeholder.index()))) {
        mode = Plan.RowMode.RANGE;
        rangePlaceholder = placeholder.index();
        boolean last = rowKey.template().isLast(placeholder.index());
        Operator operator = placeholder.desc() ? condition.operator().reversed() : condition.operator();
        List<String> parameters = condition.parameters();
        switch (operator) {
          case GREATER_THAN_EQUAL:
            lower = new Plan.Bound(parameters.get(0), true, false);
            break;
          case GREATER_THAN:
            lower = last ? new Plan.Bound(parameters.get(0), false, false) : new Plan.Bound(parameters.get(0), true,
                true);
            break;
          case LESS_THAN_EQUAL:
            upper = last ? new Plan.Bound(parameters.get(0), true, false) : new Plan.Bound(parameters.get(0), false,
                true);
            break;
          case LESS_THAN:
            upper = new Plan.Bound(parameters.get(0), false, false);
            break;
          case BETWEEN:
            String low = placeholder.desc() ? parameters.get(1) : parameters.get(0);
            String high = placeholder.desc() ? parameters.get(0) : parameters.get(1);
            lower = new Plan.Bound(low, true, false);
            upper = last ? new Plan.Bound(high, true, false) : new Plan.Bound(high, false, true);
            break;
          default:
            throw new AssertionError(operator);
        }
        consumed.add(condition);
        componentBound = true;
      }
      break;
    }

    List<Condition> residual = new ArrayList<>();
    for (Condition condition : conditions) {
      if (!consumed.contains(condition)) {
        residual.add(condition);
      }
    }
    boolean literalPrefix = !prefix.isEmpty() && prefix.get(0).literal() != null;
    boolean remote = index != null && index.remote();
    QueryKind kind;
    if (partitionArguments == null) {
      kind = QueryKind.TABLE_SCAN;
    } else if (mode == Plan.RowMode.EXACT) {
      kind = QueryKind.POINT;
    } else if (componentBound || (literalPrefix || remote) && residual.isEmpty()) {
      // a remote index's partition holds the copies of its value: read whole without a filter, it is a range
      kind = QueryKind.RANGE;
    } else {
      kind = QueryKind.PARTITION_SCAN;
    }
    String fanOutParameter = fanOut == null ? null : fanOut.parameter();
    Plan draft = new Plan(kind, index, rowKey, partitionArguments, mode, prefix, startsWith, rangePlaceholder, lower,
        upper, residual, fanOutParameter, null, "");
    return new Plan(kind, index, rowKey, partitionArguments, mode, prefix, startsWith, rangePlaceholder, lower,
        upper, residual, fanOutParameter, null, describe(entity, draft, limit)
            + periods(PeriodBounds.of(entity, conditions, fanOutParameter)));
  }

  /**
   * Whether a condition binds a key component to one value per read: an equality, or the In that the plan fans out
   * over (or, when there is none yet, any In, which then becomes it).
   */
  private static boolean binds(Condition condition, Condition fanOut) {
    return condition.operator() == Operator.EQUAL
        || condition.operator() == Operator.IN && (fanOut == null || fanOut == condition);
  }

  // ------------------------------------------------------------------ the plan in words

  /** The tables of a table per period a plan reads, appended to its text; nothing for one table. */
  private static String periods(PeriodBounds bounds) {
    return bounds == null ? "" : "; in " + bounds.describe();
  }

  /**
   * Writes a plan, for example {@code RANGE: PartitionKey = {department}, RowKey in [empid_{from:08},
   * empid_{to:08}]}. {@code X…} stands for X and every key that starts with X.
   */
  static String describe(EntityModel entity, Plan plan, int limit) {
    StringBuilder text = new StringBuilder(plan.kind().name());
    if (plan.fanOut() != null) {
      text.append(" ×n (one per distinct element of {").append(plan.fanOut()).append("}, merged in key order)");
    }
    if (plan.index() != null) {
      text.append(" via index ").append(plan.index().name());
      if (plan.index().remote()) {
        if (!plan.index().table().equals(entity.table())) {
          text.append(" in table ").append(plan.index().table());
        }
        if (plan.copiesAnswer()) {
          text.append(", answered by its copies (eventually consistent)");
        } else if (plan.index().copyReads()) {
          text.append(", eventually consistent, each copy verified against its entity (its copies cannot answer"
              + " this method)");
        } else {
          text.append(", eventually consistent");
        }
      }
    }
    text.append(": ");
    if (plan.partitionArguments() == null) {
      text.append("every partition of table ").append(entity.table());
    } else {
      text.append("PartitionKey ").append(partitionKey(entity, plan));
    }
    String rowKey = rowKey(plan);
    if (rowKey != null) {
      text.append(", RowKey ").append(rowKey);
    }
    String filter = filter(plan);
    if (filter != null) {
      text.append("; filter ").append(filter);
    }
    if (limit > 0) {
      text.append("; first ").append(limit);
    }
    return text.toString();
  }

  /** The PartitionKey a plan reads: {@code = {department}}; null for every partition. */
  public static String partitionKey(EntityModel entity, Plan plan) {
    return plan.partitionArguments() == null ? null
        : "= " + render(plan.partitionKey(entity), plan.partitionArguments());
  }

  /**
   * The RowKeys a plan reads: {@code = empid_{employeeId:08}}, {@code starts with empid_}, {@code in [empid_{from:08},
   * empid_{to:08}]}; null when any RowKey is read.
   */
  public static String rowKey(Plan plan) {
    String prefix = renderPrefix(plan);
    switch (plan.mode()) {
      case EXACT:
        return "= " + prefix;
      case PREFIX:
        return "starts with " + prefix + (plan.startsWith() != null ? "{" + plan.startsWith() + "}" : "");
      case RANGE:
        StringBuilder text = new StringBuilder("in ");
        if (plan.lower() == null) {
          text.append('[').append(prefix);
        } else {
          text.append(plan.lower().inclusive() && !plan.lower().successor() ? '[' : '(')
              .append(bound(plan, plan.lower()));
        }
        text.append(", ");
        if (plan.upper() == null) {
          text.append(prefix).append("…)");
        } else {
          text.append(bound(plan, plan.upper()));
          text.append(plan.upper().successor() ? "]" : plan.upper().inclusive() ? "]" : ")");
        }
        return text.toString();
      default:
        return null;
    }
  }

  /** The lowest RowKey of a RANGE, in words: {@code empid_{from:08} (included)}. */
  public static String lowerBound(Plan plan) {
    if (plan.lower() == null) {
      return renderPrefix(plan) + " (included)";
    }
    return bound(plan, plan.lower()) + (plan.lower().successor() ? " (excluded, with every key that starts with it)"
        : plan.lower().inclusive() ? " (included)" : " (excluded)");
  }

  /** The highest RowKey of a RANGE, in words: {@code empid_{to:08} (included)}. */
  public static String upperBound(Plan plan) {
    if (plan.upper() == null) {
      return renderPrefix(plan) + "… (the last key that starts with " + renderPrefix(plan) + ")";
    }
    return bound(plan, plan.upper()) + (plan.upper().successor() ? " (included, with every key that starts with it)"
        : plan.upper().inclusive() ? " (included)" : " (excluded)");
  }

  /** One end of a range: the prefix, the parameter's encoding, and {@code …} for every key that starts with it. */
  private static String bound(Plan plan, Plan.Bound bound) {
    KeyTemplate.Placeholder placeholder = plan.rowKey().template().placeholders().get(plan.rangePlaceholder());
    return renderPrefix(plan) + component(placeholder, bound.parameter()) + (bound.successor() ? "…" : "");
  }

  /**
   * The residual filter: {@code age gt {age} and lastName eq {lastName}}; null when there is none. A condition on a
   * {@code long} property says it matches both integer encodings ({@code Values.int64}).
   */
  public static String filter(Plan plan) {
    if (plan.branches() != null && plan.kind() == QueryKind.TABLE_SCAN) {
      List<String> alternatives = new ArrayList<>();
      for (Plan branch : plan.branches()) {
        alternatives.add("(" + filter(branch) + ")");
      }
      return String.join(" or ", alternatives);
    }
    if (plan.residual().isEmpty()) {
      return null;
    }
    StringBuilder text = new StringBuilder();
    String separator = "";
    for (Condition condition : plan.residual()) {
      text.append(separator).append(condition.property().name()).append(' ');
      if (condition.operator().operandless()) {
        text.append(condition.operator().text());
      } else if (condition.operator() == Operator.BETWEEN) {
        text.append("between {").append(condition.parameters().get(0)).append("} and {")
            .append(condition.parameters().get(1)).append('}');
      } else {
        text.append(condition.operator().text()).append(" {").append(condition.parameter()).append('}');
      }
      if (condition.property().kind() == PropertyKind.LONG) {
        text.append(" (as Int64 or Int32)");
      }
      separator = " and ";
    }
    return text.toString();
  }

  private static String render(KeyModel key, Map<Integer, String> arguments) {
    StringBuilder text = new StringBuilder();
    for (KeyTemplate.Segment segment : key.template().segments()) {
      if (segment instanceof KeyTemplate.Literal) {
        text.append(((KeyTemplate.Literal) segment).text());
      } else {
        KeyTemplate.Placeholder placeholder = (KeyTemplate.Placeholder) segment;
        text.append(component(placeholder, arguments.get(placeholder.index())));
      }
    }
    return text.toString();
  }

  private static String renderPrefix(Plan plan) {
    StringBuilder text = new StringBuilder();
    for (Plan.Piece piece : plan.prefix()) {
      if (piece.literal() != null) {
        text.append(piece.literal());
      } else {
        KeyTemplate.Placeholder placeholder = plan.rowKey().template().placeholders().get(piece.placeholder());
        text.append(component(placeholder, piece.parameter()));
      }
    }
    return text.toString();
  }

  private static String component(KeyTemplate.Placeholder placeholder, String parameter) {
    String text = placeholder.text();
    return "{" + parameter + text.substring(1 + placeholder.property().length());
  }
}
