package io.tablemapper.processor.entity;

import io.tablemapper.internal.model.Rule;
import io.tablemapper.processor.util.Annotations;
import io.tablemapper.processor.util.Diagnostics;
import java.util.List;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;

/**
 * Finds the naming strategy of an entity class: {@code @Naming} on the class, an enclosing class, or its package;
 * else the {@value #OPTION} processor option; else as declared. The stored names it gives, and every rule about
 * them, are decided by the shared {@link io.tablemapper.internal.model.EntityChecker}.
 */
public final class PropertyNames {
  /** {@code NamingStrategy.AS_DECLARED}. */
  static final String AS_DECLARED = "AS_DECLARED";
  /** {@code NamingStrategy.PASCAL_CASE}. */
  static final String PASCAL_CASE = "PASCAL_CASE";
  /** The processor option naming the strategy of entities without {@code @Naming}. */
  public static final String OPTION = "tablemapper.naming";

  private final Annotations annotations;
  private final String defaultStrategy;

  PropertyNames(Annotations annotations, String defaultStrategy) {
    this.annotations = annotations;
    this.defaultStrategy = defaultStrategy;
  }

  /** The strategy the {@value #OPTION} option names, reporting a value that names none; as declared without it. */
  public static String defaultStrategy(ProcessingEnvironment environment, Diagnostics diagnostics) {
    String value = environment.getOptions().get(OPTION);
    if (value == null) {
      return AS_DECLARED;
    }
    if (!value.equals(AS_DECLARED) && !value.equals(PASCAL_CASE)) {
      diagnostics.error(null, Rule.NAMING_OPTION,
          "-A" + OPTION + "=" + value + " names no naming strategy; use " + AS_DECLARED + " or " + PASCAL_CASE
              + " (the constants of io.tablemapper.annotations.NamingStrategy)");
      return AS_DECLARED;
    }
    return value;
  }

  /**
   * The compilation's default strategy when it names some of an entity's properties — no {@code @Naming} governs
   * the class or one of its {@code @Entity} superclasses — else null: what the generated mapping records, so that
   * a mapper built with another default naming refuses the class instead of storing other names than it expects.
   */
  String defaultedStrategy(TypeElement type, List<TypeElement> entityAncestors) {
    if (explicit(type) == null) {
      return defaultStrategy;
    }
    for (TypeElement ancestor : entityAncestors) {
      if (explicit(ancestor) == null) {
        return defaultStrategy;
      }
    }
    return null;
  }

  /** The entity's strategy: the nearest {@code @Naming} on it, an enclosing class, or its package. */
  String strategy(TypeElement type) {
    String explicit = explicit(type);
    return explicit != null ? explicit : defaultStrategy;
  }

  /** The strategy the nearest {@code @Naming} on a class, an enclosing class, or its package names; null for none. */
  private String explicit(TypeElement type) {
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
    return null;
  }
}
