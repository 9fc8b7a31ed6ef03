/**
 * Entity classes compiled without the annotation processor: {@code EntityIntrospector} reads such a class by
 * reflection ({@code ClassEntitySource}, {@code ClassProperty}), checks it with the processor's own rules and
 * messages ({@link io.tablemapper.internal.model.EntityChecker}), and builds a {@code RuntimeMapping} that does what a
 * generated mapping does, statement for statement, through accessors ({@code Accessors}) and row code
 * ({@code RowCodes}) that Byte Buddy generates.
 *
 * <p>Internal to the runtime, not an API. Uses: nothing of the runtime but this package.
 */
package io.tablemapper.runtime.introspect;
