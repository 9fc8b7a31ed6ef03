package io.tablemapper.processor.planning;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import io.tablemapper.internal.mapping.Values;
import io.tablemapper.spi.Filter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A condition's operator in a derived method name: the keyword that writes it, how plans write it, and the
 * {@link Filter} factory that compares the property with each of its operands when the condition is left to a
 * filter (so it takes one parameter per factory: {@code Between} two, {@code ge} and {@code le}; {@code IsNull} and
 * {@code IsNotNull} none, their factory testing presence).
 */
public enum Operator {
  GREATER_THAN_EQUAL("GreaterThanEqual", "ge", "ge"),
  GREATER_THAN("GreaterThan", "gt", "gt"),
  LESS_THAN_EQUAL("LessThanEqual", "le", "le"),
  LESS_THAN("LessThan", "lt", "lt"),
  BETWEEN("Between", "between", "ge", "le"),
  STARTS_WITH("StartsWith", "starts with", "startsWith"),
  /**
   * Equal to any element of a {@code Collection} parameter: on a key component one read per distinct element, else
   * a filter {@code or} of equalities.
   */
  IN("In", "in", "eq"),
  /** The row lacks the property (the store has no nulls: a null field is written as no property); no parameter. */
  IS_NULL("IsNull", "absent", "absent"),
  /** The row has the property; no parameter. */
  IS_NOT_NULL("IsNotNull", "present", "present"),
  /** {@code IsNotNull} as Jakarta Data writes it; before {@code Not}, which it starts with. */
  NOT_NULL("NotNull", "present", "present"),
  /** {@code IsNull} as Jakarta Data writes it. */
  NULL("Null", "absent", "absent"),
  /** Not equal to any element of a collection (Jakarta Data's {@code NotIn}); evaluated by the client only. */
  NOT_IN("NotIn", "not in", "ne"),
  /** Outside a range, bounds excluded (Jakarta Data's {@code NotBetween}); evaluated by the client only. */
  NOT_BETWEEN("NotBetween", "not between", "lt", "gt"),
  /** Text that does not match a pattern (Jakarta Data's {@code NotLike}); evaluated by the client only. */
  NOT_LIKE("NotLike", "not like", "notLike"),
  /** Text that contains the parameter (Jakarta Data's {@code Contains}); evaluated by the client only. */
  CONTAINS("Contains", "contains", "contains"),
  /** Text that ends with the parameter (Jakarta Data's {@code EndsWith}); evaluated by the client only. */
  ENDS_WITH("EndsWith", "ends with", "endsWith"),
  /** Text that matches a pattern of {@code %} and {@code _} (Jakarta Data's {@code Like}); the client only. */
  LIKE("Like", "like", "like"),
  /** A boolean property that is true (Jakarta Data's {@code True}); no parameter. */
  TRUE("True", "eq true", "eq"),
  /** A boolean property that is false (Jakarta Data's {@code False}); no parameter. */
  FALSE("False", "eq false", "eq"),
  /** Not equal; false, as every comparison, for a row that lacks the property. */
  NOT("Not", "ne", "ne"),
  EQUAL("", "eq", "eq");

  private static final ClassName FILTER = ClassName.get(Filter.class);
  private static final ClassName OP = ClassName.get(Filter.Op.class);
  private static final ClassName VALUES = ClassName.get(Values.class);

  private final String keyword;
  private final String text;
  private final List<String> filterFactories;

  Operator(String keyword, String text, String... filterFactories) {
    this.keyword = keyword;
    this.text = text;
    this.filterFactories = List.of(filterFactories);
  }

  /** The suffix in a method name ({@code ""} for equality). */
  public String keyword() {
    return keyword;
  }

  /** The number of parameters the condition takes. */
  public int arity() {
    return operandless() ? 0 : filterFactories.size();
  }

  /**
   * Whether it takes no parameter: {@code IsNull} and {@code IsNotNull} test the property's presence, {@code True}
   * and {@code False} compare it with a constant.
   */
  public boolean operandless() {
    return this == IS_NULL || this == IS_NOT_NULL || this == NOT_NULL || this == NULL || constant();
  }

  /** Whether it compares a boolean property with a constant: {@code True}, {@code False}. */
  public boolean constant() {
    return this == TRUE || this == FALSE;
  }

  /** Whether it tests the property's presence: {@code IsNull}, {@code IsNotNull} and their Jakarta spellings. */
  public boolean presence() {
    return operandless() && !constant();
  }

  /** Whether only Jakarta Data's method names may use it. */
  public boolean jakartaOnly() {
    return this == NOT_NULL || this == NULL || constant() || clientOnly();
  }

  /**
   * Whether the store has no filter for it, so that only the client evaluates it (under
   * {@code -Atablemapper.jakarta.allowScan=true}): the Table service compares whole values and ranges, and
   * {@code NotIn} is left to the client with them.
   */
  public boolean clientOnly() {
    return this == NOT_IN || this == NOT_BETWEEN || this == NOT_LIKE || this == CONTAINS || this == ENDS_WITH
        || this == LIKE;
  }

  /** How plans write it. */
  String text() {
    return text;
  }

  /** Whether it needs an ordered property. */
  public boolean isRange() {
    return this == GREATER_THAN_EQUAL || this == GREATER_THAN || this == LESS_THAN_EQUAL || this == LESS_THAN
        || this == BETWEEN;
  }

  /** Whether it binds a key component to one value per read: equality, or {@code In} (one read per element). */
  boolean bindsValue() {
    return this == EQUAL || this == IN;
  }

  /**
   * The filters that together evaluate the condition: {@code Filter.ge(property, from)} and
   * {@code Filter.le(property, to)} for {@code Between}.
   *
   * @param property the stored name of the property
   * @param operands the store values of the operands, one per parameter
   */
  public List<CodeBlock> filters(CodeBlock property, List<CodeBlock> operands) {
    List<CodeBlock> filters = new ArrayList<>();
    if (constant()) {
      filters.add(CodeBlock.of("$T.eq($L, $L)", FILTER, property, this == TRUE));
      return filters;
    }
    if (operandless()) {
      filters.add(CodeBlock.of("$T.$N($L)", FILTER, filterFactories.get(0), property));
      return filters;
    }
    for (int i = 0; i < filterFactories.size(); i++) {
      filters.add(CodeBlock.of("$T.$N($L, $L)", FILTER, filterFactories.get(i), property, operands.get(i)));
    }
    return filters;
  }

  /**
   * The filters of a condition on a {@code long} property, each matching Int64 and Int32 rows alike, as reads accept
   * both: {@code Values.int64(Filter.Op.GE, property, from)}.
   */
  public List<CodeBlock> int64Filters(CodeBlock property, List<CodeBlock> operands) {
    List<CodeBlock> filters = new ArrayList<>();
    for (int i = 0; i < filterFactories.size(); i++) {
      filters.add(CodeBlock.of("$T.int64($T.$N, $L, $L)", VALUES, OP,
          filterFactories.get(i).toUpperCase(Locale.ROOT), property, operands.get(i)));
    }
    return filters;
  }

  /**
   * The operator that matches a present value exactly when this one does not (JDQL's {@code NOT}), or null for one
   * without such a counterpart ({@code StartsWith}, {@code Contains}, {@code EndsWith}).
   */
  public Operator negated() {
    switch (this) {
      case EQUAL:
        return NOT;
      case NOT:
        return EQUAL;
      case LESS_THAN:
        return GREATER_THAN_EQUAL;
      case GREATER_THAN_EQUAL:
        return LESS_THAN;
      case LESS_THAN_EQUAL:
        return GREATER_THAN;
      case GREATER_THAN:
        return LESS_THAN_EQUAL;
      case IN:
        return NOT_IN;
      case NOT_IN:
        return IN;
      case BETWEEN:
        return NOT_BETWEEN;
      case NOT_BETWEEN:
        return BETWEEN;
      case LIKE:
        return NOT_LIKE;
      case NOT_LIKE:
        return LIKE;
      case NULL:
      case IS_NULL:
        return NOT_NULL;
      case NOT_NULL:
      case IS_NOT_NULL:
        return NULL;
      case TRUE:
        return FALSE;
      case FALSE:
        return TRUE;
      default:
        return null;
    }
  }

  /** The operator with reversed order, for descending key components. */
  Operator reversed() {
    switch (this) {
      case GREATER_THAN:
        return LESS_THAN;
      case GREATER_THAN_EQUAL:
        return LESS_THAN_EQUAL;
      case LESS_THAN:
        return GREATER_THAN;
      case LESS_THAN_EQUAL:
        return GREATER_THAN_EQUAL;
      default:
        return this;
    }
  }
}
