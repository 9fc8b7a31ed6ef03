package io.tablemapper.processor.generation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.TypeName;
import io.tablemapper.api.QueryKind;
import io.tablemapper.internal.mapping.EntityQuery;
import io.tablemapper.internal.model.PropertyKind;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.entity.PropertyModel;
import io.tablemapper.processor.planning.Condition;
import io.tablemapper.processor.planning.Plan;
import io.tablemapper.processor.repository.QueryMethodKind;
import io.tablemapper.processor.repository.RepositoryModel;
import io.tablemapper.spi.Filter;
import io.tablemapper.spi.KeyBound;
import java.util.ArrayList;
import java.util.List;
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
    EntityModel entity = repository.entity();
    Keys keys = new Keys(builder, names, entity.metamodelName(), members, method.plan());
    CodeBlock filter = filter(builder, method);
    CodeBlock.Builder chain = CodeBlock.builder()
        .add("$T\n.builder($S,$W$T.$L,$W$N)", ENTITY_QUERY,
            repository.element().getSimpleName() + "." + method.element().getSimpleName(), QUERY_KIND,
            method.plan().kind().name(), plan);
    if (method.plan().index() != null) {
      chain.add("\n.index($S)", method.plan().index().name());
    }
    chain.add(keys.partitionKey(entity)).add(keys.rowKey());
    if (filter != null) {
      chain.add("\n.filter($L)", filter);
    }
    if (method.limit() > 0) {
      chain.add("\n.limit($L)", method.limit());
    }
    builder.addStatement("$T $N = $L\n.build()", ENTITY_QUERY, query, chain.build());
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

    Keys(MethodSpec.Builder builder, NameAllocator names, ClassName meta, MemberNames members, Plan plan) {
      this.builder = builder;
      this.names = names;
      this.meta = meta;
      this.members = members;
      this.plan = plan;
    }

    CodeBlock partitionKey(EntityModel entity) {
      return plan.partitionArguments() == null ? CodeBlock.of("")
          : CodeBlock.of("\n.partitionKey($T.$N($L))", meta, entity.partitionKey().composeMethod(),
              arguments(plan.partitionArguments().values()));
    }

    CodeBlock rowKey() {
      switch (plan.mode()) {
        case EXACT:
          return CodeBlock.of("\n.rowKey($T.$N($L))", meta, plan.rowKey().composeMethod(),
              CodeBlock.join(fixed(), ", "));
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
          arguments.add(CodeBlock.of("$N", piece.parameter()));
        }
      }
      return arguments;
    }
  }

  private static CodeBlock arguments(Iterable<String> parameters) {
    List<CodeBlock> blocks = new ArrayList<>();
    for (String parameter : parameters) {
      blocks.add(CodeBlock.of("$N", parameter));
    }
    return CodeBlock.join(blocks, ", ");
  }

  /**
   * The residual filter, after a null check of each parameter it compares (the store cannot compare with null), or
   * null when the plan has none: {@code Filter.eq(Employee_.LAST_NAME, lastName)}, several joined by
   * {@code Filter.and}.
   */
  private CodeBlock filter(MethodSpec.Builder builder, RepositoryModel.QueryMethod method) {
    EntityModel entity = repository.entity();
    List<CodeBlock> filters = new ArrayList<>();
    for (Condition condition : method.plan().residual()) {
      PropertyModel property = condition.property();
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
