package io.tablemapper.processor.generation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.entity.PropertyModel;
import io.tablemapper.processor.planning.MethodNameParser;
import io.tablemapper.processor.repository.RepositoryModel;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The code of a Jakarta Data method whose query the client completes ({@code RepositoryModel.Client}): the list of
 * matches its query reads, handed to {@code ClientResults} with each step ({@code orderBy}, {@code limit},
 * {@code first}) and its result; and the repository's {@code attribute} method, the switch over the entity's
 * properties by which {@code ClientResults} reads the attributes a {@code Sort} names, without reflection.
 */
final class JakartaClientGenerator {
  static final ClassName CLIENT_RESULTS = ClassName.get("io.tablemapper.jakarta", "ClientResults");
  private static final String ATTRIBUTE = "attribute";

  private JakartaClientGenerator() {}

  /** The {@code attribute(entity, name)} method, when a method of the repository has client steps. */
  static void addAttributes(TypeSpec.Builder type, RepositoryModel repository) {
    if (repository.methods().stream().noneMatch(method -> method.client() != null)) {
      return;
    }
    EntityModel entity = repository.entity();
    MethodSpec.Builder method = MethodSpec.methodBuilder(ATTRIBUTE)
        .addJavadoc("The value of the attribute a Sort names, for the client steps.\n")
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(Object.class)
        .addParameter(entity.className(), "entity")
        .addParameter(String.class, "attribute")
        .beginControlFlow("switch (attribute)");
    List<String> names = new ArrayList<>();
    for (PropertyModel property : entity.properties()) {
      if (property.getter() == null) {
        continue;
      }
      names.add(property.name());
      method.addCode("case $S:\n", property.name());
      if (isId(repository, property)) {
        method.addCode("case $S:\n", "id(this)");
      }
      method.addStatement("$>return entity.$L$<", property.getter());
    }
    method.addCode("default:\n")
        .addStatement("$>throw $T.noAttribute($S, attribute, $S)$<", CLIENT_RESULTS, entity.simpleName(),
            String.join(", ", names))
        .endControlFlow();
    type.addMethod(method.build());
  }

  private static boolean isId(RepositoryModel repository, PropertyModel property) {
    List<PropertyModel> keys = repository.jakarta().keyProperties();
    return keys.size() == 1 && keys.get(0).name().equals(property.name());
  }

  private static CodeBlock returning(CodeBlock.Builder code) {
    return CodeBlock.of("return $L", code.build());
  }

  /** The end of a JDQL SELECT of an attribute: the values, cast to what the method returns (checked at compile time). */
  private static CodeBlock selected(CodeBlock.Builder code, RepositoryModel.QueryMethod method,
      RepositoryModel.Client client) {
    com.palantir.javapoet.TypeName returns = com.palantir.javapoet.TypeName.get(method.type().getReturnType());
    CodeBlock values;
    switch (client.result()) {
      case ARRAY:
        values = code.add("\n.array($T::new)", returns).build();
        return CodeBlock.of("return ($T) $L", returns, values);
      case STREAM:
        values = code.add("\n.stream()").build();
        break;
      case OPTIONAL:
        values = code.add("\n.optional()").build();
        break;
      case PAGE:
        values = code.add("\n.page($N)", client.pageRequest()).build();
        break;
      case ENTITY:
        values = code.add("\n.single()").build();
        return CodeBlock.of("return ($T) $L", returns, values);
      default:
        values = code.add("\n.list()").build();
    }
    return CodeBlock.of("return ($T) ($T) $L", returns, erasure(returns), values);
  }

  /** {@code List<?>} for {@code List<Long>}: the cast between the values' type and the method's. */
  private static com.palantir.javapoet.TypeName erasure(com.palantir.javapoet.TypeName type) {
    if (type instanceof com.palantir.javapoet.ParameterizedTypeName) {
      com.palantir.javapoet.ParameterizedTypeName parameterized = (com.palantir.javapoet.ParameterizedTypeName) type;
      return com.palantir.javapoet.ParameterizedTypeName.get(parameterized.rawType(),
          com.palantir.javapoet.WildcardTypeName.subtypeOf(Object.class));
    }
    return type;
  }

  /** The list of matches of {@code query} and the client's filters. */
  static CodeBlock matches(RepositoryModel repository, RepositoryModel.QueryMethod method, String query,
      String implementation) {
    CodeBlock.Builder code = CodeBlock.builder().add("$T.of($S, this.support.list($N), $L::$L", CLIENT_RESULTS,
        repository.element().getSimpleName() + "." + method.element().getSimpleName(), query, implementation,
        ATTRIBUTE);
    for (PropertyModel key : repository.jakarta().keyProperties()) {
      code.add(", $S", key.name());
    }
    code.add(")");
    if (!method.client().filters().isEmpty()) {
      code.add("\n.where(each_ -> $L)", filter(method.client().filters()));
    }
    return code.add("\n.list()").build();
  }

  /** The test of each match: the groups joined by Or, each of conditions joined by And. */
  static CodeBlock filter(List<List<RepositoryModel.ClientCondition>> groups) {
    List<CodeBlock> alternatives = new ArrayList<>();
    for (List<RepositoryModel.ClientCondition> group : groups) {
      List<CodeBlock> conditions = new ArrayList<>();
      for (RepositoryModel.ClientCondition condition : group) {
        CodeBlock.Builder test = CodeBlock.builder().add("$T.test($S, $L, each_.$L", CLIENT_RESULTS,
            condition.term().operator().name(), condition.term().ignoreCase(), condition.property().getter());
        condition.parameters().forEach(operand -> test.add(", $L", operand)); // a parameter's name, or a literal
        conditions.add(test.add(")").build());
      }
      CodeBlock all = CodeBlock.join(conditions, " && ");
      alternatives.add(groups.size() > 1 && group.size() > 1 ? CodeBlock.of("($L)", all) : all);
    }
    return CodeBlock.join(alternatives, " || ");
  }

  /** The name of the constant of a JDQL UPDATE's plan of one entity by its keys, beside its plan's constant. */
  static String rereadConstant(String plan) {
    return plan + "_REREAD";
  }

  /**
   * The statement that returns the method's result from the matches of {@code query}.
   *
   * @param plan the name of the constant of the method's plan
   */
  static CodeBlock run(RepositoryModel repository, RepositoryModel.QueryMethod method, String query,
      String implementation, String plan) {
    RepositoryModel.Client client = method.client();
    if (client.write() != null) {
      return JakartaWriteGenerator.run(repository, method, query, implementation, plan);
    }
    CodeBlock.Builder code = CodeBlock.builder().add("$T.of($S, this.support.list($N), $L::$L", CLIENT_RESULTS,
        repository.element().getSimpleName() + "." + method.element().getSimpleName(), query, implementation,
        ATTRIBUTE);
    for (PropertyModel key : repository.jakarta().keyProperties()) {
      code.add(", $S", key.name());
    }
    code.add(")");
    if (!client.filters().isEmpty()) {
      // a name no parameter has: Java parameters do not end with an underscore here
      code.add("\n.where(each_ -> $L)", filter(client.filters()));
    }
    for (MethodNameParser.Order order : client.order()) {
      code.add("\n.orderBy($S, $L)", order.property(), order.descending());
    }
    for (String sort : client.sorts()) {
      code.add("\n.orderBy($N)", sort);
    }
    if (client.limit() != null) {
      code.add("\n.limit($N)", client.limit());
    }
    if (client.first() > 0) {
      code.add("\n.first($L)", client.first());
    }
    if (client.select() != null) {
      code.add("\n.select($S)", client.select());
      return selected(code, method, client);
    }
    switch (client.result()) {
      case COUNT:
        return returning(code.add("\n.count()"));
      case LIST:
        return returning(code.add("\n.list()"));
      case STREAM:
        return returning(code.add("\n.stream()"));
      case ARRAY:
        return returning(code.add("\n.array($T[]::new)", repository.entity().className()));
      case ENTITY:
        return returning(code.add("\n.single()"));
      case OPTIONAL:
        return returning(code.add("\n.optional()"));
      case PAGE:
        return returning(code.add("\n.page($N)", client.pageRequest()));
      default:
        return returning(code.add("\n.cursoredPage($N)", client.pageRequest()));
    }
  }
}
