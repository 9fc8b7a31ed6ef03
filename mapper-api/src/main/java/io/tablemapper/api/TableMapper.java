package io.tablemapper.api;

import io.tablemapper.spi.MapperSettings;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableMapperProvider;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
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

  /** Starts configuring a mapper. */
  static Builder builder() {
    return new Builder();
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
   * What the read cache of a {@link io.tablemapper.annotations.Cached} entity class did so far in this mapper.
   *
   * @throws IllegalArgumentException if the class is not a {@code @Cached} entity
   */
  CacheStats cacheStats(Class<?> entityClass);

  /** Closes the backend. */
  @Override
  void close();

  /** Configures a {@link TableMapper}. */
  final class Builder {
    private TableBackend backend;
    private final List<Class<?>> entities = new ArrayList<>();
    private QueryListener queryListener;
    private NewerVersionPolicy newerVersions = NewerVersionPolicy.REFUSE_REPLACE;

    Builder() {}

    /** The store to map onto (required), for example {@code InMemoryBackend.create()}. */
    public Builder backend(TableBackend backend) {
      this.backend = Objects.requireNonNull(backend, "backend");
      return this;
    }

    /**
     * Entity classes that partition reads must recognise before any repository or batch has used them. Classes
     * used through {@link #repository}, {@link Batch} or {@link Partition#all(Class)} are recognised anyway.
     */
    public Builder entities(Class<?>... entityClasses) {
      for (Class<?> type : entityClasses) {
        entities.add(Objects.requireNonNull(type, "entity class"));
      }
      return this;
    }

    /** Called after every repository query with its plan and what it read; for logging and tests. */
    public Builder queryListener(QueryListener listener) {
      this.queryListener = Objects.requireNonNull(listener, "listener");
      return this;
    }

    /**
     * What writes do with rows written by a newer {@code @Entity(version = ...)} of their class; by default
     * {@link NewerVersionPolicy#REFUSE_REPLACE}.
     */
    public Builder newerVersions(NewerVersionPolicy policy) {
      this.newerVersions = Objects.requireNonNull(policy, "policy");
      return this;
    }

    /**
     * Builds the mapper.
     *
     * @throws IllegalStateException if no backend was set
     * @throws TableMapperException if {@code io.tablemapper:mapper-runtime} is not on the class path
     */
    public TableMapper build() {
      if (backend == null) {
        throw new IllegalStateException(
            "TableMapper.builder() needs a backend: call .backend(...) with, for example,"
                + " InMemoryBackend.create()");
      }
      MapperSettings settings = new MapperSettings(backend, List.copyOf(entities), queryListener, newerVersions);
      Iterator<TableMapperProvider> providers =
          ServiceLoader.load(TableMapperProvider.class, TableMapper.class.getClassLoader()).iterator();
      if (!providers.hasNext()) {
        providers = ServiceLoader.load(TableMapperProvider.class).iterator();
      }
      if (!providers.hasNext()) {
        throw new TableMapperException(
            "No tablemapper runtime on the class path: add the dependency io.tablemapper:mapper-runtime");
      }
      return providers.next().create(settings);
    }
  }
}
