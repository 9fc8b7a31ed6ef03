package io.tablemapper.runtime.pending;

import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.api.BatchException;
import io.tablemapper.api.EncryptionException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.PendingWorkException;
import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.runtime.rows.PendingRows.State;
import io.tablemapper.runtime.write.WriteFailures.Mode;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteResult;
import io.tablemapper.runtime.rows.WriteKind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.write.EgtWriter;
import io.tablemapper.runtime.mapping.EntityTypes;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.values.LargeValues;
import io.tablemapper.runtime.observe.Listeners;
import io.tablemapper.runtime.support.Lifecycle;
import io.tablemapper.runtime.support.Log;
import io.tablemapper.runtime.config.MapperSettings;
import io.tablemapper.runtime.rows.PendingRows;
import io.tablemapper.runtime.rows.PendingStep;
import io.tablemapper.runtime.write.ScopeChecks;
import io.tablemapper.runtime.store.IndexStates;
import io.tablemapper.runtime.store.Tables;
import io.tablemapper.runtime.store.WriteChannel;
import io.tablemapper.runtime.write.WriteFailures;
import io.tablemapper.runtime.write.WriteIntent;
import io.tablemapper.runtime.write.WriteIntents;

/**
 * Durable pending work ({@link PendingRows} describes its rows): the writes of
 * {@link io.tablemapper.api.EventualBatch}es after their first, and the reconciliation of remote indexes
 * ({@link RemoteIndexes}) after every write of an entity that has some; completes what any process left — on
 * {@link io.tablemapper.api.TableMapper#completePending()} and in the background ({@link BackgroundCompleter}).
 *
 * <p>The protocol ({@link #write}), each store write a point where a process may die:
 * <ol>
 *   <li>the writer inserts a registry entry for a new work id (listing the values it will claim);
 *   <li>it claims the remote index values of the written entity;
 *   <li>the write goes as one entity group transaction with the work record (the record exists exactly when the
 *       write was applied): the reconciliation of each remote index, then the later writes of an eventual batch;
 *   <li>the steps are applied in order — a reconciliation by {@link RemoteRounds#reconcile}, a write through
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
 *
 * <p>This class is the mapper's entry to it and the writer's side of the protocol (the transaction, and step 4 right
 * after it); the other parts, each owning its rule: {@link WriteAhead} (steps 1 and 2: the entry, the read ahead,
 * the claims and the checks ahead), {@link WorkRecords} (the registry entry and the work
 * record: a record run from its next position, advanced, marked failed, deleted before its entry),
 * {@link StepApplier} (one step applied, a write applied again counting once), {@link WorkCompleter} (the registry's
 * passes: an entry without its record retired, work left for want of a key), {@link RemoteClaims},
 * {@link RemoteRounds} and {@link RemoteIndexes} (the rules of the remote copies).
 */
public final class PendingWork {
  private static final Log LOG = new Log(PendingWork.class);
  /** How many ids a writer tries when completers retire them under it (each retire needs a minute's stall). */
  private static final int MAX_IDS = 3;
  private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

  private final TableBackend backend;
  private final MappingContext context;
  /** Sends the transactions of the writes. */
  private final EgtWriter writer;
  /** The background completion of this mapper's pending work. */
  private final BackgroundCompleter completer;
  /** The claims of the remote index values of the writes. */
  private final RemoteClaims remote;
  private final WorkRecords records;
  private final WorkCompleter completion;
  /** The blocking path of the requests: {@link #write} is the same steps as {@link #writeAsync} over it. */
  private final WriteChannel blocking;
  /** Where the writes' types record the indexes they keep, before their first write. */
  private final IndexStates states;
  /** The partitions of the registry over which the entries of this mapper's work spread. */
  private final int shards;
  private final Tables tables;
  /** The writer's requests ahead of its transaction. */
  private final WriteAhead writeAhead;

  public PendingWork(TableBackend backend, Tables tables, Discriminator discriminator, MappingContext context,
      EgtWriter writer, WriteIntents intents, EntityTypes types, Lifecycle lifecycle, LargeValues large,
      MapperSettings.Pending settings, IndexStates states, Listeners listeners) {
    this.backend = backend;
    this.states = states;
    this.shards = settings.shards();
    this.context = context;
    this.writer = writer;
    this.blocking = WriteChannel.blocking(backend, tables, discriminator);
    this.tables = tables;
    RemoteIndexes copies = new RemoteIndexes(tables, discriminator, context, settings);
    this.remote = new RemoteClaims(copies, discriminator, blocking);
    RemoteRounds rounds = new RemoteRounds(copies, discriminator, new RemoteLists(tables, discriminator));
    StepApplier applier = new StepApplier(this, intents, types, tables, context, rounds);
    this.records = new WorkRecords(backend, tables, discriminator, lifecycle, applier, settings.grace(), shards);
    this.writeAhead = new WriteAhead(tables, context, records, remote, copies, shards);
    this.completion = new WorkCompleter(backend, tables, discriminator, lifecycle, settings, records,
        blocking, listeners);
    this.completer = new BackgroundCompleter(completion, lifecycle, large, settings);
  }

  /** The background completion of this mapper's pending work, which a write that leaves work wakes. */
  public BackgroundCompleter completer() {
    return completer;
  }

  // ------------------------------------------------------------------ the writer's side

  /**
   * Carries out writes of one partition as {@link EgtWriter#write} does (the first write of an indexed type by this
   * mapper registering its index states first: {@link IndexStates#writing}; on the async path, read before the write
   * and recorded after it, so that the write's own requests come first), recording the pending work of those that
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
    if (!known(writes)) {
      // the blocking path records its types' index states before the write: a mapper beside it that meets the
      // table once this write is in finds its indexes recorded, rather than entities it cannot tell apart
      writes.forEach(write -> states.writing(write.mapping()));
    }
    if (writes.stream().noneMatch(WriteIntent::leavesWork)) {
      return writer.write(table, writes, mode); // the hot path: no future, no second exception on a refusal
    }
    return Futures.join(recorded(blocking, table, writes, mode));
  }

  /**
   * {@link #write} on the async path, the same steps and rules over {@code channel}: writes that leave no pending work
   * go as {@link EgtWriter#writeAsync} sends them; for those that leave some, the registry entries, the claims, the
   * transaction and the deletions after a refusal are sent too, holding no thread while their requests are under
   * way; so is the work done right after the transaction (reconciling the remote copies and key lists, the later
   * writes of an eventual batch: {@link #completeRecorded}), and the registry table's creation
   * ({@link WorkRecords#register}) and a table's first creation ({@link WriteChannel#ensure}) are sent with the
   * backend's async table calls: nothing of it waits for the mapper's executor (on a backend with a non-blocking
   * client), but the hand-over of the result. That work keeps the completer's rules ({@link WorkRecords#run}): a step
   * that fails for good fails the future with its {@link PendingWorkException}, the record marked failed. A caller
   * who cancels, or a mapper that closes, before a step of that work is sent leaves the rest recorded, for a
   * completer (logged). Two writes that claim one unique value at once race as blocking ones do: the claim the store
   * takes first wins, the other write fails with {@link EntityExistsException}, its claims released and its entries
   * deleted.
   */
  public CompletableFuture<List<WriteResult>> writeAsync(
      String table, List<? extends WriteIntent<?>> writes, Mode mode, WriteChannel.Async channel) {
    return write(channel, table, writes, mode);
  }

  /**
   * {@link #write} on the path of {@code channel}: writes that leave no pending work as {@link EgtWriter} writes them,
   * the others by the protocol.
   */
  CompletableFuture<List<WriteResult>> write(WriteChannel channel, String table,
      List<? extends WriteIntent<?>> writes, Mode mode) {
    if (known(writes)) {
      return recorded(channel, table, writes, mode);
    }
    List<IndexStates.Registration> registering = new ArrayList<>();
    CompletableFuture<List<WriteResult>> written = Futures.compose(channel.blockingWork(() -> {
      for (WriteIntent<?> write : writes) {
        IndexStates.Registration registration = states.prepare(write.mapping());
        if (registration != null) {
          registering.add(registration);
        }
      }
    }), prepared -> recorded(channel, table, writes, mode));
    return Futures.compose(written, results -> registering.isEmpty() ? CompletableFuture.completedFuture(results)
        // the write is done whatever the recording does (it may not run once the mapper closes): unrecorded, an
        // index is taken for not ready by the next mapper that meets it
        : channel.blockingWork(() -> registering.forEach(states::record)).handle((done, failure) -> results));
  }

  /** Whether the writes' types have their index states registered by this mapper (or keep none). */
  private boolean known(List<? extends WriteIntent<?>> writes) {
    for (WriteIntent<?> write : writes) {
      if (!states.known(write.mapping())) {
        return false;
      }
    }
    return true;
  }

  /** {@link #write} on the path of {@code channel}, once the writes' types are registered. */
  private CompletableFuture<List<WriteResult>> recorded(WriteChannel channel, String table,
      List<? extends WriteIntent<?>> writes, Mode mode) {
    if (writes.stream().noneMatch(WriteIntent::leavesWork)) {
      return transaction(channel, table, writes, mode, null);
    }
    return Futures.start(() -> {
      ScopeChecks.checkPendingWrites(backend, writes, shards); // a view's: before the first request
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
    List<RemoteClaims.Claim> claims = new ArrayList<>();
    WriteAhead.Ahead ahead = new WriteAhead.Ahead();
    Iterator<? extends WriteIntent<?>> each = writes.iterator();
    CompletableFuture<Void> recorded = Futures.loop(each::hasNext, () -> {
      WriteIntent<?> write = each.next();
      if (!write.leavesWork()) {
        recording.add(write);
        return DONE;
      }
      return writeAhead.record(channel, table, write, mode, ids, claims, ahead).thenAccept(recording::add);
    });
    Map<String, TableRow> written = new ConcurrentHashMap<>();
    CompletableFuture<List<WriteResult>> transaction = Futures.compose(recorded, done -> transaction(channel, table,
        recording, mode, written, ahead.stored));
    return transaction.<CompletableFuture<List<WriteResult>>>handle((results, thrown) -> {
      if (thrown == null) {
        return after(channel, table, writes, recording, retired, written, claims, ahead, results)
            .thenApply(done -> results);
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
          // refused, nothing written: no record exists under the ids
          return settle(cleanUp, ids, ahead.entries, left)
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

  /**
   * The transaction of the recording writes, on the channel's path; the work records it wrote go into
   * {@code written}, by id.
   */
  private CompletableFuture<List<WriteResult>> transaction(WriteChannel channel, String table,
      List<? extends WriteIntent<?>> recording, Mode mode, Map<String, TableRow> written) {
    return transaction(channel, table, recording, mode, written, Map.of());
  }

  /** {@link #transaction}, each write's first attempt planned from the stored entity read ahead of it, if any. */
  private CompletableFuture<List<WriteResult>> transaction(WriteChannel channel, String table,
      List<? extends WriteIntent<?>> recording, Mode mode, Map<String, TableRow> written,
      Map<WriteIntent<?>, Optional<TableRow>> stored) {
    if (channel instanceof WriteChannel.Async async) {
      return writer.writeAsync(async, table, recording, mode, written, stored);
    }
    return Futures.start(() -> CompletableFuture.completedFuture(writer.write(table, recording, mode, written,
        stored)));
  }

  /** After the transaction: the records of retired ids deleted, then the recorded work done. */
  private CompletableFuture<Void> after(WriteChannel channel, String table, List<? extends WriteIntent<?>> writes,
      List<WriteIntent<?>> recording, List<String> retired, Map<String, TableRow> written,
      List<RemoteClaims.Claim> claims, WriteAhead.Ahead ahead, List<WriteResult> results) {
    CompletableFuture<Void> cleaned = DONE;
    for (String old : retired) {
      // only this writer could still record work under these ids, and its transactions under them failed
      for (WriteIntent<?> write : writes) {
        cleaned = Futures.compose(cleaned, done -> WorkRecords.deleteQuietly(channel, table, write.partitionKey(),
            PendingRows.workRowKey(old)));
      }
    }
    return Futures.compose(cleaned, done -> completeRecorded(channel, table, recording, written, claims, ahead,
        results));
  }

  /**
   * Checks that no remote index value of a write's entity is taken by another entity than those in {@code changing}
   * ({@link RemoteClaims#checkFree}).
   *
   * @throws EntityExistsException if one is
   */
  public void checkFree(WriteIntent<?> write, Set<PendingStep.Address> changing) {
    remote.checkFree(write, changing);
  }

  /**
   * Does the work the writes recorded, right after their transaction, each request sent through {@code channel}: a
   * record still pending is run ({@link WorkRecords#run}); a store that cannot be reached (or a caller who cancelled,
   * a mapper that closed) leaves the rest recorded for a completer, logged. A record of reconciliations alone is run
   * as the transaction wrote it ({@code written}), without reading it back: run again after a completer finished
   * it, a reconciliation changes nothing that a later write changed. A record with writes of an eventual batch is
   * read first, so that work a completer finished is not applied twice. A record run as written knows what the
   * writer knows ({@link #ownRun}): a reconciliation whose copy the write's claim wrote reads nothing, and deletes
   * the old copies checked ahead of the transaction under their ETags — an insert's, with nothing to delete, sends
   * nothing.
   *
   * @return a future failed with the first write that failed for good ({@link PendingWorkException})
   */
  private CompletableFuture<Void> completeRecorded(WriteChannel channel, String table, List<WriteIntent<?>> writes,
      Map<String, TableRow> written, List<RemoteClaims.Claim> claims, WriteAhead.Ahead ahead,
      List<WriteResult> results) {
    List<PendingWorkException> failures = new ArrayList<>();
    int[] at = {-1};
    Iterator<WriteIntent<?>> each = writes.iterator();
    CompletableFuture<Void> done = Futures.loop(each::hasNext, () -> {
      WriteIntent<?> write = each.next();
      at[0]++;
      String id = write.pendingId();
      if (id == null) {
        return DONE;
      }
      boolean wroteRow = results.get(at[0]) != null; // not dropped: the transaction wrote the entity's row
      // a claim is the copy of the row the transaction wrote only if no other write of the entity was recorded
      // between the claim and the transaction: an insert (applied only where no entity was), or a write applied from
      // its read ahead (the EGT keeps only those in it); one that lost a race read the entity again, and the writer
      // recorded meanwhile may have written the claimed copy from its own state
      boolean claimsSettle = write.kind() == WriteKind.INSERT || ahead.stored.containsKey(write);
      OwnRun own = wroteRow ? ownRun(write, claimsSettle ? claims : List.of(),
          ahead.checked.getOrDefault(id, Map.of())) : OwnRun.NONE;
      TableRow asWritten = written.get(id);
      CompletableFuture<TableRow> read = asWritten != null && PendingRows.steps(asWritten).stream()
          .allMatch(PendingStep::reconciles) ? CompletableFuture.completedFuture(asWritten)
          : records.readRecord(channel, table, write.partitionKey(), id);
      return Futures.compose(read, record -> {
        if (record == null && !wroteRow) {
          return dropped(channel, id, claims, ahead.entries).thenApply(settled -> 0L);
        }
        return record != null && PendingRows.state(record) == State.PENDING
            ? records.run(channel, id, table, write.partitionKey(), record, failures,
                record == asWritten ? own : OwnRun.NONE)
            : CompletableFuture.completedFuture(0L);
      })
          .handle((applied, thrown) -> {
            if (thrown != null) {
              Throwable cause = Futures.unwrap(thrown);
              if (cause instanceof Error error) {
                throw error; // not the store's answer: not left to a completer quietly
              }
              if (cause instanceof NeedsKey keyless) {
                completion.reportWaiting(keyless);
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

  /**
   * Settles the ids of a write no record exists under, nor can, once its claims are released ({@link
   * RemoteClaims#release}): its registry entries are deleted as it inserted them ({@code entries}: their ETags; one a
   * completer took is left to it) — then no one waits for it — and the rows the release left are cleaned up
   * ({@link RemoteClaims#cleanUp}).
   */
  private CompletableFuture<Void> settle(WriteChannel channel, List<String> ids, Map<String, String> entries,
      List<RemoteClaims.Claim> left) {
    return Futures.compose(WorkRecords.deleteEntries(channel, ids, entries),
        deleted -> remote.cleanUp(channel, left));
  }

  /**
   * Settles the work id of a write its transaction dropped (its entity was gone, and the write tolerates that) and
   * whose record is not there, as a refused write settles its ids: no attempt of it is left to write a record, so its
   * claims are released, its registry entry deleted, then the rows it left cleaned up — rather than left for a
   * completer to retire after the grace period, the values it claimed held from other entities until then. The
   * record is read first because a drop does not prove that none was written: an attempt whose answer was lost may
   * have been applied, and the store client's retry of it then finds the entity gone by its own effect. A store that
   * cannot be reached leaves the id to that retirement.
   */
  private CompletableFuture<Void> dropped(WriteChannel channel, String id, List<RemoteClaims.Claim> claims,
      Map<String, String> entries) {
    List<RemoteClaims.Claim> its = claims.stream().filter(claim -> claim.id().equals(id)).toList();
    return Futures.compose(remote.release(channel, its), left -> settle(channel, List.of(id), entries, left))
        .exceptionally(thrown -> {
          Throwable cause = Futures.unwrap(thrown);
          if (cause instanceof Error error) {
            throw error; // not the store's answer: not left to a completer quietly
          }
          LOG.warn("the work id {} of a dropped write is left to a completer: {}", id, cause.toString());
          return null;
        });
  }

  /**
   * What the writer knows of its write when it runs its own record ({@link OwnRun}): the copies its claims wrote as
   * the copy of the row its transaction wrote — inserted or taken over, not a row of the entity's it kept
   * ({@link RemoteClaims.Claim#rewritten}), and not for a merge, whose row is only part of the stored one — and the
   * old copies it checked ahead of the transaction. A later write of the entity reconciles its own state, and a
   * writer that died leaves its record for a completer, which knows none of it and runs every step in full.
   */
  private static OwnRun ownRun(WriteIntent<?> write, List<RemoteClaims.Claim> claims,
      Map<PendingStep.Address, String> checked) {
    Set<PendingStep.Address> settled = new HashSet<>();
    if (!write.kind().merges() && write.kind() != WriteKind.DELETE) {
      for (RemoteClaims.Claim claim : claims) {
        if (claim.id().equals(write.pendingId()) && !claim.rewritten()) {
          settled.add(claim.address());
        }
      }
    }
    return new OwnRun(settled, checked);
  }

  /**
   * Completes every piece of work the registry lists, in passes until a pass finds nothing to do
   * ({@link WorkCompleter#completeAll}).
   *
   * @return the writes applied
   * @throws PendingWorkException the first write that failed for good, the others (and the work left for want of a
   *     key) suppressed in it
   * @throws EncryptionException when no write failed for good, but work was left pending because this mapper lacks
   *     the key its encrypted values need ({@link NeedsKey}, naming the work and the key id), the others suppressed
   */
  public long completeAll() {
    return completion.completeAll();
  }
}
