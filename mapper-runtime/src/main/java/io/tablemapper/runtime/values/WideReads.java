package io.tablemapper.runtime.values;

import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.WideRows;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.config.MapperSettings;

/**
 * Reads a wide entity whole: its head row (as a query or point read found it) and its part rows, one range read of
 * {@code RowKey~01} to {@code RowKey~99} in its partition, joined into the logical row its mapping reads
 * ({@link WideRows#join}). Every write of a wide entity writes all its rows with one write id in one transaction, so
 * parts of another write than the head's mean a write came between the two reads: the head is read again (at most
 * {@value MapperSettings#RACE_ATTEMPTS} times), never a mix of two versions returned.
 *
 * <p>The steps are composed over {@link RowReads}, once for both paths: the blocking path's reads complete at once
 * (its caller joins the future), the async path's are the store's async requests, so that making a row whole holds no
 * thread while they are under way — and happens before the row is decoded, never inside a decoder.
 */
public final class WideReads {
  private WideReads() {}

  /**
   * The whole entity of a head row.
   *
   * @return the future of the logical row (the head itself when it has no parts), or of null when the entity was
   *     deleted meanwhile; failed with {@link io.tablemapper.api.MalformedRowException} if the parts never match the
   *     head (rows not written by the mapper, or a write between every pair of reads), or with what a read failed with
   */
  public static CompletableFuture<TableRow> whole(
      RowReads reads, Discriminator discriminator, EntityMapping<?> mapping, TableRow head) {
    return whole(reads, discriminator, mapping, head, 1);
  }

  private static CompletableFuture<TableRow> whole(
      RowReads reads, Discriminator discriminator, EntityMapping<?> mapping, TableRow current, int attempt) {
    if (current == null || WideRows.parts(current) == 0) {
      return CompletableFuture.completedFuture(current);
    }
    String table = mapping.table();
    return Futures.compose(parts(reads, table, current), parts -> {
      if (WideRows.mismatch(current, parts) == null || attempt >= MapperSettings.RACE_ATTEMPTS) {
        return CompletableFuture.completedFuture(
            WideRows.join(current, parts, discriminator.name(), table, mapping.entityClass().getSimpleName()));
      }
      return Futures.compose(reads.get(table, current.partitionKey(), current.rowKey()),
          again -> whole(reads, discriminator, mapping, again, attempt + 1));
    });
  }

  /** The stored entity at its keys, whole, or null when there is none. */
  public static CompletableFuture<TableRow> read(RowReads reads, Discriminator discriminator, EntityMapping<?> mapping,
      String partitionKey, String rowKey) {
    return Futures.compose(reads.get(mapping.table(), partitionKey, rowKey),
        head -> whole(reads, discriminator, mapping, head));
  }

  /** The part rows stored under a head row's RowKey, in order. */
  private static CompletableFuture<List<TableRow>> parts(RowReads reads, String table, TableRow head) {
    TableQuery query = TableQuery.builder(table)
        .partitionKey(head.partitionKey())
        .rowFrom(KeyBound.inclusive(WideRows.partRowKey(head.rowKey(), 1)))
        .rowTo(KeyBound.inclusive(WideRows.partRowKey(head.rowKey(), WideRows.MAX_PARTS)))
        .build();
    int length = head.rowKey().length() + 3;
    return reads.rows(query).thenApply(rows -> {
      List<TableRow> parts = new ArrayList<>(rows.size());
      for (TableRow row : rows) {
        if (row.rowKey().length() == length) { // only RowKey~NN: no longer key in the range is a part
          parts.add(row);
        }
      }
      return parts;
    });
  }
}
