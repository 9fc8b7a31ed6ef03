/**
 * The annotations an application puts on its domain classes and repository interfaces.
 *
 * <p>They are read at compile time by {@code io.tablemapper:mapper-processor}, which validates them and
 * generates the mapping and repository code; nothing here is read reflectively at run time.
 */
package io.tablemapper.annotations;
