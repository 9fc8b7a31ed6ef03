package io.tablemapper.processor.generation.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;

/**
 * The parameter lists that name a repository's methods in the report: the parameters' types by their simple names,
 * {@code (String, PageRequest)}, so that overloads are told apart; where two methods of one name would still read
 * alike (types of one simple name from two packages), their types are qualified.
 */
final class MethodLabels {
  /** A package qualifier: lower-case segments followed by a dot, as in {@code java.util.}. */
  private static final Pattern QUALIFIER = Pattern.compile("\\b[a-z][a-z0-9_]*\\.");

  private MethodLabels() {}

  /** The parameter list of each method, in order. */
  static List<String> parameters(List<ExecutableElement> methods) {
    List<String> names = new ArrayList<>();
    List<List<String>> types = new ArrayList<>();
    for (ExecutableElement method : methods) {
      names.add(method.getSimpleName().toString());
      List<String> parameters = new ArrayList<>();
      for (VariableElement parameter : method.getParameters()) {
        parameters.add(parameter.asType().toString());
      }
      types.add(parameters);
    }
    return parameters(names, types);
  }

  /**
   * The parameter list of each method, from its name and its parameters' qualified types.
   *
   * @param names each method's name
   * @param types each method's parameter types as javac writes them: {@code java.util.Collection<java.lang.String>}
   */
  static List<String> parameters(List<String> names, List<List<String>> types) {
    List<String> labels = new ArrayList<>();
    Map<String, Integer> seen = new HashMap<>();
    List<Integer> clashes = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      List<String> simple = new ArrayList<>();
      types.get(i).forEach(type -> simple.add(QUALIFIER.matcher(type).replaceAll("")));
      String label = "(" + String.join(", ", simple) + ")";
      labels.add(label);
      Integer earlier = seen.putIfAbsent(names.get(i) + label, i);
      if (earlier != null) {
        clashes.add(earlier);
        clashes.add(i);
      }
    }
    for (int i : clashes) {
      labels.set(i, "(" + String.join(", ", types.get(i)) + ")");
    }
    return labels;
  }
}
