package io.tablemapper.processor.generation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.internal.mapping.Projection;
import io.tablemapper.internal.model.PropertyRole;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.entity.PropertyModel;
import io.tablemapper.processor.repository.RepositoryModel;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Modifier;

/**
 * Writes the projections of a repository implementation: for each record its methods return instead of the entity,
 * a {@link Projection} constant naming the stored properties to read ({@code Employee_.FIRST_NAME}, ...) and a static
 * method making the record of a row. Each component is read exactly as the entity's mapping reads its property
 * ({@link MappingGenerator#readValue}), with the constants that needs; an ETag or Timestamp component comes from the
 * row's system properties, which every row read carries.
 */
final class ProjectionGenerator {
  private static final ClassName PROJECTION = ClassName.get(Projection.class);
  private static final ClassName ENTITY_MAPPING = ClassName.get(EntityMapping.class);

  private ProjectionGenerator() {}

  /**
   * Adds the projections of a repository's methods to its implementation.
   *
   * @param implementation the implementation's name, whose static reader methods the constants refer to
   * @return the constant of each projection, by the record's qualified name
   */
  static Map<String, MemberNames.Projected> add(
      TypeSpec.Builder type, ClassName implementation, RepositoryModel repository) {
    EntityModel entity = repository.entity();
    MemberNames members = MemberNames.of(entity);
    Map<String, MemberNames.Projected> names = MemberNames.projections(repository);
    Set<String> done = new HashSet<>();
    Set<PropertyModel> withConstants = new LinkedHashSet<>();
    List<MethodSpec> readers = new ArrayList<>();
    for (RepositoryModel.QueryMethod method : repository.methods()) {
      RepositoryModel.Projection projection = method.projection();
      if (projection == null || !done.add(projection.element().getQualifiedName().toString())) {
        continue;
      }
      MemberNames.Projected projected = names.get(projection.element().getQualifiedName().toString());
      List<CodeBlock> selected = new ArrayList<>();
      boolean defaults = false;
      for (RepositoryModel.Component component : projection.components()) {
        PropertyModel property = component.property();
        withConstants.add(property);
        if (property.role() == PropertyRole.STORED) {
          selected.add(CodeBlock.of("$T.$N", entity.metamodelName(), members.property(property)));
          defaults |= property.defaultValue() != null;
        }
      }
      if (defaults) {
        selected.add(CodeBlock.of("$T.VERSION_PROPERTY", ENTITY_MAPPING));
      }
      type.addField(FieldSpec.builder(ParameterizedTypeName.get(PROJECTION, projection.className()),
              projected.constant(), Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
          .addJavadoc("Reads only $L of $L.\n", describe(projection), entity.simpleName())
          .initializer("$T.of($T.class,$W$T.of($L),$W$T::$N)", PROJECTION, projection.className(), List.class,
              CodeBlock.join(selected, ",$W"), implementation, projected.reader())
          .build());
      readers.add(reader(entity, members, projection, projected.reader()));
    }
    for (PropertyModel property : withConstants) {
      MappingGenerator.readConstants(entity, property).forEach(type::addField);
    }
    readers.forEach(type::addMethod);
    return names;
  }

  /** {@code firstName and lastName}, for Javadoc. */
  private static String describe(RepositoryModel.Projection projection) {
    List<String> names = new ArrayList<>();
    for (RepositoryModel.Component component : projection.components()) {
      names.add(component.name());
    }
    return names.size() == 1 ? names.get(0)
        : String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
  }

  /** The static method that makes the record of a row, reading each component as the entity's mapping does. */
  private static MethodSpec reader(
      EntityModel entity, MemberNames members, RepositoryModel.Projection projection, String name) {
    Set<String> taken = new HashSet<>();
    for (RepositoryModel.Component component : projection.components()) {
      taken.add(component.name());
    }
    String row = taken.contains("row") ? "source" : "row";
    String context = taken.contains("context") ? "mappingContext" : "context";
    MethodSpec.Builder method = MethodSpec.methodBuilder(name)
        .addJavadoc("The {@link $T} of a row holding the properties it reads.\n", projection.className())
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(projection.className())
        .addParameter(TableRow.class, row)
        .addParameter(MappingContext.class, context);
    List<CodeBlock> arguments = new ArrayList<>();
    CodeBlock older = CodeBlock.of("$T.rowVersion($N) < $L", ENTITY_MAPPING, row, entity.version());
    taken.add(row);
    taken.add(context);
    KeyReads keys = new KeyReads(entity, entity.metamodelName(), members, method, row, taken);
    for (RepositoryModel.Component component : projection.components()) {
      PropertyModel property = component.property();
      method.addStatement("$T $N = $L", property.typeName(), component.name(),
          MappingGenerator.readValue(entity, entity.metamodelName(), members, keys, property, row, context,
              older));
      arguments.add(CodeBlock.of("$N", component.name()));
    }
    return method.addStatement("return new $T($L)", projection.className(), CodeBlock.join(arguments, ",$W")).build();
  }
}
