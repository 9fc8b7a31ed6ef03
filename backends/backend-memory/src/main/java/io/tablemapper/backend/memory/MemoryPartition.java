package io.tablemapper.backend.memory;

import io.tablemapper.spi.Filter;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import java.util.List;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.locks.StampedLock;

/**
 * One partition: its rows sorted by RowKey, and the lock that makes a batch atomic.
 *
 * <p>Writers hold the write lock while they check and apply a whole batch. Readers of several rows (queries)
 * hold the read lock; a point read runs optimistically, without writing to shared memory, and retries under the
 * read lock only if a writer was active meanwhile. The rows live in a concurrent map so that an optimistic read
 * racing a writer sees a consistent map, even if it then discards what it saw.
 *
 * <p>A partition that becomes empty is removed from its table and marked {@link #removed}; a writer that finds
 * the mark after taking the lock looks the partition up again.
 */
final class MemoryPartition {
  final String key;
  final ConcurrentSkipListMap<String, TableRow> rows = new ConcurrentSkipListMap<>();
  final StampedLock lock = new StampedLock();
  /** Set, under the write lock, once the partition left its table; guarded by {@link #lock}. */
  boolean removed;

  MemoryPartition(String key) {
    this.key = key;
  }

  /** The stored row, or null; never sees a batch half-applied. */
  TableRow get(String rowKey) {
    long stamp = lock.tryOptimisticRead();
    TableRow row = rows.get(rowKey);
    if (lock.validate(stamp)) {
      return row;
    }
    stamp = lock.readLock();
    try {
      return rows.get(rowKey);
    } finally {
      lock.unlockRead(stamp);
    }
  }

  /** Passes every row with RowKey in {@code [from, to]} to {@code action}, seeing no batch half-applied. */
  void each(KeyBound from, KeyBound to, java.util.function.Consumer<TableRow> action) {
    long stamp = lock.readLock();
    try {
      KeyRanges.range(rows, from, to).values().forEach(action);
    } finally {
      lock.unlockRead(stamp);
    }
  }

  /**
   * Adds the matching rows with RowKey in {@code [from, to]} to the page, projected, and stops as soon as the page
   * holds the query's limit: a row after the one that fills the page is never read.
   */
  void collect(TableQuery query, KeyBound from, KeyBound to, List<TableRow> page, ScanListener listener) {
    Filter filter = query.filter();
    int limit = query.limit();
    int visited = 0;
    long stamp = lock.readLock();
    try {
      for (TableRow row : KeyRanges.range(rows, from, to).values()) {
        visited++;
        if (filter == null || filter.test(row)) {
          page.add(query.project(row));
          if (page.size() == limit) {
            return;
          }
        }
      }
    } finally {
      lock.unlockRead(stamp);
      listener.visited(visited);
    }
  }
}
