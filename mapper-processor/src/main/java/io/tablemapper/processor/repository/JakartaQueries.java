package io.tablemapper.processor.repository;

import com.palantir.javapoet.CodeBlock;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.entity.PropertyModel;
import io.tablemapper.processor.planning.MethodNameParser;
import io.tablemapper.processor.planning.Operator;
import io.tablemapper.processor.util.Annotations;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;

/**
 * The part of JDQL ({@code @Query}) the client can answer under {@code -Atablemapper.jakarta.allowScan=true}, read at
 * compile time into client steps over every entity of the type: {@code [SELECT COUNT(THIS) | SELECT attribute]
 * [FROM Entity] [WHERE conditions] [ORDER BY attribute [ASC|DESC], ...]}, the conditions comparisons
 * ({@code = <> != < <= > >=}), {@code [NOT] IN (...)}, {@code BETWEEN}, {@code LIKE}, {@code IS [NOT] NULL} of an
 * attribute with literals and parameters ({@code :name}, {@code ?1}), {@code NOT}, joined by {@code AND}, then
 * {@code OR}, with parentheses: read into the normal form the client tests (groups joined by {@code OR} of
 * conditions joined by {@code AND}). Arithmetic, functions, {@code UPDATE} and {@code DELETE} are not read: such a
 * query is refused with what it uses.
 */
final class JakartaQueries {
  /**
   * A query read.
   *
   * @param select the attribute it selects, or null for the entities
   * @param count whether it selects {@code COUNT(THIS)}
   * @param filters the conditions, as groups joined by Or of conditions joined by And
   * @param order its {@code ORDER BY}
   */
  record Jdql(String select, boolean count, List<List<RepositoryModel.ClientCondition>> filters,
      List<MethodNameParser.Order> order) {}

  /** What the query uses that is not read, for the refusal. */
  static final class Unsupported extends Exception {
    private static final long serialVersionUID = 1L;

    Unsupported(String message) {
      super(message);
    }
  }

  private final List<String> tokens;
  private final EntityModel entity;
  private final ExecutableElement method;
  private final List<String> keys;
  private int at;

  private JakartaQueries(String query, EntityModel entity, ExecutableElement method, List<String> keys)
      throws Unsupported {
    this.tokens = tokens(query);
    this.entity = entity;
    this.method = method;
    this.keys = keys;
  }

  /** The query of a {@code @Query} method, or why it is not read. */
  static Jdql read(String query, EntityModel entity, ExecutableElement method, List<String> keys) throws Unsupported {
    String first = query.trim().split("\\s+", 2)[0].toUpperCase(Locale.ROOT);
    if (first.equals("UPDATE") || first.equals("DELETE")) {
      throw new Unsupported(first + ", a write of every match");
    }
    return new JakartaQueries(query, entity, method, keys).query();
  }

  private Jdql query() throws Unsupported {
    String select = null;
    boolean count = false;
    if (keyword("SELECT")) {
      if (keyword("COUNT")) {
        expect("(");
        if (!keyword("THIS")) {
          throw new Unsupported("COUNT of anything but THIS");
        }
        expect(")");
        count = true;
      } else {
        select = attribute(next()).name();
      }
    }
    if (keyword("FROM")) {
      String from = next();
      if (!from.equals(entity.simpleName())) {
        throw new Unsupported("FROM " + from + ", another entity than " + entity.simpleName());
      }
    }
    List<List<RepositoryModel.ClientCondition>> filters = keyword("WHERE") ? disjunction() : new ArrayList<>();
    List<MethodNameParser.Order> order = new ArrayList<>();
    if (keyword("ORDER")) {
      if (!keyword("BY")) {
        throw new Unsupported("ORDER without BY");
      }
      do {
        PropertyModel property = attribute(next());
        boolean descending = keyword("DESC");
        if (!descending) {
          keyword("ASC");
        }
        order.add(new MethodNameParser.Order(property.name(), descending));
      } while (keyword(","));
    }
    if (peek() != null) {
      throw new Unsupported("'" + peek() + "' where the query should end");
    }
    return new Jdql(select, count, filters, order);
  }

  /** Conditions joined by OR, as groups (joined by OR) of conditions joined by AND: the normal form the client tests. */
  private List<List<RepositoryModel.ClientCondition>> disjunction() throws Unsupported {
    List<List<RepositoryModel.ClientCondition>> groups = conjunction();
    while (keyword("OR")) {
      groups.addAll(conjunction());
    }
    return groups;
  }

  private List<List<RepositoryModel.ClientCondition>> conjunction() throws Unsupported {
    List<List<RepositoryModel.ClientCondition>> groups = primary();
    while (keyword("AND")) {
      groups = and(groups, primary());
    }
    return groups;
  }

  /** A condition, a parenthesized disjunction, or either after NOT. */
  private List<List<RepositoryModel.ClientCondition>> primary() throws Unsupported {
    if (keyword("(")) {
      List<List<RepositoryModel.ClientCondition>> inner = disjunction();
      expect(")");
      return inner;
    }
    if (keyword("NOT")) {
      return not(primary());
    }
    List<List<RepositoryModel.ClientCondition>> single = new ArrayList<>();
    single.add(new ArrayList<>(List.of(condition())));
    return single;
  }

  /** (a OR b) AND (c OR d) as a OR of ANDs: (a AND c) OR (a AND d) OR (b AND c) OR (b AND d). */
  private static List<List<RepositoryModel.ClientCondition>> and(List<List<RepositoryModel.ClientCondition>> left,
      List<List<RepositoryModel.ClientCondition>> right) {
    List<List<RepositoryModel.ClientCondition>> groups = new ArrayList<>();
    for (List<RepositoryModel.ClientCondition> a : left) {
      for (List<RepositoryModel.ClientCondition> b : right) {
        List<RepositoryModel.ClientCondition> group = new ArrayList<>(a);
        group.addAll(b);
        groups.add(group);
      }
    }
    return groups;
  }

  /** NOT of groups, by De Morgan: each group's negation is the OR of its conditions negated; those are ANDed. */
  private static List<List<RepositoryModel.ClientCondition>> not(List<List<RepositoryModel.ClientCondition>> groups)
      throws Unsupported {
    List<List<RepositoryModel.ClientCondition>> result = null;
    for (List<RepositoryModel.ClientCondition> group : groups) {
      List<List<RepositoryModel.ClientCondition>> negated = new ArrayList<>();
      for (RepositoryModel.ClientCondition condition : group) {
        Operator opposite = condition.term().operator().negated();
        if (opposite == null) {
          throw new Unsupported("NOT before " + condition.term().operator().keyword());
        }
        negated.add(new ArrayList<>(List.of(condition(condition.property(), opposite, condition.parameters()))));
      }
      result = result == null ? negated : and(result, negated);
    }
    return result;
  }

  private RepositoryModel.ClientCondition condition() throws Unsupported {
    PropertyModel property = attribute(next());
    if (keyword("IS")) {
      boolean not = keyword("NOT");
      if (!keyword("NULL")) {
        throw new Unsupported("IS without NULL");
      }
      return condition(property, not ? Operator.NOT_NULL : Operator.NULL, List.of());
    }
    boolean not = keyword("NOT");
    if (keyword("IN")) {
      expect("(");
      List<String> elements = new ArrayList<>();
      do {
        elements.add(operand(property));
      } while (keyword(","));
      expect(")");
      return condition(property, not ? Operator.NOT_IN : Operator.IN,
          List.of("java.util.List.of(" + String.join(", ", elements) + ")"));
    }
    if (keyword("BETWEEN")) {
      String low = operand(property);
      if (!keyword("AND")) {
        throw new Unsupported("BETWEEN without AND");
      }
      return condition(property, not ? Operator.NOT_BETWEEN : Operator.BETWEEN, List.of(low, operand(property)));
    }
    if (keyword("LIKE")) {
      return condition(property, not ? Operator.NOT_LIKE : Operator.LIKE, List.of(operand(property)));
    }
    if (not) {
      throw new Unsupported("NOT " + peek());
    }
    String operator = next();
    Map<String, Operator> comparisons = Map.of("=", Operator.EQUAL, "<>", Operator.NOT, "!=", Operator.NOT,
        "<", Operator.LESS_THAN, "<=", Operator.LESS_THAN_EQUAL, ">", Operator.GREATER_THAN,
        ">=", Operator.GREATER_THAN_EQUAL);
    Operator comparison = comparisons.get(operator);
    if (comparison == null) {
      throw new Unsupported("'" + operator + "' after " + property.name());
    }
    return condition(property, comparison, List.of(operand(property)));
  }

  private static RepositoryModel.ClientCondition condition(PropertyModel property, Operator operator,
      List<String> operands) {
    return new RepositoryModel.ClientCondition(property, new MethodNameParser.Term(property.name(), operator),
        operands);
  }

  /** An operand as Java source: a parameter's name, or a literal. */
  private String operand(PropertyModel property) throws Unsupported {
    String token = next();
    if (token.startsWith(":")) {
      return parameter(token.substring(1));
    }
    if (token.startsWith("?")) {
      int position = Integer.parseInt(token.substring(1));
      if (position < 1 || position > method.getParameters().size()) {
        throw new Unsupported("?" + position + ", but the method has " + method.getParameters().size()
            + " parameters");
      }
      return method.getParameters().get(position - 1).getSimpleName().toString();
    }
    if (token.startsWith("'")) {
      return CodeBlock.of("$S", token.substring(1, token.length() - 1).replace("''", "'")).toString();
    }
    if (token.equalsIgnoreCase("TRUE") || token.equalsIgnoreCase("FALSE")) {
      return token.toLowerCase(Locale.ROOT);
    }
    if (Character.isDigit(token.charAt(0)) || token.charAt(0) == '-') {
      return token;
    }
    if (!property.enumConstants().isEmpty() && token.contains(".")
        && property.enumConstants().contains(token.substring(token.lastIndexOf('.') + 1))) {
      return CodeBlock.of("$T.$L", property.typeName(), token.substring(token.lastIndexOf('.') + 1)).toString();
    }
    throw new Unsupported("the operand '" + token + "'");
  }

  private String parameter(String name) throws Unsupported {
    for (VariableElement parameter : method.getParameters()) {
      AnnotationMirror param = Annotations.find(parameter, "jakarta.data.repository.Param");
      String named = param == null ? parameter.getSimpleName().toString() : value(param);
      if (named.equals(name)) {
        return parameter.getSimpleName().toString();
      }
    }
    throw new Unsupported(":" + name + ", which names no parameter");
  }

  private static String value(AnnotationMirror mirror) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry
        : mirror.getElementValues().entrySet()) {
      return String.valueOf(entry.getValue().getValue());
    }
    return "";
  }

  private PropertyModel attribute(String name) throws Unsupported {
    String property = name.equalsIgnoreCase("id(this)") || name.equals("id") && entity.property("id") == null
        && keys.size() == 1 ? keys.get(0) : name;
    PropertyModel found = entity.property(property);
    if (found == null || found.getter() == null) {
      throw new Unsupported("'" + name + "', which is no attribute of " + entity.simpleName());
    }
    return found;
  }

  private boolean is(String keyword) {
    return peek() != null && peek().equalsIgnoreCase(keyword);
  }

  private boolean keyword(String keyword) {
    if (is(keyword)) {
      at++;
      return true;
    }
    return false;
  }

  private void expect(String token) throws Unsupported {
    if (!keyword(token)) {
      throw new Unsupported("'" + peek() + "' where '" + token + "' belongs");
    }
  }

  private String peek() {
    return at < tokens.size() ? tokens.get(at) : null;
  }

  private String next() throws Unsupported {
    if (at >= tokens.size()) {
      throw new Unsupported("a query that ends early");
    }
    return tokens.get(at++);
  }

  /** The tokens of a query: words (with dots, and {@code id(this)}), numbers, 'strings', parameters, operators. */
  private static List<String> tokens(String query) throws Unsupported {
    List<String> tokens = new ArrayList<>();
    int i = 0;
    while (i < query.length()) {
      char c = query.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '\'') {
        int end = i + 1;
        while (end < query.length() && (query.charAt(end) != '\'' || end + 1 < query.length()
            && query.charAt(end + 1) == '\'')) {
          end += query.charAt(end) == '\'' ? 2 : 1;
        }
        if (end >= query.length()) {
          throw new Unsupported("an unclosed string");
        }
        tokens.add(query.substring(i, end + 1));
        i = end + 1;
      } else if (Character.isLetterOrDigit(c) || c == '_' || c == ':' || c == '?'
          || c == '-' && i + 1 < query.length() && Character.isDigit(query.charAt(i + 1))) {
        int end = i + 1;
        while (end < query.length() && (Character.isLetterOrDigit(query.charAt(end)) || query.charAt(end) == '_'
            || query.charAt(end) == '.')) {
          end++;
        }
        String word = query.substring(i, end);
        if (word.equalsIgnoreCase("id") && query.startsWith("(this)", end)) {
          word = "id(this)";
          end += 6;
        }
        tokens.add(word);
        i = end;
      } else if ((c == '<' || c == '>' || c == '!') && i + 1 < query.length()
          && (query.charAt(i + 1) == '=' || c == '<' && query.charAt(i + 1) == '>')) {
        tokens.add(query.substring(i, i + 2));
        i += 2;
      } else if ("=<>(),".indexOf(c) >= 0) {
        tokens.add(String.valueOf(c));
        i++;
      } else {
        throw new Unsupported("'" + c + "'");
      }
    }
    return tokens;
  }
}
