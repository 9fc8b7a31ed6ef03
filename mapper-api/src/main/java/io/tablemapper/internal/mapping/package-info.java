/**
 * The contract generated code calls, and the runtime implements. Internal: not for applications, and free to
 * change between releases (a generated class is rebuilt with the processor of the same release).
 *
 * <p>The processor generates, for each entity, a subclass of {@link io.tablemapper.internal.mapping.EntityMapping}
 * built from an {@link io.tablemapper.internal.mapping.EntityDescriptor} (with
 * {@link io.tablemapper.internal.mapping.IndexMapping}s for its index copies), converting values through
 * {@link io.tablemapper.internal.mapping.Values} and {@link io.tablemapper.internal.mapping.JsonType}; and for each
 * repository an implementation on top of {@link io.tablemapper.internal.mapping.RepositorySupport}, whose queries are
 * {@link io.tablemapper.internal.mapping.EntityQuery}s. The runtime provides the other side
 * ({@link io.tablemapper.internal.mapping.RepositoryContext}, {@link io.tablemapper.internal.mapping.MappingContext}).
 * {@link io.tablemapper.internal.mapping.GeneratedNames} decides the names of generated classes for both sides, and
 * {@link io.tablemapper.internal.mapping.DynamicRows} gives the runtime the row a
 * {@link io.tablemapper.api.DynamicEntity} wraps. {@link io.tablemapper.internal.mapping.PlanCosts} says what a
 * plan costs on a store profile, for the runtime's plans and the processor's alike.
 */
package io.tablemapper.internal.mapping;
