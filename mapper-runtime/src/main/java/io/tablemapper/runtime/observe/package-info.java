/**
 * What the application's listeners and tracer hear: each operation it asked for ({@code Operation}), the requests
 * counted (and traced) into it by an {@code ObservedBackend}, the one place that tells the operation and query
 * listeners ({@code Listeners}), and the tracer called so that nothing it does reaches the caller ({@code Tracing}).
 *
 * <p>Internal to the runtime, not an API. Uses: {@code support}.
 */
package io.tablemapper.runtime.observe;
