package io.tablemapper.backend.azure;

import io.tablemapper.spi.EdmType;
import io.tablemapper.spi.Filter;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.StoreLimits;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

/**
 * An OData {@code $filter} expression, or one of the constants "every row" and "no row", built from key ranges
 * and residual {@link Filter}s.
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
 * </ul>
 */
final class ODataFilter {
  /** Every row. */
  static final ODataFilter ALL = new ODataFilter(null);
  /** No row. */
  static final ODataFilter NONE = new ODataFilter(null);

  private final String text;

  private ODataFilter(String text) {
    this.text = text;
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

  @Override
  public String toString() {
    return this == ALL ? "<all rows>" : this == NONE ? "<no row>" : text;
  }

  // ------------------------------------------------------------------ combinators

  /** All of the expressions. */
  static ODataFilter and(List<ODataFilter> operands) {
    List<String> texts = new ArrayList<>();
    for (ODataFilter operand : operands) {
      if (operand == NONE) {
        return NONE;
      }
      if (operand != ALL) {
        texts.add(operand.text);
      }
    }
    return join(texts, " and ", ALL);
  }

  /** Any of the expressions. */
  static ODataFilter or(List<ODataFilter> operands) {
    List<String> texts = new ArrayList<>();
    for (ODataFilter operand : operands) {
      if (operand == ALL) {
        return ALL;
      }
      if (operand != NONE) {
        texts.add(operand.text);
      }
    }
    return join(texts, " or ", NONE);
  }

  private static ODataFilter join(List<String> texts, String operator, ODataFilter empty) {
    if (texts.isEmpty()) {
      return empty;
    }
    if (texts.size() == 1) {
      return new ODataFilter(texts.get(0));
    }
    StringBuilder joined = new StringBuilder();
    for (String text : texts) {
      if (joined.length() > 0) {
        joined.append(operator);
      }
      joined.append('(').append(text).append(')');
    }
    return new ODataFilter(joined.toString());
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
        return comparison(key, "eq", string(from.key()));
      }
    }
    List<ODataFilter> bounds = new ArrayList<>(2);
    if (from != null) {
      bounds.add(comparison(key, from.inclusive() ? "ge" : "gt", string(from.key())));
    }
    if (to != null) {
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
      return type == EdmType.STRING ? comparison(property, comparison.op().odata(), string((String) comparison.value()))
          : NONE;
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
        return comparison(property, op.odata(), string((String) value));
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
        return and(List.of(
            comparison(property, "ge", dateTimeLiteral(floor)), comparison(property, "lt", dateTimeLiteral(ceiling))));
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
    return new ODataFilter(name + " " + operator + " " + literal);
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
