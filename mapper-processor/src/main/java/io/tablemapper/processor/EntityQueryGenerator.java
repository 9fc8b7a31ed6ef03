package io.tablemapper.processor;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.TypeName;
import io.tablemapper.api.QueryKind;
import io.tablemapper.internal.mapping.EntityQuery;
import io.tablemapper.spi.Filter;
import io.tablemapper.spi.KeyBound;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javax.lang.model.element.VariableElement;

/**
 * Writes what every derived query method starts with, whatever its kind: the {@link EntityQuery} its plan calls
 * for — the PartitionKey, the RowKey or its bounds, the residual filter and the limit — held in a local variable
 * that the method's {@link QueryMethodKind} then runs.
 */
final class EntityQueryGenerator {
  private static final ClassName ENTITY_QUERY = ClassName.get(EntityQuery.class);
  private static final ClassName FILTER = ClassName.get(Filter.class);
  private static final ClassName QUERY_KIND = ClassName.get(QueryKind.class);

  /**
   * Adds the statements that build the method's query into the local variable {@code query}.
   *
   * @param names the names taken in the method, which new locals avoid
   */
  void write(
      MethodSpec.Builder builder, NameAllocator names, RepositoryModel repository, RepositoryModel.QueryMethod method,
      String query) {
    EntityModel entity = repository.entity();
    ClassName meta = entity.metamodelName();
    Plan plan = method.plan();
    CodeBlock.Builder chain = CodeBlock.builder()
        .add("$T.builder($S, $T.$L, $S)", ENTITY_QUERY,
            repository.element().getSimpleName() + "." + method.element().getSimpleName(), QUERY_KIND,
            plan.kind().name(), plan.description());
    if (plan.index() != null) {
      chain.add("\n.index($S)", plan.index().name());
    }
    if (plan.partitionArguments() != null) {
      chain.add("\n.partitionKey($T.$N($L))", meta, entity.partitionKey().composeMethod(),
          arguments(plan.partitionArguments().values()));
    }
    String specField = plan.rowKey() == null ? null : plan.rowKey().specConstant();
    switch (plan.mode()) {
      case EXACT:
        List<String> exact = new ArrayList<>();
        for (Plan.Piece piece : plan.prefix()) {
          if (piece.literal() == null) {
            exact.add(piece.parameter());
          }
        }
        chain.add("\n.rowKey($T.$N($L))", meta, plan.rowKey().composeMethod(), arguments(exact));
        break;
      case PREFIX:
      case RANGE:
        String prefix = names.newName("prefix");
        builder.addStatement("$T $N = new $T($L)", StringBuilder.class, prefix, StringBuilder.class,
            MetamodelGenerator.capacity(plan.rowKey()));
        for (Plan.Piece piece : plan.prefix()) {
          if (piece.literal() != null) {
            builder.addStatement("$N.append($S)", prefix, piece.literal());
          } else {
            CodeBlock part = CodeBlock.of("$T.$N.part($L)", meta, specField, piece.placeholder());
            builder.addStatement("$L.append($N, $L)", part, prefix, keyValue(part, plan.rowKey(), piece.placeholder(),
                piece.parameter()));
          }
        }
        if (plan.mode() == Plan.RowMode.PREFIX) {
          if (plan.startsWith() != null) {
            builder.addStatement("$T.$N.part($L).appendPrefix($N, $N)", meta, specField, plan.rangePlaceholder(),
                prefix, plan.startsWith());
          }
          chain.add("\n.rowPrefix($N.toString())", prefix);
        } else {
          chain.add(bound(builder, names, meta, specField, plan, prefix, plan.lower(), true));
          chain.add(bound(builder, names, meta, specField, plan, prefix, plan.upper(), false));
        }
        break;
      default:
        break;
    }
    CodeBlock filter = filter(builder, repository, method, plan);
    if (filter != null) {
      chain.add("\n.filter($L)", filter);
    }
    if (method.limit() > 0) {
      chain.add("\n.limit($L)", method.limit());
    }
    chain.add("\n.build()");
    builder.addStatement("$T $N = $L", ENTITY_QUERY, query, chain.build());
  }

  private static CodeBlock bound(
      MethodSpec.Builder builder, NameAllocator names, ClassName meta, String specField, Plan plan, String prefix,
      Plan.Bound bound, boolean lower) {
    String call = lower ? "rowFrom" : "rowTo";
    if (bound == null) {
      boolean emptyPrefix = plan.prefix().isEmpty();
      if (emptyPrefix) {
        return CodeBlock.of("");
      }
      return lower
          ? CodeBlock.of("\n.rowFrom($N.toString(), true)", prefix)
          : CodeBlock.of("\n.rowTo($T.prefixEnd($N.toString()), false)", KeyBound.class, prefix);
    }
    String local = names.newName(lower ? "lower" : "upper");
    CodeBlock part = CodeBlock.of("$T.$N.part($L)", meta, specField, plan.rangePlaceholder());
    builder.addStatement("$T $N = new $T($N)", StringBuilder.class, local, StringBuilder.class, prefix);
    builder.addStatement("$L.append($N, $L)", part, local,
        keyValue(part, plan.rowKey(), plan.rangePlaceholder(), bound.parameter()));
    if (bound.successor()) {
      return CodeBlock.of("\n.$L($T.prefixEnd($N.toString()), $L)", call, KeyBound.class, local, lower);
    }
    return CodeBlock.of("\n.$L($N.toString(), $L)", call, local, bound.inclusive());
  }

  private static CodeBlock keyValue(CodeBlock part, KeyModel key, int placeholder, String parameter) {
    return MetamodelGenerator.keyValue(part, key.property(placeholder), CodeBlock.of("$N", parameter));
  }

  private static CodeBlock arguments(Iterable<String> parameters) {
    List<CodeBlock> blocks = new ArrayList<>();
    for (String parameter : parameters) {
      blocks.add(CodeBlock.of("$N", parameter));
    }
    return CodeBlock.join(blocks, ", ");
  }

  private static CodeBlock filter(
      MethodSpec.Builder builder, RepositoryModel repository, RepositoryModel.QueryMethod method, Plan plan) {
    List<CodeBlock> filters = new ArrayList<>();
    for (Condition condition : plan.residual()) {
      PropertyModel property = condition.property();
      List<CodeBlock> operands = new ArrayList<>();
      for (String parameter : condition.parameters()) {
        TypeName parameterType = TypeName.get(method.type().getParameterTypes().get(indexOf(method, parameter)));
        if (!parameterType.isPrimitive()) {
          builder.addStatement("$T.requireNonNull($N, $S)", Objects.class, parameter,
              repository.element().getSimpleName() + "." + method.element().getSimpleName() + ": parameter '"
                  + parameter + "' is null; the store cannot compare '" + property.name() + "' with null");
        }
        operands.add(MappingGenerator.toStore(property, CodeBlock.of("$N", parameter)));
      }
      filters.addAll(condition.operator().filters(CodeBlock.of("$S", property.storedName()), operands));
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
