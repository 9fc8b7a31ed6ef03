package io.tablemapper.processor;

import io.tablemapper.internal.model.IndexRules;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.TypeElement;

/**
 * Reads an entity's {@code @Index} annotations into the declarations the shared {@link IndexRules} check, and the
 * valid ones into {@link EntityModel.IndexModel}s with the names generated code gives them.
 */
final class IndexAnalyzer {
  private IndexAnalyzer() {}

  /** The entity's valid indexes; the others are reported. */
  static List<EntityModel.IndexModel> analyze(Annotations annotations, TypeElement type, String typeName,
      List<PropertyModel> properties, KeyModel rowKey, Diagnostics diagnostics) {
    List<IndexRules.Declaration> declarations = new ArrayList<>();
    for (AnnotationMirror mirror : annotations.indexes(type)) {
      declarations.add(new IndexRules.Declaration(annotations.string(mirror, "name"),
          annotations.string(mirror, "rowKey"), annotations.string(mirror, "partitionKey"),
          annotations.strings(mirror, "properties"), annotations.bool(mirror, "unique"),
          Annotations.explicit(mirror, "unique") != null, mirror));
    }
    List<EntityModel.IndexModel> indexes = new ArrayList<>();
    for (IndexRules.BoundIndex<PropertyModel> index : IndexRules.bind(type.getSimpleName().toString(), typeName,
        properties, rowKey == null ? null : rowKey.key(), declarations, diagnostics.problems(type))) {
      AnnotationMirror mirror = (AnnotationMirror) index.site();
      String name = index.name();
      KeyModel key = new KeyModel("index " + name + " RowKey", index.rowKey(),
          "INDEX_" + EntityAnalyzer.upperSnake(name) + "_SPEC", name + "IndexRowKey", mirror,
          Annotations.explicit(mirror, "rowKey"));
      indexes.add(new EntityModel.IndexModel(name, key, index.properties(), index.unique()));
    }
    return indexes;
  }
}
