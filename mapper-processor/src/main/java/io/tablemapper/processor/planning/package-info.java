/**
 * The vocabulary of derived queries and their plans: a method name parsed into an action, conditions and an order
 * ({@code MethodNameParser}, {@code Operator}, {@code Condition}), and {@code QueryPlanner}, which plans the conditions
 * against the entity's keys and indexes as a POINT, RANGE, PARTITION_SCAN or TABLE_SCAN ({@code Plan}).
 */
package io.tablemapper.processor.planning;
