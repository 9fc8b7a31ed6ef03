package io.tablemapper.processor;

import io.tablemapper.internal.model.EntityRules;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;

/**
 * Decides the stored name of every property of an entity: its {@code @Property} name, else its Java name after the
 * entity's naming strategy ({@code @Naming} on the class, an enclosing class, or its package; else the
 * {@value #OPTION} processor option; else as declared). Checks the names a
 * {@code @Property} gives and that no two stored properties share a name; the names a strategy derives are checked
 * with every other stored name by {@link EntityAnalyzer}.
 */
final class PropertyNames {
  /** {@code NamingStrategy.AS_DECLARED}. */
  static final String AS_DECLARED = "AS_DECLARED";
  /** {@code NamingStrategy.PASCAL_CASE}. */
  static final String PASCAL_CASE = "PASCAL_CASE";
  /** The processor option naming the strategy of entities without {@code @Naming}. */
  static final String OPTION = "tablemapper.naming";

  private final Annotations annotations;
  private final String defaultStrategy;

  PropertyNames(Annotations annotations, String defaultStrategy) {
    this.annotations = annotations;
    this.defaultStrategy = defaultStrategy;
  }

  /** The strategy the {@value #OPTION} option names, reporting a value that names none; as declared without it. */
  static String defaultStrategy(ProcessingEnvironment environment, Diagnostics diagnostics) {
    String value = environment.getOptions().get(OPTION);
    if (value == null) {
      return AS_DECLARED;
    }
    if (!value.equals(AS_DECLARED) && !value.equals(PASCAL_CASE)) {
      diagnostics.error(null, Ids.NAMING_OPTION,
          "-A" + OPTION + "=" + value + " names no naming strategy; use " + AS_DECLARED + " or " + PASCAL_CASE
              + " (the constants of io.tablemapper.annotations.NamingStrategy)");
      return AS_DECLARED;
    }
    return value;
  }

  /** The properties with their stored names. */
  List<PropertyModel> apply(TypeElement type, List<PropertyModel> properties, List<String> reserved,
      Diagnostics diagnostics) {
    String strategy = strategy(type);
    List<PropertyModel> named = new ArrayList<>(properties.size());
    Map<String, PropertyModel> byStoredName = new HashMap<>();
    for (PropertyModel property : properties) {
      AnnotationMirror mirror = Annotations.find(property.element(), Annotations.PROPERTY);
      String entity = type.getSimpleName().toString();
      String storedName = stored(property.name(), strategyOf(type, property, strategy));
      if (mirror != null) {
        AnnotationValue value = Annotations.explicit(mirror, "value");
        String explicit = annotations.string(mirror, "value");
        if (!property.stored()) {
          diagnostics.error(property.element(), mirror, null, Ids.PROPERTY_NAME,
              EntityRules.propertyNameNotStored(entity, property.name(), explicit, describeRole(property)));
        } else {
          String problem = EntityRules.storedNameProblem(explicit);
          if (problem != null) {
            diagnostics.error(property.element(), mirror, value, Ids.PROPERTY_NAME,
                EntityRules.explicitPropertyName(entity, property.name(), explicit, problem));
          }
        }
        storedName = explicit;
      }
      if (property.stored()) {
        PropertyModel first = byStoredName.putIfAbsent(storedName, property);
        if (first != null) {
          Element at = property.element();
          diagnostics.error(at, mirror, mirror == null ? null : Annotations.explicit(mirror, "value"),
              Ids.PROPERTY_NAME_DUPLICATE,
              EntityRules.propertyNameDuplicate(entity, property.name(), storedName, first.name()));
        }
      }
      named.add(property.withStorage(storedName, property.defaultValue()));
    }
    return named;
  }

  /**
   * The naming strategy of a property: its entity's, except for a property declared in an {@code @Entity}
   * superclass, which keeps the name that class gives it (so a query of the root finds it in every subtype's rows).
   */
  private String strategyOf(TypeElement type, PropertyModel property, String entityStrategy) {
    Element declaring = property.element().getEnclosingElement();
    return declaring instanceof TypeElement && declaring != type && Annotations.has(declaring, Annotations.ENTITY)
        ? strategy((TypeElement) declaring)
        : entityStrategy;
  }

  /** The stored name of a Java property name under a strategy. */
  static String stored(String javaName, String strategy) {
    return EntityRules.storedName(javaName, strategy);
  }

  /** The entity's strategy: the nearest {@code @Naming} on it, an enclosing class, or its package. */
  String strategy(TypeElement type) {
    for (Element e = type; e != null; e = e.getEnclosingElement()) {
      AnnotationMirror naming = Annotations.find(e, Annotations.NAMING);
      if (naming != null) {
        Object value = annotations.explicitOrDefault(naming, "value").getValue();
        return value instanceof VariableElement ? ((VariableElement) value).getSimpleName().toString() : AS_DECLARED;
      }
      if (e.getKind() == ElementKind.PACKAGE) {
        break;
      }
    }
    return defaultStrategy;
  }

  private static String describeRole(PropertyModel property) {
    switch (property.role()) {
      case TRANSIENT:
        return "@Transient";
      case ETAG:
        return "the @ETag, which the store keeps apart from properties";
      default:
        return "the @Timestamp, which the store keeps apart from properties";
    }
  }
}
