package io.tablemapper.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The value a property takes when a row written by an older {@link Entity#version() version} of its class lacks
 * it — typically a property added in this version.
 *
 * <pre>{@code
 * @Entity(table = "Company", version = 2)
 * @PartitionKey("{department}") @RowKey("empid_{employeeId:08}")
 * public record Employee(String department, int employeeId, String name,
 *                        @DefaultValue("EUR") String currency,      // added in version 2
 *                        @DefaultValue("40") int hoursPerWeek) {}    // added in version 2
 * }</pre>
 *
 * <p>The text is checked at compile time against the property's type and written into the generated mapping as
 * a constant: a {@code String} as is; a {@code char} one character; {@code boolean} {@code true} or
 * {@code false}; numbers in Java's decimal syntax ({@code Integer.parseInt}, {@code Double.parseDouble},
 * {@code new BigDecimal}, ...) within the type's range; an enum the name of a constant; {@code UUID} its canonical
 * form; {@code Instant}, {@code OffsetDateTime}, {@code LocalDate} and {@code LocalDateTime} ISO-8601
 * ({@code 2024-01-31T10:15:30Z}, {@code 2024-01-31}, ...); {@code byte[]} Base64. {@code @Json}, key, ETag,
 * Timestamp and {@code @Transient} properties take no default.
 *
 * <p>The default applies only to rows whose stored version is lower than the class's version, and only when the
 * row lacks the property: a row written by the current version that lacks it held null (nulls are not stored),
 * and reads back as null. A property without a default reads a missing value as null, or as {@code 0} /
 * {@code false} for a primitive.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT, ElementType.PARAMETER, ElementType.METHOD})
public @interface DefaultValue {

  /** The default, as text in the property type's syntax (see the class documentation). */
  String value();
}
