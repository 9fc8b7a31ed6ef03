/**
 * The code the processor writes: the metamodel ({@code MetamodelGenerator}), the mapping ({@code MappingGenerator}),
 * the repository implementation ({@code RepositoryGenerator}, with {@code EntityQueryGenerator} for the query of
 * every kind of method), the names they give ({@code MemberNames}), the plan report ({@code PlanReport}), and, in
 * {@code report}, the key-design report of the whole compilation.
 * Generated files are plain, deterministic Java that name their source and call only
 * {@link io.tablemapper.internal.mapping}.
 */
package io.tablemapper.processor.generation;
