package io.tablemapper.internal.model;

import io.tablemapper.internal.key.KeyShape;
import io.tablemapper.internal.key.KeyTemplate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The rules of an entity's {@code @Index} annotations, for the processor and the runtime alike: names (valid, and
 * unique even ignoring case, since generated names derive from them), same-partition copies only, known copied
 * properties, a RowKey template that binds ({@link KeyBinder}), a declared uniqueness that the template can keep,
 * and copies whose RowKeys never meet the entity's own or another index's.
 */
public final class IndexRules {
  private IndexRules() {}

  /**
   * One {@code @Index} as written.
   *
   * @param uniqueExplicit whether {@code unique} was written out; a front end that cannot tell (a retained
   *     annotation) says false, and an explicit {@code unique = true} that can never hold goes unreported there
   * @param site where it is written, for {@link Problems}
   */
  public record Declaration(String name, String rowKey, String partitionKey, List<String> properties,
      boolean unique, boolean uniqueExplicit, Object site) {}

  /**
   * A valid index.
   *
   * @param properties the Java names of the copied properties, empty for all
   * @param unique whether a value identifies one entity (its RowKey lacks a component of the entity's RowKey), so a
   *     second entity with the value is refused; else every entity has its own copy
   */
  public record BoundIndex<P extends ModelProperty>(String name, BoundKey<P> rowKey, List<String> properties,
      boolean unique, Object site) {}

  /**
   * The valid indexes of an entity; the others are reported.
   *
   * @param entity the entity's simple name, for messages
   * @param typeName its discriminator
   * @param rowKey its bound RowKey, or null when it has none (then no index is valid)
   */
  public static <P extends ModelProperty> List<BoundIndex<P>> bind(String entity, String typeName, List<P> properties,
      BoundKey<P> rowKey, List<Declaration> declarations, Problems problems) {
    List<BoundIndex<P>> indexes = new ArrayList<>();
    Map<String, String> names = new LinkedHashMap<>();
    List<String> known = new ArrayList<>();
    for (P property : properties) {
      if (property.stored()) {
        known.add(property.name());
      }
    }
    for (Declaration declaration : declarations) {
      String name = declaration.name();
      Object site = declaration.site();
      if (!EntityRules.validIndexName(name)) {
        problems.report(site, "name", EntityRules.indexName(entity, name));
        continue;
      }
      String first = names.putIfAbsent(name.toLowerCase(Locale.ROOT), name);
      if (first != null) {
        problems.report(site, "name", EntityRules.indexNameDuplicate(entity, typeName, name, first));
        continue;
      }
      if (!declaration.partitionKey().isEmpty()) {
        problems.report(site, "partitionKey", EntityRules.indexPartitionKey(entity, name, declaration.partitionKey()));
        continue;
      }
      boolean copiedOk = true;
      for (String property : declaration.properties()) {
        if (!known.contains(property)) {
          problems.report(site, "properties", EntityRules.indexUnknownProperty(entity, name, property, known));
          copiedOk = false;
        }
      }
      BoundKey<P> key = KeyBinder.bind(entity, properties, declaration.rowKey(),
          "@Index(name = \"" + name + "\") rowKey", site, "rowKey", problems);
      if (key == null || !copiedOk || rowKey == null) {
        continue;
      }
      Boolean unique = uniqueness(entity, declaration, key, rowKey, problems);
      if (unique != null) {
        indexes.add(new BoundIndex<>(name, key, List.copyOf(declaration.properties()), unique, site));
      }
    }
    if (rowKey != null) {
      checkKeySpaces(entity, rowKey, indexes, problems);
    }
    return indexes;
  }

  /**
   * Whether an index is unique: it is when its RowKey lacks a component of the entity's RowKey (then two entities
   * with the same value would need the same copy, and the second is refused); otherwise every entity has its own
   * copy. Reports a declaration that says the opposite, and returns null then.
   */
  private static Boolean uniqueness(String entity, Declaration declaration, BoundKey<?> index, BoundKey<?> rowKey,
      Problems problems) {
    List<String> missing = new ArrayList<>();
    for (String component : rowKey.names()) {
      if (index.indexOf(component) < 0) {
        missing.add(component);
      }
    }
    if (!declaration.unique() && !missing.isEmpty()) {
      problems.report(declaration.site(), "unique", EntityRules.indexNotUnique(entity, declaration.name(),
          index.template().toString(), missing,
              rowKey.template().toString(), suffix(rowKey.template(), missing)));
      return null;
    }
    if (declaration.unique() && declaration.uniqueExplicit() && missing.isEmpty() && !rowKey.properties().isEmpty()) {
      problems.report(declaration.site(), "unique", EntityRules.indexUniqueNever(entity, declaration.name(),
          index.template().toString(),
              rowKey.template().toString(), rowKey.names()));
      return null;
    }
    return missing.isEmpty() && !rowKey.properties().isEmpty() ? Boolean.FALSE : Boolean.TRUE;
  }

  /** The RowKey components to append to an index template, written as in the entity's RowKey. */
  private static String suffix(KeyTemplate rowKey, List<String> missing) {
    StringBuilder text = new StringBuilder();
    for (KeyTemplate.Placeholder placeholder : rowKey.placeholders()) {
      if (missing.contains(placeholder.property())) {
        text.append('_').append(placeholder.text());
      }
    }
    return text.toString();
  }

  /** Index copies never take a RowKey of the entity's rows, nor of another index's copies; reported on the index. */
  private static void checkKeySpaces(String entity, BoundKey<?> rowKey, List<? extends BoundIndex<?>> indexes,
      Problems problems) {
    List<String> seenNames = new ArrayList<>();
    List<BoundKey<?>> seen = new ArrayList<>();
    seenNames.add(EntityRules.ownRowKey(rowKey.template()));
    seen.add(rowKey);
    for (BoundIndex<?> index : indexes) {
      BoundKey<?> key = index.rowKey();
      KeyShape shape = key.shape();
      for (int i = 0; i < seen.size(); i++) {
        BoundKey<?> other = seen.get(i);
        if (shape.disjoint(other.shape())) {
          continue;
        }
        if (key.template().literalPrefix().isEmpty()) {
          problems.report(index.site(), "rowKey", EntityRules.keySpaceNoPrefix(entity, index.name(), key.template(),
              seenNames.get(i)));
        } else {
          problems.report(index.site(), "rowKey", EntityRules.keySpaceOverlap(entity, index.name(), key.template(),
              seenNames.get(i),
                  EntityRules.keySpaceWhy(key.template(), key.firstType(), other.template(), other.firstType())));
        }
        break;
      }
      seenNames.add(EntityRules.indexSpace(index.name()));
      seen.add(key);
    }
  }
}
