package io.tablemapper.backend.azure;

import io.tablemapper.spi.EdmType;
import io.tablemapper.spi.Filter;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.StoreLimits;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

/**
 * An OData {@code $filter} expression, or one of the constants "every row" and "no row", built from key ranges
 * and residual {@link Filter}s: a tree of comparisons joined by {@code and} and {@code or}, counted.
 *
 * <p>Every literal is escaped ({@code '} doubled inside strings; other types are formatted, never pasted), and a
 * property name that is not a valid one is never written: no row can hold it, so its comparison selects nothing.
 *
 * <p>The expression for a {@link Filter} selects <em>at least</em> the rows {@link Filter#test} accepts, exactly
 * where the service's comparison is known to agree with it, and more where it may not; the backend then checks
 * every row it receives with {@code Filter.test}, so the rows returned are exactly the filter's. Where the store
 * would be inexact, the comparison is widened or left to the client:
 *
 * <ul>
 *   <li>Int64 comparisons stay in the client: Azurite fails a query comparing an Int64 literal with a property
 *       that holds another type in some row.
 *   <li>DateTime comparisons are widened to whole milliseconds ({@code gt v} becomes {@code ge} the millisecond of
 *       {@code v}, and so on), since Azurite compares at millisecond precision; {@code ne} stays in the client.
 *   <li>Guid and Binary are sent only for {@code eq} and {@code ne}: how the service orders them is not
 *       documented, and Azurite orders Binary by its base64 text.
 *   <li>Double literals are written in plain decimal notation with a decimal point (the service's and Azurite's
 *       grammar); NaN selects nothing except with {@code ne}, and comparisons with infinities stay in the client.
 *   <li>A comparison of a key with a non-string value, or of {@code Timestamp} with a non-DateTime value, selects
 *       nothing, as {@code Filter.test} says.
 *   <li>A string holding a lone surrogate cannot be sent (requests are UTF-8), and no stored key or value holds
 *       one: its equality selects nothing, and every other comparison with it, or a key bound of it, stays in the
 *       client.
 * </ul>
 *
 * <p>The service takes at most {@value #MAX_COMPARISONS} discrete comparisons in one {@code $filter} (Azurite takes
 * more); {@link #limitedTo} widens a longer expression to that many, the client checking the rest.
 */
final class ODataFilter {
  /** The most discrete comparisons the service takes in one {@code $filter}. */
  static final int MAX_COMPARISONS = 15;

  /** Every row. */
  static final ODataFilter ALL = new ODataFilter(Kind.ALL, null, List.of(), 0);
  /** No row. */
  static final ODataFilter NONE = new ODataFilter(Kind.NONE, null, List.of(), 0);

  private enum Kind { ALL, NONE, COMPARISON, AND, OR }

  /** How selective a comparison is taken to be, most first: which to keep when not all can be sent. */
  private static final int KEY = 0;
  private static final int EQUAL = 1;
  private static final int RANGE = 2;
  private static final int NOT_EQUAL = 3;
  private static final int ANY_OF = 4;

  private final Kind kind;
  /** The text of a comparison; of a combination, built from its operands. */
  private final String text;
  private final List<ODataFilter> operands;
  /** For a comparison, one of {@link #KEY} to {@link #NOT_EQUAL}. */
  private final int rank;
  private final int comparisons;

  private ODataFilter(Kind kind, String text, List<ODataFilter> operands, int rank) {
    this.kind = kind;
    this.operands = operands;
    this.rank = rank;
    int count = kind == Kind.COMPARISON ? 1 : 0;
    for (ODataFilter operand : operands) {
      count += operand.comparisons;
    }
    this.comparisons = count;
    this.text = text != null || operands.isEmpty() ? text : join(operands, kind == Kind.AND ? " and " : " or ");
  }

  /** The OData expression; null for {@link #ALL} (no filter). */
  String text() {
    if (this == NONE) {
      throw new IllegalStateException("a filter that selects no row has no OData text; do not query");
    }
    return text;
  }

  boolean selectsNothing() {
    return this == NONE;
  }

  /** How many discrete comparisons the expression holds, the measure of the service's limit. */
  int comparisons() {
    return comparisons;
  }

  @Override
  public String toString() {
    return this == ALL ? "<all rows>" : this == NONE ? "<no row>" : text;
  }

  // ------------------------------------------------------------------ combinators

  /** All of the expressions. */
  static ODataFilter and(List<ODataFilter> operands) {
    List<ODataFilter> present = new ArrayList<>();
    for (ODataFilter operand : operands) {
      if (operand == NONE) {
        return NONE;
      }
      if (operand != ALL) {
        present.add(operand);
      }
    }
    return present.isEmpty() ? ALL : present.size() == 1 ? present.get(0) : new ODataFilter(Kind.AND, null,
        List.copyOf(present), 0);
  }

  /** Any of the expressions. */
  static ODataFilter or(List<ODataFilter> operands) {
    List<ODataFilter> present = new ArrayList<>();
    for (ODataFilter operand : operands) {
      if (operand == ALL) {
        return ALL;
      }
      if (operand != NONE) {
        present.add(operand);
      }
    }
    return present.isEmpty() ? NONE : present.size() == 1 ? present.get(0) : new ODataFilter(Kind.OR, null,
        List.copyOf(present), 0);
  }

  private static String join(List<ODataFilter> operands, String operator) {
    StringBuilder joined = new StringBuilder();
    for (ODataFilter operand : operands) {
      if (joined.length() > 0) {
        joined.append(operator);
      }
      joined.append('(').append(operand.text).append(')');
    }
    return joined.toString();
  }

  // ------------------------------------------------------------------ the service's limit

  /**
   * An expression of at most {@code max} comparisons that selects at least the rows this one selects: this one if
   * it fits. Of an {@code and}, the operands are kept most selective first — key comparisons, then equalities,
   * ranges, inequalities and last the {@code or}s, each as far as it fits — and the rest dropped; an {@code or}
   * is kept only whole, each of its operands within what is left for it, or dropped. What is dropped widens the
   * selection, never narrows it; the client checks every row received against the whole filter.
   */
  ODataFilter limitedTo(int max) {
    if (comparisons <= max) {
      return this;
    }
    switch (kind) {
      case AND:
        List<ODataFilter> conjuncts = new ArrayList<>();
        addConjuncts(this, conjuncts);
        conjuncts.sort(Comparator.comparingInt(ODataFilter::priority).thenComparingInt(ODataFilter::comparisons));
        List<ODataFilter> kept = new ArrayList<>();
        int left = max;
        for (ODataFilter conjunct : conjuncts) {
          ODataFilter limited = conjunct.limitedTo(left);
          if (limited != ALL) {
            kept.add(limited);
            left -= limited.comparisons;
          }
        }
        return and(kept);
      case OR:
        if (operands.size() > max) {
          return ALL;
        }
        List<ODataFilter> disjuncts = new ArrayList<>();
        int budget = max;
        for (int i = 0; i < operands.size(); i++) {
          // as much as is left, keeping one comparison for each operand after this one
          ODataFilter limited = operands.get(i).limitedTo(budget - (operands.size() - i - 1));
          if (limited == ALL) {
            return ALL;
          }
          disjuncts.add(limited);
          budget -= limited.comparisons;
        }
        return or(disjuncts);
      default:
        return ALL;
    }
  }

  private static void addConjuncts(ODataFilter filter, List<ODataFilter> conjuncts) {
    if (filter.kind == Kind.AND) {
      filter.operands.forEach(operand -> addConjuncts(operand, conjuncts));
    } else {
      conjuncts.add(filter);
    }
  }

  private int priority() {
    return kind == Kind.COMPARISON ? rank : ANY_OF;
  }

  // ------------------------------------------------------------------ key ranges

  /** {@code key} between the bounds (either null for none); {@link #NONE} if no key lies between them. */
  static ODataFilter keyRange(String key, KeyBound from, KeyBound to) {
    if (from != null && to != null) {
      int order = from.key().compareTo(to.key());
      if (order > 0 || (order == 0 && !(from.inclusive() && to.inclusive()))) {
        return NONE;
      }
      if (order == 0) {
        return sendable(from.key()) ? comparison(key, "eq", string(from.key())) : NONE;
      }
    }
    List<ODataFilter> bounds = new ArrayList<>(2);
    if (from != null && sendable(from.key())) {
      bounds.add(comparison(key, from.inclusive() ? "ge" : "gt", string(from.key())));
    }
    if (to != null && sendable(to.key())) {
      bounds.add(comparison(key, to.inclusive() ? "le" : "lt", string(to.key())));
    }
    return and(bounds);
  }

  // ------------------------------------------------------------------ residual filters

  /** At least the rows the filter accepts (null: every row). */
  static ODataFilter of(Filter filter) {
    if (filter == null) {
      return ALL;
    }
    if (filter instanceof Filter.And) {
      return and(translate(((Filter.And) filter).operands()));
    }
    if (filter instanceof Filter.Or) {
      return or(translate(((Filter.Or) filter).operands()));
    }
    if (filter instanceof Filter.Presence) {
      // OData as the service takes it has no null test: every row is selected and the client checks presence
      return ALL;
    }
    return comparison((Filter.Comparison) filter);
  }

  private static List<ODataFilter> translate(List<Filter> filters) {
    List<ODataFilter> translated = new ArrayList<>(filters.size());
    for (Filter filter : filters) {
      translated.add(of(filter));
    }
    return translated;
  }

  private static ODataFilter comparison(Filter.Comparison comparison) {
    String property = comparison.property();
    EdmType type = comparison.type();
    boolean key = property.equals("PartitionKey") || property.equals("RowKey");
    boolean timestamp = property.equals("Timestamp");
    if (key) {
      return type == EdmType.STRING ? string(property, comparison.op(), (String) comparison.value()) : NONE;
    }
    if (timestamp) {
      return type == EdmType.DATE_TIME ? dateTime(property, comparison.op(), (Instant) comparison.value()) : NONE;
    }
    if (!StoreLimits.isValidPropertyName(property)) {
      return NONE;
    }
    Filter.Op op = comparison.op();
    Object value = comparison.value();
    switch (type) {
      case STRING:
        return string(property, op, (String) value);
      case BOOLEAN:
      case INT32:
        return comparison(property, op.odata(), value.toString());
      case INT64:
        return ALL;
      case DOUBLE:
        return doubleComparison(property, op, (Double) value);
      case DATE_TIME:
        return dateTime(property, op, (Instant) value);
      case GUID:
        return op == Filter.Op.EQ || op == Filter.Op.NE ? comparison(property, op.odata(), guid((UUID) value)) : ALL;
      case BINARY:
        return op == Filter.Op.EQ || op == Filter.Op.NE ? comparison(property, op.odata(), binary((byte[]) value)) : ALL;
      default:
        throw new AssertionError(type);
    }
  }

  /**
   * A string comparison; one with a string that holds a lone surrogate cannot be sent (the request is UTF-8), and
   * no stored key or value holds one ({@code StoreLimits}): its equality selects nothing, anything else is left to
   * the client.
   */
  private static ODataFilter string(String property, Filter.Op op, String value) {
    if (sendable(value)) {
      return comparison(property, op.odata(), string(value));
    }
    return op == Filter.Op.EQ ? NONE : ALL;
  }

  /** Whether a string can be sent in a request: it holds no lone surrogate. */
  private static boolean sendable(String value) {
    return StoreLimits.firstLoneSurrogate(value) < 0;
  }

  private static ODataFilter doubleComparison(String property, Filter.Op op, double value) {
    if (Double.isNaN(value)) {
      // NaN equals nothing and orders with nothing; "ne NaN" holds for every Double, which only the client knows.
      return op == Filter.Op.NE ? ALL : NONE;
    }
    if (Double.isInfinite(value)) {
      return ALL;
    }
    return comparison(property, op.odata(), doubleLiteral(value));
  }

  /**
   * A DateTime comparison widened to whole milliseconds, so that a store comparing at millisecond precision still
   * returns every row the exact comparison accepts; literals outside the store's range are left to the client.
   */
  private static ODataFilter dateTime(String property, Filter.Op op, Instant value) {
    Instant floor = value.truncatedTo(ChronoUnit.MILLIS);
    Instant ceiling = floor.plusMillis(1);
    if (floor.isBefore(StoreLimits.MIN_DATE_TIME) || ceiling.isAfter(StoreLimits.MAX_DATE_TIME)) {
      return ALL;
    }
    switch (op) {
      case EQ:
        // an equality, however many comparisons it takes
        return and(List.of(comparison(property, "ge", dateTimeLiteral(floor), EQUAL),
            comparison(property, "lt", dateTimeLiteral(ceiling), EQUAL)));
      case GT:
      case GE:
        return comparison(property, "ge", dateTimeLiteral(floor));
      case LT:
      case LE:
        return comparison(property, "lt", dateTimeLiteral(ceiling));
      case NE:
        return ALL;
      default:
        throw new AssertionError(op);
    }
  }

  private static ODataFilter comparison(String name, String operator, String literal) {
    boolean key = name.equals("PartitionKey") || name.equals("RowKey");
    int rank = key ? KEY : operator.equals("eq") ? EQUAL : operator.equals("ne") ? NOT_EQUAL : RANGE;
    return comparison(name, operator, literal, rank);
  }

  private static ODataFilter comparison(String name, String operator, String literal, int rank) {
    return new ODataFilter(Kind.COMPARISON, name + " " + operator + " " + literal, List.of(), rank);
  }

  // ------------------------------------------------------------------ literals

  /** A string literal: quoted, with every quote inside doubled. */
  static String string(String value) {
    return "'" + value.replace("'", "''") + "'";
  }

  static String doubleLiteral(double value) {
    String plain = new BigDecimal(Double.toString(value)).toPlainString();
    if (value == 0.0) {
      plain = "0";
    }
    return plain.indexOf('.') >= 0 ? plain : plain + ".0";
  }

  static String dateTimeLiteral(Instant value) {
    return "datetime'" + Entities.formatDateTime(value) + "'";
  }

  static String guid(UUID value) {
    return "guid'" + value + "'";
  }

  static String binary(byte[] value) {
    return "X'" + HexFormat.of().formatHex(value) + "'";
  }
}
