package io.tablemapper.processor;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import io.tablemapper.internal.key.KeyType;
import io.tablemapper.internal.model.BoundKey;
import io.tablemapper.internal.model.EntityRules;
import io.tablemapper.internal.model.KeyBinder;
import io.tablemapper.internal.model.PropertyKind;
import io.tablemapper.internal.model.PropertyRole;
import io.tablemapper.spi.StoreLimits;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Reads an {@code @Entity} class into an {@link EntityModel}, reporting every problem on the element that causes
 * it. Returns null when the entity has errors, so nothing is generated for it.
 */
final class EntityAnalyzer {
  private static final List<String> RESERVED = EntityRules.RESERVED;

  private final Elements elements;
  private final Types types;
  private final Annotations annotations;
  private final SchemaEvolution evolution;
  private final PropertyNames names;

  /** An analyzer whose entities without {@code @Naming} follow {@code defaultNaming} (a NamingStrategy name). */
  EntityAnalyzer(ProcessingEnvironment environment, String defaultNaming) {
    this.elements = environment.getElementUtils();
    this.types = environment.getTypeUtils();
    this.annotations = new Annotations(elements);
    this.evolution = new SchemaEvolution(elements, types, annotations);
    this.names = new PropertyNames(annotations, defaultNaming);
  }

  /**
   * Analyzes an entity.
   *
   * @return the model, or null when an error was reported
   * @throws DeferException if the entity refers to a type that does not exist yet
   */
  EntityModel analyze(TypeElement type, Diagnostics diagnostics) {
    int errorsBefore = diagnostics.errorCount();
    AnnotationMirror entity = Annotations.find(type, Annotations.ENTITY);
    if (!checkKind(type, diagnostics)) {
      return null;
    }
    boolean record = type.getKind() == ElementKind.RECORD;
    deferIfUnresolved(type, record);
    String simpleName = type.getSimpleName().toString();

    List<TypeElement> ancestors = entityAncestors(type);
    TypeElement parent = ancestors.isEmpty() ? null : ancestors.get(0);
    String table = annotations.string(entity, "table");
    if (parent != null) {
      String inherited = table(parent);
      if (!table.isEmpty() && !table.equalsIgnoreCase(inherited)) {
        diagnostics.error(type, entity, Annotations.explicit(entity, "table"), Ids.ENTITY_INHERITED_TABLE,
            EntityRules.inheritedTable(simpleName, table, parent.getSimpleName().toString(), inherited));
      }
      table = inherited;
    } else if (table.isEmpty()) {
      table = simpleName;
    }
    if (!StoreLimits.isValidTableName(table)) {
      diagnostics.error(type, entity, Annotations.explicit(entity, "table"), Ids.ENTITY_TABLE_NAME,
          EntityRules.tableName(simpleName, table));
    }
    String typeName = annotations.string(entity, "type");
    if (typeName.isEmpty()) {
      typeName = simpleName;
    }
    if (!EntityRules.validTypeName(typeName)) {
      diagnostics.error(type, entity, Annotations.explicit(entity, "type"), Ids.ENTITY_TYPE_NAME,
          EntityRules.typeName(simpleName, typeName));
    }
    for (TypeElement ancestor : ancestors) {
      if (typeName(ancestor).equals(typeName)) {
        diagnostics.error(type, entity, Annotations.explicit(entity, "type"), Ids.ENTITY_INHERITED_TYPE,
            EntityRules.inheritedType(simpleName, typeName, ancestor.getSimpleName().toString()));
      }
    }
    int version = annotations.integer(entity, "version");
    if (version < 1) {
      diagnostics.error(type, entity, Annotations.explicit(entity, "version"), Ids.ENTITY_VERSION,
          EntityRules.version(simpleName, version));
    }
    checkCached(type, simpleName, diagnostics);

    List<PropertyModel> properties = record ? recordProperties(type, diagnostics) : beanProperties(type, diagnostics);
    properties = names.apply(type, properties, RESERVED, diagnostics);
    properties = evolution.withDefaults(type, properties, diagnostics);
    checkProperties(type, properties, version, diagnostics);

    if (parent != null) {
      checkInherited(type, ancestors, diagnostics);
    }
    KeyModel partitionKey = key(type, ancestors, properties, Annotations.PARTITION_KEY, "PartitionKey",
        "PARTITION_KEY_SPEC", "partitionKey", diagnostics);
    if (partitionKey != null && partitionKey.template().isConstant()) {
      diagnostics.warning(type, partitionKey.annotation(), partitionKey.value(), Ids.PARTITION_KEY_CONSTANT,
          "@PartitionKey of " + simpleName + " is the literal '" + partitionKey.template() + "': every " + simpleName
              + " lands in that one partition, which serves all their reads and writes alone and cannot be spread"
              + " (the guide's prepend/append anti-pattern); compose it from a property that spreads the load, for"
              + " example @PartitionKey(\"{region}\"), or add @SuppressWarnings(\""
              + Diagnostics.suppressionKey(Ids.PARTITION_KEY_CONSTANT) + "\") if " + simpleName
              + " is small reference data");
    }
    boolean abstractType = type.getModifiers().contains(Modifier.ABSTRACT);
    TypeElement rowKeyOwner = keyOwner(type, ancestors, Annotations.ROW_KEY);
    KeyModel rowKey = rowKeyOwner == null && abstractType
        ? null // its concrete subtypes declare their RowKeys
        : key(type, ancestors, properties, Annotations.ROW_KEY, "RowKey", "ROW_KEY_SPEC", "rowKey", diagnostics);
    List<EntityModel.IndexModel> indexes = List.of();
    if (rowKeyOwner == null && abstractType && parent == null && !annotations.indexes(type).isEmpty()) {
      diagnostics.error(type, annotations.indexes(type).get(0), null, Ids.ENTITY_INHERITED_INDEX,
          EntityRules.inheritedIndex(simpleName, null, simpleName));
    } else if (parent == null) {
      indexes = IndexAnalyzer.analyze(annotations, type, typeName, properties, rowKey, diagnostics);
    }

    evolution.checkKeyDefaults(type, properties, partitionKey, rowKey, diagnostics);
    String upgradeMethod = evolution.upgradeMethod(type, version, diagnostics);

    if (diagnostics.errorCount() > errorsBefore) {
      return null;
    }
    return new EntityModel(type, ClassName.get(type), record, table, typeName, version, properties, partitionKey,
        rowKey, indexes, upgradeMethod, abstractType, binaryNames(ancestors),
        rowKeyOwner == null ? null : elements.getBinaryName(rowKeyOwner).toString());
  }

  // ------------------------------------------------------------------ hierarchies

  /** The {@code @Entity} superclasses of a class, nearest first. */
  private List<TypeElement> entityAncestors(TypeElement type) {
    List<TypeElement> ancestors = new ArrayList<>();
    for (TypeElement t = superclass(type); t != null; t = superclass(t)) {
      if (Annotations.has(t, Annotations.ENTITY)) {
        ancestors.add(t);
      }
    }
    return ancestors;
  }

  /** The table of an entity class: its own {@code @Entity(table)}, its nearest entity ancestor's, or its name. */
  private String table(TypeElement type) {
    String table = annotations.string(Annotations.find(type, Annotations.ENTITY), "table");
    if (!table.isEmpty()) {
      return table;
    }
    List<TypeElement> ancestors = entityAncestors(type);
    return ancestors.isEmpty() ? type.getSimpleName().toString() : table(ancestors.get(0));
  }

  private String typeName(TypeElement type) {
    String typeName = annotations.string(Annotations.find(type, Annotations.ENTITY), "type");
    return typeName.isEmpty() ? type.getSimpleName().toString() : typeName;
  }

  /**
   * The rules of a subtype: it inherits its root's PartitionKey template unchanged (so a partition holds every
   * subtype), and the RowKey template of the ancestor that declares one, if any (so a query of that class reaches
   * every subtype); only a subtype of classes that declare none declares its own. No entity of a hierarchy
   * declares indexes (the copies of one type's index could not be told from another's through the root's queries).
   */
  private void checkInherited(TypeElement type, List<TypeElement> ancestors, Diagnostics diagnostics) {
    String name = type.getSimpleName().toString();
    TypeElement root = ancestors.get(ancestors.size() - 1);
    String parent = ancestors.get(0).getSimpleName().toString();
    AnnotationMirror partitionKey = Annotations.find(type, Annotations.PARTITION_KEY);
    if (partitionKey != null) {
      diagnostics.error(type, partitionKey, Annotations.explicit(partitionKey, "value"), Ids.ENTITY_INHERITED_KEY,
          EntityRules.inheritedPartitionKey(name, parent, root.getSimpleName().toString()));
    }
    AnnotationMirror rowKey = Annotations.find(type, Annotations.ROW_KEY);
    TypeElement declaring = keyOwner(ancestors.get(0), entityAncestors(ancestors.get(0)), Annotations.ROW_KEY);
    if (rowKey != null && declaring != null) {
      diagnostics.error(type, rowKey, Annotations.explicit(rowKey, "value"), Ids.ENTITY_INHERITED_KEY,
          EntityRules.inheritedRowKey(name, parent, declaring.getSimpleName().toString(),
              annotations.string(Annotations.find(declaring, Annotations.ROW_KEY), "value")));
    }
    for (TypeElement t : prepend(type, ancestors)) {
      for (String annotation : List.of(Annotations.INDEX, Annotations.INDEXES)) {
        AnnotationMirror index = Annotations.find(t, annotation);
        if (index != null) {
          diagnostics.error(type, t == type ? index : null, null, Ids.ENTITY_INHERITED_INDEX,
              EntityRules.inheritedIndex(name, t == type ? null : t.getSimpleName().toString(),
                  root.getSimpleName().toString()));
        }
      }
    }
  }

  private static List<TypeElement> prepend(TypeElement first, List<TypeElement> rest) {
    List<TypeElement> all = new ArrayList<>(rest.size() + 1);
    all.add(first);
    all.addAll(rest);
    return all;
  }

  private List<String> binaryNames(List<TypeElement> types) {
    List<String> names = new ArrayList<>(types.size());
    for (TypeElement t : types) {
      names.add(elements.getBinaryName(t).toString());
    }
    return names;
  }

  // ------------------------------------------------------------------ the class itself

  private boolean checkKind(TypeElement type, Diagnostics diagnostics) {
    String name = type.getSimpleName().toString();
    if (type.getKind() != ElementKind.CLASS && type.getKind() != ElementKind.RECORD) {
      diagnostics.error(type, Ids.ENTITY_KIND, EntityRules.notAClass(name, describeKind(type)));
      return false;
    }
    if (!type.getTypeParameters().isEmpty()) {
      diagnostics.error(type, Ids.ENTITY_KIND, EntityRules.generic(name));
      return false;
    }
    for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
      TypeElement enclosing = (TypeElement) e;
      if (enclosing.getModifiers().contains(Modifier.PRIVATE)) {
        diagnostics.error(type, Ids.ENTITY_KIND,
            EntityRules.privateClass(name, enclosing == type ? null : enclosing.getSimpleName().toString()));
        return false;
      }
      if (enclosing.getNestingKind() == NestingKind.MEMBER && !enclosing.getModifiers().contains(Modifier.STATIC)
          && enclosing.getKind() == ElementKind.CLASS) {
        diagnostics.error(type, Ids.ENTITY_KIND, EntityRules.innerClass(name, enclosing.getSimpleName().toString()));
        return false;
      }
      if (enclosing.getNestingKind() == NestingKind.LOCAL || enclosing.getNestingKind() == NestingKind.ANONYMOUS) {
        diagnostics.error(type, Ids.ENTITY_KIND, EntityRules.localClass(name));
        return false;
      }
    }
    return true;
  }

  /** Defers the entity, before anything is reported, when a property or superclass is not generated yet. */
  private void deferIfUnresolved(TypeElement type, boolean record) {
    if (record) {
      for (RecordComponentElement component : type.getRecordComponents()) {
        DeferException.ifUnresolved(component.asType());
      }
      return;
    }
    for (TypeElement t = type; t != null; t = superclass(t)) {
      DeferException.ifUnresolved(t.getSuperclass());
      for (VariableElement field : ElementFilter.fieldsIn(t.getEnclosedElements())) {
        if (!field.getModifiers().contains(Modifier.STATIC)) {
          DeferException.ifUnresolved(field.asType());
        }
      }
    }
  }

  private static String describeKind(TypeElement type) {
    switch (type.getKind()) {
      case INTERFACE:
        return "an interface";
      case ENUM:
        return "an enum";
      case ANNOTATION_TYPE:
        return "an annotation type";
      default:
        return "a " + type.getKind().name().toLowerCase(Locale.ROOT);
    }
  }

  // ------------------------------------------------------------------ properties

  private List<PropertyModel> recordProperties(TypeElement type, Diagnostics diagnostics) {
    List<PropertyModel> properties = new ArrayList<>();
    for (RecordComponentElement component : type.getRecordComponents()) {
      String name = component.getSimpleName().toString();
      // javac (17) gives diagnostics on a record component no position; its implicit field has the component's.
      Element at = component;
      for (VariableElement field : ElementFilter.fieldsIn(type.getEnclosedElements())) {
        if (field.getSimpleName().contentEquals(name) && !field.getModifiers().contains(Modifier.STATIC)) {
          at = field;
        }
      }
      properties.add(property(type, at, name, component.asType(), name + "()", null, false, diagnostics));
    }
    return properties;
  }

  private List<PropertyModel> beanProperties(TypeElement type, Diagnostics diagnostics) {
    boolean hasConstructor = false;
    for (ExecutableElement constructor : ElementFilter.constructorsIn(type.getEnclosedElements())) {
      if (constructor.getParameters().isEmpty() && accessible(constructor, type)) {
        hasConstructor = true;
      }
    }
    if (!hasConstructor && !type.getModifiers().contains(Modifier.ABSTRACT)) {
      diagnostics.error(type, Ids.ENTITY_CONSTRUCTOR, EntityRules.constructor(type.getSimpleName().toString()));
    }
    List<TypeElement> hierarchy = new ArrayList<>();
    for (TypeElement t = type; t != null && !t.getQualifiedName().contentEquals("java.lang.Object"); t = superclass(t)) {
      hierarchy.add(0, t);
    }
    List<ExecutableElement> methods = ElementFilter.methodsIn(elements.getAllMembers(type));
    Map<String, PropertyModel> properties = new LinkedHashMap<>();
    for (TypeElement declaring : hierarchy) {
      for (VariableElement field : ElementFilter.fieldsIn(declaring.getEnclosedElements())) {
        if (field.getModifiers().contains(Modifier.STATIC) || field.getModifiers().contains(Modifier.TRANSIENT)) {
          continue;
        }
        String name = field.getSimpleName().toString();
        TypeMirror fieldType = types.asMemberOf((DeclaredType) type.asType(), field);
        String capitalized = Character.toUpperCase(name.charAt(0)) + name.substring(1);
        String getter = null;
        String setter = null;
        for (ExecutableElement method : methods) {
          if (method.getModifiers().contains(Modifier.STATIC) || !accessible(method, type)) {
            continue;
          }
          String methodName = method.getSimpleName().toString();
          TypeMirror methodType = types.asMemberOf((DeclaredType) type.asType(), method);
          javax.lang.model.type.ExecutableType executable = (javax.lang.model.type.ExecutableType) methodType;
          if (method.getParameters().isEmpty() && types.isSameType(executable.getReturnType(), fieldType)
              && (methodName.equals("get" + capitalized)
                  || (methodName.equals("is" + capitalized) && fieldType.getKind() == TypeKind.BOOLEAN))) {
            getter = methodName + "()";
          }
          if (method.getParameters().size() == 1 && methodName.equals("set" + capitalized)
              && types.isSameType(executable.getParameterTypes().get(0), fieldType)) {
            setter = methodName;
          }
        }
        boolean fieldAccessible = accessible(field, type) && !field.getModifiers().contains(Modifier.FINAL);
        boolean setterIsMethod = setter != null;
        if (getter == null && accessible(field, type)) {
          getter = name;
        }
        if (setter == null && fieldAccessible) {
          setter = name;
        }
        boolean notStored = Annotations.has(field, Annotations.TRANSIENT);
        if (!notStored && (getter == null || setter == null)) {
          diagnostics.error(field, Ids.ENTITY_ACCESSOR,
              EntityRules.accessor(type.getSimpleName().toString(), name, fieldType.getKind() == TypeKind.BOOLEAN,
                  getter == null, field.getModifiers().contains(Modifier.FINAL)));
        }
        properties.put(name, property(type, field, name, fieldType, getter, setter, setterIsMethod, diagnostics));
      }
    }
    return new ArrayList<>(properties.values());
  }

  private TypeElement superclass(TypeElement type) {
    TypeMirror superclass = type.getSuperclass();
    return superclass.getKind() == TypeKind.DECLARED ? (TypeElement) types.asElement(superclass) : null;
  }

  private boolean accessible(Element member, TypeElement from) {
    if (member.getModifiers().contains(Modifier.PUBLIC)) {
      return true;
    }
    if (member.getModifiers().contains(Modifier.PRIVATE)) {
      return false;
    }
    PackageElement memberPackage = elements.getPackageOf(member);
    return memberPackage.equals(elements.getPackageOf(from));
  }

  private PropertyModel property(
      TypeElement owner, Element element, String name, TypeMirror type, String getter, String setter,
      boolean setterIsMethod, Diagnostics diagnostics) {
    DeferException.ifUnresolved(type);
    boolean isTransient = Annotations.has(element, Annotations.TRANSIENT);
    boolean isJson = Annotations.has(element, Annotations.JSON);
    boolean isETag = Annotations.has(element, Annotations.ETAG);
    boolean isTimestamp = Annotations.has(element, Annotations.TIMESTAMP);
    int roles = (isTransient ? 1 : 0) + (isJson ? 1 : 0) + (isETag ? 1 : 0) + (isTimestamp ? 1 : 0);
    String entity = owner.getSimpleName().toString();
    if (roles > 1) {
      diagnostics.error(element, Ids.PROPERTY_ANNOTATIONS,
          EntityRules.combinedAnnotations(entity, name, (isTransient ? "@Transient " : "") + (isJson ? "@Json " : "")
              + (isETag ? "@ETag " : "") + (isTimestamp ? "@Timestamp " : "")));
    }
    PropertyRole role = PropertyRole.STORED;
    PropertyKind kind = null;
    if (isTransient) {
      role = PropertyRole.TRANSIENT;
    } else if (isETag) {
      role = PropertyRole.ETAG;
      if (!PropertyModel.isDeclared(type, "java.lang.String")) {
        diagnostics.error(element, Ids.ETAG_TYPE, EntityRules.etagType(entity, name, type.toString()));
      }
    } else if (isTimestamp) {
      role = PropertyRole.TIMESTAMP;
      if (!PropertyModel.isDeclared(type, "java.time.Instant")
          && !PropertyModel.isDeclared(type, "java.time.OffsetDateTime")) {
        diagnostics.error(element, Ids.TIMESTAMP_TYPE, EntityRules.timestampType(entity, name, type.toString()));
      }
    } else if (isJson) {
      kind = PropertyKind.JSON;
      if (type.getKind().isPrimitive()) {
        diagnostics.error(element, Ids.PROPERTY_ANNOTATIONS, EntityRules.primitiveJson(entity, name, type.toString()));
      }
    } else {
      kind = PropertyKind.of(canonicalName(type), isEnum(type));
      if (kind == null) {
        diagnostics.error(element, Ids.PROPERTY_TYPE, EntityRules.propertyType(entity, name, type.toString()));
      }
    }
    KeyType keyType = null;
    if (role == PropertyRole.STORED && kind != PropertyKind.JSON) {
      keyType = KeyType.forTypeName(canonicalName(type), isEnum(type));
    }
    return new PropertyModel(name, element, type, TypeName.get(type), role, kind, keyType, getter, setter,
        setterIsMethod);
  }

  private boolean isEnum(TypeMirror type) {
    return type.getKind() == TypeKind.DECLARED && types.asElement(type).getKind() == ElementKind.ENUM;
  }

  /** A type as source writes it without type arguments: {@code int}, {@code byte[]}, {@code java.lang.String}. */
  private String canonicalName(TypeMirror type) {
    if (type.getKind().isPrimitive()) {
      return type.toString();
    }
    if (type.getKind() == TypeKind.ARRAY) {
      return canonicalName(((javax.lang.model.type.ArrayType) type).getComponentType()) + "[]";
    }
    if (type.getKind() == TypeKind.DECLARED) {
      return ((TypeElement) types.asElement(type)).getQualifiedName().toString();
    }
    return type.toString();
  }

  private void checkProperties(TypeElement type, List<PropertyModel> properties, int version,
      Diagnostics diagnostics) {
    PropertyModel etag = null;
    PropertyModel timestamp = null;
    int stored = 0;
    for (PropertyModel property : properties) {
      String entity = type.getSimpleName().toString();
      if (property.role() == PropertyRole.ETAG) {
        if (etag != null) {
          diagnostics.error(property.element(), Ids.ETAG_DUPLICATE,
              EntityRules.etagDuplicate(entity, property.name(), etag.name()));
        }
        etag = property;
      }
      if (property.role() == PropertyRole.TIMESTAMP) {
        if (timestamp != null) {
          diagnostics.error(property.element(), Ids.TIMESTAMP_DUPLICATE,
              EntityRules.timestampDuplicate(entity, property.name(), timestamp.name()));
        }
        timestamp = property;
      }
      if (!property.stored()) {
        continue;
      }
      stored++;
      if (Annotations.has(property.element(), Annotations.PROPERTY)) {
        continue; // PropertyNames checked the name it gives
      }
      String storedName = property.storedName();
      String problem = EntityRules.storedNameProblem(storedName);
      if (problem != null) {
        diagnostics.error(property.element(), Ids.PROPERTY_NAME,
            EntityRules.propertyName(entity, property.name(), storedName, problem));
      }
    }
    int marks = version > 1 ? 2 : 1;
    if (stored + marks > StoreLimits.MAX_PROPERTIES) {
      diagnostics.error(type, Ids.PROPERTY_COUNT,
          EntityRules.propertyCount(type.getSimpleName().toString(), stored, marks > 1));
    }
  }

  // ------------------------------------------------------------------ keys and indexes

  private KeyModel key(
      TypeElement type, List<TypeElement> ancestors, List<PropertyModel> properties, String annotation,
      String keyName, String specConstant, String composeMethod, Diagnostics diagnostics) {
    TypeElement owner = keyOwner(type, ancestors, annotation);
    String simpleName = annotation.substring(annotation.lastIndexOf('.') + 1);
    if (owner == null) {
      diagnostics.error(type, Ids.ENTITY_MISSING_KEY,
          EntityRules.missingKey(type.getSimpleName().toString(), simpleName));
      return null;
    }
    AnnotationMirror mirror = Annotations.find(owner, annotation);
    BoundKey<PropertyModel> key = KeyBinder.bind(type.getSimpleName().toString(), properties,
        annotations.string(mirror, "value"), "@" + simpleName, mirror, "value", diagnostics.problems(type));
    return key == null ? null
        : new KeyModel(keyName, key, specConstant, composeMethod, mirror, Annotations.explicit(mirror, "value"));
  }

  /**
   * The class whose key template of this kind an entity has: its own, else its nearest {@code @Entity} ancestor
   * that declares one; null if none does. A subtype's own {@code @PartitionKey} is not used (only the root declares
   * it; {@link #checkInherited} reports it); its own {@code @RowKey} is.
   */
  private static TypeElement keyOwner(TypeElement type, List<TypeElement> ancestors, String annotation) {
    if ((ancestors.isEmpty() || annotation.equals(Annotations.ROW_KEY)) && Annotations.find(type, annotation) != null) {
      return type;
    }
    for (TypeElement ancestor : ancestors) {
      if (Annotations.find(ancestor, annotation) != null) {
        return ancestor;
      }
    }
    return null;
  }

  static String upperSnake(String name) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (Character.isUpperCase(c) && i > 0 && !Character.isUpperCase(name.charAt(i - 1))) {
        text.append('_');
      }
      text.append(Character.toUpperCase(c));
    }
    return text.toString();
  }

  /** {@code @Cached}: the cache holds at least one read, and a cached read expires after at least one second. */
  private void checkCached(TypeElement type, String simpleName, Diagnostics diagnostics) {
    AnnotationMirror cached = Annotations.find(type, Annotations.CACHED);
    if (cached == null) {
      return;
    }
    long maximumSize = annotations.longValue(cached, "maximumSize");
    if (maximumSize < 1) {
      diagnostics.error(type, cached, Annotations.explicit(cached, "maximumSize"), Ids.CACHED_ARGUMENTS,
          EntityRules.cachedSize(simpleName, maximumSize));
    }
    long expiry = annotations.longValue(cached, "expireAfterWriteSeconds");
    if (expiry < 1) {
      diagnostics.error(type, cached, Annotations.explicit(cached, "expireAfterWriteSeconds"), Ids.CACHED_ARGUMENTS,
          EntityRules.cachedExpiry(simpleName, expiry));
    }
  }
}
