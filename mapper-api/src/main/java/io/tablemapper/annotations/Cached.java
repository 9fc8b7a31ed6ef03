package io.tablemapper.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an {@link Entity} as reference data — small, read often, changed rarely — whose reads a mapper serves from
 * a bounded client-side cache (the guide's "join in the client"): point reads (a repository method whose plan is
 * POINT, without a filter) and whole-partition reads ({@code mapper.partition(table, pk).all(Type.class)} and
 * repository methods that bind only the PartitionKey).
 *
 * <p>Every write through the mapper — repository writes, batches, merges, deletes by query and the index copies
 * they maintain — invalidates what the cache holds for the partition it writes, before the write returns; a read
 * that raced with the write never puts its older result where a later read finds it. Writes by other processes or
 * other mappers are not seen: they show after {@link #expireAfterWriteSeconds()} at the latest. Statistics:
 * {@code TableMapper.cacheStats(Type.class)}.
 *
 * <pre>{@code
 * @Entity(table = "Company") @PartitionKey("{country}") @RowKey("currency_{code}")
 * @Cached(maximumSize = 1_000, expireAfterWriteSeconds = 600)
 * public record Currency(String country, String code, String name, int decimals) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Cached {

  /** How many reads (each point read or whole partition counts as one) the cache holds at most; at least 1. */
  long maximumSize() default 10_000;

  /** How long a cached read is served after it was read from the store, in seconds; at least 1. */
  long expireAfterWriteSeconds() default 300;
}
