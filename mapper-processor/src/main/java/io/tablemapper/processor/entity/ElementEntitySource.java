package io.tablemapper.processor.entity;

import io.tablemapper.annotations.IndexForm;
import io.tablemapper.annotations.IndexReads;
import io.tablemapper.internal.model.EntitySource;
import io.tablemapper.internal.model.IndexRules;
import io.tablemapper.processor.util.Annotations;
import io.tablemapper.processor.util.DeferException;
import io.tablemapper.processor.util.Diagnostics;
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
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * An {@code @Entity} class as the processor reads it from its element, for the shared {@link
 * io.tablemapper.internal.model.EntityChecker}. Sites of problems are elements (a property's field, an upgrade
 * method), the annotation mirrors of the class (reported on the class), or an {@link Diagnostics.Site}. Not final:
 * {@link JakartaEntitySource} reads a Jakarta entity as one with default keys.
 */
public class ElementEntitySource implements EntitySource<ElementProperty> {
  private final TypeElement type;
  private final Elements elements;
  private final Types types;
  private final Annotations annotations;
  private final PropertyNames names;
  private final AnnotationMirror entity;

  ElementEntitySource(TypeElement type, Elements elements, Types types, Annotations annotations,
      PropertyNames names) {
    this.type = type;
    this.elements = elements;
    this.types = types;
    this.annotations = annotations;
    this.names = names;
    this.entity = Annotations.find(type, Annotations.ENTITY);
  }

  /**
   * An entity class as the processor reads it, with the naming strategy {@code defaultNaming} (a
   * {@code NamingStrategy} name) for classes without {@code @Naming}; for tools and tests that compare front ends.
   */
  public static ElementEntitySource of(TypeElement type, ProcessingEnvironment environment, String defaultNaming) {
    Annotations annotations = new Annotations(environment.getElementUtils());
    return new ElementEntitySource(type, environment.getElementUtils(), environment.getTypeUtils(), annotations,
        new PropertyNames(annotations, defaultNaming));
  }

  TypeElement element() {
    return type;
  }

  @Override
  public String simpleName() {
    return type.getSimpleName().toString();
  }

  @Override
  public Shape shape() {
    String notAClass = type.getKind() == ElementKind.CLASS || type.getKind() == ElementKind.RECORD ? null
        : describeKind(type);
    List<Enclosing> enclosing = new ArrayList<>();
    for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
      TypeElement t = (TypeElement) e;
      enclosing.add(new Enclosing(t.getSimpleName().toString(), t.getModifiers().contains(Modifier.PRIVATE),
          t.getNestingKind() == NestingKind.MEMBER && !t.getModifiers().contains(Modifier.STATIC)
              && t.getKind() == ElementKind.CLASS,
          t.getNestingKind() == NestingKind.LOCAL || t.getNestingKind() == NestingKind.ANONYMOUS));
    }
    return new Shape(notAClass, !type.getTypeParameters().isEmpty(), enclosing);
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

  @Override
  public boolean isRecord() {
    return type.getKind() == ElementKind.RECORD;
  }

  @Override
  public boolean isAbstract() {
    return type.getModifiers().contains(Modifier.ABSTRACT);
  }

  @Override
  public boolean hasNoArgumentConstructor() {
    for (ExecutableElement constructor : ElementFilter.constructorsIn(type.getEnclosedElements())) {
      if (constructor.getParameters().isEmpty() && accessible(constructor)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public List<ConstructorSource> constructors() {
    List<ConstructorSource> constructors = new ArrayList<>();
    if (isRecord()) {
      return constructors;
    }
    for (ExecutableElement constructor : ElementFilter.constructorsIn(type.getEnclosedElements())) {
      if (constructor.getParameters().isEmpty() || !accessible(constructor)) {
        continue;
      }
      List<ParameterSource> parameters = new ArrayList<>();
      ExecutableType executable = (ExecutableType) types.asMemberOf((DeclaredType) type.asType(), constructor);
      for (int i = 0; i < constructor.getParameters().size(); i++) {
        // names as the source declares them (kapt's stubs keep a Kotlin constructor's): javac needs no -parameters
        parameters.add(new ParameterSource(constructor.getParameters().get(i).getSimpleName().toString(),
            executable.getParameterTypes().get(i).toString()));
      }
      constructors.add(new ConstructorSource(List.copyOf(parameters), constructor));
    }
    return constructors;
  }

  @Override
  public Object entitySite() {
    return entity;
  }

  @Override
  public String declaredTable() {
    return annotations.string(entity, "table");
  }

  @Override
  public String declaredType() {
    return annotations.string(entity, "type");
  }

  @Override
  public int version() {
    return annotations.integer(entity, "version");
  }

  @Override
  public Wide wide() {
    AnnotationMirror wide = Annotations.find(type, Annotations.WIDE);
    return wide == null ? null : new Wide(annotations.strings(wide, "head"), wide);
  }

  @Override
  public Cache cache() {
    AnnotationMirror cached = Annotations.find(type, Annotations.CACHED);
    return cached == null ? null : new Cache(annotations.longValue(cached, "maximumSize"),
        annotations.longValue(cached, "expireAfterWriteSeconds"), cached);
  }

  @Override
  public String partitionKey() {
    return template(Annotations.PARTITION_KEY);
  }

  @Override
  public Object partitionKeySite() {
    return Annotations.find(type, Annotations.PARTITION_KEY);
  }

  @Override
  public String rowKey() {
    return template(Annotations.ROW_KEY);
  }

  @Override
  public Object rowKeySite() {
    return Annotations.find(type, Annotations.ROW_KEY);
  }

  private String template(String annotation) {
    AnnotationMirror mirror = Annotations.find(type, annotation);
    return mirror == null ? null : annotations.string(mirror, "value");
  }

  @Override
  public List<IndexRules.Declaration> indexes() {
    List<IndexRules.Declaration> declarations = new ArrayList<>();
    for (AnnotationMirror mirror : annotations.indexes(type)) {
      declarations.add(new IndexRules.Declaration(annotations.string(mirror, "name"),
          annotations.string(mirror, "rowKey"), annotations.string(mirror, "partitionKey"),
          annotations.string(mirror, "table"), annotations.strings(mirror, "properties"),
          IndexForm.valueOf(annotations.enumName(mirror, "form")), annotations.bool(mirror, "unique"),
          Annotations.explicit(mirror, "unique") != null, IndexReads.valueOf(annotations.enumName(mirror, "reads")),
          mirror));
    }
    return declarations;
  }

  @Override
  public List<ElementEntitySource> ancestors() {
    List<ElementEntitySource> ancestors = new ArrayList<>();
    for (TypeElement t = superclass(type); t != null; t = superclass(t)) {
      if (Annotations.has(t, Annotations.ENTITY)) {
        ancestors.add(new ElementEntitySource(t, elements, types, annotations, names));
      }
    }
    return ancestors;
  }

  @Override
  public String namingStrategy() {
    return names.strategy(type);
  }

  // ------------------------------------------------------------------ properties

  @Override
  public List<ElementProperty> properties() {
    return isRecord() ? recordProperties() : beanProperties();
  }

  private List<ElementProperty> recordProperties() {
    List<ElementProperty> properties = new ArrayList<>();
    for (RecordComponentElement component : type.getRecordComponents()) {
      String name = component.getSimpleName().toString();
      // javac (17) gives diagnostics on a record component no position; its implicit field has the component's.
      Element at = component;
      for (VariableElement field : ElementFilter.fieldsIn(type.getEnclosedElements())) {
        if (field.getSimpleName().contentEquals(name) && !field.getModifiers().contains(Modifier.STATIC)) {
          at = field;
        }
      }
      DeferException.ifUnresolved(component.asType());
      properties.add(new ElementProperty(name, at, component.asType(), name + "()", null, false, true, false, null,
          annotations));
    }
    return properties;
  }

  private List<ElementProperty> beanProperties() {
    List<TypeElement> hierarchy = new ArrayList<>();
    for (TypeElement t = type; t != null
        && !t.getQualifiedName().contentEquals("java.lang.Object"); t = superclass(t)) {
      hierarchy.add(0, t);
    }
    List<ExecutableElement> methods = ElementFilter.methodsIn(elements.getAllMembers(type));
    Map<String, ElementProperty> properties = new LinkedHashMap<>();
    for (TypeElement declaring : hierarchy) {
      String declaringStrategy = declaring != type && Annotations.has(declaring, Annotations.ENTITY)
          ? names.strategy(declaring) : null;
      for (VariableElement field : ElementFilter.fieldsIn(declaring.getEnclosedElements())) {
        if (field.getModifiers().contains(Modifier.STATIC) || field.getModifiers().contains(Modifier.TRANSIENT)) {
          continue;
        }
        String name = field.getSimpleName().toString();
        TypeMirror fieldType = types.asMemberOf((DeclaredType) type.asType(), field);
        DeferException.ifUnresolved(fieldType);
        String capitalized = Character.toUpperCase(name.charAt(0)) + name.substring(1);
        String getter = null;
        String setter = null;
        for (ExecutableElement method : methods) {
          if (method.getModifiers().contains(Modifier.STATIC) || !accessible(method)) {
            continue;
          }
          String methodName = method.getSimpleName().toString();
          ExecutableType executable = (ExecutableType) types.asMemberOf((DeclaredType) type.asType(), method);
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
        boolean finalField = field.getModifiers().contains(Modifier.FINAL);
        boolean setterIsMethod = setter != null;
        if (getter == null && accessible(field)) {
          getter = name;
        }
        if (setter == null && accessible(field) && !finalField) {
          setter = name;
        }
        properties.put(name, new ElementProperty(name, field, fieldType, getter, setter, setterIsMethod, false,
            finalField, declaringStrategy, annotations));
      }
    }
    return new ArrayList<>(properties.values());
  }

  private TypeElement superclass(TypeElement t) {
    TypeMirror superclass = t.getSuperclass();
    return superclass.getKind() == TypeKind.DECLARED ? (TypeElement) types.asElement(superclass) : null;
  }

  /** Public, or not private and in the entity's package. */
  private boolean accessible(Element member) {
    if (member.getModifiers().contains(Modifier.PUBLIC)) {
      return true;
    }
    if (member.getModifiers().contains(Modifier.PRIVATE)) {
      return false;
    }
    PackageElement memberPackage = elements.getPackageOf(member);
    return memberPackage.equals(elements.getPackageOf(type));
  }

  // ------------------------------------------------------------------ upgrade methods

  @Override
  public List<UpgradeMethod> upgradeMethods() {
    List<UpgradeMethod> found = new ArrayList<>();
    TypeMirror map = types.getDeclaredType(elements.getTypeElement("java.util.Map"),
        elements.getTypeElement("java.lang.String").asType(), elements.getTypeElement("java.lang.Object").asType());
    TypeMirror unchecked = elements.getTypeElement("java.lang.RuntimeException").asType();
    TypeMirror error = elements.getTypeElement("java.lang.Error").asType();
    for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
      if (!Annotations.has(method, Annotations.UPGRADE)) {
        continue;
      }
      List<String> parameters = new ArrayList<>();
      method.getParameters().forEach(p -> parameters.add(p.asType().toString()));
      boolean fit = method.getParameters().size() == 2
          && method.getParameters().get(0).asType().getKind() == TypeKind.INT
          && types.isSameType(method.getParameters().get(1).asType(), map);
      String checked = null;
      for (TypeMirror thrown : method.getThrownTypes()) {
        if (checked == null && !types.isSubtype(thrown, unchecked) && !types.isSubtype(thrown, error)) {
          checked = thrown.toString();
        }
      }
      found.add(new UpgradeMethod(method.getSimpleName().toString(), method,
          method.getModifiers().contains(Modifier.STATIC), method.getModifiers().contains(Modifier.PRIVATE),
          method.getReturnType().getKind() == TypeKind.VOID ? null : method.getReturnType().toString(),
          !method.getTypeParameters().isEmpty(), parameters, fit, checked));
    }
    return found;
  }
}
