package io.tablemapper.spi;

import io.tablemapper.api.NewerVersionPolicy;
import io.tablemapper.api.QueryListener;
import java.util.List;
import java.util.Objects;

/**
 * What {@code TableMapper.builder()} collected, handed to the runtime's {@link TableMapperProvider}.
 *
 * @param backend the store
 * @param entities entity classes to recognise from the start
 * @param queryListener the query observer, or null
 * @param newerVersions what writes do with rows of a newer entity version
 */
public record MapperSettings(
    TableBackend backend, List<Class<?>> entities, QueryListener queryListener, NewerVersionPolicy newerVersions) {

  /** Checks the settings. */
  public MapperSettings {
    Objects.requireNonNull(newerVersions, "newerVersions");
  }

  /** Settings with the default {@link NewerVersionPolicy#REFUSE_REPLACE}. */
  public MapperSettings(TableBackend backend, List<Class<?>> entities, QueryListener queryListener) {
    this(backend, entities, queryListener, NewerVersionPolicy.REFUSE_REPLACE);
  }
}
