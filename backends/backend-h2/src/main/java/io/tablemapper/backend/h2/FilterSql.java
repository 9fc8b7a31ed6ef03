package io.tablemapper.backend.h2;

import static io.tablemapper.backend.h2.Schema.PROPERTIES;

import io.tablemapper.spi.EdmType;
import io.tablemapper.spi.Filter;
import java.time.Instant;
import java.util.List;

/**
 * Translates a residual {@link Filter} into a SQL condition on the entity row {@code e}, so the database evaluates
 * it and a page reads only matching rows. The condition selects exactly the rows {@link Filter#test} accepts:
 *
 * <ul>
 *   <li>A comparison with a property is {@code EXISTS} a property row of that name, of the literal's type, whose
 *       value compares as required; a row lacking the property, or holding it with another type, has no such
 *       property row, so every operator, {@code ne} included, is false for it.
 *   <li>Values compare as their order-preserving {@link Encoding}s, so strings compare by UTF-16 code units,
 *       binaries unsigned, Guids by their text, whatever collation the database has.
 *   <li>Doubles follow IEEE 754 as {@code Filter} does: {@code -0.0} is stored as {@code 0.0}; a NaN literal
 *       satisfies only {@code ne} (and that against every Double); a stored NaN satisfies only {@code ne}, which its
 *       encoding, above every number, gives for {@code eq}, {@code lt} and {@code le}, and an explicit exclusion for
 *       {@code gt} and {@code ge}.
 *   <li>A {@link Filter.Presence} is {@code EXISTS} or {@code NOT EXISTS} a property row of that name, of any type.
 *   <li>{@code PartitionKey} and {@code RowKey} compare with a String literal, {@code Timestamp} with a DateTime one;
 *       a literal of another type matches nothing, as in {@code Filter.test}.
 * </ul>
 */
final class FilterSql {
  private FilterSql() {}

  /** Appends the condition for {@code filter} to {@code sql} and its parameters, in order, to {@code parameters}. */
  static void append(Filter filter, StringBuilder sql, List<Object> parameters) {
    if (filter instanceof Filter.And) {
      appendAll(((Filter.And) filter).operands(), " AND ", sql, parameters);
    } else if (filter instanceof Filter.Or) {
      appendAll(((Filter.Or) filter).operands(), " OR ", sql, parameters);
    } else if (filter instanceof Filter.Presence) {
      appendPresence((Filter.Presence) filter, sql, parameters);
    } else {
      appendComparison((Filter.Comparison) filter, sql, parameters);
    }
  }

  private static void appendAll(List<Filter> operands, String operator, StringBuilder sql, List<Object> parameters) {
    sql.append('(');
    for (int i = 0; i < operands.size(); i++) {
      if (i > 0) {
        sql.append(operator);
      }
      append(operands.get(i), sql, parameters);
    }
    sql.append(')');
  }

  private static void appendComparison(Filter.Comparison comparison, StringBuilder sql, List<Object> parameters) {
    String property = comparison.property();
    Object value = comparison.value();
    switch (property) {
      case "PartitionKey":
      case "RowKey":
        if (!(value instanceof String)) {
          sql.append("FALSE");
          return;
        }
        sql.append(property.equals("PartitionKey") ? "e.PK " : "e.RK ").append(operator(comparison.op())).append(" ?");
        parameters.add(Encoding.text((String) value));
        return;
      case "Timestamp":
        if (!(value instanceof Instant)) {
          sql.append("FALSE");
          return;
        }
        sql.append("e.TS ").append(operator(comparison.op())).append(" ?");
        parameters.add(Encoding.instant((Instant) value));
        return;
      default:
        appendPropertyComparison(comparison, sql, parameters);
    }
  }

  private static void appendPropertyComparison(
      Filter.Comparison comparison, StringBuilder sql, List<Object> parameters) {
    Object value = comparison.value();
    Filter.Op op = comparison.op();
    boolean nanLiteral = value instanceof Double && Double.isNaN((Double) value);
    if (nanLiteral && op != Filter.Op.NE) {
      sql.append("FALSE");
      return;
    }
    EdmType type = comparison.type();
    sql.append("EXISTS (SELECT 1 FROM ").append(PROPERTIES).append(" f WHERE f.TABLE_ID = e.TABLE_ID")
        .append(" AND f.PK = e.PK AND f.RK = e.RK AND f.NAME = ? AND f.TYPE = ?");
    parameters.add(comparison.property());
    parameters.add(Encoding.typeCode(type));
    if (!nanLiteral) {
      sql.append(" AND f.VAL ").append(operator(op)).append(" ?");
      parameters.add(Encoding.value(value));
      if (type == EdmType.DOUBLE && (op == Filter.Op.GT || op == Filter.Op.GE)) {
        sql.append(" AND f.VAL <> ?");
        parameters.add(Encoding.NAN);
      }
    }
    sql.append(')');
  }

  /**
   * {@code EXISTS} (or {@code NOT EXISTS}) a property row of that name, of any type; the keys and the Timestamp are
   * in every row.
   */
  private static void appendPresence(Filter.Presence presence, StringBuilder sql, List<Object> parameters) {
    String property = presence.property();
    if (property.equals("PartitionKey") || property.equals("RowKey") || property.equals("Timestamp")) {
      sql.append(presence.present() ? "TRUE" : "FALSE");
      return;
    }
    sql.append(presence.present() ? "EXISTS" : "NOT EXISTS").append(" (SELECT 1 FROM ").append(PROPERTIES)
        .append(" f WHERE f.TABLE_ID = e.TABLE_ID AND f.PK = e.PK AND f.RK = e.RK AND f.NAME = ?)");
    parameters.add(property);
  }

  private static String operator(Filter.Op op) {
    switch (op) {
      case EQ:
        return "=";
      case NE:
        return "<>";
      case GT:
        return ">";
      case GE:
        return ">=";
      case LT:
        return "<";
      case LE:
        return "<=";
      default:
        throw new AssertionError(op);
    }
  }
}
