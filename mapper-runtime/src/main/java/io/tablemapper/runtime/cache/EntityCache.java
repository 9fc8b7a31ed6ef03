package io.tablemapper.runtime.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.tablemapper.api.CacheStats;
import io.tablemapper.spi.TableRow;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The read cache of one {@code @Cached} entity class in one mapper: a bounded Caffeine cache of rows (never of
 * entity objects, which callers may change), keyed by what was read and the partition's write generation
 * ({@link ReadCache}).
 */
public final class EntityCache {
  private final ReadCache owner;
  private final String table;
  private final Cache<ReadCache.Key, List<TableRow>> rows;
  /** How often the table was dropped through this mapper: part of every key, so a drop invalidates them all. */
  private final AtomicLong drops = new AtomicLong();

  EntityCache(ReadCache owner, String table, long maximumSize, long expireAfterWriteSeconds) {
    this.owner = owner;
    this.table = table;
    this.rows = owner == null
        ? null
        : Caffeine.newBuilder()
            .maximumSize(maximumSize)
            .expireAfterWrite(Duration.ofSeconds(expireAfterWriteSeconds))
            .recordStats()
            // evictions run in the caller's thread: no background work, and sizes that tests can rely on
            .executor(Runnable::run)
            .build();
  }

  /**
   * The key of a read, under the partition's current generation: take it <em>before</em> reading the store, so
   * that a write finishing meanwhile makes the put unreachable.
   *
   * @param rowKey the RowKey of a point read, or null for the whole partition
   * @param index the index read through, or null
   */
  public ReadCache.Key key(String partitionKey, String rowKey, String index) {
    return new ReadCache.Key(partitionKey, rowKey, index, owner.generation(table, partitionKey), drops.get());
  }

  /** The table of this cache's class. */
  String table() {
    return table;
  }

  /** The table was dropped: no read filed so far is served again, and they are let go now. */
  void dropped() {
    drops.incrementAndGet();
    rows.invalidateAll();
  }

  /** The cached rows of a read, or null. */
  public List<TableRow> get(ReadCache.Key key) {
    return rows.getIfPresent(key);
  }

  /** Caches the rows of a read made after its key was taken. */
  public void put(ReadCache.Key key, List<TableRow> read) {
    rows.put(key, List.copyOf(read));
  }

  CacheStats stats() {
    rows.cleanUp();
    com.github.benmanes.caffeine.cache.stats.CacheStats stats = rows.stats();
    return new CacheStats(stats.hitCount(), stats.missCount(), stats.evictionCount(), rows.estimatedSize());
  }
}
