/**
 * The annotation processor: reads {@code @Entity} classes and {@code @Repository} interfaces, checks them against
 * the store's rules (reporting every mistake on the element that caused it, with a stable id), plans every derived
 * query, and generates plain Java: the metamodel {@code Employee_}, the mapping {@code Employee__Mapping}, the
 * repository {@code EmployeeRepository__Impl} and its plan report
 * {@code META-INF/tablemapper/plans/<repository>.txt}.
 *
 * <p>Flow: {@link io.tablemapper.processor.TableMapperProcessor} → {@link io.tablemapper.processor.EntityAnalyzer}
 * (the class's elements read by {@link io.tablemapper.processor.ElementEntitySource}, every rule decided by the
 * {@link io.tablemapper.internal.model.EntityChecker} the runtime shares, the result an
 * {@link io.tablemapper.processor.EntityModel}) →
 * {@link io.tablemapper.processor.Tables} (the checks across the entity types of one table) →
 * {@link io.tablemapper.processor.MetamodelGenerator} and {@link io.tablemapper.processor.MappingGenerator};
 * {@link io.tablemapper.processor.RepositoryAnalyzer} → {@link io.tablemapper.processor.QueryMethodAnalyzer} for each
 * derived method (with {@link io.tablemapper.processor.MethodNameParser}, {@link io.tablemapper.processor.QueryPlanner}
 * and {@link io.tablemapper.processor.OrderChecks}), which finds its
 * {@link io.tablemapper.processor.QueryMethodKind} — find, page, count, exists or delete, one class each →
 * {@link io.tablemapper.processor.RepositoryGenerator} (with {@link io.tablemapper.processor.EntityQueryGenerator}
 * and the method's kind) and {@link io.tablemapper.processor.PlanReport}. The names generated code shares across
 * files are decided by {@link io.tablemapper.processor.MemberNames}. Every diagnostic goes through
 * {@link io.tablemapper.processor.Diagnostics}, as a rule of the one catalogue, {@link io.tablemapper.internal.model.Rule}.
 */
package io.tablemapper.processor;
