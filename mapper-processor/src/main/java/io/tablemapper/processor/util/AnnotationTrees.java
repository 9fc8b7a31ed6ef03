package io.tablemapper.processor.util;

import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * Places a diagnostic on an annotation that javac's {@code Messager} cannot find: one of several repeated
 * annotations ({@code @Index} written twice), which the compiler wraps in a container ({@code @Indexes}) that has no
 * place in the source. It walks the source tree of the element instead (javac's Tree API) and reports on the n-th
 * annotation of that type, on the attribute's value where given. Where the Tree API is not available (a build tool
 * that wraps the processing environment), it does nothing and the caller reports on the element.
 */
public final class AnnotationTrees {
  private final Trees trees;

  private AnnotationTrees(Trees trees) {
    this.trees = trees;
  }

  /** The positions finder of this compilation, or one that always declines when javac's Tree API is unavailable. */
  public static AnnotationTrees of(ProcessingEnvironment environment) {
    try {
      return new AnnotationTrees(Trees.instance(environment));
    } catch (RuntimeException | LinkageError e) {
      return new AnnotationTrees(null);
    }
  }

  /**
   * Whether an element is declared in a source file of this compilation (not read from a class file): whether its
   * type is, as javac's Tree API has no path to some members (a record's components and their implicit fields).
   */
  boolean inSource(Element element) {
    Element type = element;
    while (type != null && !(type instanceof TypeElement)) {
      type = type.getEnclosingElement();
    }
    try {
      return trees != null && type != null && trees.getPath(type) != null;
    } catch (RuntimeException e) {
      return false;
    }
  }

  /**
   * Reports the message on a repeated annotation (and on its attribute's value), if the mirror is one.
   *
   * @return whether it was reported
   */
  boolean report(
      Diagnostic.Kind kind, String message, Element element, AnnotationMirror annotation, AnnotationValue value) {
    if (trees == null || annotation == null || element.getAnnotationMirrors().contains(annotation)) {
      return false;
    }
    try {
      int position = positionInContainer(element, annotation);
      TreePath path = trees.getPath(element);
      if (position < 0 || path == null) {
        return false;
      }
      TypeElement type = (TypeElement) annotation.getAnnotationType().asElement();
      int seen = 0;
      for (AnnotationTree tree : annotationsOf(path.getLeaf())) {
        Element declared = trees.getElement(new TreePath(path, tree.getAnnotationType()));
        if (!type.equals(declared)) {
          continue;
        }
        if (seen++ == position) {
          trees.printMessage(kind, message, valueTree(tree, annotation, value), path.getCompilationUnit());
          return true;
        }
      }
    } catch (RuntimeException e) {
      return false;
    }
    return false;
  }

  /** The index of an annotation among the values of the container annotation that holds it, or -1. */
  private static int positionInContainer(Element element, AnnotationMirror annotation) {
    for (AnnotationMirror container : element.getAnnotationMirrors()) {
      for (AnnotationValue holder : container.getElementValues().values()) {
        if (holder.getValue() instanceof List) {
          List<?> items = (List<?>) holder.getValue();
          for (int i = 0; i < items.size(); i++) {
            if (((AnnotationValue) items.get(i)).getValue() == annotation) {
              return i;
            }
          }
        }
      }
    }
    return -1;
  }

  private static List<? extends AnnotationTree> annotationsOf(Tree declaration) {
    switch (declaration.getKind()) {
      case CLASS:
      case RECORD:
      case INTERFACE:
      case ENUM:
      case ANNOTATION_TYPE:
        return ((ClassTree) declaration).getModifiers().getAnnotations();
      case METHOD:
        return ((MethodTree) declaration).getModifiers().getAnnotations();
      case VARIABLE:
        return ((VariableTree) declaration).getModifiers().getAnnotations();
      default:
        return List.of();
    }
  }

  /** The tree of the attribute's value within the annotation, or the annotation itself. */
  private static Tree valueTree(AnnotationTree tree, AnnotationMirror annotation, AnnotationValue value) {
    if (value == null) {
      return tree;
    }
    String attribute = null;
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        annotation.getElementValues().entrySet()) {
      if (entry.getValue() == value) {
        attribute = entry.getKey().getSimpleName().toString();
      }
    }
    for (ExpressionTree argument : tree.getArguments()) {
      if (argument instanceof AssignmentTree) {
        AssignmentTree assignment = (AssignmentTree) argument;
        if (assignment.getVariable() instanceof IdentifierTree
            && ((IdentifierTree) assignment.getVariable()).getName().contentEquals(String.valueOf(attribute))) {
          return assignment.getExpression();
        }
      } else if ("value".equals(attribute)) {
        return argument;
      }
    }
    return tree;
  }
}
