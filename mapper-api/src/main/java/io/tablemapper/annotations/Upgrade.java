package io.tablemapper.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the static method that upgrades a row written by an older {@link Entity#version() version} of the entity
 * before it is read into the current class: for changes a {@link DefaultValue} cannot express (a property renamed,
 * split, or stored in a new form).
 *
 * <pre>{@code
 * @Entity(table = "Company", version = 2)
 * @PartitionKey("{department}") @RowKey("empid_{employeeId:08}")
 * public record Employee(String department, int employeeId, String firstName, String lastName) {
 *
 *   @Upgrade
 *   static void upgrade(int fromVersion, Map<String, Object> properties) {
 *     if (fromVersion < 2) {                               // version 1 stored "name" = "Ken Kwok"
 *       String[] parts = ((String) properties.remove("name")).split(" ", 2);
 *       properties.put("firstName", parts[0]);
 *       properties.put("lastName", parts.length > 1 ? parts[1] : "");
 *     }
 *   }
 * }
 * }</pre>
 *
 * <p>The method is {@code static}, not {@code private}, returns {@code void}, and takes
 * {@code (int fromVersion, Map<String, Object> properties)}: the stored version of the row (1 for rows that carry
 * none) and its properties by stored name, as store values ({@code String}, {@code byte[]}, {@code Boolean},
 * {@code Instant}, {@code Double}, {@code UUID}, {@code Integer}, {@code Long}), which it changes in place. It is
 * called only for rows older than the class, before the mapping reads them, and only on reads: the row in the
 * store is upgraded when it is next written. One per entity, which must declare a version above 1. The
 * processor checks all this at compile time ({@code [UpgradeMethod]}).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Upgrade {}
