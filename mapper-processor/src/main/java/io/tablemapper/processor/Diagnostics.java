package io.tablemapper.processor;

import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;

/**
 * Reports diagnostics on the most specific element available (an annotation value, a parameter, a method, a
 * record component), each prefixed with its stable id, and remembers whether an error was reported, so that a
 * type with errors is not generated.
 */
final class Diagnostics {
  private final Messager messager;
  private final java.util.List<String> collected = new java.util.ArrayList<>();
  private int errors;

  Diagnostics(Messager messager) {
    this.messager = messager;
  }

  /** Diagnostics that are kept instead of printed: for types compiled elsewhere, whose problems are reported where they are used. */
  static Diagnostics collecting() {
    return new Diagnostics(null);
  }

  /** The errors kept by a {@link #collecting()} instance. */
  java.util.List<String> collected() {
    return collected;
  }

  /** The number of errors reported so far. */
  int errorCount() {
    return errors;
  }

  void error(Element element, String id, String message) {
    errors++;
    if (messager == null) {
      collected.add(format(id, message));
      return;
    }
    messager.printMessage(Diagnostic.Kind.ERROR, format(id, message), element);
  }

  void error(Element element, AnnotationMirror annotation, AnnotationValue value, String id, String message) {
    errors++;
    if (messager == null) {
      collected.add(format(id, message));
    } else if (annotation == null) {
      messager.printMessage(Diagnostic.Kind.ERROR, format(id, message), element);
    } else if (value == null) {
      messager.printMessage(Diagnostic.Kind.ERROR, format(id, message), element, annotation);
    } else {
      messager.printMessage(Diagnostic.Kind.ERROR, format(id, message), element, annotation, value);
    }
  }

  void warning(Element element, String id, String message) {
    if (messager == null) {
      return;
    }
    messager.printMessage(Diagnostic.Kind.MANDATORY_WARNING, format(id, message), element);
  }

  void warning(Element element, AnnotationMirror annotation, AnnotationValue value, String id, String message) {
    if (messager == null) {
      return;
    }
    if (annotation == null) {
      warning(element, id, message);
    } else if (value == null) {
      messager.printMessage(Diagnostic.Kind.MANDATORY_WARNING, format(id, message), element, annotation);
    } else {
      messager.printMessage(Diagnostic.Kind.MANDATORY_WARNING, format(id, message), element, annotation, value);
    }
  }

  private static String format(String id, String message) {
    return "[" + id + "] " + message;
  }
}
