package io.tablemapper.runtime;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.runtime.PendingStep.Address;
import io.tablemapper.runtime.WriteIntent.Kind;
import io.tablemapper.spi.PropertyValues;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * The copies of remote indexes — in another partition or table than their entity — kept eventually consistent by
 * pending work ({@link PendingWork}): claims made before the entity's transaction, and reconciliations after it.
 *
 * <p>A copy is the entity's row (or the index's properties of it) under the index's keys, with the discriminator
 * {@code type#index} and the entity's PartitionKey, RowKey and (in another table) table ({@link
 * IndexCopies#remoteCopy}). Its keys identify its index value: a unique index's are the value alone, so two entities
 * with one value would share one copy; a non-unique index's also hold the entity's key components, so they never
 * meet. One rule serves both:
 *
 * <ul>
 *   <li><b>Claim</b>, before the entity's transaction, for each value the written entity has: the row under it is
 *       inserted if absent (the copy as the entity will be), kept if it is already this entity's, and otherwise
 *       refused with {@link EntityExistsException} — unless it is a stale claim: older than the grace period and
 *       pointing to an entity that does not hold the value (its writer died, or changed its mind), which is then
 *       taken over. A claim of a write refused by the store is deleted again by its writer; one left by a crash is
 *       deleted when the registry entry of its write is retired (the entry lists it), or taken over.
 *   <li><b>Reconcile</b>, after it, from the entity's current state: the copy it should have is written (replacing
 *       a stale one, conditional on its ETag), and each copy it may have had before — where the write found it, or
 *       a value claimed for it — is deleted if it still points to this entity and is no longer its own.
 * </ul>
 *
 * A reconciliation reads before each write and conditions it on what it read, so that replays and completers
 * running at once converge on the copies of the entity's latest state.
 *
 * <p>A key-list index ({@link IndexMapping#keyList()}) keeps no copy per entity but one row per value listing its
 * entities ({@link IndexLists}): it claims nothing, and its reconciliation
 * unlists the entity from the values it no longer has and lists it under the one it has.
 */
final class RemoteIndexes {
  /** How many times one copy is read and written again after losing a race to another completer. */
  private static final int ATTEMPTS = 5;

  private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);
  private static final CompletableFuture<Boolean> FREE = CompletableFuture.completedFuture(true);
  private static final CompletableFuture<Boolean> NOT_FREE = CompletableFuture.completedFuture(false);

  private final MapperCore core;
  private final MapperSettings.Pending settings;
  private final IndexLists lists;
  /** The blocking path of the requests, for the rules written once over a {@link WriteChannel}. */
  private final WriteChannel blocking;

  RemoteIndexes(MapperCore core, MapperSettings.Pending settings) {
    this.core = core;
    this.settings = settings;
    this.lists = new IndexLists(core);
    this.blocking = WriteChannel.blocking(core.backend, core.tables, core.discriminator);
  }

  /** A row written by a claim, and its ETag: what its writer deletes if its transaction is refused. */
  record Claim(Address address, String etag) {}

  /** Where an entity's copy for a remote index is, or null when it has none (a null or invalid index value). */
  static <T> Address address(IndexMapping<T> index, T entity) {
    try {
      String partitionKey = index.partitionKey(entity);
      String rowKey = index.rowKey(entity);
      return partitionKey == null || rowKey == null ? null : new Address(index.table(), partitionKey, rowKey);
    } catch (InvalidKeyException invalid) {
      return null;
    }
  }

  /**
   * Where the claims of a write will be: the copies of the values the written entity has (none for a delete, none
   * for a key list, whose rows are shared by the entities with a value and never claimed).
   */
  static <T> List<Address> claimed(WriteIntent<T> write) {
    List<Address> addresses = new ArrayList<>();
    if (write.kind() != Kind.DELETE) {
      for (IndexMapping<T> index : write.mapping().remoteIndexes()) {
        Address address = index.keyList() ? null : address(index, write.entity());
        if (address != null) {
          addresses.add(address);
        }
      }
    }
    return addresses;
  }

  /**
   * Claims the values of a write's entity, in the order of its remote indexes, each request sent through
   * {@code channel} (the blocking or the async path: one rule for both); the claims it wrote are added to
   * {@code written}. A key list claims nothing: its rows are shared by the entities with a value, and grow with them.
   *
   * @return a future failed with {@link EntityExistsException} if a value is another entity's (its own, or a fresh
   *     claim of it)
   */
  <T> CompletableFuture<Void> claim(WriteChannel channel, WriteIntent<T> write, List<Claim> written) {
    if (write.kind() == Kind.DELETE) {
      return DONE;
    }
    Iterator<IndexMapping<T>> indexes = write.mapping().remoteIndexes().iterator();
    return Futures.loop(indexes::hasNext, () -> claim(channel, write, indexes.next(), written));
  }

  private <T> CompletableFuture<Void> claim(WriteChannel channel, WriteIntent<T> write, IndexMapping<T> index,
      List<Claim> written) {
    Address address = address(index, write.entity());
    if (address == null || index.keyList()) {
      return DONE; // a list is never full: it grows part rows (IndexLists)
    }
    TableRow copy = IndexCopies.remoteCopy(core.discriminator, index, write.row(), write.mapping().table(),
        address.partitionKey(), address.rowKey());
    return Futures.compose(channel.ensure(address.table()),
        ready -> claimAt(channel, write, index, address, copy, written, 1));
  }

  /** One attempt at a claim: read the row under the value, then insert, take over, keep or refuse it. */
  private <T> CompletableFuture<Void> claimAt(WriteChannel channel, WriteIntent<T> write, IndexMapping<T> index,
      Address address, TableRow copy, List<Claim> written, int attempt) {
    return Futures.compose(read(channel, address), there -> {
      if (there != null
          && IndexCopies.isRemoteCopyOf(core.discriminator, there, index, write.partitionKey(), write.rowKey())) {
        return DONE; // already this entity's: its reconciliation brings it in step
      }
      CompletableFuture<Boolean> free = there == null ? FREE : stale(channel, write.mapping(), there, index, address);
      return Futures.compose(free, takeOver -> {
        if (!takeOver) {
          return CompletableFuture.failedFuture(taken(write, index, address, there));
        }
        WriteOperation claim =
            there == null ? WriteOperation.insert(copy) : WriteOperation.replace(copy, there.etag());
        return channel.write(address.table(), claim).handle((result, thrown) -> {
          if (thrown == null) {
            written.add(new Claim(address, result.etag()));
            return DONE;
          }
          Throwable failure = Futures.unwrap(thrown);
          if (!(failure instanceof EntityExistsException || failure instanceof ConcurrencyConflictException
              || failure instanceof EntityNotFoundException)) {
            return CompletableFuture.<Void>failedFuture(failure);
          }
          if (attempt == ATTEMPTS) {
            return read(channel, address).<Void>thenCompose(
                now -> CompletableFuture.failedFuture(taken(write, index, address, now)));
          }
          return claimAt(channel, write, index, address, copy, written, attempt + 1);
        }).thenCompose(Function.identity());
      });
    });
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
    if (write.kind() == Kind.DELETE) {
      return;
    }
    for (IndexMapping<T> index : write.mapping().remoteIndexes()) {
      Address address = index.keyList() ? null : address(index, write.entity());
      TableRow there = address == null ? null : Futures.join(read(blocking, address));
      if (there != null
          && !IndexCopies.isRemoteCopyOf(core.discriminator, there, index, write.partitionKey(), write.rowKey())
          && !changing.contains(holderOf(there, index))
          && !Futures.join(stale(blocking, write.mapping(), there, index, address))) {
        throw taken(write, index, address, there);
      }
    }
  }

  /** Where the entity a copy points to is; null when it points to none. */
  private static Address holderOf(TableRow copy, IndexMapping<?> index) {
    Object partitionKey = copy.get(EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY);
    Object table = copy.get(EntityMapping.PRIMARY_TABLE_PROPERTY);
    String rowKey = IndexCopies.primaryRowKey(copy);
    if (!(partitionKey instanceof String) || rowKey == null) {
      return null;
    }
    return new Address(table instanceof String ? (String) table : index.table(), (String) partitionKey, rowKey);
  }

  /** Deletes the claims of a write the store refused, unless changed since (taken over), through {@code channel}. */
  CompletableFuture<Void> release(WriteChannel channel, List<Claim> claims) {
    Iterator<Claim> each = claims.iterator();
    return Futures.loop(each::hasNext, () -> {
      Claim claim = each.next();
      return channel.write(claim.address().table(), WriteOperation.delete(claim.address().partitionKey(),
          claim.address().rowKey(), claim.etag())).exceptionallyCompose(thrown -> {
            Throwable failure = Futures.unwrap(thrown);
            return failure instanceof EntityNotFoundException || failure instanceof ConcurrencyConflictException
                || failure instanceof TableNotFoundException
                ? CompletableFuture.completedFuture(null) // taken over or cleaned meanwhile
                : CompletableFuture.failedFuture(failure);
          });
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

  /**
   * Whether the row under a value is a claim that may be taken over: a copy of this index older than the grace
   * period, whose entity does not hold the value.
   */
  private <T> CompletableFuture<Boolean> stale(WriteChannel channel, EntityMapping<T> mapping, TableRow there,
      IndexMapping<?> index, Address address) {
    if (!index.copyType().equals(core.discriminator.typeOf(there))) {
      return NOT_FREE; // not a copy of this index: never taken over
    }
    Instant written = there.timestamp();
    if (written != null && written.plus(settings.grace()).isAfter(Instant.now())) {
      return NOT_FREE; // its writer may be on its way to its transaction
    }
    return holds(channel, mapping, there, index, address).thenApply(held -> !held);
  }

  /** Whether the entity a copy points to exists and has its copy for {@code index} at {@code address}. */
  private <T> CompletableFuture<Boolean> holds(WriteChannel channel, EntityMapping<T> mapping, TableRow copy,
      IndexMapping<?> index, Address address) {
    Address holder = holderOf(copy, index);
    if (holder == null) {
      return NOT_FREE;
    }
    return read(channel, holder).thenApply(entity -> entity != null
        && mapping.typeName().equals(core.discriminator.typeOf(entity))
        && address.equals(addressOf(mapping, index.name(), entity)));
  }

  private <T> Address addressOf(EntityMapping<T> mapping, String indexName, TableRow row) {
    for (IndexMapping<T> index : mapping.remoteIndexes()) {
      if (index.name().equals(indexName)) {
        return address(index, mapping.fromRow(mapping.withoutEncrypted(row), core.context)); // keys only
      }
    }
    return null;
  }

  /**
   * Brings one remote index of one entity in step with the entity's current state, each request sent through
   * {@code channel} (the blocking or the async path: one rule for both).
   *
   * @param mapping the mapping of the entity's class
   * @return a future of null when done, or of the exception that makes the step fail for good (a key list without
   *     room); failed when the store could not be reached (the step stays recorded)
   */
  <T> CompletableFuture<TableMapperException> reconcile(WriteChannel channel, EntityMapping<T> mapping,
      PendingStep step) {
    IndexMapping<T> index = null;
    for (IndexMapping<T> each : mapping.remoteIndexes()) {
      if (each.name().equals(step.index())) {
        index = each;
      }
    }
    if (index == null) {
      return CompletableFuture.completedFuture(null); // the class no longer declares the index: nothing to keep
    }
    if (index.keyList()) {
      return reconcileList(channel, mapping, index, step);
    }
    IndexMapping<T> reconciled = index;
    String table = mapping.table();
    String partitionKey = step.row().partitionKey();
    String rowKey = step.row().rowKey();
    return Futures.compose(read(channel, new Address(table, partitionKey, rowKey)), stored -> {
      Address desired = null;
      TableRow copy = null;
      if (stored != null && mapping.typeName().equals(core.discriminator.typeOf(stored))) {
        desired = address(reconciled, mapping.fromRow(mapping.withoutEncrypted(stored), core.context)); // keys only
        if (desired != null) {
          copy = IndexCopies.remoteCopy(core.discriminator, reconciled, stored, table, desired.partitionKey(),
              desired.rowKey());
        }
      }
      Address wanted = desired;
      TableRow wantedCopy = copy;
      Iterator<Address> previous = step.previous().iterator();
      CompletableFuture<Void> deleted = Futures.loop(previous::hasNext, () -> {
        Address before = previous.next();
        return before.equals(wanted) ? DONE : deleteIfOurs(channel, reconciled, before, partitionKey, rowKey, 1);
      });
      return Futures.compose(deleted, done -> wanted == null ? DONE
          : Futures.compose(channel.ensure(wanted.table()),
              ready -> put(channel, mapping, reconciled, wanted, wantedCopy, partitionKey, rowKey, 1)))
          .thenApply(done -> (TableMapperException) null);
    });
  }

  /**
   * Brings the key lists of one entity in step with its current state: unlists it from each value it may have had
   * ({@link PendingStep#previous()}) that it no longer has, and lists it under the value it has. An entity that
   * changes its value after it was read here has a later step that unlists it from this value, but this one may list
   * it only after that step ran; so after listing it the entity is read again, and unlisted when it moved on.
   */
  private <T> CompletableFuture<TableMapperException> reconcileList(WriteChannel channel, EntityMapping<T> mapping,
      IndexMapping<T> index, PendingStep step) {
    Address entity = new Address(mapping.table(), step.row().partitionKey(), step.row().rowKey());
    String entry = IndexLists.entry(entity.partitionKey(), entity.rowKey());
    return Futures.compose(listedAt(channel, mapping, index, entity), desired -> {
      Iterator<Address> previous = step.previous().iterator();
      CompletableFuture<Void> unlisted = Futures.loop(previous::hasNext, () -> {
        Address before = previous.next();
        return before.equals(desired) ? DONE : lists.remove(channel, index, before, entry);
      });
      return Futures.compose(unlisted, done -> desired == null
          ? CompletableFuture.<TableMapperException>completedFuture(null)
          : Futures.compose(lists.add(channel, index, desired, entry), failure -> failure != null
              ? CompletableFuture.completedFuture(failure)
              : Futures.compose(listedAt(channel, mapping, index, entity), now -> desired.equals(now)
                  ? CompletableFuture.<TableMapperException>completedFuture(null)
                  : lists.remove(channel, index, desired, entry).thenApply(removed -> null))));
    });
  }

  /** The list the entity stored at {@code entity} belongs in now; null when it is gone or has no value. */
  private <T> CompletableFuture<Address> listedAt(WriteChannel channel, EntityMapping<T> mapping,
      IndexMapping<T> index, Address entity) {
    return read(channel, entity).thenApply(stored -> stored == null
        || !mapping.typeName().equals(core.discriminator.typeOf(stored))
        ? null : address(index, mapping.fromRow(mapping.withoutEncrypted(stored), core.context))); // keys only
  }

  /**
   * Deletes the row at {@code address} if it is the entity's copy for {@code index} (the {@code attempt}th look of
   * {@link #ATTEMPTS}: a row changed meanwhile is looked at again).
   */
  private CompletableFuture<Void> deleteIfOurs(WriteChannel channel, IndexMapping<?> index, Address address,
      String partitionKey, String rowKey, int attempt) {
    return Futures.compose(read(channel, address), there -> {
      if (there == null || !IndexCopies.isRemoteCopyOf(core.discriminator, there, index, partitionKey, rowKey)) {
        return DONE;
      }
      return channel.write(address.table(),
          WriteOperation.delete(address.partitionKey(), address.rowKey(), there.etag())).handle((deleted, thrown) ->
            moved(thrown) && attempt < ATTEMPTS
                ? deleteIfOurs(channel, index, address, partitionKey, rowKey, attempt + 1)
                : settled(thrown, EntityNotFoundException.class, ConcurrencyConflictException.class))
          .thenCompose(Function.identity());
    });
  }

  /**
   * Writes the entity's copy at {@code address}, unless it is there already, taking over a stale claim (the
   * {@code attempt}th look of {@link #ATTEMPTS}: a row changed meanwhile is looked at again).
   */
  private <T> CompletableFuture<Void> put(WriteChannel channel, EntityMapping<T> mapping, IndexMapping<?> index,
      Address address, TableRow copy, String partitionKey, String rowKey, int attempt) {
    return Futures.compose(read(channel, address), there -> {
      CompletableFuture<?> written;
      if (there == null) {
        written = channel.write(address.table(), WriteOperation.insert(copy));
      } else if (IndexCopies.isRemoteCopyOf(core.discriminator, there, index, partitionKey, rowKey)) {
        written = PropertyValues.equal(there.properties(), copy.properties()) ? DONE
            : channel.write(address.table(), WriteOperation.replace(copy, there.etag()));
      } else {
        // another entity holds the value too, written by something that does not claim: left as it is
        written = Futures.compose(holds(channel, mapping, there, index, address), held -> held ? DONE
            : channel.write(address.table(), WriteOperation.replace(copy, there.etag())).thenApply(replaced -> null));
      }
      return written.handle((done, thrown) -> moved(thrown) && attempt < ATTEMPTS
              ? put(channel, mapping, index, address, copy, partitionKey, rowKey, attempt + 1)
              : settled(thrown, EntityExistsException.class, EntityNotFoundException.class,
                  ConcurrencyConflictException.class))
          .thenCompose(Function.identity());
    });
  }

  /** Whether a write failed because its row changed meanwhile (and so is looked at again). */
  private static boolean moved(Throwable thrown) {
    Throwable failure = thrown == null ? null : Futures.unwrap(thrown);
    return failure instanceof EntityExistsException || failure instanceof EntityNotFoundException
        || failure instanceof ConcurrencyConflictException;
  }

  /**
   * How a write that is not looked at again ends: done, also when it failed with one of {@code after} (its last
   * attempt lost a race: left as it is), else failed with its failure.
   */
  @SafeVarargs
  private static CompletableFuture<Void> settled(Throwable thrown, Class<? extends Throwable>... after) {
    if (thrown == null) {
      return DONE;
    }
    Throwable failure = Futures.unwrap(thrown);
    for (Class<? extends Throwable> type : after) {
      if (type.isInstance(failure)) {
        return DONE;
      }
    }
    return CompletableFuture.failedFuture(failure);
  }

  /** The row at {@code address} read through {@code channel}; null when it or its table is missing. */
  private CompletableFuture<TableRow> read(WriteChannel channel, Address address) {
    return core.tables.readAsync(address.table(),
        () -> channel.get(address.table(), address.partitionKey(), address.rowKey()), null);
  }
}
