package io.tablemapper.runtime.store;

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
public final class PeriodTables {
  private final TableBackend backend;

  public PeriodTables(TableBackend backend) {
    this.backend = backend;
  }

  /**
   * The concrete tables a query of a period mapping reads, in period order.
   *
   * @throws IllegalArgumentException if a bound of the query is no time of the period's property's type
   */
  public List<String> of(EntityMapping<?> mapping, EntityQuery query) {
    TableTemplate template = mapping.tableTemplate();
    String from = query.periodsBound() ? bound(template, query.periodFrom(), true) : null;
    String to = query.periodsBound() ? bound(template, query.periodTo(), false) : null;
    if (from != null && from.equals(to)) {
      return from.equals(NONE) ? List.of() : List.of(template.prefix() + from);
    }
    if (NONE.equals(from) || NONE.equals(to)) {
      return List.of(); // past the last period, or before the first: no table can hold a match
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

  /** A bound no period reaches ({@link #bound}). */
  private static final String NONE = "";

  /**
   * One end of a query's range of periods: the period of its time, null for an open end (none given, or a lower bound
   * before every period, or an upper one after every period), or {@link #NONE} for an end that no period reaches (a
   * lower bound past the year 9999, an upper one before the year 0000).
   */
  private static String bound(TableTemplate template, Object time, boolean lower) {
    if (time == null) {
      return null;
    }
    try {
      return template.period(time);
    } catch (IllegalArgumentException outside) {
      return lower == TableTemplate.beforeEveryPeriod(time) ? null : NONE;
    }
  }

  /** The tables of a template that exist, in period order. */
  public List<String> existing(TableTemplate template) {
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
