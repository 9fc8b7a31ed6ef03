package io.tablemapper.processor.repository;

import io.tablemapper.api.QueryKind;
import io.tablemapper.internal.model.Rule;
import io.tablemapper.internal.model.TableTemplate;
import io.tablemapper.processor.entity.EntityAnalyzer;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.entity.PropertyModel;
import io.tablemapper.processor.planning.Condition;
import io.tablemapper.processor.planning.MethodNameParser;
import io.tablemapper.processor.planning.Operator;
import io.tablemapper.processor.planning.Plan;
import io.tablemapper.processor.planning.QueryPlanner;
import io.tablemapper.processor.util.Annotations;
import io.tablemapper.processor.util.DeferException;
import io.tablemapper.processor.util.Diagnostics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.PrimitiveType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Reads a Jakarta Data 1.0 {@code @Repository} interface (found by name: the processor never loads Jakarta Data's
 * classes) into the same model as a tablemapper repository: each {@code @Find} method becomes the query its
 * {@code @By} parameters and {@code @OrderBy} annotations name ({@link JakartaFindQueries}), each other query
 * method is parsed by its name as a derived one, and both are planned, checked and reported by
 * {@link QueryMethodAnalyzer} exactly as tablemapper's ({@code POINT}/{@code RANGE}/…, {@code [QueryTableScan]},
 * {@code @AllowScan}). Lifecycle methods ({@code @Insert}, {@code @Update}, {@code @Delete}, {@code @Save}, and those
 * inherited from {@code BasicRepository} and {@code CrudRepository}) become {@link RepositoryModel.Lifecycle}s.
 *
 * <p>The key type {@code K} of {@code DataRepository<T, K>} stands for the entity's keys: the type of its one key
 * property when its PartitionKey and RowKey hold one property between them, else a record whose components are
 * exactly the properties of both keys, by name and type ({@code record EmployeeKey(String department, int
 * employeeId)}); anything else is {@code [JakartaKeyType]}.
 */
final class JakartaRepositoryAnalyzer {
  private static final Set<String> BASES = Set.of(Annotations.JAKARTA_DATA_REPOSITORY,
      Annotations.JAKARTA_BASIC_REPOSITORY, Annotations.JAKARTA_CRUD_REPOSITORY);

  private final Elements elements;
  private final Types types;
  private final QueryMethodAnalyzer queries;
  private final QueryPlanner planner = new QueryPlanner();
  private final JakartaOptions options;
  private final JakartaClientQueries clients;
  private final JakartaParts parts;

  JakartaRepositoryAnalyzer(Elements elements, Types types, QueryMethodAnalyzer queries, JakartaOptions options) {
    this.elements = elements;
    this.types = types;
    this.queries = queries;
    this.options = options;
    this.clients = new JakartaClientQueries(types, queries);
    this.parts = new JakartaParts(types);
  }

  /** Whether a type is annotated with Jakarta Data's {@code @Repository}. */
  static boolean isJakarta(TypeElement type) {
    return Annotations.has(type, Annotations.JAKARTA_REPOSITORY);
  }

  RepositoryModel analyze(
      TypeElement repository, Function<TypeElement, EntityModel> entities, Diagnostics diagnostics) {
    String name = repository.getSimpleName().toString();
    if (repository.getKind() != ElementKind.INTERFACE || !repository.getTypeParameters().isEmpty()) {
      diagnostics.error(repository, Rule.REPOSITORY_KIND, "@Repository " + name + " is not an interface without"
          + " type parameters; declare it as an interface extending CrudRepository<T, K>, BasicRepository<T, K>,"
          + " DataRepository<T, K> or nothing, over an @Entity T");
      return null;
    }
    for (Element e = repository; e instanceof TypeElement; e = e.getEnclosingElement()) {
      if (e.getModifiers().contains(Modifier.PRIVATE)) {
        diagnostics.error(repository, Rule.REPOSITORY_KIND,
            "@Repository " + name + " is private or inside a private type; generated code must reach it");
        return null;
      }
    }
    List<ExecutableElement> methods = new ArrayList<>();
    for (ExecutableElement method : ElementFilter.methodsIn(elements.getAllMembers(repository))) {
      if (method.getModifiers().contains(Modifier.ABSTRACT)
          && !((TypeElement) method.getEnclosingElement()).getQualifiedName().contentEquals("java.lang.Object")) {
        DeferException.ifUnresolved(method.getReturnType());
        for (VariableElement parameter : method.getParameters()) {
          DeferException.ifUnresolved(parameter.asType());
        }
        methods.add(method);
      }
    }
    DeclaredType base = dataRepository(repository.asType());
    if (base == null) {
      Map<String, TypeMirror> named = parts.namedEntities(methods);
      if (named.size() > 1) {
        return parts.analyze(repository, methods, named, diagnostics,
            (entityType, own) -> analyzeOne(repository, null, entityType, own, entities, diagnostics));
      }
    }
    TypeMirror entityType = base != null ? base.getTypeArguments().get(0) : entityOfMethods(methods);
    return analyzeOne(repository, base, entityType, methods, entities, diagnostics);
  }

  /** A repository of one entity: the one its DataRepository names, or the one its methods name. */
  private RepositoryModel analyzeOne(TypeElement repository, DeclaredType base, TypeMirror entityType,
      List<ExecutableElement> methods, Function<TypeElement, EntityModel> entities, Diagnostics diagnostics) {
    String name = repository.getSimpleName().toString();
    if (entityType == null) {
      diagnostics.error(repository, Rule.REPOSITORY_ENTITY, "@Repository " + name + " names no entity: extend"
          + " CrudRepository<T, K> (or BasicRepository, DataRepository) with T an @Entity class, or declare an"
          + " @Insert, @Update, @Delete or @Save method of one");
      return null;
    }
    if (entityType.getKind() == TypeKind.ERROR) {
      throw new DeferException(entityType.toString());
    }
    if (entityType.getKind() != TypeKind.DECLARED
        || !EntityAnalyzer.isEntity((TypeElement) types.asElement(entityType))) {
      diagnostics.error(repository, Rule.REPOSITORY_ENTITY, "@Repository " + name + " stores " + entityType
          + ", which is not annotated @io.tablemapper.annotations.Entity (nor jakarta.nosql.Entity or"
          + " jakarta.persistence.Entity); tablemapper maps the entities it declares, with their @PartitionKey and"
          + " @RowKey, and Jakarta entities with one @Id");
      return null;
    }
    String idProblem = EntityAnalyzer.jakartaIdProblem((TypeElement) types.asElement(entityType));
    if (idProblem != null) {
      diagnostics.error(repository, Rule.REPOSITORY_ENTITY, "@Repository " + name + " stores " + idProblem);
      return null;
    }
    EntityModel entity = entities.apply((TypeElement) types.asElement(entityType));
    if (entity == null) {
      return null;
    }
    int errorsBefore = diagnostics.errorCount();
    TypeMirror keyType = base != null ? base.getTypeArguments().get(1) : null;
    List<PropertyModel> keyProperties = keyProperties(repository, entity, keyType, diagnostics);
    if (keyProperties == null) {
      return null;
    }
    boolean keyRecord = keyType != null && keyType.getKind() == TypeKind.DECLARED
        && types.asElement(keyType).getKind() == ElementKind.RECORD;
    DeclaredType repositoryType = (DeclaredType) repository.asType();
    List<RepositoryModel.QueryMethod> found = new ArrayList<>();
    List<RepositoryModel.Lifecycle> lifecycles = new ArrayList<>();
    List<RepositoryModel.ById> byId = new ArrayList<>();
    List<RepositoryModel.Refused> refused = new ArrayList<>();
    for (ExecutableElement method : methods) {
      ExecutableType type = (ExecutableType) types.asMemberOf(repositoryType, method);
      List<String> refusals = new ArrayList<>();
      analyzeMethod(repository, entity, entityType, method, type, keyProperties, found, lifecycles, byId,
          options.throwRefused() ? diagnostics.demoting(refusals) : diagnostics);
      if (!refusals.isEmpty()) {
        found.removeIf(query -> query.element().equals(method));
        lifecycles.removeIf(lifecycle -> lifecycle.element().equals(method));
        byId.removeIf(byKey -> byKey.element().equals(method));
        refused.add(new RepositoryModel.Refused(method, type, String.join("; ", refusals)));
        diagnostics.warning(method, Rule.JAKARTA_REFUSED_METHOD, QueryMethodAnalyzer.signature(
            repository, method) + " compiles to a method that throws the warning above as an"
            + " UnsupportedOperationException (a MappingException for what is no attribute of the entity) (-A"
            + JakartaOptions.REFUSED + "=throw)");
      }
    }
    if (diagnostics.errorCount() > errorsBefore) {
      return null;
    }
    return new RepositoryModel(repository, entity, found, false, List.of(),
        new RepositoryModel.JakartaModel(keyType, keyProperties, keyRecord, lifecycles, byId, refused));
  }

  /** One method of the repository into {@code found}, {@code lifecycles} or {@code byId}, or its errors. */
  private void analyzeMethod(
      TypeElement repository, EntityModel entity, TypeMirror entityType, ExecutableElement method,
      ExecutableType type, List<PropertyModel> keyProperties, List<RepositoryModel.QueryMethod> found,
      List<RepositoryModel.Lifecycle> lifecycles, List<RepositoryModel.ById> byId, Diagnostics diagnostics) {
    String signature = QueryMethodAnalyzer.signature(repository, method);
    String inherited = inherited(method, repository);
    if (inherited != null) {
      readInherited(repository, entity, entityType, method, type, inherited, keyProperties, found, lifecycles,
          byId, diagnostics);
      return;
    }
    RepositoryModel.Operation operation = operation(method);
    if (Annotations.has(method, Annotations.JAKARTA_QUERY)
        && (options.allowScan() || JakartaClientQueries.isWrite(method))) {
      RepositoryModel.QueryMethod query = clients.jdql(repository, entity, entityType, method, type, keyProperties,
          options.allowScan(), diagnostics);
      if (query != null) {
        found.add(query);
      }
    } else if (Annotations.has(method, Annotations.JAKARTA_QUERY)) {
      diagnostics.error(method, Rule.JAKARTA_METHOD, signature + ": @Query (JDQL) is not planned at compile"
          + " time; say what it finds with @Find and @By parameters, or with a derived name (findByEmail)");
    } else if (operation != null && !(operation == RepositoryModel.Operation.DELETE
        && !takesEntities(type, entityType))) {
      RepositoryModel.Lifecycle lifecycle = lifecycle(signature, method, type, operation, entityType,
          diagnostics);
      if (lifecycle != null) {
        lifecycles.add(lifecycle);
      }
    } else if (AsyncReturns.isFuture(type.getReturnType())) {
      diagnostics.error(method, Rule.JAKARTA_METHOD, signature + ": a Jakarta Data repository method returns its"
          + " result, not a CompletableFuture; declare the async query in a tablemapper @Repository");
    } else if (options.allowScan() && operation == null && clients.tryClient(repository, entity, entityType,
        method, type, keyProperties, found, diagnostics)) {
      return;
    } else if (dynamicOrderingOk(signature, method, type, diagnostics)) {
      MethodNameParser.Result annotated = null;
      if (Annotations.has(method, Annotations.JAKARTA_FIND) || operation == RepositoryModel.Operation.DELETE) {
        annotated = JakartaFindQueries.of(signature, method, type, entity,
            operation == null ? MethodNameParser.Action.FIND : MethodNameParser.Action.DELETE, keyProperties,
            diagnostics);
        if (annotated == null) {
          return;
        }
      }
      RepositoryModel.QueryMethod query = queries.analyze(repository, entity, entityType, method, type,
          diagnostics, annotated, true, false);
      if (query != null && query.returns() == RepositoryModel.Returns.PAGE && query.projection() != null) {
        diagnostics.error(method, Rule.JAKARTA_METHOD, signature + ": a CursoredPage holds entities here; return"
            + " CursoredPage<" + entity.simpleName() + ">, or a List or Stream of the record");
      } else if (query != null) {
        found.add(query);
      }
    }
  }

  /** The {@code DataRepository<T, K>} the type extends, directly or through BasicRepository/CrudRepository. */
  private DeclaredType dataRepository(TypeMirror type) {
    for (TypeMirror supertype : types.directSupertypes(type)) {
      Element element = types.asElement(supertype);
      if (element instanceof TypeElement
          && ((TypeElement) element).getQualifiedName().contentEquals(Annotations.JAKARTA_DATA_REPOSITORY)) {
        return (DeclaredType) supertype;
      }
      DeclaredType found = dataRepository(supertype);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  /** The entity of a repository that extends nothing: the type its first lifecycle method writes. */
  private TypeMirror entityOfMethods(List<ExecutableElement> methods) {
    for (ExecutableElement method : methods) {
      if (operation(method) != null && method.getParameters().size() == 1) {
        TypeMirror parameter = method.getParameters().get(0).asType();
        TypeMirror element = listElement(parameter);
        return element != null ? element : parameter.getKind() == TypeKind.ARRAY
            ? ((javax.lang.model.type.ArrayType) parameter).getComponentType() : parameter;
      }
    }
    Map<String, TypeMirror> named = parts.namedEntities(methods); // none writes: the one its queries return
    return named.size() == 1 ? named.values().iterator().next() : null;
  }

  /**
   * The properties {@code K} stands for, in the order a key record declares them; the PartitionKey's and RowKey's
   * (each once) when there is no {@code K}; null when an error was reported.
   */
  private List<PropertyModel> keyProperties(
      TypeElement repository, EntityModel entity, TypeMirror keyType, Diagnostics diagnostics) {
    String name = repository.getSimpleName().toString();
    if (entity.rowKey() == null || TableTemplate.isTemplate(entity.table())) {
      diagnostics.error(repository, Rule.JAKARTA_KEY_TYPE, "@Repository " + name + " stores " + entity.simpleName()
          + ", whose " + (entity.rowKey() == null ? "subtypes declare their own RowKeys" : "table is one per period")
          + ", so no key type K names one of its entities; declare a Jakarta Data repository of a concrete entity"
          + " with one table");
      return null;
    }
    Map<String, PropertyModel> keys = new LinkedHashMap<>();
    entity.partitionKey().properties().forEach(property -> keys.put(property.name(), property));
    entity.rowKey().properties().forEach(property -> keys.put(property.name(), property));
    if (keyType == null) {
      return List.copyOf(keys.values());
    }
    if (keys.size() == 1 && sameModuloBoxing(keyType, keys.values().iterator().next().type())) {
      return List.copyOf(keys.values());
    }
    if (keyType.getKind() == TypeKind.DECLARED && types.asElement(keyType).getKind() == ElementKind.RECORD) {
      List<PropertyModel> ordered = new ArrayList<>();
      for (RecordComponentElement component
          : ((TypeElement) types.asElement(keyType)).getRecordComponents()) {
        PropertyModel property = keys.get(component.getSimpleName().toString());
        if (property == null || !sameModuloBoxing(component.asType(), property.type())) {
          ordered = null;
          break;
        }
        ordered.add(property);
      }
      if (ordered != null && ordered.size() == keys.size()) {
        return ordered;
      }
    }
    List<String> declared = new ArrayList<>();
    keys.values().forEach(property -> declared.add(types(property.type()) + " " + property.name()));
    diagnostics.error(repository, Rule.JAKARTA_KEY_TYPE, "@Repository " + name + " declares the key type "
        + types(keyType)
        + ", but " + entity.simpleName() + " is found by PartitionKey " + entity.partitionKey().template()
        + " and RowKey " + entity.rowKey().template() + ", which hold " + String.join(", ", declared) + "; "
        + (keys.size() == 1 ? "declare K as " + types(box(keys.values().iterator().next().type()))
            : "declare K as a record of exactly those components, for example record " + entity.simpleName()
                + "Key(" + String.join(", ", declared) + ")"));
    return null;
  }

  /** The name of the BasicRepository/CrudRepository method this one is or overrides, or null. */
  private String inherited(ExecutableElement method, TypeElement repository) {
    for (String base : BASES) {
      TypeElement type = elements.getTypeElement(base);
      if (type == null) {
        continue;
      }
      for (ExecutableElement declared : ElementFilter.methodsIn(type.getEnclosedElements())) {
        if (declared.equals(method) || elements.overrides(method, declared, repository)) {
          return declared.getSimpleName() + "/" + declared.getParameters().size();
        }
      }
    }
    return null;
  }

  private void readInherited(
      TypeElement repository, EntityModel entity, TypeMirror entityType, ExecutableElement method,
      ExecutableType type, String inherited, List<PropertyModel> keys, List<RepositoryModel.QueryMethod> found,
      List<RepositoryModel.Lifecycle> lifecycles, List<RepositoryModel.ById> byId, Diagnostics diagnostics) {
    String name = inherited.substring(0, inherited.indexOf('/'));
    switch (inherited) {
      case "findById/1":
      case "deleteById/1":
        byId.add(new RepositoryModel.ById(method, type, name.equals("findById")
            ? RepositoryModel.ByIdKind.FIND_BY_ID : RepositoryModel.ByIdKind.DELETE_BY_ID, keyPlan(entity, keys)));
        return;
      case "findAll/2":
        if (options.allowScan()) { // an offset page of every entity, read and skipped in the client
          RepositoryModel.QueryMethod page = clients.analyze(repository, entity, entityType, method, type,
              MethodNameParser.Result.of(MethodNameParser.Action.FIND, 0, List.of(), List.of()), diagnostics);
          if (page != null) {
            found.add(page);
          }
          return;
        }
        byId.add(new RepositoryModel.ById(method, type, RepositoryModel.ByIdKind.FIND_ALL_PAGE, null));
        return;
      case "findAll/0":
        boolean redeclared = method.getEnclosingElement().equals(repository);
        RepositoryModel.QueryMethod all = queries.analyze(repository, entity, entityType, method, type, diagnostics,
            MethodNameParser.Result.of(MethodNameParser.Action.FIND, 0, List.of(), List.of()), true, !redeclared);
        if (all == null) {
          return;
        }
        found.add(all);
        if (!redeclared && all.plan().kind() == QueryKind.TABLE_SCAN) {
          diagnostics.warning(repository, Rule.JAKARTA_INHERITED_SCAN, "@Repository " + repository.getSimpleName()
              + " inherits findAll() from BasicRepository, which reads every partition of table " + entity.table()
              + " (" + all.plan().description() + "); redeclare it as @AllowScan Stream<" + entity.simpleName()
              + "> findAll() if that is meant, or extend DataRepository, which declares no findAll()");
        }
        return;
      default:
        RepositoryModel.Operation operation = RepositoryModel.Operation.valueOf(
            name.replace("All", "").toUpperCase(java.util.Locale.ROOT));
        lifecycles.add(new RepositoryModel.Lifecycle(method, type, operation, name.endsWith("All"),
            operation != RepositoryModel.Operation.DELETE));
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

  /** What a lifecycle method does by its annotation, or null for a query. */
  static RepositoryModel.Operation operation(ExecutableElement method) {
    if (Annotations.has(method, Annotations.JAKARTA_INSERT)) {
      return RepositoryModel.Operation.INSERT;
    }
    if (Annotations.has(method, Annotations.JAKARTA_UPDATE)) {
      return RepositoryModel.Operation.UPDATE;
    }
    if (Annotations.has(method, Annotations.JAKARTA_SAVE)) {
      return RepositoryModel.Operation.SAVE;
    }
    return Annotations.has(method, Annotations.JAKARTA_DELETE) ? RepositoryModel.Operation.DELETE : null;
  }

  /** Whether the method's one parameter is an entity or a list of them: a lifecycle {@code @Delete}. */
  private boolean takesEntities(ExecutableType type, TypeMirror entityType) {
    if (type.getParameterTypes().size() != 1) {
      return false;
    }
    TypeMirror parameter = type.getParameterTypes().get(0);
    TypeMirror element = parameter.getKind() == TypeKind.ARRAY
        ? ((javax.lang.model.type.ArrayType) parameter).getComponentType() : listElement(parameter);
    return types.isAssignable(element != null ? element : parameter, entityType);
  }

  private RepositoryModel.Lifecycle lifecycle(
      String signature, ExecutableElement method, ExecutableType type, RepositoryModel.Operation operation,
      TypeMirror entityType, Diagnostics diagnostics) {
    String annotation = "@" + operation.name().charAt(0) + operation.name().substring(1).toLowerCase(
        java.util.Locale.ROOT);
    TypeMirror parameter = type.getParameterTypes().size() == 1 ? type.getParameterTypes().get(0) : null;
    boolean array = parameter != null && parameter.getKind() == TypeKind.ARRAY;
    TypeMirror element = parameter == null ? null : array
        ? ((javax.lang.model.type.ArrayType) parameter).getComponentType() : listElement(parameter);
    boolean list = element != null;
    if (parameter == null || !types.isAssignable(list ? element : parameter, entityType)
        || !method.getTypeParameters().isEmpty()) {
      diagnostics.error(method, Rule.JAKARTA_METHOD, signature + ": an " + annotation + " method takes one "
          + types.asElement(entityType).getSimpleName() + ", one List or one array of them");
      return null;
    }
    TypeMirror returns = type.getReturnType();
    boolean returnsValue = returns.getKind() != TypeKind.VOID;
    if (returnsValue && (operation == RepositoryModel.Operation.DELETE || !types.isSameType(returns, parameter))) {
      diagnostics.error(method, Rule.JAKARTA_METHOD, signature + ": an " + annotation + " method returns "
          + (operation == RepositoryModel.Operation.DELETE ? "void" : "void or what it takes (" + parameter
              + "), as written with its new ETag") + ", not " + returns);
      return null;
    }
    return new RepositoryModel.Lifecycle(method, type, operation, list, returnsValue, array);
  }

  /** {@code [JakartaDynamicSort]} and {@code [JakartaOffsetPage]}: whether the method has neither. */
  private boolean dynamicOrderingOk(
      String signature, ExecutableElement method, ExecutableType type, Diagnostics diagnostics) {
    for (int i = 0; i < type.getParameterTypes().size(); i++) {
      TypeMirror parameter = type.getParameterTypes().get(i);
      for (String name : List.of(Annotations.JAKARTA_SORT, Annotations.JAKARTA_ORDER, Annotations.JAKARTA_LIMIT)) {
        if (PropertyModel.isDeclared(parameter, name) || isArrayOf(parameter, name)) {
          diagnostics.error(method.getParameters().get(i), Rule.JAKARTA_DYNAMIC_SORT, signature + ": parameter '"
              + method.getParameters().get(i).getSimpleName() + "' is a " + name.substring(name.lastIndexOf('.') + 1)
              + ", chosen at run time, but results come in the order of a key and the processor decides at compile"
              + " time which key gives the order asked; declare the order with @OrderBy (or OrderBy in the name)"
              + " and a limit with First/FirstN in the name");
          return false;
        }
      }
    }
    if (PropertyModel.isDeclared(type.getReturnType(), Annotations.JAKARTA_PAGE)) {
      diagnostics.error(method, Rule.JAKARTA_OFFSET_PAGE, signature + ": returns an offset Page, but a key-sorted"
          + " store has no cheap offset: page N would read every entity of the pages before it; return"
          + " CursoredPage<" + simpleArgument(type.getReturnType()) + ">, whose next page resumes from the last"
          + " one's continuation token");
      return false;
    }
    return true;
  }

  /** The element type of a {@code List<E>}, or null. */
  private static TypeMirror listElement(TypeMirror type) {
    if (type.getKind() == TypeKind.DECLARED && PropertyModel.isDeclared(type, "java.util.List")
        && ((DeclaredType) type).getTypeArguments().size() == 1) {
      TypeMirror element = ((DeclaredType) type).getTypeArguments().get(0);
      return element.getKind() == TypeKind.WILDCARD
          ? ((javax.lang.model.type.WildcardType) element).getExtendsBound() : element;
    }
    return null;
  }

  private static boolean isArrayOf(TypeMirror type, String name) {
    return type.getKind() == TypeKind.ARRAY
        && PropertyModel.isDeclared(((javax.lang.model.type.ArrayType) type).getComponentType(), name);
  }

  private static String simpleArgument(TypeMirror type) {
    List<? extends TypeMirror> arguments = ((DeclaredType) type).getTypeArguments();
    return arguments.isEmpty() ? "T" : types(arguments.get(0));
  }

  private static String types(TypeMirror type) {
    return type.toString().replaceAll("\\b(?:[a-z_][\\w]*\\.)+", "");
  }

  private boolean sameModuloBoxing(TypeMirror a, TypeMirror b) {
    return types.isSameType(box(a), box(b));
  }

  private TypeMirror box(TypeMirror type) {
    return type.getKind().isPrimitive() ? types.boxedClass((PrimitiveType) type).asType() : type;
  }
}
