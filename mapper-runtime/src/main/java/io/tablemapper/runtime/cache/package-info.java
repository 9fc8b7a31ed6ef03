/**
 * The read caches of {@code @Cached} entity classes ({@code EntityCache}, one per class) and the write generations
 * of their partitions that keep them fresh ({@code ReadCache}).
 *
 * <p>Internal to the runtime, not an API. Uses: nothing of the runtime but this package.
 */
package io.tablemapper.runtime.cache;
