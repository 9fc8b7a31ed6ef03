/**
 * The annotation processor: reads {@code @Entity} classes and {@code @Repository} interfaces, checks them against
 * the store's rules (reporting every mistake on the element that caused it, with a stable id), plans every derived
 * query, and generates plain Java: the metamodel {@code Employee_}, the mapping {@code Employee__Mapping}, the
 * repository {@code EmployeeRepository__Impl} and its plan report
 * {@code META-INF/tablemapper/plans/<repository>.txt}; and, once per compilation, the key-design page
 * {@code META-INF/tablemapper/key-design.html} with its Markdown twin.
 *
 * <p>{@link io.tablemapper.processor.TableMapperProcessor} drives the rounds; the work is in sub-packages by concern,
 * each using only those below it:
 *
 * <ul>
 *   <li>{@code generation}: the metamodel, mapping and repository generators, one generator per kind of query, and
 *       the plan report; {@code generation.report}, the key-design report;
 *   <li>{@code repository}: reading a repository interface, one matcher per kind of method (find, page, count,
 *       exists, delete) and the order a method may ask for;
 *   <li>{@code planning}: the vocabulary of derived queries (method names, operators, conditions) and the planner that
 *       classifies each method as POINT, RANGE, PARTITION_SCAN or TABLE_SCAN;
 *   <li>{@code entity}: the entity front end over {@code javax.lang.model} elements for the one
 *       {@link io.tablemapper.internal.model.EntityChecker} the runtime shares, and the model generated code is
 *       written from;
 *   <li>{@code util}: diagnostics on the most specific element, annotation values, and deferral of types not
 *       generated yet.
 * </ul>
 *
 * <p>Types are public where another package of the processor uses them; none is an API: the processor runs on the
 * annotation processor path only.
 */
package io.tablemapper.processor;
