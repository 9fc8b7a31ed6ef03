package io.tablemapper.processor.generation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.TypeName;
import io.tablemapper.api.QueryKind;
import io.tablemapper.internal.mapping.EntityQuery;
import io.tablemapper.internal.model.PropertyKind;
import io.tablemapper.internal.model.TableTemplate;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.entity.PropertyModel;
import io.tablemapper.processor.planning.Condition;
import io.tablemapper.processor.planning.Operator;
import io.tablemapper.processor.planning.PeriodBounds;
import io.tablemapper.processor.planning.Plan;
import io.tablemapper.processor.repository.QueryMethodKind;
import io.tablemapper.processor.repository.RepositoryModel;
import io.tablemapper.spi.Filter;
import io.tablemapper.spi.KeyBound;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.lang.model.element.VariableElement;

/**
 * Writes what every derived query method does before its {@link QueryMethodKind} runs the query: checks the
 * parameters its filter compares, and builds the {@link EntityQuery} its plan calls for — the PartitionKey, the
 * RowKey or its bounds, the residual filter, the limit — into a local variable. Keys are composed by the metamodel
 * ({@code Employee_.rowKey(employeeId)}, {@code Review_.rowKeyPrefix(employeeId)},
 * {@code Employee_.ROW_KEY_PREFIX}); only a bound is appended here, through the metamodel's part of its component.
 */
final class EntityQueryGenerator {
  private static final ClassName ENTITY_QUERY = ClassName.get(EntityQuery.class);
  private static final ClassName FILTER = ClassName.get(Filter.class);
  private static final ClassName KEY_BOUND = ClassName.get(KeyBound.class);
  private static final ClassName QUERY_KIND = ClassName.get(QueryKind.class);

  private final RepositoryModel repository;
  private final MemberNames members;

  /** The generator of the queries of one repository. */
  EntityQueryGenerator(RepositoryModel repository) {
    this.repository = repository;
    this.members = MemberNames.of(repository.entity());
  }

  /**
   * Adds the statements that build a method's query into the local variable {@code query}.
   *
   * @param names the names taken in the method, which new locals avoid
   * @param plan the constant that holds the plan's text
   */
  void write(
      MethodSpec.Builder builder, NameAllocator names, RepositoryModel.QueryMethod method, String query, String plan) {
    Plan planned = method.plan();
    if (planned.union()) {
      writeUnion(builder, names, method, query, plan);
      return;
    }
    List<String> inLists = new ArrayList<>();
    CodeBlock filter = planned.branches() != null
        ? anyBranch(builder, names, method, planned.branches(), inLists)
        : filter(builder, names, method, planned.residual(), inLists);
    if (planned.fanOut() == null) {
      Keys keys = new Keys(builder, names, repository.entity().metamodelName(), members, planned, null, null);
      builder.addStatement("$T $N = $L$L\n.build()", ENTITY_QUERY, query, read(method, planned, plan, keys, filter),
          matchesNothing(inLists));
      return;
    }
    String reads = names.newName("reads");
    builder.addStatement("$T<$T> $N = new $T<>()", List.class, ENTITY_QUERY, reads, ArrayList.class);
    addFanOut(builder, names, method, planned, plan, filter, reads);
    builder.addStatement("$T $N = $L\n.union($N)$L\n.build()", ENTITY_QUERY, query, union(method, plan), reads,
        matchesNothing(inLists));
  }

  /**
   * The reads of the branches of an {@code Or} planned as a union, each with its own keys and filter (a branch with
   * an {@code In} fanned out adds one read per element, and one whose {@code In} filter has an empty collection
   * matches nothing), merged by {@code EntityQuery.Builder.anyOf}.
   */
  private void writeUnion(
      MethodSpec.Builder builder, NameAllocator names, RepositoryModel.QueryMethod method, String query, String plan) {
    String reads = names.newName("reads");
    builder.addStatement("$T<$T> $N = new $T<>()", List.class, ENTITY_QUERY, reads, ArrayList.class);
    for (Plan branch : method.plan().branches()) {
      List<String> inLists = new ArrayList<>();
      CodeBlock filter = filter(builder, names, method, branch.residual(), inLists);
      if (branch.fanOut() != null) {
        addFanOut(builder, names, method, branch, plan, filter, reads);
        continue;
      }
      Keys keys = new Keys(builder, names, repository.entity().metamodelName(), members, branch, null, null);
      builder.addStatement("$N.add($L$L\n.build())", reads, read(method, branch, plan, keys, filter),
          matchesNothing(inLists));
    }
    builder.addStatement("$T $N = $L\n.anyOf($N)\n.build()", ENTITY_QUERY, query, union(method, plan), reads);
  }

  /** The builder of a query of several reads, short of the reads: its method, kind, plan and limit. */
  private CodeBlock union(RepositoryModel.QueryMethod method, String plan) {
    CodeBlock.Builder union = CodeBlock.builder().add("$T\n.builder($S,$W$T.$L,$W$N)", ENTITY_QUERY,
        methodName(method), QUERY_KIND, method.plan().kind().name(), plan);
    if (method.limit() > 0) {
      union.add("\n.limit($L)", method.limit());
    }
    return union.build();
  }

  /** Adds to the list {@code reads} one read of a plan per distinct element of its {@code In}'s collection. */
  private void addFanOut(MethodSpec.Builder builder, NameAllocator names, RepositoryModel.QueryMethod method,
      Plan planned, String plan, CodeBlock filter, String reads) {
    String fanOut = planned.fanOut();
    PropertyModel property = fanOutProperty(planned);
    String element = names.newName(fanOut + "Element");
    builder.addStatement("$T.requireNonNull($N, $L)", Objects.class, fanOut, nullMessage(method, fanOut, property,
        "is null; pass an empty collection to match nothing"));
    builder.beginControlFlow("for ($T $N : new $T<>($N))", TypeName.get(property.type()).box(), element,
        LinkedHashSet.class, fanOut);
    builder.addStatement("$T.requireNonNull($N, $L)", Objects.class, element, nullMessage(method, fanOut, property,
        "holds null; the store cannot compare '" + property.name() + "' with null"));
    Keys keys = new Keys(builder, names, repository.entity().metamodelName(), members, planned, fanOut, element);
    builder.addStatement("$N.add($L\n.build())", reads, read(method, planned, plan, keys, filter));
    builder.endControlFlow();
  }

  /**
   * The filter of an {@code Or} read as one scan: the branches' filters joined by {@code Filter.or}, collected in a
   * local list that leaves out a branch whose {@code In} has an empty collection (it matches nothing); the query then
   * matches nothing when every branch does ({@code inLists} gets a marker for that).
   */
  private CodeBlock anyBranch(MethodSpec.Builder builder, NameAllocator names, RepositoryModel.QueryMethod method,
      List<Plan> branches, List<String> inLists) {
    String alternatives = names.newName("alternatives");
    builder.addStatement("$T<$T> $N = new $T<>()", List.class, FILTER, alternatives, ArrayList.class);
    for (Plan branch : branches) {
      List<String> branchInLists = new ArrayList<>();
      CodeBlock filter = filter(builder, names, method, branch.residual(), branchInLists);
      if (branchInLists.isEmpty()) {
        builder.addStatement("$N.add($L)", alternatives, filter);
      } else {
        List<CodeBlock> empty = new ArrayList<>();
        for (String list : branchInLists) {
          empty.add(CodeBlock.of("$N.isEmpty()", list));
        }
        builder.beginControlFlow("if (!($L))", CodeBlock.join(empty, " || "));
        builder.addStatement("$N.add($L)", alternatives, filter);
        builder.endControlFlow();
      }
    }
    inLists.add(alternatives);
    return CodeBlock.of("$T.or($N.toArray(new $T[0]))", FILTER, alternatives, FILTER);
  }

  /**
   * The statement of a method whose plan reads one row of the entity's own table by its keys and nothing else (no
   * index, filter, limit, fan-out or projection), made without a query object when its kind allows
   * ({@link QueryMethodKind#runPoint}); else null, and the method builds its query ({@link #write}). A Jakarta Data
   * method with client steps (conditions, limit, result, write) has none: they take the list its query reads.
   */
  CodeBlock point(RepositoryModel.QueryMethod method, String plan) {
    Plan planned = method.plan();
    EntityModel entity = repository.entity();
    if (planned.kind() != QueryKind.POINT || planned.index() != null || planned.severalReads()
        || !planned.residual().isEmpty() || method.limit() > 0 || method.projection() != null
        || planned.mode() != Plan.RowMode.EXACT || planned.partitionArguments() == null || method.client() != null
        || TableTemplate.isTemplate(entity.table())) { // a table per period: the keys choose the table
      return null;
    }
    Keys keys = new Keys(null, null, entity.metamodelName(), members, planned, null, null);
    return method.kind().runPoint(method, methodName(method), plan, keys.partitionKeyCall(entity), keys.rowKeyCall());
  }

  /** {@code .matchesNothing(...)} when an {@code In} left to the filter may have an empty collection. */
  private static CodeBlock matchesNothing(List<String> inLists) {
    if (inLists.isEmpty()) {
      return CodeBlock.of("");
    }
    List<CodeBlock> empty = new ArrayList<>();
    for (String list : inLists) {
      empty.add(CodeBlock.of("$N.isEmpty()", list));
    }
    return CodeBlock.of("\n.matchesNothing($L)", CodeBlock.join(empty, " || "));
  }

  /** A builder of one read of the plan, short of its {@code build()}. */
  private CodeBlock read(RepositoryModel.QueryMethod method, Plan planned, String plan, Keys keys, CodeBlock filter) {
    EntityModel entity = repository.entity();
    CodeBlock.Builder chain = CodeBlock.builder()
        .add("$T\n.builder($S,$W$T.$L,$W$N)", ENTITY_QUERY, methodName(method), QUERY_KIND,
            method.plan().kind().name(), plan);
    if (planned.index() != null) {
      chain.add("\n.index($S)", planned.index().name());
      if (planned.copiesAnswer()) {
        chain.add("\n.copiesAnswer()");
      }
    }
    chain.add(keys.partitionKey(entity)).add(keys.rowKey()).add(keys.periods(entity, method));
    if (filter != null) {
      chain.add("\n.filter($L)", filter);
    }
    if (method.limit() > 0) {
      chain.add("\n.limit($L)", method.limit());
    }
    return chain.build();
  }

  private String methodName(RepositoryModel.QueryMethod method) {
    return repository.element().getSimpleName() + "." + method.element().getSimpleName();
  }

  private CodeBlock nullMessage(RepositoryModel.QueryMethod method, String parameter, PropertyModel property,
      String problem) {
    return GeneratedCode.text(methodName(method) + ": parameter '" + parameter + "' (" + property.name() + "In) "
        + problem);
  }

  /** The key property an {@code In} fans out over: a PartitionKey component or a RowKey component. */
  private PropertyModel fanOutProperty(Plan plan) {
    if (plan.partitionArguments() != null) {
      for (Map.Entry<Integer, String> argument : plan.partitionArguments().entrySet()) {
        if (argument.getValue().equals(plan.fanOut())) {
          return plan.partitionKey(repository.entity()).property(argument.getKey());
        }
      }
    }
    for (Plan.Piece piece : plan.prefix()) {
      if (plan.fanOut().equals(piece.parameter())) {
        return plan.rowKey().property(piece.placeholder());
      }
    }
    throw new IllegalStateException("no key component takes " + plan.fanOut());
  }

  /**
   * The keys of a plan, as calls on the query's builder; a bound of a range is appended to its prefix in a local
   * {@code StringBuilder} first.
   */
  private static final class Keys {
    private final MethodSpec.Builder builder;
    private final NameAllocator names;
    private final ClassName meta;
    private final MemberNames members;
    private final Plan plan;
    private final String fanOut;
    private final String element;

    /**
     * @param fanOut the collection parameter of the plan's fan-out, or null
     * @param element the local that stands for it in the keys, one element at a time
     */
    Keys(MethodSpec.Builder builder, NameAllocator names, ClassName meta, MemberNames members, Plan plan,
        String fanOut, String element) {
      this.builder = builder;
      this.names = names;
      this.meta = meta;
      this.members = members;
      this.plan = plan;
      this.fanOut = fanOut;
      this.element = element;
    }

    CodeBlock partitionKey(EntityModel entity) {
      if (plan.partitionArguments() == null) {
        return CodeBlock.of("");
      }
      return CodeBlock.of("\n.partitionKey($L)", partitionKeyCall(entity));
    }

    /** The call composing the PartitionKey: {@code Employee_.partitionKey(department)}. */
    CodeBlock partitionKeyCall(EntityModel entity) {
      List<CodeBlock> arguments = new ArrayList<>();
      for (String parameter : plan.partitionArguments().values()) {
        arguments.add(argument(parameter));
      }
      return CodeBlock.of("$T.$N($L)", meta, plan.partitionKey(entity).composeMethod(),
          CodeBlock.join(arguments, ", "));
    }

    /**
     * The times whose periods' tables the query reads, for an entity with a table per period
     * ({@code .periods(from, to)}, a null for an open end); nothing for one table.
     */
    CodeBlock periods(EntityModel entity, RepositoryModel.QueryMethod method) {
      PeriodBounds bounds = PeriodBounds.of(entity, method.conditions(), fanOut);
      if (bounds == null) {
        return CodeBlock.of("");
      }
      return CodeBlock.of("\n.periods($L, $L)", bounds.from() == null ? "null" : argument(bounds.from()),
          bounds.to() == null ? "null" : argument(bounds.to()));
    }

    /** The call composing an exact RowKey: {@code Employee_.rowKey(employeeId)}. */
    CodeBlock rowKeyCall() {
      return CodeBlock.of("$T.$N($L)", meta, plan.rowKey().composeMethod(), CodeBlock.join(fixed(), ", "));
    }

    /** A parameter in a key: the element for the fan-out's collection, else the parameter. */
    private CodeBlock argument(String parameter) {
      return CodeBlock.of("$N", parameter.equals(fanOut) ? element : parameter);
    }

    CodeBlock rowKey() {
      switch (plan.mode()) {
        case EXACT:
          return CodeBlock.of("\n.rowKey($L)", rowKeyCall());
        case PREFIX:
          return plan.startsWith() == null
              ? CodeBlock.of("\n.rowPrefix($L)", prefix(false))
              : CodeBlock.of("\n.rowPrefix($N.toString())", startsWith(prefix(false)));
        case RANGE:
          CodeBlock prefix = prefix(true);
          return CodeBlock.builder()
              .add(bound(prefix, plan.lower(), true))
              .add(bound(prefix, plan.upper(), false))
              .build();
        default:
          return CodeBlock.of("");
      }
    }

    /**
     * The RowKey prefix: the metamodel's constant when it is literal text, a call composing it from the parameters
     * fixing its components (held in a local variable when it is used twice), or empty when there is none.
     */
    private CodeBlock prefix(boolean usedTwice) {
      List<CodeBlock> fixed = fixed();
      if (fixed.isEmpty()) {
        return plan.prefix().isEmpty() ? CodeBlock.of("") : CodeBlock.of("$T.$N", meta, members.prefix(plan.rowKey()));
      }
      CodeBlock call =
          CodeBlock.of("$T.$N($L)", meta, MemberNames.prefixMethod(plan.rowKey()), CodeBlock.join(fixed, ", "));
      if (!usedTwice) {
        return call;
      }
      String local = names.newName("prefix");
      builder.addStatement("$T $N = $L", String.class, local, call);
      return CodeBlock.of("$N", local);
    }

    /** The local {@code StringBuilder} holding the prefix and the start of a String component given by a parameter. */
    private String startsWith(CodeBlock prefix) {
      String local = names.newName("prefix");
      builder.addStatement("$T $N = new $T($L)", StringBuilder.class, local, StringBuilder.class, prefix);
      builder.addStatement("$T.$N.appendPrefix($N, $N)", meta, members.part(plan.rowKey(), plan.rangePlaceholder()),
          local, plan.startsWith());
      return local;
    }

    /**
     * One end of a range: the prefix alone for a {@code null} bound (the start or the end of the keys that start with
     * it), else the prefix and the encoding of a parameter, past every key that starts with them for a successor.
     */
    private CodeBlock bound(CodeBlock prefix, Plan.Bound bound, boolean lower) {
      if (bound == null) {
        if (prefix.isEmpty()) {
          return CodeBlock.of("");
        }
        return lower
            ? CodeBlock.of("\n.rowFrom($L, true)", prefix)
            : CodeBlock.of("\n.rowTo($T.prefixEnd($L), false)", KEY_BOUND, prefix);
      }
      String local = names.newName(lower ? "lower" : "upper");
      CodeBlock part = CodeBlock.of("$T.$N", meta, members.part(plan.rowKey(), plan.rangePlaceholder()));
      builder.addStatement("$T $N = new $T($L)", StringBuilder.class, local, StringBuilder.class, prefix);
      builder.addStatement("$L.append($N, $L)", part, local, MetamodelGenerator.keyValue(part,
          plan.rowKey().property(plan.rangePlaceholder()), CodeBlock.of("$N", bound.parameter())));
      String call = lower ? "rowFrom" : "rowTo";
      return bound.successor()
          ? CodeBlock.of("\n.$L($T.prefixEnd($N.toString()), $L)", call, KEY_BOUND, local, lower)
          : CodeBlock.of("\n.$L($N.toString(), $L)", call, local, bound.inclusive());
    }

    /** The parameters fixing the RowKey's leading components by equality, in order. */
    private List<CodeBlock> fixed() {
      List<CodeBlock> arguments = new ArrayList<>();
      for (Plan.Piece piece : plan.prefix()) {
        if (piece.literal() == null) {
          arguments.add(argument(piece.parameter()));
        }
      }
      return arguments;
    }
  }

  /**
   * The residual filter, after a null check of each parameter it compares (the store cannot compare with null), or
   * null when the plan has none: {@code Filter.eq(Employee_.LAST_NAME, lastName)}, several joined by
   * {@code Filter.and}.
   */
  private CodeBlock filter(MethodSpec.Builder builder, NameAllocator names, RepositoryModel.QueryMethod method,
      List<Condition> residual, List<String> inLists) {
    EntityModel entity = repository.entity();
    List<CodeBlock> filters = new ArrayList<>();
    for (Condition condition : residual) {
      PropertyModel property = condition.property();
      if (condition.operator() == Operator.IN) {
        filters.add(anyOf(builder, names, method, condition, inLists));
        continue;
      }
      List<CodeBlock> operands = new ArrayList<>();
      for (String parameter : condition.parameters()) {
        TypeName parameterType = TypeName.get(method.type().getParameterTypes().get(indexOf(method, parameter)));
        if (!parameterType.isPrimitive()) {
          builder.addStatement("$T.requireNonNull($N, $L)", Objects.class, parameter, GeneratedCode.text(
              repository.element().getSimpleName() + "." + method.element().getSimpleName() + ": parameter '"
                  + parameter + "' is null; the store cannot compare '" + property.name() + "' with null"));
        }
        operands.add(MappingGenerator.toStore(property, CodeBlock.of("$N", parameter)));
      }
      CodeBlock name = CodeBlock.of("$T.$N", entity.metamodelName(), members.property(property));
      filters.addAll(property.kind() == PropertyKind.LONG
          ? condition.operator().int64Filters(name, operands)
          : condition.operator().filters(name, operands));
    }
    if (filters.isEmpty()) {
      return null;
    }
    if (filters.size() == 1) {
      return filters.get(0);
    }
    return CodeBlock.of("$T.and(\n$>$L$<)", FILTER, CodeBlock.join(filters, ",\n"));
  }

  /**
   * An {@code In} left to the filter: {@code Filter.or} of an equality per distinct element, built in a local list
   * after null checks, and noted in {@code inLists}: an empty collection makes the query match nothing, without a
   * request.
   */
  private CodeBlock anyOf(MethodSpec.Builder builder, NameAllocator names, RepositoryModel.QueryMethod method,
      Condition condition, List<String> inLists) {
    PropertyModel property = condition.property();
    String parameter = condition.parameters().get(0);
    String list = names.newName(property.name() + "In");
    String element = names.newName(parameter + "Element");
    builder.addStatement("$T.requireNonNull($N, $L)", Objects.class, parameter, nullMessage(method, parameter,
        property, "is null; pass an empty collection to match nothing"));
    builder.addStatement("$T<$T> $N = new $T<>()", List.class, FILTER, list, ArrayList.class);
    builder.beginControlFlow("for ($T $N : new $T<>($N))", TypeName.get(property.type()).box(), element,
        LinkedHashSet.class, parameter);
    builder.addStatement("$T.requireNonNull($N, $L)", Objects.class, element, nullMessage(method, parameter,
        property, "holds null; the store cannot compare '" + property.name() + "' with null"));
    CodeBlock name = CodeBlock.of("$T.$N", repository.entity().metamodelName(), members.property(property));
    List<CodeBlock> value = List.of(MappingGenerator.toStore(property, CodeBlock.of("$N", element)));
    builder.addStatement("$N.add($L)", list, (property.kind() == PropertyKind.LONG
        ? Operator.EQUAL.int64Filters(name, value) : Operator.EQUAL.filters(name, value)).get(0));
    builder.endControlFlow();
    inLists.add(list);
    return CodeBlock.of("$T.or($N.toArray(new $T[0]))", FILTER, list, FILTER);
  }

  private static int indexOf(RepositoryModel.QueryMethod method, String parameter) {
    List<? extends VariableElement> parameters = method.element().getParameters();
    for (int i = 0; i < parameters.size(); i++) {
      if (parameters.get(i).getSimpleName().contentEquals(parameter)) {
        return i;
      }
    }
    throw new IllegalArgumentException(parameter);
  }
}
