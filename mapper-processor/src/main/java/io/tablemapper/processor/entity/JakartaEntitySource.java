package io.tablemapper.processor.entity;

import io.tablemapper.processor.util.Annotations;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * A Jakarta entity, a class annotated {@code jakarta.nosql.Entity} or {@code jakarta.persistence.Entity} (found by
 * name: neither API need be on the path) and not tablemapper's {@code @Entity}, read with a default key layout:
 *
 * <ul>
 *   <li>table: the class's simple name;
 *   <li>PartitionKey: the constant simple name of the class (or the class's own tablemapper {@code @PartitionKey});
 *   <li>RowKey: {@code {id}}, the one {@code @Id} property in its order-preserving encoding (or the class's own
 *       {@code @RowKey}), so a condition or an order on the id is a range of one partition.
 * </ul>
 *
 * <p>One partition per type holds every entity: a read by id is a POINT, a range of ids a RANGE, and every other
 * query a PARTITION_SCAN rather than a scan of the table; the cost is the guide's hot partition (one partition
 * serves some thousands of operations a second), which a tablemapper {@code @PartitionKey} on the class lifts.
 * Properties are the {@code @Id} and {@code @Column} fields of a {@code jakarta.nosql} entity (the NoSQL rule: an
 * unannotated field is not persistent), and every non-static field not {@code transient} or
 * {@code jakarta.persistence.Transient} of a {@code jakarta.persistence}-only one; a {@code boolean} field named
 * {@code isX} is reached through {@code isX()}/{@code setX(...)} as JavaBeans name them.
 */
final class JakartaEntitySource extends ElementEntitySource {
  private final TypeElement type;
  private final boolean nosql;

  JakartaEntitySource(TypeElement type, Elements elements, Types types, Annotations annotations,
      PropertyNames names) {
    super(type, elements, types, annotations, names);
    this.type = type;
    this.nosql = Annotations.has(type, Annotations.NOSQL_ENTITY);
  }

  /** Whether a class is a Jakarta entity that this front end reads: Jakarta's annotation, not tablemapper's. */
  static boolean isJakartaEntity(TypeElement type) {
    return !Annotations.has(type, Annotations.ENTITY) && (Annotations.has(type, Annotations.NOSQL_ENTITY)
        || Annotations.has(type, Annotations.PERSISTENCE_ENTITY));
  }

  /**
   * The {@code @Id} fields of a Jakarta entity that declares no tablemapper {@code @RowKey}: its RowKey is its one
   * {@code @Id}, so another number of them is an error of the repository that stores it.
   */
  static List<String> ids(TypeElement type) {
    List<String> ids = new ArrayList<>();
    for (Element field : ElementFilter.fieldsIn(type.getEnclosedElements())) {
      if (isId(field)) {
        ids.add(field.getSimpleName().toString());
      }
    }
    return ids;
  }

  @Override
  public Object entitySite() {
    return null;
  }

  @Override
  public String declaredTable() {
    return "";
  }

  @Override
  public String declaredType() {
    return "";
  }

  @Override
  public int version() {
    return 1;
  }

  @Override
  public Wide wide() {
    return null;
  }

  @Override
  public String partitionKey() {
    String declared = super.partitionKey();
    return declared != null ? declared : type.getSimpleName().toString();
  }

  @Override
  public String rowKey() {
    String declared = super.rowKey();
    if (declared != null) {
      return declared;
    }
    List<String> ids = ids(type);
    // no @Id, or several: the repository that stores the entity reports it (EntityAnalyzer.jakartaIdProblem)
    return ids.size() == 1 ? "{" + ids.get(0) + "}" : type.getSimpleName().toString().toLowerCase(Locale.ROOT);
  }

  @Override
  public List<ElementEntitySource> ancestors() {
    return List.of();
  }

  @Override
  public List<ElementProperty> properties() {
    List<ElementProperty> properties = new ArrayList<>();
    for (ElementProperty property : super.properties()) {
      Element field = property.element();
      if (nosql ? !isId(field) && !Annotations.has(field, Annotations.NOSQL_COLUMN)
          : Annotations.has(field, Annotations.PERSISTENCE_TRANSIENT)) {
        continue;
      }
      properties.add(withBooleanAccessors(property));
    }
    return properties;
  }

  private static boolean isId(Element field) {
    return Annotations.has(field, Annotations.NOSQL_ID) || Annotations.has(field, Annotations.PERSISTENCE_ID);
  }

  /** A {@code boolean isX} field with the JavaBeans accessors {@code isX()} and {@code setX(boolean)}. */
  private ElementProperty withBooleanAccessors(ElementProperty property) {
    String name = property.name();
    if (property.type().getKind() != TypeKind.BOOLEAN || name.length() < 3 || !name.startsWith("is")
        || !Character.isUpperCase(name.charAt(2)) || property.getter() != null && property.setter() != null) {
      return property;
    }
    String getter = property.getter();
    String setter = property.setter();
    boolean setterIsMethod = property.setterIsMethod();
    for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
      if (method.getModifiers().contains(Modifier.STATIC) || method.getModifiers().contains(Modifier.PRIVATE)) {
        continue;
      }
      String methodName = method.getSimpleName().toString();
      if (getter == null && methodName.equals(name) && method.getParameters().isEmpty()
          && method.getReturnType().getKind() == TypeKind.BOOLEAN) {
        getter = methodName + "()";
      }
      if (setter == null && methodName.equals("set" + name.substring(2)) && method.getParameters().size() == 1
          && method.getParameters().get(0).asType().getKind() == TypeKind.BOOLEAN) {
        setter = methodName;
        setterIsMethod = true;
      }
    }
    return new ElementProperty(name, property.element(), property.type(), getter, setter, setterIsMethod,
        property.record(), property.finalField(), property.declaringStrategy(), property.annotations());
  }
}
