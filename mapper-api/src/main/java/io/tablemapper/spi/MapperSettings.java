package io.tablemapper.spi;

import io.tablemapper.api.NewerVersionPolicy;
import io.tablemapper.api.QueryListener;
import io.tablemapper.api.UnknownTypePolicy;
import java.util.List;
import java.util.Objects;

/**
 * What {@code TableMapper.builder()} collected, handed to the runtime's {@link TableMapperProvider}.
 *
 * @param backend the store
 * @param entities entity classes to recognise from the start
 * @param queryListener the query observer, or null
 * @param newerVersions what writes do with rows of a newer entity version
 * @param unknownTypes what partition reads do with rows of unknown types
 * @param discriminator the name of the property that holds each row's entity type in the store
 */
public record MapperSettings(
    TableBackend backend,
    List<Class<?>> entities,
    QueryListener queryListener,
    NewerVersionPolicy newerVersions,
    UnknownTypePolicy unknownTypes,
    String discriminator) {

  /** The discriminator property of the guide, and of .NET's table clients: {@value}. */
  public static final String DEFAULT_DISCRIMINATOR = EntityMapping.TYPE_PROPERTY;

  /** Checks the settings. */
  public MapperSettings {
    Objects.requireNonNull(newerVersions, "newerVersions");
    Objects.requireNonNull(unknownTypes, "unknownTypes");
    checkDiscriminator(discriminator);
  }

  /** Settings with the default policies and discriminator. */
  public MapperSettings(TableBackend backend, List<Class<?>> entities, QueryListener queryListener) {
    this(backend, entities, queryListener, NewerVersionPolicy.REFUSE_REPLACE);
  }

  /** Settings with the default unknown-type policy and discriminator. */
  public MapperSettings(
      TableBackend backend, List<Class<?>> entities, QueryListener queryListener, NewerVersionPolicy newerVersions) {
    this(backend, entities, queryListener, newerVersions, UnknownTypePolicy.FAIL, DEFAULT_DISCRIMINATOR);
  }

  /**
   * Checks a discriminator property name: valid in the store and none of the other names tablemapper reserves.
   *
   * @return the name
   * @throws IllegalArgumentException naming the problem and the name seen
   */
  public static String checkDiscriminator(String name) {
    Objects.requireNonNull(name, "discriminator");
    String problem = StoreLimits.propertyNameProblem(name);
    if (problem == null && (name.equals(EntityMapping.PRIMARY_ROW_KEY_PROPERTY)
        || name.equals(EntityMapping.VERSION_PROPERTY))) {
      problem = "'" + name + "' is reserved by tablemapper";
    }
    if (problem != null) {
      throw new IllegalArgumentException(
          "discriminator property '" + name + "' cannot be used: " + problem + "; choose another property name,"
              + " for example \"Kind\"");
    }
    return name;
  }
}
