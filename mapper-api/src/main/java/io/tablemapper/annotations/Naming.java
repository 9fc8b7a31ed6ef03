package io.tablemapper.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The {@link NamingStrategy} that turns an entity's Java property names into stored names: on an entity class,
 * or in a package's {@code package-info.java} for every entity of that package (not of its sub-packages). An
 * entity's own annotation wins over its package's; without either, the compiler option
 * {@code -Atablemapper.naming=PASCAL_CASE} sets the default of a whole compilation, and without that names are
 * stored as declared.
 *
 * <pre>{@code
 * @Naming(NamingStrategy.PASCAL_CASE)           // firstName is stored as FirstName
 * @Entity(table = "Company")
 * @PartitionKey("{department}") @RowKey("empid_{employeeId:08}")
 * public record Employee(String department, int employeeId, String firstName) {}
 * }</pre>
 *
 * <p>Names are decided at compile time and baked into the generated mapping, derived queries' filters and index
 * copies; a {@link Property @Property} on one property overrides the strategy. Key templates, derived query
 * method names and {@link Index#properties()} keep using Java names. Changing the strategy of an entity whose
 * rows are stored renames its properties: old rows then lack them (an {@link Upgrade} method can rename them).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.PACKAGE})
public @interface Naming {

  /** The strategy. */
  NamingStrategy value();
}
