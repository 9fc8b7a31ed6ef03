/**
 * The {@link io.tablemapper.api.TableMapper} implementation, whose builder
 * ({@link io.tablemapper.runtime.TableMapperBuilder}, a {@link java.util.ServiceLoader} service) is what
 * {@code TableMapper.builder()} returns: the entry points, and their wiring.
 *
 * <p>Here: the mapper ({@code DefaultTableMapper}), wired once by {@code MapperCore}, which hands each part the few
 * collaborators it uses; what a generated repository delegates to ({@code EntitySupport}, with delete by query in
 * {@code QueryDeletes}); batches ({@code DefaultBatch}), eventual batches ({@code DefaultEventualBatch}), partition
 * reads ({@code DefaultPartition}), dynamic tables ({@code DefaultDynamicTable}) and re-encryption
 * ({@code Reencryption}). {@link io.tablemapper.runtime.RuntimeMappings} is public for tools and benchmarks.
 *
 * <p>The sub-packages are internal (not an API) and depend one way, down:
 * {@code query} and {@code pending} (siblings: no edge between query and the write side), {@code pending} over
 * {@code write}, then {@code store}, {@code rows}, {@code cache}, {@code values}, {@code mapping}, {@code introspect},
 * {@code observe}, {@code config}, {@code support}. {@code RuntimeLayersTest} fails on an edge against that
 * direction or a cycle.
 */
package io.tablemapper.runtime;
