package io.tablemapper.processor.repository;

import io.tablemapper.api.QueryKind;
import io.tablemapper.internal.key.KeyTemplate;
import io.tablemapper.internal.key.KeyType;
import io.tablemapper.internal.model.Rule;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.entity.PropertyModel;
import io.tablemapper.processor.planning.Condition;
import io.tablemapper.processor.planning.MethodNameParser;
import io.tablemapper.processor.planning.Plan;
import io.tablemapper.processor.planning.QueryPlanner;
import io.tablemapper.processor.util.Diagnostics;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.lang.model.element.ExecutableElement;

/**
 * The {@code [QueryOrder]} rules: results come in the order of a key, and the store cannot sort. An {@code OrderBy}
 * must be one that an access path's key gives (the planner then reads through that path), and only on methods that
 * return entities; {@code First}/{@code TopN} must not take "the first" of a scan over every partition, whose order
 * the store does not promise.
 */
final class OrderChecks {
  private OrderChecks() {}

  /** Whether an {@code OrderBy} is allowed: on methods that return entities, each property once. */
  static boolean allowed(
      String signature, MethodNameParser.Result parsed, ExecutableElement method, Diagnostics diagnostics) {
    if (parsed.ordering().isEmpty()) {
      return true;
    }
    MethodNameParser.Action action = parsed.action();
    if (action != MethodNameParser.Action.FIND && action != MethodNameParser.Action.GET
        && action != MethodNameParser.Action.STREAM) {
      diagnostics.error(method, Rule.QUERY_ORDER,
          signature + ": " + action.prefix() + " returns no entities, so OrderBy means nothing to it; remove it");
      return false;
    }
    Set<String> seen = new HashSet<>();
    for (MethodNameParser.Order order : parsed.ordering()) {
      if (!seen.add(order.property())) {
        diagnostics.error(method, Rule.QUERY_ORDER,
            signature + ": '" + order.property() + "' appears twice after OrderBy; name each property once");
        return false;
      }
    }
    return true;
  }

  /** Why no access path gives the asked order, with what each gives and how to get it. */
  static String undeliverable(
      QueryPlanner planner, EntityModel entity, List<Condition> conditions, MethodNameParser.Result parsed) {
    List<MethodNameParser.Order> asked = parsed.ordering();
    StringBuilder text = new StringBuilder("orders by ").append(QueryPlanner.describeOrder(asked)).append(", but ");
    List<Plan> candidates = planner.candidates(entity, conditions, parsed.limit());
    if (candidates.get(0).kind() == QueryKind.TABLE_SCAN) {
      return text.append("no condition binds the PartitionKey ").append(entity.partitionKey().template())
          .append(", and across partitions the store promises no order (Cosmos DB's Table API returns them in no")
          .append(" set order); bind it with conditions on ").append(QueryMethodAnalyzer.partitionProperties(entity))
          .append(", or remove the OrderBy").toString();
    }
    text.append("the store cannot sort: ").append(entity.simpleName()).append("s come in the order of a key, and ");
    List<String> given = new ArrayList<>();
    for (Plan candidate : candidates) {
      List<MethodNameParser.Order> order = QueryPlanner.order(candidate, conditions);
      String path = candidate.index() != null
          ? "index " + candidate.index().name() + " (" + candidate.index().rowKey().template() + ")"
          : entity.rowKey() != null ? "their RowKey " + entity.rowKey().template()
          : "the RowKey of each of its subtypes";
      given.add(path + " gives " + (order == null || order.isEmpty() ? "no order of properties"
          : "them by " + QueryPlanner.describeOrder(order)));
    }
    text.append(String.join("; ", given)).append(". Remove the OrderBy and sort the results yourself");
    MethodNameParser.Order first = asked.get(0);
    PropertyModel property = entity.property(first.property());
    if (entity.rowKey() != null && property.stored() && property.keyType() != null && property.keyType() != KeyType.ENUM
        && property.keyType() != KeyType.UUID && (!first.descending() || property.keyType().allowsDesc())) {
      String placeholder = "{" + property.name() + (first.descending() ? ":desc" : "") + "}";
      String name = "by" + MethodNameParser.capitalize(property.name());
      if (property.keyType().selfDelimiting() && !entity.rowKey().properties().isEmpty()) {
        StringBuilder components = new StringBuilder();
        for (KeyTemplate.Placeholder component : entity.rowKey().template().placeholders()) {
          if (!component.property().equals(property.name())) {
            components.append('_').append(component.text());
          }
        }
        text.append(", or add an index that orders by it, for example @Index(name = \"").append(name)
            .append("\", rowKey = \"").append(name.toLowerCase(Locale.ROOT)).append('_')
            .append(placeholder).append(components).append("\", unique = false)");
      } else {
        text.append(", or add an index that ends with it, for example @Index(name = \"").append(name)
            .append("\", rowKey = \"").append(name.toLowerCase(Locale.ROOT)).append('_')
            .append(placeholder).append("\") (each value then belongs to one ").append(entity.simpleName())
            .append(')');
      }
    }
    return text.toString();
  }

  /** Whether a {@code First}/{@code TopN} limit is defined by the plan's order: not over every partition. */
  static boolean limitDeliverable(
      String signature, ExecutableElement method, EntityModel entity, Plan plan, int limit, Diagnostics diagnostics) {
    if (plan.kind() != QueryKind.TABLE_SCAN || limit == 0) {
      return true;
    }
    String written = limit == 1 ? "First" : "Top" + limit;
    diagnostics.error(method, Rule.QUERY_ORDER,
        signature + " takes the " + (limit == 1 ? "first " + entity.simpleName() : "first " + limit + " "
            + entity.simpleName() + "s") + " (" + written + ") of a scan over every partition of table "
            + entity.table() + ", but the store orders rows only within a partition (across partitions Cosmos DB's"
            + " Table API returns them in no set order), so which ones is not defined; bind the PartitionKey "
            + entity.partitionKey().template() + " with conditions on "
            + QueryMethodAnalyzer.partitionProperties(entity)
            + ", or drop " + written + " and take what you need from a Stream<" + entity.simpleName() + "> (stream"
            + methodSuffix(method) + ")");
    return false;
  }

  /** The part of a method name after its action and limit: {@code ByLastName} of {@code findFirstByLastName}. */
  private static String methodSuffix(ExecutableElement method) {
    String name = method.getSimpleName().toString();
    int by = name.indexOf("By");
    return by < 0 ? name : name.substring(by);
  }

}
