package io.tablemapper.runtime.write;

import io.tablemapper.api.MapperScope;
import io.tablemapper.api.OutOfScopeException;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.spi.TableBackend;
import java.util.List;
import io.tablemapper.runtime.rows.IndexCopies;
import io.tablemapper.runtime.rows.PendingRows;
import io.tablemapper.runtime.rows.PendingStep;
import io.tablemapper.runtime.store.ScopedBackend;

/**
 * The write path's checks against a scoped view ({@link ScopedBackend}): writes outside the scope, and writes that
 * leave pending work whose rows the scope does not hold, are refused before anything of them is sent.
 */
public final class ScopeChecks {
  private ScopeChecks() {}

  /**
   * Refuses writes outside a backend's scope before anything of them is sent (the table's creation included); does
   * nothing for a backend without one.
   */
  static void checkWrites(TableBackend backend, String table, List<? extends WriteIntent<?>> writes) {
    ScopedBackend scoped = ScopedBackend.viewOf(backend);
    if (scoped != null) {
      for (WriteIntent<?> write : writes) {
        scoped.checkKeys(write.kind().verb() + " of " + write.describe(), table, write.partitionKey(), write.rowKey());
      }
    }
  }

  /**
   * Refuses, before anything is sent, writes that leave pending work whose rows the scope does not hold: the
   * registry's partitions (each of the writer's {@code shards}), and the row of each remote index (copy, claim or key
   * list) the written entity has. A view sees and changes only its own entities' rows there, so holding them costs
   * no other tenant anything; the refusal names the index and what to add to the scope.
   */
  public static void checkPendingWrites(TableBackend backend, List<? extends WriteIntent<?>> writes, int shards) {
    ScopedBackend scoped = ScopedBackend.viewOf(backend);
    if (scoped == null || !scoped.isView()) {
      return; // no view: a credential's scope refuses the request itself
    }
    MapperScope scope = scoped.scope();
    for (WriteIntent<?> write : writes) {
      if (!write.leavesWork()) {
        continue;
      }
      for (int shard = 0; shard < shards; shard++) {
        String partition = PendingRows.shardPartition(shard);
        if (!scope.allows(PendingRows.REGISTRY_TABLE, partition)) {
          throw new OutOfScopeException("cannot " + write.kind().verb() + " " + write.describe() + " through a view"
              + " of scope " + scope + ": it leaves pending work, registered in table " + PendingRows.REGISTRY_TABLE
              + " in one of the partitions " + PendingRows.shardPartition(0) + " to "
              + PendingRows.shardPartition(shards - 1) + ", and the scope does not hold '" + partition + "'; add"
              + " .partitionPrefix(\"" + PendingRows.REGISTRY_TABLE + "\", \"" + PendingRows.REGISTRY_PARTITION
              + "\") to the scope (a view sees there only the entries of partitions it holds); nothing was written");
        }
      }
      checkIndexes(scope, write);
    }
  }

  private static <T> void checkIndexes(MapperScope scope, WriteIntent<T> write) {
    for (IndexMapping<T> index : write.mapping().remoteIndexes()) {
      PendingStep.Address address = IndexCopies.remoteAddress(index, write.entity());
      if (address != null && !scope.allows(address.table(), address.partitionKey(), address.rowKey())) {
        throw new OutOfScopeException("cannot " + write.kind().verb() + " " + write.describe() + " through a view"
            + " of scope " + scope + ": index '" + index.name() + "' keeps its " + (index.keyList() ? "key list"
            : "copy") + " in table " + address.table() + ", partition '"
            + address.partitionKey() + "', which the scope does not hold; add the index's table or partitions to"
            + " the scope (e.g. .allPartitions(\"" + address.table() + "\")): a view sees and changes there only the"
            + " copies and list entries of entities in its scope; nothing was written");
      }
    }
  }
}
