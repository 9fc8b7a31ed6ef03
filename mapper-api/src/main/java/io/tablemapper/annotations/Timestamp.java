package io.tablemapper.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the {@code java.time.Instant} or {@code java.time.OffsetDateTime} field or record component that
 * receives the store's Timestamp (the time of the last write, set by the store). It is filled on every read
 * and on the entity returned by every write, and is never written by the application.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT, ElementType.PARAMETER, ElementType.METHOD})
public @interface Timestamp {}
