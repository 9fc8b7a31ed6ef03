package io.tablemapper.internal.mapping;

/**
 * The {@code @Cached} settings of an entity class, as its mapping carries them ({@link EntityDescriptor#cached},
 * {@link EntityMapping#cache()}): the processor writes them into the generated descriptor and the run-time
 * introspector into the one it builds, so that a mapper learns whether a class is cached from its mapping, without
 * reflection on the class's annotations.
 *
 * <p>Not checked here: the processor and the introspector refuse a size or expiry below 1 before any mapping is
 * made, and the mapper refuses one a hand-written mapping declares when it first reads the class, with the same
 * rule ({@code [CachedArguments]}).
 *
 * @param maximumSize how many reads the cache holds at most ({@code @Cached(maximumSize)})
 * @param expireAfterWriteSeconds how long a cached read is served, in seconds
 *     ({@code @Cached(expireAfterWriteSeconds)})
 */
public record CacheSettings(long maximumSize, long expireAfterWriteSeconds) {}
