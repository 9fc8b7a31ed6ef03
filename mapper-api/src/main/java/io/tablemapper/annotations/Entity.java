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
 *
 * <p>A class that extends an {@code @Entity} class (abstract or not) and is itself an {@code @Entity} is a subtype:
 * it inherits the table and both key templates of its root, sets its own {@link #type()}, and adds properties.
 * Repositories, queries and partition reads of a class return its subtypes as themselves.
 *
 * <pre>{@code
 * @Entity(table = "Person") @PartitionKey("{city}") @RowKey("person_{personId:06}")
 * public abstract class Person { ... }
 *
 * @Entity(type = "Customer")
 * public class Customer extends Person { ... }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Entity {

  /**
   * The table name; defaults to the simple class name, or for a subtype to its root's table (which it may not
   * change). Must match {@code ^[A-Za-z][A-Za-z0-9]{2,62}$}.
   */
  String table() default "";

  /** The discriminator stored in {@code EntityType}; defaults to the simple class name. */
  String type() default "";

  /** The schema version of this class, starting at 1. */
  int version() default 1;
}
