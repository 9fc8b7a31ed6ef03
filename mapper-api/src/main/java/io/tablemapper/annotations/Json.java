package io.tablemapper.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Stores a field or record component of any type Jackson can handle (lists, maps, nested records) as one
 * JSON string property. The JSON text counts against the store's 64 KiB string limit. JSON properties can be
 * matched by equality in queries only through their JSON text, so they cannot appear in derived queries.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT, ElementType.PARAMETER, ElementType.METHOD})
public @interface Json {}
