package io.tablemapper.runtime;

import io.tablemapper.api.Batch;
import io.tablemapper.api.CacheStats;
import io.tablemapper.api.DynamicTable;
import io.tablemapper.api.EventualBatch;
import io.tablemapper.api.IndexAdmin;
import io.tablemapper.api.MapperScope;
import io.tablemapper.api.OperationType;
import io.tablemapper.api.Partition;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.UnknownTypePolicy;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.internal.mapping.RepositoryContext;
import io.tablemapper.internal.model.TableTemplate;
import io.tablemapper.spi.TableBackend;
import java.time.Duration;
import java.util.List;
import io.tablemapper.runtime.support.AsyncRunner;
import io.tablemapper.runtime.store.Channels;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.write.EgtWriter;
import io.tablemapper.runtime.values.EncryptionContext;
import io.tablemapper.runtime.query.EntityQueries;
import io.tablemapper.runtime.mapping.EntityTypes;
import io.tablemapper.runtime.mapping.GeneratedCode;
import io.tablemapper.runtime.values.JsonMappingContext;
import io.tablemapper.runtime.values.LargeValueContext;
import io.tablemapper.runtime.values.LargeValues;
import io.tablemapper.runtime.support.Lifecycle;
import io.tablemapper.runtime.observe.Listeners;
import io.tablemapper.runtime.support.Log;
import io.tablemapper.runtime.config.MapperSettings;
import io.tablemapper.runtime.mapping.Mappings;
import io.tablemapper.runtime.observe.ObservedBackend;
import io.tablemapper.runtime.pending.PendingWork;
import io.tablemapper.runtime.store.PeriodTables;
import io.tablemapper.runtime.cache.ReadCache;
import io.tablemapper.runtime.support.ReadPool;
import io.tablemapper.runtime.query.ReadSide;
import io.tablemapper.runtime.values.RowDecoder;
import io.tablemapper.runtime.store.ScopedBackend;
import io.tablemapper.runtime.store.IndexStates;
import io.tablemapper.runtime.index.DefaultIndexAdmin;
import io.tablemapper.runtime.index.IndexParts;
import io.tablemapper.runtime.mapping.Hierarchy;
import io.tablemapper.runtime.store.Tables;
import io.tablemapper.runtime.mapping.TypeRegistry;
import io.tablemapper.runtime.write.WriteIntents;

/**
 * The wiring and the lifecycle of one mapper: builds each part once from the builder's settings, hands each the
 * few parts it uses (no part reaches into this one), and builds what the {@link DefaultTableMapper} hands out —
 * repository supports, batches, partitions, dynamic tables — with theirs. It closes the parts in order.
 */
final class MapperCore {
  private static final Log LOG = new Log(MapperCore.class);
  /** How long {@link #close()} waits for the background completer to finish the write it is applying. */
  private static final Duration CLOSE_WAIT = Duration.ofSeconds(30);

  private final Lifecycle lifecycle = new Lifecycle();
  /** The store as the mapper sees it: scoped to the credentials' view, observed when anyone listens. */
  private final TableBackend backend;
  private final Tables tables;
  private final PeriodTables periods;
  private final EntityTypes types;
  /** The context without the fetch of large values: an {@link EncryptionContext} when the mapper has keys. */
  private final MappingContext encryption;
  /** JSON, the policy for times finer than the store's ticks, encryption, and the fetch of large values. */
  private final MappingContext context;
  private final LargeValues large;
  private final Discriminator discriminator;
  private final ReadCache cache = new ReadCache();
  private final UnknownTypePolicy unknownTypes;
  private final Listeners listeners;
  private final ReadPool pool;
  private final AsyncRunner async;
  private final RowDecoder decoder;
  private final WriteIntents intents;
  private final Channels channels;
  private final PendingWork pending;
  private final ReadSide reading;
  private final IndexStates states;

  /**
   * The parts of a mapper over its settings.
   *
   * @param sharedStates the index states of the mapper this is a scoped view of, or null for a mapper's own
   */
  MapperCore(MapperSettings settings, IndexStates sharedStates) {
    Mappings mappings = Mappings.of(settings.naming());
    TypeRegistry registry = new TypeRegistry();
    this.types = new EntityTypes(mappings, registry);
    this.listeners = new Listeners(settings.operationListeners(), settings.queryListener(),
        settings.operationTracer(), settings.backend());
    TableBackend scoped = ScopedBackend.ofCredentials(settings.backend());
    // a view's store is its mapper's within the view's scope, observed below the scope already (scopedBackend)
    this.backend = listeners.observing() && sharedStates == null ? new ObservedBackend(scoped) : scoped;
    this.tables = new Tables(backend, settings.tableCreation());
    this.periods = new PeriodTables(backend);
    this.discriminator = new Discriminator(settings.discriminator(), registry);
    if (scoped instanceof ScopedBackend view) {
      view.resolveListsWith(discriminator, registry); // the key lists a view may see name entities of its mappings
    }
    this.pool = new ReadPool(settings.readParallelism(), lifecycle);
    MappingContext json = JsonMappingContext.of(settings.timePrecision());
    this.encryption = settings.encryptionKeys() == null ? json : new EncryptionContext(json, settings.encryptionKeys());
    this.large = new LargeValues(backend, settings.large().maxValueSize(), settings.large().grace(), pool::executor,
        discriminator);
    this.context = new LargeValueContext(encryption, large);
    this.unknownTypes = settings.unknownTypes();
    this.decoder = new RowDecoder(backend, discriminator, registry, context, large, settings.malformedRows(),
        settings.malformedRowListener());
    this.intents = new WriteIntents(discriminator, context, settings.newerVersions(), mappings, large);
    this.async = new AsyncRunner(settings.asyncExecutor(), MapperSettings.ASYNC_THREADS);
    this.channels = new Channels(backend, tables, discriminator, async);
    EgtWriter writer = new EgtWriter(backend, tables, cache, discriminator, context, large);
    // nothing logged here: the first message initialises SLF4J (Log), which a mapper's construction need not pay
    // the bookkeeping of index states is no operation's requests: not observed (but the reads IndexAdmin is asked for)
    this.states = sharedStates != null ? sharedStates
        : new IndexStates(scoped, backend, tables, discriminator);
    this.pending = new PendingWork(backend, tables, discriminator, context, writer, intents, types, lifecycle, large,
        settings.pending(), states, listeners);
    this.reading = new ReadSide(backend, tables, periods, states, discriminator, context, decoder, large, cache, listeners,
        pool, async);
  }

  /** The mapping of an entity class, registered with this mapper ({@link EntityTypes#mapping}). */
  <T> EntityMapping<T> mapping(Class<T> entityClass) {
    return types.mapping(entityClass);
  }

  /** A repository's mapping (a generated one, or its hierarchy), registered with this mapper. */
  <T> EntityMapping<T> registered(EntityMapping<T> mapping) {
    return types.register(types.mappings().hierarchy(mapping));
  }

  /** A new instance of a repository interface's implementation, built with {@code context}. */
  Object newRepository(Class<?> repositoryType, RepositoryContext context) {
    return GeneratedCode.newRepository(repositoryType, context, types.mappings());
  }

  /** Checks that the entities' tables exist (under {@code VERIFY_AT_START}), then starts the background completer. */
  void start(List<String> entityTables) {
    tables.verify(entityTables);
    pending.completer().start();
  }

  /** What stops the background completer of a mapper dropped without close(): it holds no part of the mapper. */
  Runnable abandon() {
    return pending.completer()::abandon;
  }

  /** What a generated repository of a registered mapping delegates to. */
  <T> EntitySupport<T> support(EntityMapping<T> mapping) {
    EntityQueries<T> queries = new EntityQueries<>(reading, mapping);
    QueryDeletes<T> deletes = new QueryDeletes<>(queries, mapping, pending, discriminator, decoder, large,
        types.mappings(), pool, async);
    return new EntitySupport<>(mapping, lifecycle, listeners, intents, pending, channels, queries, deletes, states);
  }

  Batch batch(String table, String partitionKey) {
    return new DefaultBatch(lifecycle, listeners, intents, types, discriminator, pending, async, channels, table,
        partitionKey);
  }

  Partition partition(String table, String partitionKey) {
    return new DefaultPartition(lifecycle, listeners, types, discriminator, decoder, cache, backend, tables, context,
        unknownTypes, table, partitionKey);
  }

  DynamicTable dynamic(String table) {
    return new DefaultDynamicTable(lifecycle, listeners, intents, discriminator, pending, backend, tables, table);
  }

  EventualBatch eventually() {
    return new DefaultEventualBatch(lifecycle, listeners, intents, types, discriminator, pending, backend, tables,
        context);
  }

  /**
   * {@link io.tablemapper.api.TableMapper#reencrypt}: the entities of one table rewritten under the current key, as
   * one operation whose scan and rewrites are its requests.
   */
  long reencrypt(String table) {
    return listeners.observe(OperationType.REENCRYPT, table, null, null, () -> new Reencryption(backend, tables,
        discriminator, types.registry(), large, decoder.reads(), context, encryption, intents, pending).run(table));
  }

  /** The index administration of an entity class ({@link io.tablemapper.api.TableMapper#indexes}). */
  IndexAdmin indexes(Class<?> entityClass) {
    EntityMapping<?> mapping = types.mapping(entityClass);
    if (Hierarchy.members(mapping).size() != 1 || mapping != Hierarchy.members(mapping).get(0)) {
      throw new TableMapperException("cannot administer the indexes of " + entityClass.getName() + ": it is"
          + " the root of an entity hierarchy, whose members keep their indexes each; call mapper.indexes(...) with"
          + " one of its concrete classes " + Hierarchy.members(mapping).stream()
              .filter(member -> member != mapping).map(member -> member.entityClass().getSimpleName()).toList());
    }
    return new DefaultIndexAdmin<>(IndexParts.of(backend, tables, discriminator, context, pending, states, intents,
        decoder.reads(), large, listeners),
        lifecycle, mapping);
  }

  /** Completes the pending work any process left ({@link PendingWork#completeAll}). */
  long completePending() {
    return listeners.observe(OperationType.COMPLETE_PENDING, null, null, null, pending::completeAll);
  }

  CacheStats cacheStats(Class<?> entityClass) {
    return cache.stats(entityClass, types.mapping(entityClass));
  }

  /**
   * The tables of an entity class that exist: its one table, or the existing tables of its table per period; one
   * operation.
   */
  List<String> tablesOf(Class<?> entityClass) {
    EntityMapping<?> mapping = types.mapping(entityClass);
    TableTemplate template = mapping.tableTemplate();
    return listeners.observe(OperationType.LIST_TABLES, template != null ? null : mapping.table(),
        entityClass.getSimpleName(), null, () -> template != null ? periods.existing(template)
            : backend.tableExists(mapping.table()) ? List.of(mapping.table()) : List.of());
  }

  /** What this mapper knows of its index states, which its scoped views share. */
  IndexStates indexStates() {
    return states;
  }

  /**
   * The store as a scoped view of this mapper sees it: this mapper's store (observed, when this mapper observes)
   * within the scope, so that the view's requests, the scope's own reads among them, are counted and traced once, as
   * they reach the store.
   */
  TableBackend scopedBackend(MapperScope scope) {
    return new ScopedBackend(backend, scope, false);
  }

  /**
   * Drops a table through the backend, then forgets what the mapper knew of it: that it was created, and the
   * cached reads of its {@code @Cached} classes.
   *
   * @return whether the table existed
   */
  boolean deleteTable(String table) {
    return listeners.observe(OperationType.DELETE_TABLE, table, null, null, () -> {
      boolean existed = backend.deleteTableIfExists(table);
      large.dropped(table); // after the rows: no row is left that references a value
      // after the drop: a read that raced with it was filed under the drop count this increments
      tables.forget(table);
      cache.dropped(table);
      LOG.debug("table {} dropped from {} (existed: {})", table, backend.name(), existed);
      return existed;
    });
  }

  /**
   * Deletes the large values of a table that no row references and that are older than the grace period.
   *
   * @return how many were deleted
   */
  long sweepLargeValues(String table) {
    return listeners.observe(OperationType.SWEEP_LARGE_VALUES, table, null, null, () -> large.sweep(table));
  }

  /**
   * Marks the mapper closed, once the async operations under way have ended (those not started fail), stops its
   * background completer (after the write it is applying) and closes the backend; only the first call does.
   */
  void close() {
    if (lifecycle.beginClose()) {
      // first the async operations: those not started fail, those under way end before anything else closes
      async.close();
      lifecycle.markClosed();
      pending.completer().stop(CLOSE_WAIT);
      pool.shutdown();
      backend.close();
    }
  }

  boolean closed() {
    return lifecycle.closed();
  }

  /**
   * Refuses use after close, by anything the mapper handed out.
   *
   * @throws IllegalStateException if the mapper is closed
   */
  void checkOpen() {
    lifecycle.checkOpen();
  }

  /** The backend's name, for the mapper's {@code toString}. */
  String backendName() {
    return backend.name();
  }
}
