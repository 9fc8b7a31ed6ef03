package io.tablemapper.runtime.pending;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.runtime.rows.PendingRows;
import io.tablemapper.runtime.rows.PendingRows.State;
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
 * deletes the record; a round that read the entity before a newer write and writes after the other run finished
 * would leave, if its process then died, an entry or copy no record names any more. So such a write is sent only by
 * the run that holds the record, and a record is deleted only by a run that no other run took it from:
 *
 * <ul>
 *   <li><b>Take</b> ({@link #mayWrite}): before its first such write, and again once its take is older than half the
 *       grace period, a run writes its id into the record ({@value PendingRows#HOLDER}), a merge conditional on the
 *       record's ETag as it knows it. A record that is gone, or no longer pending, is finished: the write is not sent
 *       ({@link Finished}). A record another run took less than the grace period ago is that run's: the step waits
 *       ({@link RemoteIndexes.Deferred}).
 *   <li><b>Release</b> ({@link #release}): the record is deleted conditional on its ETag as the run knows it. One
 *       that changed since in any way this run did not change it (another run took it, advanced it, or gave its
 *       hold up) is left, to be run again (that run's writes may have landed after this run's rounds read), as is
 *       one that another run held at the start ({@link #heldElsewhere}).
 * </ul>
 *
 * <p>Why no entry or copy is left: a reconciliation's first write is sent while the run's take is younger than half
 * the grace period, and lands while no other run may take the record or delete it (a request lands within half the
 * grace period of being sent: the assumption {@code @Large} writes make too). A run that read the record before the
 * take fails its delete on the ETag; one that reads it after finds it held and runs nothing; one that begins after
 * the take expired begins after the write landed, and its rounds find it. The reconciliation's later writes, which
 * its rounds compute to undo or redo what it wrote, are sent whatever became of the hold ({@link Gate}), so a run
 * that lives brings in step what it wrote. A run that took the record and died leaves it recorded, and after the
 * grace period another run takes it and finds what the dead one wrote.
 */
final class RecordHold {
  /** A hold of no record (a retired entry's clean-up steps): nothing to hold, writes are sent. */
  static final RecordHold NONE = new RecordHold(null, null, null, Duration.ZERO, null);

  private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);
  /** How many times a take or release reads the record again after another run changed it. */
  private static final int ATTEMPTS = 50;

  /** A run that meets its record finished (gone, or no longer pending): it stops, sending nothing more. */
  static final class Finished extends TableMapperException {
    private static final long serialVersionUID = 1L;

    Finished(String id) {
      super("the pending work " + id + " was finished by another run");
    }
  }

  private final Address record;
  private final String id;
  private final Tables tables;
  private final Duration grace;
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
  /** Whether a write this run sent failed without an answer that refuses it: it may still land. */
  private boolean unsettled;

  private RecordHold(Address record, String id, Tables tables, Duration grace, TableRow known) {
    this.record = record;
    this.id = id;
    this.tables = tables;
    this.grace = grace;
    if (known != null) {
      know(known);
    }
    this.holderAtStart = holder;
  }

  /** A run's hold on the record of {@code id}, as it knows the record ({@code known}: read, or as written). */
  static RecordHold of(String table, String partitionKey, String id, TableRow known, Tables tables, Duration grace) {
    return new RecordHold(new Address(table, partitionKey, PendingRows.workRowKey(id)), id, tables, grace, known);
  }

  private synchronized void know(TableRow known) {
    etag = known.etag();
    holder = known.get(PendingRows.HOLDER) instanceof String named && !named.isEmpty() ? named : null;
    changed = known.timestamp();
  }

  /** The record's ETag as this run knows it; null when unknown. */
  synchronized String etag() {
    return etag;
  }

  /** This run changed the record itself (advanced it): its new ETag. */
  synchronized void changed(String newEtag) {
    etag = newEtag;
  }

  /** This run read the record again, another run having changed it. */
  void reread(TableRow record) {
    know(record);
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

  /**
   * Completes when this run holds the record (taking it first if needed), so that a write computed from a round's
   * read may be sent; fails with {@link Finished} when the record is finished, with {@link RemoteIndexes.Deferred}
   * when another run holds it.
   */
  CompletableFuture<Void> mayWrite(WriteChannel channel) {
    if (record == null || fresh()) {
      return DONE;
    }
    return take(channel, 1);
  }

  /**
   * Sends a write that a round computed from the entity it read, once this run holds the record ({@link #mayWrite});
   * a write that fails without an answer that refuses it may still land, and keeps the hold to its end
   * ({@link #letGo}).
   */
  <R> CompletableFuture<R> send(WriteChannel channel, Supplier<CompletableFuture<R>> write) {
    return Futures.compose(mayWrite(channel), held -> settling(write.get()));
  }

  /** The gate of one reconciliation's writes through this hold ({@link Gate}). */
  Gate gate() {
    return new Gate();
  }

  /**
   * The writes of one reconciliation (one step's rounds) through this hold: its first is sent only once the run holds
   * the record ({@link #send}); once one is sent, the later ones — which its rounds compute as they read the entity
   * again, and which undo or redo what it wrote — are sent whether or not the run still holds the record. A run whose
   * take expired while its write was under way (delivered later than half the grace period), or whose record another
   * run finished meanwhile, so brings in step what it wrote as long as it lives, rather than stop and leave it.
   */
  final class Gate {
    private boolean sent;

    <R> CompletableFuture<R> send(WriteChannel channel, Supplier<CompletableFuture<R>> write) {
      synchronized (this) {
        if (sent) {
          return settling(write.get());
        }
      }
      return RecordHold.this.send(channel, () -> {
        synchronized (this) {
          sent = true;
        }
        return write.get();
      });
    }
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
   * Gives up the hold of a run that stops on a failure, so that other runs need not wait for the grace period:
   * unless a write it sent may still land, the holder is cleared, conditional on the record's ETag (a record changed
   * meanwhile is left as it is, its hold expiring by itself).
   */
  CompletableFuture<Void> letGo(WriteChannel channel) {
    synchronized (this) {
      if (record == null || !holding || unsettled) {
        return DONE;
      }
      holding = false;
    }
    TableRow cleared = TableRow.builder(record.partitionKey(), record.rowKey()).putString(PendingRows.HOLDER, "")
        .build();
    return channel.write(record.table(), WriteOperation.merge(cleared, etag())).handle((written, thrown) -> null);
  }

  private CompletableFuture<Void> take(WriteChannel channel, int attempt) {
    if (heldElsewhere()) {
      return CompletableFuture.failedFuture(held());
    }
    if (attempt > ATTEMPTS) {
      return CompletableFuture.failedFuture(contended());
    }
    if (attempt == 1 && etag() != null) {
      return sendTake(channel, attempt);
    }
    return Futures.compose(read(channel), found -> {
      if (found == null || PendingRows.state(found) != State.PENDING) {
        return CompletableFuture.<Void>failedFuture(new Finished(id));
      }
      reread(found);
      return sendTake(channel, attempt);
    });
  }

  private CompletableFuture<Void> sendTake(WriteChannel channel, int attempt) {
    if (heldElsewhere()) {
      return CompletableFuture.failedFuture(held());
    }
    long sent = System.nanoTime();
    TableRow take = TableRow.builder(record.partitionKey(), record.rowKey()).putString(PendingRows.HOLDER, run).build();
    return channel.write(record.table(), WriteOperation.merge(take, etag())).handle((written, thrown) -> {
      if (thrown == null) {
        synchronized (this) {
          etag = written.etag();
          holder = run;
          holding = true;
          takenAt = sent;
        }
        return DONE;
      }
      Throwable failure = Futures.unwrap(thrown);
      if (failure instanceof EntityNotFoundException || failure instanceof TableNotFoundException) {
        return CompletableFuture.<Void>failedFuture(new Finished(id));
      }
      if (failure instanceof ConcurrencyConflictException) {
        return take(channel, attempt + 1); // another run changed it: read it again
      }
      return CompletableFuture.<Void>failedFuture(failure);
    }).thenCompose(Function.identity());
  }

  /**
   * Deletes the record once this run's steps are done: conditional on its ETag as this run knows it; a record gone
   * is done; one another run held at this run's start, or changed since, is left (failed with
   * {@link RemoteIndexes.Deferred}), to be run again.
   */
  CompletableFuture<Void> release(WriteChannel channel) {
    return release(channel, 1);
  }

  private CompletableFuture<Void> release(WriteChannel channel, int attempt) {
    if (attempt > ATTEMPTS) {
      return CompletableFuture.failedFuture(contended());
    }
    if (attempt == 1 && etag() != null) {
      return delete(channel, attempt);
    }
    return Futures.compose(read(channel), found -> {
      if (found == null) {
        return DONE;
      }
      reread(found);
      return delete(channel, attempt);
    });
  }

  private CompletableFuture<Void> delete(WriteChannel channel, int attempt) {
    if (takenSince() || heldElsewhere()) {
      return CompletableFuture.failedFuture(held());
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

  /** Whether another run took the record since this run began (or since this run took it). */
  private synchronized boolean takenSince() {
    return !Objects.equals(holder, holding ? run : holderAtStart);
  }

  private CompletableFuture<TableRow> read(WriteChannel channel) {
    return tables.readAsync(record.table(), () -> channel.get(record.table(), record.partitionKey(),
        record.rowKey()), null);
  }

  RemoteIndexes.Deferred held() {
    return new RemoteIndexes.Deferred("the pending work " + id + " is held by another run (its record at "
        + TableRow.keys(record.partitionKey(), record.rowKey()).describeKeys() + " in table " + record.table()
        + "): left to it, and run again once it is done or the grace period passed");
  }

  private TableMapperException contended() {
    return new TableMapperException("the record of pending work " + id + " changed under each of " + ATTEMPTS
        + " attempts to take or delete it; the work stays recorded, for a completer");
  }
}
