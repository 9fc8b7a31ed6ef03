/**
 * The backend SPI: what a third party implements to add a store.
 *
 * <p>A backend implements {@link io.tablemapper.spi.TableBackend}: a key-sorted store of
 * {@link io.tablemapper.spi.TableRow typed property bags} ({@link io.tablemapper.spi.EdmType}) with point reads,
 * key-range queries ({@link io.tablemapper.spi.TableQuery}, {@link io.tablemapper.spi.KeyBound}) with a residual
 * {@link io.tablemapper.spi.Filter} and continuation ({@link io.tablemapper.spi.QueryResult}), and atomic
 * single-partition batches of {@link io.tablemapper.spi.WriteOperation}s ({@link io.tablemapper.spi.WriteResult}).
 * {@link io.tablemapper.spi.StoreLimits} is the one place the store's rules are written down, and
 * {@link io.tablemapper.spi.BatchRules} the rules of an entity group transaction; the processor, the runtime and
 * every backend check against them. {@link io.tablemapper.spi.PropertyValues} compares values as the store does.
 *
 * <p>Each request also has an async form ({@link io.tablemapper.spi.TableBackend#getAsync} and its siblings) whose
 * default runs the blocking call on an executor the mapper supplies; a backend with a non-blocking client overrides
 * them, as the class comment of {@link io.tablemapper.spi.TableBackend} says.
 *
 * <p>A backend that retries its requests (as the Azure backend's client does) retries them by a
 * {@link io.tablemapper.spi.RetryBudget}, fails a request still throttled when it is spent with
 * {@link io.tablemapper.api.StoreBusyException}, and reports each request's retries and throttling answers to the
 * caller's {@link io.tablemapper.spi.RequestTally}, which the mapper counts into its {@code OperationEvent}s.
 *
 * <p>A backend proves itself by subclassing the conformance kit of {@code io.tablemapper:backend-tck}.
 */
package io.tablemapper.spi;
