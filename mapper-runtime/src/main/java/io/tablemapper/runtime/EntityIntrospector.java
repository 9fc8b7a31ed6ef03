package io.tablemapper.runtime;

import io.tablemapper.annotations.Cached;
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
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.internal.mapping.JsonType;
import io.tablemapper.internal.model.EntityRules;
import io.tablemapper.internal.model.PropertyKind;
import io.tablemapper.internal.model.PropertyRole;
import io.tablemapper.spi.StoreLimits;
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
import java.util.Map;

/**
 * Reads an {@code @Entity} class compiled without the annotation processor into a {@link RuntimeMapping}: the same
 * rules the processor checks, in the same order and with the same messages ({@link EntityRules}), and the same
 * model; where the processor generates source, this generates accessors ({@link Accessors}). A class that breaks
 * rules is refused with one {@link InvalidEntityException} listing every broken rule as {@code [Id] message}.
 *
 * <p>Hierarchies follow the processor's rules too ({@link RuntimeInheritance}); an abstract class gets a mapping
 * that refuses to write or read rows of its own. The mapping of a subtype joins its ancestors' hierarchies where
 * {@link GeneratedCode} builds it ({@link Hierarchy#join}).
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
    boolean abstractType = Modifier.isAbstract(type.getModifiers());
    RuntimeInheritance inheritance = new RuntimeInheritance(type, problems);
    String table = inheritance.table();
    if (!StoreLimits.isValidTableName(table)) {
      error(EntityRules.ENTITY_TABLE_NAME, EntityRules.tableName(entity, table));
    }
    String typeName = RuntimeInheritance.typeName(type);
    if (!EntityRules.validTypeName(typeName)) {
      error(EntityRules.ENTITY_TYPE_NAME, EntityRules.typeName(entity, typeName));
    }
    inheritance.checkType(typeName);
    int version = annotation.version();
    if (version < 1) {
      error(EntityRules.ENTITY_VERSION, EntityRules.version(entity, version));
    }
    Cached cached = type.getDeclaredAnnotation(Cached.class);
    if (cached != null && cached.maximumSize() < 1) {
      error(EntityRules.CACHED_ARGUMENTS, EntityRules.cachedSize(entity, cached.maximumSize()));
    }
    if (cached != null && cached.expireAfterWriteSeconds() < 1) {
      error(EntityRules.CACHED_ARGUMENTS, EntityRules.cachedExpiry(entity, cached.expireAfterWriteSeconds()));
    }

    List<RuntimeProperty> properties = record ? recordProperties() : beanProperties(abstractType);
    applyNames(properties);
    SchemaDefaults defaults = new SchemaDefaults(type, problems);
    defaults.read(properties);
    checkProperties(properties, version);

    boolean subtype = inheritance.subtype();
    if (subtype) {
      inheritance.checkKeysAndIndexes();
    }
    RuntimeKeys keys = new RuntimeKeys(type, problems);
    Class<?> rowKeyOwner = inheritance.keyOwner(RowKey.class);
    RuntimeKeys.Bound partitionKey = keys.key(properties,
        RuntimeInheritance.keyValue(inheritance.keyOwner(PartitionKey.class), PartitionKey.class), "PartitionKey");
    RuntimeKeys.Bound rowKey = rowKeyOwner == null && abstractType
        ? null // its concrete subtypes declare their RowKeys
        : keys.key(properties, RuntimeInheritance.keyValue(rowKeyOwner, RowKey.class), "RowKey");
    List<RuntimeKeys.Bound> indexes = List.of();
    boolean indexed = type.getDeclaredAnnotationsByType(Index.class).length > 0;
    if (rowKeyOwner == null && abstractType && !subtype && indexed) {
      error(EntityRules.ENTITY_INHERITED_INDEX, EntityRules.inheritedIndex(entity, null, entity));
    } else if (!subtype) {
      indexes = keys.indexes(properties, typeName, rowKey);
    }
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
      if (property.kind == PropertyKind.JSON) {
        property.json = new JsonType<Object>(entity, property.name, property.genericType) {};
      }
    }
    List<IndexMapping<T>> indexMappings = new ArrayList<>();
    for (RuntimeKeys.Bound index : indexes) {
      indexMappings.add(new IndexMapping<T>(typeName, index.indexName, index.spec, index.copied,
          RuntimeMapping.indexRowKey(index.spec, index.properties)));
    }
    return new RuntimeMapping<>(entityClass, table, typeName, version, partitionKey.spec,
        rowKey == null ? null : rowKey.spec, partitionKey.properties, rowKey == null ? List.of() : rowKey.properties,
        indexMappings, properties, record,
        abstractType ? null : Accessors.instantiator(constructor(record)),
        upgrade == null ? null : Accessors.upgrader(upgrade));
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

  private List<RuntimeProperty> beanProperties(boolean abstractType) {
    boolean hasConstructor = false;
    for (Constructor<?> constructor : type.getDeclaredConstructors()) {
      if (constructor.getParameterCount() == 0 && accessible(constructor)) {
        hasConstructor = true;
      }
    }
    if (!hasConstructor && !abstractType) {
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
    PropertyRole role = PropertyRole.STORED;
    PropertyKind kind = null;
    if (isTransient) {
      role = PropertyRole.TRANSIENT;
    } else if (isETag) {
      role = PropertyRole.ETAG;
      if (raw != String.class) {
        error(EntityRules.ETAG_TYPE, EntityRules.etagType(entity, name, typeText));
      }
    } else if (isTimestamp) {
      role = PropertyRole.TIMESTAMP;
      if (raw != java.time.Instant.class && raw != java.time.OffsetDateTime.class) {
        error(EntityRules.TIMESTAMP_TYPE, EntityRules.timestampType(entity, name, typeText));
      }
    } else if (isJson) {
      kind = PropertyKind.JSON;
      if (raw.isPrimitive()) {
        error(EntityRules.PROPERTY_ANNOTATIONS, EntityRules.primitiveJson(entity, name, typeText));
      }
    } else {
      kind = RuntimeProperty.kindOf(raw);
      if (kind == null) {
        error(EntityRules.PROPERTY_TYPE, EntityRules.propertyType(entity, name, typeText));
      }
    }
    return new RuntimeProperty(name, element, raw, generic, role, kind);
  }

  /** Stored names: {@code @Property}, else the naming strategy (as the processor's {@code PropertyNames}). */
  private void applyNames(List<RuntimeProperty> properties) {
    String strategy = strategy(type);
    Map<String, RuntimeProperty> byStoredName = new HashMap<>();
    for (RuntimeProperty property : properties) {
      Property annotation = property.element.getAnnotation(Property.class);
      String storedName = EntityRules.storedName(property.name, strategyOf(property, strategy));
      if (annotation != null) {
        String explicit = annotation.value();
        if (!property.stored()) {
          error(EntityRules.PROPERTY_NAME, EntityRules.propertyNameNotStored(entity, property.name, explicit,
              property.role == PropertyRole.TRANSIENT ? "@Transient"
                  : property.role == PropertyRole.ETAG
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

  /**
   * The naming strategy of a property: its entity's, except for a property declared in an {@code @Entity}
   * superclass, which keeps the name that class gives it (as the processor's {@code PropertyNames}).
   */
  private String strategyOf(RuntimeProperty property, String entityStrategy) {
    Class<?> declaring = ((Member) property.element).getDeclaringClass();
    return declaring != type && declaring.isAnnotationPresent(Entity.class) ? strategy(declaring) : entityStrategy;
  }

  /** A class's strategy: the nearest {@code @Naming} on it, an enclosing class, or its package. */
  private static String strategy(Class<?> type) {
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
      if (property.role == PropertyRole.ETAG) {
        if (etag != null) {
          error(EntityRules.ETAG_DUPLICATE, EntityRules.etagDuplicate(entity, property.name, etag.name));
        }
        etag = property;
      }
      if (property.role == PropertyRole.TIMESTAMP) {
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
}
