package io.tablemapper.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an interface extending {@code io.tablemapper.api.TableRepository<T>} whose implementation is generated.
 *
 * <p>Each abstract method is a derived query, {@code find|get|stream|count|exists|delete}, then optionally
 * {@code First} or {@code TopN}, then {@code By} and conditions joined by {@code And}. The processor plans each
 * one against the entity's keys and indexes (POINT, RANGE, PARTITION_SCAN, TABLE_SCAN) and writes the plan into
 * the generated method's Javadoc.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Repository {}
