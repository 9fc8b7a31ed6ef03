package io.tablemapper.runtime;

import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.MalformedRowException;
import io.tablemapper.api.MalformedRowListener;
import io.tablemapper.api.MalformedRowPolicy;
import io.tablemapper.api.NewerVersionPolicy;
import io.tablemapper.api.OperationEvent;
import io.tablemapper.api.OperationListener;
import io.tablemapper.api.OperationType;
import io.tablemapper.api.QueryEvent;
import io.tablemapper.api.QueryKind;
import io.tablemapper.api.QueryListener;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.UnknownTypePolicy;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.EntityQuery;
import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.internal.mapping.WideRows;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What every part of one mapper shares: the backend, its tables, the known entity types, JSON, the listeners, and
 * the discriminator, which it hands to everything that writes, selects or resolves rows by their type.
 *
 * <p>Each operation the application asks for runs through {@link #observe} once, at its entry point (a repository's
 * {@link EntitySupport}, a stream's pages, {@link DefaultBatch}, {@link DefaultPartition}, {@link DefaultDynamicTable},
 * {@link #deleteTable}); with operation listeners, the backend is an {@link ObservedBackend} that counts each request
 * into the operation running. A listener that throws is logged, never thrown into the application's call.
 */
final class MapperCore {
  private static final Log LOG = new Log(MapperCore.class);

  final TableBackend backend;
  final Tables tables;
  /** Which tables of a table per period exist and which a query reads. */
  final PeriodTables periods;
  final TypeRegistry registry = new TypeRegistry();
  /** The mappings of the entity classes under this mapper's default naming. */
  final Mappings mappings;
  /** JSON, the policy for times finer than the store's ticks, encryption, and the fetch of large values. */
  final MappingContext context;
  /** The context without the fetch of large values: an {@link EncryptionContext} when the mapper has keys. */
  final MappingContext encryption;
  /** The values of {@code @Large} properties, stored out of their rows. */
  final LargeValues large;
  /** The property that holds each row's entity type: the one place that decides its name. */
  final Discriminator discriminator;
  /**
   * The blocking reads that make a row whole ({@link WideReads}); the async path's are
   * {@link #reads(Executor, Operation)}.
   */
  final RowReads reads;
  /** The caches of {@code @Cached} entity classes, invalidated by {@link #writer}. */
  final ReadCache cache = new ReadCache();
  final EgtWriter writer;
  /** What writes do with rows of a newer version of their entity class. */
  final NewerVersionPolicy newerVersions;
  /** What partition reads do with rows of unknown types. */
  final UnknownTypePolicy unknownTypes;
  /** What reads do with rows that cannot be read as their class, and who hears of those left out. */
  private final MalformedRowPolicy malformedRows;
  private final MalformedRowListener malformedRowListener;
  /** Durable pending work: eventual batches, remote indexes, completion. */
  final PendingWork pending;
  /** The background completion of pending work. */
  final BackgroundCompleter completer;
  private final QueryListener listener;
  private final List<OperationListener> operationListeners;
  /** The listeners that threw once already: logged at WARN the first time, at DEBUG after. */
  private final Set<Object> failedListeners = ConcurrentHashMap.newKeySet();
  private final AtomicBoolean closing = new AtomicBoolean();
  private final AtomicBoolean closed = new AtomicBoolean();
  /** Runs the async operations. */
  final AsyncRunner async;
  private final int readParallelism;
  private ExecutorService readPool;
  /** How long {@link #close()} waits for the background completer to finish the write it is applying. */
  private static final Duration CLOSE_WAIT = Duration.ofSeconds(30);

  MapperCore(MapperSettings settings) {
    this.operationListeners = settings.operationListeners();
    this.mappings = Mappings.of(settings.naming());
    TableBackend scoped = ScopedBackend.ofCredentials(settings.backend());
    this.backend = operationListeners.isEmpty() ? scoped : new ObservedBackend(scoped);
    this.tables = new Tables(backend, settings.tableCreation());
    this.periods = new PeriodTables(backend);
    this.reads = RowReads.of(backend, null, null);
    this.discriminator = new Discriminator(settings.discriminator(), registry);
    if (scoped instanceof ScopedBackend view) {
      view.resolveListsWith(discriminator, registry); // the key lists a view may see name entities of its mappings
    }
    MappingContext json = JsonMappingContext.of(settings.timePrecision());
    this.encryption = settings.encryptionKeys() == null ? json : new EncryptionContext(json, settings.encryptionKeys());
    this.large = new LargeValues(backend, settings.large().maxValueSize(), settings.large().grace(), this::readPool,
        discriminator);
    this.context = new LargeValueContext(encryption, large);
    this.writer = new EgtWriter(backend, tables, cache, discriminator, context, large);
    this.newerVersions = settings.newerVersions();
    this.unknownTypes = settings.unknownTypes();
    this.malformedRows = settings.malformedRows();
    this.malformedRowListener = settings.malformedRowListener();
    this.listener = settings.queryListener();
    this.readParallelism = settings.readParallelism();
    // nothing logged here: the first message initialises SLF4J (Log), which a mapper's construction need not pay
    this.pending = new PendingWork(this, settings.pending());
    this.completer = new BackgroundCompleter(this, settings.pending());
    this.async = new AsyncRunner(settings.asyncExecutor(), MapperSettings.ASYNC_THREADS);
  }

  /** How many reads of one query run at once ({@code readParallelism}), on the read pool or on the async path. */
  int readParallelism() {
    return readParallelism;
  }

  /**
   * The pool that runs the reads of one query in parallel ({@code In} on a key component), started on first use;
   * null when reads run one after another ({@code readParallelism(1)}).
   */
  synchronized Executor readPool() {
    if (readParallelism == 1) {
      return null;
    }
    checkOpen();
    if (readPool == null) {
      AtomicInteger threads = new AtomicInteger();
      readPool = Executors.newFixedThreadPool(readParallelism, task -> {
        Thread thread = new Thread(task, "tablemapper-read-" + threads.incrementAndGet());
        thread.setDaemon(true);
        return thread;
      });
    }
    return readPool;
  }

  /**
   * The intent of one write the application asked for: its rows built and checked once, under this mapper's
   * discriminator and policy for rows of newer versions.
   *
   * @throws io.tablemapper.api.InvalidKeyException if a key breaks the key rules
   * @throws io.tablemapper.api.InvalidEntityException if the row or one of its copies breaks the entity rules
   */
  <T> WriteIntent<T> intent(WriteIntent.Kind kind, EntityMapping<T> mapping, T entity, int position) {
    WriteIntent<T> intent = WriteIntent.of(kind, mapping, entity, position, discriminator, context, newerVersions, mappings);
    large.checkSizes(intent);
    return intent;
  }

  /** A partial merge (or upsert-merge) of the named properties, under this mapper's discriminator and policies. */
  <T> WriteIntent<T> partialIntent(WriteIntent.Kind kind, EntityMapping<T> mapping, T entity,
      List<String> properties) {
    return WriteIntent.partial(kind, mapping, entity, properties, discriminator, context, newerVersions, mappings);
  }

  /**
   * The entity a row read through a mapping holds: read by the mapping itself, or, through a hierarchy, by the
   * mapping of the row's type; null for a malformed row the {@link MalformedRowPolicy} leaves out ({@link #read}).
   *
   * @throws io.tablemapper.api.UnknownEntityTypeException if the row's type is none of the hierarchy's
   * @throws MalformedRowException under {@link MalformedRowPolicy#FAIL}, if the row cannot be read as its class
   */
  <T> T entity(EntityMapping<T> mapping, TableRow row) {
    return entity(mapping, row, null);
  }

  /**
   * {@link #entity(EntityMapping, TableRow)} of a row the async path made whole before ({@link #madeWhole}), so that
   * decoding it does no I/O; {@code made} null: the row needed nothing, or is made whole now, the blocking way.
   */
  <T> T entity(EntityMapping<T> mapping, TableRow row, WholeRow made) {
    // read(...) without its reader: no lambda per row on the hot path of every read
    try {
      TableRow whole = whole(mapping, row, made); // a wide entity's head joined with its parts
      return whole == null ? null
          : Hierarchy.reading(mapping, discriminator.typeFor(whole, mapping), whole).fromStoredRow(whole, context);
    } catch (InvalidEntityException | InvalidKeyException e) {
      malformed(mapping, row, e);
      return null;
    }
  }

  /**
   * What a read that returns only {@code mapping}'s class (an entity, or a projection of it) makes of a row: the
   * reader's result, or, for a row the reader cannot read (a property of another type, a value out of range, keys
   * that do not match the templates), what the mapper's {@link MalformedRowPolicy} says — the exception, or null to
   * leave the row out ({@link MalformedRowPolicy#DYNAMIC} too, as such a result cannot hold a DynamicEntity). The
   * one place that applies the policy, with {@link #readOrDynamic}.
   *
   * @throws MalformedRowException under {@link MalformedRowPolicy#FAIL}
   */
  <R> R read(EntityMapping<?> mapping, TableRow row, Function<TableRow, R> reader) {
    return read(mapping, row, null, reader);
  }

  /** {@link #read(EntityMapping, TableRow, Function)} of a row the async path made whole before, as {@link #entity}. */
  <R> R read(EntityMapping<?> mapping, TableRow row, WholeRow made, Function<TableRow, R> reader) {
    try {
      TableRow whole = whole(mapping, row, made);
      return whole == null ? null : reader.apply(whole);
    } catch (InvalidEntityException | InvalidKeyException e) {
      malformed(mapping, row, e);
      return null;
    }
  }

  /**
   * {@link #read} for a read whose result may hold any object ({@link io.tablemapper.api.Partition#all()}): a
   * malformed row is then returned as a {@link DynamicEntity} under {@link MalformedRowPolicy#DYNAMIC}.
   */
  Object readOrDynamic(EntityMapping<?> mapping, TableRow row, Function<TableRow, ?> reader) {
    try {
      TableRow whole = whole(mapping, row, null);
      return whole == null ? null : reader.apply(whole);
    } catch (InvalidEntityException | InvalidKeyException e) {
      malformed(mapping, row, e);
      return malformedRows == MalformedRowPolicy.DYNAMIC ? discriminator.entity(row) : null;
    }
  }

  /**
   * The row a read hands its reader: as the async path made it whole before ({@code made}), or else a wide entity's
   * head joined with its part rows ({@link WideReads}), read now, the blocking way; null when the entity was deleted
   * since its head was read. Any other row (a projection's too, which selects no part count) as it is.
   */
  private TableRow whole(EntityMapping<?> mapping, TableRow row, WholeRow made) {
    if (made != null) {
      return made.get();
    }
    EntityMapping<?> own = wideMapping(mapping, row);
    return own == null ? row : Futures.join(WideReads.whole(reads, discriminator, own, row));
  }

  /** The wide mapping whose head {@code row} is, when it has parts to join; null for any other row. */
  private EntityMapping<?> wideMapping(EntityMapping<?> mapping, TableRow row) {
    if (!registry.anyWide() || WideRows.parts(row) == 0) {
      return null;
    }
    String type = discriminator.typeOf(row);
    EntityMapping<?> own = mapping.wide() || type == null ? mapping : registry.find(mapping.table(), type);
    return own != null && own.wide() ? own : null;
  }

  /**
   * A row read through a mapping, made whole with {@code reads} — on the async path, before it is decoded: a wide
   * entity's head joined with its part rows ({@link WideReads}), any other row as it is. The one step of the async
   * read path that a decoder would otherwise do with I/O.
   *
   * @return the future of the whole row, of null when the entity was deleted since its head was read; failed with
   *     {@link MalformedRowException} when its parts never match it, or with what a read failed with
   */
  CompletableFuture<TableRow> wholeAsync(EntityMapping<?> mapping, TableRow row, RowReads reads) {
    EntityMapping<?> own = wideMapping(mapping, row);
    return own == null ? CompletableFuture.completedFuture(row) : WideReads.whole(reads, discriminator, own, row);
  }

  /**
   * {@link #wholeAsync} for a decoder: null when the row needs nothing (it is decoded as it is), else what making it
   * whole came to, its failure included, for the decoder to throw in its place ({@link WholeRow}).
   */
  CompletableFuture<WholeRow> madeWhole(EntityMapping<?> mapping, TableRow row, RowReads reads) {
    CompletableFuture<TableRow> whole = wholeAsync(mapping, row, reads);
    if (whole.isDone() && !whole.isCompletedExceptionally() && whole.join() == row) {
      return CompletableFuture.completedFuture(null);
    }
    return whole.handle((made, failed) -> {
      Throwable failure = failed == null ? null : Futures.unwrap(failed);
      if (failure instanceof Error) {
        throw (Error) failure;
      }
      return new WholeRow(made, failure == null || failure instanceof RuntimeException ? (RuntimeException) failure
          : new TableMapperException("cannot read " + row.describeKeys() + " of table " + mapping.table(), failure));
    });
  }

  /**
   * The rows of a page made whole at once ({@link #madeWhole}), the parts of several wide entities read together:
   * the future of what each row came to, in the rows' order (null entries: decoded as they are), or of null when no
   * row needed anything.
   *
   * @param mappingOf the mapping each row is read through
   */
  CompletableFuture<WholeRow[]> madeWhole(
      List<TableRow> rows, Function<TableRow, EntityMapping<?>> mappingOf, RowReads reads) {
    WholeRow[] made = null;
    List<CompletableFuture<?>> pending = null;
    for (int i = 0; i < rows.size(); i++) {
      TableRow row = rows.get(i);
      if (wideMapping(mappingOf.apply(row), row) == null) {
        continue;
      }
      if (made == null) {
        made = new WholeRow[rows.size()];
        pending = new ArrayList<>();
      }
      WholeRow[] into = made;
      int at = i;
      pending.add(madeWhole(mappingOf.apply(row), row, reads).thenAccept(each -> into[at] = each));
    }
    if (made == null) {
      return CompletableFuture.completedFuture(null);
    }
    WholeRow[] all = made;
    return CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).thenApply(done -> all);
  }

  /**
   * The reads of the async path that make rows whole: the store's async requests, each sent within {@code operation}
   * and handed {@code executor}; the blocking {@link #reads} when {@code executor} is null.
   */
  RowReads reads(Executor executor, Operation operation) {
    return executor == null ? reads : RowReads.of(backend, executor, operation);
  }

  /** Throws the row's {@link MalformedRowException} under FAIL; otherwise tells the listener of it. */
  private void malformed(EntityMapping<?> mapping, TableRow row, RuntimeException e) {
    MalformedRowException found = e instanceof MalformedRowException ? (MalformedRowException) e : null;
    MalformedRowException malformed = new MalformedRowException(mapping.table(),
        mapping.entityClass().getSimpleName(), row.partitionKey(), row.rowKey(),
        found == null ? null : found.property(), found == null ? e.getMessage() : found.problem(), e);
    if (malformedRows == MalformedRowPolicy.FAIL) {
      throw malformed;
    }
    if (malformedRowListener != null) {
      malformedRowListener.onMalformedRow(malformed);
    }
  }

  /**
   * A row read through a mapping with its {@code @Large} values fetched and its {@code @Encrypted} properties
   * decrypted: what a projection reads. The
   * mapping of the row's type decrypts it; a projected row may lack its type (a projection selects only its own
   * properties), and then the first member of the hierarchy that encrypts anything does, the properties a
   * projection of the hierarchy reads being the root's, which every member stores alike.
   *
   * @throws io.tablemapper.api.DecryptionException if a value does not decrypt
   */
  TableRow decrypted(EntityMapping<?> mapping, TableRow row) {
    String type = discriminator.typeOf(row);
    EntityMapping<?> large = this.large.member(mapping, row);
    TableRow whole = large == null ? row : this.large.fetch(large, row);
    for (EntityMapping<?> member : Hierarchy.members(mapping)) {
      if (!member.encryptedProperties().isEmpty() && (type == null || member.typeName().equals(type))) {
        return context.decrypt(member, whole);
      }
    }
    return whole;
  }

  /**
   * The mapping of an entity class, registered with this mapper: a {@link Hierarchy} when the class has
   * {@code @Entity} subtypes, each of them registered too.
   */
  <T> EntityMapping<T> mapping(Class<T> entityClass) {
    return register(mappings.hierarchy(entityClass));
  }

  /** Registers a mapping (every concrete member of a hierarchy) and returns it. */
  <T> EntityMapping<T> register(EntityMapping<T> mapping) {
    for (EntityMapping<?> member : Hierarchy.members(mapping)) {
      mappings.checkAncestors(member.entityClass());
      registry.register(member);
    }
    return mapping;
  }

  /** The mapping of an entity object's class, registered with this mapper. */
  EntityMapping<?> mappingOf(Object entity) {
    EntityMapping<?> mapping = mappings.mappingOf(entity);
    mappings.checkAncestors(mapping.entityClass());
    registry.register(mapping);
    return mapping;
  }

  /**
   * The mapping of an entity class itself (never a {@link Hierarchy}), registered with this mapper: what writes of
   * objects of exactly that class use.
   */
  @SuppressWarnings("unchecked")
  EntityMapping<Object> ownMapping(Class<?> entityClass) {
    EntityMapping<?> mapping = mappings.mapping(entityClass);
    mappings.checkAncestors(mapping.entityClass());
    registry.register(mapping);
    return (EntityMapping<Object>) mapping;
  }

  /**
   * Drops a table through the backend, then forgets what the mapper knew of it: that it was created, and the
   * cached reads of its {@code @Cached} classes.
   *
   * @return whether the table existed
   */
  boolean deleteTable(String table) {
    return observe(OperationType.DELETE_TABLE, table, null, null, () -> {
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
    return observe(OperationType.SWEEP_LARGE_VALUES, table, null, null, () -> large.sweep(table));
  }

  /**
   * Marks the mapper closed, once the async operations under way have ended (those not started fail), and stops its
   * background completer (after the write it is applying); true only for the one call that closed it.
   */
  boolean close() {
    boolean closing = this.closing.compareAndSet(false, true);
    if (closing) {
      // first the async operations: those not started fail, those under way end before anything else closes
      async.close();
      closed.set(true);
      completer.stop(CLOSE_WAIT);
      synchronized (this) {
        if (readPool != null) {
          readPool.shutdown();
        }
      }
    }
    return closing;
  }

  boolean closed() {
    return closed.get();
  }

  /**
   * Refuses use after close, by anything the mapper handed out.
   *
   * @throws IllegalStateException if the mapper is closed
   */
  void checkOpen() {
    if (closed.get()) {
      throw new IllegalStateException("this TableMapper is closed (and its backend with it); build a new one");
    }
  }

  /** Whether operation listeners wait for operations (without them {@link #observe} only runs the body). */
  boolean observing() {
    return !operationListeners.isEmpty();
  }

  /** Whether a listener waits for query reports (so that none is built for nobody). */
  boolean listening() {
    return listener != null;
  }

  /** Reports a query to the listener, if there is one. */
  void report(QueryEvent event) {
    if (listener != null) {
      try {
        listener.onQuery(event);
      } catch (Exception e) {
        listenerFailed(listener, event, e);
      }
    }
  }

  /**
   * Runs one operation the application asked for and reports it to the operation listeners, if any: timed, with the
   * requests it sent and the rows it read and wrote, and how it ended. Its result or exception is the caller's,
   * whatever the listeners do.
   *
   * @param entity the simple name of the entity class it reads or writes, or null
   * @param query the planned query of a repository method, or null
   */
  <R> R observe(OperationType type, String table, String entity, EntityQuery query, Supplier<R> body) {
    return query == null
        ? observe(type, table, entity, null, null, null, body)
        : observe(type, table, entity, query.method(), query.kind(), query.plan(), body);
  }

  /**
   * {@link #observe(OperationType, String, String, EntityQuery, Supplier)} for a repository method's query given by
   * its parts (a point read made without a query object).
   *
   * @param method the repository method, or null
   * @param kind its plan's kind, or null
   * @param plan its plan as text, or null
   */
  <R> R observe(
      OperationType type, String table, String entity, String method, QueryKind kind, String plan, Supplier<R> body) {
    if (operationListeners.isEmpty()) {
      return body.get();
    }
    Operation operation = new Operation(type, table, entity, method, kind, plan);
    R result;
    try {
      result = Operation.within(operation, body);
    } catch (RuntimeException | Error e) {
      notify(operation.ended(e));
      throw e;
    }
    notify(operation.ended(null));
    return result;
  }

  /**
   * {@link #observe} on the async path: {@code body} starts the operation on this thread, within it (so the requests
   * it sends count into it; the steps that follow carry it themselves), and the listeners hear of it when the future
   * completes.
   */
  <R> CompletableFuture<R> observeAsync(
      OperationType type, String table, String entity, EntityQuery query, Supplier<CompletableFuture<R>> body) {
    if (operationListeners.isEmpty()) {
      return Futures.start(body);
    }
    Operation operation = query == null ? new Operation(type, table, entity, null, null, null)
        : new Operation(type, table, entity, query.method(), query.kind(), query.plan());
    return Operation.within(operation, () -> Futures.start(body)).whenComplete(
        (result, failure) -> notify(operation.ended(failure == null ? null : Futures.unwrap(failure))));
  }

  private void notify(OperationEvent event) {
    for (OperationListener each : operationListeners) {
      try {
        each.onOperation(event);
      } catch (Exception e) {
        listenerFailed(each, event, e);
      }
    }
  }

  private void listenerFailed(Object listener, Record event, Exception e) {
    if (failedListeners.add(listener)) {
      LOG.warn("The listener {} threw on {}; ignored, the operation's caller is not affected (later failures of"
          + " this listener are logged at DEBUG)", listener, event, e);
    } else {
      LOG.debug("The listener {} threw on {}; ignored", listener, event, e);
    }
  }
}
