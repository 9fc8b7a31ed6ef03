package io.tablemapper.processor.generation;

import com.palantir.javapoet.ClassName;
import io.tablemapper.api.QueryKind;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.planning.MethodNameParser;
import io.tablemapper.processor.planning.Plan;
import io.tablemapper.processor.planning.QueryPlanner;
import io.tablemapper.processor.repository.RepositoryModel;
import io.tablemapper.processor.repository.StoreTarget;
import io.tablemapper.processor.util.Annotations;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;

/**
 * The plan report of a repository: a text resource, {@code META-INF/tablemapper/plans/<repository>.txt} in the
 * compiled output, that lists every derived method with its plan kind, the index it reads through, its PartitionKey
 * and RowKey bounds, its residual filter, the order of its results and its limit — {@code EXPLAIN} at compile time,
 * for code review. One line per fact, in a fixed order, so a diff shows exactly what changed. Compiled for a store
 * other than Azure Table Storage ({@link StoreTarget}), it names that store, and each plan says what it costs there.
 */
public final class PlanReport {
  private static final String DIRECTORY = "META-INF/tablemapper/plans/";
  private static final int LABEL = 14;

  private final StoreTarget target;

  /** A report whose plans state what they cost on {@code target}, the store the application declares. */
  public PlanReport(StoreTarget target) {
    this.target = target;
  }

  /** The resource path of a repository's report, by the repository's binary name. */
  public static String path(RepositoryModel repository) {
    return DIRECTORY + ClassName.get(repository.element()).reflectionName() + ".txt";
  }

  public String render(RepositoryModel repository) {
    if (repository.jakarta() != null && !repository.jakarta().parts().isEmpty()) {
      StringBuilder parts = new StringBuilder(); // a Jakarta Data repository of several entities: each one's plans
      for (RepositoryModel part : repository.jakarta().parts()) {
        parts.append(parts.length() == 0 ? "" : "\n").append(render(part));
      }
      return parts.toString();
    }
    EntityModel entity = repository.entity();
    StringBuilder text = new StringBuilder();
    text.append("tablemapper query plans of ").append(repository.element().getQualifiedName()).append('\n');
    text.append("Generated at compile time from the repository and its entity; do not edit. A changed line here is"
        + " a changed cost in production.\n\n");
    line(text, "", "entity", entity.element().getQualifiedName().toString());
    line(text, "", "table", entity.table());
    line(text, "", "type", entity.typeName());
    line(text, "", "PartitionKey", entity.partitionKey().template().source());
    line(text, "", "RowKey", entity.rowKey() != null ? entity.rowKey().template().source()
        : "none: each subtype of " + entity.simpleName() + " has its own");
    for (EntityModel.IndexModel index : entity.indexes()) {
      String where = !index.remote() ? ""
          : (index.table().equals(entity.table()) ? "" : "table " + index.table() + ", ")
              + "PartitionKey " + index.partitionKey().template().source() + ", RowKey ";
      line(text, "", "index " + index.name(), where + index.rowKey().template().source() + " ("
          + (index.remote() ? "eventually consistent, " : "")
          + (index.unique() ? "unique" : index.keyList() ? "one list per value" : "one copy per "
              + entity.simpleName()) + ", "
          + index.holds() + ")");
    }
    if (target.declared()) {
      line(text, "", "store", target.profile() + " (-A" + StoreTarget.OPTION + ")"
          + (target.profile().ordered() ? "" : ", which keeps no key order: a plan that says \"sorted in the client\""
              + " reads its range whole, then sorts it"));
    }
    line(text, "", "methods", summary(repository.methods()));
    for (RepositoryModel.QueryMethod method : repository.methods()) {
      text.append('\n');
      method(text, entity, method);
    }
    return text.toString();
  }

  private void method(StringBuilder text, EntityModel entity, RepositoryModel.QueryMethod method) {
    Plan plan = method.plan();
    text.append(signature(method)).append('\n');
    line(text, "  ", "kind", plan.kind().name());
    line(text, "  ", "reads", plan.index() == null ? entity.simpleName() + " rows"
        : "index " + plan.index().name() + (plan.index().keyList() ? " key list" : " copies")
            + (plan.copiesAnswer() ? " in table " + plan.index().table() + ", which answer alone (eventually"
                + " consistent: a copy shows its " + entity.simpleName() + " as last reconciled)"
            : !plan.index().followsToEntity() ? ""
            : plan.index().remote() ? " in table " + plan.index().table() + " (eventually consistent), then each "
                + entity.simpleName() + " by its keys, in parallel up to the mapper's readParallelism; a copy whose "
                + entity.simpleName() + " is gone or no longer matches is skipped"
            : ", then each " + entity.simpleName() + " by its keys"));
    if (plan.fanOut() != null) {
      line(text, "  ", "reads each", "one " + plan.kind().name() + " read per distinct element of {" + plan.fanOut()
          + "} (In), run in parallel up to the mapper's readParallelism and merged in key order");
    }
    if (method.projection() != null) {
      List<String> names = new ArrayList<>();
      for (RepositoryModel.Component component : method.projection().components()) {
        names.add(component.name());
      }
      boolean followed = plan.index() != null && plan.index().followsToEntity() && !plan.copiesAnswer();
      line(text, "  ", "select", String.join(", ", names) + " (projection " + method.projection().element()
          .getSimpleName() + (followed ? ", made of each whole " + entity.simpleName() + " its copy leads to)"
              : "; no other property is read)"));
    }
    if (plan.union()) {
      line(text, "  ", "union", "the union of " + plan.branches().size() + " reads, one per branch of the Or, run in"
          + " parallel up to the mapper's readParallelism, merged in key order, each " + entity.simpleName() + " once");
      int number = 1;
      for (Plan branch : plan.branches()) {
        line(text, "  ", "branch " + number++, branch.description());
      }
    } else {
      keys(text, entity, plan);
    }
    if (method.kind().returnsEntities()) {
      line(text, "  ", "order", order(plan, method));
    }
    line(text, "  ", "limit", method.limit() == 0 ? "none" : String.valueOf(method.limit()));
    if (plan.kind() == QueryKind.PARTITION_SCAN || plan.kind() == QueryKind.TABLE_SCAN) {
      line(text, "  ", "scan", Annotations.has(method.element(), Annotations.ALLOW_SCAN) ? "allowed by @AllowScan"
          : "not allowed: a compile warning");
    }
    line(text, "  ", "plan", plan.description() + target.costNote(method, entity));
  }

  /** The keys and filter of a plan of one read. */
  private static void keys(StringBuilder text, EntityModel entity, Plan plan) {
    String partitionKey = QueryPlanner.partitionKey(entity, plan);
    line(text, "  ", "PartitionKey", partitionKey == null ? "any: every partition of table " + entity.table()
        : partitionKey);
    switch (plan.mode()) {
      case RANGE:
        line(text, "  ", "RowKey from", QueryPlanner.lowerBound(plan));
        line(text, "  ", "RowKey to", QueryPlanner.upperBound(plan));
        break;
      case NONE:
        line(text, "  ", "RowKey", "any");
        break;
      default:
        line(text, "  ", "RowKey", QueryPlanner.rowKey(plan));
        break;
    }
    String filter = QueryPlanner.filter(plan);
    line(text, "  ", "filter", filter == null ? "none" : filter);
  }

  private static String order(Plan plan, RepositoryModel.QueryMethod method) {
    List<MethodNameParser.Order> order = QueryPlanner.order(plan, method.conditions());
    if (order == null) {
      return "one entity at most";
    }
    if (plan.kind() == QueryKind.TABLE_SCAN) {
      return "by PartitionKey, then RowKey";
    }
    if (plan.union()) {
      return "by PartitionKey, then RowKey (the reads of the Or merge in key order)";
    }
    if (plan.fanOut() != null && plan.partitionArguments().containsValue(plan.fanOut())) {
      return "by PartitionKey, then RowKey (the reads of the In merge in key order)";
    }
    String asked = method.ordering().isEmpty() ? "" : " (as OrderBy asks)";
    return order.isEmpty() ? "by RowKey text, not by a property" : "by " + QueryPlanner.describeOrder(order) + asked;
  }

  private static String summary(List<RepositoryModel.QueryMethod> methods) {
    Map<QueryKind, Integer> counts = new EnumMap<>(QueryKind.class);
    for (RepositoryModel.QueryMethod method : methods) {
      counts.merge(method.plan().kind(), 1, Integer::sum);
    }
    List<String> parts = new ArrayList<>();
    for (QueryKind kind : QueryKind.values()) {
      parts.add(counts.getOrDefault(kind, 0) + " " + kind.name());
    }
    return methods.size() + " (" + String.join(", ", parts) + ")";
  }

  /** {@code findByDepartment(String department, PageRequest page): Page<Employee>}. */
  private static String signature(RepositoryModel.QueryMethod method) {
    StringBuilder text = new StringBuilder(method.element().getSimpleName()).append('(');
    List<? extends VariableElement> parameters = method.element().getParameters();
    List<? extends TypeMirror> types = method.type().getParameterTypes();
    for (int i = 0; i < parameters.size(); i++) {
      text.append(i == 0 ? "" : ", ").append(simple(types.get(i))).append(' ')
          .append(parameters.get(i).getSimpleName());
    }
    return text.append("): ").append(simple(method.type().getReturnType())).toString();
  }

  private static String simple(TypeMirror type) {
    return type.toString().replaceAll("\\b(?:[a-z_][\\w]*\\.)+", "");
  }

  private static void line(StringBuilder text, String indent, String label, String value) {
    text.append(indent).append(label);
    for (int i = label.length(); i < LABEL; i++) {
      text.append(' ');
    }
    text.append(label.length() >= LABEL ? " " : "").append(value).append('\n');
  }
}
