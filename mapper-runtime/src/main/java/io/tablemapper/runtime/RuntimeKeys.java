package io.tablemapper.runtime;

import io.tablemapper.annotations.Index;
import io.tablemapper.internal.key.KeyShape;
import io.tablemapper.internal.key.KeySpec;
import io.tablemapper.internal.key.KeyTemplate;
import io.tablemapper.internal.key.KeyTemplateException;
import io.tablemapper.internal.key.KeyType;
import io.tablemapper.internal.model.EntityRules;
import io.tablemapper.spi.StoreLimits;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The keys and indexes of a class introspected at run time, checked as the processor's {@code KeyTemplates},
 * {@code IndexAnalyzer} and {@code KeySpaces} check them (with the same messages, {@link EntityRules}), and bound
 * into the {@link KeySpec}s the mapping composes and decodes keys with. Problems are added to the introspector's
 * list; a template that breaks a rule binds to null.
 */
final class RuntimeKeys {
  private final Class<?> type;
  private final String entity;
  private final List<String> problems;

  RuntimeKeys(Class<?> type, List<String> problems) {
    this.type = type;
    this.entity = type.getSimpleName();
    this.problems = problems;
  }

  private void error(String id, String message) {
    problems.add(EntityRules.format(id, message));
  }

  /** A key template bound to properties. */
  static final class Bound {
    final KeyTemplate template;
    final List<RuntimeProperty> properties;
    final KeySpec spec;
    String indexName;
    List<String> copied;

    Bound(KeyTemplate template, List<RuntimeProperty> properties, KeySpec spec) {
      this.template = template;
      this.properties = properties;
      this.spec = spec;
    }
  }

  Bound key(List<RuntimeProperty> properties, String template, String keyName) {
    if (template == null) {
      error(EntityRules.ENTITY_MISSING_KEY, EntityRules.missingKey(entity, keyName));
      return null;
    }
    return bind(properties, template, "@" + keyName, keyName);
  }

  /** As the processor's {@code KeyTemplates.bind}: null after reporting. */
  private Bound bind(List<RuntimeProperty> properties, String source, String what, String keyName) {
    KeyTemplate template;
    try {
      template = KeyTemplate.parse(source);
    } catch (KeyTemplateException e) {
      if (e.kind() == KeyTemplateException.Kind.FORBIDDEN_CHARACTER) {
        error(EntityRules.KEY_FORBIDDEN_CHARACTER, EntityRules.keyForbiddenCharacter(what, entity, e.getMessage()));
      } else {
        error(EntityRules.KEY_TEMPLATE_SYNTAX, EntityRules.keySyntax(what, entity, e.getMessage()));
      }
      return null;
    }
    int literalLength = 0;
    for (KeyTemplate.Segment segment : template.segments()) {
      if (segment instanceof KeyTemplate.Literal) {
        literalLength += ((KeyTemplate.Literal) segment).text().length();
      }
    }
    if (literalLength > StoreLimits.MAX_KEY_LENGTH) {
      error(EntityRules.KEY_TOO_LONG, EntityRules.keyLiteralTooLong(what, entity, literalLength));
      return null;
    }
    List<String> known = new ArrayList<>();
    for (RuntimeProperty property : properties) {
      known.add(property.name);
    }
    List<RuntimeProperty> bound = new ArrayList<>();
    List<KeyType> keyTypes = new ArrayList<>();
    boolean ok = true;
    for (KeyTemplate.Placeholder placeholder : template.placeholders()) {
      RuntimeProperty property = named(properties, placeholder.property());
      if (property == null) {
        error(EntityRules.KEY_UNKNOWN_PROPERTY,
            EntityRules.keyUnknownProperty(what, entity, placeholder.property(), known));
        ok = false;
        continue;
      }
      if (!property.stored() || property.kind == RuntimeProperty.Kind.JSON) {
        error(EntityRules.KEY_PROPERTY_NOT_STORED,
            EntityRules.keyPropertyNotStored(what, entity, property.name, describeRole(property)));
        ok = false;
        continue;
      }
      if (property.keyType == null) {
        error(EntityRules.KEY_PROPERTY_TYPE, EntityRules.keyPropertyType(what, entity, property.name,
            property.typeText(), KeyType.supportedTypes()));
        ok = false;
        continue;
      }
      bound.add(property);
      keyTypes.add(property.keyType);
    }
    if (!ok) {
      return null;
    }
    List<KeyTemplateException> problems = template.validate(keyTypes);
    for (KeyTemplateException problem : problems) {
      error(EntityRules.KEY_TEMPLATE_TYPES, EntityRules.keyTemplateTypes(what, entity, problem.getMessage()));
    }
    if (!problems.isEmpty() || !enumConstantsFit(template, bound, what) || !fitsTheStore(template, bound, what)) {
      return null;
    }
    Class<?>[] classes = new Class<?>[bound.size()];
    for (int i = 0; i < classes.length; i++) {
      classes[i] = bound.get(i).type;
    }
    return new Bound(template, List.copyOf(bound), KeySpec.of(entity, keyName, source, classes));
  }

  private boolean enumConstantsFit(KeyTemplate template, List<RuntimeProperty> bound, String what) {
    boolean ok = true;
    for (KeyTemplate.Placeholder placeholder : template.placeholders()) {
      RuntimeProperty property = bound.get(placeholder.index());
      if (property.keyType != KeyType.ENUM) {
        continue;
      }
      String problem = EntityRules.keyEnumConstantProblem(what, entity, property.typeText(), template, placeholder,
          enumConstants(property));
      if (problem != null) {
        error(EntityRules.KEY_ENUM_CONSTANT, problem);
        ok = false;
      }
    }
    return ok;
  }

  /** What a template's keys look like over these properties (enum constants included). */
  private static KeyShape shape(KeyTemplate template, List<RuntimeProperty> bound) {
    List<KeyType> types = new ArrayList<>(bound.size());
    List<List<String>> values = new ArrayList<>(bound.size());
    for (RuntimeProperty property : bound) {
      types.add(property.keyType);
      List<String> constants = enumConstants(property);
      values.add(constants.isEmpty() ? null : constants);
    }
    return KeyShape.of(template, types, values);
  }

  private boolean fitsTheStore(KeyTemplate template, List<RuntimeProperty> bound, String what) {
    KeyShape shape = shape(template, bound);
    int limit = StoreLimits.MAX_KEY_LENGTH;
    if (shape.minLength() > limit || shape.maxLength() > limit) {
      boolean always = shape.minLength() > limit;
      error(EntityRules.KEY_TOO_LONG, EntityRules.keyTooLong(what, entity, always,
          always ? shape.minLength() : shape.maxLength()));
      return false;
    }
    return true;
  }

  private static List<String> enumConstants(RuntimeProperty property) {
    List<String> constants = new ArrayList<>();
    if (property.type.isEnum()) {
      for (Object constant : property.type.getEnumConstants()) {
        constants.add(((Enum<?>) constant).name());
      }
    }
    return constants;
  }

  List<Bound> indexes(List<RuntimeProperty> properties, String typeName, Bound rowKey) {
    List<Bound> indexes = new ArrayList<>();
    Map<String, String> names = new LinkedHashMap<>();
    for (Index index : type.getDeclaredAnnotationsByType(Index.class)) {
      String name = index.name();
      if (!EntityRules.validIndexName(name)) {
        error(EntityRules.INDEX_NAME, EntityRules.indexName(entity, name));
        continue;
      }
      String folded = name.toLowerCase(Locale.ROOT);
      if (names.containsKey(folded)) {
        error(EntityRules.INDEX_NAME, EntityRules.indexNameDuplicate(entity, typeName, name, names.get(folded)));
        continue;
      }
      names.put(folded, name);
      if (!index.partitionKey().isEmpty()) {
        error(EntityRules.INDEX_PARTITION_KEY, EntityRules.indexPartitionKey(entity, name, index.partitionKey()));
        continue;
      }
      List<String> known = new ArrayList<>();
      for (RuntimeProperty property : properties) {
        if (property.stored()) {
          known.add(property.name);
        }
      }
      boolean copiedOk = true;
      List<String> copied = new ArrayList<>();
      for (String property : index.properties()) {
        if (!known.contains(property)) {
          error(EntityRules.INDEX_UNKNOWN_PROPERTY, EntityRules.indexUnknownProperty(entity, name, property, known));
          copiedOk = false;
        } else {
          copied.add(named(properties, property).storedName);
        }
      }
      Bound key = bind(properties, index.rowKey(), "@Index(name = \"" + name + "\") rowKey",
          "index " + name + " RowKey");
      if (key == null || !copiedOk || rowKey == null) {
        continue;
      }
      key.indexName = name;
      key.copied = List.copyOf(copied);
      if (uniquenessFits(index, key, rowKey)) {
        indexes.add(key);
      }
    }
    if (rowKey != null) {
      checkKeySpaces(rowKey, indexes);
    }
    return indexes;
  }

  /**
   * As the processor's {@code IndexAnalyzer}: an index declared {@code unique = false} must hold the whole RowKey.
   * (The processor also refuses an explicit {@code unique = true} on an index holding the whole RowKey; a retained
   * annotation cannot tell an explicit {@code true} from the default, so that one is checked at compile time only.)
   */
  private boolean uniquenessFits(Index index, Bound key, Bound rowKey) {
    List<String> missing = new ArrayList<>();
    for (RuntimeProperty component : rowKey.properties) {
      if (key.template.placeholder(component.name) == null) {
        missing.add(component.name);
      }
    }
    if (!index.unique() && !missing.isEmpty()) {
      StringBuilder suffix = new StringBuilder();
      for (KeyTemplate.Placeholder placeholder : rowKey.template.placeholders()) {
        if (missing.contains(placeholder.property())) {
          suffix.append('_').append(placeholder.text());
        }
      }
      error(EntityRules.INDEX_UNIQUENESS, EntityRules.indexNotUnique(entity, index.name(), key.template.toString(),
          missing, rowKey.template.toString(), suffix.toString()));
      return false;
    }
    return true;
  }

  /** As the processor's {@code KeySpaces.checkIndexes}: index copies never take a RowKey of the entity's rows. */
  private void checkKeySpaces(Bound rowKey, List<Bound> indexes) {
    List<String> seenNames = new ArrayList<>();
    List<Bound> seen = new ArrayList<>();
    seenNames.add(EntityRules.ownRowKey(rowKey.template));
    seen.add(rowKey);
    for (Bound index : indexes) {
      KeyShape shape = shape(index.template, index.properties);
      for (int i = 0; i < seen.size(); i++) {
        Bound other = seen.get(i);
        if (shape.disjoint(shape(other.template, other.properties))) {
          continue;
        }
        if (index.template.literalPrefix().isEmpty()) {
          error(EntityRules.KEY_SPACE_OVERLAP,
              EntityRules.keySpaceNoPrefix(entity, index.indexName, index.template, seenNames.get(i)));
        } else {
          error(EntityRules.KEY_SPACE_OVERLAP, EntityRules.keySpaceOverlap(entity, index.indexName, index.template,
              seenNames.get(i), EntityRules.keySpaceWhy(index.template, firstType(index), other.template,
                  firstType(other))));
        }
        break;
      }
      seenNames.add(EntityRules.indexSpace(index.indexName));
      seen.add(index);
    }
  }

  private static KeyType firstType(Bound key) {
    return key.properties.isEmpty() ? null
        : key.properties.get(key.template.placeholders().get(0).index()).keyType;
  }

  private static RuntimeProperty named(List<RuntimeProperty> properties, String name) {
    for (RuntimeProperty property : properties) {
      if (property.name.equals(name)) {
        return property;
      }
    }
    return null;
  }

  private static String describeRole(RuntimeProperty property) {
    switch (property.role) {
      case TRANSIENT:
        return "@Transient";
      case ETAG:
        return "the @ETag";
      case TIMESTAMP:
        return "the @Timestamp";
      default:
        return "stored as @Json";
    }
  }
}
