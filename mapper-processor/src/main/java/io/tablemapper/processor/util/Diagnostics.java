package io.tablemapper.processor.util;

import io.tablemapper.internal.model.Problem;
import io.tablemapper.internal.model.Problems;
import io.tablemapper.internal.model.Rule;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * Reports diagnostics on the most specific element available (an annotation value, a parameter, a method, a
 * record component), each prefixed with its stable id, and remembers whether an error was reported, so that a
 * type with errors is not generated. A warning is not reported where the element, or one enclosing it, carries
 * {@code @SuppressWarnings("tablemapper:<Id>")}.
 */
public final class Diagnostics {
  private final Messager messager;
  private final AnnotationTrees trees;
  private final List<String> collected = new ArrayList<>();
  /** Where a {@link #demoting} instance keeps the errors it printed as warnings; else null. */
  private final List<String> demoted;
  private int errors;

  public Diagnostics(Messager messager, AnnotationTrees trees) {
    this(messager, trees, null);
  }

  private Diagnostics(Messager messager, AnnotationTrees trees, List<String> demoted) {
    this.messager = messager;
    this.trees = trees;
    this.demoted = demoted;
  }

  /**
   * Diagnostics whose errors are printed as warnings, each kept in {@code into} with its id: for a Jakarta Data
   * method compiled, on request, to one that throws what the error says (their warnings still print).
   */
  public Diagnostics demoting(List<String> into) {
    return new Diagnostics(messager, trees, into);
  }

  /**
   * Diagnostics that are kept instead of printed: for types compiled elsewhere, whose problems are reported where
   * they are used.
   */
  public static Diagnostics collecting() {
    return new Diagnostics(null, null);
  }

  /** The errors kept by a {@link #collecting()} instance. */
  public List<String> collected() {
    return collected;
  }

  /** The number of errors reported so far. */
  public int errorCount() {
    return errors;
  }

  public void error(Element element, Rule rule, String message) {
    errors++;
    if (demoted != null) {
      demoted.add(format(rule, message));
      messager.printMessage(Diagnostic.Kind.MANDATORY_WARNING, format(rule, message), element);
      return;
    }
    if (messager == null) {
      collected.add(format(rule, message));
      return;
    }
    messager.printMessage(Diagnostic.Kind.ERROR, format(rule, message), element);
  }

  /**
   * Reports an error on {@code preferred} when it is declared in a source file of this compilation, else on
   * {@code fallback}: a record component compiled elsewhere has no position to point at, the method using it has.
   */
  public void error(Element preferred, Element fallback, Rule rule, String message) {
    error(trees != null && trees.inSource(preferred) ? preferred : fallback, rule, message);
  }

  public void error(Element element, AnnotationMirror annotation, AnnotationValue value, Rule rule, String message) {
    if (demoted != null) {
      error(element, rule, message);
      return;
    }
    errors++;
    if (messager == null) {
      collected.add(format(rule, message));
    } else if (trees.report(Diagnostic.Kind.ERROR, format(rule, message), element, annotation, value)) {
      return;
    } else if (annotation == null) {
      messager.printMessage(Diagnostic.Kind.ERROR, format(rule, message), element);
    } else if (value == null) {
      messager.printMessage(Diagnostic.Kind.ERROR, format(rule, message), element, annotation);
    } else {
      messager.printMessage(Diagnostic.Kind.ERROR, format(rule, message), element, annotation, value);
    }
  }

  public void warning(Element element, Rule rule, String message) {
    if (messager == null || suppressed(element, rule)) {
      return;
    }
    messager.printMessage(Diagnostic.Kind.MANDATORY_WARNING, format(rule, message), element);
  }

  public void warning(Element element, AnnotationMirror annotation, AnnotationValue value, Rule rule, String message) {
    if (messager == null || suppressed(element, rule)
        || trees.report(Diagnostic.Kind.MANDATORY_WARNING, format(rule, message), element, annotation, value)) {
      return;
    }
    if (annotation == null) {
      warning(element, rule, message);
    } else if (value == null) {
      messager.printMessage(Diagnostic.Kind.MANDATORY_WARNING, format(rule, message), element, annotation);
    } else {
      messager.printMessage(Diagnostic.Kind.MANDATORY_WARNING, format(rule, message), element, annotation, value);
    }
  }

  /**
   * The entity rules' view of these diagnostics for one entity. A site is an element (a property's field, a method),
   * an annotation of the entity, or an {@link Site}; a problem goes on the attribute the rules
   * name, else on the annotation, else on the element; a null site is the entity.
   */
  public Problems problems(TypeElement type) {
    return (site, attribute, problem) -> report(type, site, attribute, problem);
  }

  /** Reports a problem of a rule with its rule's id and severity, on the site it names or else on {@code type}. */
  public void report(TypeElement type, Object site, String attribute, Problem problem) {
    Rule rule = problem.rule();
    String message = problem.message();
    boolean error = problem.rule().severity() == Rule.Severity.ERROR;
    Element element = type;
    AnnotationMirror annotation = null;
    if (site instanceof Element) {
      element = (Element) site;
    } else if (site instanceof Site) {
      element = ((Site) site).element();
      annotation = ((Site) site).annotation();
    } else if (site != null) {
      annotation = (AnnotationMirror) site;
    }
    AnnotationValue value = annotation == null || attribute == null ? null : Annotations.explicit(annotation,
        attribute);
    if (error && annotation == null) {
      error(element, rule, message);
    } else if (error) {
      error(element, annotation, value, rule, message);
    } else {
      warning(element, annotation, value, rule, message);
    }
  }

  /**
   * Whether the element or one that encloses it says {@code @SuppressWarnings("tablemapper:<id>")}: the user has
   * seen the warning and decided it is deliberate.
   */
  private static boolean suppressed(Element element, Rule rule) {
    String key = rule.suppressionKey();
    for (Element e = element; e != null; e = e.getEnclosingElement()) {
      SuppressWarnings annotation = e.getAnnotation(SuppressWarnings.class);
      if (annotation != null && Arrays.asList(annotation.value()).contains(key)) {
        return true;
      }
      if (e.getKind() == ElementKind.PACKAGE) {
        break;
      }
    }
    return false;
  }

  private static String format(Rule rule, String message) {
    return rule.problem(message).toString();
  }

  /**
   * An annotation on an element, a site of problems with the annotation: where the entity rules' problems with an
   * annotation of a property go.
   *
   * @param element the annotated element
   * @param annotation the annotation
   */
  public record Site(Element element, AnnotationMirror annotation) {}
}
