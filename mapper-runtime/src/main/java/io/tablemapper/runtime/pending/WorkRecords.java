package io.tablemapper.runtime.pending;

import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.PendingWorkException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.runtime.rows.PendingRows.State;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.support.Lifecycle;
import io.tablemapper.runtime.rows.PendingRows;
import io.tablemapper.runtime.rows.PendingStep;
import io.tablemapper.runtime.store.Tables;
import io.tablemapper.runtime.store.WriteChannel;
import io.tablemapper.runtime.write.WriteIntent;

/**
 * The requests on pending work's own rows ({@link PendingRows} describes them), each sent through a
 * {@link WriteChannel} (the blocking or the async path: one rule for both): the registry entry — inserted, its
 * table created once whatever the creation policy, marked failed, deleted — and the work record, read, run from its
 * next position ({@link #run}: each step applied by {@link StepApplier}), advanced under its ETag, marked failed,
 * deleted. Owns the record's order: its next position advanced past each write that others follow, and finished work
 * deleting its record before its entry.
 */
final class WorkRecords {
  private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

  private final TableBackend backend;
  private final Tables tables;
  private final Discriminator discriminator;
  private final Lifecycle lifecycle;
  /** Applies each step of a record. */
  private final StepApplier applier;
  /** How long a run's take of a record keeps other runs from writing its rounds and deleting it ({@link RecordHold}). */
  private final Duration grace;
  /** The partitions of the registry over which the entries of work recorded again spread. */
  private final int shards;
  private volatile boolean registryReady;

  WorkRecords(TableBackend backend, Tables tables, Discriminator discriminator, Lifecycle lifecycle,
      StepApplier applier, Duration grace, int shards) {
    this.backend = backend;
    this.tables = tables;
    this.discriminator = discriminator;
    this.lifecycle = lifecycle;
    this.applier = applier;
    this.grace = grace;
    this.shards = shards;
  }

  // ------------------------------------------------------------------ the registry

  /**
   * Inserts the registry entry of a work id (creating the registry's table, whatever the creation policy).
   *
   * @return a future of the entry's ETag as inserted
   */
  CompletableFuture<String> register(WriteChannel channel, String id, String table, String partitionKey,
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
        .thenApply(WriteResult::etag);
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

  /**
   * Whether the registry's table exists, for a background look: until it is seen (or created by a write), only
   * whether it exists is asked, so that a store without pending work is never queried for it.
   */
  boolean registryExists() {
    if (!registryReady) {
      if (!backend.tableExists(PendingRows.REGISTRY_TABLE)) {
        return false;
      }
      registryReady = true;
    }
    return true;
  }

  CompletableFuture<Void> markEntryFailed(WriteChannel channel, String id) {
    return channel.write(PendingRows.REGISTRY_TABLE, WriteOperation.merge(
        TableRow.builder(PendingRows.registryPartition(id), id).putString(PendingRows.STATE, State.FAILED.name())
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

  static CompletableFuture<Void> deleteEntry(WriteChannel channel, String id) {
    return deleteQuietly(channel, PendingRows.REGISTRY_TABLE, PendingRows.registryPartition(id), id);
  }

  /**
   * Deletes the registry entries of a writer's ids whose transaction was refused, one after another, each if it is
   * there, and only as the writer inserted it ({@code etags}: the ETag of each, as {@link #register} answered): one a
   * completer took meanwhile (cleaning up after the id, which it retired while the writer stalled) is left to it,
   * since what its clean-up wrote is named by that entry alone.
   */
  static CompletableFuture<Void> deleteEntries(WriteChannel channel, List<String> ids, Map<String, String> etags) {
    Iterator<String> each = ids.iterator();
    return Futures.loop(each::hasNext, () -> {
      String id = each.next();
      String etag = etags.get(id);
      return channel.write(PendingRows.REGISTRY_TABLE, WriteOperation.delete(PendingRows.registryPartition(id), id,
          etag == null ? WriteIntent.ANY_ETAG : etag)).handle((deleted, thrown) -> {
            Throwable failure = thrown == null ? null : Futures.unwrap(thrown);
            if (failure == null || failure instanceof EntityNotFoundException
                || failure instanceof TableNotFoundException || failure instanceof ConcurrencyConflictException) {
              return DONE; // deleted, or by a completer; or taken by one, and left to it
            }
            return CompletableFuture.<Void>failedFuture(failure);
          }).thenCompose(Function.identity());
    });
  }

  /** Deletes a row if it is there, through {@code channel}. */
  static CompletableFuture<Void> deleteQuietly(WriteChannel channel, String table, String partitionKey,
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

  // ------------------------------------------------------------------ the record

  /** The work record of an id, read through {@code channel}; null when it (or its table) is missing. */
  CompletableFuture<TableRow> readRecord(WriteChannel channel, String table, String partitionKey, String id) {
    String rowKey = PendingRows.workRowKey(id);
    return tables.readAsync(table, () -> channel.get(table, partitionKey, rowKey), null);
  }

  /**
   * Where {@link #run} is in a record: the next step, the run's hold on the record (with the record's ETag), the
   * writes applied, whether it goes on.
   */
  private static final class Progress {
    int next;
    final RecordHold hold;
    long applied;
    /** False once the record is left as it is: failed, finished by another completer, or the mapper closed. */
    boolean going = true;
    /** The record a step was recorded again in, its write answered late ({@link RecordHold.Rerecorded}). */
    RecordHold.Rerecorded again;

    Progress(int next, RecordHold hold) {
      this.next = next;
      this.hold = hold;
    }

    CompletableFuture<Void> stop() {
      going = false;
      return DONE;
    }
  }

  /**
   * Applies a record's steps from its next position, advancing it after each write that others follow (a
   * reconciliation is safe to run again), then deletes the record and its registry entry; stops when the mapper
   * closes, or when another completer finished the record. What a reconciliation's rounds compute from the entity
   * they read is written only while this run holds the record ({@link RecordHold}): a record another run holds is
   * left to it, and one another run took meanwhile is not deleted but run again later. Each request goes through
   * {@code channel}: the completer's blocking one, or the async write's.
   *
   * @param record the record as read, or as written (then without ETag: read when first needed)
   * @param failures gets the write that failed for good, the record marked failed
   * @return a future of the writes applied, failed when the store could not be reached (the work stays recorded), or
   *     with {@link RemoteIndexes.Deferred} when another run holds the record
   */
  CompletableFuture<Long> run(WriteChannel channel, String id, String table, String partitionKey,
      TableRow record, List<PendingWorkException> failures) {
    return run(channel, id, table, partitionKey, record, failures, OwnRun.NONE);
  }

  /**
   * {@link #run}, by the writer of the record right after its transaction, its reconciliations knowing what
   * {@code own} says ({@link RemoteRounds#reconcile(WriteChannel, EntityMapping, PendingStep, OwnRun)}).
   */
  CompletableFuture<Long> run(WriteChannel channel, String id, String table, String partitionKey,
      TableRow record, List<PendingWorkException> failures, OwnRun own) {
    if (record.etag() == null) {
      // a backend that gave the transaction's ETags back for no operation: the run starts from the record as read
      return Futures.compose(readRecord(channel, table, partitionKey, id), read -> read == null
          || PendingRows.state(read) != State.PENDING ? CompletableFuture.completedFuture(0L)
          : run(channel, id, table, partitionKey, read, failures, own));
    }
    List<PendingStep> steps = PendingRows.steps(record);
    Progress at = new Progress(PendingRows.next(record), RecordHold.of(table, partitionKey, id, record, tables, grace,
        (ch, step) -> recordAgain(ch, table, partitionKey, step)));
    if (at.hold.heldElsewhere()) {
      return CompletableFuture.failedFuture(at.hold.held());
    }
    CompletableFuture<Void> ran = Futures.loop(() -> at.going && at.next < steps.size(), () -> {
      if (lifecycle.closed()) {
        return at.stop();
      }
      int i = at.next;
      PendingStep step = steps.get(i);
      CompletableFuture<TableMapperException> applied = applier.apply(channel, id, step, own, at.hold)
          .exceptionallyCompose(thrown -> {
            Throwable failure = Futures.unwrap(thrown);
            if (failure instanceof RecordHold.Rerecorded again) {
              at.again = again; // the step goes on in its new record; this one is another run's
            } else if (!(failure instanceof RecordHold.Finished)) {
              return CompletableFuture.failedFuture(thrown);
            }
            return at.stop().thenApply(stopped -> null); // another run finished the record: nothing left to do
          });
      return Futures.compose(applied, failure -> {
        if (!at.going) {
          return DONE;
        }
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
    // a run that stops on a failure gives up its hold (unless a write it sent may still land): others need not wait
    CompletableFuture<Void> ended = ran.exceptionallyCompose(thrown -> at.hold.letGo(channel)
        .thenCompose(released -> CompletableFuture.<Void>failedFuture(thrown)));
    return Futures.compose(ended, done -> {
      if (at.again != null) {
        return run(channel, at.again.id(), table, partitionKey, at.again.record(), failures, OwnRun.NONE)
            .thenApply(applied -> at.applied + applied);
      }
      return !at.going ? CompletableFuture.completedFuture(at.applied)
          : Futures.compose(at.hold.release(channel), deleted -> deleteEntry(channel, id))
              .thenApply(deleted -> at.applied);
    });
  }

  /**
   * Runs the clean-up steps a retired registry entry lists (the reconciliations of the values its write claimed)
   * under this run's hold on the entry, which names them as a record names its steps ({@link RecordHold}), then
   * deletes the entry, conditional on its ETag. A step that fails for good is left as it is, as is an entry another
   * run finished or holds.
   *
   * @return a future failed with {@link RemoteIndexes.Deferred} when a step waits for another write or another run
   *     holds the entry (the entry is kept, to be cleaned up again later)
   */
  CompletableFuture<Void> cleanUp(WriteChannel channel, String id, TableRow entry,
      List<PendingWorkException> failures) {
    String table = entry.getString(PendingRows.TABLE);
    String partitionKey = entry.getString(PendingRows.PARTITION);
    RecordHold hold = RecordHold.of(new PendingStep.Address(PendingRows.REGISTRY_TABLE,
        PendingRows.registryPartition(id), id), id, entry, tables, grace,
        (ch, step) -> recordAgain(ch, table, partitionKey, step));
    if (hold.heldElsewhere()) {
      return CompletableFuture.failedFuture(hold.held());
    }
    Iterator<PendingStep> steps = PendingRows.steps(entry).iterator();
    boolean[] going = {true};
    RecordHold.Rerecorded[] again = {null};
    CompletableFuture<Void> ran = Futures.loop(() -> going[0] && steps.hasNext(),
        () -> applier.apply(channel, id, steps.next(), OwnRun.NONE, hold).handle((failure, thrown) -> {
          Throwable cause = thrown == null ? null : Futures.unwrap(thrown);
          if (cause instanceof RecordHold.Rerecorded moved) {
            again[0] = moved; // the step goes on in its new record; the entry is another run's
          } else if (!(cause instanceof RecordHold.Finished)) {
            return cause == null ? DONE : CompletableFuture.<Void>failedFuture(cause);
          }
          going[0] = false;
          return DONE;
        }).thenCompose(Function.identity()));
    CompletableFuture<Void> ended = ran.exceptionallyCompose(thrown -> hold.letGo(channel)
        .thenCompose(released -> CompletableFuture.<Void>failedFuture(thrown)));
    return Futures.compose(ended, done -> {
      if (again[0] != null) {
        return run(channel, again[0].id(), table, partitionKey, again[0].record(), failures, OwnRun.NONE)
            .thenApply(applied -> null);
      }
      return going[0] ? hold.release(channel) : DONE;
    });
  }

  /**
   * Records a step of a run again, under a new work id ({@link RecordHold.Rerecorded}): its registry entry (whose
   * clean-up is the step itself, should the record never be written), then its record, naming as the copies the
   * entity may have had every address the step could have written.
   */
  private CompletableFuture<RecordHold.Rerecorded> recordAgain(WriteChannel channel, String table,
      String partitionKey, PendingStep step) {
    Set<PendingStep.Address> named = new LinkedHashSet<>(step.previous());
    if (step.written() != null) {
      named.addAll(step.written());
    }
    PendingStep again = PendingStep.reconcile(step.entityClass(), step.table(), step.row(), step.index(),
        List.copyOf(named), step.written());
    String newId = PendingRows.newWorkId(shards);
    TableRow record = PendingRows.workRecord(discriminator, newId, partitionKey, List.of(again));
    return Futures.compose(register(channel, newId, table, partitionKey, List.of(again)),
        registered -> channel.write(table, WriteOperation.insert(record))
            .thenApply(written -> new RecordHold.Rerecorded(newId, record.toBuilder().etag(written.etag()).build())));
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
    return channel.write(table, WriteOperation.merge(progress, at.hold.etag())).handle((written, thrown) -> {
      if (thrown == null) {
        at.hold.changed(written.etag());
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
        at.hold.reread(read);
        at.next = Math.max(i, PendingRows.next(read) - 1) + 1;
        return DONE;
      });
    }).thenCompose(Function.identity());
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
}
