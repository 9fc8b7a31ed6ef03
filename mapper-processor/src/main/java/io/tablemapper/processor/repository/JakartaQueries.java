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
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * The part of JDQL ({@code @Query}) the client can answer under {@code -Atablemapper.jakarta.allowScan=true}, read at
 * compile time into client steps over every entity of the type: {@code [SELECT COUNT(THIS) | SELECT attribute]
 * [FROM Entity] [WHERE conditions] [ORDER BY attribute [ASC|DESC], ...]}, the conditions comparisons
 * ({@code = <> != < <= > >=}), {@code [NOT] IN (...)}, {@code BETWEEN}, {@code LIKE}, {@code IS [NOT] NULL} of an
 * attribute with literals and parameters ({@code :name}, {@code ?1}), {@code NOT}, joined by {@code AND}, then
 * {@code OR}, with parentheses: read into the normal form the client tests (groups joined by {@code OR} of
 * conditions joined by {@code AND}). {@code UPDATE Entity SET attribute = expression, ... [WHERE ...]} and
 * {@code DELETE FROM Entity [WHERE ...]} are read too, an expression being an attribute, a literal or a parameter,
 * or those joined by {@code + - * /} (numbers only) with parentheses. Functions, arithmetic in conditions, and
 * anything else are not read: such a query is refused with what it uses.
 */
final class JakartaQueries {
  /**
   * A query read.
   *
   * @param select the attribute it selects, or null for the entities
   * @param count whether it selects {@code COUNT(THIS)}
   * @param filters the conditions, as groups joined by Or of conditions joined by And
   * @param order its {@code ORDER BY}
   * @param write {@code UPDATE} or {@code DELETE}, or null for a {@code SELECT}
   * @param assignments the {@code SET} of an {@code UPDATE}, in order
   * @param setParameters the names of the parameters its {@code SET} reads
   */
  record Jdql(String select, boolean count, List<List<RepositoryModel.ClientCondition>> filters,
      List<MethodNameParser.Order> order, String write, List<RepositoryModel.Assignment> assignments,
      List<String> setParameters) {}

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
  /** The widest type of the operands of the arithmetic being read, as Java promotes them. */
  private String widest = "int";

  private JakartaQueries(String query, EntityModel entity, ExecutableElement method, List<String> keys)
      throws Unsupported {
    this.tokens = JdqlTokens.tokens(query);
    this.entity = entity;
    this.method = method;
    this.keys = keys;
  }

  /** The query of a {@code @Query} method, or why it is not read. */
  static Jdql read(String query, EntityModel entity, ExecutableElement method, List<String> keys) throws Unsupported {
    return new JakartaQueries(query, entity, method, keys).query();
  }

  /**
   * The entity a query names: the one after {@code UPDATE} or {@code FROM}, or null when it names none (a query of
   * the repository's primary entity, or of the entity its method returns).
   */
  static String entityName(String query) {
    List<String> tokens;
    try {
      tokens = JdqlTokens.tokens(query);
    } catch (Unsupported unreadable) {
      return null;
    }
    for (int i = 0; i + 1 < tokens.size(); i++) {
      if (tokens.get(i).equalsIgnoreCase("FROM") || i == 0 && tokens.get(i).equalsIgnoreCase("UPDATE")) {
        return tokens.get(i + 1);
      }
    }
    return null;
  }

  private Jdql query() throws Unsupported {
    if (keyword("UPDATE")) {
      entity(next());
      expect("SET");
      List<RepositoryModel.Assignment> assignments = new ArrayList<>();
      List<String> setParameters = new ArrayList<>();
      do {
        PropertyModel property = attribute(next());
        if (keys.contains(property.name())) {
          throw new Unsupported("SET " + property.name() + ", a key of " + entity.simpleName() + " (a new key is"
              + " another entity: delete it and insert the new one)");
        }
        if (property.role() != io.tablemapper.internal.model.PropertyRole.STORED) {
          throw new Unsupported("SET " + property.name() + ", which the store sets (" + property.role() + ")");
        }
        expect("=");
        assignments.add(new RepositoryModel.Assignment(property, value(property, setParameters)));
      } while (keyword(","));
      List<List<RepositoryModel.ClientCondition>> filters = keyword("WHERE") ? disjunction() : new ArrayList<>();
      end();
      return new Jdql(null, false, filters, List.of(), "UPDATE", assignments, setParameters);
    }
    if (keyword("DELETE")) {
      expect("FROM");
      entity(next());
      List<List<RepositoryModel.ClientCondition>> filters = keyword("WHERE") ? disjunction() : new ArrayList<>();
      end();
      return new Jdql(null, false, filters, List.of(), "DELETE", List.of(), List.of());
    }
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
      entity(next());
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
    end();
    return new Jdql(select, count, filters, order, null, List.of(), List.of());
  }

  private void entity(String name) throws Unsupported {
    if (!name.equals(entity.simpleName())) {
      throw new Unsupported("the entity " + name + ", another than " + entity.simpleName());
    }
  }

  private void end() throws Unsupported {
    if (peek() != null) {
      throw new Unsupported("'" + peek() + "' where the query should end");
    }
  }

  /**
   * The new value of a {@code SET} attribute as Java source: one operand (an attribute, a literal, a parameter), or
   * numbers joined by {@code + - * /} with parentheses, cast to the attribute's type; the parameters it reads are
   * added to {@code parameters}.
   */
  private String value(PropertyModel property, List<String> parameters) throws Unsupported {
    int start = at;
    widest = "int";
    String expression = expression(property, parameters);
    boolean arithmetic = at - start > 1;
    if (!arithmetic) {
      return expression;
    }
    String primitive = JdqlTokens.numeric(property.type());
    if (primitive == null) {
      throw new Unsupported("arithmetic on " + property.name() + ", which is no number (" + property.type() + ")");
    }
    // Java's binary numeric promotion gives the widest operand's type, int at least: cast when that is another
    return primitive.equals(widest) ? expression : "(" + primitive + ") (" + expression + ")";
  }

  private void operandOf(String primitive) {
    List<String> order = List.of("int", "long", "float", "double");
    if (primitive != null && order.indexOf(primitive) > order.indexOf(widest)) {
      widest = primitive;
    }
  }

  private String expression(PropertyModel property, List<String> parameters) throws Unsupported {
    StringBuilder java = new StringBuilder(factor(property, parameters));
    while (is("+") || is("-") || is("*") || is("/")) {
      java.append(' ').append(next()).append(' ').append(factor(property, parameters));
    }
    return java.toString();
  }

  private String factor(PropertyModel property, List<String> parameters) throws Unsupported {
    if (keyword("(")) {
      String inner = expression(property, parameters);
      expect(")");
      return "(" + inner + ")";
    }
    String token = peek();
    if (token == null) {
      throw new Unsupported("a query that ends early");
    }
    if (token.equalsIgnoreCase("NULL")) {
      throw new Unsupported("SET " + property.name() + " = NULL (remove the value in Java and update the entity)");
    }
    boolean arithmetic = is("+", 1) || is("-", 1) || is("*", 1) || is("/", 1) || at > 0 && "+-*/(".contains(
        tokens.get(at - 1));
    if (Character.isLetter(token.charAt(0)) && !token.contains(".") && !token.equalsIgnoreCase("TRUE")
        && !token.equalsIgnoreCase("FALSE")) {
      next();
      if (is("(")) {
        throw new Unsupported("the function " + token + "(...)");
      }
      PropertyModel read = attribute(token);
      if (arithmetic && JdqlTokens.numeric(read.type()) == null) {
        throw new Unsupported("arithmetic on " + read.name() + ", which is no number (" + read.type() + ")");
      }
      if (!arithmetic && !JdqlTokens.sameType(read.type(), property.type())) {
        throw new Unsupported("SET " + property.name() + " = " + read.name() + ", of another type (" + read.type()
            + ")");
      }
      operandOf(JdqlTokens.numeric(read.type()));
      return "each_." + read.getter();
    }
    String operand = operand(property);
    VariableElement parameter = parameterNamed(operand);
    if (parameter != null) {
      parameters.add(operand);
      TypeMirror type = parameter.asType();
      if (arithmetic ? JdqlTokens.numeric(type) == null : !JdqlTokens.sameType(type, property.type())
          && (JdqlTokens.numeric(type) == null || JdqlTokens.numeric(property.type()) == null)) {
        throw new Unsupported("the parameter " + token + " of type " + type + (arithmetic ? " in arithmetic"
            : " for " + property.name() + ", of type " + property.type()));
      }
      operandOf(JdqlTokens.numeric(type));
      return JdqlTokens.numeric(property.type()) != null && !arithmetic && !JdqlTokens.sameType(type, property.type())
          ? "(" + JdqlTokens.numeric(property.type()) + ") " + operand : operand;
    }
    boolean number = Character.isDigit(token.charAt(0)) || token.charAt(0) == '-';
    if (arithmetic && !number) {
      throw new Unsupported("the operand " + token + " in arithmetic");
    }
    if (arithmetic) {
      operandOf(JdqlTokens.literalType(operand));
      return operand;
    }
    String primitive = JdqlTokens.numeric(property.type());
    boolean fits = primitive != null ? number
        : property.type().toString().equals("java.lang.String") ? operand.startsWith("\"")
        : property.type().getKind() == TypeKind.BOOLEAN || property.type().toString().equals("java.lang.Boolean")
        ? operand.equals("true") || operand.equals("false") : !property.enumConstants().isEmpty();
    if (!fits) {
      throw new Unsupported("SET " + property.name() + " = " + token + ", a literal of another type than "
          + property.type());
    }
    return primitive != null && !primitive.equals(JdqlTokens.literalType(operand)) ? "(" + primitive + ") " + operand : operand;
  }

  private boolean is(String token, int ahead) {
    return at + ahead < tokens.size() && tokens.get(at + ahead).equals(token);
  }

  private VariableElement parameterNamed(String name) {
    for (VariableElement parameter : method.getParameters()) {
      if (parameter.getSimpleName().contentEquals(name)) {
        return parameter;
      }
    }
    return null;
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

}
