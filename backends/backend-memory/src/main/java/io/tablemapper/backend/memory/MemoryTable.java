package io.tablemapper.backend.memory;

import io.tablemapper.api.TableMapperException;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.locks.StampedLock;

/** One table: its partitions sorted by PartitionKey. Thread-safe. */
final class MemoryTable {
  private static final int INITIAL_PAGE_CAPACITY = 64;
  private static final WriteResult DELETED = new WriteResult(null, null);

  /** The name as spelled when the table was created. */
  final String name;
  private final VersionClock clock;
  /** Whether every row of a batch gets its own version, rather than one for the whole batch. */
  private final boolean versionPerRow;
  private final ConcurrentSkipListMap<String, MemoryPartition> partitions = new ConcurrentSkipListMap<>();
  /** The pages of a store without key order, or null for key-ordered pages. */
  private final UnorderedPages unordered;

  MemoryTable(String name, VersionClock clock, boolean versionPerRow, UnorderedPages unordered) {
    this.name = name;
    this.clock = clock;
    this.versionPerRow = versionPerRow;
    this.unordered = unordered;
  }

  TableRow get(String partitionKey, String rowKey) {
    MemoryPartition partition = partitions.get(partitionKey);
    return partition == null ? null : partition.get(rowKey);
  }

  /**
   * One page of the query ({@link UnorderedPages#page} on a store without key order): it stops when it holds the query's limit, and then carries a token that resumes after
   * its last row if any row follows in the query's key range (matching its filter or not: that is not evaluated).
   */
  QueryResult query(TableQuery query, ScanListener listener) {
    if (unordered != null) {
      return KeyRanges.isEmpty(query.rowFrom(), query.rowTo())
          ? new QueryResult(List.of(), null)
          : unordered.page(query, partitions, name, listener);
    }
    ContinuationToken resume =
        query.continuation() == null ? null : ContinuationToken.decode(query.continuation(), name);
    if (KeyRanges.isEmpty(query.rowFrom(), query.rowTo())) {
      return new QueryResult(List.of(), null);
    }
    KeyBound partitionFrom = resume == null
        ? query.partitionFrom()
        : KeyBound.higherLower(query.partitionFrom(), KeyBound.inclusive(resume.partitionKey()));
    List<TableRow> page = new ArrayList<>(Math.min(query.limit(), INITIAL_PAGE_CAPACITY));
    for (MemoryPartition partition : KeyRanges.range(partitions, partitionFrom, query.partitionTo()).values()) {
      KeyBound rowFrom = resume != null && partition.key.equals(resume.partitionKey())
          ? KeyBound.higherLower(query.rowFrom(), KeyBound.exclusive(resume.rowKey()))
          : query.rowFrom();
      partition.collect(query, rowFrom, query.rowTo(), page, listener);
      if (page.size() == query.limit()) {
        TableRow last = page.get(page.size() - 1);
        boolean more = !KeyRanges.range(partition.rows, KeyBound.exclusive(last.rowKey()), query.rowTo()).isEmpty()
            || !KeyRanges.range(partitions, KeyBound.exclusive(partition.key), query.partitionTo()).isEmpty();
        return new QueryResult(page, more ? new ContinuationToken(last.partitionKey(), last.rowKey()).encode() : null);
      }
    }
    return new QueryResult(page, null);
  }

  /**
   * Applies valid operations on one partition atomically: each is evaluated against the stored state under the
   * partition's write lock, and only if all succeed are they applied, with one new version (or one per row written,
   * in the order of the operations, with {@code versionPerRow}).
   *
   * @throws Rejected naming the first operation that failed; nothing was applied
   */
  List<WriteResult> apply(String partitionKey, List<WriteOperation> operations) {
    while (true) {
      MemoryPartition partition = partitions.computeIfAbsent(partitionKey, MemoryPartition::new);
      StampedLock lock = partition.lock;
      long stamp = lock.writeLock();
      try {
        if (partition.removed) {
          continue;
        }
        TableRow[] outcomes = new TableRow[operations.size()];
        for (int i = 0; i < outcomes.length; i++) {
          WriteOperation operation = operations.get(i);
          try {
            outcomes[i] = Writes.evaluate(name, operation, partition.rows.get(operation.row().rowKey()));
          } catch (TableMapperException failure) {
            throw new Rejected(i, failure);
          }
        }
        Version version = null;
        List<WriteResult> results = new ArrayList<>(outcomes.length);
        for (int i = 0; i < outcomes.length; i++) {
          String rowKey = operations.get(i).row().rowKey();
          if (outcomes[i] == null) {
            partition.rows.remove(rowKey);
            results.add(DELETED);
          } else {
            if (version == null || versionPerRow) {
              version = clock.next();
            }
            partition.rows.put(rowKey, outcomes[i].withSystemProperties(version.etag(), version.timestamp()));
            results.add(new WriteResult(version.etag(), version.timestamp()));
          }
        }
        return results;
      } finally {
        if (!partition.removed && partition.rows.isEmpty()) {
          partition.removed = true;
          partitions.remove(partitionKey, partition);
        }
        lock.unlockWrite(stamp);
      }
    }
  }

  /** The first operation of a write or batch that the store rejected. */
  static final class Rejected extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final int index;
    final TableMapperException failure;

    Rejected(int index, TableMapperException failure) {
      super(failure.getMessage(), failure, false, false);
      this.index = index;
      this.failure = failure;
    }
  }
}
