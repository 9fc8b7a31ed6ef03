package io.tablemapper.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Stores a property out of the row (the guide's large entities pattern): its value goes to the backend's space for
 * large values ({@link io.tablemapper.spi.OutOfRowValues}: a blob on Azure, a map or an SQL table in the embedded
 * stores) under a fresh name, and the row keeps a short reference to it, so the value may exceed the store's 64 KiB
 * per property and the entity its 1 MiB. Every read of the entity fetches its values (those of one entity in
 * parallel), one request each; deleting or replacing the entity deletes the values it no longer references.
 *
 * <p>Allowed on {@code byte[]}, {@code String} and {@code @Json} properties ({@code [LargeType]}); not in a key or an
 * index's key ({@code [LargeKey]}), not as a condition of a derived query ({@code [QueryLargeProperty]}), not with
 * {@code @Transient}, {@code @ETag} or {@code @Timestamp} ({@code [PropertyAnnotations]}). With {@code @Encrypted},
 * the value is encrypted first and its ciphertext stored out of the row. Index copies hold the reference, never the
 * value. A null value stores nothing. The limits and the clean-up of values no row references are in the documentation's
 * chapter on large entities, docs/wide-and-large-entities.md.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT, ElementType.PARAMETER, ElementType.METHOD})
public @interface Large {}
