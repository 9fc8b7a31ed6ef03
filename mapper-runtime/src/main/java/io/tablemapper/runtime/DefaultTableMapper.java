package io.tablemapper.runtime;

import io.tablemapper.api.AsyncTableRepository;
import io.tablemapper.api.MapperScope;
import io.tablemapper.api.Batch;
import io.tablemapper.api.CacheStats;
import io.tablemapper.api.DynamicTable;
import io.tablemapper.api.EventualBatch;
import io.tablemapper.api.IndexAdmin;
import io.tablemapper.api.Partition;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableRepository;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.RepositoryContext;
import io.tablemapper.internal.mapping.RepositorySupport;
import io.tablemapper.spi.StoreLimits;
import java.lang.ref.Cleaner;
import io.tablemapper.runtime.store.IndexStates;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import io.tablemapper.runtime.mapping.GeneratedCode;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import io.tablemapper.runtime.config.MapperSettings;

/**
 * The {@link TableMapper}: hands out repositories (one instance of each generated implementation per mapper),
 * batches and partition reads, and is the {@link RepositoryContext} generated repositories are built with.
 */
final class DefaultTableMapper implements TableMapper, RepositoryContext {
  private static final Cleaner CLEANER = Cleaner.create();

  private final MapperCore core;
  private final MapperSettings settings;
  private final Map<Class<?>, Object> repositories = new ConcurrentHashMap<>();
  private final Map<EntityMapping<?>, EntitySupport<?>> supports = new ConcurrentHashMap<>();

  DefaultTableMapper(MapperSettings settings) {
    this(settings, true, null);
  }

  /**
   * A mapper.
   *
   * @param verifyTables whether to check, under {@code VERIFY_AT_START}, that the entities' tables exist (a scoped
   *     view does not: its mapper did, and the view may hold only some of them)
   * @param states the index states of the mapper this is a scoped view of, which it shares; null for a mapper's own
   */
  private DefaultTableMapper(MapperSettings settings, boolean verifyTables, IndexStates states) {
    this.settings = settings;
    this.core = new MapperCore(settings, states);
    List<String> tables = new ArrayList<>();
    if (settings.entities() != null) {
      for (Class<?> entityClass : settings.entities()) {
        EntityMapping<?> mapping = core.mapping(entityClass);
        if (mapping.tableTemplate() == null) { // the tables of a table per period come and go with their periods
          tables.add(mapping.table());
        }
      }
    }
    if (verifyTables) {
      // a scoped view shares its mapper's store and leaves pending work to the mapper's own completer
      core.start(tables);
      // a mapper dropped without close() stops its background completer once unreachable (the task holds the core,
      // never the mapper)
      CLEANER.register(this, core.abandon());
    }
  }

  @Override
  public <R> R repository(Class<R> repositoryType) {
    Objects.requireNonNull(repositoryType, "repositoryType");
    if (!TableRepository.class.isAssignableFrom(repositoryType)
        && !AsyncTableRepository.class.isAssignableFrom(repositoryType)
        && !GeneratedCode.hasGeneratedRepository(repositoryType)) { // a Jakarta Data @Repository has one
      throw new IllegalArgumentException(repositoryType.getName() + " is not a repository: mapper.repository(...)"
          + " takes a @Repository interface that extends TableRepository<T> or AsyncTableRepository<T>, or a"
          + " Jakarta Data @Repository compiled with tablemapper's processor");
    }
    core.checkOpen();
    Object repository = repositories.get(repositoryType);
    if (repository == null) { // no lambda for computeIfAbsent, spun at start-up; a racing twin is dropped
      Object created = core.newRepository(repositoryType, this);
      repository = repositories.putIfAbsent(repositoryType, created);
      repository = repository != null ? repository : created;
    }
    return repositoryType.cast(repository);
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> RepositorySupport<T> support(EntityMapping<T> mapping) {
    Objects.requireNonNull(mapping, "mapping");
    EntityMapping<T> used = core.registered(mapping);
    EntitySupport<?> support = supports.get(used);
    if (support == null) { // as repository(...): no lambda, a racing twin is dropped
      EntitySupport<?> created = core.support(used);
      support = supports.putIfAbsent(used, created);
      support = support != null ? support : created;
    }
    return (RepositorySupport<T>) support;
  }

  @Override
  public Batch batch(String table, String partitionKey) {
    core.checkOpen();
    checkAddress(table, partitionKey, "batch");
    return core.batch(table, partitionKey);
  }

  @Override
  public Partition partition(String table, String partitionKey) {
    core.checkOpen();
    checkAddress(table, partitionKey, "partition");
    return core.partition(table, partitionKey);
  }

  @Override
  public DynamicTable dynamic(String table) {
    core.checkOpen();
    Objects.requireNonNull(table, "table");
    StoreLimits.checkTableName(table);
    return core.dynamic(table);
  }

  @Override
  public boolean deleteTable(String table) {
    core.checkOpen();
    Objects.requireNonNull(table, "table");
    StoreLimits.checkTableName(table);
    return core.deleteTable(table);
  }

  @Override
  public List<String> tables(Class<?> entityClass) {
    core.checkOpen();
    Objects.requireNonNull(entityClass, "entityClass");
    return core.tablesOf(entityClass);
  }

  @Override
  public TableMapper scoped(MapperScope scope) {
    Objects.requireNonNull(scope, "scope");
    core.checkOpen();
    // the view knows the states of the indexes as its mapper does: they are the mapper's own rows, which the view's
    // scope need not hold, and a query through an index not ready is refused in every view too
    return new DefaultTableMapper(settings.withBackend(core.scopedBackend(scope)), false, core.indexStates());
  }

  @Override
  public long sweepLargeValues(String table) {
    core.checkOpen();
    Objects.requireNonNull(table, "table");
    StoreLimits.checkTableName(table);
    return core.sweepLargeValues(table);
  }

  @Override
  public long reencrypt(String table) {
    core.checkOpen();
    Objects.requireNonNull(table, "table");
    StoreLimits.checkTableName(table);
    return core.reencrypt(table);
  }

  @Override
  public EventualBatch eventually() {
    core.checkOpen();
    return core.eventually();
  }

  @Override
  public long completePending() {
    core.checkOpen();
    return core.completePending();
  }

  @Override
  public IndexAdmin indexes(Class<?> entityClass) {
    Objects.requireNonNull(entityClass, "entityClass");
    core.checkOpen();
    return core.indexes(entityClass);
  }

  @Override
  public CacheStats cacheStats(Class<?> entityClass) {
    Objects.requireNonNull(entityClass, "entityClass");
    return core.cacheStats(entityClass);
  }

  @Override
  public void close() {
    core.close();
  }

  private static void checkAddress(String table, String partitionKey, String what) {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(partitionKey, "partitionKey");
    StoreLimits.checkTableName(table);
    StoreLimits.checkKey("PartitionKey", partitionKey, what + " on table " + table);
  }

  @Override
  public String toString() {
    return "TableMapper[" + core.backendName() + (core.closed() ? ", closed]" : "]");
  }
}
