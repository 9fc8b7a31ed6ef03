package io.tablemapper.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The name a property is stored under, overriding the entity's {@link Naming naming strategy}; for sharing a
 * table with applications that chose other names.
 *
 * <pre>{@code
 * public record Employee(String department, int employeeId, @Property("EMail") String email) {}
 * }</pre>
 *
 * <p>Derived queries, key templates and {@link Index#properties()} keep using the Java name ({@code email}); only
 * the store sees {@code EMail}. The processor checks the name: a legal property name (a C# identifier of at most
 * 255 characters), none of the store's ({@code PartitionKey}, {@code RowKey}, {@code Timestamp})
 * or tablemapper's ({@code EntityType}, {@code TmPrimaryRowKey}, {@code TmPrimaryPartitionKey},
 * {@code TmPrimaryTable}, {@code TmVersion}) reserved names,
 * and no two properties of the entity under one name ({@code [PropertyName]}).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT, ElementType.PARAMETER, ElementType.METHOD})
public @interface Property {

  /** The stored name. */
  String value();
}
