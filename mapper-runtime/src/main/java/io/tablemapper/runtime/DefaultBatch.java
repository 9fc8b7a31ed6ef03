package io.tablemapper.runtime;

import io.tablemapper.api.Batch;
import io.tablemapper.api.BatchException;
import io.tablemapper.api.BatchException.Reason;
import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.OperationType;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.runtime.write.WriteFailures.Mode;
import io.tablemapper.spi.WriteResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import io.tablemapper.runtime.support.AsyncRunner;
import io.tablemapper.runtime.store.Channels;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.mapping.DynamicMapping;
import io.tablemapper.runtime.write.EgtWriter;
import io.tablemapper.runtime.mapping.EntityTypes;
import io.tablemapper.runtime.support.Lifecycle;
import io.tablemapper.runtime.observe.Listeners;
import io.tablemapper.runtime.pending.PendingWork;
import io.tablemapper.runtime.write.WriteFailures;
import io.tablemapper.runtime.write.WriteIntent;
import io.tablemapper.runtime.write.WriteIntents;
import io.tablemapper.runtime.rows.WriteKind;

/**
 * A {@link Batch}: collects the application's operations, then on {@link #commit()} maps each entity, checks that
 * it belongs to the batch's table and partition, and hands them all to {@link PendingWork#write} (then
 * {@link EgtWriter}) as one entity group transaction. Failures name the application's operation by the position it was
 * added at, however many index copies precede it in the transaction. A {@link DynamicEntity} is written as it is, in
 * the batch's table. {@link #commitAsync()} is the same commit on the store's async path.
 */
final class DefaultBatch implements Batch {
  private final Lifecycle lifecycle;
  private final Listeners listeners;
  private final WriteIntents intents;
  private final EntityTypes types;
  private final Discriminator discriminator;
  private final PendingWork pending;
  private final AsyncRunner async;
  private final Channels channels;
  private final String table;
  private final String partitionKey;
  private final List<WriteKind> kinds = new ArrayList<>();
  private final List<Object> entities = new ArrayList<>();
  private boolean committed;

  DefaultBatch(Lifecycle lifecycle, Listeners listeners, WriteIntents intents, EntityTypes types,
      Discriminator discriminator, PendingWork pending, AsyncRunner async, Channels channels, String table,
      String partitionKey) {
    this.lifecycle = lifecycle;
    this.listeners = listeners;
    this.intents = intents;
    this.types = types;
    this.discriminator = discriminator;
    this.pending = pending;
    this.async = async;
    this.channels = channels;
    this.table = table;
    this.partitionKey = partitionKey;
  }

  @Override
  public Batch insert(Object entity) {
    return add(WriteKind.INSERT, entity);
  }

  @Override
  public Batch upsert(Object entity) {
    return add(WriteKind.UPSERT, entity);
  }

  @Override
  public Batch update(Object entity) {
    return add(WriteKind.UPDATE, entity);
  }

  @Override
  public Batch merge(Object entity) {
    return add(WriteKind.MERGE, entity);
  }

  @Override
  public Batch upsertMerge(Object entity) {
    return add(WriteKind.UPSERT_MERGE, entity);
  }

  @Override
  public Batch delete(Object entity) {
    return add(WriteKind.DELETE, entity);
  }

  @Override
  public int size() {
    return kinds.size();
  }

  /**
   * {@link #commit()} on the store's async path: the same checks (on the caller's thread; what they find fails the
   * future) and the same transaction, holding no thread while its requests are under way ({@link
   * PendingWork#writeAsync}, which says what stays on the mapper's executor).
   */
  @Override
  public CompletableFuture<List<Object>> commitAsync() {
    return async.startWrite(caller -> listeners.observeAsync(OperationType.BATCH, table, entityName(), null, () -> {
      List<WriteIntent<?>> writes = prepare();
      return pending.writeAsync(table, writes, Mode.BATCH, channels.async(caller))
          .thenApply(results -> stored(writes, results));
    }));
  }

  @Override
  public List<Object> commit() {
    return listeners.observe(OperationType.BATCH, table, entityName(), null, this::apply);
  }

  /** The simple name of the one class the batch writes, or null for several (or none). */
  private String entityName() {
    String name = null;
    for (Object entity : entities) {
      String each = entity.getClass().getSimpleName();
      if (name != null && !name.equals(each)) {
        return null;
      }
      name = each;
    }
    return name;
  }

  private List<Object> apply() {
    List<WriteIntent<?>> writes = prepare();
    return stored(writes, pending.write(table, writes, Mode.BATCH));
  }

  /** Checks the batch and marks it committed; returns its writes, each entity mapped and checked. */
  private List<WriteIntent<?>> prepare() {
    lifecycle.checkOpen();
    if (committed) {
      throw alreadyCommitted("commit() was called again");
    }
    committed = true;
    if (kinds.isEmpty()) {
      throw new BatchException(Reason.EMPTY, -1,
          name() + " holds no operation; add insert, upsert, update, merge or delete operations before commit()");
    }
    List<WriteIntent<?>> writes = new ArrayList<>(kinds.size());
    for (int i = 0; i < kinds.size(); i++) {
      Object entity = entities.get(i);
      EntityMapping<?> mapping =
          entity instanceof DynamicEntity ? new DynamicMapping(table, discriminator) : types.mappingOf(entity);
      writes.add(prepare(i, kinds.get(i), entity, mapping));
    }
    return writes;
  }

  /** The entities as stored, from the transaction's results. */
  private static List<Object> stored(List<WriteIntent<?>> writes, List<WriteResult> results) {
    List<Object> stored = new ArrayList<>(writes.size());
    for (int i = 0; i < writes.size(); i++) {
      stored.add(writes.get(i).stored(results.get(i)));
    }
    return stored;
  }

  /**
   * Refuses an entity of a table per period whose period's table is not the batch's: the store's transactions hold
   * one table, so a batch cannot mix periods.
   */
  private <T> void periodTable(int position, String operation, EntityMapping<T> mapping, T entity) {
    String own = mapping.forKeys(mapping.partitionKey(entity), mapping.rowKey(entity)).table();
    if (!own.equalsIgnoreCase(table)) {
      throw new BatchException(Reason.WRONG_PARTITION, position,
          name() + ": " + operation + " belongs to table " + own + " (the " + mapping.tableTemplate().unit()
              .modifier() + " of its '" + mapping.tableTemplate().property() + "', table " + mapping.table()
              + "), not to the batch's table; a batch holds operations on one partition of one table, so entities"
              + " of different periods go in one batch each — use mapper.batch(\"" + own + "\", ...) for it");
    }
  }

  private <T> WriteIntent<T> prepare(int position, WriteKind kind, Object entity, EntityMapping<T> mapping) {
    String entityName = mapping.entityClass().getSimpleName();
    String operation = "operation " + position + " (" + kind.verb() + " of " + entityName + ")";
    T typed = mapping.entityClass().cast(entity);
    if (mapping.tableTemplate() == null && !mapping.table().equalsIgnoreCase(table)) {
      throw new BatchException(Reason.WRONG_PARTITION, position,
          name() + ": " + operation + " addresses table " + mapping.table() + ", where " + entityName
              + " entities are stored; a batch holds operations on one partition of one table");
    }
    try {
      if (mapping.tableTemplate() != null) {
        periodTable(position, operation, mapping, typed);
      }
      String entityPartition = mapping.partitionKey(typed);
      if (!entityPartition.equals(partitionKey)) {
        throw new BatchException(Reason.WRONG_PARTITION, position,
            name() + ": " + operation + " addresses partition '" + entityPartition + "' of table " + table
                + ", not the batch's partition '" + partitionKey + "'; a batch holds operations on one partition"
                + " — use mapper.batch(\"" + table + "\", \"" + entityPartition + "\") for it");
      }
      return intents.intent(kind, mapping, typed, position);
    } catch (InvalidKeyException | InvalidEntityException e) {
      throw new BatchException(Reason.REJECTED, position,
          name() + ": " + operation + " is invalid: " + e.getMessage(), e);
    }
  }

  private Batch add(WriteKind kind, Object entity) {
    Objects.requireNonNull(entity, () -> "cannot add a " + kind.verb() + " of null to a batch");
    if (committed) {
      throw alreadyCommitted("an operation was added afterwards");
    }
    kinds.add(kind);
    entities.add(entity);
    return this;
  }

  private BatchException alreadyCommitted(String what) {
    return new BatchException(Reason.ALREADY_COMMITTED, -1,
        name() + " was already committed and " + what + "; a batch commits once — start another with"
            + " mapper.batch(\"" + table + "\", \"" + partitionKey + "\")");
  }

  private String name() {
    return WriteFailures.batchName(table, partitionKey);
  }

  @Override
  public String toString() {
    return "Batch[" + table + ", '" + partitionKey + "', " + kinds.size() + " operations"
        + (committed ? ", committed]" : "]");
  }
}
