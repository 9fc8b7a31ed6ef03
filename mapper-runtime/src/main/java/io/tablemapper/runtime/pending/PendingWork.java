package io.tablemapper.runtime.pending;

import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.api.BatchException;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EncryptionException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.PendingWorkException;
import io.tablemapper.api.SchemaVersionException;
import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.api.UnknownEntityTypeException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.runtime.rows.PendingRows.State;
import io.tablemapper.runtime.write.WriteFailures.Mode;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.write.EgtWriter;
import io.tablemapper.runtime.values.EncryptedValues;
import io.tablemapper.runtime.mapping.EntityTypes;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.values.LargeValues;
import io.tablemapper.runtime.support.Lifecycle;
import io.tablemapper.runtime.support.Log;
import io.tablemapper.runtime.config.MapperSettings;
import io.tablemapper.runtime.rows.PendingRows;
import io.tablemapper.runtime.rows.PendingStep;
import io.tablemapper.runtime.write.ScopeChecks;
import io.tablemapper.runtime.store.Tables;
import io.tablemapper.runtime.store.WriteChannel;
import io.tablemapper.runtime.write.WriteFailures;
import io.tablemapper.runtime.write.WriteIntent;
import io.tablemapper.runtime.write.WriteIntents;
import io.tablemapper.runtime.rows.WriteKind;

/**
 * Durable pending work ({@link PendingRows} describes its rows): the writes of
 * {@link io.tablemapper.api.EventualBatch}es after their first, and the reconciliation of remote indexes ({@link RemoteIndexes}) after every write of an entity
 * that has some; completes what any process left — on {@link io.tablemapper.api.TableMapper#completePending()} and
 * in the background ({@link BackgroundCompleter}).
 *
 * <p>The protocol ({@link #write}), each store write a point where a process may die:
 * <ol>
 *   <li>the writer inserts a registry entry for a new work id (listing the values it will claim);
 *   <li>it claims the remote index values of the written entity;
 *   <li>the write goes as one entity group transaction with the work record (the record exists exactly when the
 *       write was applied): the reconciliation of each remote index, then the later writes of an eventual batch;
 *   <li>the steps are applied in order — a reconciliation by {@link RemoteIndexes#reconcile}, a write through
 *       {@link #write} itself (index copies included) — the record's next position advanced after each write that
 *       others follow;
 *   <li>the record is deleted, then the registry entry.
 * </ol>
 * Any completer finds work by the registry (never by scanning tables) and resumes at the record's next position.
 * Each write is reconciled with the entity's current state, so that a write applied again — by a process that died
 * before advancing the record, or by two completers at once — has its effect once: an insert or update whose entity
 * already holds the written values, or a delete whose entity is gone, counts as applied. A write that can no longer
 * succeed (another writer changed its entity meanwhile) fails for good: the record is marked failed with the
 * message, the writes after it are not applied, and it is never retried, so that it blocks nothing.
 */
public final class PendingWork {
  private static final Log LOG = new Log(PendingWork.class);
  /** How many ids a writer tries when completers retire them under it (each retire needs a minute's stall). */
  private static final int MAX_IDS = 3;
  private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);
  /** How long {@link #completeAll} waits, beyond the grace period, for work that waits for another write. */
  private static final Duration WAIT_BEYOND_GRACE = Duration.ofSeconds(5);

  private final TableBackend backend;
  private final Tables tables;
  private final Discriminator discriminator;
  private final MappingContext context;
  /** Sends the transactions of the writes. */
  private final EgtWriter writer;
  /** Builds the intents of the writes of recorded work, as the application's are built. */
  private final WriteIntents intents;
  /** The mappings of the classes that recorded work names. */
  private final EntityTypes types;
  private final Lifecycle lifecycle;
  /** The background completion of this mapper's pending work. */
  private final BackgroundCompleter completer;
  private final MapperSettings.Pending settings;
  private final RemoteIndexes remote;
  /** The blocking path of the requests: {@link #write} is the same steps as {@link #writeAsync} over it. */
  private final WriteChannel blocking;
  private volatile boolean registryReady;
  /** The ids of the work left for want of a key that this mapper logged as an error ({@link #reportWaiting}). */
  private final Set<String> reportedWaiting = ConcurrentHashMap.newKeySet();

  public PendingWork(TableBackend backend, Tables tables, Discriminator discriminator, MappingContext context,
      EgtWriter writer, WriteIntents intents, EntityTypes types, Lifecycle lifecycle, LargeValues large,
      MapperSettings.Pending settings) {
    this.backend = backend;
    this.tables = tables;
    this.discriminator = discriminator;
    this.context = context;
    this.writer = writer;
    this.intents = intents;
    this.types = types;
    this.lifecycle = lifecycle;
    this.settings = settings;
    this.remote = new RemoteIndexes(backend, tables, discriminator, context, settings);
    this.blocking = WriteChannel.blocking(backend, tables, discriminator);
    this.completer = new BackgroundCompleter(this, lifecycle, large, settings);
  }

  /** The background completion of this mapper's pending work, which a write that leaves work wakes. */
  public BackgroundCompleter completer() {
    return completer;
  }

  /**
   * A recorded write that this mapper cannot complete for want of a key: its row holds {@code @Encrypted} values,
   * encrypted under key ids this mapper has no key for (or it has no keys at all to encrypt the write with). The work
   * stays pending as it is — nothing is written in plaintext, nothing is failed for good — until a mapper with the key
   * completes it. {@link #completeAll} throws it once all other work is done; every completer logs it as an error,
   * once per work id.
   */
  static final class NeedsKey extends EncryptionException {
    private static final long serialVersionUID = 1L;

    private final String workId;

    NeedsKey(String workId, PendingStep step, Set<String> keyIds, EncryptionException cause) {
      super("the pending " + step.describe() + " (write " + step.position() + " of eventual batch " + workId
          + ") stays pending: " + (keyIds.isEmpty() ? "its @Encrypted values must be encrypted to be written"
          : "its recorded row holds @Encrypted values encrypted with key id " + quoted(keyIds))
          + ", and this mapper cannot: " + cause.getMessage() + ". Complete it with a mapper that has "
          + (keyIds.isEmpty() ? "the entity's current key" : "that key") + " (TableMapper.builder().encryptionKey("
          + (keyIds.isEmpty() ? "keyId" : "\"" + keyIds.iterator().next() + "\"") + ", key), or a key resolver that"
          + " resolves it) and call completePending(); the work is never written in plaintext, nor failed for lack"
          + " of a key", cause);
      this.workId = workId;
    }

    private static String quoted(Set<String> ids) {
      return ids.stream().map(each -> "'" + each + "'").collect(Collectors.joining(", "));
    }

    /** The id of the work left pending. */
    String workId() {
      return workId;
    }
  }

  // ------------------------------------------------------------------ the writer's side

  /**
   * Carries out writes of one partition as {@link EgtWriter#write} does, recording the pending work of those that
   * leave some — the reconciliation of their entity's remote indexes, the later writes of an eventual batch — in
   * their transaction, and then doing it: for each such write a registry entry first, then the claims of its remote
   * index values, then the transaction with its record, then the work, then the record and the entry are deleted.
   *
   * @return the store's result for each write's entity, as {@link EgtWriter#write}
   * @throws RuntimeException as {@link EgtWriter#write} (nothing written, claims released), or an
   *     {@link EntityExistsException} for a remote unique index value another entity holds
   * @throws PendingWorkException if a later write of an eventual batch failed for good
   */
  public List<WriteResult> write(String table, List<? extends WriteIntent<?>> writes, Mode mode) {
    if (writes.stream().noneMatch(WriteIntent::leavesWork)) {
      return writer.write(table, writes, mode); // the hot path: no future, no second exception on a refusal
    }
    return Futures.join(write(blocking, table, writes, mode));
  }

  /**
   * {@link #write} on the async path, the same steps and rules over {@code channel}: writes that leave no pending work
   * go as {@link EgtWriter#writeAsync} sends them; for those that leave some, the registry entries, the claims, the
   * transaction and the deletions after a refusal are sent too, holding no thread while their requests are under
   * way; so is the work done right after the transaction (reconciling the remote copies and key lists, the later
   * writes of an eventual batch: {@link #completeRecorded}), and the registry table's creation ({@link
   * #createRegistry}) and a table's first creation ({@link WriteChannel#ensure}) are sent with the backend's async
   * table calls: nothing of it waits for the mapper's executor (on a backend with a non-blocking client), but the
   * hand-over of the result. That work keeps the completer's rules ({@link #run}): a step that fails for good fails
   * the future with its {@link PendingWorkException}, the record marked failed. A caller who cancels, or a mapper
   * that closes, before a step of that work is sent leaves the rest recorded, for a completer (logged). Two writes that claim one unique value at once race as
   * blocking ones do: the claim the store takes first wins, the other write fails with
   * {@link EntityExistsException}, its claims released and its entries deleted.
   */
  public CompletableFuture<List<WriteResult>> writeAsync(
      String table, List<? extends WriteIntent<?>> writes, Mode mode, WriteChannel.Async channel) {
    return write(channel, table, writes, mode);
  }

  /**
   * {@link #write} on the path of {@code channel}: writes that leave no pending work as {@link EgtWriter} writes them,
   * the others by the protocol.
   */
  private CompletableFuture<List<WriteResult>> write(WriteChannel channel, String table,
      List<? extends WriteIntent<?>> writes, Mode mode) {
    if (writes.stream().noneMatch(WriteIntent::leavesWork)) {
      return transaction(channel, table, writes, mode);
    }
    return Futures.start(() -> {
      ScopeChecks.checkPendingWrites(backend, writes); // a view's: before the first request
      return write(channel, table, writes, mode, 1, new ArrayList<>());
    });
  }

  /**
   * The protocol on either path, under fresh work ids ({@code attempt} of {@link #MAX_IDS}): the registry entry and
   * the claims of each write that leaves work, in order, then the transaction; after a refusal the claims are
   * released and the entries deleted (nothing was recorded under them); after the transaction the records of ids
   * retired under the writer ({@code retired}) are deleted and the recorded work is done.
   */
  private CompletableFuture<List<WriteResult>> write(WriteChannel channel, String table,
      List<? extends WriteIntent<?>> writes, Mode mode, int attempt, List<String> retired) {
    List<WriteIntent<?>> recording = new ArrayList<>(writes.size());
    List<String> ids = new ArrayList<>();
    List<RemoteIndexes.Claim> claims = new ArrayList<>();
    Iterator<? extends WriteIntent<?>> each = writes.iterator();
    CompletableFuture<Void> recorded = Futures.loop(each::hasNext, () -> {
      WriteIntent<?> write = each.next();
      if (!write.leavesWork()) {
        recording.add(write);
        return DONE;
      }
      return record(channel, table, write, mode, ids, claims).thenAccept(recording::add);
    });
    CompletableFuture<List<WriteResult>> transaction = Futures.compose(recorded, done -> transaction(channel, table,
        recording, mode));
    return transaction.<CompletableFuture<List<WriteResult>>>handle((results, thrown) -> {
      if (thrown == null) {
        return after(channel, table, writes, recording, retired).thenApply(done -> results);
      }
      Throwable failure = Futures.unwrap(thrown);
      if (!refused(failure)) {
        // not refused by the store (cancelled, the mapper closed, or a request whose answer was lost: the
        // transaction may have been applied): entries and claims are settled by a completer, which finds the record
        // or retires the entry
        return CompletableFuture.<List<WriteResult>>failedFuture(failure);
      }
      // the clean-up of a refusal is sent even once the caller cancelled: a claim left would refuse other writers
      WriteChannel cleanUp = channel.cleanUp();
      return Futures.compose(remote.release(cleanUp, claims), left -> {
        if (!(failure instanceof WriteFailures.IdRetired || failure.getCause() instanceof WriteFailures.IdRetired)) {
          // refused, nothing written: no record exists under the ids; once the entries are gone, no one waits for
          // this write, and the rows it left are cleaned up
          return Futures.compose(deleteAll(cleanUp, PendingRows.REGISTRY_TABLE, PendingRows.REGISTRY_PARTITION, ids),
                  deleted -> remote.cleanUp(cleanUp, left))
              .<List<WriteResult>>thenCompose(cleaned -> CompletableFuture.failedFuture(failure));
        }
        if (attempt == MAX_IDS) {
          return CompletableFuture.<List<WriteResult>>failedFuture(new TableMapperException("the writer stalled past"
              + " the grace period " + attempt + " times between registering its pending work and recording it;"
              + " nothing was written", failure));
        }
        retired.addAll(ids);
        return write(channel, table, writes, mode, attempt + 1, retired);
      });
    }).thenCompose(Function.identity());
  }

  /**
   * Whether a write's failure says for sure that its transaction was not applied: any answer of the store that
   * refuses it, or a refusal before anything was sent; not a store that did not answer ({@link
   * StoreUnavailableException}, or a failure no more specific than {@link TableMapperException}), whose
   * transaction may have been applied.
   */
  static boolean refused(Throwable failure) {
    if (!(failure instanceof TableMapperException) || failure instanceof StoreUnavailableException
        || failure.getClass() == TableMapperException.class) {
      return false;
    }
    return !(failure instanceof BatchException && failure.getCause() instanceof StoreUnavailableException);
  }

  /** The transaction of the recording writes, on the channel's path. */
  private CompletableFuture<List<WriteResult>> transaction(WriteChannel channel, String table,
      List<? extends WriteIntent<?>> recording, Mode mode) {
    if (channel instanceof WriteChannel.Async async) {
      return writer.writeAsync(async, table, recording, mode);
    }
    return Futures.start(() -> CompletableFuture.completedFuture(writer.write(table, recording, mode)));
  }

  /** After the transaction: the records of retired ids deleted, then the recorded work done. */
  private CompletableFuture<Void> after(WriteChannel channel, String table, List<? extends WriteIntent<?>> writes,
      List<WriteIntent<?>> recording, List<String> retired) {
    CompletableFuture<Void> cleaned = DONE;
    for (String old : retired) {
      // only this writer could still record work under these ids, and its transactions under them failed
      for (WriteIntent<?> write : writes) {
        cleaned = Futures.compose(cleaned, done -> deleteQuietly(channel, table, write.partitionKey(),
            PendingRows.workRowKey(old)));
      }
    }
    return Futures.compose(cleaned, done -> completeRecorded(channel, table, recording));
  }

  /**
   * Registers the pending work of one write and claims its remote index values; completes with the write recording
   * it.
   */
  private <T> CompletableFuture<WriteIntent<T>> record(WriteChannel channel, String table, WriteIntent<T> write,
      Mode mode, List<String> ids, List<RemoteIndexes.Claim> claims) {
    String id = PendingRows.newId();
    List<PendingStep> onRetire = new ArrayList<>();
    List<PendingStep.Address> claimed = RemoteIndexes.claimed(write);
    if (!claimed.isEmpty()) {
      for (PendingStep step : write.reconciliations(null, context)) {
        onRetire.add(PendingStep.reconcile(step.entityClass(), step.table(), step.row(), step.index(), claimed,
            List.of())); // its write was never recorded: a clean-up writes no copy
      }
    }
    return Futures.compose(register(channel, id, table, write.partitionKey(), onRetire), registered -> {
      ids.add(id);
      return remote.claim(channel, write, id, claims).handle((done, thrown) -> {
        if (thrown == null) {
          return write.withPendingId(id);
        }
        Throwable failure = Futures.unwrap(thrown);
        if (failure instanceof EntityExistsException refused) {
          throw WriteFailures.rejected(mode, write, table, refused);
        }
        throw failure instanceof RuntimeException runtime ? runtime : new CompletionException(failure);
      });
    });
  }

  /**
   * Checks that no remote index value of a write's entity is taken by another entity than those in {@code changing}
   * ({@link RemoteIndexes#checkFree}).
   *
   * @throws EntityExistsException if one is
   */
  public void checkFree(WriteIntent<?> write, Set<PendingStep.Address> changing) {
    remote.checkFree(write, changing);
  }

  /**
   * Does the work the writes recorded, right after their transaction, each request sent through {@code channel}: a
   * record still pending is run ({@link #run}); a store that cannot be reached (or a caller who cancelled, a mapper
   * that closed) leaves the rest recorded for a completer, logged.
   *
   * @return a future failed with the first write that failed for good ({@link PendingWorkException})
   */
  private CompletableFuture<Void> completeRecorded(WriteChannel channel, String table, List<WriteIntent<?>> writes) {
    List<PendingWorkException> failures = new ArrayList<>();
    Iterator<WriteIntent<?>> each = writes.iterator();
    CompletableFuture<Void> done = Futures.loop(each::hasNext, () -> {
      WriteIntent<?> write = each.next();
      String id = write.pendingId();
      if (id == null) {
        return DONE;
      }
      return Futures.compose(readRecord(channel, table, write.partitionKey(), id),
          record -> record != null && PendingRows.state(record) == State.PENDING
              ? run(channel, id, table, write.partitionKey(), record, failures)
              : CompletableFuture.completedFuture(0L))
          .handle((applied, thrown) -> {
            if (thrown != null) {
              Throwable cause = Futures.unwrap(thrown);
              if (cause instanceof Error error) {
                throw error; // not the store's answer: not left to a completer quietly
              }
              if (cause instanceof NeedsKey keyless) {
                reportWaiting(keyless);
              } else if (cause instanceof RemoteIndexes.Deferred waits) {
                LOG.debug("pending work {} is left to a completer: {}", id, waits.getMessage());
                completer.wake(id);
              } else {
                // the work is recorded: a completer does it once the store answers again
                LOG.warn("pending work {} is left to a completer: {}", id, cause.toString());
                completer.wake(id);
              }
            }
            return null;
          });
    });
    return Futures.compose(done, finished -> failures.isEmpty() ? DONE
        : CompletableFuture.<Void>failedFuture(failures.get(0)));
  }

  /** Inserts the registry entry of a work id (creating the registry's table, whatever the creation policy). */
  private CompletableFuture<Void> register(WriteChannel channel, String id, String table, String partitionKey,
      List<PendingStep> onRetire) {
    TableRow entry = PendingRows.registryEntry(discriminator, id, table, partitionKey, onRetire);
    CompletableFuture<Void> ready = registryReady ? DONE : createRegistry(channel);
    return Futures.compose(ready, created -> channel.write(PendingRows.REGISTRY_TABLE, WriteOperation.insert(entry))
        .exceptionallyCompose(thrown -> {
          Throwable failure = Futures.unwrap(thrown);
          if (!(failure instanceof TableNotFoundException)) {
            return CompletableFuture.failedFuture(failure);
          }
          // dropped: create it again
          return createRegistry(channel).thenCompose(
              again -> channel.write(PendingRows.REGISTRY_TABLE, WriteOperation.insert(entry)));
        }))
        .thenApply(written -> null);
  }

  /**
   * Creates the registry's table if it does not exist, through {@code channel} ({@link WriteChannel#createTable}: on
   * the async path with the backend's async table call).
   */
  private CompletableFuture<Void> createRegistry(WriteChannel channel) {
    return channel.createTable(PendingRows.REGISTRY_TABLE).thenApply(created -> {
      registryReady = true;
      return null;
    });
  }

  // ------------------------------------------------------------------ completion

  /**
   * Completes every piece of work the registry lists, in passes until a pass finds nothing to do.
   *
   * @return the writes applied
   * @throws PendingWorkException the first write that failed for good, the others (and the work left for want of a
   *     key) suppressed in it
   * @throws EncryptionException when no write failed for good, but work was left pending because this mapper lacks
   *     the key its encrypted values need ({@link NeedsKey}, naming the work and the key id), the others suppressed
   */
  public long completeAll() {
    List<PendingWorkException> failures = new ArrayList<>();
    Map<String, NeedsKey> waiting = new LinkedHashMap<>();
    long applied = 0;
    // work that waits for another write (RemoteIndexes.Deferred) is looked at again, a little later each time, until
    // that write is recorded, refused or retired: at most the grace period after which a dead writer's entry is
    long waitUntil = System.nanoTime() + settings.grace().toNanos() + WAIT_BEYOND_GRACE.toNanos();
    for (int pass = 0; pass < 100 || pass < 10_000 && System.nanoTime() < waitUntil; pass++) {
      long before = applied;
      AtomicInteger acted = new AtomicInteger();
      AtomicInteger deferred = new AtomicInteger();
      applied += pass(0, 1, failures, waiting, acted, deferred);
      if (deferred.get() > 0 && System.nanoTime() < waitUntil && !lifecycle.closed()) {
        pauseBetweenPasses(pass);
        continue;
      }
      if (applied == before && acted.get() == 0) {
        break;
      }
    }
    List<TableMapperException> left = new ArrayList<>(failures);
    left.addAll(waiting.values());
    if (!left.isEmpty()) {
      TableMapperException first = left.get(0);
      left.subList(1, left.size()).forEach(first::addSuppressed);
      throw first;
    }
    return applied;
  }

  /** A short pause before another pass over work that waits for another write: 5 ms, doubling up to 200 ms. */
  private static void pauseBetweenPasses(int pass) {
    try {
      Thread.sleep(Math.min(200, 5L << Math.min(pass, 6)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Logs, as an error, work left pending for want of a key: once per work id and mapper, as a background completer
   * meets it again at every look.
   */
  private void reportWaiting(NeedsKey keyless) {
    if (reportedWaiting.add(keyless.workId())) {
      LOG.error("{}", keyless.getMessage());
    } else {
      LOG.debug("{}", keyless.getMessage());
    }
  }

  /**
   * One look at the registry: completes the work of the entries of one shard ({@code shard} of {@code shards}, by
   * id), stopping early when the mapper closes.
   *
   * @param waiting gets the work left pending for want of a key, by id
   * @param acted counts the entries retired or found done (work that applied no write)
   * @return the writes applied
   */
  private long pass(int shard, int shards, List<PendingWorkException> failures, Map<String, NeedsKey> waiting,
      AtomicInteger acted, AtomicInteger deferred) {
    long applied = 0;
    TableQuery query = TableQuery.builder(PendingRows.REGISTRY_TABLE)
        .partitionKey(PendingRows.REGISTRY_PARTITION)
        .limit(StoreLimits.MAX_PAGE_SIZE)
        .build();
    String token = null;
    do {
      String from = token;
      QueryResult page = tables.read(PendingRows.REGISTRY_TABLE,
          () -> backend.query(query.withContinuation(from)), Tables.NO_ROWS);
      for (TableRow entry : page.rows()) {
        if (lifecycle.closed()) {
          return applied;
        }
        if (Math.floorMod(entry.rowKey().hashCode(), shards) == shard) {
          applied += complete(entry, failures, waiting, acted, deferred);
        }
      }
      token = page.continuation();
    } while (token != null);
    return applied;
  }

  /** Completes the work of one registry entry; returns the writes applied. */
  private long complete(TableRow entry, List<PendingWorkException> failures, Map<String, NeedsKey> waiting,
      AtomicInteger acted, AtomicInteger deferred) {
    if (PendingRows.state(entry) == State.FAILED
        || !PendingRows.REGISTRY_TYPE.equals(discriminator.typeOf(entry))) {
      // failed for good; or written by a mapper with another discriminator, whose rows this one would write wrongly
      return 0;
    }
    String id = entry.rowKey();
    String table = entry.getString(PendingRows.TABLE);
    String partitionKey = entry.getString(PendingRows.PARTITION);
    TableRow record = readRecord(table, partitionKey, id);
    if (record == null) {
      Instant registered = entry.timestamp();
      if (registered != null && registered.plus(settings.grace()).isAfter(Instant.now())) {
        return 0; // its writer may be between the entry and the transaction
      }
      try {
        cancel(table, partitionKey, id);
      } catch (EntityExistsException recorded) {
        record = readRecord(table, partitionKey, id); // recorded meanwhile
      } catch (TableNotFoundException noTable) {
        if (tables.creates()) {
          // a writer stalled before the transaction that creates the table would still record the id once it
          // creates it, after its claims were cleaned and taken over: the table is created here, so that the
          // marker stops that transaction as it would stop any other
          try {
            tables.ensure(table);
            cancel(table, partitionKey, id);
          } catch (EntityExistsException recorded) {
            record = readRecord(table, partitionKey, id); // recorded meanwhile
          }
        }
        // else no table, no record, and writers do not create tables: nothing can record work under the id
      }
      if (record == null) {
        // no transaction can record work under the id any more: clean what its write claimed
        if (!cleanUp(id, entry, deferred)) {
          return 0;
        }
        deleteEntry(id);
        acted.incrementAndGet();
        return 0;
      }
    }
    switch (PendingRows.state(record)) {
      case CANCELLED:
        // retired, here or by a take-over of one of its claims: clean what else its write claimed
        if (!cleanUp(id, entry, deferred)) {
          return 0;
        }
        deleteEntry(id);
        acted.incrementAndGet();
        return 0;
      case FAILED:
        markEntryFailed(id);
        return 0;
      default:
        long applied;
        try {
          applied = Futures.join(run(blocking, id, table, partitionKey, record, failures));
        } catch (NeedsKey keyless) {
          // left pending as it is, logged; the other work goes on
          reportWaiting(keyless);
          waiting.putIfAbsent(id, keyless);
          return 0;
        } catch (RemoteIndexes.Deferred waits) {
          // left as it is, to be run again once the write it waits for is settled
          deferred.incrementAndGet();
          return 0;
        }
        if (applied == 0) {
          acted.incrementAndGet();
        }
        return applied;
    }
  }

  /** Inserts the cancelled marker under a work id: no transaction can record work under it any more. */
  private void cancel(String table, String partitionKey, String id) {
    backend.write(table, WriteOperation.insert(PendingRows.cancelled(discriminator, id, partitionKey)));
  }

  /**
   * Runs the clean-up steps a retired entry lists (the reconciliations of the values its write claimed); false when
   * one waits for another write ({@link RemoteIndexes.Deferred}): the entry is kept, to be cleaned up again later.
   */
  private boolean cleanUp(String id, TableRow entry, AtomicInteger deferred) {
    try {
      for (PendingStep step : PendingRows.steps(entry)) {
        Futures.join(apply(blocking, id, step));
      }
      return true;
    } catch (RemoteIndexes.Deferred waits) {
      deferred.incrementAndGet();
      return false;
    }
  }

  private TableRow readRecord(String table, String partitionKey, String id) {
    return Futures.join(readRecord(blocking, table, partitionKey, id));
  }

  /** The work record of an id, read through {@code channel}; null when it (or its table) is missing. */
  private CompletableFuture<TableRow> readRecord(WriteChannel channel, String table, String partitionKey, String id) {
    String rowKey = PendingRows.workRowKey(id);
    return tables.readAsync(table, () -> channel.get(table, partitionKey, rowKey), null);
  }

  /** Where {@link #run} is in a record: the next step, the record's ETag, the writes applied, whether it goes on. */
  private static final class Progress {
    int next;
    String etag;
    long applied;
    /** False once the record is left as it is: failed, finished by another completer, or the mapper closed. */
    boolean going = true;

    Progress(int next, String etag) {
      this.next = next;
      this.etag = etag;
    }

    CompletableFuture<Void> stop() {
      going = false;
      return DONE;
    }
  }

  /**
   * Applies a record's steps from its next position, advancing it after each write that others follow (a
   * reconciliation is safe to run again), then deletes the record and its registry entry; stops when the mapper
   * closes, or when another completer finished the record. Each request goes through {@code channel}: the completer's
   * blocking one, or the async write's.
   *
   * @param record the record as read, or as written (then without ETag: read when first needed)
   * @param failures gets the write that failed for good, the record marked failed
   * @return a future of the writes applied, failed when the store could not be reached (the work stays recorded)
   */
  private CompletableFuture<Long> run(WriteChannel channel, String id, String table, String partitionKey,
      TableRow record, List<PendingWorkException> failures) {
    List<PendingStep> steps = PendingRows.steps(record);
    Progress at = new Progress(PendingRows.next(record), record.etag());
    CompletableFuture<Void> ran = Futures.loop(() -> at.going && at.next < steps.size(), () -> {
      if (lifecycle.closed()) {
        return at.stop();
      }
      int i = at.next;
      PendingStep step = steps.get(i);
      return Futures.compose(apply(channel, id, step), failure -> {
        if (failure != null) {
          return markFailed(channel, id, table, partitionKey, steps, i, failure).thenCompose(failed -> {
            failures.add(failed);
            return at.stop();
          });
        }
        at.applied++;
        if (i + 1 < steps.size() && !step.reconciles()) {
          // a write applied again could undo a later change of its entity; a reconciliation applied again cannot
          return advance(channel, id, table, partitionKey, i, at);
        }
        at.next = i + 1;
        return DONE;
      });
    });
    return Futures.compose(ran, done -> !at.going ? CompletableFuture.completedFuture(at.applied)
        : Futures.compose(deleteQuietly(channel, table, partitionKey, PendingRows.workRowKey(id)),
            deleted -> deleteEntry(channel, id)).thenApply(deleted -> at.applied));
  }

  /**
   * Advances a record's next position past step {@code i}, conditional on its ETag: when another completer advanced
   * it meanwhile, goes on from where that one is; stops when the record is finished (gone) or no longer pending.
   */
  private CompletableFuture<Void> advance(WriteChannel channel, String id, String table, String partitionKey, int i,
      Progress at) {
    TableRow progress = TableRow.builder(partitionKey, PendingRows.workRowKey(id))
        .putInt32(PendingRows.NEXT, i + 1)
        .build();
    CompletableFuture<String> etag = at.etag != null ? CompletableFuture.completedFuture(at.etag)
        : readRecord(channel, table, partitionKey, id).thenApply(read -> read == null ? null : read.etag());
    return Futures.compose(etag, known -> {
      if (known == null) {
        return at.stop(); // finished by another completer
      }
      return channel.write(table, WriteOperation.merge(progress, known)).handle((written, thrown) -> {
        if (thrown == null) {
          at.etag = written.etag();
          at.next = i + 1;
          return DONE;
        }
        Throwable failure = Futures.unwrap(thrown);
        if (failure instanceof EntityNotFoundException || failure instanceof TableNotFoundException) {
          return at.stop(); // finished by another completer
        }
        if (!(failure instanceof ConcurrencyConflictException)) {
          return CompletableFuture.<Void>failedFuture(failure);
        }
        // another completer advanced it: go on from where it is
        return readRecord(channel, table, partitionKey, id).thenCompose(read -> {
          if (read == null || PendingRows.state(read) != State.PENDING) {
            return at.stop();
          }
          at.etag = read.etag();
          at.next = Math.max(i, PendingRows.next(read) - 1) + 1;
          return DONE;
        });
      }).thenCompose(Function.identity());
    });
  }

  /**
   * Applies one write of the work {@code id}, reconciled with its entity's current state, through {@code channel}.
   *
   * @return a future of null when applied (now or before), or of the exception that makes it fail for good; failed
   *     when the store could not be reached, this process lacks the entity's class, or this mapper lacks the key the
   *     write's encrypted values need ({@link NeedsKey}): the work stays recorded, to be applied later
   */
  private CompletableFuture<TableMapperException> apply(WriteChannel channel, String id, PendingStep step) {
    EntityMapping<Object> mapping;
    try {
      mapping = types.ownMapping(load(step.entityClass()));
    } catch (ClassNotFoundException | LinkageError missing) {
      // not a failure of the write: this process lacks the class; another one may have it
      return CompletableFuture.failedFuture(new TableMapperException("cannot apply the pending " + step.describe()
          + ": class " + step.entityClass() + " is not on this process's class path", missing));
    }
    if (step.reconciles()) {
      return Futures.start(() -> remote.reconcile(channel, mapping, step));
    }
    return Futures.start(() -> {
      WriteIntent<Object> intent;
      try {
        Object entity = mapping.fromRow(plaintext(mapping, step), context);
        if (step.etag() != null) {
          entity = mapping.withSystemProperties(entity, step.etag(), null);
        }
        intent = intents.intent(step.kind(), mapping, entity, step.position());
      } catch (EncryptionException keyless) {
        // neither written in plaintext nor failed for good: left as it is for a mapper with the key
        throw new NeedsKey(id, step, keyIds(mapping, step), keyless);
      }
      String table = intent.mapping().table(); // the entity's own: for a table per period, its period's
      return write(channel, table, List.of(intent), Mode.REPOSITORY).handle((written, thrown) -> {
        Throwable failure = thrown == null ? null : Futures.unwrap(thrown);
        if (failure == null) {
          return CompletableFuture.<TableMapperException>completedFuture(null);
        }
        if (failure instanceof EntityNotFoundException e) {
          // a delete applied before, or by another completer
          return CompletableFuture.<TableMapperException>completedFuture(step.kind() == WriteKind.DELETE ? null : e);
        }
        if (failure instanceof EntityExistsException || failure instanceof ConcurrencyConflictException) {
          TableMapperException e = (TableMapperException) failure;
          if (step.kind() == WriteKind.DELETE) {
            return CompletableFuture.completedFuture(e);
          }
          // applied before (by a process that died before advancing the record, or by another completer)?
          return tables.readAsync(table, () -> channel.get(table, intent.partitionKey(), intent.rowKey()),
              (TableRow) null).thenApply(stored -> stored != null && holds(stored, intent) ? null : e);
        }
        if (failure instanceof InvalidEntityException || failure instanceof InvalidKeyException
            || failure instanceof SchemaVersionException || failure instanceof UnknownEntityTypeException) {
          return CompletableFuture.completedFuture((TableMapperException) failure);
        }
        // anything else (the store could not be reached, a table this mapper may not create, ...) leaves the work
        // recorded, to be applied later
        return CompletableFuture.<TableMapperException>failedFuture(failure);
      }).thenCompose(Function.identity());
    });
  }

  /**
   * The row of a recorded write as {@code fromRow} reads it. A step of this version holds its row as the store does
   * ({@link PendingStep#stored}): its {@code @Encrypted} values are decrypted here, with this mapper's keys, bound to
   * the entity's own table (its period's, for a table per period) and keys. A step an earlier version recorded holds
   * {@code toRow}'s plaintext row, read as it is; so does a delete's, which holds no encrypted value.
   *
   * @throws EncryptionException if this mapper lacks the key (a {@link io.tablemapper.api.DecryptionException} when it
   *     has keys, but not that one)
   */
  private TableRow plaintext(EntityMapping<Object> mapping, PendingStep step) {
    TableRow row = step.row();
    if (!step.stored() || mapping.encryptedProperties().stream().noneMatch(row::has)) {
      return row;
    }
    EntityMapping<Object> own = mapping.tableTemplate() == null ? mapping
        : mapping.forKeys(row.partitionKey(), row.rowKey());
    return context.decrypt(own, row);
  }

  /** The key ids the encrypted values of a recorded write name, in the order of its properties. */
  private static Set<String> keyIds(EntityMapping<Object> mapping, PendingStep step) {
    Set<String> ids = new LinkedHashSet<>();
    if (step.stored()) {
      for (String property : mapping.encryptedProperties()) {
        if (step.row().get(property) instanceof byte[] value) {
          try {
            ids.add(EncryptedValues.header(value).keyId());
          } catch (EncryptedValues.MalformedValueException malformed) {
            // no key id to name: the decryption's own message says what is wrong with it
          }
        }
      }
    }
    return ids;
  }

  /**
   * Whether the stored entity holds every value a write wrote: then a refused write was applied before. Encrypted
   * values are compared as plaintexts, since each write encrypts afresh (a new random nonce): the stored ciphertext of
   * the same write applied before is not this attempt's.
   */
  private boolean holds(TableRow stored, WriteIntent<Object> write) {
    EntityMapping<Object> mapping = write.mapping();
    if (mapping.encryptedProperties().isEmpty()) {
      return PendingRows.holds(stored, write.row());
    }
    try {
      return PendingRows.holds(context.decrypt(mapping, stored), context.decrypt(mapping, write.row()));
    } catch (EncryptionException undecryptable) {
      return false; // not what this write wrote
    }
  }

  private static Class<?> load(String name) throws ClassNotFoundException {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    if (context != null) {
      try {
        return Class.forName(name, true, context);
      } catch (ClassNotFoundException e) {
        // try the runtime's own loader next
      }
    }
    return Class.forName(name, true, PendingWork.class.getClassLoader());
  }

  /**
   * Marks a record and its registry entry failed, through {@code channel}; completes with the exception that says
   * so.
   */
  private CompletableFuture<PendingWorkException> markFailed(WriteChannel channel, String id, String table,
      String partitionKey, List<PendingStep> steps, int at, TableMapperException cause) {
    PendingStep step = steps.get(at);
    List<String> notApplied = new ArrayList<>();
    for (int i = at + 1; i < steps.size(); i++) {
      notApplied.add(steps.get(i).describe());
    }
    String message = "the pending " + step.describe() + (step.reconciles() ? " (pending work " + id + ")"
        : " (write " + step.position() + " of eventual batch " + id + ")") + " failed for good: "
        + cause.getMessage() + "; the writes before it stay applied"
        + (notApplied.isEmpty() ? "" : ", and these were not applied: " + String.join("; ", notApplied))
        + ". The record stays in partition '" + partitionKey + "' of table " + table + ", marked failed";
    String kept = message.length() > PendingRows.CHUNK ? message.substring(0, PendingRows.CHUNK) : message;
    PendingWorkException failed = new PendingWorkException(id, step.position(), message, cause);
    return channel.write(table, WriteOperation.merge(TableRow.builder(partitionKey, PendingRows.workRowKey(id))
            .putString(PendingRows.STATE, State.FAILED.name())
            .putString(PendingRows.FAILURE, kept)
            .putInt32(PendingRows.NEXT, at)
            .build(), WriteIntent.ANY_ETAG))
        .handle((marked, thrown) -> {
          Throwable failure = thrown == null ? null : Futures.unwrap(thrown);
          if (failure == null) {
            return markEntryFailed(channel, id).thenApply(done -> failed);
          }
          if (failure instanceof EntityNotFoundException) {
            // another completer finished (or failed) the record meanwhile
            return CompletableFuture.completedFuture(failed);
          }
          return CompletableFuture.<PendingWorkException>failedFuture(failure);
        }).thenCompose(Function.identity());
  }

  private void markEntryFailed(String id) {
    Futures.join(markEntryFailed(blocking, id));
  }

  private CompletableFuture<Void> markEntryFailed(WriteChannel channel, String id) {
    return channel.write(PendingRows.REGISTRY_TABLE, WriteOperation.merge(
        TableRow.builder(PendingRows.REGISTRY_PARTITION, id).putString(PendingRows.STATE, State.FAILED.name())
            .build(), WriteIntent.ANY_ETAG))
        .handle((marked, thrown) -> {
          Throwable failure = thrown == null ? null : Futures.unwrap(thrown);
          if (failure == null || failure instanceof EntityNotFoundException
              || failure instanceof TableNotFoundException) {
            return DONE; // or retired, or removed, meanwhile
          }
          return CompletableFuture.<Void>failedFuture(failure);
        }).thenCompose(Function.identity());
  }

  private void deleteEntry(String id) {
    Futures.join(deleteEntry(blocking, id));
  }

  private static CompletableFuture<Void> deleteEntry(WriteChannel channel, String id) {
    return deleteQuietly(channel, PendingRows.REGISTRY_TABLE, PendingRows.REGISTRY_PARTITION, id);
  }

  /** Deletes a row if it is there, through {@code channel}. */
  private static CompletableFuture<Void> deleteQuietly(WriteChannel channel, String table, String partitionKey,
      String rowKey) {
    return channel.write(table, WriteOperation.delete(partitionKey, rowKey, WriteIntent.ANY_ETAG))
        .handle((deleted, thrown) -> {
          Throwable failure = thrown == null ? null : Futures.unwrap(thrown);
          if (failure == null || failure instanceof EntityNotFoundException
              || failure instanceof TableNotFoundException) {
            return DONE; // deleted, or by another completer
          }
          return CompletableFuture.<Void>failedFuture(failure);
        }).thenCompose(Function.identity());
  }

  /** Deletes the rows of these row keys in one partition, one after another, each if it is there. */
  private static CompletableFuture<Void> deleteAll(WriteChannel channel, String table, String partitionKey,
      List<String> rowKeys) {
    Iterator<String> each = rowKeys.iterator();
    return Futures.loop(each::hasNext, () -> deleteQuietly(channel, table, partitionKey, each.next()));
  }

  /**
   * One look at one shard of the registry ({@code shard} of {@code shards}, by id), for the background completer:
   * until the registry's table is seen, only whether it exists is asked, so that a store without pending work is
   * never queried for it.
   *
   * @return whether it found work: applied writes, retired or finished entries, or work that waits for another write
   */
  boolean look(int shard, int shards, List<PendingWorkException> failures) {
    if (!registryReady) {
      if (!backend.tableExists(PendingRows.REGISTRY_TABLE)) {
        return false;
      }
      registryReady = true;
    }
    AtomicInteger acted = new AtomicInteger();
    AtomicInteger deferred = new AtomicInteger();
    long applied = pass(shard, shards, failures, new LinkedHashMap<>(), acted, deferred);
    return applied > 0 || acted.get() > 0 || deferred.get() > 0;
  }
}
