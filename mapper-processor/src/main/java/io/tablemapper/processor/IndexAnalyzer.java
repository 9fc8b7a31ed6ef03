package io.tablemapper.processor;

import io.tablemapper.internal.key.KeyTemplate;
import io.tablemapper.internal.model.EntityRules;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;

/**
 * Reads an entity's {@code @Index} annotations: names (valid, and unique even ignoring case, since generated names
 * derive from them), same-partition copies only, known copied properties, a RowKey template that binds, a declared
 * uniqueness that the template can keep, and RowKeys that never meet the entity's own ({@link KeySpaces}).
 */
final class IndexAnalyzer {
  private final Annotations annotations;
  private final TypeElement type;
  private final String typeName;
  private final List<PropertyModel> properties;
  private final Diagnostics diagnostics;

  IndexAnalyzer(
      Annotations annotations, TypeElement type, String typeName, List<PropertyModel> properties,
      Diagnostics diagnostics) {
    this.annotations = annotations;
    this.type = type;
    this.typeName = typeName;
    this.properties = properties;
    this.diagnostics = diagnostics;
  }

  /** The entity's valid indexes; the others are reported. */
  List<EntityModel.IndexModel> analyze(KeyModel rowKey) {
    List<EntityModel.IndexModel> indexes = new ArrayList<>();
    Map<String, String> names = new LinkedHashMap<>();
    KeyTemplates templates = new KeyTemplates(type, properties, diagnostics);
    for (AnnotationMirror mirror : annotations.indexes(type)) {
      String name = annotations.string(mirror, "name");
      AnnotationValue nameValue = Annotations.explicit(mirror, "name");
      if (!EntityRules.validIndexName(name)) {
        diagnostics.error(type, mirror, nameValue, Ids.INDEX_NAME,
            EntityRules.indexName(type.getSimpleName().toString(), name));
        continue;
      }
      String folded = name.toLowerCase(Locale.ROOT);
      if (names.containsKey(folded)) {
        String first = names.get(folded);
        diagnostics.error(type, mirror, nameValue, Ids.INDEX_NAME,
            EntityRules.indexNameDuplicate(type.getSimpleName().toString(), typeName, name, first));
        continue;
      }
      names.put(folded, name);
      String partitionKey = annotations.string(mirror, "partitionKey");
      if (!partitionKey.isEmpty()) {
        diagnostics.error(type, mirror, Annotations.explicit(mirror, "partitionKey"), Ids.INDEX_PARTITION_KEY,
            EntityRules.indexPartitionKey(type.getSimpleName().toString(), name, partitionKey));
        continue;
      }
      List<String> copied = annotations.strings(mirror, "properties");
      List<String> known = new ArrayList<>();
      for (PropertyModel property : properties) {
        if (property.stored()) {
          known.add(property.name());
        }
      }
      boolean copiedOk = true;
      for (String property : copied) {
        if (!known.contains(property)) {
          diagnostics.error(type, mirror, Annotations.explicit(mirror, "properties"), Ids.INDEX_UNKNOWN_PROPERTY,
              EntityRules.indexUnknownProperty(type.getSimpleName().toString(), name, property, known));
          copiedOk = false;
        }
      }
      KeyModel key = templates.bind(mirror, Annotations.explicit(mirror, "rowKey"),
          annotations.string(mirror, "rowKey"), "@Index(name = \"" + name + "\") rowKey", "index " + name + " RowKey",
          "INDEX_" + EntityAnalyzer.upperSnake(name) + "_SPEC", name + "IndexRowKey");
      if (key == null || !copiedOk || rowKey == null) {
        continue;
      }
      Boolean unique = uniqueness(mirror, name, key, rowKey);
      if (unique != null) {
        indexes.add(new EntityModel.IndexModel(name, key, List.copyOf(copied), unique));
      }
    }
    if (rowKey != null) {
      KeySpaces.checkIndexes(type, rowKey, indexes, diagnostics);
    }
    return indexes;
  }

  /**
   * Whether an index is unique: it is when its RowKey lacks a component of the entity's RowKey (then two entities
   * with the same value would need the same copy, and the second is refused); otherwise every entity has its own
   * copy. Reports a declaration that says the opposite, and returns null then.
   */
  private Boolean uniqueness(AnnotationMirror mirror, String name, KeyModel index, KeyModel rowKey) {
    List<String> missing = new ArrayList<>();
    for (PropertyModel component : rowKey.properties()) {
      if (index.indexOf(component.name()) < 0) {
        missing.add(component.name());
      }
    }
    AnnotationValue declared = Annotations.explicit(mirror, "unique");
    boolean unique = annotations.bool(mirror, "unique");
    if (!unique && !missing.isEmpty()) {
      diagnostics.error(type, mirror, declared, Ids.INDEX_UNIQUENESS,
          EntityRules.indexNotUnique(type.getSimpleName().toString(), name, index.template().toString(), missing,
              rowKey.template().toString(), suffix(rowKey, missing)));
      return null;
    }
    if (unique && declared != null && missing.isEmpty() && !rowKey.properties().isEmpty()) {
      diagnostics.error(type, mirror, declared, Ids.INDEX_UNIQUENESS,
          EntityRules.indexUniqueNever(type.getSimpleName().toString(), name, index.template().toString(),
              rowKey.template().toString(), names(rowKey.properties())));
      return null;
    }
    return missing.isEmpty() && !rowKey.properties().isEmpty() ? Boolean.FALSE : Boolean.TRUE;
  }

  /** The RowKey components to append to an index template, written as in the entity's RowKey. */
  private static String suffix(KeyModel rowKey, List<String> missing) {
    StringBuilder text = new StringBuilder();
    for (KeyTemplate.Placeholder placeholder : rowKey.template().placeholders()) {
      if (missing.contains(placeholder.property())) {
        text.append('_').append(placeholder.text());
      }
    }
    return text.toString();
  }

  private static List<String> names(List<PropertyModel> properties) {
    List<String> names = new ArrayList<>();
    for (PropertyModel property : properties) {
      names.add(property.name());
    }
    return names;
  }
}
