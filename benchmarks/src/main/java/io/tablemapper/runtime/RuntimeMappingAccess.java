package io.tablemapper.runtime;

import io.tablemapper.spi.EntityMapping;

/**
 * The benchmarks' way to the Byte Buddy path: the run-time mapping of a class, built by the introspector exactly as
 * for a class compiled without the processor, even when the processor did see it. It lives in the runtime's
 * package because the introspector is package-private there; no application should need it.
 */
public final class RuntimeMappingAccess {
  private RuntimeMappingAccess() {
  }

  /** The mapping the runtime builds with Byte Buddy accessors for {@code type}, ignoring any generated one. */
  public static <T> EntityMapping<T> byteBuddyMapping(Class<T> type) {
    return EntityIntrospector.introspect(type);
  }
}
