package io.tablemapper.processor.generation;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import io.tablemapper.internal.mapping.RepositorySupport;
import io.tablemapper.internal.model.PropertyRole;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.entity.PropertyModel;
import io.tablemapper.processor.repository.RepositoryModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.util.Types;

/**
 * Generates a partial merge method ({@code mergeH07BySensorAndDay}): it builds the entity from its arguments — the
 * merged values, the key values and the ETag, every other property at its Java default (zero, false, null), which
 * is never written — and hands it with the merged properties' names to {@link RepositorySupport#merge(Object,
 * String...)} (or {@code upsertMerge}), which writes only those and the keys.
 *
 * <p>A method that returns a {@code CompletableFuture} builds the entity in a lambda, on the caller's thread (what its
 * constructor or setters throw fails the future), and starts the write on the store's async path with
 * {@link RepositorySupport#mergeAsync(Object, String...)} (or {@code upsertMergeAsync}) through
 * {@link RepositorySupport#async(java.util.function.Supplier, java.util.function.Function)}, as a query method starts
 * its query; a {@code CompletableFuture<Void>} drops the stored entity.
 */
final class MergeMethodGenerator {
  private MergeMethodGenerator() {}

  static MethodSpec generate(RepositoryModel.MergeMethod method, EntityModel entity, DeclaredType repositoryType,
      Types types) {
    MethodSpec.Builder builder = MethodSpec.overriding(method.element(), repositoryType, types);
    String write = method.upsert() ? "upsertMerge" : "merge";
    builder.addJavadoc("$L $L into the $L its keys name.\n\n",
        method.upsert() ? "Inserts or merges" : "Merges", String.join(", ", method.properties()),
        entity.simpleName());
    builder.addJavadoc("<p>Writes only $L and the keys' properties$L.\n",
        method.properties().size() == 1 ? "that property" : "those properties",
        method.etag() != null ? ", conditional on the ETag" : method.upsert() ? ", inserting the entity if absent" : "");
    NameAllocator names = new NameAllocator();
    for (VariableElement parameter : method.element().getParameters()) {
      names.newName(parameter.getSimpleName().toString(), parameter);
    }
    String local = names.newName("entity");
    Map<String, String> arguments = new HashMap<>();
    for (RepositoryModel.Bound bound : method.values()) {
      arguments.put(bound.property().name(), bound.parameter());
    }
    for (RepositoryModel.Bound bound : method.keys()) {
      arguments.put(bound.property().name(), bound.parameter());
    }
    if (method.etag() != null) {
      arguments.put(entity.etag().name(), method.etag());
    }
    CodeBlock.Builder properties = CodeBlock.builder();
    for (String property : method.properties()) {
      properties.add(",$W$S", property);
    }
    if (method.async()) {
      // the entity built on the caller's thread (what it throws fails the future), the write on the async path
      CodeBlock call = CodeBlock.of("this.support.$NAsync($N$L)$L", write, local, properties.build(),
          method.returnsEntity() ? "" : ".thenRun(() -> { })");
      if (entity.constructed()) {
        builder.addStatement("return this.support.async(\n() -> $L,\n$N -> $L)", construction(entity, arguments),
            local, call);
      } else {
        builder.addCode("return this.support.async(() -> {\n$>");
        build(builder, entity, local, arguments);
        builder.addStatement("return $N", local);
        builder.addCode("$<}, $N -> $L);\n", local, call);
      }
      return builder.build();
    }
    build(builder, entity, local, arguments);
    CodeBlock call = CodeBlock.of("this.support.$N($N$L)", write, local, properties.build());
    builder.addStatement(method.returnsEntity() ? "return $L" : "$L", call);
    return builder.build();
  }

  /** The statements that build the entity in {@code local} from the method's arguments. */
  private static void build(
      MethodSpec.Builder builder, EntityModel entity, String local, Map<String, String> arguments) {
    if (entity.constructed()) {
      builder.addStatement("$T $N = $L", entity.className(), local, construction(entity, arguments));
      return;
    }
    builder.addStatement("$T $N = new $T()", entity.className(), local, entity.className());
    for (PropertyModel property : entity.properties()) {
      String parameter = arguments.get(property.name());
      if (parameter == null || property.role() == PropertyRole.TRANSIENT) {
        continue;
      }
      if (property.setterIsMethod()) {
        builder.addStatement("$N.$N($N)", local, property.setter(), parameter);
      } else {
        builder.addStatement("$N.$N = $N", local, property.setter(), parameter);
      }
    }
  }

  /**
   * The construction of a record or an immutable class from the method's arguments, every other property its
   * constructor takes at its Java default.
   */
  private static CodeBlock construction(EntityModel entity, Map<String, String> arguments) {
    List<CodeBlock> values = new ArrayList<>();
    for (PropertyModel property : entity.constructorArguments()) {
      String parameter = arguments.get(property.name());
      values.add(parameter != null ? CodeBlock.of("$N", parameter) : MappingGenerator.defaultValue(property));
    }
    return CodeBlock.of("new $T($L)", entity.className(), CodeBlock.join(values, ",$W"));
  }
}
