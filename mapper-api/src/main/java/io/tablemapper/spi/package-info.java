/**
 * What backends and generated code implement, and the small contract generated code calls.
 *
 * <p>Backends implement {@link io.tablemapper.spi.TableBackend}: a key-sorted store of
 * {@link io.tablemapper.spi.TableRow typed property bags} with point reads, key-range queries with a residual
 * {@link io.tablemapper.spi.Filter}, and atomic single-partition batches. {@link io.tablemapper.spi.StoreLimits}
 * is the one place the store's rules are written down; the processor, the runtime and every backend check
 * against it.
 *
 * <p>Generated code extends {@link io.tablemapper.spi.EntityMapping} and implements repositories on top of
 * {@link io.tablemapper.spi.RepositorySupport}; the runtime provides the other side.
 */
package io.tablemapper.spi;
