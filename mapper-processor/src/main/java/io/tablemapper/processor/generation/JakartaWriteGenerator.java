package io.tablemapper.processor.generation;

import com.palantir.javapoet.CodeBlock;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.entity.PropertyModel;
import io.tablemapper.processor.planning.Plan;
import io.tablemapper.processor.repository.RepositoryModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The code of a JDQL {@code UPDATE} or {@code DELETE} ({@code RepositoryModel.JdqlWrite}): the matches of its query
 * (and the client's filters), handed to {@code JakartaSupport}, which writes each conditionally
 * ({@code updateEach}, {@code deleteEach}; {@code deleteMatches} when the store evaluates every condition, deleting
 * each match under the ETag it was read with); an update's {@code SET} as a function of the entity as read, and its
 * read of one entity again by its keys when it changed meanwhile.
 */
final class JakartaWriteGenerator {
  private JakartaWriteGenerator() {}

  /** The statement that writes the matches of {@code query} and returns what the method returns. */
  static CodeBlock run(RepositoryModel repository, RepositoryModel.QueryMethod method, String query,
      String implementation, String plan) {
    RepositoryModel.Client client = method.client();
    RepositoryModel.JdqlWrite write = client.write();
    String name = repository.element().getSimpleName() + "." + method.element().getSimpleName();
    CodeBlock count;
    if (write.delete() && client.filters().isEmpty()) {
      count = CodeBlock.of("this.jakarta.deleteMatches($N)", query);
    } else if (write.delete()) {
      count = CodeBlock.of("this.jakarta.deleteEach($L)",
          JakartaClientGenerator.matches(repository, method, query, implementation));
    } else {
      // an entity read again is tested against the whole WHERE, the store's conditions too
      CodeBlock where = write.where().isEmpty() ? CodeBlock.of("true") : JakartaClientGenerator.filter(write.where());
      count = CodeBlock.of("this.jakarta.updateEach($S,$W$L,$Weach_ -> $L,$W$L,$Weach_ -> $L)", name,
          JakartaClientGenerator.matches(repository, method, query, implementation), where,
          change(repository.entity(), write), reread(repository.entity(), write.reread(), name,
              JakartaClientGenerator.rereadConstant(plan)));
    }
    switch (write.result()) {
      case VOID:
        return count;
      case INT:
        return CodeBlock.of("return Math.toIntExact($L)", count);
      case BOOLEAN:
        return CodeBlock.of("return $L > 0", count);
      default:
        return CodeBlock.of("return $L", count);
    }
  }

  /**
   * The {@code SET} as a lambda of the entity as read: every new value computed from the values before the
   * update, then set (a mutable class) or given to the constructor with the values kept (a record, an immutable
   * class).
   */
  private static CodeBlock change(EntityModel entity, RepositoryModel.JdqlWrite write) {
    CodeBlock.Builder code = CodeBlock.builder().add("each_ -> {\n$>");
    Map<String, String> values = new HashMap<>();
    int i = 0;
    for (RepositoryModel.Assignment assignment : write.assignments()) {
      String local = "set" + i++ + "_";
      code.add("$T $N = $L;\n", assignment.property().typeName(), local, assignment.value());
      values.put(assignment.property().name(), local);
    }
    if (entity.constructed()) {
      List<CodeBlock> arguments = new ArrayList<>();
      for (PropertyModel property : entity.constructorArguments()) {
        String local = values.get(property.name());
        arguments.add(local != null ? CodeBlock.of("$N", local) : CodeBlock.of("each_.$L", property.getter()));
      }
      code.add("return new $T($L);\n", entity.className(), CodeBlock.join(arguments, ", "));
    } else {
      for (RepositoryModel.Assignment assignment : write.assignments()) {
        PropertyModel property = assignment.property();
        code.add(property.setterIsMethod() ? "each_.$N($N);\n" : "each_.$N = $N;\n", property.setter(),
            values.get(property.name()));
      }
      code.add("return each_;\n");
    }
    return code.add("$<}").build();
  }

  /** The read of one entity again by its keys, as a point read. */
  private static CodeBlock reread(EntityModel entity, Plan plan, String name, String constant) {
    Map<String, CodeBlock> keys = new HashMap<>();
    for (PropertyModel property : entity.properties()) {
      if (property.getter() != null) {
        keys.put(property.name(), CodeBlock.of("each_.$L", property.getter()));
      }
    }
    List<CodeBlock> partition = new ArrayList<>();
    for (String property : plan.partitionArguments().values()) {
      partition.add(keys.get(property));
    }
    List<CodeBlock> row = new ArrayList<>();
    for (Plan.Piece piece : plan.prefix()) {
      if (piece.literal() == null) {
        row.add(keys.get(piece.parameter()));
      }
    }
    return CodeBlock.of("this.support.findByKeys($S, $N,$W$T.$N($L),$W$T.$N($L))", name, constant,
        entity.metamodelName(), entity.partitionKey().composeMethod(), CodeBlock.join(partition, ", "),
        entity.metamodelName(), plan.rowKey().composeMethod(), CodeBlock.join(row, ", "));
  }
}
