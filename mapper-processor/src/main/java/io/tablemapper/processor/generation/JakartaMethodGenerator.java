package io.tablemapper.processor.generation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.model.Rule;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.entity.PropertyModel;
import io.tablemapper.processor.planning.Plan;
import io.tablemapper.processor.repository.RepositoryModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javax.lang.model.element.Modifier;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.util.Types;

/**
 * The parts of a Jakarta Data repository's implementation that a tablemapper repository does not have: the
 * {@code JakartaSupport} field its lifecycle methods delegate to, those methods, BasicRepository's
 * {@code findById}/{@code deleteById} (a point read or delete by the keys {@code K} stands for) and the
 * {@code try}/{@code catch} that turns the exceptions of its queries into Jakarta Data's. The classes of the
 * {@code tablemapper-jakarta-data} module are named, never loaded: the processor runs without them.
 */
final class JakartaMethodGenerator {
  static final ClassName SUPPORT = ClassName.get("io.tablemapper.jakarta", "JakartaSupport");
  static final ClassName EXCEPTIONS = ClassName.get("io.tablemapper.jakarta", "DataExceptions");
  private static final ClassName MAPPING_EXCEPTION = ClassName.get("jakarta.data.exceptions", "MappingException");

  private JakartaMethodGenerator() {}

  /** The field and the constructor statement that make the {@code JakartaSupport} over {@code this.support}. */
  static void addSupport(TypeSpec.Builder type, MethodSpec.Builder constructor, EntityModel entity) {
    type.addField(ParameterizedTypeName.get(SUPPORT, entity.className()), "jakarta", Modifier.PRIVATE,
        Modifier.FINAL);
    constructor.addStatement("this.jakarta = new $T<>(this.support)", SUPPORT);
  }

  /** Every lifecycle and by-key method of the repository. */
  static void addMethods(TypeSpec.Builder type, RepositoryModel repository, DeclaredType repositoryType, Types types) {
    RepositoryModel.JakartaModel jakarta = repository.jakarta();
    for (RepositoryModel.Lifecycle method : jakarta.lifecycles()) {
      MethodSpec.Builder builder = MethodSpec.overriding(method.element(), repositoryType, types);
      String parameter = method.element().getParameters().get(0).getSimpleName().toString();
      String call = method.operation().supportMethod() + (method.list() ? "All" : "");
      builder.addJavadoc("$L\n", javadoc(method.operation(), method.list()));
      if (method.array()) {
        CodeBlock list = CodeBlock.of("$T.asList($N)", java.util.Arrays.class, parameter);
        com.palantir.javapoet.TypeName component = ((com.palantir.javapoet.ArrayTypeName)
            com.palantir.javapoet.TypeName.get(method.type().getParameterTypes().get(0))).componentType();
        builder.addStatement(method.returnsValue() ? "return this.jakarta.$N($L).toArray(new $T[0])"
            : "this.jakarta.$N($L)", call, list, component);
      } else {
        builder.addStatement(method.returnsValue() ? "return this.jakarta.$N($N)" : "this.jakarta.$N($N)", call,
            parameter);
      }
      type.addMethod(builder.build());
    }
    for (RepositoryModel.ById method : jakarta.byId()) {
      type.addMethod(byId(repository, method, repositoryType, types, type));
    }
    for (RepositoryModel.Refused method : jakarta.refused()) {
      MethodSpec.Builder builder = MethodSpec.overriding(method.element(), repositoryType, types);
      builder.addJavadoc("Refused at compile time (-Atablemapper.jakarta.refused=throw): throws why.\n");
      // a query of what is no attribute of the entity is Jakarta Data's MappingException; the rest are refusals
      boolean mapping = method.why().startsWith("[" + Rule.QUERY_UNKNOWN_PROPERTY.id() + "]");
      builder.addStatement("throw new $T($Z$>$>$L$<$<)", mapping ? MAPPING_EXCEPTION
          : ClassName.get(UnsupportedOperationException.class),
          GeneratedCode.text(repository.element().getSimpleName() + "." + method.element().getSimpleName()
              + ": refused at compile time: " + method.why()));
      type.addMethod(builder.build());
    }
  }

  private static String javadoc(RepositoryModel.Operation operation, boolean list) {
    String what;
    switch (operation) {
      case INSERT:
        what = "Inserts";
        break;
      case UPDATE:
        what = "Replaces the stored entity with";
        break;
      case SAVE:
        what = "Inserts, or replaces the stored entity with,";
        break;
      default:
        what = "Deletes";
    }
    return what + (list ? " each entity, in order, each atomically with its index copies."
        : " the entity, atomically with its index copies.");
  }

  private static MethodSpec byId(RepositoryModel repository, RepositoryModel.ById method,
      DeclaredType repositoryType, Types types, TypeSpec.Builder type) {
    EntityModel entity = repository.entity();
    MethodSpec.Builder builder = MethodSpec.overriding(method.element(), repositoryType, types);
    String name = repository.element().getSimpleName() + "." + method.element().getSimpleName();
    if (method.kind() == RepositoryModel.ByIdKind.FIND_ALL_PAGE) {
      builder.addJavadoc("Refused: an offset page of every entity would read every entity of the pages before it.\n");
      builder.addStatement("throw new $T($Z$>$>$L$<$<)", UnsupportedOperationException.class, GeneratedCode.text(name
          + ": an offset page (findAll(PageRequest, Order)) is not available on a key-sorted store, which has no"
          + " cheap offset; declare a @Find method that returns CursoredPage<" + entity.simpleName() + "> and takes a"
          + " PageRequest"));
      return builder.build();
    }
    String id = method.element().getParameters().get(0).getSimpleName().toString();
    String constant = method.kind() == RepositoryModel.ByIdKind.FIND_BY_ID ? "FIND_BY_ID_PLAN" : "DELETE_BY_ID_PLAN";
    type.addField(RepositoryGenerator.planConstant(constant, method.plan()));
    builder.addJavadoc("Plan: {@value #$L}\n", constant);
    builder.addStatement("$T.requireNonNull($N, $S)", Objects.class, id,
        name + ": the key is null; pass the key of the entity");
    Plan plan = method.plan();
    List<CodeBlock> partition = new ArrayList<>();
    for (String property : plan.partitionArguments().values()) {
      partition.add(keyPart(repository, id, property));
    }
    List<CodeBlock> row = new ArrayList<>();
    for (Plan.Piece piece : plan.prefix()) {
      if (piece.literal() == null) {
        row.add(keyPart(repository, id, piece.parameter()));
      }
    }
    CodeBlock partitionKey = CodeBlock.of("$T.$N($L)", entity.metamodelName(), entity.partitionKey().composeMethod(),
        CodeBlock.join(partition, ", "));
    CodeBlock rowKey = CodeBlock.of("$T.$N($L)", entity.metamodelName(), plan.rowKey().composeMethod(),
        CodeBlock.join(row, ", "));
    if (method.kind() == RepositoryModel.ByIdKind.FIND_BY_ID) {
      guarded(builder, CodeBlock.of("return this.support.findByKeys($S,$W$N,$W$L,$W$L)", name, constant,
          partitionKey, rowKey));
    } else {
      builder.addStatement("this.jakarta.deleteByKeys($S,$W$N,$W$L,$W$L)", name, constant, partitionKey, rowKey);
    }
    return builder.build();
  }

  /** A key property from the key: the key itself, or its record's component. */
  private static CodeBlock keyPart(RepositoryModel repository, String id, String property) {
    RepositoryModel.JakartaModel jakarta = repository.jakarta();
    if (!jakarta.keyRecord()) {
      return CodeBlock.of("$N", id);
    }
    for (PropertyModel key : jakarta.keyProperties()) {
      if (key.name().equals(property)) {
        return CodeBlock.of("$N.$N()", id, property);
      }
    }
    throw new IllegalStateException(property + " is no component of the key of " + repository.element());
  }

  /** The statement inside a {@code try} whose {@code catch} throws what {@code DataExceptions.ofQuery} makes. */
  static void guarded(MethodSpec.Builder builder, CodeBlock statement) {
    builder.beginControlFlow("try")
        .addStatement(statement)
        .nextControlFlow("catch ($T e)", TableMapperException.class)
        .addStatement("throw $T.ofQuery(e)", EXCEPTIONS)
        .endControlFlow();
  }
}
