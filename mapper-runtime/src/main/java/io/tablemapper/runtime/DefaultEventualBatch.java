package io.tablemapper.runtime;

import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.api.BatchException;
import io.tablemapper.api.BatchException.Reason;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.EventualBatch;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.OperationType;
import io.tablemapper.api.SchemaVersionException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.runtime.write.WriteFailures.Mode;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.mapping.EntityTypes;
import io.tablemapper.runtime.support.Lifecycle;
import io.tablemapper.runtime.observe.Listeners;
import io.tablemapper.runtime.rows.PendingStep;
import io.tablemapper.runtime.pending.PendingWork;
import io.tablemapper.runtime.store.Tables;
import io.tablemapper.runtime.write.WriteFailures;
import io.tablemapper.runtime.write.WriteIntent;
import io.tablemapper.runtime.write.WriteIntents;
import io.tablemapper.runtime.rows.WriteKind;
import io.tablemapper.runtime.write.WritePlanner;

/**
 * An {@link EventualBatch}: collects the application's writes; on {@link #commit()} maps and checks each (its keys,
 * its row, that no two address one entity), checks the writes after the first against the store as it is, and
 * hands them to {@link PendingWork#write}: the first write goes with the record of the others in one transaction, then
 * the others are applied one by one. Failures before the first write's transaction name the write by its position,
 * as a {@link io.tablemapper.api.Batch}'s do.
 */
final class DefaultEventualBatch implements EventualBatch {
  private final Lifecycle lifecycle;
  private final Listeners listeners;
  private final WriteIntents intents;
  private final EntityTypes types;
  private final Discriminator discriminator;
  private final PendingWork pending;
  private final TableBackend backend;
  private final Tables tables;
  private final MappingContext context;
  private final List<WriteKind> kinds = new ArrayList<>();
  private final List<Object> entities = new ArrayList<>();
  private boolean committed;

  DefaultEventualBatch(Lifecycle lifecycle, Listeners listeners, WriteIntents intents, EntityTypes types,
      Discriminator discriminator, PendingWork pending, TableBackend backend, Tables tables, MappingContext context) {
    this.lifecycle = lifecycle;
    this.listeners = listeners;
    this.intents = intents;
    this.types = types;
    this.discriminator = discriminator;
    this.pending = pending;
    this.backend = backend;
    this.tables = tables;
    this.context = context;
  }

  @Override
  public EventualBatch insert(Object entity) {
    return add(WriteKind.INSERT, entity);
  }

  @Override
  public EventualBatch upsert(Object entity) {
    return add(WriteKind.UPSERT, entity);
  }

  @Override
  public EventualBatch update(Object entity) {
    return add(WriteKind.UPDATE, entity);
  }

  @Override
  public EventualBatch merge(Object entity) {
    return add(WriteKind.MERGE, entity);
  }

  @Override
  public EventualBatch upsertMerge(Object entity) {
    return add(WriteKind.UPSERT_MERGE, entity);
  }

  @Override
  public EventualBatch delete(Object entity) {
    return add(WriteKind.DELETE, entity);
  }

  @Override
  public int size() {
    return kinds.size();
  }

  /**
   * Commits the batch as one operation of the mapper's listeners and tracer, of the first write's table: its checks'
   * reads, the first write's transaction and the steps that apply the others are its requests.
   */
  @Override
  public void commit() {
    listeners.observe(OperationType.EVENTUAL_BATCH, firstTable(), entityName(), null, () -> {
      apply();
      return null;
    });
  }

  /** The table of the batch's first write, or null when it has none or its class is not an entity's. */
  private String firstTable() {
    if (entities.isEmpty() || entities.get(0) instanceof DynamicEntity) {
      return null;
    }
    try {
      return types.mappingOf(entities.get(0)).table();
    } catch (TableMapperException notMapped) {
      return null; // the commit fails on it, and says why
    }
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

  private void apply() {
    lifecycle.checkOpen();
    if (committed) {
      throw new BatchException(Reason.ALREADY_COMMITTED, -1,
          "this eventual batch was already committed; an eventual batch commits once — start another with"
              + " mapper.eventually()");
    }
    committed = true;
    if (kinds.isEmpty()) {
      throw new BatchException(Reason.EMPTY, -1,
          "the eventual batch holds no write; add insert, upsert, update, merge or delete before commit()");
    }
    List<WriteIntent<Object>> writes = new ArrayList<>(kinds.size());
    List<PendingStep> steps = new ArrayList<>(kinds.size());
    Map<String, Integer> addressed = new HashMap<>();
    for (int i = 0; i < kinds.size(); i++) {
      WriteIntent<Object> write = prepare(i, kinds.get(i), entities.get(i));
      Integer earlier = addressed.putIfAbsent(address(write), i);
      if (earlier != null) {
        throw new BatchException(Reason.DUPLICATE_ENTITY, i, "write " + i + " (" + write.kind().verb() + " of "
            + write.describe() + ") addresses the entity of write " + earlier + "; an eventual batch writes each"
            + " entity once");
      }
      if (i > 0 && write.mapping().wide()) {
        throw new BatchException(Reason.REJECTED, i, "write " + i + " (" + write.kind().verb() + " of the @Wide "
            + write.describe() + ") cannot be a later write of an eventual batch: a record of pending work holds"
            + " one row of each later write, and a wide entity may need a hundred; make it the batch's first write,"
            + " or write it on its own");
      }
      writes.add(write);
      TableRow recorded = recorded(write);
      steps.add(new PendingStep(i, write.kind(), write.entity().getClass().getName(), write.mapping().table(),
          recorded, write.mapping().encryptedProperties().stream().anyMatch(recorded::has), write.userEtag()));
    }
    WriteIntent<Object> first = writes.get(0);
    if (writes.size() == 1) {
      write(first);
      return;
    }
    Set<PendingStep.Address> changing = new HashSet<>();
    for (int i = 1; i < writes.size(); i++) {
      WriteIntent<Object> earlier = writes.get(i - 1);
      changing.add(new PendingStep.Address(earlier.mapping().table(), earlier.partitionKey(), earlier.rowKey()));
      check(writes.get(i), changing);
    }
    try {
      pending.write(first.mapping().table(), List.of(first.withPendingSteps(steps.subList(1, steps.size()))),
          Mode.REPOSITORY);
    } catch (InvalidEntityException | InvalidKeyException | EntityExistsException | EntityNotFoundException
        | ConcurrencyConflictException | SchemaVersionException | TableNotFoundException e) {
      throw rejected(first, e); // the first write's transaction was refused: nothing was written
    }
  }

  /**
   * The row a work record holds of a write ({@link PendingStep#row}): as the store holds it, its {@code @Encrypted}
   * values encrypted and bound to the entity's own table and keys (the record is a row of the store too, kept while
   * the work is pending and for ever once it failed); a delete's without them, as a delete needs only the keys and
   * index values, so that completing it takes no key.
   */
  private TableRow recorded(WriteIntent<Object> write) {
    EntityMapping<Object> mapping = write.mapping();
    return write.kind() == WriteKind.DELETE ? mapping.withoutEncrypted(mapping.toRow(write.entity(), context))
        : mapping.toStoredRow(write.entity(), context);
  }

  /** A batch of one write: a repository write, failing as a batch does. */
  private void write(WriteIntent<Object> only) {
    try {
      pending.write(only.mapping().table(), List.of(only), Mode.REPOSITORY);
    } catch (BatchException e) {
      throw e;
    } catch (TableMapperException e) {
      throw rejected(only, e);
    }
  }

  /**
   * Checks a write after the first against the store as it is, so that one that cannot succeed refuses the commit
   * before anything is written: an insert's entity must be absent, an update's, merge's or delete's present and, if
   * the application's entity carries an ETag, at that ETag (the entity's, or that of a full index copy it was read
   * through); and no value of the entity's remote indexes may be another entity's, but one an earlier write of the
   * batch changes (which the write's own claim then decides).
   */
  private void check(WriteIntent<Object> write, Set<PendingStep.Address> changing) {
    String table = write.mapping().table();
    Optional<TableRow> stored = tables.read(table,
        () -> backend.get(table, write.partitionKey(), write.rowKey()), Optional.<TableRow>empty());
    TableMapperException failure = null;
    if (write.kind() == WriteKind.INSERT) {
      if (stored.isPresent()) {
        failure = WriteFailures.exists(write, table, null);
      }
    } else if (!write.kind().upserts()) {
      if (stored.isEmpty()) {
        failure = WriteFailures.notFound(write, table, null);
      } else if (write.userEtag() != null && !write.userEtag().equals(stored.get().etag())
          && !isFullCopyEtag(write, stored.get())) {
        failure = WriteFailures.conflict(write, table, stored.get().etag(), null);
      }
    }
    if (failure == null) {
      try {
        pending.checkFree(write, changing);
      } catch (EntityExistsException taken) {
        failure = taken;
      }
    }
    if (failure != null) {
      throw rejected(write, failure);
    }
  }

  /**
   * Whether the application's ETag is the one of a full index copy of the stored entity that shows it as stored
   * ({@link WritePlanner#copyShowsStored}): the version it read through that copy, which its write checks again.
   */
  private boolean isFullCopyEtag(WriteIntent<Object> write, TableRow stored) {
    String table = write.mapping().table();
    String[] copyKeys = write.copyKeysOf(stored, context);
    for (int i = 0; i < copyKeys.length; i++) {
      if (copyKeys[i] != null && write.mapping().indexes().get(i).fullCopy()) {
        String copyKey = copyKeys[i];
        Optional<TableRow> copy = tables.read(table,
            () -> backend.get(table, write.partitionKey(), copyKey), Optional.<TableRow>empty());
        if (WritePlanner.copyShowsStored(discriminator, write.mapping().indexes().get(i), stored, copyKey,
            copy.orElse(null), write.userEtag())) {
          return true;
        }
      }
    }
    return false;
  }

  private WriteIntent<Object> prepare(int position, WriteKind kind, Object entity) {
    if (entity instanceof DynamicEntity) {
      throw new BatchException(Reason.REJECTED, position, "write " + position + " (" + kind.verb() + " of a"
          + " DynamicEntity) cannot be part of an eventual batch: a DynamicEntity names no table; write it with"
          + " mapper.dynamic(table), or map its class with @Entity");
    }
    @SuppressWarnings("unchecked")
    EntityMapping<Object> mapping = (EntityMapping<Object>) types.mappingOf(entity);
    if (position > 0 && !mapping.largeProperties().isEmpty()) {
      // a later write is recorded whole in the first write's transaction, where a large value does not fit
      throw new BatchException(Reason.REJECTED, position, "write " + position + " (" + kind.verb() + " of "
          + mapping.entityClass().getSimpleName() + ") cannot be a later write of an eventual batch: its class has"
          + " @Large properties " + mapping.largeProperties() + ", whose values a recorded write cannot hold; make"
          + " it the batch's first write, or write it through its repository");
    }
    try {
      return intents.intent(kind, mapping, entity, position);
    } catch (InvalidKeyException | InvalidEntityException e) {
      throw new BatchException(Reason.REJECTED, position, "write " + position + " (" + kind.verb() + " of "
          + mapping.entityClass().getSimpleName() + ") of the eventual batch is invalid: " + e.getMessage(), e);
    }
  }

  private static BatchException rejected(WriteIntent<?> write, TableMapperException cause) {
    return new BatchException(Reason.REJECTED, write.position(), "the eventual batch was rejected at write "
        + write.position() + " (" + write.kind().verb() + " of " + write.describe() + "); nothing was written: "
        + cause.getMessage(), cause);
  }

  /** The entity a write addresses: table (case-insensitive, as in the store), PartitionKey, RowKey. */
  private static String address(WriteIntent<?> write) {
    return write.mapping().table().toLowerCase(Locale.ROOT) + '\u0000' + write.partitionKey() + '\u0000'
        + write.rowKey();
  }

  private EventualBatch add(WriteKind kind, Object entity) {
    Objects.requireNonNull(entity, () -> "cannot add a " + kind.verb() + " of null to an eventual batch");
    if (committed) {
      throw new BatchException(Reason.ALREADY_COMMITTED, -1,
          "this eventual batch was already committed and a write was added afterwards; start another with"
              + " mapper.eventually()");
    }
    kinds.add(kind);
    entities.add(entity);
    return this;
  }

  @Override
  public String toString() {
    return "EventualBatch[" + kinds.size() + " writes" + (committed ? ", committed]" : "]");
  }
}
