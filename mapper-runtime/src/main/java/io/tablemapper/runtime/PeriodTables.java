package io.tablemapper.runtime;

import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.EntityQuery;
import io.tablemapper.internal.model.TableTemplate;
import io.tablemapper.spi.TableBackend;
import java.util.ArrayList;
import java.util.List;

/**
 * The tables of an entity with a table per period ({@code @Entity(table = "Logins{at:day}")}): which of them a query
 * reads, and which exist. A query whose conditions fix one period reads that period's table without asking the store
 * which tables exist (a point read stays one request); any other lists the type's tables once
 * ({@link TableBackend#listTables}) and reads those whose period lies in the query's range, each with one query.
 * Nothing here creates a table: reads of a missing one find nothing ({@link Tables#read}).
 */
final class PeriodTables {
  private final TableBackend backend;

  PeriodTables(TableBackend backend) {
    this.backend = backend;
  }

  /**
   * The concrete tables a query of a period mapping reads, in period order.
   *
   * @throws IllegalArgumentException if a bound of the query is no time of the period's property's type
   */
  List<String> of(EntityMapping<?> mapping, EntityQuery query) {
    TableTemplate template = mapping.tableTemplate();
    String from = query.periodsBound() && query.periodFrom() != null ? template.period(query.periodFrom()) : null;
    String to = query.periodsBound() && query.periodTo() != null ? template.period(query.periodTo()) : null;
    if (from != null && from.equals(to)) {
      return List.of(template.prefix() + from);
    }
    List<String> tables = new ArrayList<>();
    for (String table : existing(template)) {
      String period = template.periodOf(table);
      if ((from == null || period.compareTo(from) >= 0) && (to == null || period.compareTo(to) <= 0)) {
        tables.add(table);
      }
    }
    return tables;
  }

  /** The tables of a template that exist, in period order. */
  List<String> existing(TableTemplate template) {
    List<String> tables = new ArrayList<>();
    for (String table : backend.listTables(template.prefix())) {
      if (template.periodOf(table) != null) {
        tables.add(table);
      }
    }
    tables.sort((a, b) -> template.periodOf(a).compareTo(template.periodOf(b)));
    return tables;
  }
}
