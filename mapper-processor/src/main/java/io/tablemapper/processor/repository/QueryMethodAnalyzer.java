package io.tablemapper.processor.repository;

import io.tablemapper.api.QueryKind;
import io.tablemapper.internal.model.PropertyKind;
import io.tablemapper.internal.model.Rule;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.entity.PropertyModel;
import io.tablemapper.processor.planning.Condition;
import io.tablemapper.processor.planning.MethodNameParser;
import io.tablemapper.processor.planning.Operator;
import io.tablemapper.processor.planning.Plan;
import io.tablemapper.processor.planning.QueryPlanner;
import io.tablemapper.processor.util.Annotations;
import io.tablemapper.processor.util.Diagnostics;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.PrimitiveType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.Types;

/**
 * Reads one derived query method: parses its name, checks its conditions, finds its {@link QueryMethodKind} by its
 * action and return, binds its parameters to the conditions, and plans it. Every problem is reported on the method
 * or parameter at fault, starting with the method's signature; what only one kind of method requires, that kind
 * checks. What the plan costs on the store the application declares ({@link StoreTarget}) may warn too.
 */
final class QueryMethodAnalyzer {
  /** The kinds of method, tried in order: the first that takes a method's action, return and limit is its kind. */
  private static final List<QueryMethodKind> KINDS =
      List.of(new FindMethod(), new PageMethod(), new CountMethod(), new ExistsMethod(), new DeleteMethod());

  /** How the message of an unsupported return tells of projections. */
  private static final String PROJECTIONS =
      ", or the same with a record of some of its properties in its place (a projection)";

  private final Types types;
  private final StoreTarget target;
  private final QueryPlanner planner = new QueryPlanner();

  QueryMethodAnalyzer(Types types, StoreTarget target) {
    this.types = types;
    this.target = target;
  }

  /**
   * Analyzes a method of a repository.
   *
   * @param entityType the entity type the repository stores
   * @param type the method as a member of the repository (type arguments resolved)
   * @return the method, or null when an error was reported
   */
  RepositoryModel.QueryMethod analyze(
      TypeElement repository, EntityModel entity, TypeMirror entityType, ExecutableElement method,
      ExecutableType type, Diagnostics diagnostics) {
    return analyze(repository, entity, entityType, method, type, diagnostics, null, false, false);
  }

  /**
   * Analyzes a method of a repository, tablemapper's or Jakarta Data's.
   *
   * @param annotated the query a Jakarta Data {@code @Find} method declares by its annotations, or null to parse the
   *     method's name
   * @param jakarta whether the repository is a Jakarta Data one: its pages are {@code CursoredPage}s asked for by
   *     Jakarta Data's {@code PageRequest}, and its {@code find} of one entity is tablemapper's {@code get}
   * @param scanAllowed whether it may scan as if it carried {@code @AllowScan} ({@link MethodContext#scanAllowed})
   */
  RepositoryModel.QueryMethod analyze(
      TypeElement repository, EntityModel entity, TypeMirror entityType, ExecutableElement method,
      ExecutableType type, Diagnostics diagnostics, MethodNameParser.Result annotated, boolean jakarta,
      boolean scanAllowed) {
    return analyze(repository, entity, entityType, method, type, diagnostics, annotated, jakarta, scanAllowed,
        false, Set.of());
  }

  /**
   * Analyzes the query a Jakarta Data method reads before its client steps ({@link JakartaClientQueries}): a list of
   * the entities its conditions match, whatever its return, from the parameters not in {@code clientParameters}.
   *
   * @param clientParameters the names of the parameters the client steps take (Sort, Order, Limit, PageRequest)
   */
  RepositoryModel.QueryMethod analyzeBase(
      TypeElement repository, EntityModel entity, TypeMirror entityType, ExecutableElement method,
      ExecutableType type, Diagnostics diagnostics, MethodNameParser.Result base, Set<String> clientParameters) {
    return analyze(repository, entity, entityType, method, type, diagnostics, base, true, true, true,
        clientParameters);
  }

  private RepositoryModel.QueryMethod analyze(
      TypeElement repository, EntityModel entity, TypeMirror entityType, ExecutableElement method,
      ExecutableType type, Diagnostics diagnostics, MethodNameParser.Result annotated, boolean jakarta,
      boolean scanAllowed, boolean client, Set<String> clientParameters) {
    String signature = signature(repository, method);
    if (!method.getTypeParameters().isEmpty()) {
      diagnostics.error(method, Rule.QUERY_GENERIC_METHOD,
          signature + ": a derived query method has no type parameters");
      return null;
    }
    MethodNameParser.Result parsed = annotated;
    if (parsed == null) {
      List<String> propertyNames = new ArrayList<>();
      for (PropertyModel property : entity.properties()) {
        propertyNames.add(property.name());
      }
      parsed = new MethodNameParser(entity.simpleName(), propertyNames, jakarta)
          .parse(method.getSimpleName().toString());
    }
    if (!parsed.ok()) {
      diagnostics.error(method, parsed.problemRule(), signature + ": " + parsed.problem());
      return null;
    }
    if (!termsAllowed(signature, entity, parsed, method, diagnostics)
        || !OrderChecks.allowed(signature, parsed, method, diagnostics)) {
      return null;
    }
    TypeMirror returnType = type.getReturnType();
    boolean async = AsyncReturns.isFuture(returnType);
    if (async) {
      returnType = AsyncReturns.unwrap(signature, method, returnType, entity, types, diagnostics);
      if (returnType == null) {
        return null;
      }
    }
    RepositoryModel.Returns returns = client ? RepositoryModel.Returns.LIST : returns(returnType, entityType, jakarta);
    if (jakarta && parsed.action() == MethodNameParser.Action.FIND && returns == RepositoryModel.Returns.ENTITY) {
      parsed = parsed.withAction(MethodNameParser.Action.GET); // Jakarta Data's find of one entity, or none: fails
    }
    QueryMethodKind kind = kind(parsed, returns);
    if (kind == null) {
      diagnostics.error(method, Rule.QUERY_RETURN_TYPE,
          signature + ": " + parsed.action().prefix() + " methods" + (parsed.limit() > 0 ? " with a limit" : "")
              + " cannot return " + type.getReturnType() + "; "
              + allowedReturns(parsed.action(), parsed.limit(), entity)
              + (async ? "; a CompletableFuture holds any of these, boxed (Long, Boolean, Void)" : ""));
      return null;
    }
    TypeMirror result = client ? entityType : resultType(returnType, returns);
    boolean projects = ProjectionChecks.isProjection(result, entityType, types);
    MethodContext context = new MethodContext(method, signature, entity, parsed, returns, diagnostics,
        projects ? ((DeclaredType) result).asElement().getSimpleName().toString() : entity.simpleName(),
        scanAllowed);
    RepositoryModel.Projection projection = null;
    if (projects) {
      projection = ProjectionChecks.check(context, (DeclaredType) result, types);
      if (projection == null) {
        return null;
      }
    }
    String pageRequest = client ? null : pageRequest(method, type, jakarta);
    if (!kind.checkPageRequest(context, pageRequest)) {
      return null;
    }
    List<Condition> conditions = bind(context, type, pageRequest, clientParameters);
    if (conditions == null) {
      return null;
    }
    Plan plan = plan(context, kind, conditions, projection);
    return plan == null ? null : new RepositoryModel.QueryMethod(method, type, kind, returns, parsed.limit(),
        conditions, parsed.ordering(), pageRequest, plan, projection, async, null);
  }

  private static QueryMethodKind kind(MethodNameParser.Result parsed, RepositoryModel.Returns returns) {
    if (returns == null) {
      return null;
    }
    for (QueryMethodKind kind : KINDS) {
      if (kind.matches(parsed.action(), returns, parsed.limit())) {
        return kind;
      }
    }
    return null;
  }

  /** Whether every condition names a different property the store can compare by its operator. */
  private static boolean termsAllowed(
      String signature, EntityModel entity, MethodNameParser.Result parsed, ExecutableElement method,
      Diagnostics diagnostics) {
    boolean ok = true;
    for (List<MethodNameParser.Term> branch : parsed.branches()) {
      ok &= termsAllowed(signature, entity, branch, parsed.or(), method, diagnostics);
    }
    return ok;
  }

  /** Whether every condition of one branch (conditions joined by And) names a different property, and so on. */
  private static boolean termsAllowed(
      String signature, EntityModel entity, List<MethodNameParser.Term> terms, boolean or, ExecutableElement method,
      Diagnostics diagnostics) {
    Set<String> seen = new HashSet<>();
    boolean ok = true;
    for (MethodNameParser.Term term : terms) {
      PropertyModel property = entity.property(term.property());
      String what = signature + ": condition on '" + property.name() + "'";
      if (!seen.add(property.name())) {
        diagnostics.error(method, Rule.QUERY_DUPLICATE_CONDITION,
            signature + ": '" + property.name() + "' appears in two conditions" + (or ? " of one branch of its Or"
                : "") + "; use one, for example " + MethodNameParser.capitalize(property.name())
                + "Between for a range");
        ok = false;
      } else if (term.clientOnly()) {
        diagnostics.error(method, Rule.QUERY_OPERATOR_TYPE, what + " uses "
            + (term.ignoreCase() ? "IgnoreCase" : term.operator().keyword()) + ", which the store cannot evaluate: its"
            + " filters compare whole values and ranges; compare whole values, or compile with -A"
            + JakartaOptions.ALLOW_SCAN + "=true to have the client evaluate it over every match of the rest");
        ok = false;
      } else if (property.encrypted()) {
        diagnostics.error(method, Rule.QUERY_ENCRYPTED_PROPERTY,
            what + " cannot be evaluated: the property is @Encrypted, so the store holds only its ciphertext (a fresh"
                + " one for every write, equal values included); find the entities by their keys or another"
                + " property, or remove @Encrypted");
        ok = false;
      } else if (!entity.inHead(property.name())) {
        diagnostics.error(method, Rule.QUERY_WIDE_PROPERTY,
            what + " cannot be evaluated by the store: '" + property.name() + "' is outside the head row of the"
                + " @Wide " + entity.simpleName() + ", and where the other properties lie depends on the values; add"
                + " '" + property.name() + "' to @Wide(head)");
      } else if (property.large()) {
        diagnostics.error(method, Rule.QUERY_LARGE_PROPERTY,
            what + " cannot be evaluated: the property is @Large, so its row holds only a reference to the value,"
                + " which is stored out of the row; find the entities by their keys or another property, or remove"
                + " @Large");
        ok = false;
      } else if (!property.stored() || !property.kind().queryable()) {
        diagnostics.error(method, Rule.QUERY_PROPERTY_NOT_QUERYABLE,
            what + " cannot be evaluated by the store: the property is " + (property.stored() ? "stored as @Json"
                : "not stored (" + property.role().name().toLowerCase(Locale.ROOT) + ")"));
        ok = false;
      } else if (term.operator().isRange() && !property.kind().orderable()) {
        diagnostics.error(method, Rule.QUERY_OPERATOR_TYPE,
            what + " uses " + term.operator().keyword() + ", but " + unorderable(property));
        ok = false;
      } else if (term.operator().constant() && property.kind() != PropertyKind.BOOLEAN) {
        diagnostics.error(method, Rule.QUERY_OPERATOR_TYPE,
            what + " uses " + term.operator().keyword() + ", which applies to boolean properties only; '"
                + property.name() + "' is " + property.type());
        ok = false;
      } else if (term.operator().presence() && property.primitive()) {
        diagnostics.error(method, Rule.QUERY_OPERATOR_TYPE,
            what + " uses " + term.operator().keyword() + ", but '" + property.name() + "' is a " + property.type()
                + ", which is always stored, so it is never absent; declare it with its wrapper type (Integer for"
                + " int, and so on) to let it be null, or drop the condition");
        ok = false;
      } else if (term.operator() == Operator.STARTS_WITH && property.kind() != PropertyKind.STRING) {
        diagnostics.error(method, Rule.QUERY_OPERATOR_TYPE,
            what + " uses StartsWith, which applies to String properties only; '" + property.name() + "' is "
                + property.type());
        ok = false;
      }
    }
    return ok;
  }

  /** Why a range on a property whose stored form does not sort like its values cannot work, and what would. */
  private static String unorderable(PropertyModel property) {
    String name = property.name();
    switch (property.kind()) {
      case BIG_DECIMAL:
        return property.type() + " values are stored as their exact text (" + property.kind().edmType() + "), which"
            + " does not sort like the numbers (\"10.50\" comes before \"9.99\"); for a range, store the amount in"
            + " its smallest unit as a long ('" + name + "Cents', 1999 for 19.99), which the store compares as a"
            + " number, or make that long a key component ({" + name + "Cents} in @RowKey is an order-preserving"
            + " encoding, so the range reads a key range); else compare '" + name + "' by equality only";
      case BIG_INTEGER:
        return property.type() + " values are stored as their exact text (" + property.kind().edmType() + "), which"
            + " does not sort like the numbers (\"10\" comes before \"9\"); for a range, declare '" + name + "' a"
            + " long if its values fit, which the store compares as a number (and {" + name + "} in a key is an"
            + " order-preserving encoding); else compare it by equality only";
      default:
        return property.type() + " values are stored as " + property.kind().edmType() + " text or bytes that do"
            + " not sort like the values; compare it by equality only";
    }
  }

  /** The name of the method's trailing PageRequest parameter, or null. */
  private static String pageRequest(ExecutableElement method, ExecutableType type, boolean jakarta) {
    List<? extends VariableElement> parameters = method.getParameters();
    int last = parameters.size() - 1;
    return last >= 0 && PropertyModel.isDeclared(type.getParameterTypes().get(last),
        jakarta ? Annotations.JAKARTA_PAGE_REQUEST : "io.tablemapper.api.PageRequest")
        ? parameters.get(last).getSimpleName().toString()
        : null;
  }

  /** The conditions bound to the parameters before the PageRequest, in order; null when they do not fit. */
  private List<Condition> bind(
      MethodContext method, ExecutableType type, String pageRequest, Set<String> clientParameters) {
    List<MethodNameParser.Term> terms = method.parsed().terms();
    List<VariableElement> parameters = new ArrayList<>();
    List<TypeMirror> parameterTypes = new ArrayList<>();
    for (int i = 0; i < method.element().getParameters().size(); i++) {
      VariableElement parameter = method.element().getParameters().get(i);
      if (!clientParameters.contains(parameter.getSimpleName().toString())) {
        parameters.add(parameter);
        parameterTypes.add(type.getParameterTypes().get(i));
      }
    }
    int arity = 0;
    for (MethodNameParser.Term term : terms) {
      arity += term.operator().arity();
    }
    int conditionParameters = parameters.size() - (pageRequest == null ? 0 : 1);
    if (conditionParameters != arity) {
      method.error(Rule.QUERY_PARAMETER_COUNT,
          method.signature() + ": its conditions take " + arity + " parameter" + (arity == 1 ? "" : "s") + " ("
              + describeOperands(terms) + ")" + (pageRequest != null ? " before the PageRequest" : "") + ", but it"
              + " declares " + conditionParameters);
      return null;
    }
    boolean ok = true;
    List<Condition> conditions = new ArrayList<>();
    int next = 0;
    for (MethodNameParser.Term term : terms) {
      PropertyModel property = method.entity().property(term.property());
      List<String> names = new ArrayList<>();
      for (int i = 0; i < term.operator().arity(); i++, next++) {
        VariableElement parameter = parameters.get(next);
        TypeMirror parameterType = parameterTypes.get(next);
        if (term.operator() == Operator.IN) {
          TypeMirror element = elementType(parameterType);
          if (element == null || !sameModuloBoxing(element, property.type())) {
            method.diagnostics().error(parameter, Rule.QUERY_PARAMETER_TYPE,
                method.signature() + ": parameter '" + parameter.getSimpleName() + "' is " + parameterType
                    + ", but " + MethodNameParser.capitalize(property.name()) + "In compares '" + property.name()
                    + "' of type " + property.type() + " with each element of a collection; declare it as"
                    + " Collection<" + box(property.type()) + "> (or a List or Set of it)");
            ok = false;
          }
        } else if (!sameModuloBoxing(parameterType, property.type())) {
          method.diagnostics().error(parameter, Rule.QUERY_PARAMETER_TYPE,
              method.signature() + ": parameter '" + parameter.getSimpleName() + "' is " + parameterType + ", but it"
                  + " is compared with '" + property.name() + "' of type " + property.type() + "; declare it as "
                  + property.type());
          ok = false;
        }
        names.add(parameter.getSimpleName().toString());
      }
      conditions.add(new Condition(property, term.operator(), names));
    }
    return ok ? conditions : null;
  }

  /**
   * The cheapest plan, answered by the copies of its index where they can ({@link CopyAnswers}), once the kind of
   * method and the scan rules accept it; null when an error was reported.
   *
   * @param projection the record the method returns, or null
   */
  private Plan plan(MethodContext method, QueryMethodKind kind, List<Condition> conditions,
      RepositoryModel.Projection projection) {
    EntityModel entity = method.entity();
    MethodNameParser.Result parsed = method.parsed();
    String signature = method.signature();
    if (parsed.or() && !parsed.ordering().isEmpty()) {
      method.error(Rule.QUERY_ORDER, signature + ": joins conditions with Or and orders by "
          + QueryPlanner.describeOrder(parsed.ordering()) + ", but the branches of an Or are merged in key order"
          + " (PartitionKey, then RowKey) and the store cannot sort; remove the OrderBy and sort the results"
          + " yourself, or declare one method per branch");
      return null;
    }
    Plan plan = parsed.or()
        ? planner.planOr(entity, branches(parsed, conditions), parsed.limit())
        : planner.plan(entity, conditions, parsed.limit(), parsed.ordering());
    if (plan == null) {
      method.error(Rule.QUERY_ORDER, signature + ": " + OrderChecks.undeliverable(planner, entity, conditions, parsed));
      return null;
    }
    plan = CopyAnswers.decide(entity, kind, plan, projection, parsed.limit());
    if (!kind.checkPlan(method, plan)) {
      return null;
    }
    boolean allowScan = method.scanAllowed() || Annotations.has(method.element(), Annotations.ALLOW_SCAN);
    if (plan.kind() == QueryKind.TABLE_SCAN && !allowScan && parsed.or()) {
      method.error(Rule.QUERY_TABLE_SCAN,
          signature + " would read every partition of table " + entity.table() + " (" + plan.description()
              + "), because the branch " + unboundBranch(entity, branches(parsed, conditions)) + " of its Or binds no"
              + " PartitionKey " + entity.partitionKey().template() + ", and an Or is a union of reads only when every"
              + " branch names its partitions; add conditions on " + partitionProperties(entity) + " to that branch,"
              + " or annotate the method @AllowScan");
      return null;
    }
    if (plan.kind() == QueryKind.TABLE_SCAN && !allowScan) {
      method.error(Rule.QUERY_TABLE_SCAN,
          signature + " would read every partition of table " + entity.table() + " (" + plan.description()
              + "), because no condition binds the PartitionKey " + entity.partitionKey().template()
              + "; add conditions on " + partitionProperties(entity) + ", or annotate the method @AllowScan");
      return null;
    }
    if (!OrderChecks.limitDeliverable(signature, method.element(), entity, plan, parsed.limit(),
        method.diagnostics())) {
      return null;
    }
    if (plan.kind() == QueryKind.PARTITION_SCAN && !allowScan) {
      method.diagnostics().warning(method.element(), Rule.QUERY_PARTITION_SCAN,
          signature + (plan.union() ? " has a branch of its Or that scans every " : " scans every ")
              + entity.simpleName() + " of its partition (" + plan.description() + "); "
              + (entity.rowKey() != null
                  ? "bind leading RowKey components of " + entity.rowKey().template() + " or an index to narrow it,"
                  : "its subtypes have RowKeys of their own, so query a subtype's repository to narrow it,")
              + " or annotate the method @AllowScan");
    }
    target.check(method, kind, plan, parsed.limit());
    return plan;
  }

  /** The conditions of each branch of an {@code Or}, in order: the bound conditions split as the name splits them. */
  private static List<List<Condition>> branches(MethodNameParser.Result parsed, List<Condition> conditions) {
    List<List<Condition>> branches = new ArrayList<>();
    int next = 0;
    for (List<MethodNameParser.Term> branch : parsed.branches()) {
      branches.add(List.copyOf(conditions.subList(next, next + branch.size())));
      next += branch.size();
    }
    return branches;
  }

  /** The first branch of an {@code Or} that binds no PartitionKey, in words: {@code (lastName eq {lastName})}. */
  private String unboundBranch(EntityModel entity, List<List<Condition>> branches) {
    for (List<Condition> branch : branches) {
      Plan plan = planner.branchPlan(entity, branch);
      if (plan.kind() == QueryKind.TABLE_SCAN) {
        List<String> names = new ArrayList<>();
        for (Condition condition : branch) {
          names.add(condition.property().name() + (condition.operator().keyword().isEmpty() ? ""
              : " " + condition.operator().keyword()));
        }
        return "(" + String.join(" and ", names) + ")";
      }
    }
    throw new IllegalStateException("no branch of the Or is a table scan");
  }

  /** The properties of the PartitionKey, for messages: {@code department and region}. */
  static String partitionProperties(EntityModel entity) {
    List<String> names = new ArrayList<>();
    for (PropertyModel property : entity.partitionKey().properties()) {
      names.add(property.name());
    }
    return String.join(" and ", names);
  }

  private static String describeOperands(List<MethodNameParser.Term> terms) {
    List<String> operands = new ArrayList<>();
    for (MethodNameParser.Term term : terms) {
      if (term.operator() == Operator.BETWEEN) {
        operands.add(term.property() + " from");
        operands.add(term.property() + " to");
      } else if (!term.operator().operandless()) {
        operands.add(term.property());
      }
    }
    return String.join(", ", operands);
  }

  /**
   * What a method returns, or null for a type no kind of method returns. The entity, or a record other than the
   * entity (a projection, checked by {@link ProjectionChecks}), is {@link RepositoryModel.Returns#ENTITY} alone and
   * may be held by an {@code Optional}, a {@code List}, a {@code Stream} or a {@code Page}.
   */
  private RepositoryModel.Returns returns(TypeMirror type, TypeMirror entityType, boolean jakarta) {
    switch (type.getKind()) {
      case VOID:
        return RepositoryModel.Returns.VOID;
      case LONG:
        return RepositoryModel.Returns.LONG;
      case BOOLEAN:
        return RepositoryModel.Returns.BOOLEAN;
      case DECLARED:
        if (isResult(type, entityType)) {
          return RepositoryModel.Returns.ENTITY;
        }
        DeclaredType declared = (DeclaredType) type;
        if (declared.getTypeArguments().size() != 1 || !isResult(declared.getTypeArguments().get(0), entityType)) {
          return null;
        }
        switch (((TypeElement) declared.asElement()).getQualifiedName().toString()) {
          case "java.util.Optional":
            return RepositoryModel.Returns.OPTIONAL;
          case "java.util.List":
            return RepositoryModel.Returns.LIST;
          case "java.util.stream.Stream":
            return RepositoryModel.Returns.STREAM;
          case "io.tablemapper.api.Page":
            return jakarta ? null : RepositoryModel.Returns.PAGE;
          case Annotations.JAKARTA_CURSORED_PAGE:
            return jakarta ? RepositoryModel.Returns.PAGE : null;
          default:
            return null;
        }
      default:
        return null;
    }
  }

  /** Whether a type is what a query reads: the entity, or a record of its properties (a projection). */
  private boolean isResult(TypeMirror type, TypeMirror entityType) {
    return types.isSameType(type, entityType) || ProjectionChecks.isProjection(type, entityType, types);
  }

  /** The type of each result of a method that returns entities or projections: its return, or what that holds. */
  private static TypeMirror resultType(TypeMirror type, RepositoryModel.Returns returns) {
    switch (returns) {
      case OPTIONAL:
      case LIST:
      case STREAM:
      case PAGE:
        return ((DeclaredType) type).getTypeArguments().get(0);
      default:
        return type;
    }
  }

  /** What the methods of an action may return, for the message of a method whose return no kind takes. */
  private static String allowedReturns(MethodNameParser.Action action, int limit, EntityModel entity) {
    String t = entity.simpleName();
    switch (action) {
      case FIND:
        return "return Optional<" + t + ">, List<" + t + ">, Stream<" + t + "> or Page<" + t + ">"
            + " (use get... to return " + t + " itself)" + PROJECTIONS;
      case GET:
        return "return " + t + ", Optional<" + t + ">, List<" + t + ">, Stream<" + t + "> or Page<" + t + ">"
            + PROJECTIONS;
      case STREAM:
        return "return Stream<" + t + ">" + PROJECTIONS;
      case COUNT:
        return limit > 0 ? "count takes no First/Top limit" : "return long";
      case EXISTS:
        return limit > 0 ? "exists takes no First/Top limit" : "return boolean";
      default:
        return limit > 0 ? "delete takes no First/Top limit" : "return void or long (the number deleted)";
    }
  }

  /**
   * The element type of a {@code Collection} ({@code List<Integer>} → {@code Integer}, {@code Set<? extends String>}
   * → {@code String}), or null for any other type and a raw collection.
   */
  private TypeMirror elementType(TypeMirror type) {
    if (type.getKind() != TypeKind.DECLARED) {
      return null;
    }
    DeclaredType declared = (DeclaredType) type;
    if (((TypeElement) declared.asElement()).getQualifiedName().contentEquals("java.util.Collection")) {
      if (declared.getTypeArguments().size() != 1) {
        return null;
      }
      TypeMirror argument = declared.getTypeArguments().get(0);
      return argument.getKind() == TypeKind.WILDCARD ? ((WildcardType) argument).getExtendsBound() : argument;
    }
    for (TypeMirror supertype : types.directSupertypes(type)) {
      TypeMirror element = elementType(supertype);
      if (element != null) {
        return element;
      }
    }
    return null;
  }

  private boolean sameModuloBoxing(TypeMirror a, TypeMirror b) {
    return types.isSameType(box(a), box(b));
  }

  private TypeMirror box(TypeMirror type) {
    return type.getKind().isPrimitive() ? types.boxedClass((PrimitiveType) type).asType() : type;
  }

  /** {@code EmployeeRepository.findByEmail(String email)}, for messages. */
  static String signature(TypeElement repository, ExecutableElement method) {
    StringBuilder text =
        new StringBuilder(repository.getSimpleName()).append('.').append(method.getSimpleName()).append('(');
    String separator = "";
    for (VariableElement parameter : method.getParameters()) {
      text.append(separator).append(simpleType(parameter.asType())).append(' ').append(parameter.getSimpleName());
      separator = ", ";
    }
    return text.append(')').toString();
  }

  private static String simpleType(TypeMirror type) {
    return type.toString().replaceAll("\\b(?:[a-z_][\\w]*\\.)+", "");
  }
}
