package io.tablemapper.api;

/**
 * What the cache of one {@link io.tablemapper.annotations.Cached} entity class did since its mapper was built.
 *
 * @param hits reads served from the cache
 * @param misses reads that went to the store (including those after an invalidating write)
 * @param evictions cached reads dropped for size or expiry
 * @param size cached reads held now (an estimate; entries of invalidated partitions count until evicted)
 */
public record CacheStats(long hits, long misses, long evictions, long size) {

  /** The share of reads served from the cache, 0 when there were none. */
  public double hitRate() {
    long reads = hits + misses;
    return reads == 0 ? 0 : (double) hits / reads;
  }
}
