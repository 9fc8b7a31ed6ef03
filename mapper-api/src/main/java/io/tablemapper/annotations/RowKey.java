package io.tablemapper.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The key template that composes an entity's RowKey from its properties.
 *
 * <p>A template is literal text plus {@code {property[:modifier]...}} placeholders: {@code {p}} is the
 * property's order-preserving encoding, {@code {p:08}} zero-pads to 8 digits (only 0 … 99999999 fit) and
 * {@code {p:desc}} reverses the order (newest first). See {@code io.tablemapper.internal.key.KeyTemplate}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface RowKey {

  /** The template, for example {@code "empid_{employeeId:08}"}. */
  String value();
}
