/**
 * Entity classes compiled without the annotation processor: {@code EntityIntrospector} reads such a class by
 * reflection ({@code ClassEntitySource}, {@code ClassProperty}), checks it with the processor's own rules and
 * messages ({@link io.tablemapper.internal.model.EntityChecker}), and builds a {@code RuntimeMapping} that does what a
 * generated mapping does, statement for statement, through accessors ({@code Accessors}) and row code
 * ({@code RowCodes}) that Byte Buddy generates. {@code RowCodes} assembles the row code of a class from its keys
 * ({@code KeyCode}), its keys' decoding ({@code KeyReadCode}), {@code toRow} ({@code WriteCode}) and {@code fromRow}
 * ({@code ReadCode}), built from the stack manipulations they share ({@code StackCode}).
 *
 * <p>Internal to the runtime, not an API. Uses: nothing of the runtime but this package.
 */
package io.tablemapper.runtime.introspect;
