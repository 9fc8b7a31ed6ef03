/**
 * What every part of the runtime builds on, and nothing of the mapper's own: compositions of futures the async path
 * needs ({@code Futures}), loggers looked up at their first message ({@code Log}), the runner of async operations
 * ({@code AsyncRunner}), the threads of parallel reads ({@code ReadPool}) and whether the mapper is still open
 * ({@code Lifecycle}).
 *
 * <p>Internal to the runtime, not an API. Uses: the JDK and SLF4J only.
 */
package io.tablemapper.runtime.support;
