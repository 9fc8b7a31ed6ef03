package io.tablemapper.processor.repository;

import io.tablemapper.internal.model.Rule;
import io.tablemapper.internal.model.Suggestions;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.entity.PropertyModel;
import io.tablemapper.processor.planning.MethodNameParser;
import io.tablemapper.processor.planning.Operator;
import io.tablemapper.processor.util.Annotations;
import io.tablemapper.processor.util.Diagnostics;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.util.ElementFilter;

/**
 * The query a Jakarta Data {@code @Find} method (or an {@code @Delete} of parameters) declares by its annotations:
 * each parameter an equality condition on the property its {@code @By} (or its name) names, joined by {@code And},
 * ordered by its {@code @OrderBy} annotations; what a derived name of the same conditions would parse to, for
 * {@link QueryMethodAnalyzer} to plan. Annotation values are read from their mirrors, by name.
 */
final class JakartaFindQueries {
  private JakartaFindQueries() {}

  /** The query a {@code @Find} (or parameter {@code @Delete}) method's parameters and {@code @OrderBy} say. */
  static MethodNameParser.Result of(
      String signature, ExecutableElement method, ExecutableType type, EntityModel entity,
      MethodNameParser.Action action, List<PropertyModel> keys, Diagnostics diagnostics) {
    List<String> names = new ArrayList<>();
    entity.properties().forEach(property -> names.add(property.name()));
    List<MethodNameParser.Term> terms = new ArrayList<>();
    List<? extends VariableElement> parameters = method.getParameters();
    for (int i = 0; i < parameters.size(); i++) {
      VariableElement parameter = parameters.get(i);
      if (JakartaClientQueries.isClientParameter(type.getParameterTypes().get(i))) {
        continue; // a PageRequest, or what the client steps take (Sort, Order, Limit)
      }
      AnnotationMirror by = Annotations.find(parameter, Annotations.JAKARTA_BY);
      String property = by != null ? (String) value(by, "value") : parameter.getSimpleName().toString();
      if (property.equals("id(this)")) {
        if (keys.size() != 1) {
          diagnostics.error(parameter, Rule.JAKARTA_KEY_TYPE, signature + ": @By(By.ID) names the key of "
              + entity.simpleName() + ", which is " + keys.size() + " properties; name each with @By");
          return null;
        }
        property = keys.get(0).name();
      }
      if (entity.property(property) == null) {
        diagnostics.error(parameter, Rule.QUERY_UNKNOWN_PROPERTY, signature + ": parameter '"
            + parameter.getSimpleName() + "' names '" + property + "', which is not a property of "
            + entity.simpleName() + Suggestions.didYouMean(property, names) + "; name the property with @By");
        return null;
      }
      terms.add(new MethodNameParser.Term(property, Operator.EQUAL));
    }
    List<MethodNameParser.Order> ordering = new ArrayList<>();
    for (AnnotationMirror order : orderBy(method)) {
      String property = (String) value(order, "value");
      if (entity.property(property) == null) {
        diagnostics.error(method, Rule.QUERY_UNKNOWN_PROPERTY, signature + ": @OrderBy(\"" + property + "\") names"
            + " no property of " + entity.simpleName() + Suggestions.didYouMean(property, names));
        return null;
      }
      if ((Boolean) value(order, "ignoreCase")) {
        diagnostics.error(method, Rule.QUERY_ORDER, signature + ": @OrderBy(ignoreCase = true) asks for an order"
            + " no key gives (keys sort by their exact text); remove ignoreCase");
        return null;
      }
      ordering.add(new MethodNameParser.Order(property, (Boolean) value(order, "descending")));
    }
    return MethodNameParser.Result.of(action, 0, terms, ordering);
  }

  /** The method's {@code @OrderBy} annotations in order, written repeatedly or in their container. */
  private static List<AnnotationMirror> orderBy(ExecutableElement method) {
    List<AnnotationMirror> found = new ArrayList<>();
    for (AnnotationMirror mirror : method.getAnnotationMirrors()) {
      String name = ((TypeElement) mirror.getAnnotationType().asElement()).getQualifiedName().toString();
      if (name.equals(Annotations.JAKARTA_ORDER_BY)) {
        found.add(mirror);
      } else if (name.equals(Annotations.JAKARTA_ORDER_BY_LIST)) {
        for (Object each : (List<?>) value(mirror, "value")) {
          found.add((AnnotationMirror) ((AnnotationValue) each).getValue());
        }
      }
    }
    return found;
  }

  /** An annotation's value of this name, its default included. */
  private static Object value(AnnotationMirror mirror, String name) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry
        : mirror.getElementValues().entrySet()) {
      if (entry.getKey().getSimpleName().contentEquals(name)) {
        return entry.getValue().getValue();
      }
    }
    for (ExecutableElement element
        : ElementFilter.methodsIn(mirror.getAnnotationType().asElement().getEnclosedElements())) {
      if (element.getSimpleName().contentEquals(name) && element.getDefaultValue() != null) {
        return element.getDefaultValue().getValue();
      }
    }
    throw new IllegalStateException("@" + mirror.getAnnotationType() + " has no value " + name);
  }
}
