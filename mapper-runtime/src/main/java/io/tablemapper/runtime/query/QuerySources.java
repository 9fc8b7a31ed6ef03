package io.tablemapper.runtime.query;

import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.EntityQuery;
import java.util.ArrayList;
import java.util.List;

/**
 * The run that reads one planned query of an entity class: one read ({@link QueryRun}), the merge of several in key
 * order ({@link UnionRun} for an {@code In} on a key component, {@link MergeRun} for the branches of an {@code Or}
 * and the tables of a table per period), or nothing for an {@code In} of an empty collection — on the blocking path
 * or the async one, one rule for both.
 *
 * @param <T> the entity class
 */
final class QuerySources<T> {
  private final ReadSide side;
  private final EntityMapping<T> mapping;

  QuerySources(ReadSide side, EntityMapping<T> mapping) {
    this.side = side;
    this.mapping = mapping;
  }

  /**
   * The rows of a query: one read, or the merge of several ({@code In} on a key component, the branches of an
   * {@code Or}, or nothing at all for an {@code In} with an empty collection). A page's token cannot resume a read of
   * several tables of a table per period, so such a page ({@code page}) is refused. On the async path ({@code async})
   * the reads of a union start when it is first read, holding no pool thread, and the tables of a period and the
   * branches of an {@code Or} are merged as on the blocking path, each read by its own async requests
   * ({@link MergeRun#nextAsync}).
   */
  RowSource source(
      EntityQuery query, String startToken, boolean countOnly, List<String> select, boolean page, boolean async) {
    if (mapping.tableTemplate() != null) {
      return periodSource(query, startToken, countOnly, select, page);
    }
    if (query.overlapping() && !query.matchesNothing()) {
      // a count reads a branch through an index whole (one row at most): a keys-only copy row has the copy's keys,
      // and the merge must see the entity's to count an entity that two branches match once
      return MergeRun.union(side, mapping, query,
          read -> new QueryRun<>(side, mapping, read, null, countOnly && read.index() == null, select), !async);
    }
    if (query.reads() != null || query.matchesNothing()) {
      return new UnionRun<>(side, mapping, query, read -> new QueryRun<>(side, mapping, read, null, countOnly, select),
          async);
    }
    return new QueryRun<>(side, mapping, query, startToken, countOnly, select, countOnly);
  }

  /**
   * The rows of a query of a table per period: one read of one table as for any entity (its pages resume), or the
   * merge of one read per table and per read of an {@code In} ({@link MergeRun}). A read through an index is refused
   * when the index is not ready in a table it reads ({@link io.tablemapper.runtime.store.IndexStates#requireReady}):
   * each period's table keeps its own state.
   *
   * @throws io.tablemapper.api.IndexNotReadyException if so
   */
  RowSource periodSource(
      EntityQuery query, String startToken, boolean countOnly, List<String> select, boolean page) {
    List<QueryRun<?>> runs = new ArrayList<>();
    List<String> tables = new ArrayList<>();
    if (!query.matchesNothing()) {
      for (EntityQuery read : query.reads() == null ? List.of(query) : query.reads()) {
        for (String table : side.periods().of(mapping, read)) {
          side.states().requireReady(mapping.inTable(table), read.index());
          runs.add(new QueryRun<>(side, mapping.inTable(table), read, startToken,
              countOnly && (!query.overlapping() || read.index() == null), select));
          if (!tables.contains(table)) {
            tables.add(table);
          }
        }
      }
    }
    if (runs.size() == 1) {
      return runs.get(0);
    }
    if (startToken != null || page) {
      throw new TableMapperException(query.method() + " reads " + tables.size() + " tables of "
          + mapping.tableTemplate() + " (" + String.join(", ", tables) + "), and a page cannot resume a read of"
          + " several tables; bind '" + mapping.tableTemplate().property() + "' to one "
          + mapping.tableTemplate().unit().modifier() + ", or return a List or a Stream, which merge them");
    }
    return new MergeRun(side, query, tables.isEmpty() ? mapping.table() : String.join(",", tables), runs, false);
  }
}
