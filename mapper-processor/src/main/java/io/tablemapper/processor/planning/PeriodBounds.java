package io.tablemapper.processor.planning;

import io.tablemapper.internal.model.TableTemplate;
import io.tablemapper.processor.entity.EntityModel;
import java.util.List;

/**
 * Which periods' tables a query of an entity with a table per period reads, from its conditions on the period's
 * property: an equality (or the element of an {@code In} fanned out over) fixes one table; {@code Between} and the
 * comparisons bound a range of tables; no condition reads every table of the type. Any condition narrows soundly:
 * conditions are joined by {@code And}, so every match lies in the periods of each one.
 *
 * @param template the entity's table-name template
 * @param from the parameter holding the first time read, or null for no lower bound
 * @param to the parameter holding the last time read, or null for no upper bound
 */
public record PeriodBounds(TableTemplate template, String from, String to) {

  /** The bounds of a query, or null for an entity with one table. */
  public static PeriodBounds of(EntityModel entity, List<Condition> conditions, String fanOut) {
    if (!TableTemplate.isTemplate(entity.table())) {
      return null;
    }
    TableTemplate template = TableTemplate.parse(entity.table());
    String from = null;
    String to = null;
    for (Condition condition : conditions) {
      if (!condition.property().name().equals(template.property())) {
        continue;
      }
      List<String> parameters = condition.parameters();
      switch (condition.operator()) {
        case EQUAL:
          from = parameters.get(0);
          to = parameters.get(0);
          break;
        case IN:
          if (parameters.get(0).equals(fanOut)) {
            from = fanOut;
            to = fanOut;
          }
          break;
        case BETWEEN:
          from = parameters.get(0);
          to = parameters.get(1);
          break;
        case GREATER_THAN:
        case GREATER_THAN_EQUAL:
          from = parameters.get(0);
          break;
        case LESS_THAN:
        case LESS_THAN_EQUAL:
          to = parameters.get(0);
          break;
        default:
          break;
      }
    }
    return new PeriodBounds(template, from, to);
  }

  /** Whether the query reads one table: the period of one time. */
  public boolean single() {
    return from != null && from.equals(to);
  }

  /** The tables read, in words, for the plan: {@code table Logins{at:day} of {at}}. */
  public String describe() {
    String unit = template.unit().modifier();
    if (single()) {
      return "table " + template + " of {" + from + "}";
    }
    String range = from == null && to == null ? "every " + unit + "'s table that exists"
        : "the tables of the " + unit + "s " + (from == null ? "up to {" + to + "}"
            : to == null ? "from {" + from + "} on" : "from {" + from + "} to {" + to + "}") + " that exist";
    return range + ", one query per table, merged in key order";
  }
}
