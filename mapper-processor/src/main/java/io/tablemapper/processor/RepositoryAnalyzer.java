package io.tablemapper.processor;

import io.tablemapper.api.QueryKind;
import io.tablemapper.internal.model.PropertyKind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Reads a {@code @Repository} interface: finds its entity, parses and checks every derived method, and plans it.
 * Every problem is reported on the method or parameter at fault, starting with the method's signature.
 */
final class RepositoryAnalyzer {
  private final Elements elements;
  private final Types types;
  private final QueryPlanner planner = new QueryPlanner();

  RepositoryAnalyzer(ProcessingEnvironment environment) {
    this.elements = environment.getElementUtils();
    this.types = environment.getTypeUtils();
  }

  /**
   * Analyzes a repository.
   *
   * @param entities resolves an entity class to its model, or null when it has errors (already reported)
   * @return the model, or null when an error was reported
   */
  RepositoryModel analyze(
      TypeElement repository, Function<TypeElement, EntityModel> entities, Diagnostics diagnostics) {
    String name = repository.getSimpleName().toString();
    if (repository.getKind() != ElementKind.INTERFACE) {
      diagnostics.error(repository, Ids.REPOSITORY_KIND,
          "@Repository " + name + " is not an interface; declare it as an interface extending TableRepository<T>");
      return null;
    }
    if (!repository.getTypeParameters().isEmpty()) {
      diagnostics.error(repository, Ids.REPOSITORY_KIND,
          "@Repository " + name + " has type parameters; a repository interface names its entity type");
      return null;
    }
    for (Element e = repository; e instanceof TypeElement; e = e.getEnclosingElement()) {
      if (e.getModifiers().contains(Modifier.PRIVATE)) {
        diagnostics.error(repository, Ids.REPOSITORY_KIND,
            "@Repository " + name + " is private or inside a private type; generated code must reach it");
        return null;
      }
    }
    TypeMirror entityType = entityType(repository.asType());
    if (entityType == null) {
      diagnostics.error(repository, Ids.REPOSITORY_ENTITY,
          "@Repository " + name + " must extend TableRepository<T> with T an @Entity class, for example"
              + " interface " + name + " extends TableRepository<Employee>");
      return null;
    }
    if (entityType.getKind() == TypeKind.ERROR) {
      throw new DeferException(entityType.toString());
    }
    if (entityType.getKind() != TypeKind.DECLARED
        || !Annotations.has(types.asElement(entityType), Annotations.ENTITY)) {
      diagnostics.error(repository, Ids.REPOSITORY_ENTITY,
          "@Repository " + name + " stores " + entityType + ", which is not annotated @Entity");
      return null;
    }
    EntityModel entity = entities.apply((TypeElement) types.asElement(entityType));
    if (entity == null) {
      return null;
    }
    int errorsBefore = diagnostics.errorCount();
    List<RepositoryModel.QueryMethod> methods = new ArrayList<>();
    DeclaredType repositoryType = (DeclaredType) repository.asType();
    List<ExecutableElement> queries = new ArrayList<>();
    for (ExecutableElement method : ElementFilter.methodsIn(elements.getAllMembers(repository))) {
      if (!method.getModifiers().contains(Modifier.ABSTRACT)) {
        continue;
      }
      TypeElement declaring = (TypeElement) method.getEnclosingElement();
      if (declaring.getQualifiedName().contentEquals(Annotations.TABLE_REPOSITORY)
          || declaring.getQualifiedName().contentEquals("java.lang.Object")
          || redeclaresWrite(method, repository)) {
        continue;
      }
      // Before anything is reported: a method over a type not generated yet is retried next round as a whole.
      DeferException.ifUnresolved(method.getReturnType());
      for (VariableElement parameter : method.getParameters()) {
        DeferException.ifUnresolved(parameter.asType());
      }
      queries.add(method);
    }
    for (ExecutableElement method : queries) {
      ExecutableType methodType = (ExecutableType) types.asMemberOf(repositoryType, method);
      RepositoryModel.QueryMethod query = method(repository, entity, entityType, method, methodType, diagnostics);
      if (query != null) {
        methods.add(query);
      }
    }
    return diagnostics.errorCount() > errorsBefore ? null : new RepositoryModel(repository, entity, methods);
  }

  /** Whether the method re-declares one of TableRepository's writes (for example to document it); it is generated anyway. */
  private boolean redeclaresWrite(ExecutableElement method, TypeElement repository) {
    TypeElement base = elements.getTypeElement(Annotations.TABLE_REPOSITORY);
    for (ExecutableElement write : ElementFilter.methodsIn(base.getEnclosedElements())) {
      if (elements.overrides(method, write, repository)) {
        return true;
      }
    }
    return false;
  }

  private TypeMirror entityType(TypeMirror type) {
    for (TypeMirror supertype : types.directSupertypes(type)) {
      Element element = types.asElement(supertype);
      if (element instanceof TypeElement
          && ((TypeElement) element).getQualifiedName().contentEquals(Annotations.TABLE_REPOSITORY)) {
        List<? extends TypeMirror> arguments = ((DeclaredType) supertype).getTypeArguments();
        return arguments.size() == 1 && (arguments.get(0).getKind() == TypeKind.DECLARED
            || arguments.get(0).getKind() == TypeKind.ERROR) ? arguments.get(0) : null;
      }
      TypeMirror found = entityType(supertype);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  private RepositoryModel.QueryMethod method(
      TypeElement repository, EntityModel entity, TypeMirror entityType, ExecutableElement method,
      ExecutableType type, Diagnostics diagnostics) {
    String signature = signature(repository, method);
    if (!method.getTypeParameters().isEmpty()) {
      diagnostics.error(method, Ids.QUERY_GENERIC_METHOD, signature + ": a derived query method has no type parameters");
      return null;
    }
    List<String> propertyNames = new ArrayList<>();
    for (PropertyModel property : entity.properties()) {
      propertyNames.add(property.name());
    }
    MethodNameParser.Result parsed =
        new MethodNameParser(entity.simpleName(), propertyNames).parse(method.getSimpleName().toString());
    if (!parsed.ok()) {
      diagnostics.error(method, parsed.problemId(), signature + ": " + parsed.problem());
      return null;
    }

    // conditions and their types
    List<MethodNameParser.Term> terms = parsed.terms();
    Set<String> seen = new HashSet<>();
    int arity = 0;
    boolean ok = true;
    for (MethodNameParser.Term term : terms) {
      PropertyModel property = entity.property(term.property());
      String what = signature + ": condition on '" + property.name() + "'";
      if (!seen.add(property.name())) {
        diagnostics.error(method, Ids.QUERY_DUPLICATE_CONDITION,
            signature + ": '" + property.name() + "' appears in two conditions; use one, for example "
                + MethodNameParser.capitalize(property.name()) + "Between for a range");
        ok = false;
      } else if (!property.stored() || !property.kind().queryable()) {
        diagnostics.error(method, Ids.QUERY_PROPERTY_NOT_QUERYABLE,
            what + " cannot be evaluated by the store: the property is "
                + (property.stored() ? "stored as @Json" : "not stored (" + property.role().name().toLowerCase(Locale.ROOT) + ")"));
        ok = false;
      } else if (term.operator().isRange() && !property.kind().orderable()) {
        diagnostics.error(method, Ids.QUERY_OPERATOR_TYPE,
            what + " uses " + term.operator().keyword() + ", but " + property.type() + " values are stored as "
                + property.kind().edmType() + " text or bytes that do not sort like the values; compare it by"
                + " equality only");
        ok = false;
      } else if (term.operator() == Operator.STARTS_WITH && property.kind() != PropertyKind.STRING) {
        diagnostics.error(method, Ids.QUERY_OPERATOR_TYPE,
            what + " uses StartsWith, which applies to String properties only; '" + property.name() + "' is "
                + property.type());
        ok = false;
      }
      arity += term.operator().arity();
    }
    if (!ok || !OrderChecks.allowed(signature, parsed, method, diagnostics)) {
      return null;
    }

    // return type
    RepositoryModel.Returns returns = returns(type.getReturnType(), entityType);
    if (!returnAllowed(parsed.action(), returns, parsed.limit())) {
      diagnostics.error(method, Ids.QUERY_RETURN_TYPE,
          signature + ": " + parsed.action().prefix() + " methods" + (parsed.limit() > 0 ? " with a limit" : "")
              + " cannot return " + type.getReturnType() + "; " + allowedReturns(parsed.action(), parsed.limit(), entity));
      return null;
    }

    // parameters
    List<? extends VariableElement> parameters = method.getParameters();
    List<? extends TypeMirror> parameterTypes = type.getParameterTypes();
    String pageRequest = null;
    int conditionParameters = parameters.size();
    if (!parameters.isEmpty()
        && PropertyModel.isDeclared(parameterTypes.get(parameters.size() - 1), "io.tablemapper.api.PageRequest")) {
      pageRequest = parameters.get(parameters.size() - 1).getSimpleName().toString();
      conditionParameters--;
    }
    if (returns == RepositoryModel.Returns.PAGE && pageRequest == null) {
      diagnostics.error(method, Ids.QUERY_RETURN_TYPE,
          signature + ": returns Page<" + entity.simpleName() + "> and so needs a trailing PageRequest parameter");
      return null;
    }
    if (returns != RepositoryModel.Returns.PAGE && pageRequest != null) {
      diagnostics.error(method, Ids.QUERY_RETURN_TYPE,
          signature + ": takes a PageRequest and so must return Page<" + entity.simpleName() + ">");
      return null;
    }
    if (conditionParameters != arity) {
      diagnostics.error(method, Ids.QUERY_PARAMETER_COUNT,
          signature + ": its conditions take " + arity + " parameter" + (arity == 1 ? "" : "s") + " ("
              + describeOperands(terms) + ")" + (pageRequest != null ? " before the PageRequest" : "") + ", but it"
              + " declares " + conditionParameters);
      return null;
    }
    List<Condition> conditions = new ArrayList<>();
    int next = 0;
    for (MethodNameParser.Term term : terms) {
      PropertyModel property = entity.property(term.property());
      List<String> names = new ArrayList<>();
      for (int i = 0; i < term.operator().arity(); i++, next++) {
        VariableElement parameter = parameters.get(next);
        TypeMirror parameterType = parameterTypes.get(next);
        if (!sameModuloBoxing(parameterType, property.type())) {
          diagnostics.error(parameter, Ids.QUERY_PARAMETER_TYPE,
              signature + ": parameter '" + parameter.getSimpleName() + "' is " + parameterType + ", but it is"
                  + " compared with '" + property.name() + "' of type " + property.type() + "; declare it as "
                  + property.type());
          ok = false;
        }
        names.add(parameter.getSimpleName().toString());
      }
      conditions.add(new Condition(property, term.operator(), names));
    }
    if (!ok) {
      return null;
    }

    Plan plan = planner.plan(entity, conditions, parsed.limit(), parsed.ordering());
    if (plan == null) {
      diagnostics.error(method, Ids.QUERY_ORDER,
          signature + ": " + OrderChecks.undeliverable(planner, entity, conditions, parsed));
      return null;
    }
    boolean single = returns == RepositoryModel.Returns.OPTIONAL || returns == RepositoryModel.Returns.ENTITY;
    if (single && plan.kind() != QueryKind.POINT && parsed.limit() != 1) {
      diagnostics.error(method, Ids.QUERY_NOT_UNIQUE,
          signature + ": returns one " + entity.simpleName() + " but its plan (" + plan.description() + ") can"
              + " match several; return List<" + entity.simpleName() + ">"
              + (plan.kind() == QueryKind.TABLE_SCAN ? "" : ", or name it " + parsed.action().prefix()
                  + "FirstBy... to take the first in key order") + ", or add conditions that bind every key"
              + " component");
      return null;
    }
    boolean allowScan = Annotations.has(method, Annotations.ALLOW_SCAN);
    if (plan.kind() == QueryKind.TABLE_SCAN && !allowScan) {
      diagnostics.error(method, Ids.QUERY_TABLE_SCAN,
          signature + " would read every partition of table " + entity.table() + " (" + plan.description()
              + "), because no condition binds the PartitionKey " + entity.partitionKey().template()
              + "; add conditions on " + partitionProperties(entity) + ", or annotate the method @AllowScan");
      return null;
    }
    if (!OrderChecks.limitDeliverable(signature, method, entity, plan, parsed.limit(), diagnostics)) {
      return null;
    }
    if (plan.kind() == QueryKind.PARTITION_SCAN && !allowScan) {
      diagnostics.warning(method, Ids.QUERY_PARTITION_SCAN,
          signature + " scans every " + entity.simpleName() + " of its partition (" + plan.description() + "); "
              + (entity.rowKey() != null
                  ? "bind leading RowKey components of " + entity.rowKey().template() + " or an index to narrow it,"
                  : "its subtypes have RowKeys of their own, so query a subtype's repository to narrow it,")
              + " or annotate the method @AllowScan");
    }
    return new RepositoryModel.QueryMethod(method, type, parsed.action(), returns, parsed.limit(), conditions,
        parsed.ordering(), pageRequest, plan);
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
      } else {
        operands.add(term.property());
      }
    }
    return String.join(", ", operands);
  }

  private RepositoryModel.Returns returns(TypeMirror type, TypeMirror entityType) {
    switch (type.getKind()) {
      case VOID:
        return RepositoryModel.Returns.VOID;
      case LONG:
        return RepositoryModel.Returns.LONG;
      case BOOLEAN:
        return RepositoryModel.Returns.BOOLEAN;
      case DECLARED:
        if (types.isSameType(type, entityType)) {
          return RepositoryModel.Returns.ENTITY;
        }
        DeclaredType declared = (DeclaredType) type;
        if (declared.getTypeArguments().size() != 1 || !types.isSameType(declared.getTypeArguments().get(0), entityType)) {
          return null;
        }
        String name = ((TypeElement) declared.asElement()).getQualifiedName().toString();
        switch (name) {
          case "java.util.Optional":
            return RepositoryModel.Returns.OPTIONAL;
          case "java.util.List":
            return RepositoryModel.Returns.LIST;
          case "java.util.stream.Stream":
            return RepositoryModel.Returns.STREAM;
          case "io.tablemapper.api.Page":
            return RepositoryModel.Returns.PAGE;
          default:
            return null;
        }
      default:
        return null;
    }
  }

  private static boolean returnAllowed(MethodNameParser.Action action, RepositoryModel.Returns returns, int limit) {
    if (returns == null) {
      return false;
    }
    switch (action) {
      case FIND:
        return returns == RepositoryModel.Returns.OPTIONAL || returns == RepositoryModel.Returns.LIST
            || returns == RepositoryModel.Returns.STREAM || returns == RepositoryModel.Returns.PAGE;
      case GET:
        return returns == RepositoryModel.Returns.ENTITY || returns == RepositoryModel.Returns.OPTIONAL
            || returns == RepositoryModel.Returns.LIST || returns == RepositoryModel.Returns.STREAM
            || returns == RepositoryModel.Returns.PAGE;
      case STREAM:
        return returns == RepositoryModel.Returns.STREAM;
      case COUNT:
        return returns == RepositoryModel.Returns.LONG && limit == 0;
      case EXISTS:
        return returns == RepositoryModel.Returns.BOOLEAN && limit == 0;
      case DELETE:
        return (returns == RepositoryModel.Returns.VOID || returns == RepositoryModel.Returns.LONG) && limit == 0;
      default:
        return false;
    }
  }

  private static String allowedReturns(MethodNameParser.Action action, int limit, EntityModel entity) {
    String t = entity.simpleName();
    switch (action) {
      case FIND:
        return "return Optional<" + t + ">, List<" + t + ">, Stream<" + t + "> or Page<" + t + ">"
            + " (use get... to return " + t + " itself)";
      case GET:
        return "return " + t + ", Optional<" + t + ">, List<" + t + ">, Stream<" + t + "> or Page<" + t + ">";
      case STREAM:
        return "return Stream<" + t + ">";
      case COUNT:
        return limit > 0 ? "count takes no First/Top limit" : "return long";
      case EXISTS:
        return limit > 0 ? "exists takes no First/Top limit" : "return boolean";
      default:
        return limit > 0 ? "delete takes no First/Top limit" : "return void or long (the number deleted)";
    }
  }

  private boolean sameModuloBoxing(TypeMirror a, TypeMirror b) {
    return types.isSameType(box(a), box(b));
  }

  private TypeMirror box(TypeMirror type) {
    return type.getKind().isPrimitive() ? types.boxedClass((javax.lang.model.type.PrimitiveType) type).asType() : type;
  }

  /** {@code EmployeeRepository.findByEmail(String email)}, for messages. */
  static String signature(TypeElement repository, ExecutableElement method) {
    StringBuilder text = new StringBuilder(repository.getSimpleName()).append('.').append(method.getSimpleName()).append('(');
    String separator = "";
    for (VariableElement parameter : method.getParameters()) {
      text.append(separator).append(simpleType(parameter.asType())).append(' ').append(parameter.getSimpleName());
      separator = ", ";
    }
    return text.append(')').toString();
  }

  private static String simpleType(TypeMirror type) {
    String text = type.toString();
    return text.replaceAll("\\b(?:[a-z_][\\w]*\\.)+", "");
  }
}
