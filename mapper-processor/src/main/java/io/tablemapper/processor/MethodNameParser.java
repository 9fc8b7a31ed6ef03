package io.tablemapper.processor;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Parses a derived method name: {@code find|get|stream|count|exists|delete}, optionally {@code First} or
 * {@code TopN}, then {@code By} and conditions joined by {@code And}, each a capitalized property name and an
 * optional operator keyword. Property names are matched against the entity's, longest first, backtracking, so
 * a property whose name contains {@code And} still parses.
 */
final class MethodNameParser {

  /** What a method does. */
  enum Action {
    FIND("find"),
    GET("get"),
    STREAM("stream"),
    COUNT("count"),
    EXISTS("exists"),
    DELETE("delete");

    private final String prefix;

    Action(String prefix) {
      this.prefix = prefix;
    }

    String prefix() {
      return prefix;
    }
  }

  /**
   * A parsed condition before binding to parameters.
   *
   * @param property the property name
   * @param operator the operator
   */
  record Term(String property, Operator operator) {}

  /**
   * The result: either a parse or a problem.
   *
   * @param action the action
   * @param limit the {@code First}/{@code TopN} limit, 0 when absent
   * @param terms the conditions
   * @param problemId the diagnostic id of a problem, or null
   * @param problem what is wrong, or null
   */
  record Result(Action action, int limit, List<Term> terms, String problemId, String problem) {
    boolean ok() {
      return problem == null;
    }

    static Result failure(String id, String problem) {
      return new Result(null, 0, List.of(), id, problem);
    }
  }

  private final List<String> properties;

  /** A parser for an entity with these property names. */
  MethodNameParser(List<String> properties) {
    this.properties = new ArrayList<>(properties);
    this.properties.sort(Comparator.comparingInt(String::length).reversed());
  }

  Result parse(String name) {
    Action action = null;
    for (Action candidate : Action.values()) {
      if (name.startsWith(candidate.prefix())) {
        action = candidate;
        break;
      }
    }
    if (action == null) {
      return Result.failure(Ids.QUERY_METHOD_NAME,
          "a derived query method starts with find, get, stream, count, exists or delete, then By and its"
              + " conditions, for example findByEmail");
    }
    int at = action.prefix().length();
    int limit = 0;
    if (name.startsWith("First", at)) {
      limit = 1;
      at += "First".length();
    } else if (name.startsWith("Top", at)) {
      int digits = at + 3;
      while (digits < name.length() && Character.isDigit(name.charAt(digits))) {
        digits++;
      }
      if (digits == at + 3) {
        return Result.failure(Ids.QUERY_LIMIT, "Top needs a number, for example " + action.prefix() + "Top10By...");
      }
      try {
        limit = Integer.parseInt(name.substring(at + 3, digits));
      } catch (NumberFormatException e) {
        limit = -1;
      }
      if (limit < 1 || limit > 1_000_000) {
        return Result.failure(Ids.QUERY_LIMIT,
            "Top" + name.substring(at + 3, digits) + " is not a usable limit; use Top1 to Top1000000");
      }
      at = digits;
    }
    if (!name.startsWith("By", at)) {
      return Result.failure(Ids.QUERY_METHOD_NAME,
          "expected 'By' after '" + name.substring(0, at) + "', as in " + name.substring(0, at) + "ByEmail");
    }
    at += 2;
    if (at == name.length()) {
      return Result.failure(Ids.QUERY_METHOD_NAME,
          "'" + name + "' has no condition after By; name at least one property, for example "
              + name + "Department");
    }
    List<Term> terms = parseConditions(name, at);
    if (terms == null) {
      return unknownProperty(name, at);
    }
    return new Result(action, limit, terms, null, null);
  }

  private List<Term> parseConditions(String name, int at) {
    for (String property : properties) {
      String capitalized = capitalize(property);
      if (!name.startsWith(capitalized, at)) {
        continue;
      }
      int afterProperty = at + capitalized.length();
      for (Operator operator : Operator.values()) {
        if (!name.startsWith(operator.keyword(), afterProperty)) {
          continue;
        }
        int end = afterProperty + operator.keyword().length();
        Term term = new Term(property, operator);
        if (end == name.length()) {
          List<Term> terms = new ArrayList<>();
          terms.add(term);
          return terms;
        }
        if (name.startsWith("And", end) && end + 3 < name.length()) {
          List<Term> rest = parseConditions(name, end + 3);
          if (rest != null) {
            rest.add(0, term);
            return rest;
          }
        }
      }
    }
    return null;
  }

  /** Finds the first condition that does not name a property, and suggests the closest one. */
  private Result unknownProperty(String name, int at) {
    int start = at;
    while (true) {
      int and = name.indexOf("And", start);
      String segment = and < 0 ? name.substring(start) : name.substring(start, and);
      String bare = stripOperator(segment);
      boolean known = false;
      for (String property : properties) {
        if (capitalize(property).equals(bare)) {
          known = true;
          break;
        }
      }
      if (!known && !segment.isEmpty()) {
        String guess = decapitalize(bare);
        return Result.failure(Ids.QUERY_UNKNOWN_PROPERTY,
            "'" + bare + "' is not a property" + Similarity.didYouMean(guess, properties)
                + "; conditions are property names joined by And, each optionally followed by Between,"
                + " GreaterThan, GreaterThanEqual, LessThan, LessThanEqual or StartsWith");
      }
      if (and < 0) {
        return Result.failure(Ids.QUERY_METHOD_NAME,
            "cannot split the conditions of '" + name + "' into properties joined by And");
      }
      start = and + 3;
    }
  }

  private static String stripOperator(String segment) {
    for (Operator operator : Operator.values()) {
      if (!operator.keyword().isEmpty() && segment.endsWith(operator.keyword())) {
        return segment.substring(0, segment.length() - operator.keyword().length());
      }
    }
    return segment;
  }

  static String capitalize(String name) {
    return name.isEmpty() ? name : name.substring(0, 1).toUpperCase(Locale.ROOT) + name.substring(1);
  }

  private static String decapitalize(String name) {
    return name.isEmpty() ? name : name.substring(0, 1).toLowerCase(Locale.ROOT) + name.substring(1);
  }
}
