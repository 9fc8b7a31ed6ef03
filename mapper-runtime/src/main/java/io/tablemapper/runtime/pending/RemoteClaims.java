package io.tablemapper.runtime.pending;

import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.runtime.rows.PendingStep.Address;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.rows.IndexCopies;
import io.tablemapper.runtime.store.WriteChannel;
import io.tablemapper.runtime.write.WriteIntent;
import io.tablemapper.runtime.rows.WriteKind;

/**
 * The claims of remote index values ({@link RemoteIndexes} describes the copies and their rules): owns the claim rule
 * — before its transaction, a write writes the row under each value its entity will have, conditional on what it
 * read, adding its work id; never a read alone — and the undoing of a refused write's claims. Another entity's row
 * is taken over only by {@link RemoteIndexes#takeable}; a row left after a refusal is deleted only by
 * {@link RemoteIndexes#deleteIfOurs}.
 */
final class RemoteClaims {
  /**
   * How many times a claim reads its row and writes it again after losing a race: then the value is another
   * writer's (through a tenant view, another tenant's claim reads as absent, and every insert loses).
   */
  private static final int CLAIM_ATTEMPTS = 5;

  private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);
  private static final CompletableFuture<Boolean> FREE = CompletableFuture.completedFuture(true);

  private final RemoteIndexes copies;
  private final Discriminator discriminator;
  /** The blocking path of the requests, for the rules written once over a {@link WriteChannel}. */
  private final WriteChannel blocking;

  RemoteClaims(RemoteIndexes copies, Discriminator discriminator, WriteChannel blocking) {
    this.copies = copies;
    this.discriminator = discriminator;
    this.blocking = blocking;
  }

  /**
   * A row written by a claim, its ETag and the write's id: what its writer undoes if its transaction is refused —
   * deletes it when the claim wrote it, or takes the id out of it and cleans it up ({@code undo}) when it was the
   * entity's own already ({@code rewritten}).
   */
  record Claim(Address address, String etag, String id, boolean rewritten, Undo undo) {}

  /**
   * What cleaning up a refused write's claim does once the write's id is out of it and its entries are deleted: the
   * delete of {@link RemoteIndexes#deleteIfOurs}, for the entity and index of the claim. A reconciliation that found
   * the id in flight left the row to this writer; without it, a value the entity left meanwhile would keep a copy
   * for good.
   */
  @FunctionalInterface
  interface Undo {
    CompletableFuture<Void> cleanUp(WriteChannel channel);
  }

  /**
   * Where the claims of a write will be: the copies of the values the written entity has (none for a delete, none
   * for a key list, whose rows are shared by the entities with a value and never claimed).
   */
  static <T> List<Address> claimed(WriteIntent<T> write) {
    List<Address> addresses = new ArrayList<>();
    if (write.kind() != WriteKind.DELETE) {
      for (IndexMapping<T> index : write.mapping().remoteIndexes()) {
        Address address = index.keyList() ? null : IndexCopies.requiredRemoteAddress(index, write.entity());
        if (address != null) {
          addresses.add(address);
        }
      }
    }
    return addresses;
  }

  /**
   * Claims the values of a write's entity for work id {@code id}, in the order of its remote indexes, each request
   * sent through {@code channel} (the blocking or the async path: one rule for both); the claims it wrote are added
   * to {@code written}. A key list claims nothing: its rows are shared by the entities with a value, and grow with
   * them.
   *
   * @return a future failed with {@link EntityExistsException} if a value is another entity's (its own, or a fresh
   *     claim of it)
   */
  <T> CompletableFuture<Void> claim(WriteChannel channel, WriteIntent<T> write, String id, List<Claim> written) {
    return claim(channel, write, id, written, null);
  }

  /**
   * {@link #claim(WriteChannel, WriteIntent, String, List)}, knowing the stored entity as the write read it ahead
   * ({@code stored}: empty for none; null when not read): a value the stored entity does not hold is claimed as an
   * insert's is ({@link #insertFirst}).
   */
  <T> CompletableFuture<Void> claim(WriteChannel channel, WriteIntent<T> write, String id, List<Claim> written,
      Optional<TableRow> stored) {
    if (write.kind() == WriteKind.DELETE) {
      return DONE;
    }
    Iterator<IndexMapping<T>> indexes = write.mapping().remoteIndexes().iterator();
    return Futures.loop(indexes::hasNext, () -> claim(channel, write, indexes.next(), id, written, stored));
  }

  private <T> CompletableFuture<Void> claim(WriteChannel channel, WriteIntent<T> write, IndexMapping<T> index,
      String id, List<Claim> written, Optional<TableRow> stored) {
    Address address = index.keyList() ? null : IndexCopies.requiredRemoteAddress(index, write.entity());
    if (address == null) {
      return DONE; // a list is never full: it grows part rows (IndexLists)
    }
    TableRow copy = RemoteIndexes.withIds(IndexCopies.remoteCopy(discriminator, index, write.row(),
        write.mapping().table(), address.partitionKey(), address.rowKey()), List.of(id));
    boolean fresh = write.kind() == WriteKind.INSERT
        || stored != null && !address.equals(copies.implied(write.mapping(), index, stored.orElse(null)));
    return Futures.compose(channel.ensure(address.table()),
        ready -> fresh ? insertFirst(channel, write, index, address, copy, id, written)
            : claimAt(channel, write, index, address, copy, id, written, 1));
  }

  /**
   * The claim of a value the entity does not hold (an insert's, or one the stored entity, read ahead, does not
   * have): most likely no row is under it, so the row is inserted without reading it first (one request instead of
   * two); only if a row is there already (another entity's, a stale claim, or this entity's own from an earlier
   * write) is it read and claimed as any other write claims it. The insert succeeds exactly when a read would have
   * found no row.
   */
  private <T> CompletableFuture<Void> insertFirst(WriteChannel channel, WriteIntent<T> write, IndexMapping<T> index,
      Address address, TableRow copy, String id, List<Claim> written) {
    return channel.write(address.table(), WriteOperation.insert(copy)).handle((result, thrown) -> {
      if (thrown == null) {
        claimed(write, index, address, result.etag(), id, false, written);
        return DONE;
      }
      Throwable failure = Futures.unwrap(thrown);
      if (failure instanceof EntityExistsException) {
        return claimAt(channel, write, index, address, copy, id, written, 1);
      }
      return PendingWork.refused(failure) ? CompletableFuture.<Void>failedFuture(failure)
          : learned(channel, write, index, address, copy, id, written, failure);
    }).thenCompose(Function.identity());
  }

  /**
   * A claim's insert that got no answer ({@code failure}) may have been applied: the row says what happened, as a
   * claim reads it — this write's claim (its id is in it, and only this write puts it there), or a row to claim as
   * any claim does (none: the insert was not applied; another entity's: refused with {@link EntityExistsException},
   * as the read would have refused it). Where the row cannot be read either, the write fails with {@code failure}.
   */
  private <T> CompletableFuture<Void> learned(WriteChannel channel, WriteIntent<T> write, IndexMapping<T> index,
      Address address, TableRow copy, String id, List<Claim> written, Throwable failure) {
    return copies.read(channel, address).handle((there, unread) -> {
      if (unread != null) {
        return CompletableFuture.<Void>failedFuture(failure);
      }
      if (there != null && RemoteIndexes.workIds(there).contains(id)) {
        claimed(write, index, address, there.etag(), id, false, written);
        return DONE;
      }
      return claimAt(channel, write, index, address, copy, id, written, 1);
    }).thenCompose(Function.identity());
  }

  /**
   * One attempt at a claim: read the row under the value, then insert it, re-write it with the write's id (the
   * entity's own), take it over, or refuse.
   */
  private <T> CompletableFuture<Void> claimAt(WriteChannel channel, WriteIntent<T> write, IndexMapping<T> index,
      Address address, TableRow copy, String id, List<Claim> written, int attempt) {
    return Futures.compose(copies.read(channel, address), there -> {
      boolean own = there != null
          && IndexCopies.isRemoteCopyOf(discriminator, there, index, write.partitionKey(), write.rowKey());
      CompletableFuture<Boolean> free = there == null || own ? FREE
          : copies.takeable(channel, write.mapping(), there, index, address, true);
      return Futures.compose(free, takeOver -> {
        if (!takeOver) {
          return CompletableFuture.failedFuture(taken(write, index, address, there));
        }
        if (!own) {
          WriteOperation claim = there == null ? WriteOperation.insert(copy) : WriteOperation.replace(copy, there.etag());
          return send(channel, write, index, address, claim, copy, id, false, written, attempt);
        }
        // the entity's own copy, kept as it is with this write's id added (and the ids of writes no longer in
        // flight dropped): a delete or a take-over that read it before now fails, and none after it touches it while
        // the write may be recorded
        Address entity = new Address(write.mapping().table(), write.partitionKey(), write.rowKey());
        List<String> ids = new ArrayList<>();
        Iterator<String> each = RemoteIndexes.workIds(there).iterator();
        CompletableFuture<Void> pruned = Futures.loop(each::hasNext, () -> {
          String other = each.next();
          return copies.inFlight(channel, entity, other).thenAccept(flying -> {
            if (flying) {
              ids.add(other);
            }
          });
        });
        return Futures.compose(pruned, done -> {
          ids.add(id);
          return send(channel, write, index, address,
              WriteOperation.replace(RemoteIndexes.withIds(there, ids), there.etag()), copy, id, true, written,
              attempt);
        });
      });
    });
  }

  /** Adds a claim written to those of the write, with what undoes it if the write is refused. */
  private <T> void claimed(WriteIntent<T> write, IndexMapping<T> index, Address address, String etag, String id,
      boolean rewritten, List<Claim> written) {
    Address entity = new Address(write.mapping().table(), write.partitionKey(), write.rowKey());
    written.add(new Claim(address, etag, id, rewritten,
        cleanUp -> copies.deleteIfOurs(cleanUp, write.mapping(), index, address, entity, 1)));
  }

  /** Sends one claim's write; a row changed meanwhile is looked at again, as the next attempt. */
  private <T> CompletableFuture<Void> send(WriteChannel channel, WriteIntent<T> write, IndexMapping<T> index,
      Address address, WriteOperation claim, TableRow copy, String id, boolean rewritten, List<Claim> written,
      int attempt) {
    return channel.write(address.table(), claim).handle((result, thrown) -> {
      if (thrown == null) {
        claimed(write, index, address, result.etag(), id, rewritten, written);
        return DONE;
      }
      Throwable failure = Futures.unwrap(thrown);
      if (!RemoteIndexes.moved(failure)) {
        return CompletableFuture.<Void>failedFuture(failure);
      }
      if (attempt == CLAIM_ATTEMPTS) {
        return copies.read(channel, address).<Void>thenCompose(
            now -> CompletableFuture.failedFuture(taken(write, index, address, now)));
      }
      return Futures.compose(channel.pause(attempt),
          paused -> claimAt(channel, write, index, address, copy, id, written, attempt + 1));
    }).thenCompose(Function.identity());
  }

  /**
   * Checks, without writing, that no value of a write's entity is taken by another entity (as {@link #claim} would
   * find it now): for the later writes of an eventual batch, checked before the batch is committed.
   *
   * @param changing the entities the batch writes before this one ({@link Address} of table, PartitionKey,
   *     RowKey): a value one of them holds may be freed by then, and is left to the write's own claim
   * @throws EntityExistsException if one is
   */
  <T> void checkFree(WriteIntent<T> write, Set<Address> changing) {
    if (write.kind() == WriteKind.DELETE) {
      return;
    }
    for (IndexMapping<T> index : write.mapping().remoteIndexes()) {
      Address address = index.keyList() ? null : IndexCopies.requiredRemoteAddress(index, write.entity());
      TableRow there = address == null ? null : Futures.join(copies.read(blocking, address));
      if (there != null
          && !IndexCopies.isRemoteCopyOf(discriminator, there, index, write.partitionKey(), write.rowKey())
          && !changing.contains(RemoteIndexes.holderOf(there, index))
          && !Futures.join(copies.takeable(blocking, write.mapping(), there, index, address, false))) {
        throw taken(write, index, address, there);
      }
    }
  }

  /**
   * Undoes the claims of a write the store refused, through {@code channel}: deletes each row it wrote, unless changed
   * since, and takes its id out of the rows it re-wrote and those changed since (the entity's own, which another
   * claim of the entity re-wrote). The write then deletes its registry entries and cleans up the rows this returns
   * ({@link #cleanUp}): once its entries are gone no one waits for it, and one may have left such a row while it was
   * in flight.
   *
   * @return a future of the claims whose rows are to be cleaned up after the entries are deleted
   */
  CompletableFuture<List<Claim>> release(WriteChannel channel, List<Claim> claims) {
    List<Claim> left = new ArrayList<>();
    Iterator<Claim> each = claims.iterator();
    return Futures.loop(each::hasNext, () -> {
      Claim claim = each.next();
      Address at = claim.address();
      if (claim.rewritten()) {
        left.add(claim);
        return withdraw(channel, claim, 1);
      }
      return channel.write(at.table(), WriteOperation.delete(at.partitionKey(), at.rowKey(), claim.etag()))
          .<Void>thenApply(deleted -> null)
          .exceptionallyCompose(thrown -> {
            Throwable failure = Futures.unwrap(thrown);
            if (failure instanceof EntityNotFoundException || failure instanceof TableNotFoundException) {
              return DONE; // taken over and cleaned meanwhile
            }
            if (!RemoteIndexes.moved(failure)) {
              return CompletableFuture.failedFuture(failure);
            }
            left.add(claim); // changed since: another claim of the entity re-wrote it, or it was taken over
            return withdraw(channel, claim, 1);
          });
    }).thenApply(done -> left);
  }

  /**
   * Cleans up the rows of a refused write's claims that {@link #release} left, once the write's entries are deleted:
   * each is deleted as a reconciliation deletes a copy (rule 3: not while another write that claimed it may still be
   * recorded — that write then settles it — nor while its entity implies it).
   */
  CompletableFuture<Void> cleanUp(WriteChannel channel, List<Claim> claims) {
    Iterator<Claim> each = claims.iterator();
    return Futures.loop(each::hasNext, () -> each.next().undo().cleanUp(channel)
        .exceptionallyCompose(thrown -> Futures.unwrap(thrown) instanceof RemoteIndexes.Deferred
            ? DONE // another write in flight claimed the row too: it settles the row as this one would
            : CompletableFuture.failedFuture(thrown)));
  }

  /**
   * Takes a write's id out of a row it re-wrote, wherever the row's ETag has got to since (attempt of
   * {@link RemoteIndexes#ATTEMPTS}).
   */
  private CompletableFuture<Void> withdraw(WriteChannel channel, Claim claim, int attempt) {
    Address at = claim.address();
    return Futures.compose(copies.read(channel, at), there -> {
      if (there == null || !RemoteIndexes.workIds(there).contains(claim.id())) {
        return DONE;
      }
      List<String> ids = new ArrayList<>(RemoteIndexes.workIds(there));
      ids.remove(claim.id());
      CompletableFuture<?> written = channel.write(at.table(), WriteOperation.merge(TableRow.builder(
          at.partitionKey(), at.rowKey()).putString(EntityMapping.WORK_IDS_PROPERTY, String.join(" ", ids)).build(),
          there.etag()));
      return written.handle((done, thrown) -> thrown == null ? DONE
          : !RemoteIndexes.moved(Futures.unwrap(thrown)) || attempt == RemoteIndexes.ATTEMPTS
              ? settledUnlessLost(written)
          : withdraw(channel, claim, attempt + 1)).thenCompose(Function.identity());
    });
  }

  /**
   * A clean-up write's end: done, also when its row changed or went meanwhile; failed when the store did not answer.
   */
  private static CompletableFuture<Void> settledUnlessLost(CompletableFuture<?> written) {
    return written.<Void>thenApply(done -> null).exceptionallyCompose(thrown -> {
      Throwable failure = Futures.unwrap(thrown);
      return RemoteIndexes.moved(failure) || failure instanceof TableNotFoundException
          ? CompletableFuture.completedFuture(null) // changed since, or cleaned meanwhile
          : CompletableFuture.failedFuture(failure);
    });
  }

  private EntityExistsException taken(WriteIntent<?> write, IndexMapping<?> index, Address address,
      TableRow there) {
    String holder = there == null ? "another writer"
        : "the entity " + TableRow.keys(String.valueOf(there.get(EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY)),
            String.valueOf(IndexCopies.primaryRowKey(there))).describeKeys();
    return new EntityExistsException("cannot " + write.kind().verb() + " " + write.describe() + ": index '"
        + index.name() + "' value " + TableRow.keys(address.partitionKey(), address.rowKey()).describeKeys()
        + " in table " + address.table() + " is already taken by " + holder + "; values of index '" + index.name()
        + "' are unique across partitions");
  }
}
