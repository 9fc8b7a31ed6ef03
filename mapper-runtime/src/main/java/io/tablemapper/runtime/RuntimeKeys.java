package io.tablemapper.runtime;

import io.tablemapper.annotations.Index;
import io.tablemapper.internal.key.KeySpec;
import io.tablemapper.internal.key.KeyTemplate;
import io.tablemapper.internal.model.BoundKey;
import io.tablemapper.internal.model.EntityRules;
import io.tablemapper.internal.model.IndexRules;
import io.tablemapper.internal.model.KeyBinder;
import io.tablemapper.internal.model.Problems;
import java.util.ArrayList;
import java.util.List;

/**
 * The keys and indexes of a class introspected at run time, checked by the rules the processor applies
 * ({@link KeyBinder}, {@link IndexRules}) and bound into the {@link KeySpec}s the mapping composes and decodes keys
 * with. Errors are added to the introspector's list (warnings are the processor's to give); a template that breaks a
 * rule binds to null.
 */
final class RuntimeKeys {
  private final Class<?> type;
  private final String entity;
  private final Problems problems;

  RuntimeKeys(Class<?> type, List<String> problems) {
    this.type = type;
    this.entity = type.getSimpleName();
    this.problems = collecting(problems);
  }

  /** Problems as the runtime reports them: each error as {@code [Id] message} in one list; no warnings. */
  static Problems collecting(List<String> errors) {
    return new Problems() {
      @Override
      public void error(Object site, String attribute, String id, String message) {
        errors.add(EntityRules.format(id, message));
      }

      @Override
      public void warning(Object site, String attribute, String id, String message) {}
    };
  }

  /** A key template bound to properties, with the spec that composes and decodes its keys. */
  static final class Bound {
    final KeyTemplate template;
    final List<RuntimeProperty> properties;
    final KeySpec spec;
    final String indexName;
    final List<String> copied;

    Bound(BoundKey<RuntimeProperty> key, KeySpec spec, String indexName, List<String> copied) {
      this.template = key.template();
      this.properties = key.properties();
      this.spec = spec;
      this.indexName = indexName;
      this.copied = copied;
    }
  }

  Bound key(List<RuntimeProperty> properties, String template, String keyName) {
    if (template == null) {
      problems.error(null, null, EntityRules.ENTITY_MISSING_KEY, EntityRules.missingKey(entity, keyName));
      return null;
    }
    BoundKey<RuntimeProperty> key = KeyBinder.bind(entity, properties, template, "@" + keyName, null, null, problems);
    return key == null ? null : new Bound(key, spec(key, keyName), null, null);
  }

  private KeySpec spec(BoundKey<RuntimeProperty> key, String keyName) {
    Class<?>[] classes = new Class<?>[key.properties().size()];
    for (int i = 0; i < classes.length; i++) {
      classes[i] = key.property(i).type;
    }
    return KeySpec.of(entity, keyName, key.template().source(), classes);
  }

  /**
   * The class's valid indexes. A retained annotation cannot tell an explicit {@code unique = true} from the default,
   * so the rule against an explicit one that can never hold is the processor's alone.
   */
  List<Bound> indexes(List<RuntimeProperty> properties, String typeName, Bound rowKey) {
    List<IndexRules.Declaration> declarations = new ArrayList<>();
    for (Index index : type.getDeclaredAnnotationsByType(Index.class)) {
      declarations.add(new IndexRules.Declaration(index.name(), index.rowKey(), index.partitionKey(),
          List.of(index.properties()), index.unique(), false, index));
    }
    List<Bound> indexes = new ArrayList<>();
    for (IndexRules.BoundIndex<RuntimeProperty> index : IndexRules.bind(entity, typeName, properties,
        rowKey == null ? null : new BoundKey<>(rowKey.template, rowKey.properties), declarations, problems)) {
      List<String> copied = new ArrayList<>();
      for (String property : index.properties()) {
        copied.add(RuntimeProperty.named(properties, property).storedName);
      }
      indexes.add(new Bound(index.rowKey(), spec(index.rowKey(), "index " + index.name() + " RowKey"),
          index.name(), List.copyOf(copied)));
    }
    return indexes;
  }
}
