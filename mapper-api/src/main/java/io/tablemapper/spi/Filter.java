package io.tablemapper.spi;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A residual filter: comparisons of properties with typed values, combined with {@code and} / {@code or}.
 *
 * <p>Semantics are the store's and are implemented once, by {@link #test(TableRow)}: a comparison with a
 * property the row does not have, or whose value is of another {@link EdmType} than the literal, is false (so
 * {@code ne} does not match rows lacking the property). {@code PartitionKey} and {@code RowKey} may be compared
 * as strings and {@code Timestamp} as a DateTime. Strings compare by UTF-16 code units; doubles by IEEE 754 rules,
 * as the service does ({@code NaN} equals nothing, not even itself, and {@code -0.0} equals {@code 0.0}). Whether
 * a row has a property at all, whatever its type, is a {@link Presence}: the store has no nulls, so an absent
 * property is what a {@code null} field was written as.
 */
public sealed interface Filter permits Filter.Comparison, Filter.And, Filter.Or, Filter.Presence {

  /** The comparison operators. */
  enum Op {
    EQ("eq"),
    NE("ne"),
    GT("gt"),
    GE("ge"),
    LT("lt"),
    LE("le");

    private final String odata;

    Op(String odata) {
      this.odata = odata;
    }

    /** The OData operator, for example {@code ge}. */
    public String odata() {
      return odata;
    }
  }

  /** Whether a row matches. */
  boolean test(TableRow row);

  /** {@code property eq value}. */
  static Filter eq(String property, Object value) {
    return new Comparison(property, Op.EQ, value);
  }

  /** {@code property ne value}. */
  static Filter ne(String property, Object value) {
    return new Comparison(property, Op.NE, value);
  }

  /** {@code property gt value}. */
  static Filter gt(String property, Object value) {
    return new Comparison(property, Op.GT, value);
  }

  /** {@code property ge value}. */
  static Filter ge(String property, Object value) {
    return new Comparison(property, Op.GE, value);
  }

  /** {@code property lt value}. */
  static Filter lt(String property, Object value) {
    return new Comparison(property, Op.LT, value);
  }

  /** {@code property le value}. */
  static Filter le(String property, Object value) {
    return new Comparison(property, Op.LE, value);
  }

  /** The row has {@code property}, of any type. */
  static Filter present(String property) {
    return new Presence(property, true);
  }

  /** The row lacks {@code property} (as a {@code null} field is written). */
  static Filter absent(String property) {
    return new Presence(property, false);
  }

  /**
   * {@code property} starts with {@code prefix}, as the store can evaluate it: {@code property ge prefix and
   * property lt <the smallest string above every string starting with prefix>}.
   */
  static Filter startsWith(String property, String prefix) {
    Filter from = ge(property, prefix);
    String end = KeyBound.prefixEnd(prefix);
    return end == null ? from : and(from, lt(property, end));
  }

  /** All of the filters; null operands are skipped, and a single operand is returned as is (null if none). */
  static Filter and(Filter... operands) {
    return combine(true, operands);
  }

  /** Any of the filters; null operands are skipped, and a single operand is returned as is (null if none). */
  static Filter or(Filter... operands) {
    return combine(false, operands);
  }

  private static Filter combine(boolean and, Filter... operands) {
    List<Filter> present = new ArrayList<>(operands.length);
    for (Filter operand : operands) {
      if (operand != null) {
        present.add(operand);
      }
    }
    if (present.isEmpty()) {
      return null;
    }
    if (present.size() == 1) {
      return present.get(0);
    }
    return and ? new And(present) : new Or(present);
  }

  /**
   * {@code property op value}.
   *
   * @param property a property name, or {@code PartitionKey} / {@code RowKey}
   * @param op the operator
   * @param value a store value (one of the {@link EdmType} carrier classes)
   */
  record Comparison(String property, Op op, Object value) implements Filter {
    public Comparison {
      Objects.requireNonNull(property, "property");
      Objects.requireNonNull(op, "op");
      EdmType.of(Objects.requireNonNull(value, () -> "value compared with " + property));
    }

    /** The type of the literal. */
    public EdmType type() {
      return EdmType.of(value);
    }

    @Override
    public boolean test(TableRow row) {
      Object actual;
      if (property.equals("PartitionKey")) {
        actual = row.partitionKey();
      } else if (property.equals("RowKey")) {
        actual = row.rowKey();
      } else if (property.equals("Timestamp")) {
        actual = row.timestamp();
      } else {
        actual = row.get(property);
      }
      if (actual == null || EdmType.of(actual) != EdmType.of(value)) {
        return false;
      }
      int order;
      if (actual instanceof Double) {
        double left = (Double) actual;
        double right = (Double) value;
        if (Double.isNaN(left) || Double.isNaN(right)) {
          return op == Op.NE;
        }
        order = left == right ? 0 : left < right ? -1 : 1;
      } else {
        order = PropertyValues.compare(actual, value);
      }
      switch (op) {
        case EQ:
          return order == 0;
        case NE:
          return order != 0;
        case GT:
          return order > 0;
        case GE:
          return order >= 0;
        case LT:
          return order < 0;
        case LE:
          return order <= 0;
        default:
          throw new AssertionError(op);
      }
    }

    @Override
    public String toString() {
      return property + " " + op.odata() + " " + PropertyValues.toString(value);
    }
  }

  /**
   * Whether a row has a property, of any type. {@code PartitionKey}, {@code RowKey} and {@code Timestamp} are
   * present in every row. No store's query language says this (Azure's OData has no null test), so a backend may
   * select more rows and check this in the client.
   *
   * @param property a property name
   * @param present true for rows that have it, false for rows that lack it
   */
  record Presence(String property, boolean present) implements Filter {
    public Presence {
      Objects.requireNonNull(property, "property");
    }

    @Override
    public boolean test(TableRow row) {
      boolean has = property.equals("PartitionKey") || property.equals("RowKey") || property.equals("Timestamp")
          || row.get(property) != null;
      return has == present;
    }

    @Override
    public String toString() {
      return property + (present ? " present" : " absent");
    }
  }

  /** All operands match. */
  record And(List<Filter> operands) implements Filter {
    public And {
      operands = List.copyOf(operands);
      if (operands.size() < 2) {
        throw new IllegalArgumentException("and needs two or more operands, got " + operands.size());
      }
    }

    @Override
    public boolean test(TableRow row) {
      for (Filter operand : operands) {
        if (!operand.test(row)) {
          return false;
        }
      }
      return true;
    }

    @Override
    public String toString() {
      return join(operands, " and ");
    }
  }

  /** Any operand matches. */
  record Or(List<Filter> operands) implements Filter {
    public Or {
      operands = List.copyOf(operands);
      if (operands.size() < 2) {
        throw new IllegalArgumentException("or needs two or more operands, got " + operands.size());
      }
    }

    @Override
    public boolean test(TableRow row) {
      for (Filter operand : operands) {
        if (operand.test(row)) {
          return true;
        }
      }
      return false;
    }

    @Override
    public String toString() {
      return join(operands, " or ");
    }
  }

  private static String join(List<Filter> operands, String separator) {
    StringBuilder text = new StringBuilder();
    for (Filter operand : operands) {
      if (text.length() > 0) {
        text.append(separator);
      }
      boolean nested = operand instanceof And || operand instanceof Or;
      text.append(nested ? "(" : "").append(operand).append(nested ? ")" : "");
    }
    return text.toString();
  }
}
