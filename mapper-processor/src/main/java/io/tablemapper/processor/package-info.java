/**
 * The annotation processor: reads {@code @Entity} classes and {@code @Repository} interfaces, checks them against
 * the store's rules (reporting every mistake on the element that caused it, with a stable id), plans every derived
 * query, and generates plain Java: the metamodel {@code Employee_}, the mapping {@code Employee__Mapping} and the
 * repository {@code EmployeeRepository__Impl}.
 *
 * <p>Flow: {@link io.tablemapper.processor.TableMapperProcessor} → {@link io.tablemapper.processor.EntityAnalyzer}
 * ({@link io.tablemapper.processor.EntityModel}) → {@link io.tablemapper.processor.MetamodelGenerator} and
 * {@link io.tablemapper.processor.MappingGenerator}; {@link io.tablemapper.processor.RepositoryAnalyzer} (with
 * {@link io.tablemapper.processor.MethodNameParser} and {@link io.tablemapper.processor.QueryPlanner}) →
 * {@link io.tablemapper.processor.RepositoryGenerator}.
 */
package io.tablemapper.processor;
