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
    if (method.async()) {
      builder.addCode("return this.support.async(() -> {\n$>");
    }
    if (entity.record()) {
      List<CodeBlock> values = new ArrayList<>();
      for (PropertyModel property : entity.properties()) {
        String parameter = arguments.get(property.name());
        values.add(parameter != null ? CodeBlock.of("$N", parameter) : MappingGenerator.defaultValue(property));
      }
      builder.addStatement("$T $N = new $T($L)", entity.className(), local, entity.className(),
          CodeBlock.join(values, ",$W"));
    } else {
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
    CodeBlock.Builder properties = CodeBlock.builder();
    for (String property : method.properties()) {
      properties.add(",$W$S", property);
    }
    CodeBlock call = CodeBlock.of("this.support.$N($N$L)", write, local, properties.build());
    if (method.async()) {
      builder.addStatement(method.returnsEntity() ? "return $L" : "$L", call);
      if (!method.returnsEntity()) {
        builder.addStatement("return null");
      }
      builder.addCode("$<});\n");
    } else {
      builder.addStatement(method.returnsEntity() ? "return $L" : "$L", call);
    }
    return builder.build();
  }
}
