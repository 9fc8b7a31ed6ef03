package io.tablemapper.runtime.index;

import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.runtime.store.Tables;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.util.ArrayList;
import java.util.List;

/**
 * The deletion of every row of an index a class no longer declares: its copies, claims and key-list rows, found by
 * their discriminator {@code type#index} in the entity's table and in the index's own (as the state row records it),
 * a page at a time, deleted in one transaction per partition and page (each conditional on the ETag read; a row
 * changed meanwhile is deleted alone, or left when it is gone).
 */
final class IndexDrop {
  private final IndexParts parts;

  IndexDrop(IndexParts parts) {
    this.parts = parts;
  }

  /** Deletes the index's rows; how many. */
  long drop(EntityMapping<?> mapping, String index, String indexTable) {
    String type = mapping.typeName() + EntityMapping.INDEX_TYPE_SEPARATOR + index;
    long deleted = deleteAll(mapping.table(), type);
    if (indexTable != null && !indexTable.equalsIgnoreCase(mapping.table())) {
      deleted += deleteAll(indexTable, type);
    }
    return deleted;
  }

  private long deleteAll(String table, String type) {
    long deleted = 0;
    String token = null;
    do {
      TableQuery query = TableQuery.builder(table).filter(parts.discriminator().is(type)).limit(IndexRun.BATCH)
          .select(List.of(parts.discriminator().name())).continuation(token).build();
      QueryResult page = parts.tables().read(table, () -> parts.backend().query(query), Tables.NO_ROWS);
      List<TableRow> partition = new ArrayList<>();
      for (TableRow row : page.rows()) {
        if (!partition.isEmpty() && !partition.get(0).partitionKey().equals(row.partitionKey())) {
          deleted += delete(table, partition);
          partition.clear();
        }
        partition.add(row);
      }
      deleted += delete(table, partition);
      token = page.continuation();
    } while (token != null);
    return deleted;
  }

  /** Deletes rows of one partition in one transaction, or one by one when it is refused; how many it deleted. */
  private long delete(String table, List<TableRow> rows) {
    if (rows.isEmpty()) {
      return 0;
    }
    List<WriteOperation> deletes = new ArrayList<>(rows.size());
    rows.forEach(row -> deletes.add(WriteOperation.delete(row.partitionKey(), row.rowKey(), row.etag())));
    try {
      parts.backend().batch(table, deletes);
      return rows.size();
    } catch (TableMapperException refused) {
      long deleted = 0;
      for (WriteOperation delete : deletes) {
        try {
          parts.backend().write(table, delete);
          deleted++;
        } catch (TableMapperException changed) {
          // gone, or rewritten meanwhile (by a writer that still keeps the index): left alone
        }
      }
      return deleted;
    }
  }
}
