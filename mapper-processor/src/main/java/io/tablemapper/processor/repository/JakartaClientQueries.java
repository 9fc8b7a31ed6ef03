package io.tablemapper.processor.repository;

import io.tablemapper.internal.model.Rule;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.entity.PropertyModel;
import io.tablemapper.processor.planning.MethodNameParser;
import io.tablemapper.processor.planning.Operator;
import io.tablemapper.processor.util.Annotations;
import io.tablemapper.processor.util.Diagnostics;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/**
 * Jakarta Data methods whose query the client completes, under {@code -Atablemapper.jakarta.allowScan=true}
 * ({@link JakartaOptions}): the store reads the entities the method's conditions match, planned as a derived
 * {@code find} of those conditions is ({@code RANGE}, {@code PARTITION_SCAN}, …, without its order or limit), and
 * the generated code then sorts them (the method's {@code OrderBy}, then its {@code Sort}/{@code Order}
 * parameters), skips and limits them ({@code Limit}, {@code First}), and makes the result: a list, a stream, an
 * array, the one entity (checked unique), an offset {@code Page} or a {@code CursoredPage} whose cursor is the
 * values of its order. Each read is the whole list of matches: the {@code [JakartaClientQuery]} warning says so.
 */
final class JakartaClientQueries {
  private static final List<String> SORTS = List.of(Annotations.JAKARTA_SORT, Annotations.JAKARTA_ORDER);

  private final Types types;
  private final QueryMethodAnalyzer queries;
  private final JakartaWriteQueries writes;

  JakartaClientQueries(Types types, QueryMethodAnalyzer queries) {
    this.types = types;
    this.queries = queries;
    this.writes = new JakartaWriteQueries(queries);
  }

  /**
   * Under {@code -Atablemapper.jakarta.allowScan=true}, a query method (no lifecycle method) the client completes:
   * one with a Sort, Order or Limit parameter, an offset Page or an array, or one the planner
   * refuses as written (an order no key gives, one result of several); added to {@code found}, or its errors
   * reported. False when it is none of these, for the caller to analyze.
   */
  boolean tryClient(
      TypeElement repository, EntityModel entity, TypeMirror entityType, ExecutableElement method,
      ExecutableType type, List<PropertyModel> keyProperties, List<RepositoryModel.QueryMethod> found,
      Diagnostics diagnostics) {
    String signature = QueryMethodAnalyzer.signature(repository, method);
    Diagnostics quiet = Diagnostics.collecting();
    MethodNameParser.Result parsed;
    if (Annotations.has(method, Annotations.JAKARTA_FIND)) {
      parsed = JakartaFindQueries.of(signature, method, type, entity, MethodNameParser.Action.FIND, keyProperties,
          quiet);
    } else {
      List<String> names = new ArrayList<>();
      entity.properties().forEach(property -> names.add(property.name()));
      parsed = new MethodNameParser(entity.simpleName(), names, true).parse(method.getSimpleName().toString());
    }
    if (parsed == null || !needsClient(type) && (!Annotations.has(method, Annotations.JAKARTA_FIND)
        ? queries.analyze(repository, entity, entityType, method, type, quiet, null, true, false) != null
        : queries.analyze(repository, entity, entityType, method, type, quiet, parsed, true, false) != null)) {
      return false; // planned as written (a scan of the table is not: the client reads it)
    }
    int errors = diagnostics.errorCount();
    RepositoryModel.QueryMethod query = analyze(repository, entity, entityType, method, type, parsed,
        diagnostics);
    if (query != null) {
      found.add(query);
      return true;
    }
    return diagnostics.errorCount() > errors;
  }

  /**
   * A {@code @Query} method whose JDQL {@link JakartaQueries} reads, as client steps over every entity of the type
   * (the plan of a {@code find} without conditions), or an {@code UPDATE} or {@code DELETE}
   * ({@link JakartaWriteQueries}); null when an error was reported (what the query uses that is not read, a return
   * that does not fit).
   *
   * @param allowScan whether {@code -Atablemapper.jakarta.allowScan=true} was given (without it, only an
   *     {@code UPDATE} or {@code DELETE} by keys is read)
   */
  RepositoryModel.QueryMethod jdql(TypeElement repository, EntityModel entity, TypeMirror entityType,
      ExecutableElement method, ExecutableType type, List<PropertyModel> keys, boolean allowScan,
      Diagnostics diagnostics) {
    String signature = QueryMethodAnalyzer.signature(repository, method);
    String text = text(method);
    List<String> keyNames = new ArrayList<>();
    keys.forEach(key -> keyNames.add(key.name()));
    JakartaQueries.Jdql jdql;
    try {
      jdql = JakartaQueries.read(text, entity, method, keyNames);
    } catch (JakartaQueries.Unsupported unsupported) {
      diagnostics.error(method, Rule.JAKARTA_METHOD, signature + ": @Query (JDQL) uses " + unsupported.getMessage()
          + ", which tablemapper does not read (it reads SELECT COUNT(THIS) or an attribute, WHERE comparisons, IN,"
          + " BETWEEN, LIKE and IS NULL with NOT, AND, OR and parentheses, ORDER BY; UPDATE ... SET attribute ="
          + " expression of attributes, literals and parameters with + - * /; DELETE FROM); say what it finds with"
          + " @Find and @By parameters, or with a derived name");
      return null;
    }
    if (jdql.write() != null) {
      return writes.analyze(repository, entity, entityType, method, type, keys, jdql, allowScan, diagnostics);
    }
    TypeMirror returns = type.getReturnType();
    RepositoryModel.ClientResult result;
    if (jdql.count()) {
      result = returns.getKind() == TypeKind.LONG ? RepositoryModel.ClientResult.COUNT : null;
    } else if (jdql.select() != null) {
      result = selected(returns, entity.property(jdql.select()).type());
    } else {
      result = result(returns, entityType);
    }
    if (result == null) {
      diagnostics.error(method, Rule.QUERY_RETURN_TYPE, signature + ": @Query (JDQL) " + (jdql.count()
          ? "SELECT COUNT(THIS) returns long" : jdql.select() != null ? "SELECT " + jdql.select() + " returns "
              + entity.property(jdql.select()).type() + " values: a List, Stream, array, Optional or Page of them"
              : "returns " + entity.simpleName() + "s: one, an Optional, a List, a Stream, an array or a page")
          + ", not " + returns);
      return null;
    }
    Set<String> clientParameters = new LinkedHashSet<>();
    List<String> sorts = new ArrayList<>();
    String limit = null;
    String pageRequest = null;
    for (int i = 0; i < method.getParameters().size(); i++) {
      String name = method.getParameters().get(i).getSimpleName().toString();
      TypeMirror parameterType = type.getParameterTypes().get(i);
      if (isSort(parameterType)) {
        sorts.add(name);
      } else if (PropertyModel.isDeclared(parameterType, Annotations.JAKARTA_LIMIT)) {
        limit = name;
      } else if (PropertyModel.isDeclared(parameterType, Annotations.JAKARTA_PAGE_REQUEST)) {
        pageRequest = name;
      }
      clientParameters.add(name); // the base query takes none: every operand is the client's
    }
    MethodNameParser.Result base = MethodNameParser.Result.ofBranches(MethodNameParser.Action.FIND, 0,
        List.of(List.of()), List.of());
    RepositoryModel.QueryMethod query = queries.analyzeBase(repository, entity, entityType, method, type,
        diagnostics, base, clientParameters);
    if (query == null) {
      return null;
    }
    RepositoryModel.Client client = new RepositoryModel.Client(jdql.order(), sorts, limit, 0, pageRequest, result,
        jdql.filters(), jdql.select(), null);
    diagnostics.warning(method, Rule.JAKARTA_CLIENT_QUERY, signature + " (JDQL) reads every match of its plan ("
        + query.plan().description() + ") and " + steps(client) + " in the client, so each call costs the whole"
        + " list of matches (-A" + JakartaOptions.ALLOW_SCAN + "=true)");
    return query.withClient(client);
  }

  /** The JDQL of a {@code @Query} method. */
  static String text(ExecutableElement method) {
    AnnotationMirror annotation = Annotations.find(method, Annotations.JAKARTA_QUERY);
    String text = "";
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry
        : annotation.getElementValues().entrySet()) {
      if (entry.getKey().getSimpleName().contentEquals("value")) {
        text = String.valueOf(entry.getValue().getValue());
      }
    }
    return text;
  }

  /** Whether a {@code @Query} method's JDQL is an {@code UPDATE} or a {@code DELETE}. */
  static boolean isWrite(ExecutableElement method) {
    String first = text(method).trim().split("\\s+", 2)[0];
    return first.equalsIgnoreCase("UPDATE") || first.equalsIgnoreCase("DELETE");
  }

  /** What a method returns of selected values of this type; null for what the client cannot give. */
  private RepositoryModel.ClientResult selected(TypeMirror returns, TypeMirror valueType) {
    TypeMirror boxed = valueType.getKind().isPrimitive()
        ? types.boxedClass((javax.lang.model.type.PrimitiveType) valueType).asType() : valueType;
    if (returns.getKind() == TypeKind.ARRAY) {
      return types.isSameType(((ArrayType) returns).getComponentType(), boxed) ? RepositoryModel.ClientResult.ARRAY
          : null;
    }
    RepositoryModel.ClientResult result = result(returns, boxed);
    return result == RepositoryModel.ClientResult.CURSORED_PAGE || result == RepositoryModel.ClientResult.ENTITY
        && !types.isSameType(returns, boxed) ? null : result;
  }

  /**
   * Whether the method needs client steps whatever its plan: a {@code Sort}, {@code Order} or {@code Limit}
   * parameter, an offset {@code Page}, an array.
   */
  boolean needsClient(ExecutableType type) {
    for (TypeMirror parameter : type.getParameterTypes()) {
      if (isSort(parameter) || PropertyModel.isDeclared(parameter, Annotations.JAKARTA_LIMIT)) {
        return true;
      }
    }
    TypeMirror returns = type.getReturnType();
    return PropertyModel.isDeclared(returns, Annotations.JAKARTA_PAGE) || returns.getKind() == TypeKind.ARRAY;
  }

  /**
   * The method as a query and its client steps, with the {@code [JakartaClientQuery]} warning; null when it is no
   * {@code find} of entities the client can complete (then the caller analyzes it as any other method, whose errors
   * say why), or when an error was reported.
   *
   * @param parsed the method's query as its name or its annotations say, with its order and limit
   */
  RepositoryModel.QueryMethod analyze(
      TypeElement repository, EntityModel entity, TypeMirror entityType, ExecutableElement method,
      ExecutableType type, MethodNameParser.Result parsed, Diagnostics diagnostics) {
    if (!parsed.ok() || parsed.action() != MethodNameParser.Action.FIND) {
      return null;
    }
    RepositoryModel.ClientResult result = result(type.getReturnType(), entityType);
    if (result == null) {
      return null;
    }
    String signature = QueryMethodAnalyzer.signature(repository, method);
    Set<String> clientParameters = new LinkedHashSet<>();
    List<String> sorts = new ArrayList<>();
    String limit = null;
    String pageRequest = null;
    for (int i = 0; i < method.getParameters().size(); i++) {
      VariableElement parameter = method.getParameters().get(i);
      TypeMirror parameterType = type.getParameterTypes().get(i);
      String name = parameter.getSimpleName().toString();
      if (isSort(parameterType)) {
        sorts.add(name);
      } else if (PropertyModel.isDeclared(parameterType, Annotations.JAKARTA_LIMIT) && limit == null) {
        limit = name;
      } else if (PropertyModel.isDeclared(parameterType, Annotations.JAKARTA_PAGE_REQUEST) && pageRequest == null) {
        pageRequest = name;
      } else {
        continue;
      }
      clientParameters.add(name);
    }
    boolean paged = result == RepositoryModel.ClientResult.PAGE
        || result == RepositoryModel.ClientResult.CURSORED_PAGE;
    if (paged != (pageRequest != null) || paged && (limit != null || parsed.limit() > 0)) {
      diagnostics.error(method, Rule.JAKARTA_METHOD, signature + ": " + (paged
          ? "a page takes one PageRequest parameter, and no Limit or First (the PageRequest says its size)"
          : "a PageRequest parameter belongs to a method that returns a Page or a CursoredPage"));
      return null;
    }
    List<String> conditionParameters = new ArrayList<>();
    method.getParameters().forEach(parameter -> conditionParameters.add(parameter.getSimpleName().toString()));
    conditionParameters.removeAll(clientParameters);
    List<List<MethodNameParser.Term>> storeBranches = new ArrayList<>();
    List<List<RepositoryModel.ClientCondition>> filters = new ArrayList<>();
    if (!split(signature, method, entity, parsed, conditionParameters, clientParameters, storeBranches, filters,
        diagnostics)) {
      return null;
    }
    MethodNameParser.Result base = MethodNameParser.Result.ofBranches(MethodNameParser.Action.FIND, 0,
        storeBranches, List.of());
    RepositoryModel.QueryMethod query = queries.analyzeBase(repository, entity, entityType, method, type,
        diagnostics, base, clientParameters);
    if (query == null) {
      return null;
    }
    RepositoryModel.Client client = new RepositoryModel.Client(parsed.ordering(), sorts, limit, parsed.limit(),
        pageRequest, result, filters, null, null);
    diagnostics.warning(method, Rule.JAKARTA_CLIENT_QUERY, signature + " reads every match of its plan ("
        + query.plan().description() + ") and " + steps(client) + " in the client, so each call costs the whole"
        + " list of matches (-A" + JakartaOptions.ALLOW_SCAN + "=true)");
    return query.withClient(client);
  }

  /**
   * Splits the conditions between the store and the client: those only the client evaluates ({@code IgnoreCase},
   * {@code Contains}, {@code EndsWith}, {@code Like}, {@code NotIn}) and a second condition on one property go to
   * the client, with their parameters (added to {@code clientParameters}); with an {@code Or}, every condition does
   * (the store then reads every entity of the plan). False when an error was reported.
   */
  private boolean split(String signature, ExecutableElement method, EntityModel entity,
      MethodNameParser.Result parsed, List<String> conditionParameters, Set<String> clientParameters,
      List<List<MethodNameParser.Term>> storeBranches, List<List<RepositoryModel.ClientCondition>> filters,
      Diagnostics diagnostics) {
    boolean anyClient = false;
    for (List<MethodNameParser.Term> branch : parsed.branches()) {
      Set<String> seen = new HashSet<>();
      for (MethodNameParser.Term term : branch) {
        anyClient |= term.clientOnly() || !seen.add(term.property());
      }
    }
    boolean allClient = anyClient && parsed.or();
    int next = 0;
    for (List<MethodNameParser.Term> branch : parsed.branches()) {
      List<MethodNameParser.Term> store = new ArrayList<>();
      List<RepositoryModel.ClientCondition> client = new ArrayList<>();
      Set<String> seen = new HashSet<>();
      for (MethodNameParser.Term term : branch) {
        int arity = term.operator().arity();
        if (next + arity > conditionParameters.size()) {
          diagnostics.error(method, Rule.QUERY_PARAMETER_COUNT, signature + ": its conditions take more parameters"
              + " than the " + conditionParameters.size() + " it declares beside its Sort, Order, Limit and"
              + " PageRequest");
          return false;
        }
        List<String> parameters = List.copyOf(conditionParameters.subList(next, next + arity));
        next += arity;
        PropertyModel property = entity.property(term.property());
        if (allClient || term.clientOnly() || seen.contains(term.property())) {
          if ((term.ignoreCase() || term.operator() == Operator.CONTAINS
              || term.operator() == Operator.ENDS_WITH
              || term.operator() == Operator.LIKE)
              && !property.type().toString().equals("java.lang.String")) {
            diagnostics.error(method, Rule.QUERY_OPERATOR_TYPE, signature + ": condition on '" + property.name()
                + "' compares text (" + (term.ignoreCase() ? "IgnoreCase" : term.operator().keyword()) + "), but it"
                + " is " + property.type());
            return false;
          }
          client.add(new RepositoryModel.ClientCondition(property, term, parameters));
          clientParameters.addAll(parameters);
        } else {
          seen.add(term.property());
          store.add(term);
        }
      }
      if (!allClient) {
        storeBranches.add(store);
      }
      if (!client.isEmpty()) {
        filters.add(client);
      }
    }
    if (allClient) {
      storeBranches.add(List.of());
    }
    return true;
  }

  /** What the client does, for the warning. */
  private static String steps(RepositoryModel.Client client) {
    List<String> steps = new ArrayList<>();
    if (!client.filters().isEmpty()) {
      steps.add("filters them");
    }
    if (!client.order().isEmpty() || !client.sorts().isEmpty()) {
      steps.add("sorts them");
    }
    if (client.limit() != null || client.first() > 0) {
      steps.add("limits them");
    }
    switch (client.result()) {
      case PAGE:
        steps.add("skips the pages before the one asked");
        break;
      case CURSORED_PAGE:
        steps.add("finds the cursor among them");
        break;
      case ENTITY:
      case OPTIONAL:
        steps.add("checks that one matches");
        break;
      case COUNT:
        steps.add("counts them");
        break;
      default:
        break;
    }
    if (steps.isEmpty()) {
      steps.add("copies them");
    }
    return String.join(", ", steps);
  }

  /** What a method that returns this gives from the list of matches; null for what the client cannot give. */
  private RepositoryModel.ClientResult result(TypeMirror returns, TypeMirror entityType) {
    if (returns.getKind() == TypeKind.ARRAY) {
      return types.isSameType(((ArrayType) returns).getComponentType(), entityType)
          ? RepositoryModel.ClientResult.ARRAY : null;
    }
    if (returns.getKind() != TypeKind.DECLARED) {
      return null;
    }
    if (types.isSameType(returns, entityType)) {
      return RepositoryModel.ClientResult.ENTITY;
    }
    DeclaredType declared = (DeclaredType) returns;
    if (declared.getTypeArguments().size() != 1 || !types.isSameType(declared.getTypeArguments().get(0), entityType)) {
      return null;
    }
    switch (((TypeElement) declared.asElement()).getQualifiedName().toString()) {
      case "java.util.List":
      case "java.util.Collection":
        return RepositoryModel.ClientResult.LIST;
      case "java.util.stream.Stream":
        return RepositoryModel.ClientResult.STREAM;
      case "java.util.Optional":
        return RepositoryModel.ClientResult.OPTIONAL;
      case Annotations.JAKARTA_PAGE:
        return RepositoryModel.ClientResult.PAGE;
      case Annotations.JAKARTA_CURSORED_PAGE:
        return RepositoryModel.ClientResult.CURSORED_PAGE;
      default:
        return null;
    }
  }

  /** A {@code Sort}, {@code Sort[]} (varargs) or {@code Order} parameter. */
  static boolean isSort(TypeMirror type) {
    TypeMirror element = type.getKind() == TypeKind.ARRAY ? ((ArrayType) type).getComponentType() : type;
    for (String name : SORTS) {
      if (PropertyModel.isDeclared(element, name)) {
        return type.getKind() != TypeKind.ARRAY || name.equals(Annotations.JAKARTA_SORT);
      }
    }
    return false;
  }

  /** Whether a parameter is one the client steps take: a Sort, an Order, a Limit or a PageRequest. */
  static boolean isClientParameter(TypeMirror type) {
    return isSort(type) || PropertyModel.isDeclared(type, Annotations.JAKARTA_LIMIT)
        || PropertyModel.isDeclared(type, Annotations.JAKARTA_PAGE_REQUEST);
  }
}
