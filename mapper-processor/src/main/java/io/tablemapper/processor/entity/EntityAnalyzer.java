package io.tablemapper.processor.entity;

import com.palantir.javapoet.ClassName;
import io.tablemapper.internal.model.BoundKey;
import io.tablemapper.internal.model.CheckedEntity;
import io.tablemapper.internal.model.CheckedProperty;
import io.tablemapper.internal.model.EntityChecker;
import io.tablemapper.internal.model.EntitySource;
import io.tablemapper.internal.model.IndexRules;
import io.tablemapper.processor.util.Annotations;
import io.tablemapper.processor.util.DeferException;
import io.tablemapper.processor.util.Diagnostics;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Reads an {@code @Entity} class into an {@link EntityModel}: the shared {@link EntityChecker} decides every rule
 * over the class's elements ({@link ElementEntitySource}), each problem reported on the element that causes it, and
 * the model adds what generated code needs. Returns null when the entity has errors, so nothing is generated for it.
 */
public final class EntityAnalyzer {
  private final Elements elements;
  private final Types types;
  private final Annotations annotations;
  private final PropertyNames names;

  /** An analyzer whose entities without {@code @Naming} follow {@code defaultNaming} (a NamingStrategy name). */
  public EntityAnalyzer(ProcessingEnvironment environment, String defaultNaming) {
    this.elements = environment.getElementUtils();
    this.types = environment.getTypeUtils();
    this.annotations = new Annotations(elements);
    this.names = new PropertyNames(annotations, defaultNaming);
  }

  /**
   * Analyzes an entity.
   *
   * @return the model, or null when an error was reported
   * @throws DeferException if the entity refers to a type that does not exist yet
   */
  public EntityModel analyze(TypeElement type, Diagnostics diagnostics) {
    if (type.getKind() == ElementKind.CLASS || type.getKind() == ElementKind.RECORD) {
      deferIfUnresolved(type, type.getKind() == ElementKind.RECORD);
    }
    ElementEntitySource source = JakartaEntitySource.isJakartaEntity(type)
        ? new JakartaEntitySource(type, elements, types, annotations, names)
        : new ElementEntitySource(type, elements, types, annotations, names);
    CheckedEntity<ElementProperty> checked = EntityChecker.check(source, diagnostics.problems(type));
    if (checked == null) {
      return null;
    }
    Map<CheckedProperty<ElementProperty>, PropertyModel> models = new IdentityHashMap<>();
    List<PropertyModel> properties = new ArrayList<>();
    for (CheckedProperty<ElementProperty> property : checked.properties()) {
      ElementProperty p = property.source();
      PropertyModel model = new PropertyModel(p.name(), p.element(), p.type(), p.typeName(), property.role(),
          property.kind(), property.keyType(), p.getter(), p.setter(), p.setterIsMethod(), property.storedName(),
          property.defaultText(), property.encrypted(), property.large());
      models.put(property, model);
      properties.add(model);
    }
    KeyModel partitionKey = key("PartitionKey", checked.partitionKey(), checked.partitionKeyOwner(), false,
        "PARTITION_KEY_SPEC", "partitionKey", models);
    KeyModel rowKey = checked.rowKey() == null ? null : key("RowKey", checked.rowKey(), checked.rowKeyOwner(), true,
        "ROW_KEY_SPEC", "rowKey", models);
    List<EntityModel.IndexModel> indexes = new ArrayList<>();
    for (IndexRules.BoundIndex<CheckedProperty<ElementProperty>> index : checked.indexes()) {
      AnnotationMirror mirror = (AnnotationMirror) index.site();
      String name = index.name();
      KeyModel key = new KeyModel("index " + name + " RowKey", bound(index.rowKey(), models),
          "INDEX_" + upperSnake(name) + "_SPEC", name + "IndexRowKey", mirror, Annotations.explicit(mirror, "rowKey"));
      KeyModel partition = !index.remote() ? null : new KeyModel("index " + name + " PartitionKey",
          bound(index.partitionKey(), models), "INDEX_" + upperSnake(name) + "_PARTITION_KEY_SPEC",
          name + "IndexPartitionKey", mirror, Annotations.explicit(mirror, "partitionKey"));
      indexes.add(new EntityModel.IndexModel(name, index.table(), partition, key, index.properties(),
          index.form(), index.unique(), index.copyReads()));
    }
    List<String> ancestors = new ArrayList<>();
    List<TypeElement> ancestorElements = new ArrayList<>();
    for (EntitySource<?> ancestor : checked.ancestors()) {
      ancestors.add(binaryName(ancestor));
      ancestorElements.add(((ElementEntitySource) ancestor).element());
    }
    List<PropertyModel> constructorArguments = null;
    if (checked.constructed()) {
      constructorArguments = new ArrayList<>();
      for (String name : checked.constructorParameters()) {
        constructorArguments.add(PropertyModel.named(properties, name));
      }
      constructorArguments = List.copyOf(constructorArguments);
    }
    return new EntityModel(type, ClassName.get(type), constructorArguments, checked.table(), checked.typeName(),
        checked.version(), properties, partitionKey, rowKey, indexes,
        checked.upgrade() == null ? null : checked.upgrade().name(), checked.abstractType(), ancestors,
        checked.rowKeyOwner() == null ? null : binaryName(checked.rowKeyOwner()), checked.wideHead(),
        names.defaultedStrategy(type, ancestorElements), checked.cache());
  }

  private static KeyModel key(String description, BoundKey<CheckedProperty<ElementProperty>> key,
      EntitySource<?> owner, boolean rowKey, String specConstant, String composeMethod,
      Map<CheckedProperty<ElementProperty>, PropertyModel> models) {
    AnnotationMirror mirror = (AnnotationMirror) (rowKey ? owner.rowKeySite() : owner.partitionKeySite());
    return new KeyModel(description, bound(key, models), specConstant, composeMethod, mirror,
        mirror == null ? null : Annotations.explicit(mirror, "value")); // null: a Jakarta entity's default key
  }

  private static BoundKey<PropertyModel> bound(BoundKey<CheckedProperty<ElementProperty>> key,
      Map<CheckedProperty<ElementProperty>, PropertyModel> models) {
    List<PropertyModel> properties = new ArrayList<>();
    for (CheckedProperty<ElementProperty> property : key.properties()) {
      properties.add(models.get(property));
    }
    return new BoundKey<>(key.template(), List.copyOf(properties));
  }

  private String binaryName(EntitySource<?> source) {
    return elements.getBinaryName(((ElementEntitySource) source).element()).toString();
  }

  /** Whether a class is an entity this analyzer reads: tablemapper's {@code @Entity}, or a Jakarta entity. */
  public static boolean isEntity(TypeElement type) {
    return Annotations.has(type, Annotations.ENTITY) || JakartaEntitySource.isJakartaEntity(type);
  }

  /**
   * Why a Jakarta entity cannot be mapped with its default keys: it has not exactly one {@code @Id} and declares no
   * {@code @RowKey}; null when it can, or when it is tablemapper's {@code @Entity}.
   */
  public static String jakartaIdProblem(TypeElement type) {
    if (!JakartaEntitySource.isJakartaEntity(type) || Annotations.has(type, Annotations.ROW_KEY)) {
      return null;
    }
    List<String> ids = JakartaEntitySource.ids(type);
    return ids.size() == 1 ? null : type.getSimpleName() + " has " + (ids.isEmpty() ? "no @Id field"
        : ids.size() + " @Id fields (" + String.join(", ", ids) + ")") + ", but tablemapper maps a Jakarta entity's"
        + " one @Id as its RowKey; declare one @Id (a record of several is not a key tablemapper reads), or"
        + " declare @PartitionKey and @RowKey templates on it";
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

  private TypeElement superclass(TypeElement type) {
    TypeMirror superclass = type.getSuperclass();
    return superclass.getKind() == TypeKind.DECLARED ? (TypeElement) types.asElement(superclass) : null;
  }

  /** A Java name as a constant's: {@code employeeId} → {@code EMPLOYEE_ID}. */
  public static String upperSnake(String name) {
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
}
