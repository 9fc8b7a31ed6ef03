package io.tablemapper.runtime.cache;

import io.tablemapper.annotations.Cached;
import io.tablemapper.api.CacheStats;
import io.tablemapper.internal.mapping.CacheSettings;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.model.EntityRules;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * One mapper's caches of {@link Cached} entity classes, and the write generations that keep them fresh.
 *
 * <p>Every write through the mapper increments the generation of the partition it wrote when it is done (applied
 * or failed: {@link #written}), and dropping a table increments the drop count of its classes' caches
 * ({@link #dropped}). A cached read is filed under the generation its partition had <em>before</em> the
 * store was read, and looked up under the generation the partition has now. So a read that raced with a write
 * files its possibly older rows under a generation that no read after the write looks up: nothing is invalidated
 * by scanning, and no stale put can land after an invalidation. Generations live in a fixed array of stripes
 * (table and PartitionKey hashed), so they take constant memory however many partitions are written; two
 * partitions sharing a stripe only invalidate each other more often.
 */
public final class ReadCache {
  private static final int STRIPES = 4096;
  private static final EntityCache NOT_CACHED = new EntityCache(null, null, 1, 1);

  private final AtomicLongArray generations = new AtomicLongArray(STRIPES);
  private final Map<Class<?>, EntityCache> caches = new ConcurrentHashMap<>();

  /** The cache of a mapping's class, or null when the class is not {@code @Cached}. */
  public EntityCache of(EntityMapping<?> mapping) {
    EntityCache cache = caches.get(mapping.entityClass());
    if (cache == null) {
      // a class's first read; two racing ones may each make a cache, and one of them is kept (no lambda spun for
      // computeIfAbsent at the first read of all)
      cache = create(mapping);
      EntityCache raced = caches.putIfAbsent(mapping.entityClass(), cache);
      cache = raced != null ? raced : cache;
    }
    return cache == NOT_CACHED ? null : cache;
  }

  /**
   * The cache of a class whose mapping is {@code @Cached} ({@link EntityMapping#cache()}, which the processor and
   * the introspector fill): no reflection on the class and no class file read, so a first read of a class that is
   * not cached costs nothing here.
   */
  private EntityCache create(EntityMapping<?> mapping) {
    CacheSettings cached = mapping.cache();
    if (cached == null) {
      return NOT_CACHED;
    }
    String entity = mapping.entityClass().getSimpleName();
    // the processor and the introspector refuse these at compile or mapping time; a hand-written mapping may not
    if (cached.maximumSize() < 1) {
      throw new IllegalArgumentException(EntityRules.cachedSize(entity, cached.maximumSize()).toString());
    }
    if (cached.expireAfterWriteSeconds() < 1) {
      throw new IllegalArgumentException(
          EntityRules.cachedExpiry(entity, cached.expireAfterWriteSeconds()).toString());
    }
    return new EntityCache(this, mapping.table(), cached.maximumSize(), cached.expireAfterWriteSeconds());
  }

  /** The statistics of a class's cache. */
  public CacheStats stats(Class<?> entityClass, EntityMapping<?> mapping) {
    EntityCache cache = of(mapping);
    if (cache == null) {
      throw new IllegalArgumentException(entityClass.getSimpleName() + " is not @Cached, so it has no read cache;"
          + " annotate it with @io.tablemapper.annotations.Cached to cache its point and partition reads");
    }
    return cache.stats();
  }

  /** The current write generation of a partition. */
  long generation(String table, String partitionKey) {
    return generations.get(stripe(table, partitionKey));
  }

  /** Called when a write to a partition is done (applied or failed): reads cached before it are not served. */
  public void written(String table, String partitionKey) {
    generations.incrementAndGet(stripe(table, partitionKey));
  }

  /**
   * Called when a table was dropped: the caches of its classes serve none of the reads filed before. Their drop
   * count is part of every key, so a read that raced with the drop is filed where no later read looks.
   */
  public void dropped(String table) {
    for (EntityCache cache : caches.values()) {
      if (cache != NOT_CACHED && cache.table().equalsIgnoreCase(table)) {
        cache.dropped();
      }
    }
  }

  /** Table names are case-insensitive: hashed without allocating a lower-case copy. */
  private static int stripe(String table, String partitionKey) {
    int hash = partitionKey.hashCode();
    for (int i = 0; i < table.length(); i++) {
      hash = 31 * hash + Character.toLowerCase(table.charAt(i));
    }
    hash ^= hash >>> 16;
    return hash & (STRIPES - 1);
  }

  /** Rows cached for a read: one point read (zero or one row) or a whole partition of one type. */
  public record Key(String partitionKey, String rowKey, String index, long generation, long drops) {}
}
