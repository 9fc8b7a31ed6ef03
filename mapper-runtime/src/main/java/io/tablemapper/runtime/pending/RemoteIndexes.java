package io.tablemapper.runtime.pending;

import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.runtime.rows.PendingStep.Address;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.time.Instant;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.rows.IndexCopies;
import io.tablemapper.runtime.rows.IndexLists;
import io.tablemapper.runtime.config.MapperSettings;
import io.tablemapper.runtime.rows.PendingRows;
import io.tablemapper.runtime.store.WriteChannel;
import io.tablemapper.runtime.store.Tables;

/**
 * The copies of remote indexes — in another partition or table than their entity — kept eventually consistent by
 * pending work ({@link PendingWork}): claims made before the entity's transaction ({@link RemoteClaims}), and
 * reconciliations after it ({@link RemoteRounds}). This class owns what both apply to one copy's row: the work ids
 * it lists, whether one of them may still be recorded, and the two rules that decide who may replace or delete the
 * row — the take-over ({@link #takeable}) and the validated delete ({@link #deleteIfOurs}).
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
 *   <li><b>Claim</b> ({@link RemoteClaims}), before the entity's transaction, for each value the written entity will
 *       have, always a write conditional on what was read, adding the write's work id: the row under the value is
 *       inserted if absent, re-written if it is already this entity's, and otherwise refused with
 *       {@link EntityExistsException} — unless it may be taken over ({@link #takeable}). So no write can come to hold
 *       a value without writing its row after everyone who read that row.
 *   <li><b>Take over</b> another entity's row only when it is older than the grace period, no write that claimed it
 *       can still be recorded (each of its work ids is finished, or retired here by the cancelled marker that makes
 *       its transaction fail), and its entity does not hold the value now.
 *   <li><b>Delete</b> a copy of the entity only when no write that claimed it can still be recorded, and the entity,
 *       read after the copy, does not imply it; conditional on the copy's ETag. A write that comes to imply it later
 *       re-writes the row first (its claim), and so makes the delete fail.
 *   <li><b>Reconcile</b> in rounds ({@link RemoteRounds}): read the entity, delete the copies it may have had that it
 *       does not imply, write the one it implies; a round that wrote anything reads the entity again, and when it
 *       changed meanwhile, does another round from its new state, with the copy just written among those it may have
 *       had. So the last write to any copy was made from the entity's state that its writer then found current.
 * </ul>
 *
 * <p>A key-list index ({@link IndexMapping#keyList()}) keeps no copy per entity but one row per value listing its
 * entities ({@link IndexLists}): it claims nothing, and its reconciliation, in the same rounds, unlists the entity
 * from the values it no longer has and lists it under the one it has.
 */
final class RemoteIndexes {
  /** How many times a step of a reconciliation reads one row and writes it again after losing a race. */
  static final int ATTEMPTS = 50;
  /** How many times a step looks again, with a short pause, at a copy claimed by a write still in flight. */
  private static final int WAITS = 5;

  private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);
  private static final CompletableFuture<Boolean> FREE = CompletableFuture.completedFuture(true);
  private static final CompletableFuture<Boolean> NOT_FREE = CompletableFuture.completedFuture(false);

  private final Tables tables;
  private final Discriminator discriminator;
  private final MappingContext context;
  private final MapperSettings.Pending settings;

  RemoteIndexes(Tables tables, Discriminator discriminator, MappingContext context, MapperSettings.Pending settings) {
    this.tables = tables;
    this.discriminator = discriminator;
    this.context = context;
    this.settings = settings;
  }

  /**
   * A reconciliation step that waits for another write: a copy it would delete lists the id of a write that may
   * still be recorded with it (between its claim and its transaction). The step stays recorded as it is, and is run
   * again once that write is recorded (its own reconciliation then keeps or moves the copy), refused (its release
   * cleans the row) or retired (its clean-up does).
   */
  static final class Deferred extends TableMapperException {
    private static final long serialVersionUID = 1L;

    Deferred(IndexMapping<?> index, Address address) {
      this("the copy of " + index + " at " + TableRow.keys(address.partitionKey(), address.rowKey()).describeKeys()
          + " in table " + address.table() + " is claimed by a write that may still be recorded; the step waits"
          + " for it");
    }

    /** A step that waits for what {@code message} says (another run holding its record: {@link RecordHold}). */
    Deferred(String message) {
      super(message);
    }
  }

  // ------------------------------------------------------------------ work ids on claimed rows

  /** The work ids a copy lists; empty for a copy no claim wrote. */
  static List<String> workIds(TableRow copy) {
    Object ids = copy.get(EntityMapping.WORK_IDS_PROPERTY);
    return ids instanceof String text && !text.isEmpty() ? Arrays.asList(text.split(" ")) : List.of();
  }

  /** The copy with these work ids (none: without the property). */
  static TableRow withIds(TableRow copy, List<String> ids) {
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

  /**
   * Whether the write of a work id may still be recorded: its registry entry is there and its record is not (its
   * writer is between the two, or died there). An entry is inserted before any claim and deleted only once no
   * transaction can record the id: after its record is finished, after a refusal, or once retired.
   *
   * @param holder the entity the claimed copy points to: its record is in the entity's partition
   */
  CompletableFuture<Boolean> inFlight(WriteChannel channel, Address holder, String id) {
    Address entryAt = new Address(PendingRows.REGISTRY_TABLE, PendingRows.registryPartition(id), id);
    return Futures.compose(read(channel, entryAt),
        entry -> entry == null ? CompletableFuture.completedFuture(false)
            : read(channel, new Address(holder.table(), holder.partitionKey(), PendingRows.workRowKey(id)))
                .thenApply(Objects::isNull));
  }

  /** Whether any write that claimed {@code copy} may still be recorded. */
  CompletableFuture<Boolean> anyInFlight(WriteChannel channel, TableRow copy, Address holder) {
    Iterator<String> ids = workIds(copy).iterator();
    boolean[] found = {false};
    return Futures.loop(() -> !found[0] && ids.hasNext(), () -> inFlight(channel, holder, ids.next())
        .thenAccept(flying -> found[0] = flying)).thenApply(done -> found[0]);
  }

  /**
   * Makes sure no transaction records a work id any more: inserts the cancelled marker under it in the holder's
   * partition, as a completer retires an entry ({@link WorkCompleter}); a record already there (the write was
   * recorded, or retired) does too.
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

  // ------------------------------------------------------------------ take-over (rule 2)

  /** Where the entity a copy points to is; null when it points to none. */
  static Address holderOf(TableRow copy, IndexMapping<?> index) {
    Object partitionKey = copy.get(EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY);
    Object table = copy.get(EntityMapping.PRIMARY_TABLE_PROPERTY);
    String rowKey = IndexCopies.primaryRowKey(copy);
    if (!(partitionKey instanceof String) || rowKey == null) {
      return null;
    }
    return new Address(table instanceof String ? (String) table : index.table(), (String) partitionKey, rowKey);
  }

  /**
   * Whether another entity's row under a value may be taken over: a copy of this index older than the grace period,
   * none of whose claiming writes may still be recorded — with {@code retire}, those that may are retired here (the
   * cancelled marker makes their transactions fail); without, their rows are not free — and whose entity does not
   * hold the value now (read after the retirement, so a write recorded before it shows).
   */
  <T> CompletableFuture<Boolean> takeable(WriteChannel channel, EntityMapping<T> mapping, TableRow there,
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

  /** Where the entity as stored has its copy (or list entry) for {@code index}; null when it has none or is gone. */
  <T> Address implied(EntityMapping<T> mapping, IndexMapping<T> index, TableRow stored) {
    if (stored == null || !mapping.typeName().equals(discriminator.typeOf(stored))) {
      return null;
    }
    return IndexCopies.remoteAddress(index, keysOf(mapping, stored));
  }

  // ------------------------------------------------------------------ validated delete (rule 3)

  /**
   * Deletes the row at {@code address} if it is the entity's copy for {@code index}, no write that claimed it may
   * still be recorded, and the entity — read after the row — does not imply it (the {@code attempt}th look of
   * {@link #ATTEMPTS}: a row changed meanwhile is looked at again).
   */
  <T> CompletableFuture<Void> deleteIfOurs(WriteChannel channel, EntityMapping<T> mapping,
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
   * Rule 3 checked ahead of a write's transaction, for the copy its entity has now at {@code address} and will not
   * have once the transaction is applied: the copy is read, and each write that claimed it is found no longer able
   * to be recorded. Completes with the copy's ETag when both hold (then {@link #deleteChecked} may delete it after the
   * transaction, under that ETag, without reading the copy or the entity again); with null when the row is no copy
   * of the entity or a write that claimed it is in flight (the reconciliation then deletes it by
   * {@link #deleteIfOurs}).
   *
   * <p>Why the delete under that ETag is safe once the transaction is applied: the entity can hold the value again
   * only through a write recorded after the transaction. A write recorded after the check is none of the copy's
   * claiming writes (none of them can still be recorded), so it claimed the value after the copy was read, and its
   * claim re-wrote the row (inserting or re-writing it is what a claim is): the row no longer has the ETag, and the
   * delete fails. Another entity's take-over re-writes it too. Every write of an entity with remote indexes is
   * conditional on the entity's ETag it read, so a write that read it before the transaction cannot be recorded
   * after it.
   */
  <T> CompletableFuture<String> checkAhead(WriteChannel channel, IndexMapping<T> index, Address address,
      Address entity) {
    return Futures.compose(read(channel, address), there -> {
      if (there == null
          || !IndexCopies.isRemoteCopyOf(discriminator, there, index, entity.partitionKey(), entity.rowKey())) {
        return CompletableFuture.completedFuture(null);
      }
      return anyInFlight(channel, there, entity).thenApply(flying -> flying ? null : there.etag());
    });
  }

  /**
   * Deletes the entity's copy at {@code address} under the ETag {@link #checkAhead} found it with, after the write's
   * transaction; a copy gone meanwhile is done, one changed since is looked at as {@link #deleteIfOurs} looks.
   */
  <T> CompletableFuture<Void> deleteChecked(WriteChannel channel, EntityMapping<T> mapping, IndexMapping<T> index,
      Address address, Address entity, String etag) {
    return channel.write(address.table(), WriteOperation.delete(address.partitionKey(), address.rowKey(), etag))
        .handle((done, thrown) -> {
          Throwable failure = thrown == null ? null : Futures.unwrap(thrown);
          if (failure == null || failure instanceof EntityNotFoundException
              || failure instanceof TableNotFoundException) {
            return DONE;
          }
          return moved(failure) ? deleteIfOurs(channel, mapping, index, address, entity, 1)
              : CompletableFuture.<Void>failedFuture(failure);
        }).thenCompose(Function.identity());
  }

  /** The failure of a step whose row other writers changed at every one of its attempts: left recorded. */
  static TableMapperException contended(IndexMapping<?> index, Address address) {
    return new TableMapperException("the copy of " + index + " at " + TableRow.keys(address.partitionKey(),
        address.rowKey()).describeKeys() + " in table " + address.table() + " changed under each of " + ATTEMPTS
        + " attempts to bring it in step; the step stays recorded, for a completer");
  }

  /** Whether a write failed because its row changed meanwhile (and so is looked at again). */
  static boolean moved(Throwable failure) {
    return failure instanceof EntityExistsException || failure instanceof EntityNotFoundException
        || failure instanceof ConcurrencyConflictException;
  }

  /** The row at {@code address} read through {@code channel}; null when it or its table is missing. */
  CompletableFuture<TableRow> read(WriteChannel channel, Address address) {
    return tables.readAsync(address.table(),
        () -> channel.get(address.table(), address.partitionKey(), address.rowKey()), null);
  }
}
