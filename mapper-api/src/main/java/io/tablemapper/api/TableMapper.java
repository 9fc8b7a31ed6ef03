package io.tablemapper.api;

import io.tablemapper.spi.TableBackend;
import java.util.Iterator;
import java.util.ServiceLoader;

/**
 * The entry point: repositories, batches (entity group transactions) and partition reads over one backend.
 *
 * <pre>{@code
 * try (TableMapper mapper = TableMapper.builder().backend(InMemoryBackend.create()).build()) {
 *   EmployeeRepository employees = mapper.repository(EmployeeRepository.class);
 *   employees.insert(new Employee("Sales", 123, "Ken", "Kwok", 23, "kenk@contoso.com", null));
 *   mapper.batch("Company", "Sales").insert(a).update(b).delete(c).commit();
 *   List<Object> everything = mapper.partition("Company", "Sales").all();
 * }
 * }</pre>
 *
 * <p>A mapper is thread-safe; create one per backend and share it. Closing it closes its backend.
 */
public interface TableMapper extends AutoCloseable {

  /**
   * The property that holds each row's entity type unless {@link Builder#discriminator} names another: {@value},
   * the guide's name, and .NET's.
   */
  String DEFAULT_DISCRIMINATOR = "EntityType";

  /** The reads of one query that run at once unless {@link Builder#readParallelism} says otherwise: {@value}. */
  int DEFAULT_READ_PARALLELISM = 4;

  /**
   * Starts configuring a mapper.
   *
   * @throws TableMapperException if {@code io.tablemapper:mapper-runtime} is not on the class path
   */
  static Builder builder() {
    Iterator<Builder> builders = ServiceLoader.load(Builder.class, TableMapper.class.getClassLoader()).iterator();
    if (!builders.hasNext()) {
      builders = ServiceLoader.load(Builder.class).iterator();
    }
    if (!builders.hasNext()) {
      throw new TableMapperException(
          "No tablemapper runtime on the class path: add the dependency io.tablemapper:mapper-runtime");
    }
    return builders.next();
  }

  /**
   * Returns the implementation of a {@code @Repository} interface, generated at compile time.
   *
   * @throws TableMapperException if no implementation was generated (the annotation processor did not run);
   *     the message says how to enable it
   */
  <R extends TableRepository<?>> R repository(Class<R> repositoryType);

  /**
   * Starts an entity group transaction on one partition of one table: every operation added to it, with the
   * index copies it implies, is applied atomically by {@link Batch#commit()}, or none is. The commit creates the
   * table as the {@link Builder#tableCreation table-creation policy} says.
   */
  Batch batch(String table, String partitionKey);

  /**
   * Reads one partition of a table, resolving each row to its entity class through its discriminator. A table that
   * does not exist reads as empty (and is not created).
   */
  Partition partition(String table, String partitionKey);

  /**
   * Reads and writes one table as {@link DynamicEntity} property bags, without entity classes. Its writes create
   * the table as the {@link Builder#tableCreation table-creation policy} says; its reads never do.
   *
   * @throws IllegalArgumentException if the table name is not valid
   */
  DynamicTable dynamic(String table);

  /**
   * Drops a table and every entity in it, of every type, in one request: the guide's high-volume delete, for data
   * kept in a table per period and dropped a period at a time. What the mapper knows of the table is forgotten: the
   * read caches of {@link io.tablemapper.annotations.Cached} classes no longer serve its rows, and it counts as
   * never created. Later reads find no rows and do not create it again; a later insert or upsert creates it again as
   * the {@link Builder#tableCreation table-creation policy} says (by default it does). In Azure a dropped table cannot
   * be created again for about 40 seconds.
   *
   * @param table the table's name (case-insensitive, as in the store)
   * @return whether the table existed; false (and nothing done) if it did not
   * @throws IllegalArgumentException if the table name is not valid
   * @throws IllegalStateException if the mapper is closed
   */
  boolean deleteTable(String table);

  /**
   * What the read cache of a {@link io.tablemapper.annotations.Cached} entity class did so far in this mapper.
   *
   * @throws IllegalArgumentException if the class is not a {@code @Cached} entity
   */
  CacheStats cacheStats(Class<?> entityClass);

  /** Closes the backend. */
  @Override
  void close();

  /**
   * Configures a {@link TableMapper}. {@link TableMapper#builder()} returns a new one each time, provided by
   * {@code io.tablemapper:mapper-runtime}.
   */
  interface Builder {

    /** The store to map onto (required), for example {@code InMemoryBackend.create()}. */
    Builder backend(TableBackend backend);

    /**
     * Entity classes that partition reads must recognise before any repository or batch has used them. Classes
     * used through {@link #repository}, {@link Batch} or {@link Partition#all(Class)} are recognised anyway.
     */
    Builder entities(Class<?>... entityClasses);

    /**
     * Called after every repository query with its plan and what it read; for logging and tests. Calling it again
     * replaces the listener. An exception it throws is logged and ignored.
     */
    Builder queryListener(QueryListener listener);

    /**
     * Adds a listener called after every operation — repository queries and writes, batches, partition reads,
     * dynamic tables, dropped tables — with what it read and wrote, its duration and its outcome; every listener
     * added is called, in the order added. An exception a listener throws is logged and ignored.
     */
    Builder operationListener(OperationListener listener);

    /**
     * What writes do with rows written by a newer {@code @Entity(version = ...)} of their class; by default
     * {@link NewerVersionPolicy#REFUSE_REPLACE}.
     */
    Builder newerVersions(NewerVersionPolicy policy);

    /**
     * What partition reads do with rows of types no known entity class declares; by default
     * {@link UnknownTypePolicy#FAIL}.
     */
    Builder unknownTypes(UnknownTypePolicy policy);

    /**
     * What reads do with a row that cannot be read as its entity class (a property of another type, a value out of
     * range, keys that do not match the class's templates); by default {@link MalformedRowPolicy#FAIL}, with a
     * {@link MalformedRowException} naming the table, the keys, the property and the problem.
     */
    Builder malformedRows(MalformedRowPolicy policy);

    /**
     * Hears of each row left out or returned as a {@link DynamicEntity} under {@link MalformedRowPolicy#SKIP} or
     * {@link MalformedRowPolicy#DYNAMIC}; none by default.
     */
    Builder malformedRowListener(MalformedRowListener listener);

    /**
     * What writes do with a time more precise than the store's 100 ns ticks in a property that is not part of a
     * key: {@link TimePrecisionPolicy#TRUNCATE} (the default) stores it truncated, {@link TimePrecisionPolicy#REFUSE}
     * refuses the write. A key component finer than a tick is always refused.
     */
    Builder timePrecision(TimePrecisionPolicy policy);

    /**
     * The name of the property that holds each row's entity type, {@code EntityType} by default (the guide's
     * name, and .NET's); another name (for example {@code "Kind"}) shares tables with applications that use it. The
     * mapper then reads and writes that property wherever it would use {@code EntityType} (rows, index copies,
     * filters), and a property the entity classes store under that name is refused.
     *
     * @throws IllegalArgumentException if the name is not a valid property name or is reserved
     */
    Builder discriminator(String propertyName);

    /**
     * When the mapper creates the tables it writes to; by default {@link TableCreation#CREATE_ON_WRITE}. Reads never
     * create a table, whatever the policy.
     */
    Builder tableCreation(TableCreation policy);

    /**
     * How many reads of one query may run at once: a derived query with {@code In} on a key component reads once
     * per distinct element and merges the results in key order. The reads run on a pool of this many daemon threads
     * of the mapper's own (never the common pool), started on first use and stopped by {@link #close()}; 1 reads
     * them one after another on the caller's thread. {@value TableMapper#DEFAULT_READ_PARALLELISM} by default.
     *
     * @throws IllegalArgumentException if it is not between 1 and 64
     */
    Builder readParallelism(int parallelism);

    /**
     * Builds the mapper.
     *
     * @throws IllegalStateException if no backend was set
     * @throws TableNotFoundException under {@link TableCreation#VERIFY_AT_START}, if the table of a class given to
     *     {@link #entities} does not exist; the message names every missing table
     */
    TableMapper build();
  }
}
