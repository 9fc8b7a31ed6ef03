package io.tablemapper.runtime.pending;

import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.runtime.rows.PendingStep.Address;
import io.tablemapper.spi.PropertyValues;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.rows.IndexCopies;
import io.tablemapper.runtime.rows.IndexLists;
import io.tablemapper.runtime.config.MapperSettings;
import io.tablemapper.runtime.rows.PendingRows;
import io.tablemapper.runtime.rows.PendingStep;
import io.tablemapper.runtime.store.Tables;
import io.tablemapper.runtime.store.WriteChannel;
import io.tablemapper.runtime.write.WriteIntent;
import io.tablemapper.runtime.rows.WriteKind;

/**
 * The copies of remote indexes — in another partition or table than their entity — kept eventually consistent by
 * pending work ({@link PendingWork}): claims made before the entity's transaction, and reconciliations after it.
 *
 * <p>A copy is the entity's row (or the index's properties of it) under the index's keys, with the discriminator
 * {@code type#index} and the entity's PartitionKey, RowKey and (in another table) table ({@link
 * IndexCopies#remoteCopy}). Its keys identify its index value: a unique index's are the value alone, so two entities
 * with one value would share one copy; a non-unique index's also hold the entity's key components, so they never
 * meet. A claimed copy also lists, in {@link EntityMapping#WORK_IDS_PROPERTY}, the work ids of the writes that
 * claimed it. The rules, each kept by every request that could break it (ARCHITECTURE.md, "Pending work", states
 * the argument):
 *
 * <ul>
 *   <li><b>Claim</b>, before the entity's transaction, for each value the written entity will have, always a write
 *       conditional on what was read, adding the write's work id: the row under the value is inserted if absent,
 *       re-written if it is already this entity's, and otherwise refused with {@link EntityExistsException} —
 *       unless it may be taken over ({@link #takeable}). So no write can come to hold a value without writing its
 *       row after everyone who read that row.
 *   <li><b>Take over</b> another entity's row only when it is older than the grace period, no write that claimed it
 *       can still be recorded (each of its work ids is finished, or retired here by the cancelled marker that makes
 *       its transaction fail), and its entity does not hold the value now.
 *   <li><b>Delete</b> a copy of the entity only when no write that claimed it can still be recorded, and the entity,
 *       read after the copy, does not imply it; conditional on the copy's ETag. A write that comes to imply it later
 *       re-writes the row first (its claim), and so makes the delete fail.
 *   <li><b>Reconcile</b> in rounds: read the entity, delete the copies it may have had that it does not imply, write
 *       the one it implies; a round that wrote anything reads the entity again, and when it changed meanwhile, does
 *       another round from its new state, with the copy just written among those it may have had. So the last write
 *       to any copy was made from the entity's state that its writer then found current.
 * </ul>
 *
 * <p>A key-list index ({@link IndexMapping#keyList()}) keeps no copy per entity but one row per value listing its
 * entities ({@link IndexLists}): it claims nothing, and its reconciliation, in the same rounds, unlists the entity
 * from the values it no longer has and lists it under the one it has.
 */
public final class RemoteIndexes {
  /**
   * How many times a claim reads its row and writes it again after losing a race: then the value is another
   * writer's (through a tenant view, another tenant's claim reads as absent, and every insert loses).
   */
  private static final int CLAIM_ATTEMPTS = 5;
  /** How many times a step of a reconciliation reads one row and writes it again after losing a race. */
  private static final int ATTEMPTS = 50;
  /** How many rounds one reconciliation runs while its entity keeps changing, before it is left recorded. */
  private static final int ROUNDS = 50;

  private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);
  private static final CompletableFuture<Boolean> FREE = CompletableFuture.completedFuture(true);
  private static final CompletableFuture<Boolean> NOT_FREE = CompletableFuture.completedFuture(false);

  private final TableBackend backend;
  private final Tables tables;
  private final Discriminator discriminator;
  private final MappingContext context;
  private final MapperSettings.Pending settings;
  private final RemoteLists lists;
  /** The blocking path of the requests, for the rules written once over a {@link WriteChannel}. */
  private final WriteChannel blocking;

  RemoteIndexes(TableBackend backend, Tables tables, Discriminator discriminator, MappingContext context,
      MapperSettings.Pending settings) {
    this.backend = backend;
    this.tables = tables;
    this.discriminator = discriminator;
    this.context = context;
    this.settings = settings;
    this.lists = new RemoteLists(tables, discriminator);
    this.blocking = WriteChannel.blocking(backend, tables, discriminator);
  }

  /**
   * A row written by a claim, its ETag and the write's id: what its writer undoes if its transaction is refused —
   * deletes it when the claim wrote it, or takes the id out of it and cleans it up ({@code undo}) when it was the
   * entity's own already ({@code rewritten}).
   */
  record Claim(Address address, String etag, String id, boolean rewritten, Undo undo) {}

  /**
   * What cleaning up a refused write's claim does once the write's id is out of it and its entries are deleted: the
   * delete of {@link #deleteIfOurs}, for the entity and index of the claim. A reconciliation that found the id in
   * flight left the row to this writer; without it, a value the entity left meanwhile would keep a copy for good.
   */
  /**
   * A reconciliation step that waits for another write: a copy it would delete lists the id of a write that may
   * still be recorded with it (between its claim and its transaction). The step stays recorded as it is, and is run
   * again once that write is recorded (its own reconciliation then keeps or moves the copy), refused (its release
   * cleans the row) or retired (its clean-up does).
   */
  static final class Deferred extends TableMapperException {
    private static final long serialVersionUID = 1L;

    Deferred(IndexMapping<?> index, Address address) {
      super("the copy of " + index + " at " + TableRow.keys(address.partitionKey(), address.rowKey()).describeKeys()
          + " in table " + address.table() + " is claimed by a write that may still be recorded; the step waits"
          + " for it");
    }
  }

  /** How many times a step looks again, with a short pause, at a copy claimed by a write still in flight. */
  private static final int WAITS = 5;

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

  // ------------------------------------------------------------------ work ids on claimed rows

  /** The work ids a copy lists; empty for a copy no claim wrote. */
  static List<String> workIds(TableRow copy) {
    Object ids = copy.get(EntityMapping.WORK_IDS_PROPERTY);
    return ids instanceof String text && !text.isEmpty() ? Arrays.asList(text.split(" ")) : List.of();
  }

  /** The copy with these work ids (none: without the property). */
  private static TableRow withIds(TableRow copy, List<String> ids) {
    TableRow.Builder row = TableRow.builder(copy.partitionKey(), copy.rowKey(), copy.properties().size() + 1);
    for (Map.Entry<String, Object> property : copy.properties().entrySet()) {
      if (!property.getKey().equals(EntityMapping.WORK_IDS_PROPERTY)) {
        row.put(property.getKey(), property.getValue());
      }
    }
    if (!ids.isEmpty()) {
      row.putString(EntityMapping.WORK_IDS_PROPERTY, String.join(" ", ids));
    }
    return row.build();
  }

  /** Whether two copies hold the same values, the work ids left out. */
  private static boolean sameValues(TableRow stored, TableRow copy) {
    return PropertyValues.equal(withIds(stored, List.of()).properties(), withIds(copy, List.of()).properties());
  }

  /**
   * Whether the write of a work id may still be recorded: its registry entry is there and its record is not (its
   * writer is between the two, or died there). An entry is inserted before any claim and deleted only once no
   * transaction can record the id: after its record is finished, after a refusal, or once retired.
   *
   * @param holder the entity the claimed copy points to: its record is in the entity's partition
   */
  private CompletableFuture<Boolean> inFlight(WriteChannel channel, Address holder, String id) {
    return Futures.compose(read(channel, new Address(PendingRows.REGISTRY_TABLE, PendingRows.REGISTRY_PARTITION, id)),
        entry -> entry == null ? CompletableFuture.completedFuture(false)
            : read(channel, new Address(holder.table(), holder.partitionKey(), PendingRows.workRowKey(id)))
                .thenApply(Objects::isNull));
  }

  /** Whether any write that claimed {@code copy} may still be recorded. */
  private CompletableFuture<Boolean> anyInFlight(WriteChannel channel, TableRow copy, Address holder) {
    Iterator<String> ids = workIds(copy).iterator();
    boolean[] found = {false};
    return Futures.loop(() -> !found[0] && ids.hasNext(), () -> inFlight(channel, holder, ids.next())
        .thenAccept(flying -> found[0] = flying)).thenApply(done -> found[0]);
  }

  /**
   * Makes sure no transaction records a work id any more: inserts the cancelled marker under it in the holder's
   * partition, as a completer retires an entry ({@link PendingWork}); a record already there (the write was recorded,
   * or retired) does too.
   *
   * @return a future of whether the id is settled so (false: its table is gone, and the write may create it)
   */
  private CompletableFuture<Boolean> retire(WriteChannel channel, Address holder, String id) {
    return channel.write(holder.table(),
            WriteOperation.insert(PendingRows.cancelled(discriminator, id, holder.partitionKey())))
        .handle((inserted, thrown) -> {
          Throwable failure = thrown == null ? null : Futures.unwrap(thrown);
          if (failure == null || failure instanceof EntityExistsException) {
            return FREE;
          }
          return failure instanceof TableNotFoundException ? NOT_FREE
              : CompletableFuture.<Boolean>failedFuture(failure);
        }).thenCompose(Function.identity());
  }

  /** Retires every work id of {@code copy} that may still be recorded; a future of whether all are settled. */
  private CompletableFuture<Boolean> retireAll(WriteChannel channel, TableRow copy, Address holder) {
    Iterator<String> ids = workIds(copy).iterator();
    boolean[] settled = {true};
    return Futures.loop(() -> settled[0] && ids.hasNext(), () -> {
      String id = ids.next();
      return Futures.compose(inFlight(channel, holder, id), flying -> !flying ? DONE
          : retire(channel, holder, id).thenAccept(done -> settled[0] = done));
    }).thenApply(done -> settled[0]);
  }

  // ------------------------------------------------------------------ claims

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
    if (write.kind() == WriteKind.DELETE) {
      return DONE;
    }
    Iterator<IndexMapping<T>> indexes = write.mapping().remoteIndexes().iterator();
    return Futures.loop(indexes::hasNext, () -> claim(channel, write, indexes.next(), id, written));
  }

  private <T> CompletableFuture<Void> claim(WriteChannel channel, WriteIntent<T> write, IndexMapping<T> index,
      String id, List<Claim> written) {
    Address address = index.keyList() ? null : IndexCopies.requiredRemoteAddress(index, write.entity());
    if (address == null) {
      return DONE; // a list is never full: it grows part rows (IndexLists)
    }
    TableRow copy = withIds(IndexCopies.remoteCopy(discriminator, index, write.row(), write.mapping().table(),
        address.partitionKey(), address.rowKey()), List.of(id));
    return Futures.compose(channel.ensure(address.table()),
        ready -> claimAt(channel, write, index, address, copy, id, written, 1));
  }

  /**
   * One attempt at a claim: read the row under the value, then insert it, re-write it with the write's id (the
   * entity's own), take it over, or refuse.
   */
  private <T> CompletableFuture<Void> claimAt(WriteChannel channel, WriteIntent<T> write, IndexMapping<T> index,
      Address address, TableRow copy, String id, List<Claim> written, int attempt) {
    return Futures.compose(read(channel, address), there -> {
      boolean own = there != null
          && IndexCopies.isRemoteCopyOf(discriminator, there, index, write.partitionKey(), write.rowKey());
      CompletableFuture<Boolean> free = there == null || own ? FREE
          : takeable(channel, write.mapping(), there, index, address, true);
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
        Iterator<String> each = workIds(there).iterator();
        CompletableFuture<Void> pruned = Futures.loop(each::hasNext, () -> {
          String other = each.next();
          return inFlight(channel, entity, other).thenAccept(flying -> {
            if (flying) {
              ids.add(other);
            }
          });
        });
        return Futures.compose(pruned, done -> {
          ids.add(id);
          return send(channel, write, index, address, WriteOperation.replace(withIds(there, ids), there.etag()),
              copy, id, true, written, attempt);
        });
      });
    });
  }

  /** Sends one claim's write; a row changed meanwhile is looked at again, as the next attempt. */
  private <T> CompletableFuture<Void> send(WriteChannel channel, WriteIntent<T> write, IndexMapping<T> index,
      Address address, WriteOperation claim, TableRow copy, String id, boolean rewritten, List<Claim> written,
      int attempt) {
    return channel.write(address.table(), claim).handle((result, thrown) -> {
      if (thrown == null) {
        Address entity = new Address(write.mapping().table(), write.partitionKey(), write.rowKey());
        written.add(new Claim(address, result.etag(), id, rewritten,
            cleanUp -> deleteIfOurs(cleanUp, write.mapping(), index, address, entity, 1)));
        return DONE;
      }
      Throwable failure = Futures.unwrap(thrown);
      if (!moved(failure)) {
        return CompletableFuture.<Void>failedFuture(failure);
      }
      if (attempt == CLAIM_ATTEMPTS) {
        return read(channel, address).<Void>thenCompose(
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
      TableRow there = address == null ? null : Futures.join(read(blocking, address));
      if (there != null
          && !IndexCopies.isRemoteCopyOf(discriminator, there, index, write.partitionKey(), write.rowKey())
          && !changing.contains(holderOf(there, index))
          && !Futures.join(takeable(blocking, write.mapping(), there, index, address, false))) {
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
            if (!moved(failure)) {
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
        .exceptionallyCompose(thrown -> Futures.unwrap(thrown) instanceof Deferred
            ? DONE // another write in flight claimed the row too: it settles the row as this one would
            : CompletableFuture.failedFuture(thrown)));
  }

  /** Takes a write's id out of a row it re-wrote, wherever the row's ETag has got to since (attempt of ATTEMPTS). */
  private CompletableFuture<Void> withdraw(WriteChannel channel, Claim claim, int attempt) {
    Address at = claim.address();
    return Futures.compose(read(channel, at), there -> {
      if (there == null || !workIds(there).contains(claim.id())) {
        return DONE;
      }
      List<String> ids = new ArrayList<>(workIds(there));
      ids.remove(claim.id());
      CompletableFuture<?> written = channel.write(at.table(), WriteOperation.merge(TableRow.builder(
          at.partitionKey(), at.rowKey()).putString(EntityMapping.WORK_IDS_PROPERTY, String.join(" ", ids)).build(),
          there.etag()));
      return written.handle((done, thrown) -> thrown == null ? DONE
          : !moved(Futures.unwrap(thrown)) || attempt == ATTEMPTS ? settledUnlessLost(written)
          : withdraw(channel, claim, attempt + 1)).thenCompose(Function.identity());
    });
  }

  /** A clean-up write's end: done, also when its row changed or went meanwhile; failed when the store did not answer. */
  private static CompletableFuture<Void> settledUnlessLost(CompletableFuture<?> written) {
    return written.<Void>thenApply(done -> null).exceptionallyCompose(thrown -> {
      Throwable failure = Futures.unwrap(thrown);
      return moved(failure) || failure instanceof TableNotFoundException
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

  /**
   * Whether another entity's row under a value may be taken over: a copy of this index older than the grace period,
   * none of whose claiming writes may still be recorded — with {@code retire}, those that may are retired here (the
   * cancelled marker makes their transactions fail); without, their rows are not free — and whose entity does not
   * hold the value now (read after the retirement, so a write recorded before it shows).
   */
  private <T> CompletableFuture<Boolean> takeable(WriteChannel channel, EntityMapping<T> mapping, TableRow there,
      IndexMapping<?> index, Address address, boolean retire) {
    if (!index.copyType().equals(discriminator.typeOf(there))) {
      return NOT_FREE; // not a copy of this index: never taken over
    }
    Instant written = there.timestamp();
    if (written != null && written.plus(settings.grace()).isAfter(Instant.now())) {
      return NOT_FREE; // its writer may be on its way to its transaction
    }
    Address holder = holderOf(there, index);
    if (holder == null) {
      return NOT_FREE;
    }
    CompletableFuture<Boolean> settled = retire ? retireAll(channel, there, holder)
        : anyInFlight(channel, there, holder).thenApply(flying -> !flying);
    return Futures.compose(settled, done -> !done ? NOT_FREE
        : holds(channel, mapping, holder, index, address).thenApply(held -> !held));
  }

  /** Whether the entity at {@code holder} exists and has its copy for {@code index} at {@code address}. */
  private <T> CompletableFuture<Boolean> holds(WriteChannel channel, EntityMapping<T> mapping, Address holder,
      IndexMapping<?> index, Address address) {
    return read(channel, holder).thenApply(entity -> entity != null
        && mapping.typeName().equals(discriminator.typeOf(entity))
        && address.equals(addressOf(mapping, index.name(), entity)));
  }

  private <T> Address addressOf(EntityMapping<T> mapping, String indexName, TableRow row) {
    for (IndexMapping<T> index : mapping.remoteIndexes()) {
      if (index.name().equals(indexName)) {
        return IndexCopies.remoteAddress(index, keysOf(mapping, row));
      }
    }
    return null;
  }

  /** The entity of a stored row, for its index keys only: encrypted values are left out (never needed for keys). */
  private <T> T keysOf(EntityMapping<T> mapping, TableRow stored) {
    return mapping.fromRow(mapping.withoutEncrypted(stored), context);
  }

  // ------------------------------------------------------------------ reconciliation

  /**
   * Brings one remote index of one entity in step with the entity's current state, each request sent through
   * {@code channel} (the blocking or the async path: one rule for both).
   *
   * @param mapping the mapping of the entity's class
   * @return a future of null when done, or of the exception that makes the step fail for good (a key list without
   *     room); failed when the store could not be reached, or the entity kept changing for {@link #ROUNDS} rounds
   *     (the step stays recorded)
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
    Address entity = new Address(mapping.table(), step.row().partitionKey(), step.row().rowKey());
    return round(channel, mapping, index, entity, step, new LinkedHashSet<>(step.previous()), 1);
  }

  /**
   * One round of a reconciliation: from the entity as read now, the copies (or list entries) it may have had and no
   * longer implies are removed and the one it implies is written; when anything was written, the entity is read
   * again, and a change since starts another round, which may find the copy just written among the old ones.
   */
  private <T> CompletableFuture<TableMapperException> round(WriteChannel channel, EntityMapping<T> mapping,
      IndexMapping<T> index, Address entity, PendingStep step, Set<Address> previous, int round) {
    if (round > ROUNDS) {
      return CompletableFuture.failedFuture(new TableMapperException("the " + index + " of "
          + mapping.entityClass().getSimpleName() + " " + TableRow.keys(entity.partitionKey(), entity.rowKey())
          .describeKeys() + " in table " + entity.table() + " was not brought in step: the entity changed during "
          + ROUNDS + " rounds in a row; the step stays recorded, for a completer"));
    }
    return Futures.compose(read(channel, entity), stored -> {
      Address implied = implied(mapping, index, stored);
      // a copy of a later write's state is that write's own reconciliation's to write: this step writes only the one
      // of its own write, so that a round that dies after writing leaves only a copy its step names
      Address desired = implied != null && step.writes(implied) ? implied : null;
      boolean[] wrote = {false};
      CompletableFuture<TableMapperException> applied = index.keyList()
          ? list(channel, mapping, index, entity, implied, desired, previous, wrote)
          : copy(channel, mapping, index, entity, stored, implied, desired, previous, wrote);
      return Futures.compose(applied, failure -> {
        if (failure != null || !wrote[0]) {
          return CompletableFuture.completedFuture(failure);
        }
        return Futures.compose(read(channel, entity), now -> {
          if (sameVersion(stored, now)) {
            return CompletableFuture.completedFuture(null);
          }
          Set<Address> next = new LinkedHashSet<>(previous);
          if (desired != null) {
            next.add(desired);
          }
          return round(channel, mapping, index, entity, step, next, round + 1);
        });
      });
    });
  }

  /** Whether two reads of one entity's row found the same version of it (or both found none). */
  private static boolean sameVersion(TableRow before, TableRow now) {
    return before == null ? now == null : now != null && Objects.equals(before.etag(), now.etag());
  }

  /** Where the entity as stored has its copy (or list entry) for {@code index}; null when it has none or is gone. */
  private <T> Address implied(EntityMapping<T> mapping, IndexMapping<T> index, TableRow stored) {
    if (stored == null || !mapping.typeName().equals(discriminator.typeOf(stored))) {
      return null;
    }
    return IndexCopies.remoteAddress(index, keysOf(mapping, stored));
  }

  /**
   * One round for a copy index: the old copies deleted where the entity does not imply them ({@code implied}: where
   * it has its copy now), and its copy written at {@code desired} (null when the step writes none).
   */
  private <T> CompletableFuture<TableMapperException> copy(WriteChannel channel, EntityMapping<T> mapping,
      IndexMapping<T> index, Address entity, TableRow stored, Address implied, Address desired,
      Set<Address> previous, boolean[] wrote) {
    Iterator<Address> old = previous.iterator();
    CompletableFuture<Void> deleted = Futures.loop(old::hasNext, () -> {
      Address before = old.next();
      return before.equals(implied) ? DONE : deleteIfOurs(channel, mapping, index, before, entity, 1);
    });
    if (desired == null) {
      return deleted.thenApply(done -> null);
    }
    TableRow copy = IndexCopies.remoteCopy(discriminator, index, stored, entity.table(),
        desired.partitionKey(), desired.rowKey());
    return Futures.compose(deleted, done -> Futures.compose(channel.ensure(desired.table()),
        ready -> put(channel, mapping, index, desired, copy, entity, wrote, 1))).thenApply(done -> null);
  }

  /**
   * One round for a key list: unlisted from the values the entity does not have ({@code implied}: the one it has),
   * listed under {@code desired} (null when the step lists it under none).
   */
  private <T> CompletableFuture<TableMapperException> list(WriteChannel channel, EntityMapping<T> mapping,
      IndexMapping<T> index, Address entity, Address implied, Address desired, Set<Address> previous,
      boolean[] wrote) {
    String entry = IndexLists.entry(entity.partitionKey(), entity.rowKey());
    Iterator<Address> old = previous.iterator();
    CompletableFuture<Void> unlisted = Futures.loop(old::hasNext, () -> {
      Address before = old.next();
      if (before.equals(implied)) {
        return DONE;
      }
      wrote[0] = true; // the entity may have moved back to this value since it was read: read it again after
      return lists.remove(channel, index, before, entry);
    });
    if (desired == null) {
      return unlisted.thenApply(done -> null);
    }
    return Futures.compose(unlisted, done -> {
      wrote[0] = true;
      return lists.add(channel, index, desired, entry);
    });
  }

  /**
   * Deletes the row at {@code address} if it is the entity's copy for {@code index}, no write that claimed it may
   * still be recorded, and the entity — read after the row — does not imply it (the {@code attempt}th look of
   * {@link #ATTEMPTS}: a row changed meanwhile is looked at again).
   */
  private <T> CompletableFuture<Void> deleteIfOurs(WriteChannel channel, EntityMapping<T> mapping,
      IndexMapping<T> index, Address address, Address entity, int attempt) {
    if (attempt > ATTEMPTS) {
      return CompletableFuture.failedFuture(contended(index, address));
    }
    return Futures.compose(read(channel, address), there -> {
      if (there == null
          || !IndexCopies.isRemoteCopyOf(discriminator, there, index, entity.partitionKey(), entity.rowKey())) {
        return DONE;
      }
      return Futures.compose(anyInFlight(channel, there, entity), flying -> {
        if (flying) {
          // a write may still be recorded with it: looked at again in a moment, then left for later
          return attempt > WAITS ? CompletableFuture.failedFuture(new Deferred(index, address))
              : Futures.compose(channel.pause(attempt),
                  paused -> deleteIfOurs(channel, mapping, index, address, entity, attempt + 1));
        }
        return Futures.compose(read(channel, entity), now -> {
          if (address.equals(implied(mapping, index, now))) {
            return DONE; // the entity has it again
          }
          return channel.write(address.table(),
              WriteOperation.delete(address.partitionKey(), address.rowKey(), there.etag())).handle((done, thrown) ->
                thrown == null ? DONE : !moved(Futures.unwrap(thrown)) ? CompletableFuture.<Void>failedFuture(thrown)
                    : Futures.compose(channel.pause(attempt),
                        paused -> deleteIfOurs(channel, mapping, index, address, entity, attempt + 1)))
              .thenCompose(Function.identity());
        });
      });
    });
  }

  /**
   * Writes the entity's copy at {@code address} unless it is there already (the work ids of its claims kept), taking
   * over another entity's row only as a claim would ({@link #takeable}): the {@code attempt}th look of
   * {@link #ATTEMPTS}, a row changed meanwhile is looked at again. Sets {@code wrote[0]} when it wrote.
   */
  private <T> CompletableFuture<Void> put(WriteChannel channel, EntityMapping<T> mapping, IndexMapping<T> index,
      Address address, TableRow copy, Address entity, boolean[] wrote, int attempt) {
    if (attempt > ATTEMPTS) {
      return CompletableFuture.failedFuture(contended(index, address));
    }
    return Futures.compose(read(channel, address), there -> {
      CompletableFuture<?> written;
      if (there == null) {
        wrote[0] = true;
        written = channel.write(address.table(), WriteOperation.insert(copy));
      } else if (IndexCopies.isRemoteCopyOf(discriminator, there, index, entity.partitionKey(),
          entity.rowKey())) {
        if (sameValues(there, copy)) {
          written = DONE;
        } else {
          wrote[0] = true;
          written = channel.write(address.table(), WriteOperation.replace(withIds(copy, workIds(there)),
              there.etag()));
        }
      } else {
        // another entity's row: taken over only as a claim would take it; else left, for this entity's next round
        // (it was read before another entity took the value) or its writer (which claims before it holds a value)
        written = Futures.compose(takeable(channel, mapping, there, index, address, true), free -> {
          if (!free) {
            return DONE;
          }
          wrote[0] = true;
          return channel.write(address.table(), WriteOperation.replace(copy, there.etag())).thenApply(done -> null);
        });
      }
      return written.handle((done, thrown) -> thrown == null ? DONE
              : !moved(Futures.unwrap(thrown)) ? CompletableFuture.<Void>failedFuture(thrown)
              : Futures.compose(channel.pause(attempt),
                  paused -> put(channel, mapping, index, address, copy, entity, wrote, attempt + 1)))
          .thenCompose(Function.identity());
    });
  }

  /** The failure of a step whose row other writers changed at every one of its attempts: left recorded. */
  private static TableMapperException contended(IndexMapping<?> index, Address address) {
    return new TableMapperException("the copy of " + index + " at " + TableRow.keys(address.partitionKey(),
        address.rowKey()).describeKeys() + " in table " + address.table() + " changed under each of " + ATTEMPTS
        + " attempts to bring it in step; the step stays recorded, for a completer");
  }

  /** Whether a write failed because its row changed meanwhile (and so is looked at again). */
  private static boolean moved(Throwable failure) {
    return failure instanceof EntityExistsException || failure instanceof EntityNotFoundException
        || failure instanceof ConcurrencyConflictException;
  }

  /** The row at {@code address} read through {@code channel}; null when it or its table is missing. */
  private CompletableFuture<TableRow> read(WriteChannel channel, Address address) {
    return tables.readAsync(address.table(),
        () -> channel.get(address.table(), address.partitionKey(), address.rowKey()), null);
  }
}
