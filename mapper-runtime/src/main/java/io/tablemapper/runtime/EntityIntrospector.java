package io.tablemapper.runtime;

import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.Index;
import io.tablemapper.annotations.Json;
import io.tablemapper.annotations.Naming;
import io.tablemapper.annotations.NamingStrategy;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.Property;
import io.tablemapper.annotations.RowKey;
import io.tablemapper.annotations.Timestamp;
import io.tablemapper.annotations.Transient;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.spi.EntityRules;
import io.tablemapper.spi.IndexMapping;
import io.tablemapper.spi.JsonType;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.key.KeyShape;
import io.tablemapper.spi.key.KeySpec;
import io.tablemapper.spi.key.KeyTemplate;
import io.tablemapper.spi.key.KeyTemplateException;
import io.tablemapper.spi.key.KeyType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads an {@code @Entity} class compiled without the annotation processor into a {@link RuntimeMapping}: the same
 * rules the processor checks, in the same order and with the same messages ({@link EntityRules}), and the same
 * model; where the processor generates source, this generates accessors ({@link Accessors}). A class that breaks
 * rules is refused with one {@link InvalidEntityException} listing every broken rule as {@code [Id] message}.
 *
 * <p>Warnings the processor gives (a constant PartitionKey, a narrow zero padding) are not repeated at run time, and
 * the processor option {@code -Atablemapper.naming} is invisible here: a class without {@code @Naming} (on it, an
 * enclosing class or its package) stores its names as declared.
 */
final class EntityIntrospector {
  private final Class<?> type;
  private final String entity;
  private final List<String> problems = new ArrayList<>();
  private final Map<RuntimeProperty, Member[]> members = new HashMap<>();

  private EntityIntrospector(Class<?> type) {
    this.type = type;
    this.entity = type.getSimpleName();
  }

  private static final ClassValue<RuntimeMapping<?>> MAPPINGS =
      new ClassValue<>() {
        @Override
        protected RuntimeMapping<?> computeValue(Class<?> type) {
          synchronized (MAPPINGS) { // one definition of each accessor class, even when threads race here
            return new EntityIntrospector(type).mapping(type);
          }
        }
      };

  /**
   * The mapping of an {@code @Entity} class compiled without the processor, built at its first use and kept as
   * long as the class is.
   *
   * @throws InvalidEntityException listing every rule the class breaks
   */
  @SuppressWarnings("unchecked")
  static <T> RuntimeMapping<T> introspect(Class<T> type) {
    return (RuntimeMapping<T>) MAPPINGS.get(type);
  }

  private void error(String id, String message) {
    problems.add(EntityRules.format(id, message));
  }

  private <T> RuntimeMapping<T> mapping(Class<T> entityClass) {
    Entity annotation = type.getDeclaredAnnotation(Entity.class);
    if (!checkKind()) {
      throw refused();
    }
    boolean record = type.isRecord();
    String table = annotation.table().isEmpty() ? entity : annotation.table();
    if (!StoreLimits.isValidTableName(table)) {
      error(EntityRules.ENTITY_TABLE_NAME, EntityRules.tableName(entity, table));
    }
    String typeName = annotation.type().isEmpty() ? entity : annotation.type();
    if (!EntityRules.validTypeName(typeName)) {
      error(EntityRules.ENTITY_TYPE_NAME, EntityRules.typeName(entity, typeName));
    }
    int version = annotation.version();
    if (version < 1) {
      error(EntityRules.ENTITY_VERSION, EntityRules.version(entity, version));
    }

    List<RuntimeProperty> properties = record ? recordProperties() : beanProperties();
    applyNames(properties);
    SchemaDefaults defaults = new SchemaDefaults(type, problems);
    defaults.read(properties);
    checkProperties(properties, version);

    Bound partitionKey = key(properties, type.getDeclaredAnnotation(PartitionKey.class) == null ? null
        : type.getDeclaredAnnotation(PartitionKey.class).value(), "PartitionKey");
    Bound rowKey = key(properties, type.getDeclaredAnnotation(RowKey.class) == null ? null
        : type.getDeclaredAnnotation(RowKey.class).value(), "RowKey");
    List<Bound> indexes = indexes(properties, typeName, rowKey);
    defaults.checkKeys(properties, partitionKey == null ? null : partitionKey.template,
        rowKey == null ? null : rowKey.template);
    Method upgrade = defaults.upgradeMethod(version);

    if (!problems.isEmpty()) {
      throw refused();
    }
    for (RuntimeProperty property : properties) {
      Member[] access = members.get(property);
      if (access != null) {
        property.access = Accessors.property(type, property.name, property.type, access[0], access[1]);
      }
      if (property.kind == RuntimeProperty.Kind.JSON) {
        property.json = new JsonType<Object>(entity, property.name, property.genericType) {};
      }
    }
    List<IndexMapping<T>> indexMappings = new ArrayList<>();
    for (Bound index : indexes) {
      indexMappings.add(new IndexMapping<T>(typeName, index.indexName, index.spec, index.copied,
          RuntimeMapping.indexRowKey(index.spec, index.properties)));
    }
    return new RuntimeMapping<>(entityClass, table, typeName, version, partitionKey.spec, rowKey.spec,
        partitionKey.properties, rowKey.properties, indexMappings, properties, record,
        Accessors.instantiator(constructor(record)), upgrade == null ? null : Accessors.upgrader(upgrade));
  }

  private InvalidEntityException refused() {
    return new InvalidEntityException(
        "Entity class " + type.getName() + " was compiled without the annotation processor and cannot be mapped at"
            + " run time:\n" + String.join("\n", problems));
  }

  // ------------------------------------------------------------------ the class itself

  private boolean checkKind() {
    if (type.isAnnotation() || type.isInterface() || type.isEnum() || type.isArray() || type.isPrimitive()) {
      error(EntityRules.ENTITY_KIND, EntityRules.notAClass(entity,
          type.isAnnotation() ? "an annotation type" : type.isInterface() ? "an interface" : type.isEnum() ? "an enum"
              : "a " + type.getTypeName()));
      return false;
    }
    if (Modifier.isAbstract(type.getModifiers())) {
      error(EntityRules.RUNTIME_MAPPING_UNSUPPORTED, "@Entity " + entity + " is abstract: entity hierarchies are"
          + " mapped only by the annotation processor; compile " + entity + " and its subclasses with"
          + " io.tablemapper:mapper-processor");
      return false;
    }
    for (Class<?> superclass = type.getSuperclass(); superclass != null; superclass = superclass.getSuperclass()) {
      if (superclass.isAnnotationPresent(Entity.class)) {
        error(EntityRules.RUNTIME_MAPPING_UNSUPPORTED, "@Entity " + entity + " extends @Entity "
            + superclass.getSimpleName() + ": entity hierarchies are mapped only by the annotation processor;"
            + " compile both with io.tablemapper:mapper-processor");
        return false;
      }
    }
    if (type.getTypeParameters().length > 0) {
      error(EntityRules.ENTITY_KIND, EntityRules.generic(entity));
      return false;
    }
    for (Class<?> enclosing = type; enclosing != null; enclosing = enclosing.getEnclosingClass()) {
      if (Modifier.isPrivate(enclosing.getModifiers())) {
        error(EntityRules.ENTITY_KIND, EntityRules.privateClass(entity,
            enclosing == type ? null : enclosing.getSimpleName()));
        return false;
      }
      if (enclosing.isMemberClass() && !Modifier.isStatic(enclosing.getModifiers()) && !enclosing.isRecord()
          && !enclosing.isInterface() && !enclosing.isEnum()) {
        error(EntityRules.ENTITY_KIND, EntityRules.innerClass(entity, enclosing.getSimpleName()));
        return false;
      }
      if (enclosing.isLocalClass() || enclosing.isAnonymousClass()) {
        error(EntityRules.ENTITY_KIND, EntityRules.localClass(entity));
        return false;
      }
    }
    return true;
  }

  private Constructor<?> constructor(boolean record) {
    try {
      if (record) {
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
          types[i] = components[i].getType();
        }
        return type.getDeclaredConstructor(types);
      }
      return type.getDeclaredConstructor();
    } catch (NoSuchMethodException e) {
      throw new AssertionError("checked before: " + e, e);
    }
  }

  // ------------------------------------------------------------------ properties

  private List<RuntimeProperty> recordProperties() {
    List<RuntimeProperty> properties = new ArrayList<>();
    for (RecordComponent component : type.getRecordComponents()) {
      Field field;
      try {
        field = type.getDeclaredField(component.getName());
      } catch (NoSuchFieldException e) {
        throw new AssertionError("a record component without its field: " + component, e);
      }
      RuntimeProperty property = property(field, component.getName(), component.getType(),
          component.getGenericType());
      members.put(property, new Member[] {component.getAccessor(), null});
      properties.add(property);
    }
    return properties;
  }

  private List<RuntimeProperty> beanProperties() {
    boolean hasConstructor = false;
    for (Constructor<?> constructor : type.getDeclaredConstructors()) {
      if (constructor.getParameterCount() == 0 && accessible(constructor)) {
        hasConstructor = true;
      }
    }
    if (!hasConstructor) {
      error(EntityRules.ENTITY_CONSTRUCTOR, EntityRules.constructor(entity));
    }
    List<Class<?>> hierarchy = new ArrayList<>();
    for (Class<?> t = type; t != null && t != Object.class; t = t.getSuperclass()) {
      hierarchy.add(0, t);
    }
    List<Method> methods = new ArrayList<>();
    for (int i = hierarchy.size() - 1; i >= 0; i--) {
      for (Method method : hierarchy.get(i).getDeclaredMethods()) {
        if (!method.isSynthetic() && !method.isBridge() && !Modifier.isStatic(method.getModifiers())
            && accessible(method)) {
          methods.add(method);
        }
      }
    }
    Map<String, RuntimeProperty> properties = new LinkedHashMap<>();
    for (Class<?> declaring : hierarchy) {
      for (Field field : declaring.getDeclaredFields()) {
        int modifiers = field.getModifiers();
        if (Modifier.isStatic(modifiers) || Modifier.isTransient(modifiers) || field.isSynthetic()) {
          continue;
        }
        String name = field.getName();
        Type fieldType = field.getGenericType();
        String capitalized = Character.toUpperCase(name.charAt(0)) + name.substring(1);
        Member getter = null;
        Member setter = null;
        for (Method method : methods) {
          String methodName = method.getName();
          if (getter == null && method.getParameterCount() == 0 && method.getGenericReturnType().equals(fieldType)
              && (methodName.equals("get" + capitalized)
                  || (methodName.equals("is" + capitalized) && field.getType() == boolean.class))) {
            getter = method;
          }
          if (setter == null && method.getParameterCount() == 1 && methodName.equals("set" + capitalized)
              && method.getGenericParameterTypes()[0].equals(fieldType)) {
            setter = method;
          }
        }
        boolean fieldAccessible = accessible(field) && !Modifier.isFinal(modifiers);
        if (getter == null && accessible(field)) {
          getter = field;
        }
        if (setter == null && fieldAccessible) {
          setter = field;
        }
        if (!field.isAnnotationPresent(Transient.class) && (getter == null || setter == null)) {
          error(EntityRules.ENTITY_ACCESSOR, EntityRules.accessor(entity, name, field.getType() == boolean.class,
              getter == null, Modifier.isFinal(modifiers)));
        }
        RuntimeProperty property = property(field, name, field.getType(), fieldType);
        if (getter != null && setter != null) {
          members.put(property, new Member[] {getter, setter});
        }
        properties.put(name, property);
      }
    }
    return new ArrayList<>(properties.values());
  }

  /** As the processor decides: public, or not private and in the entity's package. */
  private boolean accessible(Member member) {
    int modifiers = member.getModifiers();
    if (Modifier.isPublic(modifiers)) {
      return true;
    }
    if (Modifier.isPrivate(modifiers)) {
      return false;
    }
    return member.getDeclaringClass().getPackageName().equals(type.getPackageName());
  }

  private RuntimeProperty property(Field element, String name, Class<?> raw, Type generic) {
    boolean isTransient = element.isAnnotationPresent(Transient.class);
    boolean isJson = element.isAnnotationPresent(Json.class);
    boolean isETag = element.isAnnotationPresent(ETag.class);
    boolean isTimestamp = element.isAnnotationPresent(Timestamp.class);
    int roles = (isTransient ? 1 : 0) + (isJson ? 1 : 0) + (isETag ? 1 : 0) + (isTimestamp ? 1 : 0);
    String typeText = RuntimeProperty.typeText(generic);
    if (roles > 1) {
      error(EntityRules.PROPERTY_ANNOTATIONS, EntityRules.combinedAnnotations(entity, name,
          (isTransient ? "@Transient " : "") + (isJson ? "@Json " : "") + (isETag ? "@ETag " : "")
              + (isTimestamp ? "@Timestamp " : "")));
    }
    RuntimeProperty.Role role = RuntimeProperty.Role.STORED;
    RuntimeProperty.Kind kind = null;
    if (isTransient) {
      role = RuntimeProperty.Role.TRANSIENT;
    } else if (isETag) {
      role = RuntimeProperty.Role.ETAG;
      if (raw != String.class) {
        error(EntityRules.ETAG_TYPE, EntityRules.etagType(entity, name, typeText));
      }
    } else if (isTimestamp) {
      role = RuntimeProperty.Role.TIMESTAMP;
      if (raw != java.time.Instant.class && raw != java.time.OffsetDateTime.class) {
        error(EntityRules.TIMESTAMP_TYPE, EntityRules.timestampType(entity, name, typeText));
      }
    } else if (isJson) {
      kind = RuntimeProperty.Kind.JSON;
      if (raw.isPrimitive()) {
        error(EntityRules.PROPERTY_ANNOTATIONS, EntityRules.primitiveJson(entity, name, typeText));
      }
    } else {
      kind = RuntimeProperty.Kind.of(raw);
      if (kind == null) {
        error(EntityRules.PROPERTY_TYPE, EntityRules.propertyType(entity, name, typeText));
      }
    }
    return new RuntimeProperty(name, element, raw, generic, role, kind);
  }

  /** Stored names: {@code @Property}, else the naming strategy (as the processor's {@code PropertyNames}). */
  private void applyNames(List<RuntimeProperty> properties) {
    String strategy = strategy();
    Map<String, RuntimeProperty> byStoredName = new HashMap<>();
    for (RuntimeProperty property : properties) {
      Property annotation = property.element.getAnnotation(Property.class);
      String storedName = EntityRules.storedName(property.name, strategy);
      if (annotation != null) {
        String explicit = annotation.value();
        if (!property.stored()) {
          error(EntityRules.PROPERTY_NAME, EntityRules.propertyNameNotStored(entity, property.name, explicit,
              property.role == RuntimeProperty.Role.TRANSIENT ? "@Transient"
                  : property.role == RuntimeProperty.Role.ETAG
                      ? "the @ETag, which the store keeps apart from properties"
                      : "the @Timestamp, which the store keeps apart from properties"));
        } else {
          String problem = EntityRules.storedNameProblem(explicit);
          if (problem != null) {
            error(EntityRules.PROPERTY_NAME, EntityRules.explicitPropertyName(entity, property.name, explicit,
                problem));
          }
        }
        storedName = explicit;
      }
      if (property.stored()) {
        RuntimeProperty first = byStoredName.putIfAbsent(storedName, property);
        if (first != null) {
          error(EntityRules.PROPERTY_NAME_DUPLICATE,
              EntityRules.propertyNameDuplicate(entity, property.name, storedName, first.name));
        }
      }
      property.storedName = storedName;
    }
  }

  private String strategy() {
    for (Class<?> c = type; c != null; c = c.getEnclosingClass()) {
      Naming naming = c.getDeclaredAnnotation(Naming.class);
      if (naming != null) {
        return naming.value().name();
      }
    }
    Naming naming = type.getPackage() == null ? null : type.getPackage().getDeclaredAnnotation(Naming.class);
    return naming != null ? naming.value().name() : NamingStrategy.AS_DECLARED.name();
  }

  private void checkProperties(List<RuntimeProperty> properties, int version) {
    RuntimeProperty etag = null;
    RuntimeProperty timestamp = null;
    int stored = 0;
    for (RuntimeProperty property : properties) {
      if (property.role == RuntimeProperty.Role.ETAG) {
        if (etag != null) {
          error(EntityRules.ETAG_DUPLICATE, EntityRules.etagDuplicate(entity, property.name, etag.name));
        }
        etag = property;
      }
      if (property.role == RuntimeProperty.Role.TIMESTAMP) {
        if (timestamp != null) {
          error(EntityRules.TIMESTAMP_DUPLICATE, EntityRules.timestampDuplicate(entity, property.name,
              timestamp.name));
        }
        timestamp = property;
      }
      if (!property.stored()) {
        continue;
      }
      stored++;
      if (property.element.isAnnotationPresent(Property.class)) {
        continue;
      }
      String problem = EntityRules.storedNameProblem(property.storedName);
      if (problem != null) {
        error(EntityRules.PROPERTY_NAME, EntityRules.propertyName(entity, property.name, property.storedName,
            problem));
      }
    }
    int marks = version > 1 ? 2 : 1;
    if (stored + marks > StoreLimits.MAX_PROPERTIES) {
      error(EntityRules.PROPERTY_COUNT, EntityRules.propertyCount(entity, stored, marks > 1));
    }
  }

  // ------------------------------------------------------------------ keys and indexes

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

  private Bound key(List<RuntimeProperty> properties, String template, String keyName) {
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
      String after = template.literalAfter(placeholder.index());
      char separator = after == null ? 0 : after.charAt(0);
      List<String> broken = new ArrayList<>();
      String reason = null;
      for (String constant : enumConstants(property)) {
        int forbidden = StoreLimits.firstForbiddenKeyChar(constant);
        if (forbidden >= 0) {
          broken.add(constant);
          reason = StoreLimits.describeChar(constant.charAt(forbidden)) + ", which keys may not hold";
        } else if (separator != 0 && constant.indexOf(separator) >= 0) {
          broken.add(constant);
          reason = "'" + separator + "', the separator after " + placeholder.text()
              + ", so such keys could not be split back into values";
        }
      }
      if (!broken.isEmpty()) {
        error(EntityRules.KEY_ENUM_CONSTANT, EntityRules.keyEnumConstant(what, entity, property.typeText(),
            placeholder.text(), broken, reason));
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

  private List<Bound> indexes(List<RuntimeProperty> properties, String typeName, Bound rowKey) {
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
