package io.tablemapper.processor;

import io.tablemapper.spi.StoreLimits;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;

/**
 * Decides the stored name of every property of an entity: its {@code @Property} name, else its Java name after the
 * entity's naming strategy ({@code @Naming} on the class, an enclosing class, or its package). Checks the names a
 * {@code @Property} gives and that no two stored properties share a name; the names a strategy derives are checked
 * with every other stored name by {@link EntityAnalyzer}.
 */
final class PropertyNames {
  /** {@code NamingStrategy.AS_DECLARED}. */
  static final String AS_DECLARED = "AS_DECLARED";
  /** {@code NamingStrategy.PASCAL_CASE}. */
  static final String PASCAL_CASE = "PASCAL_CASE";

  private final Annotations annotations;

  PropertyNames(Annotations annotations) {
    this.annotations = annotations;
  }

  /** The properties with their stored names. */
  List<PropertyModel> apply(TypeElement type, List<PropertyModel> properties, List<String> reserved,
      Diagnostics diagnostics) {
    String strategy = strategy(type);
    List<PropertyModel> named = new ArrayList<>(properties.size());
    Map<String, PropertyModel> byStoredName = new HashMap<>();
    for (PropertyModel property : properties) {
      AnnotationMirror mirror = Annotations.find(property.element(), Annotations.PROPERTY);
      String where = "property '" + property.name() + "' of " + type.getSimpleName();
      String storedName = stored(property.name(), strategy);
      if (mirror != null) {
        AnnotationValue value = Annotations.explicit(mirror, "value");
        String explicit = annotations.string(mirror, "value");
        if (!property.stored()) {
          diagnostics.error(property.element(), mirror, null, Ids.PROPERTY_NAME,
              where + " has @Property(\"" + explicit + "\") but is not stored (it is " + describeRole(property)
                  + "); remove @Property");
        } else {
          String problem = StoreLimits.propertyNameProblem(explicit);
          if (problem == null && reserved.contains(explicit)) {
            problem = "property name '" + explicit + "' is reserved by tablemapper (" + String.join(", ", reserved)
                + ")";
          }
          if (problem != null) {
            diagnostics.error(property.element(), mirror, value, Ids.PROPERTY_NAME,
                where + " cannot be stored under @Property(\"" + explicit + "\"): " + problem
                    + "; choose another name");
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
              where + " would be stored as '" + storedName + "', like property '" + first.name() + "'; two"
                  + " properties cannot share a stored name: give one another name with @Property(\"...\")");
        }
      }
      named.add(property.withStorage(storedName, property.defaultValue()));
    }
    return named;
  }

  /** The stored name of a Java property name under a strategy. */
  static String stored(String javaName, String strategy) {
    if (PASCAL_CASE.equals(strategy) && !javaName.isEmpty()) {
      return Character.toUpperCase(javaName.charAt(0)) + javaName.substring(1);
    }
    return javaName;
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
    return AS_DECLARED;
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
