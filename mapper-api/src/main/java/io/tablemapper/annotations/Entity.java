package io.tablemapper.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a record or JavaBean-style class as a table entity.
 *
 * <pre>{@code
 * @Entity(table = "Company", type = "Employee")
 * @PartitionKey("{department}")
 * @RowKey("empid_{employeeId:08}")
 * public record Employee(String department, int employeeId, String email, @ETag String etag) {}
 * }</pre>
 *
 * <p>Every row written for an entity carries its {@link #type() type} in the {@code EntityType} property, so
 * several entity types can share one table and one partition (and therefore one entity group transaction).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Entity {

  /** The table name; defaults to the simple class name. Must match {@code ^[A-Za-z][A-Za-z0-9]{2,62}$}. */
  String table() default "";

  /** The discriminator stored in {@code EntityType}; defaults to the simple class name. */
  String type() default "";

  /** The schema version of this class, starting at 1. */
  int version() default 1;
}
