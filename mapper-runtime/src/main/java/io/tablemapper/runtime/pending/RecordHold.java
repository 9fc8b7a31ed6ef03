package io.tablemapper.runtime.pending;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.runtime.rows.PendingRows;
import io.tablemapper.runtime.rows.PendingRows.State;
import io.tablemapper.runtime.rows.PendingStep;
import io.tablemapper.runtime.rows.PendingStep.Address;
import io.tablemapper.runtime.store.Tables;
import io.tablemapper.runtime.store.WriteChannel;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One run's hold on a work record ({@link WorkRecords#run}): whether this run may send a write that a round computed
 * from the entity it read (a copy put, a key list changed), and whether it may delete the record once its steps are
 * done. Any number of runs of one record may go at once (the writer's own, completers'), and the one that finishes
 * deletes the record; a round that read the entity before a newer write and writes after another run finished would
 * leave, if its process then died, an entry or copy no record names any more (or, for a key list, an entry removed
 * that the entity's state implies). So every such write is sent only while a record names it:
 *
 * <ul>
 *   <li><b>Take</b> ({@link StepWrites#send}): before a write, unless its take is younger than half the grace period,
 *       a run writes its id into the record ({@value PendingRows#HOLDER}), a merge conditional on the record's ETag
 *       as it knows it. A record that is gone, or no longer pending, is finished: the write is not sent
 *       ({@link Finished}). A record another run took less than the grace period ago is that run's: the step waits
 *       ({@link RemoteIndexes.Deferred}).
 *   <li><b>Late answers</b>: a write answered a grace period or more after the take it was sent under may have
 *       landed after another run found the take expired. The run takes the record again under the ETag it knows;
 *       when that fails (another run changed or deleted the record meanwhile), it first records the step again, as a
 *       new record with its registry entry naming every address the step could have written ({@link Rerecorded}),
 *       and goes on with that record: what it wrote is named again before anything else is sent. A take that gets no
 *       answer records the step again too, retried with pauses while the store does not answer.
 *   <li><b>Release</b> ({@link #release}): the record is deleted conditional on the ETag this run knows, and only
 *       when no other run changed it since this run began: one that did (took it, advanced it, gave its hold up) may
 *       have written what this run's rounds did not see, so the record is left, to be run again, as is one that
 *       another run holds.
 * </ul>
 *
 * <p>Why no entry or copy is left: a write is sent while the run's take is younger than half the grace period, and
 * lands before the take is a grace period old, while no other run may take the record or delete it (a request lands
 * within half the grace period of being sent: the assumption {@code @Large} writes make too). A run that read the
 * record before the take fails its delete on the ETag; one that reads it after finds it held and runs nothing; one
 * that begins after the take expired begins after the write landed, and its rounds find it. A run that took the
 * record and died leaves it recorded, and after the grace period another run takes it and finds what the dead one
 * wrote. Every record and entry is written with room for the holder ({@link PendingRows#NO_HOLDER}), so a take
 * never makes it larger; one an earlier version wrote without that room, refused once the holder is added, is run as
 * that version ran it, without a take. The deletes of copies need no hold: each is conditional on the copy's ETag after the entity was read, and
 * a write that comes to imply the copy again claims it first ({@link RemoteIndexes#deleteIfOurs}).
 */
final class RecordHold {
  private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);
  /** How many times a take reads the record again after another run changed it. */
  private static final int ATTEMPTS = 50;
  /** How many times a late write's step is recorded again while the store does not answer. */
  private static final int RECORD_ATTEMPTS = 10;
  /** The first back-off between those attempts, doubled after each. */
  private static final long BACK_OFF_NANOS = 50_000_000L;
  private static final long MAX_BACK_OFF_NANOS = 2_000_000_000L;

  /** A run that meets its record finished (gone, or no longer pending): it stops, sending nothing more. */
  static final class Finished extends TableMapperException {
    private static final long serialVersionUID = 1L;

    Finished(String id) {
      super("the pending work " + id + " was finished by another run");
    }
  }

  /**
   * A run whose write was answered after its take may have expired, and whose record another run changed meanwhile:
   * the step was recorded again, under a new work id, and the run goes on with that record.
   */
  static final class Rerecorded extends TableMapperException {
    private static final long serialVersionUID = 1L;
    private final transient String id;
    private final transient TableRow record;

    Rerecorded(String id, TableRow record) {
      super("the pending work was recorded again as " + id);
      this.id = id;
      this.record = record;
    }

    /** The new work id. */
    String id() {
      return id;
    }

    /** The new record, as written (with its ETag). */
    TableRow record() {
      return record;
    }
  }

  /** Records a step again under a new work id: its registry entry, then its record. */
  @FunctionalInterface
  interface Rerecord {
    CompletableFuture<Rerecorded> apply(WriteChannel channel, PendingStep step);
  }

  private final Address record;
  private final String id;
  private final Tables tables;
  private final Duration grace;
  private final Rerecord rerecord;
  /** This run's id, as it writes it into the record it takes. */
  private final String run = UUID.randomUUID().toString();
  /** The holder the record named when this run began. */
  private final String holderAtStart;
  private String etag;
  private String holder;
  private Instant changed;
  /** When this run's take was sent ({@link System#nanoTime}); meaningful only while {@link #holding}. */
  private long takenAt;
  private boolean holding;
  /** Whether this run learned of a change another run made to the record: then it does not delete it. */
  private boolean changedElsewhere;
  /** Whether a write this run sent failed without an answer that refuses it: it may still land. */
  private boolean unsettled;
  /** Whether the row holds {@value PendingRows#HOLDER} (as every row this version writes does). */
  private boolean placeholder;
  /** Whether this run sends its writes without a take: its row has no room for one ({@link #take}). */
  private boolean unheld;

  private RecordHold(Address record, String id, Tables tables, Duration grace, TableRow known, Rerecord rerecord) {
    this.record = record;
    this.id = id;
    this.tables = tables;
    this.grace = grace;
    this.rerecord = rerecord;
    if (known != null) {
      know(known);
    }
    this.holderAtStart = holder;
  }

  /**
   * A run's hold on the record of {@code id}, as the run knows it at its start ({@code known}, with its ETag: read,
   * or as written).
   */
  static RecordHold of(String table, String partitionKey, String id, TableRow known, Tables tables, Duration grace,
      Rerecord rerecord) {
    return of(new Address(table, partitionKey, PendingRows.workRowKey(id)), id, known, tables, grace, rerecord);
  }

  /**
   * A run's hold on the row at {@code row} that names the steps of {@code id}: its work record, or the registry
   * entry of a write retired without one, whose clean-up steps it lists.
   */
  static RecordHold of(Address row, String id, TableRow known, Tables tables, Duration grace, Rerecord rerecord) {
    Objects.requireNonNull(known.etag(), "a run starts from the ETag of the row that names its steps");
    return new RecordHold(row, id, tables, grace, known, rerecord);
  }

  private synchronized void know(TableRow known) {
    placeholder = known.get(PendingRows.HOLDER) != null;
    etag = known.etag();
    holder = PendingRows.holder(known);
    changed = known.timestamp();
  }

  /** The record's ETag as this run knows it. */
  synchronized String etag() {
    return etag;
  }

  /** This run changed the record itself (advanced it): its new ETag. */
  synchronized void changed(String newEtag) {
    etag = newEtag;
  }

  /** This run read the record again, another run having changed it: it will not delete the record. */
  synchronized void reread(TableRow found) {
    know(found);
    changedElsewhere = true;
  }

  /**
   * Whether another run took the record less than the grace period ago, as this run last knew it: its rounds are
   * that run's to write, and the record its to delete.
   */
  synchronized boolean heldElsewhere() {
    return holder != null && !holder.equals(run) && changed != null && changed.plus(grace).isAfter(Instant.now());
  }

  /** Whether this run holds the record, by a take sent less than half the grace period ago. */
  private synchronized boolean fresh() {
    return holding && run.equals(holder) && System.nanoTime() - takenAt < grace.toNanos() / 2;
  }

  /** The writes of one step's rounds through this hold. */
  StepWrites writes(PendingStep step) {
    return new StepWrites(step);
  }

  /** The writes of one step's rounds: each sent only while a record names it (see {@link RecordHold}). */
  final class StepWrites {
    private final PendingStep step;

    private StepWrites(PendingStep step) {
      this.step = step;
    }

    /**
     * Sends a write that a round computed from the entity it read, once this run holds the record (taking it first
     * when its take is not fresh); fails with {@link Finished} when the record is finished, with
     * {@link RemoteIndexes.Deferred} when another run holds it, and with {@link Rerecorded} when the write was
     * answered late and the step had to be recorded again. A write that fails without an answer that refuses it may
     * still land, and keeps the hold to the run's end ({@link #letGo}).
     */
    <R> CompletableFuture<R> send(WriteChannel channel, Supplier<CompletableFuture<R>> write) {
      return Futures.compose(fresh(channel, 1), under -> settling(write.get()).handle((answer, thrown) -> {
        if (grace.isZero() || unheld() || System.nanoTime() - under < grace.toNanos()
            || thrown != null && PendingWork.refused(Futures.unwrap(thrown))) {
          return thrown == null ? CompletableFuture.completedFuture(answer) : CompletableFuture.<R>failedFuture(thrown);
        }
        // answered a grace period after the take it was sent under: it may have landed after another run found the
        // take expired, and must be named again before anything else is sent (a failure without an answer too: it
        // may have landed)
        return secure(channel, step).handle((secured, failed) -> {
          Throwable again = failed == null ? null : Futures.unwrap(failed);
          if (again instanceof Rerecorded) {
            return CompletableFuture.<R>failedFuture(again);
          }
          return thrown == null && failed == null ? CompletableFuture.completedFuture(answer)
              : CompletableFuture.<R>failedFuture(thrown != null ? thrown : failed);
        }).thenCompose(Function.identity());
      }).thenCompose(Function.identity()));
    }
  }

  /**
   * Completes with the time ({@link System#nanoTime}) of the take this run holds the record by, younger than half the
   * grace period: its own, or a new one (this is the {@code attempt}th). A take answered so late that it is no longer
   * fresh is taken again.
   */
  private CompletableFuture<Long> fresh(WriteChannel channel, int attempt) {
    synchronized (this) {
      if (fresh() || unheld || attempt > 1 && grace.isZero()) {
        return CompletableFuture.completedFuture(takenAt); // no grace period: a take keeps no other run off
      }
    }
    if (attempt > ATTEMPTS) {
      return CompletableFuture.failedFuture(new TableMapperException("the store answered each of " + ATTEMPTS
          + " takes of the record of pending work " + id + " later than half the grace period (" + grace
          + "); the work stays recorded, for a completer"));
    }
    return Futures.compose(take(channel, 1), taken -> fresh(channel, attempt + 1));
  }

  /** A write sent, marking the hold unsettled when it fails without an answer that refuses it (it may still land). */
  private <R> CompletableFuture<R> settling(CompletableFuture<R> write) {
    return write.whenComplete((done, thrown) -> {
      if (thrown != null && !PendingWork.refused(Futures.unwrap(thrown))) {
        synchronized (this) {
          unsettled = true;
        }
      }
    });
  }

  /**
   * After a write answered a grace period or more after the take it was sent under: takes the record again under the
   * ETag this run knows, so that it still names the write; when another run changed or deleted it meanwhile (it may
   * have found the take expired, and read the entity's index before the write landed), records the step again and
   * fails with {@link Rerecorded}.
   */
  private CompletableFuture<Void> secure(WriteChannel caller, PendingStep step) {
    WriteChannel channel = caller.cleanUp(); // sent even once the caller cancelled: the write it names is out
    long sent = System.nanoTime();
    TableRow take = TableRow.builder(record.partitionKey(), record.rowKey()).putString(PendingRows.HOLDER, run).build();
    return channel.write(record.table(), WriteOperation.merge(take, etag())).handle((written, thrown) -> {
      if (thrown == null) {
        took(written.etag(), sent);
        return DONE;
      }
      // changed or deleted by another run, or no answer (the take may not have landed): the step is recorded again,
      // which is harmless when the record still names it
      synchronized (this) {
        holding = false;
        unsettled = true;
      }
      return recordAgain(channel, step, 1);
    }).thenCompose(Function.identity());
  }

  /**
   * Records the step again ({@link Rerecord}), the {@code attempt}th time of {@value #RECORD_ATTEMPTS}, backing off
   * between attempts the store did not answer (50 ms, doubled each time, at most 2 s: about 10 s in all); fails with
   * {@link Rerecorded} once recorded.
   */
  private CompletableFuture<Void> recordAgain(WriteChannel channel, PendingStep step, int attempt) {
    return rerecord.apply(channel, step).handle((again, thrown) -> {
      if (thrown == null) {
        return CompletableFuture.<Void>failedFuture(again);
      }
      Throwable failure = Futures.unwrap(thrown);
      if (attempt >= RECORD_ATTEMPTS || !(failure instanceof TableMapperException) || PendingWork.refused(failure)) {
        return CompletableFuture.<Void>failedFuture(thrown); // refused, or no answer of the store's (a closed mapper)
      }
      long backOff = Math.min(MAX_BACK_OFF_NANOS, BACK_OFF_NANOS << (attempt - 1));
      return Futures.compose(channel.delay(backOff), paused -> recordAgain(channel, step, attempt + 1));
    }).thenCompose(Function.identity());
  }

  private synchronized boolean unheld() {
    return unheld;
  }

  private synchronized void took(String newEtag, long sent) {
    etag = newEtag;
    holder = run;
    holding = true;
    takenAt = sent;
  }

  /**
   * Gives up the hold of a run that stops on a failure, so that other runs need not wait for the grace period:
   * unless a write it sent may still land, the holder is cleared, conditional on the record's ETag (a record changed
   * meanwhile is left as it is, its hold expiring by itself). The record's ETag changes, so a run that began before
   * does not delete it.
   */
  CompletableFuture<Void> letGo(WriteChannel channel) {
    synchronized (this) {
      if (!holding || unsettled || !run.equals(holder)) {
        return DONE; // a write may still land; or another run took the record since: its take is not this run's
      }
      holding = false;
    }
    TableRow cleared = TableRow.builder(record.partitionKey(), record.rowKey())
        .putString(PendingRows.HOLDER, PendingRows.NO_HOLDER).build();
    return channel.write(record.table(), WriteOperation.merge(cleared, etag())).handle((written, thrown) -> null);
  }

  private CompletableFuture<Void> take(WriteChannel channel, int attempt) {
    if (heldElsewhere()) {
      return CompletableFuture.failedFuture(held());
    }
    if (attempt > ATTEMPTS) {
      return CompletableFuture.failedFuture(contended());
    }
    long sent = System.nanoTime();
    TableRow take = TableRow.builder(record.partitionKey(), record.rowKey()).putString(PendingRows.HOLDER, run).build();
    return channel.write(record.table(), WriteOperation.merge(take, etag())).handle((written, thrown) -> {
      if (thrown == null) {
        took(written.etag(), sent);
        return DONE;
      }
      Throwable failure = Futures.unwrap(thrown);
      if (failure instanceof EntityNotFoundException || failure instanceof TableNotFoundException) {
        return CompletableFuture.<Void>failedFuture(new Finished(id));
      }
      if (!(failure instanceof ConcurrencyConflictException)) {
        if (failure instanceof InvalidEntityException && !placeholder) {
          // a row an earlier version wrote, with no room for the holder (too large once it is added): it is run as
          // that version ran it, without a take
          synchronized (this) {
            unheld = true;
          }
          return DONE;
        }
        return CompletableFuture.<Void>failedFuture(failure);
      }
      // another run changed it: read it again
      return Futures.compose(read(channel), found -> {
        if (found == null || PendingRows.state(found) != State.PENDING) {
          return CompletableFuture.<Void>failedFuture(new Finished(id));
        }
        reread(found);
        return take(channel, attempt + 1);
      });
    }).thenCompose(Function.identity());
  }

  /**
   * Deletes the record once this run's steps are done: conditional on the ETag this run knows; a record gone is
   * done; one another run holds, or changed since this run began, is left (failed with
   * {@link RemoteIndexes.Deferred}), to be run again.
   */
  CompletableFuture<Void> release(WriteChannel channel) {
    synchronized (this) {
      if (changedElsewhere || !Objects.equals(holder, holding ? run : holderAtStart) || heldElsewhere()) {
        return CompletableFuture.failedFuture(held());
      }
    }
    return channel.write(record.table(), WriteOperation.delete(record.partitionKey(), record.rowKey(), etag()))
        .handle((deleted, thrown) -> {
          Throwable failure = thrown == null ? null : Futures.unwrap(thrown);
          if (failure == null || failure instanceof EntityNotFoundException
              || failure instanceof TableNotFoundException) {
            return DONE;
          }
          if (failure instanceof ConcurrencyConflictException) {
            // changed since this run last knew it: another run took it, advanced it, or let it go — that run may have
            // written what this run's rounds did not see, and its hold given up says nothing of that, so the record
            // is left, to be run again
            return CompletableFuture.<Void>failedFuture(held());
          }
          return CompletableFuture.<Void>failedFuture(failure);
        }).thenCompose(Function.identity());
  }

  private CompletableFuture<TableRow> read(WriteChannel channel) {
    return tables.readAsync(record.table(), () -> channel.get(record.table(), record.partitionKey(),
        record.rowKey()), null);
  }

  RemoteIndexes.Deferred held() {
    return new RemoteIndexes.Deferred("the pending work " + id + " is held by another run, or was changed by one"
        + " (its record at " + TableRow.keys(record.partitionKey(), record.rowKey()).describeKeys() + " in table "
        + record.table() + "): left to it, and run again once it is done or the grace period passed");
  }

  private TableMapperException contended() {
    return new TableMapperException("the record of pending work " + id + " changed under each of " + ATTEMPTS
        + " attempts to take it; the work stays recorded, for a completer");
  }
}
