package io.tablemapper.runtime;

import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.WideRows;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a wide entity whole: its head row (as a query or point read found it) and its part rows, one range read of
 * {@code RowKey~01} to {@code RowKey~99} in its partition, joined into the logical row its mapping reads
 * ({@link WideRows#join}). Every write of a wide entity writes all its rows with one write id in one transaction, so
 * parts of another write than the head's mean a write came between the two reads: the head is read again (at most
 * {@value EgtWriter#MAX_ATTEMPTS} times), never a mix of two versions returned.
 */
final class WideReads {
  private WideReads() {}

  /**
   * The whole entity of a head row.
   *
   * @return the logical row (the head itself when it has no parts); null when the entity was deleted meanwhile
   * @throws io.tablemapper.api.MalformedRowException if the parts never match the head (rows not written by the
   *     mapper, or a write between every pair of reads)
   */
  static TableRow whole(TableBackend backend, Discriminator discriminator, EntityMapping<?> mapping, TableRow head) {
    String table = mapping.table();
    TableRow current = head;
    for (int attempt = 1; ; attempt++) {
      if (current == null || WideRows.parts(current) == 0) {
        return current;
      }
      List<TableRow> parts = parts(backend, table, current);
      if (WideRows.mismatch(current, parts) == null || attempt >= EgtWriter.MAX_ATTEMPTS) {
        return WideRows.join(current, parts, discriminator.name(), table, mapping.entityClass().getSimpleName());
      }
      current = backend.get(table, current.partitionKey(), current.rowKey()).orElse(null);
    }
  }

  /** The stored entity at its keys, whole, or null when there is none. */
  static TableRow read(TableBackend backend, Discriminator discriminator, EntityMapping<?> mapping,
      String partitionKey, String rowKey) {
    return whole(backend, discriminator, mapping,
        backend.get(mapping.table(), partitionKey, rowKey).orElse(null));
  }

  /** The part rows stored under a head row's RowKey, in order. */
  private static List<TableRow> parts(TableBackend backend, String table, TableRow head) {
    TableQuery query = TableQuery.builder(table)
        .partitionKey(head.partitionKey())
        .rowFrom(KeyBound.inclusive(WideRows.partRowKey(head.rowKey(), 1)))
        .rowTo(KeyBound.inclusive(WideRows.partRowKey(head.rowKey(), WideRows.MAX_PARTS)))
        .build();
    List<TableRow> rows = new ArrayList<>();
    int length = head.rowKey().length() + 3;
    QueryResult page = backend.query(query);
    while (true) {
      for (TableRow row : page.rows()) {
        if (row.rowKey().length() == length) { // only RowKey~NN: no longer key in the range is a part
          rows.add(row);
        }
      }
      if (page.continuation() == null) {
        return rows;
      }
      page = backend.query(query.withContinuation(page.continuation()));
    }
  }
}
