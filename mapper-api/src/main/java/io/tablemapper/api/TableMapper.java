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
   * index copies it implies, is applied atomically by {@link Batch#commit()}, or none is.
   */
  Batch batch(String table, String partitionKey);

  /** Reads one partition of a table, resolving each row to its entity class through its discriminator. */
  Partition partition(String table, String partitionKey);

  /**
   * Reads and writes one table as {@link DynamicEntity} property bags, without entity classes.
   *
   * @throws IllegalArgumentException if the table name is not valid
   */
  DynamicTable dynamic(String table);

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

    /** Called after every repository query with its plan and what it read; for logging and tests. */
    Builder queryListener(QueryListener listener);

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
     * Builds the mapper.
     *
     * @throws IllegalStateException if no backend was set
     */
    TableMapper build();
  }
}
