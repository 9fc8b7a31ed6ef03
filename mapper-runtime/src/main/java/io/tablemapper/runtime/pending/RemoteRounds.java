package io.tablemapper.runtime.pending;

import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.runtime.rows.PendingStep.Address;
import io.tablemapper.spi.PropertyValues;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.rows.IndexCopies;
import io.tablemapper.runtime.rows.IndexLists;
import io.tablemapper.runtime.rows.PendingStep;
import io.tablemapper.runtime.store.WriteChannel;

/**
 * The reconciliation of one remote index of one entity, a recorded step of pending work ({@link RemoteIndexes}
 * describes the copies and their rules): owns the rule of rounds — read the entity, remove the copies (or key-list
 * entries) it may have had and no longer implies, write the one its step's write implies, and when that wrote
 * anything, read the entity again and run another round from its new state if it changed — so that the last write to
 * any copy was computed from the state its writer then found current. A round also writes back a copy or entry that
 * an earlier round of the same reconciliation removed when the entity implies it again: that removal, computed from
 * a state that was no longer current when it landed, may have undone the write of the newer state's own
 * reconciliation, which found the copy or entry still there and so wrote nothing. A copy is deleted only by
 * {@link RemoteIndexes#deleteIfOurs}, another entity's row taken over only by {@link RemoteIndexes#takeable}; the
 * list rows change through {@link RemoteLists}.
 */
final class RemoteRounds {
  /** How many rounds one reconciliation runs while its entity keeps changing, before it is left recorded. */
  private static final int ROUNDS = 50;

  private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

  private final RemoteIndexes copies;
  private final Discriminator discriminator;
  private final RemoteLists lists;

  RemoteRounds(RemoteIndexes copies, Discriminator discriminator, RemoteLists lists) {
    this.copies = copies;
    this.discriminator = discriminator;
    this.lists = lists;
  }

  /**
   * Brings one remote index of one entity in step with the entity's current state, each request sent through
   * {@code channel} (the blocking or the async path: one rule for both). A copy or list entry a round computes from
   * the entity it read is written only while {@code hold} holds the step's record ({@link RecordHold#mayWrite}): a
   * round whose record another run finished meanwhile sends nothing. Run by the writer right after its transaction,
   * it knows what {@code own} says: where the step's copy is settled by the write's claim, the first round takes the
   * entity as the transaction wrote it rather than reading it (as a read right after the transaction would find it),
   * so it writes nothing, and deletes the old copies checked ahead under their ETags; a copy changed since is
   * deleted as any other, and a round that wrote anything reads the entity again, as always.
   *
   * @param mapping the mapping of the entity's class
   * @return a future of null when done, or of the exception that makes the step fail for good (a key list without
   *     room); failed when the store could not be reached, or the entity kept changing for {@link #ROUNDS} rounds
   *     (the step stays recorded), or with {@link RecordHold.Finished} when another run finished the record
   */
  <T> CompletableFuture<TableMapperException> reconcile(WriteChannel channel, EntityMapping<T> mapping,
      PendingStep step, OwnRun own, RecordHold hold) {
    IndexMapping<T> index = null;
    for (IndexMapping<T> each : mapping.remoteIndexes()) {
      if (each.name().equals(step.index())) {
        index = each;
      }
    }
    if (index == null) {
      return CompletableFuture.completedFuture(null); // the class no longer declares the index: nothing to keep
    }
    Address entity = new Address(mapping.table(), step.row().partitionKey(), step.row().rowKey());
    Set<Address> previous = new LinkedHashSet<>(step.previous());
    if (own.settles(index, step)) {
      // the entity as its transaction wrote it implies the claimed copy, which is that state's: nothing to write
      Address implied = step.written().get(0);
      return copy(channel, mapping, index, entity, null, implied, null, false, previous, new LinkedHashSet<>(),
          new boolean[1], own, hold.writes(step)).thenApply(done -> null);
    }
    return round(channel, mapping, index, entity, step, previous, new LinkedHashSet<>(), 1, own, hold.writes(step));
  }

  /**
   * One round of a reconciliation: from the entity as read now, the copies (or list entries) it may have had and no
   * longer implies are removed and the one it implies is written; when anything was written, the entity is read
   * again, and a change since starts another round, which may find the copy just written among the old ones.
   *
   * @param removed the addresses earlier rounds removed (or tried to remove) a copy or entry at: one the entity implies
   *     again is written back, whether or not the step's own write implies it
   */
  private <T> CompletableFuture<TableMapperException> round(WriteChannel channel, EntityMapping<T> mapping,
      IndexMapping<T> index, Address entity, PendingStep step, Set<Address> previous, Set<Address> removed,
      int round, OwnRun own, RecordHold.StepWrites hold) {
    if (round > ROUNDS) {
      return CompletableFuture.failedFuture(new TableMapperException("the " + index + " of "
          + mapping.entityClass().getSimpleName() + " " + TableRow.keys(entity.partitionKey(), entity.rowKey())
          .describeKeys() + " in table " + entity.table() + " was not brought in step: the entity changed during "
          + ROUNDS + " rounds in a row; the step stays recorded, for a completer"));
    }
    return Futures.compose(copies.read(channel, entity), stored -> {
      Address implied = copies.implied(mapping, index, stored);
      // a copy of a later write's state is that write's own reconciliation's to write: this step writes only a copy
      // its step names, so that a round that dies after writing leaves no copy its step's next run does not look at.
      // It writes the one of its own write; one an earlier round removed, since that removal may have undone the
      // later write's own; and one its step recorded among the copies the entity may have had, whose values it brings
      // in step with the entity's: the write that holds the value may have written none (an insert whose claim was
      // its copy, of an entity another writer created and deleted between that claim and its transaction, the
      // creation's reconciliation writing the copy from its own state), and the step's next run, reading the entity
      // again, brings in step what a round that died after writing left
      boolean named = implied != null && step.previous().contains(implied);
      Address desired = implied != null && (step.writes(implied) || removed.contains(implied) || named) ? implied
          : null;
      boolean[] wrote = {false};
      CompletableFuture<TableMapperException> applied = index.keyList()
          ? list(channel, mapping, index, entity, implied, desired, previous, removed, wrote, hold)
          : copy(channel, mapping, index, entity, stored, implied, desired,
              desired != null && !step.writes(desired) && !named, previous, removed, wrote, own, hold);
      return Futures.compose(applied, failure -> {
        if (failure != null || !wrote[0]) {
          return CompletableFuture.completedFuture(failure);
        }
        return Futures.compose(copies.read(channel, entity), now -> {
          if (sameVersion(stored, now)) {
            return CompletableFuture.completedFuture(null);
          }
          Set<Address> next = new LinkedHashSet<>(previous);
          if (desired != null) {
            next.add(desired);
          }
          return round(channel, mapping, index, entity, step, next, removed, round + 1, own, hold);
        });
      });
    });
  }

  /** Whether two reads of one entity's row found the same version of it (or both found none). */
  private static boolean sameVersion(TableRow before, TableRow now) {
    return before == null ? now == null : now != null && Objects.equals(before.etag(), now.etag());
  }

  /** Whether two copies hold the same values, the work ids left out. */
  private static boolean sameValues(TableRow stored, TableRow copy) {
    return PropertyValues.equal(RemoteIndexes.withIds(stored, List.of()).properties(),
        RemoteIndexes.withIds(copy, List.of()).properties());
  }

  /**
   * One round for a copy index: the old copies deleted where the entity does not imply them ({@code implied}: where
   * it has its copy now), and its copy written at {@code desired} (null when the step writes none).
   *
   * @param back whether {@code desired} is only written back (an earlier round removed it; the step's own write is
   *     another value's): then only where it is missing. A copy of the entity found there was written by the
   *     reconciliation of a write that implies it, perhaps from a newer state than this round read, and that
   *     reconciliation keeps its values; replacing them here, then dying before the entity is read again, would leave
   *     them older than the entity's for good, since the step's next run knows nothing of the write-back
   */
  private <T> CompletableFuture<TableMapperException> copy(WriteChannel channel, EntityMapping<T> mapping,
      IndexMapping<T> index, Address entity, TableRow stored, Address implied, Address desired, boolean back,
      Set<Address> previous, Set<Address> removed, boolean[] wrote, OwnRun own, RecordHold.StepWrites hold) {
    Iterator<Address> old = previous.iterator();
    CompletableFuture<Void> deleted = Futures.loop(old::hasNext, () -> {
      Address before = old.next();
      if (before.equals(implied)) {
        return DONE;
      }
      removed.add(before);
      String checked = own.checkedEtag(before);
      return checked != null ? copies.deleteChecked(channel, mapping, index, before, entity, checked)
          : copies.deleteIfOurs(channel, mapping, index, before, entity, 1);
    });
    if (desired == null) {
      return deleted.thenApply(done -> null);
    }
    TableRow copy = IndexCopies.remoteCopy(discriminator, index, stored, entity.table(),
        desired.partitionKey(), desired.rowKey());
    return Futures.compose(deleted, done -> Futures.compose(channel.ensure(desired.table()),
        ready -> put(channel, mapping, index, desired, copy, entity, back, wrote, hold, 1))).thenApply(done -> null);
  }

  /**
   * One round for a key list: unlisted from the values the entity does not have ({@code implied}: the one it has),
   * listed under {@code desired} (null when the step lists it under none).
   */
  private <T> CompletableFuture<TableMapperException> list(WriteChannel channel, EntityMapping<T> mapping,
      IndexMapping<T> index, Address entity, Address implied, Address desired, Set<Address> previous,
      Set<Address> removed, boolean[] wrote, RecordHold.StepWrites hold) {
    String entry = IndexLists.entry(entity.partitionKey(), entity.rowKey());
    Iterator<Address> old = previous.iterator();
    CompletableFuture<Void> unlisted = Futures.loop(old::hasNext, () -> {
      Address before = old.next();
      if (before.equals(implied)) {
        return DONE;
      }
      wrote[0] = true; // the entity may have moved back to this value since it was read: read it again after
      removed.add(before);
      return lists.remove(channel, index, before, entry, hold);
    });
    if (desired == null) {
      return unlisted.thenApply(done -> null);
    }
    return Futures.compose(unlisted, done -> {
      wrote[0] = true;
      return lists.add(channel, index, desired, entry, hold);
    });
  }

  /**
   * Writes the entity's copy at {@code address} unless it is there already (the work ids of its claims kept), taking
   * over another entity's row only as a claim would ({@link RemoteIndexes#takeable}); with {@code back}, only where the
   * entity has no copy there (see {@link #copy}): the {@code attempt}th look of
   * {@link RemoteIndexes#ATTEMPTS}, a row changed meanwhile is looked at again. Sets {@code wrote[0]} when it wrote.
   */
  private <T> CompletableFuture<Void> put(WriteChannel channel, EntityMapping<T> mapping, IndexMapping<T> index,
      Address address, TableRow copy, Address entity, boolean back, boolean[] wrote, RecordHold.StepWrites hold, int attempt) {
    if (attempt > RemoteIndexes.ATTEMPTS) {
      return CompletableFuture.failedFuture(RemoteIndexes.contended(index, address));
    }
    return Futures.compose(copies.read(channel, address), there -> {
      CompletableFuture<?> written;
      if (there == null) {
        wrote[0] = true;
        written = hold.send(channel, () -> channel.write(address.table(), WriteOperation.insert(copy)));
      } else if (IndexCopies.isRemoteCopyOf(discriminator, there, index, entity.partitionKey(),
          entity.rowKey())) {
        if (back || sameValues(there, copy)) {
          written = DONE;
        } else {
          wrote[0] = true;
          written = hold.send(channel, () -> channel.write(address.table(),
              WriteOperation.replace(RemoteIndexes.withIds(copy, RemoteIndexes.workIds(there)), there.etag())));
        }
      } else {
        // another entity's row: taken over only as a claim would take it; else left, for this entity's next round
        // (it was read before another entity took the value) or its writer (which claims before it holds a value)
        written = Futures.compose(copies.takeable(channel, mapping, there, index, address, true), free -> {
          if (!free) {
            return DONE;
          }
          wrote[0] = true;
          return hold.send(channel, () -> channel.write(address.table(), WriteOperation.replace(copy, there.etag())))
              .thenApply(done -> null);
        });
      }
      return written.handle((done, thrown) -> thrown == null ? DONE
              : !RemoteIndexes.moved(Futures.unwrap(thrown)) ? CompletableFuture.<Void>failedFuture(thrown)
              : Futures.compose(channel.pause(attempt),
                  paused -> put(channel, mapping, index, address, copy, entity, back, wrote, hold, attempt + 1)))
          .thenCompose(Function.identity());
    });
  }
}
