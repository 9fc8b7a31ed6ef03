package io.tablemapper.spi;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * A key-sorted table store: tables of {@link TableRow}s ordered by (PartitionKey, RowKey).
 *
 * <p>The contract, pinned down by the conformance kit ({@code io.tablemapper:backend-tck}) that every backend
 * passes:
 *
 * <ul>
 *   <li>Keys compare as strings of UTF-16 code units; results come in (PartitionKey, RowKey) order.
 *   <li>Every row written gets a new ETag and Timestamp, and its operation's {@link WriteResult} carries them: they
 *       are what a read of the row returns until it is written again. The rows of one batch may share one ETag and
 *       Timestamp (as the Azure Table service gives them) or each get their own (as Azurite and the Cosmos DB Table
 *       API do); callers must not rely on either, and take each row's version from its own operation's result.
 *   <li>Every row written is checked against {@link StoreLimits#checkRow} ({@code InvalidKeyException},
 *       {@code InvalidEntityException}) before anything is stored.
 *   <li>{@link #batch} is atomic: every operation is applied or none; it enforces one partition, at most 100
 *       operations, 4 MiB and one operation per entity, and reports a rejected operation as a
 *       {@code BatchException} whose {@code failedIndex()} is the operation's position and whose cause is the
 *       specific exception ({@code EntityExistsException}, {@code EntityNotFoundException},
 *       {@code ConcurrencyConflictException}, ...).
 *   <li>Reads and writes of a table that does not exist throw {@code TableNotFoundException} (a batch on a missing
 *       table too, not a {@code BatchException}); the table is checked before anything else, so an invalid row
 *       written to a missing table also gets {@code TableNotFoundException}.
 *   <li>A backend is safe for concurrent use; a batch is never seen half-applied.
 * </ul>
 *
 * <p>Details every backend answers the same way:
 *
 * <ul>
 *   <li>Table names are checked with {@link StoreLimits#checkTableName} ({@code IllegalArgumentException}) and are
 *       case-insensitive, as in Azure.
 *   <li>Batch rules are checked with {@link BatchRules#check} before anything else, in its order; then the first
 *       operation the stored state rejects is the one {@code failedIndex()} names.
 *   <li>A merge must leave a row within the limits ({@code InvalidEntityException} otherwise).
 *   <li>An ETag is never given twice in a partition, except to rows of one batch: a write never gives a row an ETag
 *       that this or another row of its partition had before. So a stale ETag never matches again, and two rows
 *       with one ETag were written by one batch (the converse need not hold).
 *   <li>A page stops when it holds {@code limit} rows; its continuation token resumes after the last row it
 *       returned, so a row that comes to match after that key (inserted or changed between pages) appears on a
 *       later page. A page may be short or empty and still carry a token; no token means no more rows.
 *   <li>A continuation token is only valid with the query that produced it; a token the backend cannot read is
 *       an {@code IllegalArgumentException}.
 *   <li>The sign of a zero Double need not survive a round trip ({@code -0.0} may read back as {@code 0.0}).
 *   <li>{@link #get} with keys no row can have (too long, forbidden characters) returns empty.
 * </ul>
 *
 * <p><b>The async path.</b> {@link #getAsync}, {@link #queryAsync}, {@link #writeAsync} and {@link #batchAsync} are
 * the point read, query page, write and batch of the mapper's async operations. Each has the meaning of its blocking
 * counterpart and reports a failure as the same exception, completing the future exceptionally with it (a caller's
 * {@code join()} then throws a {@code CompletionException} whose cause is that exception). By default each runs its
 * blocking counterpart on the {@code executor} the mapper hands in (its async executor), so a backend that
 * implements only the blocking methods is correct on both paths; a backend with a non-blocking client of its own (as
 * the Azure backend has the SDK's {@code TableAsyncClient}) overrides them to hold no thread while a request is under
 * way. An override must:
 *
 * <ul>
 *   <li>never throw from the call itself: every failure, a bad argument's too, completes the future exceptionally;
 *   <li>complete the future with the contract's exceptions only ({@code io.tablemapper.api.TableMapperException} and
 *       its subclasses, {@code IllegalArgumentException} for a bad token), never a client library's exception or an
 *       {@code Error};
 *   <li>never block the thread that completes the future (the mapper may send its next request from a callback), and
 *       not run blocking work on the caller's thread;
 *   <li>treat cancellation of the returned future as "the result is no longer wanted": a read may be abandoned; a
 *       write or batch that was sent may still be applied, as a blocking one interrupted may be.
 * </ul>
 *
 * <p>{@link #createTableIfNotExistsAsync} and {@link #tableExistsAsync} are the table calls of the async path: what
 * an async write needs before its first request into a table (the table created under
 * {@code TableCreation.CREATE_ON_WRITE}, its existence checked when the credentials may not create it). They follow
 * the same rules, and report the same exceptions as {@link #createTableIfNotExists} and {@link #tableExists}.
 *
 * <p>The conformance kit checks the async path of every backend against the blocking one.
 */
public interface TableBackend extends AutoCloseable {

  /**
   * Which service's rules this store follows (by default {@link StoreProfile#AZURE_TABLE_STORAGE}, the rules this
   * class comment describes). A backend of {@link StoreProfile#COSMOS_TABLE} returns query rows in no key order and
   * opaque continuation tokens, and refuses what its profile's limits refuse; the mapper reads the profile to keep
   * results in key order and to check those limits before sending. A backend that wraps another returns the
   * other's profile.
   */
  default StoreProfile profile() {
    return StoreProfile.AZURE_TABLE_STORAGE;
  }

  /**
   * The backend's space for values stored out of their rows ({@link io.tablemapper.annotations.Large} properties),
   * or empty when it has none (the default): a mapper over such a backend refuses to write or read an entity with
   * such a property, with an {@code InvalidEntityException} that says so.
   */
  default Optional<OutOfRowValues> outOfRowValues() {
    return Optional.empty();
  }

  /** Creates the table unless it exists; returns whether it was created. */
  boolean createTableIfNotExists(String table);

  /** Deletes the table and everything in it, if it exists; returns whether it existed. */
  boolean deleteTableIfExists(String table);

  /** Whether the table exists. */
  boolean tableExists(String table);

  /**
   * The tables that exist and whose names start with {@code prefix}, compared ignoring case as the store compares
   * table names (an empty prefix: every table); each named as it was created, sorted by name ignoring case. What
   * the table-per-period pattern lists a type's periods by.
   *
   * @param prefix letters and digits, possibly empty
   * @throws IllegalArgumentException if the prefix holds anything else
   */
  List<String> listTables(String prefix);

  /** The row with these keys, or empty. */
  Optional<TableRow> get(String table, String partitionKey, String rowKey);

  /**
   * One page of the rows matching the query, in key order (in no particular order where the {@link #profile()}
   * is not {@link StoreProfile#ordered() ordered}).
   */
  QueryResult query(TableQuery query);

  /**
   * Applies one operation.
   *
   * @throws io.tablemapper.api.EntityExistsException for an insert of an existing row
   * @throws io.tablemapper.api.EntityNotFoundException for a replace, merge or delete of a missing row
   * @throws io.tablemapper.api.ConcurrencyConflictException for an If-Match ETag that does not match
   */
  WriteResult write(String table, WriteOperation operation);

  /**
   * Applies operations on one partition atomically.
   *
   * @return one result per operation, in order
   * @throws io.tablemapper.api.BatchException if a batch rule is broken or the store rejected an operation;
   *     nothing is written either way
   */
  List<WriteResult> batch(String table, List<WriteOperation> operations);

  /**
   * {@link #get} on the async path (see the class comment): by default the blocking read, run on {@code executor}.
   *
   * @param executor where the default runs the blocking call; an override that blocks no thread may ignore it
   */
  default CompletableFuture<Optional<TableRow>> getAsync(
      String table, String partitionKey, String rowKey, Executor executor) {
    return onExecutor(() -> get(table, partitionKey, rowKey), executor);
  }

  /**
   * {@link #query} on the async path (see the class comment): one page, by default read by the blocking call on
   * {@code executor}.
   *
   * @param executor where the default runs the blocking call; an override that blocks no thread may ignore it
   */
  default CompletableFuture<QueryResult> queryAsync(TableQuery query, Executor executor) {
    return onExecutor(() -> query(query), executor);
  }

  /**
   * {@link #write} on the async path (see the class comment): by default the blocking write, run on {@code executor}.
   *
   * @param executor where the default runs the blocking call; an override that blocks no thread may ignore it
   */
  default CompletableFuture<WriteResult> writeAsync(String table, WriteOperation operation, Executor executor) {
    return onExecutor(() -> write(table, operation), executor);
  }

  /**
   * {@link #batch} on the async path (see the class comment): atomic as the blocking batch, and by default that
   * batch, run on {@code executor}.
   *
   * @param executor where the default runs the blocking call; an override that blocks no thread may ignore it
   */
  default CompletableFuture<List<WriteResult>> batchAsync(
      String table, List<WriteOperation> operations, Executor executor) {
    return onExecutor(() -> batch(table, operations), executor);
  }

  /**
   * {@link #createTableIfNotExists} on the async path (see the class comment): completes with whether this call
   * created the table, by default the blocking call run on {@code executor}. An override answers as the blocking
   * call does in every case: {@code false} when the table exists (whatever the spelling of its name), also when
   * another caller created it while this call was under way — of two calls racing to create a table one completes
   * with {@code true}, the other with {@code false}, and neither fails; an invalid name fails the future with
   * {@code IllegalArgumentException}; credentials that may not create tables with
   * {@code io.tablemapper.api.AccessDeniedException}. A wait the store imposes (Azure refuses to create a table of
   * a name it is still deleting, for up to about 40 seconds) is waited out without holding a thread, within the
   * bound of the blocking call and failing as it fails past it.
   *
   * @param executor where the default runs the blocking call; an override that blocks no thread may ignore it
   */
  default CompletableFuture<Boolean> createTableIfNotExistsAsync(String table, Executor executor) {
    return onExecutor(() -> createTableIfNotExists(table), executor);
  }

  /**
   * {@link #tableExists} on the async path (see the class comment): by default the blocking call, run on
   * {@code executor}. An override answers {@code false} for a table that does not exist and fails the future only
   * where the blocking call throws (an invalid name, credentials that may not read the table, the store
   * unreachable), with the same exception.
   *
   * @param executor where the default runs the blocking call; an override that blocks no thread may ignore it
   */
  default CompletableFuture<Boolean> tableExistsAsync(String table, Executor executor) {
    return onExecutor(() -> tableExists(table), executor);
  }

  /**
   * Runs a blocking call on an executor: the future completes with its result or, exceptionally, with what it threw;
   * an executor that refuses the work fails the future with {@code IllegalStateException}. For backends whose async
   * path runs some requests the blocking way.
   */
  static <R> CompletableFuture<R> onExecutor(Supplier<R> call, Executor executor) {
    CompletableFuture<R> future = new CompletableFuture<>();
    try {
      executor.execute(() -> {
        if (future.isDone()) {
          return; // cancelled before it started
        }
        try {
          future.complete(call.get());
        } catch (RuntimeException | Error e) {
          future.completeExceptionally(e);
        }
      });
    } catch (RuntimeException e) {
      future.completeExceptionally(new IllegalStateException(
          "the executor of the async path refused a store request: " + e.getMessage(), e));
    }
    return future;
  }

  /**
   * The tables and partitions this backend's credentials open, when it knows them to be fewer than all (a shared
   * access signature of one table or a key range); empty otherwise, as by default. A mapper over it refuses every
   * request outside that scope itself, before sending it ({@link io.tablemapper.api.TableMapper#scoped}), so a
   * store that does not enforce a signature's key range (Azurite) behaves as the service does.
   */
  default Optional<io.tablemapper.api.MapperScope> accessScope() {
    return Optional.empty();
  }

  /**
   * Which store this backend reaches, for the mapper's tracer (as OpenTelemetry names a database client's spans:
   * {@code db.system.name}, {@code db.namespace}, {@code server.address}, {@code server.port}): what it is, the
   * account or database, and the server's host and port where there is one. By default
   * {@link StoreDescription#unknown}: the {@link #name()} in lower case as the system, nothing else; a backend that
   * wraps another returns the other's. Called once per mapper, when it is built; must not send a request.
   */
  default StoreDescription description() {
    return StoreDescription.unknown(this);
  }

  /** A short name for messages and logs, for example {@code in-memory}. */
  default String name() {
    return getClass().getSimpleName();
  }

  /** Releases the backend's resources. */
  @Override
  void close();
}
