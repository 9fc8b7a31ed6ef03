package io.tablemapper.runtime;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.runtime.mapping.Mappings;

/**
 * The run-time mapping of an entity class, as the runtime builds it for a class compiled without the annotation
 * processor (accessors generated with Byte Buddy), even when the processor did see the class: for tools and
 * benchmarks that compare the two paths. Applications get mappings through {@code TableMapper} and never need this.
 */
public final class RuntimeMappings {
  private RuntimeMappings() {}

  /**
   * The mapping the runtime builds for {@code type}, ignoring any generated one.
   *
   * @throws InvalidEntityException listing every rule the class breaks
   */
  public static <T> EntityMapping<T> introspect(Class<T> type) {
    return Mappings.of(null).introspect(type); // the mapping of a mapper that sets no default naming
  }
}
