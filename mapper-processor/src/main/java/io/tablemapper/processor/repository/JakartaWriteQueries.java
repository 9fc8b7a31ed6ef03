package io.tablemapper.processor.repository;

import io.tablemapper.api.QueryKind;
import io.tablemapper.internal.model.Rule;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.entity.PropertyModel;
import io.tablemapper.processor.planning.Condition;
import io.tablemapper.processor.planning.MethodNameParser;
import io.tablemapper.processor.planning.Operator;
import io.tablemapper.processor.planning.Plan;
import io.tablemapper.processor.planning.QueryPlanner;
import io.tablemapper.processor.util.Diagnostics;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * JDQL {@code UPDATE <Entity> SET ... [WHERE ...]} and {@code DELETE FROM <Entity> [WHERE ...]}, read by
 * {@link JakartaQueries}: a key-sorted store has no update or delete of its own, so each is a query and one
 * conditional write per match. The {@code WHERE} is planned as a derived query's conditions are when it is one
 * group of comparisons joined by {@code AND}, each of an attribute with a parameter, the parameters in the method's
 * order: a condition on every key is a {@code POINT}, on the PartitionKey and a RowKey prefix a {@code RANGE}. Any
 * other {@code WHERE} is evaluated in the client over every entity of the type. A plan that reads more than the
 * keys bound ({@code PARTITION_SCAN}, {@code TABLE_SCAN}, conditions the client evaluates) reads and rewrites every
 * matching entity: it is allowed only under {@code -Atablemapper.jakarta.allowScan=true}, with the
 * {@code [JakartaClientQuery]} warning that says so; without it, it is {@code [JakartaMethod]}.
 */
final class JakartaWriteQueries {
  private final QueryMethodAnalyzer queries;
  private final QueryPlanner planner = new QueryPlanner();

  JakartaWriteQueries(QueryMethodAnalyzer queries) {
    this.queries = queries;
  }

  /** The method of a JDQL UPDATE or DELETE, with its client steps; null when an error was reported. */
  RepositoryModel.QueryMethod analyze(TypeElement repository, EntityModel entity, TypeMirror entityType,
      ExecutableElement method, ExecutableType type, List<PropertyModel> keys, JakartaQueries.Jdql jdql,
      boolean allowScan, Diagnostics diagnostics) {
    String signature = QueryMethodAnalyzer.signature(repository, method);
    boolean delete = jdql.write().equals("DELETE");
    RepositoryModel.WriteResult result = result(type.getReturnType());
    if (result == null) {
      diagnostics.error(method, Rule.QUERY_RETURN_TYPE, signature + ": @Query (JDQL) " + jdql.write() + " returns"
          + " void, int or long (the number of entities it " + (delete ? "deleted" : "updated") + "), or boolean"
          + " (whether it " + (delete ? "deleted" : "updated") + " any), not " + type.getReturnType());
      return null;
    }
    List<String> whereParameters = new ArrayList<>();
    for (int i = 0; i < method.getParameters().size(); i++) {
      VariableElement parameter = method.getParameters().get(i);
      String name = parameter.getSimpleName().toString();
      if (JakartaClientQueries.isClientParameter(type.getParameterTypes().get(i))) {
        diagnostics.error(parameter, Rule.JAKARTA_METHOD, signature + ": parameter '" + name + "' sorts, limits or"
            + " pages, but a JDQL " + jdql.write() + " returns no entities; remove it");
        return null;
      }
      if (!jdql.setParameters().contains(name)) {
        whereParameters.add(name);
      }
    }
    for (String name : whereParameters) {
      if (!mentioned(jdql, name)) {
        diagnostics.error(method, Rule.QUERY_PARAMETER_COUNT, signature + ": parameter '" + name + "' is used"
            + " nowhere in the query; remove it, or compare an attribute with it (:" + name + ")");
        return null;
      }
    }
    Set<String> clientParameters = new LinkedHashSet<>(jdql.setParameters());
    List<MethodNameParser.Term> storeTerms = storeTerms(jdql, whereParameters);
    RepositoryModel.QueryMethod query = null;
    List<List<RepositoryModel.ClientCondition>> filters = jdql.filters();
    if (storeTerms != null) {
      query = queries.analyzeBase(repository, entity, entityType, method, type, Diagnostics.collecting(),
          MethodNameParser.Result.ofBranches(MethodNameParser.Action.FIND, 0, List.of(storeTerms), List.of()),
          clientParameters);
      if (query != null) {
        filters = List.of();
      }
    }
    if (query == null) { // every condition the client's, over every entity of the type
      clientParameters.addAll(whereParameters);
      query = queries.analyzeBase(repository, entity, entityType, method, type, diagnostics,
          MethodNameParser.Result.ofBranches(MethodNameParser.Action.FIND, 0, List.of(List.of()), List.of()),
          clientParameters);
      if (query == null) {
        return null;
      }
    }
    boolean scans = !filters.isEmpty() || query.plan().kind() == QueryKind.PARTITION_SCAN
        || query.plan().kind() == QueryKind.TABLE_SCAN;
    String cost = (delete ? "reads and deletes" : "reads and rewrites") + " every matching entity of its plan ("
        + query.plan().description() + (filters.isEmpty() ? "" : ", its conditions evaluated in the client") + ")";
    if (scans && !allowScan) {
      diagnostics.error(method, Rule.JAKARTA_METHOD, signature + ": @Query (JDQL) " + jdql.write() + " " + cost
          + "; compare the keys with parameters in its WHERE (WHERE id = :id) to make it a POINT or a RANGE, or"
          + " compile with -A" + JakartaOptions.ALLOW_SCAN + "=true if that is meant");
      return null;
    }
    if (scans) {
      diagnostics.warning(method, Rule.JAKARTA_CLIENT_QUERY, signature + " (JDQL " + jdql.write() + ") " + cost
          + ", one conditional write per entity, so each call costs the whole list of matches (-A"
          + JakartaOptions.ALLOW_SCAN + "=true)");
    }
    RepositoryModel.JdqlWrite write = new RepositoryModel.JdqlWrite(delete, jdql.assignments(), result,
        delete ? null : keyPlan(entity, keys), jdql.filters());
    return query.withClient(new RepositoryModel.Client(List.of(), List.of(), null, 0, null,
        RepositoryModel.ClientResult.LIST, filters, null, write));
  }

  /**
   * The WHERE as the conditions of a derived query, when the store can evaluate it: one group of conditions, each
   * of an attribute (once) with parameters, which are {@code parameters} in order; else null.
   */
  private static List<MethodNameParser.Term> storeTerms(JakartaQueries.Jdql jdql, List<String> parameters) {
    if (jdql.filters().isEmpty()) {
      return parameters.isEmpty() ? List.of() : null;
    }
    if (jdql.filters().size() != 1) {
      return null;
    }
    List<MethodNameParser.Term> terms = new ArrayList<>();
    List<String> operands = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (RepositoryModel.ClientCondition condition : jdql.filters().get(0)) {
      if (condition.term().clientOnly() || !seen.add(condition.property().name())
          || condition.term().operator() == Operator.IN) {
        return null;
      }
      terms.add(condition.term());
      operands.addAll(condition.parameters());
    }
    return operands.equals(parameters) ? terms : null;
  }

  private static boolean mentioned(JakartaQueries.Jdql jdql, String parameter) {
    for (List<RepositoryModel.ClientCondition> group : jdql.filters()) {
      for (RepositoryModel.ClientCondition condition : group) {
        if (condition.parameters().contains(parameter)) {
          return true;
        }
      }
    }
    return false;
  }

  private static RepositoryModel.WriteResult result(TypeMirror returns) {
    switch (returns.getKind()) {
      case VOID:
        return RepositoryModel.WriteResult.VOID;
      case INT:
        return RepositoryModel.WriteResult.INT;
      case LONG:
        return RepositoryModel.WriteResult.LONG;
      case BOOLEAN:
        return RepositoryModel.WriteResult.BOOLEAN;
      default:
        return returns.getKind() == TypeKind.DECLARED && returns.toString().equals("java.lang.Long")
            ? RepositoryModel.WriteResult.LONG : null;
    }
  }

  /** The plan of a read by every key property: a POINT. */
  private Plan keyPlan(EntityModel entity, List<PropertyModel> keys) {
    List<Condition> conditions = new ArrayList<>();
    for (PropertyModel key : keys) {
      conditions.add(new Condition(key, Operator.EQUAL, List.of(key.name())));
    }
    return planner.plan(entity, conditions, 0, List.of());
  }
}
