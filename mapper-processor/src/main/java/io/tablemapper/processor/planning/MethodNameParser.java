package io.tablemapper.processor.planning;

import io.tablemapper.internal.model.Rule;
import io.tablemapper.internal.model.Suggestions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Parses a derived method name: {@code find|get|stream|count|exists|delete}, optionally {@code First} or
 * {@code TopN}, then {@code By} and conditions joined by {@code And} and {@code Or}, each a capitalized property
 * name and an optional operator keyword, then optionally {@code OrderBy} and properties, each optionally followed by
 * {@code Asc} or {@code Desc}. {@code And} binds tighter than {@code Or}, as in Spring Data: {@code AAndBOrC} is
 * {@code (A and B) or C}, two branches. Property names are matched against the entity's, longest first,
 * backtracking, so a property whose name contains {@code And} or {@code Or} still parses.
 */
public final class MethodNameParser {

  /** What a method does. */
  public enum Action {
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

    public String prefix() {
      return prefix;
    }
  }

  /**
   * A parsed condition before binding to parameters.
   *
   * @param property the property name
   * @param operator the operator
   * @param ignoreCase whether it compares text ignoring case (Jakarta Data's {@code IgnoreCase}, which only the client
   *     evaluates)
   */
  public record Term(String property, Operator operator, boolean ignoreCase) {
    /** A condition that compares as the store does. */
    public Term(String property, Operator operator) {
      this(property, operator, false);
    }

    /** Whether only the client can evaluate it: {@code IgnoreCase}, or an operator the store has no filter for. */
    public boolean clientOnly() {
      return ignoreCase || operator.clientOnly();
    }
  }

  /**
   * One property of an {@code OrderBy}.
   *
   * @param property the property name
   * @param descending whether it is written {@code Desc}
   */
  public record Order(String property, boolean descending) {}

  /**
   * The result: either a parse or a problem.
   *
   * @param action the action
   * @param limit the {@code First}/{@code TopN} limit, 0 when absent
   * @param terms the conditions, in the order of the name (of every branch)
   * @param branches the conditions split into the branches joined by {@code Or}: one branch when there is no
   *     {@code Or}; each branch's conditions are joined by {@code And}
   * @param ordering the {@code OrderBy} properties, empty when there is none
   * @param problemRule the rule a problem breaks, or null
   * @param problem what is wrong, or null
   */
  public record Result(Action action, int limit, List<Term> terms, List<List<Term>> branches, List<Order> ordering,
      Rule problemRule, String problem) {
    public boolean ok() {
      return problem == null;
    }

    /** Whether the conditions are several branches joined by {@code Or}. */
    public boolean or() {
      return branches.size() > 1;
    }

    /**
     * The query of a method that says what it finds by annotations rather than by its name (Jakarta Data's
     * {@code @Find} with {@code @By} parameters and {@code @OrderBy}): one branch of the conditions joined by
     * {@code And}, as a derived name would parse.
     */
    public static Result of(Action action, int limit, List<Term> terms, List<Order> ordering) {
      return ofBranches(action, limit, List.of(List.copyOf(terms)), List.copyOf(ordering));
    }

    /** This query with another action: Jakarta Data's {@code find} of one entity is tablemapper's {@code get}. */
    public Result withAction(Action other) {
      return new Result(other, limit, terms, branches, ordering, problemRule, problem);
    }

    static Result failure(Rule rule, String problem) {
      return new Result(null, 0, List.of(), List.of(), List.of(), rule, problem);
    }

    /** The query of these branches of conditions joined by {@code Or}, each of conditions joined by {@code And}. */
    public static Result ofBranches(Action action, int limit, List<List<Term>> branches, List<Order> ordering) {
      List<Term> terms = new ArrayList<>();
      for (List<Term> branch : branches) {
        terms.addAll(branch);
      }
      return new Result(action, limit, List.copyOf(terms), List.copyOf(branches), ordering, null, null);
    }
  }

  private static final String ORDER_BY = "OrderBy";
  private static final String IGNORE_CASE = "IgnoreCase";

  private final List<String> properties;
  private final String entity;
  private final boolean jakarta;

  /** A parser for an entity (named in messages) with these property names. */
  public MethodNameParser(String entity, List<String> properties) {
    this(entity, properties, false);
  }

  /**
   * A parser for an entity with these property names, of Jakarta Data's names too when {@code jakarta}: text between
   * the action (and its limit) and {@code By} is ignored ({@code findAllByName}), a name without {@code By} has no
   * conditions ({@code countAll}, {@code findAllOrderByName}), and the operators {@code Null}, {@code NotNull},
   * {@code True} and {@code False} are known.
   */
  public MethodNameParser(String entity, List<String> properties, boolean jakarta) {
    this.entity = entity;
    this.properties = new ArrayList<>(properties);
    this.properties.sort(Comparator.comparingInt(String::length).reversed());
    this.jakarta = jakarta;
  }

  public Result parse(String name) {
    Action action = null;
    for (Action candidate : Action.values()) {
      if (name.startsWith(candidate.prefix())) {
        action = candidate;
        break;
      }
    }
    if (action == null) {
      return Result.failure(Rule.QUERY_METHOD_NAME,
          "a derived query method starts with find, get, stream, count, exists or delete, then By and its"
              + " conditions, for example findByEmail");
    }
    int at = action.prefix().length();
    int limit = 0;
    if (name.startsWith("First", at)
        && (name.length() == at + 5 || !Character.isDigit(name.charAt(at + 5)))) {
      limit = 1;
      at += "First".length();
    } else if (name.startsWith("Top", at) || name.startsWith("First", at)) {
      // TopN, and FirstN as Jakarta Data writes it
      int keyword = name.startsWith("Top", at) ? 3 : 5;
      at += keyword - 3;
      int digits = at + 3;
      while (digits < name.length() && Character.isDigit(name.charAt(digits))) {
        digits++;
      }
      if (digits == at + 3) {
        return Result.failure(Rule.QUERY_LIMIT, "Top needs a number, for example " + action.prefix() + "Top10By...");
      }
      try {
        limit = Integer.parseInt(name.substring(at + 3, digits));
      } catch (NumberFormatException e) {
        limit = -1;
      }
      if (limit < 1 || limit > 1_000_000) {
        return Result.failure(Rule.QUERY_LIMIT,
            "Top" + name.substring(at + 3, digits) + " is not a usable limit; use Top1 to Top1000000");
      }
      at = digits;
    }
    if (jakarta && !name.startsWith("By", at)) {
      int by = name.indexOf("By", at);
      if (by < 0) {
        return Result.ofBranches(action, limit, List.of(List.of()), List.of());
      }
      if (by >= at + 5 && name.startsWith(ORDER_BY, by - 5)) {
        List<Order> ordering = by + 2 == name.length() ? null : parseOrdering(name, by + 2);
        return ordering == null ? unknownOrderProperty(name, by + 2)
            : Result.ofBranches(action, limit, List.of(List.of()), ordering);
      }
      at = by;
    }
    if (!name.startsWith("By", at)) {
      return Result.failure(Rule.QUERY_METHOD_NAME,
          "expected 'By' after '" + name.substring(0, at) + "', as in " + name.substring(0, at) + "ByEmail");
    }
    at += 2;
    if (at == name.length()) {
      return Result.failure(Rule.QUERY_METHOD_NAME,
          "'" + name + "' has no condition after By; name at least one property, for example "
              + name + "Department");
    }
    for (int order = name.indexOf(ORDER_BY, at); order > at; order = name.indexOf(ORDER_BY, order + 1)) {
      List<List<Term>> terms = parseConditions(name, at, order);
      if (terms == null) {
        continue;
      }
      int from = order + ORDER_BY.length();
      if (from == name.length()) {
        return Result.failure(Rule.QUERY_METHOD_NAME,
            "'" + name + "' has no property after OrderBy; name one, for example " + name + "EmployeeIdDesc");
      }
      List<Order> ordering = parseOrdering(name, from);
      if (ordering == null) {
        return unknownOrderProperty(name, from);
      }
      return Result.ofBranches(action, limit, terms, ordering);
    }
    List<List<Term>> terms = parseConditions(name, at, name.length());
    if (terms == null) {
      int order = name.indexOf(ORDER_BY, at);
      return unknownProperty(name, at, order > at ? order : name.length());
    }
    return Result.ofBranches(action, limit, terms, List.of());
  }

  /** The properties of an ordering, each with an optional Asc or Desc, up to the end of the name; or null. */
  private List<Order> parseOrdering(String name, int at) {
    for (String property : properties) {
      String capitalized = capitalize(property);
      if (!name.startsWith(capitalized, at)) {
        continue;
      }
      int afterProperty = at + capitalized.length();
      for (String direction : new String[] {"Desc", "Asc", ""}) {
        if (!name.startsWith(direction, afterProperty)) {
          continue;
        }
        int end = afterProperty + direction.length();
        Order order = new Order(property, direction.equals("Desc"));
        if (end == name.length()) {
          List<Order> ordering = new ArrayList<>();
          ordering.add(order);
          return ordering;
        }
        List<Order> rest = parseOrdering(name, end);
        if (rest != null) {
          rest.add(0, order);
          return rest;
        }
      }
    }
    return null;
  }

  private Result unknownOrderProperty(String name, int at) {
    String rest = name.substring(at);
    String bare = rest.endsWith("Desc") ? rest.substring(0, rest.length() - 4)
        : rest.endsWith("Asc") ? rest.substring(0, rest.length() - 3) : rest;
    return Result.failure(Rule.QUERY_UNKNOWN_PROPERTY,
        "'" + bare + "' after OrderBy is not a property of " + entity
            + Suggestions.didYouMean(decapitalize(bare), properties)
            + "; an ordering is OrderBy followed by property names, each optionally followed by Asc or Desc");
  }

  /**
   * The branches of the conditions from {@code at} to {@code limit}: conditions joined by {@code And}, branches by
   * {@code Or}; or null when they do not parse.
   */
  private List<List<Term>> parseConditions(String name, int at, int limit) {
    for (String property : properties) {
      String capitalized = capitalize(property);
      if (!name.startsWith(capitalized, at)) {
        continue;
      }
      int afterName = at + capitalized.length();
      boolean ignoreCase = jakarta && name.startsWith(IGNORE_CASE, afterName);
      int afterProperty = ignoreCase ? afterName + IGNORE_CASE.length() : afterName;
      for (Operator operator : Operator.values()) {
        if (!name.startsWith(operator.keyword(), afterProperty) || operator.jakartaOnly() && !jakarta) {
          continue;
        }
        int end = afterProperty + operator.keyword().length();
        if (end > limit) {
          continue;
        }
        Term term = new Term(property, operator, ignoreCase);
        if (end == limit) {
          List<List<Term>> branches = new ArrayList<>();
          branches.add(new ArrayList<>(List.of(term)));
          return branches;
        }
        if (name.startsWith("And", end) && end + 3 < limit) {
          List<List<Term>> rest = parseConditions(name, end + 3, limit);
          if (rest != null) {
            rest.get(0).add(0, term);
            return rest;
          }
        }
        if (name.startsWith("Or", end) && end + 2 < limit) {
          List<List<Term>> rest = parseConditions(name, end + 2, limit);
          if (rest != null) {
            rest.add(0, new ArrayList<>(List.of(term)));
            return rest;
          }
        }
      }
    }
    return null;
  }

  /** Finds the first condition that does not name a property, and suggests the closest one. */
  private Result unknownProperty(String name, int at, int limit) {
    List<String> segments = new ArrayList<>();
    for (String conjunct : split(name.substring(at, limit), "And")) {
      segments.addAll(knownOrSplit(conjunct));
    }
    for (String segment : segments) {
      String bare = stripOperator(segment);
      if (!segment.isEmpty() && !isProperty(bare)) {
        return Result.failure(Rule.QUERY_UNKNOWN_PROPERTY,
            "'" + bare + "' is not a property of " + entity + Suggestions.didYouMean(decapitalize(bare), properties)
                + "; conditions are property names joined by And or Or, each optionally followed by Between,"
                + " GreaterThan, GreaterThanEqual, LessThan, LessThanEqual, StartsWith, In, Not, IsNull or IsNotNull");
      }
    }
    return Result.failure(Rule.QUERY_METHOD_NAME,
        "cannot split the conditions of '" + name + "' into properties joined by And or Or");
  }

  /** A condition as it stands when it names a property, else its parts around each {@code Or}. */
  private List<String> knownOrSplit(String segment) {
    return isProperty(stripOperator(segment)) ? List.of(segment) : split(segment, "Or");
  }

  private boolean isProperty(String capitalized) {
    for (String property : properties) {
      if (capitalize(property).equals(capitalized)) {
        return true;
      }
    }
    return false;
  }

  private static List<String> split(String text, String separator) {
    List<String> parts = new ArrayList<>();
    int start = 0;
    for (int at = text.indexOf(separator); at >= 0; at = text.indexOf(separator, at + separator.length())) {
      parts.add(text.substring(start, at));
      start = at + separator.length();
    }
    parts.add(text.substring(start));
    return parts;
  }

  private static String stripOperator(String segment) {
    for (Operator operator : Operator.values()) {
      if (!operator.keyword().isEmpty() && segment.endsWith(operator.keyword())) {
        return segment.substring(0, segment.length() - operator.keyword().length());
      }
    }
    return segment;
  }

  public static String capitalize(String name) {
    return name.isEmpty() ? name : name.substring(0, 1).toUpperCase(Locale.ROOT) + name.substring(1);
  }

  private static String decapitalize(String name) {
    return name.isEmpty() ? name : name.substring(0, 1).toLowerCase(Locale.ROOT) + name.substring(1);
  }
}
