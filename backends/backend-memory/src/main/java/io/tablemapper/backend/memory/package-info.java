/**
 * The in-memory backend: a thread-safe, key-sorted table store held in the JVM's heap, the fastest backend and
 * the default for tests and for applications that need no durability.
 *
 * <p>Only {@link io.tablemapper.backend.memory.InMemoryBackend} and
 * {@link io.tablemapper.backend.memory.ScalabilitySimulator} (a decorator of any backend that serves it at Azure
 * Table Storage's per-partition and per-account rates, refusing past them as the service does) are public. Inside, each table is a sorted map of
 * partitions ({@code MemoryTable}); each partition ({@code MemoryPartition}) is a sorted map of rows guarded by
 * one lock, so that a batch, which always targets one partition, is applied atomically and never seen
 * half-applied. {@code VersionClock} issues the strictly increasing Timestamps and the ETags derived from them;
 * the SPI's {@code BatchRules} checks an entity group transaction before it touches any state; {@code ContinuationToken}
 * encodes where a query resumes.
 */
package io.tablemapper.backend.memory;
