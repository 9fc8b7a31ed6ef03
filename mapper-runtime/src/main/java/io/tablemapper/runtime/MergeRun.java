package io.tablemapper.runtime;

import io.tablemapper.api.QueryEvent;
import io.tablemapper.internal.mapping.EntityQuery;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableRow;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The run of a query over several tables of a table per period: one {@link QueryRun} per table (and per read of an
 * {@code In}), merged in key order — PartitionKey, then RowKey — as their rows come, each read asked for a page only
 * when the merge has taken all it had. Rows of identical keys are taken once (an entity lives in the one table its
 * period names). One {@link QueryEvent} reports the whole merge. A page token cannot resume several tables: a
 * {@code Page} over more than one table is refused before this runs.
 */
final class MergeRun implements RowSource {
  private final MapperCore core;
  private final EntityQuery query;
  private final String tables;
  private final List<QueryRun<?>> runs;
  private final List<ArrayDeque<TableRow>> buffers = new ArrayList<>();
  private TableRow last;

  /**
   * @param tables the tables read, for the listener (their names joined)
   */
  MergeRun(MapperCore core, EntityQuery query, String tables, List<QueryRun<?>> runs) {
    this.core = core;
    this.query = query;
    this.tables = tables;
    this.runs = runs;
    for (int i = 0; i < runs.size(); i++) {
      buffers.add(new ArrayDeque<>());
    }
  }

  /** Fills the buffer of a read that has more, until it holds a row or the read is done. */
  private void fill(int read, int max) {
    ArrayDeque<TableRow> buffer = buffers.get(read);
    QueryRun<?> run = runs.get(read);
    while (buffer.isEmpty() && !run.exhausted()) {
      buffer.addAll(run.next(Math.max(1, Math.min(max, StoreLimits.MAX_PAGE_SIZE))));
    }
  }

  @Override
  public boolean exhausted() {
    for (int read = 0; read < runs.size(); read++) {
      if (!buffers.get(read).isEmpty() || !runs.get(read).exhausted()) {
        return false;
      }
    }
    return true;
  }

  @Override
  public String token() {
    return null;
  }

  @Override
  public List<TableRow> next(int max) {
    List<TableRow> rows = new ArrayList<>();
    while (rows.size() < max) {
      int least = -1;
      for (int read = 0; read < runs.size(); read++) {
        fill(read, max);
        TableRow head = buffers.get(read).peek();
        if (head != null && (least < 0 || compare(head, buffers.get(least).peek()) < 0)) {
          least = read;
        }
      }
      if (least < 0) {
        break;
      }
      TableRow row = buffers.get(least).poll();
      if (last == null || compare(last, row) != 0) {
        rows.add(row);
      }
      last = row;
    }
    return rows;
  }

  private static int compare(TableRow a, TableRow b) {
    int partition = a.partitionKey().compareTo(b.partitionKey());
    return partition != 0 ? partition : a.rowKey().compareTo(b.rowKey());
  }

  @Override
  public void report(int rowsReturned) {
    int rowsRead = 0;
    int requests = 0;
    for (QueryRun<?> run : runs) {
      rowsRead += run.takeRowsRead();
      requests += run.takeRequests();
    }
    if (core.listening()) {
      core.report(new QueryEvent(query.method(), query.kind(), query.plan(), tables, rowsRead, rowsReturned,
          requests));
    }
  }
}
