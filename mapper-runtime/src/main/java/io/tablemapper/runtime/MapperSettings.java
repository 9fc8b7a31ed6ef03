package io.tablemapper.runtime;

import io.tablemapper.api.MalformedRowListener;
import io.tablemapper.api.MalformedRowPolicy;
import io.tablemapper.api.NewerVersionPolicy;
import io.tablemapper.api.OperationListener;
import io.tablemapper.api.QueryListener;
import io.tablemapper.api.TableCreation;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TimePrecisionPolicy;
import io.tablemapper.api.UnknownTypePolicy;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableBackend;
import java.util.List;
import java.util.Objects;

/**
 * What {@link TableMapperBuilder} collected.
 *
 * @param backend the store
 * @param entities entity classes to recognise from the start
 * @param queryListener the query observer, or null
 * @param operationListeners the observers of every operation, in the order added
 * @param newerVersions what writes do with rows of a newer entity version
 * @param unknownTypes what partition reads do with rows of unknown types
 * @param malformedRows what reads do with rows that cannot be read as their entity class
 * @param malformedRowListener told of the rows skipped (or returned dynamic) under that policy, or null
 * @param discriminator the name of the property that holds each row's entity type in the store
 * @param tableCreation when writes create their tables
 * @param timePrecision what writes do with times finer than the store's ticks outside keys
 * @param readParallelism how many reads of one query (an {@code In} on a key component) may run at once; 1 reads
 *     them one after another on the caller's thread
 */
record MapperSettings(
    TableBackend backend,
    List<Class<?>> entities,
    QueryListener queryListener,
    List<OperationListener> operationListeners,
    NewerVersionPolicy newerVersions,
    UnknownTypePolicy unknownTypes,
    MalformedRowPolicy malformedRows,
    MalformedRowListener malformedRowListener,
    String discriminator,
    TableCreation tableCreation,
    TimePrecisionPolicy timePrecision,
    int readParallelism) {

  /** The discriminator property of the guide, and of .NET's table clients: {@value}. */
  static final String DEFAULT_DISCRIMINATOR = TableMapper.DEFAULT_DISCRIMINATOR;

  /** Checks the settings. */
  MapperSettings {
    operationListeners = List.copyOf(operationListeners);
    Objects.requireNonNull(newerVersions, "newerVersions");
    Objects.requireNonNull(unknownTypes, "unknownTypes");
    Objects.requireNonNull(malformedRows, "malformedRows");
    Objects.requireNonNull(tableCreation, "tableCreation");
    Objects.requireNonNull(timePrecision, "timePrecision");
    checkDiscriminator(discriminator);
    checkReadParallelism(readParallelism);
  }

  /** The most reads of one query that may run at once: {@value}. */
  static final int MAX_READ_PARALLELISM = 64;

  /**
   * Checks a read parallelism: 1 to {@link #MAX_READ_PARALLELISM}.
   *
   * @return it
   * @throws IllegalArgumentException naming the value seen
   */
  static int checkReadParallelism(int parallelism) {
    if (parallelism < 1 || parallelism > MAX_READ_PARALLELISM) {
      throw new IllegalArgumentException("readParallelism must be 1 (sequential) to " + MAX_READ_PARALLELISM
          + ", was " + parallelism);
    }
    return parallelism;
  }

  /**
   * Checks a discriminator property name: valid in the store and none of the other names tablemapper reserves.
   *
   * @return the name
   * @throws IllegalArgumentException naming the problem and the name seen
   */
  static String checkDiscriminator(String name) {
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
