package io.tablemapper.runtime.config;

import io.tablemapper.annotations.NamingStrategy;
import io.tablemapper.api.EncryptionKeyResolver;
import io.tablemapper.api.MalformedRowListener;
import io.tablemapper.api.MalformedRowPolicy;
import io.tablemapper.api.NewerVersionPolicy;
import io.tablemapper.api.OperationListener;
import io.tablemapper.api.OperationTracer;
import io.tablemapper.api.QueryListener;
import io.tablemapper.api.TableCreation;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TimePrecisionPolicy;
import io.tablemapper.api.UnknownTypePolicy;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableBackend;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * What {@code TableMapperBuilder} collected.
 *
 * @param backend the store
 * @param entities entity classes to recognise from the start
 * @param queryListener the query observer, or null
 * @param operationListeners the observers of every operation, in the order added
 * @param operationTracer what traces every operation and its requests, or null
 * @param newerVersions what writes do with rows of a newer entity version
 * @param unknownTypes what partition reads do with rows of unknown types
 * @param malformedRows what reads do with rows that cannot be read as their entity class
 * @param malformedRowListener told of the rows skipped (or returned dynamic) under that policy, or null
 * @param discriminator the name of the property that holds each row's entity type in the store
 * @param tableCreation when writes create their tables
 * @param timePrecision what writes do with times finer than the store's ticks outside keys
 * @param readParallelism how many reads of one query (an {@code In} on a key component) may run at once; 1 reads
 *     them one after another on the caller's thread
 * @param encryptionKeys the keys of {@code @Encrypted} properties, or null for none
 * @param pending how this mapper completes pending work
 * @param asyncExecutor what runs the async operations, or null for a pool of {@link #ASYNC_THREADS} of the mapper's
 *     own
 * @param large how this mapper stores {@code @Large} values
 * @param naming the naming strategy of entity classes without {@code @Naming}, or null when none was set
 */
public record MapperSettings(
    TableBackend backend,
    List<Class<?>> entities,
    QueryListener queryListener,
    List<OperationListener> operationListeners,
    OperationTracer operationTracer,
    NewerVersionPolicy newerVersions,
    UnknownTypePolicy unknownTypes,
    MalformedRowPolicy malformedRows,
    MalformedRowListener malformedRowListener,
    String discriminator,
    TableCreation tableCreation,
    TimePrecisionPolicy timePrecision,
    int readParallelism,
    EncryptionKeyResolver encryptionKeys,
    Pending pending,
    Executor asyncExecutor,
    Large large,
    NamingStrategy naming) {

  /**
   * How a mapper stores {@code @Large} values.
   *
   * @param maxValueSize the most bytes of one value
   * @param grace how old a value no row references must be before a sweep deletes it (a writer may still be between
   *     the value and its transaction, which it sends within half of it or not at all)
   */
  public record Large(long maxValueSize, Duration grace) {
    /** The default largest value: {@value} bytes (64 MiB). */
    static final long DEFAULT_MAX_VALUE_SIZE = TableMapper.DEFAULT_MAX_LARGE_VALUE_SIZE;
    /** The defaults: 64 MiB, a grace of ten minutes. */
    public static final Large DEFAULT = new Large(DEFAULT_MAX_VALUE_SIZE, Duration.ofMinutes(10));

    /** Checks the values. */
    public Large {
      if (maxValueSize < 1) {
        throw new IllegalArgumentException("maxLargeValueSize must be at least 1 byte, was " + maxValueSize);
      }
      Objects.requireNonNull(grace, "grace");
      if (grace.isNegative()) {
        throw new IllegalArgumentException("largeValueGrace must not be negative, was " + grace);
      }
    }
  }

  /**
   * How a mapper completes pending work.
   *
   * @param completers the threads of the background completer; 0 for none
   * @param pollInterval the wait between two looks of the background completer that found work (or was woken)
   * @param maxPollInterval the longest wait between two looks of the background completer, to which the wait grows
   *     (doubling) while the looks find nothing ({@code LookSchedule}); one below {@code pollInterval} means no growth
   * @param grace how old a registry entry without its work record must be before a completer retires it (a writer
   *     may still be between the entry and its transaction)
   * @param shards the partitions of the registry over which this mapper's writes spread their entries
   */
  public record Pending(int completers, Duration pollInterval, Duration maxPollInterval, Duration grace,
      int shards) {
    /** The most background completer threads: {@value}. */
    static final int MAX_COMPLETERS = 16;

    /** The most shards of the registry of pending work: {@value} (a shard is two digits of a work id). */
    public static final int MAX_SHARDS = 100;

    /** The default grace: a minute, far beyond the time between a writer's registry entry and its transaction. */
    static final Duration DEFAULT_GRACE = Duration.ofMinutes(1);

    /** The defaults. */
    public static final Pending DEFAULT = new Pending(TableMapper.DEFAULT_PENDING_COMPLETERS,
        Duration.ofMillis(TableMapper.DEFAULT_PENDING_POLL_MILLIS),
        Duration.ofMillis(TableMapper.DEFAULT_PENDING_MAX_POLL_MILLIS), DEFAULT_GRACE,
        TableMapper.DEFAULT_PENDING_SHARDS);

    /** Checks the values. */
    public Pending {
      checkCompleters(completers);
      checkPollInterval(pollInterval);
      checkMaxPollInterval(maxPollInterval);
      Objects.requireNonNull(grace, "grace");
      checkShards(shards);
    }

    /** These settings with another number of background completers. */
    public Pending withCompleters(int threads) {
      return new Pending(threads, pollInterval, maxPollInterval, grace, shards);
    }

    /** These settings with another poll interval. */
    public Pending withPollInterval(Duration interval) {
      return new Pending(completers, interval, maxPollInterval, grace, shards);
    }

    /** These settings with another longest poll interval. */
    public Pending withMaxPollInterval(Duration interval) {
      return new Pending(completers, pollInterval, interval, grace, shards);
    }

    /** These settings with another grace period. */
    public Pending withGrace(Duration period) {
      return new Pending(completers, pollInterval, maxPollInterval, period, shards);
    }

    /** These settings with another number of registry shards. */
    public Pending withShards(int count) {
      return new Pending(completers, pollInterval, maxPollInterval, grace, count);
    }

    /**
     * Checks a number of registry shards: 1 to {@value #MAX_SHARDS}.
     *
     * @throws IllegalArgumentException naming the value seen
     */
    public static int checkShards(int shards) {
      if (shards < 1 || shards > MAX_SHARDS) {
        throw new IllegalArgumentException("pendingShards must be 1 to " + MAX_SHARDS
            + " (partitions of the registry of pending work), was " + shards);
      }
      return shards;
    }

    /**
     * Checks a number of background completers: 0 (none) to {@link #MAX_COMPLETERS}.
     *
     * @throws IllegalArgumentException naming the value seen
     */
    public static int checkCompleters(int threads) {
      if (threads < 0 || threads > MAX_COMPLETERS) {
        throw new IllegalArgumentException("pendingCompleters must be 0 (no background completion) to "
            + MAX_COMPLETERS + ", was " + threads);
      }
      return threads;
    }

    /**
     * Checks a poll interval: 1 ms to 1 hour.
     *
     * @throws IllegalArgumentException naming the value seen
     */
    public static Duration checkPollInterval(Duration interval) {
      Objects.requireNonNull(interval, "interval");
      if (interval.compareTo(Duration.ofMillis(1)) < 0 || interval.compareTo(Duration.ofHours(1)) > 0) {
        throw new IllegalArgumentException("pendingPollInterval must be 1 ms to 1 hour, was " + interval);
      }
      return interval;
    }

    /**
     * Checks a maximum poll interval: 1 ms to 1 day.
     *
     * @throws IllegalArgumentException naming the value seen
     */
    public static Duration checkMaxPollInterval(Duration interval) {
      Objects.requireNonNull(interval, "interval");
      if (interval.compareTo(Duration.ofMillis(1)) < 0 || interval.compareTo(Duration.ofDays(1)) > 0) {
        throw new IllegalArgumentException("pendingMaxPollInterval must be 1 ms to 1 day, was " + interval);
      }
      return interval;
    }
  }

  /** The discriminator property of the guide, and of .NET's table clients: {@value}. */
  public static final String DEFAULT_DISCRIMINATOR = TableMapper.DEFAULT_DISCRIMINATOR;

  /** Checks the settings. */
  public MapperSettings {
    operationListeners = List.copyOf(operationListeners);
    Objects.requireNonNull(newerVersions, "newerVersions");
    Objects.requireNonNull(unknownTypes, "unknownTypes");
    Objects.requireNonNull(malformedRows, "malformedRows");
    Objects.requireNonNull(tableCreation, "tableCreation");
    Objects.requireNonNull(timePrecision, "timePrecision");
    checkDiscriminator(discriminator);
    checkReadParallelism(readParallelism);
    Objects.requireNonNull(pending, "pending");
    Objects.requireNonNull(large, "large");
  }

  /** The same settings over another backend (a scoped view's). */
  public MapperSettings withBackend(TableBackend other) {
    return new MapperSettings(other, entities, queryListener, operationListeners, operationTracer, newerVersions,
        unknownTypes, malformedRows, malformedRowListener, discriminator, tableCreation, timePrecision, readParallelism,
        encryptionKeys, pending, asyncExecutor, large, naming);
  }

  /** The daemon threads of the mapper's own pool for async operations when no executor is given: {@value}. */
  public static final int ASYNC_THREADS = TableMapper.DEFAULT_ASYNC_THREADS;

  /**
   * How many times a step that lost a race with another writer is attempted: a write's entity group transaction
   * ({@code EgtWriter}), the read of a wide entity whose parts changed under it ({@code WideReads}), a re-encryption.
   */
  public static final int RACE_ATTEMPTS = 5;

  /** The most reads of one query that may run at once: {@value}. */
  static final int MAX_READ_PARALLELISM = 64;

  /**
   * Checks a read parallelism: 1 to {@link #MAX_READ_PARALLELISM}.
   *
   * @return it
   * @throws IllegalArgumentException naming the value seen
   */
  public static int checkReadParallelism(int parallelism) {
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
