/**
 * What the application's listeners hear: each operation it asked for ({@code Operation}), the requests counted into
 * it by an {@code ObservedBackend}, and the one place that tells the operation and query listeners
 * ({@code Listeners}), whose failures never reach the caller.
 *
 * <p>Internal to the runtime, not an API. Uses: {@code support}.
 */
package io.tablemapper.runtime.observe;
