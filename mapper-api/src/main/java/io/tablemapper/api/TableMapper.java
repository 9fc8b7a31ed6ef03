package io.tablemapper.api;

import io.tablemapper.spi.TableBackend;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.Executor;

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

  /** The most bytes of one {@code @Large} value unless {@link Builder#maxLargeValueSize} says otherwise: {@value}. */
  long DEFAULT_MAX_LARGE_VALUE_SIZE = 64L * 1024 * 1024;

  /**
   * The threads of a mapper's background completer of pending work unless {@link Builder#pendingCompleters} says
   * otherwise: {@value}.
   */
  int DEFAULT_PENDING_COMPLETERS = 1;

  /**
   * How long the background completer waits between two looks for pending work after a look that found some (or
   * after a write of this mapper left work), unless told otherwise: {@value} milliseconds.
   */
  long DEFAULT_PENDING_POLL_MILLIS = 1000;

  /**
   * The longest the background completer waits between two looks that find no pending work, unless
   * {@link Builder#pendingMaxPollInterval} says otherwise: {@value} milliseconds (5 minutes).
   */
  long DEFAULT_PENDING_MAX_POLL_MILLIS = 300_000;

  /**
   * The partitions of the registry of pending work over which a mapper's writes spread their entries, unless
   * {@link Builder#pendingShards} says otherwise: {@value}.
   */
  int DEFAULT_PENDING_SHARDS = 16;

  /**
   * The threads of the mapper's own pool for async operations, unless {@link Builder#asyncExecutor} gives one:
   * {@value}.
   */
  int DEFAULT_ASYNC_THREADS = 8;

  /**
   * Starts configuring a mapper, with a new builder from the runtime: {@code mapper-runtime}'s own when its class is
   * visible to this interface's class loader and may be instantiated from here (the usual class path), else the
   * first {@code TableMapper.Builder} service found through this interface's class loader, then the thread's. The
   * direct look-up, of the provider that {@code mapper-runtime}'s service file names, spares the start-up the
   * service loader's scan of every jar's {@code META-INF/services}.
   *
   * @throws TableMapperException if {@code io.tablemapper:mapper-runtime} is not on the class path
   */
  static Builder builder() {
    try {
      Class<?> runtime = Class.forName("io.tablemapper.runtime.TableMapperBuilder", true,
          TableMapper.class.getClassLoader());
      if (Builder.class.isAssignableFrom(runtime)) {
        return (Builder) runtime.getConstructor().newInstance();
      }
    } catch (ReflectiveOperationException | LinkageError | SecurityException notHere) {
      // not visible or not accessible from here (another loader, a module that does not open it): ask the services
    }
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
   * Returns the implementation of a {@code @Repository} interface, generated at compile time: one that extends
   * {@link TableRepository} or {@link AsyncTableRepository}.
   *
   * @throws IllegalArgumentException if the type extends neither
   * @throws TableMapperException if no implementation was generated (the annotation processor did not run);
   *     the message says how to enable it
   */
  <R> R repository(Class<R> repositoryType);

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
   * The tables of an entity class that exist in the store. For a class with a table per period
   * ({@code @Entity(table = "Logins{at:day}")}) each period's table that exists, oldest period first — what a
   * retention job walks to drop old periods with {@link #deleteTable}; for any other class its one table, if it
   * exists. One request to the store.
   *
   * @throws UnknownEntityTypeException if the class is no entity this mapper can map
   * @throws IllegalStateException if the mapper is closed
   */
  List<String> tables(Class<?> entityClass);

  /**
   * Starts an eventually consistent transaction over any tables and partitions: see {@link EventualBatch}.
   *
   * @throws IllegalStateException if the mapper is closed
   */
  EventualBatch eventually();

  /**
   * Finishes all the pending work recorded in this mapper's store — the writes of committed {@link EventualBatch}es
   * not applied yet, and the copies of indexes in other partitions or tables not yet in step with their entities, by
   * this process or by another one that died — and returns when none is left (work another mapper is finishing at
   * the same time is finished by both, to the same effect). Background completion (see
   * {@link Builder#pendingCompleters}) does the same on its own; this is how tests and shutdown hooks wait for it.
   *
   * @return the writes this call applied
   * @throws PendingWorkException after finishing every other piece of work, if a write failed for good in this call
   *     (its record is kept, marked failed, and not retried)
   * @throws EncryptionException after finishing every other piece of work, if a recorded write of
   *     {@link io.tablemapper.annotations.Encrypted} values needs a key this mapper lacks: that work stays pending,
   *     as it is, for a mapper with the key; the message names the work and the key id
   * @throws IllegalStateException if the mapper is closed
   */
  long completePending();

  /**
   * Builds, verifies, repairs and drops the indexes of an entity class over the data its tables already hold. An
   * index new to a populated table is not {@link IndexState#READY}, and queries through it fail with
   * {@link IndexNotReadyException}, until its {@link IndexAdmin#build} completes.
   *
   * @throws IllegalArgumentException if the class is not an entity known to this mapper
   * @throws TableMapperException if its indexes cannot be administered: the class is the root of an entity
   *     hierarchy (administer each concrete class), or its entities live in a table per period (each period's table
   *     is written with every index its class declares)
   * @throws IllegalStateException if the mapper is closed
   */
  IndexAdmin indexes(Class<?> entityClass);

  /**
   * What the read cache of a {@link io.tablemapper.annotations.Cached} entity class did so far in this mapper.
   *
   * @throws IllegalArgumentException if the class is not a {@code @Cached} entity
   */
  CacheStats cacheStats(Class<?> entityClass);

  /**
   * Rewrites the {@link io.tablemapper.annotations.Encrypted} values of a table under the current key (key rotation,
   * or encryption added to a property that held plaintext): every entity of a class known to this mapper whose stored
   * values name another key id, or are not encrypted, is read, decrypted and written back through the mapper, with
   * its index copies, conditional on the ETag it was read with; one whose ETag changed meanwhile was written by
   * someone else with the current key and is left alone. Rows of unknown types and entities already under the current
   * key are not written. Run it before an old key is removed from the resolver.
   *
   * @param table the table's name
   * @return how many entities were rewritten
   * @throws DecryptionException if a stored value does not decrypt (its key is gone, or it was tampered with);
   *     entities rewritten before it stay rewritten, and running it again resumes
   * @throws EncryptionException if the mapper has no encryption keys
   * @throws IllegalStateException if the mapper is closed
   */
  long reencrypt(String table);

  /**
   * Deletes the values of {@link io.tablemapper.annotations.Large} properties of a table that no row references and
   * that were stored longer ago than the grace period ({@link Builder#largeValueGrace}): what a crash between the
   * steps of a write leaves (a value put, its row never written; a row replaced, its old value not yet deleted). Each
   * value's name leads to the one row that may reference it, so a sweep lists the table's values and reads one row
   * per value older than the grace period. Safe while other processes write: a writer sends its row within half the
   * grace period after its values, or not at all. The background completer (see {@link Builder#pendingCompleters})
   * runs the same sweep once per grace period on the tables this mapper stored or read such values of.
   *
   * @param table the table's name
   * @return how many values were deleted
   * @throws IllegalStateException if the mapper is closed
   */
  long sweepLargeValues(String table);

  /**
   * A view of this mapper limited to a scope: tables, or ranges of their PartitionKeys (one tenant per partition
   * range). Every read and write of the view — repositories, partitions, batches, dynamic tables, continued pages —
   * that reaches outside the scope is refused with {@link OutOfScopeException} before any request is sent; a query
   * must lie wholly within the scope (a table scan of a partly scoped table is refused, not narrowed). A table is
   * created or dropped through the view only if the scope holds it whole. The view uses this mapper's store and
   * settings with caches of its own; closing it does not close the store. A view of a view is limited to both scopes.
   *
   * @throws IllegalStateException if the mapper is closed
   */
  TableMapper scoped(MapperScope scope);

  /** Stops the background completer (waiting for the write it is applying, if any), then closes the backend. */
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
     * Traces every operation, and the store requests each sends, as nested spans (see {@link OperationTracer}); for
     * example {@code new TableMapperObservations(observationRegistry)} of {@code tablemapper-micrometer}. Calling it
     * again replaces the tracer. Without one, nothing is traced and nothing is spent on it.
     */
    Builder operationTracer(OperationTracer tracer);

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
     * Adds an AES-256 key for {@link io.tablemapper.annotations.Encrypted} properties: several ids may be added, and
     * the last one added encrypts new values while the others still decrypt the values written under them (key
     * rotation; see {@link TableMapper#reencrypt}). The key is never written anywhere, nor shown by any message.
     *
     * @param keyId the id stored beside each value: 1 to 255 bytes of UTF-8
     * @param key a 32-byte AES key, for example from {@code KeyGenerator.getInstance("AES")} initialised to 256 bits
     * @throws IllegalArgumentException if the id is empty or too long, the key no 256-bit AES key, or a resolver was
     *     given with {@link #encryptionKeys}
     */
    Builder encryptionKey(String keyId, javax.crypto.SecretKey key);

    /**
     * Where the keys of {@link io.tablemapper.annotations.Encrypted} properties come from, in place of keys given
     * one by one with {@link #encryptionKey}: a key management service, or a key ring of the application's.
     *
     * @throws IllegalArgumentException if keys were given with {@link #encryptionKey}
     */
    Builder encryptionKeys(EncryptionKeyResolver resolver);

    /**
     * How many threads complete pending work in the background ({@link TableMapper#completePending()}), polling the
     * store's record of pending work; {@value TableMapper#DEFAULT_PENDING_COMPLETERS} by default, 0 turns background
     * completion off (then only {@code completePending()} and the committing thread apply work). The threads are
     * daemons of the mapper's own, started by {@link #build()} and stopped by {@link TableMapper#close()}.
     *
     * @throws IllegalArgumentException if it is not between 0 and 16
     */
    Builder pendingCompleters(int threads);

    /**
     * How long the background completer waits between two looks for pending work after a look that found some, or
     * after a write of this mapper left work to it; {@value TableMapper#DEFAULT_PENDING_POLL_MILLIS} ms by default.
     * While its looks find nothing the wait doubles, up to {@link #pendingMaxPollInterval}.
     *
     * @throws IllegalArgumentException if it is not between 1 ms and 1 hour
     */
    Builder pendingPollInterval(Duration interval);

    /**
     * The longest the background completer waits between two looks that find no pending work: after each such look
     * the wait doubles, from {@link #pendingPollInterval} up to this; a look that finds work, or a write of this
     * mapper that leaves work, sets it back to the poll interval. This bounds how long work a process that died
     * left waits for a live mapper's background completer: at most this long after its transaction, or this plus the
     * grace period of a minute for a write that died before its transaction;
     * {@value TableMapper#DEFAULT_PENDING_MAX_POLL_MILLIS} ms by default. A value below the poll interval means the
     * wait never grows.
     *
     * @throws IllegalArgumentException if it is not between 1 ms and 1 day
     */
    Builder pendingMaxPollInterval(Duration interval);

    /**
     * Over how many partitions of the registry of pending work (table {@code TableMapperPending}, partitions
     * {@code work-00} to {@code work-99}) this mapper's writes spread their entries: every write that leaves pending
     * work — an entity with an index in another partition, an {@link EventualBatch} — inserts an entry there and
     * deletes it once the work is done, so one partition would cap all such writes of the application at one
     * partition's throughput (about 2,000 entities per second on Azure Table Storage). Each entry goes to a shard
     * chosen by a hash of its random work id, which names the shard, so mappers with different counts share one
     * registry and every completer finds every entry; raising the count later needs no migration.
     * {@value TableMapper#DEFAULT_PENDING_SHARDS} by default: at the account's 20,000 requests per second, a shard
     * then gets at most a few hundred.
     *
     * @throws IllegalArgumentException if it is not between 1 and 100
     */
    Builder pendingShards(int shards);

    /**
     * The executor of the async operations — repository methods that return a {@code CompletableFuture},
     * {@link AsyncTableRepository}, {@link Batch#commitAsync()}: their requests go on the store's async path (on Azure
     * holding no thread while under way), and this executor hands over every result (so callbacks never run on the
     * store client's threads) and runs each request of a store without an async client (in-memory, H2). By
     * default a pool of {@value TableMapper#DEFAULT_ASYNC_THREADS} daemon threads of the mapper's own (never the
     * common pool, as that work blocks on the store), started on first use and stopped by {@link #close()}. An executor given here stays the application's to shut down;
     * {@code close()} only fails the operations it has not started yet.
     */
    Builder asyncExecutor(Executor executor);

    /**
     * The most bytes one {@link io.tablemapper.annotations.Large} value may hold ({@link #DEFAULT_MAX_LARGE_VALUE_SIZE}
     * by default, 64 MiB); a larger one is refused with {@link InvalidEntityException} before anything is written.
     *
     * @throws IllegalArgumentException if it is below 1
     */
    Builder maxLargeValueSize(long bytes);

    /**
     * How old a {@link io.tablemapper.annotations.Large} value that no row references must be before
     * {@link TableMapper#sweepLargeValues} deletes it (ten minutes by default), and how often the background
     * completer sweeps. A write whose row would be sent later
     * than half of it after its values were stored gives up instead, so choose it far above a write's duration.
     * Zero lets a sweep delete every unreferenced value at once: only for a mapper that sweeps while no other
     * writer runs (its own writes then have no deadline).
     *
     * @throws IllegalArgumentException if it is negative
     */
    Builder largeValueGrace(Duration grace);

    /**
     * The {@link io.tablemapper.annotations.NamingStrategy} of every entity class that no
     * {@link io.tablemapper.annotations.Naming @Naming} governs (on the class, an enclosing class or its package),
     * for a team whose tables follow one convention ({@code PASCAL_CASE} to share them with .NET). A class mapped at
     * run time stores its names under it; a class the processor compiled has its names baked in and keeps them, so
     * one whose names followed another default (its compilation's {@code -Atablemapper.naming}, as declared
     * without) is refused with a {@link TableMapperException} naming the class, both strategies and the fixes — at
     * {@link #build()} for the classes given to {@link #entities}, else at its first use, before anything is written.
     * Without this call, run-time mappings store names as declared and generated ones are used as compiled.
     */
    Builder naming(io.tablemapper.annotations.NamingStrategy strategy);

    /**
     * Builds the mapper.
     *
     * @throws IllegalStateException if no backend was set
     * @throws TableNotFoundException under {@link TableCreation#VERIFY_AT_START}, if the table of a class given to
     *     {@link #entities} does not exist; the message names every missing table
     * @throws TableMapperException if a class given to {@link #entities} has generated names that follow another
     *     default than {@link #naming}
     */
    TableMapper build();
  }
}
