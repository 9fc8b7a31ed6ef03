package io.tablemapper.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the {@code String} field or record component that holds the entity's ETag.
 *
 * <p>It is filled on every read and on the entity returned by every write. When an entity has one,
 * {@code update} and {@code delete} are conditional (If-Match): if the stored entity changed since it was
 * read, they fail with {@code ConcurrencyConflictException} and change nothing. A null ETag means "not read
 * from the store": {@code update} and {@code delete} then apply unconditionally. The ETag is not stored as a
 * property.
 *
 * <p>An entity read through a full index copy carries the copy's ETag. Where the store gives all rows of a batch
 * one ETag that is the entity row's; where it gives each row its own (Azurite, the Cosmos DB Table API) it is
 * another value, accepted by {@code update} and {@code delete} just the same: as long as the entity has not
 * changed. Two reads of one unchanged entity through different paths may thus carry different ETags; compare
 * entities without them.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT, ElementType.PARAMETER, ElementType.METHOD})
public @interface ETag {}
