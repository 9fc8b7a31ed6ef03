package io.tablemapper.runtime.pending;

import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EncryptionException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.SchemaVersionException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.UnknownEntityTypeException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.runtime.write.WriteFailures.Mode;
import io.tablemapper.spi.TableRow;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import io.tablemapper.runtime.values.EncryptedValues;
import io.tablemapper.runtime.mapping.EntityTypes;
import io.tablemapper.runtime.observe.Operation;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.rows.PendingRows;
import io.tablemapper.runtime.rows.PendingStep;
import io.tablemapper.runtime.store.Tables;
import io.tablemapper.runtime.store.WriteChannel;
import io.tablemapper.runtime.write.WriteIntent;
import io.tablemapper.runtime.write.WriteIntents;
import io.tablemapper.runtime.rows.WriteKind;

/**
 * Applies one recorded step of pending work ({@link PendingStep}), reconciled with its entity's current state: a
 * reconciliation by {@link RemoteRounds#reconcile}, a write rebuilt from its recorded row ({@code fromRow}, its
 * {@code @Encrypted} values decrypted with this mapper's keys) and written as a repository write would, through
 * {@link PendingWork}'s protocol (index copies included). Owns the rule of a write applied again: a refused insert or
 * update whose entity holds the written values, or a delete whose entity is gone, counts as applied; a write this
 * mapper cannot rebuild for want of a key is left as it is ({@link NeedsKey}); anything else refused fails for good.
 */
final class StepApplier {
  /** Writes a recorded write as any write of this mapper, by the protocol. */
  private final PendingWork writes;
  /** Builds the intents of the writes of recorded work, as the application's are built. */
  private final WriteIntents intents;
  /** The mappings of the classes that recorded work names. */
  private final EntityTypes types;
  private final Tables tables;
  private final MappingContext context;
  private final RemoteRounds rounds;

  StepApplier(PendingWork writes, WriteIntents intents, EntityTypes types, Tables tables, MappingContext context,
      RemoteRounds rounds) {
    this.writes = writes;
    this.intents = intents;
    this.types = types;
    this.tables = tables;
    this.context = context;
    this.rounds = rounds;
  }

  /**
   * Applies one write of the work {@code id}, reconciled with its entity's current state, through {@code channel}, by
   * a run of the row that names the step (its record, or a retired entry): knowing what {@code own} says (the step's
   * writer), and sending what its rounds compute only while {@code hold} holds that row.
   *
   * @return a future of null when applied (now or before), or of the exception that makes it fail for good; failed
   *     when the store could not be reached, this process lacks the entity's class, or this mapper lacks the key the
   *     write's encrypted values need ({@link NeedsKey}): the work stays recorded, to be applied later
   */
  CompletableFuture<TableMapperException> apply(WriteChannel channel, String id, PendingStep step, OwnRun own,
      RecordHold hold) {
    // a span of its own where the operation applying it is traced, its requests (the async path's too) under it
    return Operation.step(channel.operation(), step.table(), step.row().partitionKey(),
        view -> applyStep(view == null ? channel : channel.within(view), id, step, own, hold), failure -> failure);
  }

  private CompletableFuture<TableMapperException> applyStep(WriteChannel channel, String id, PendingStep step,
      OwnRun own, RecordHold hold) {
    EntityMapping<Object> mapping;
    try {
      mapping = types.ownMapping(load(step.entityClass()));
    } catch (ClassNotFoundException | LinkageError missing) {
      // not a failure of the write: this process lacks the class; another one may have it
      return CompletableFuture.failedFuture(new TableMapperException("cannot apply the pending " + step.describe()
          + ": class " + step.entityClass() + " is not on this process's class path", missing));
    }
    if (step.reconciles()) {
      return Futures.start(() -> rounds.reconcile(channel, mapping, step, own, hold));
    }
    return Futures.start(() -> {
      WriteIntent<Object> intent;
      try {
        Object entity = mapping.fromRow(plaintext(mapping, step), context);
        if (step.etag() != null) {
          entity = mapping.withSystemProperties(entity, step.etag(), null);
        }
        intent = intents.intent(step.kind(), mapping, entity, step.position());
      } catch (EncryptionException keyless) {
        // neither written in plaintext nor failed for good: left as it is for a mapper with the key
        throw new NeedsKey(id, step, keyIds(mapping, step), keyless);
      }
      String table = intent.mapping().table(); // the entity's own: for a table per period, its period's
      return writes.write(channel, table, List.of(intent), Mode.REPOSITORY).handle((written, thrown) -> {
        Throwable failure = thrown == null ? null : Futures.unwrap(thrown);
        if (failure == null) {
          return CompletableFuture.<TableMapperException>completedFuture(null);
        }
        if (failure instanceof EntityNotFoundException e) {
          // a delete applied before, or by another completer
          return CompletableFuture.<TableMapperException>completedFuture(step.kind() == WriteKind.DELETE ? null : e);
        }
        if (failure instanceof EntityExistsException || failure instanceof ConcurrencyConflictException) {
          TableMapperException e = (TableMapperException) failure;
          if (step.kind() == WriteKind.DELETE) {
            return CompletableFuture.completedFuture(e);
          }
          // applied before (by a process that died before advancing the record, or by another completer)?
          return tables.readAsync(table, () -> channel.get(table, intent.partitionKey(), intent.rowKey()),
              (TableRow) null).thenApply(stored -> stored != null && holds(stored, intent) ? null : e);
        }
        if (failure instanceof InvalidEntityException || failure instanceof InvalidKeyException
            || failure instanceof SchemaVersionException || failure instanceof UnknownEntityTypeException) {
          return CompletableFuture.completedFuture((TableMapperException) failure);
        }
        // anything else (the store could not be reached, a table this mapper may not create, ...) leaves the work
        // recorded, to be applied later
        return CompletableFuture.<TableMapperException>failedFuture(failure);
      }).thenCompose(Function.identity());
    });
  }

  /**
   * The row of a recorded write as {@code fromRow} reads it. A step of this version holds its row as the store does
   * ({@link PendingStep#stored}): its {@code @Encrypted} values are decrypted here, with this mapper's keys, bound to
   * the entity's own table (its period's, for a table per period) and keys. A step an earlier version recorded holds
   * {@code toRow}'s plaintext row, read as it is; so does a delete's, which holds no encrypted value.
   *
   * @throws EncryptionException if this mapper lacks the key (a {@link io.tablemapper.api.DecryptionException} when it
   *     has keys, but not that one)
   */
  private TableRow plaintext(EntityMapping<Object> mapping, PendingStep step) {
    TableRow row = step.row();
    if (!step.stored() || mapping.encryptedProperties().stream().noneMatch(row::has)) {
      return row;
    }
    EntityMapping<Object> own = mapping.tableTemplate() == null ? mapping
        : mapping.forKeys(row.partitionKey(), row.rowKey());
    return context.decrypt(own, row);
  }

  /** The key ids the encrypted values of a recorded write name, in the order of its properties. */
  private static Set<String> keyIds(EntityMapping<Object> mapping, PendingStep step) {
    Set<String> ids = new LinkedHashSet<>();
    if (step.stored()) {
      for (String property : mapping.encryptedProperties()) {
        if (step.row().get(property) instanceof byte[] value) {
          try {
            ids.add(EncryptedValues.header(value).keyId());
          } catch (EncryptedValues.MalformedValueException malformed) {
            // no key id to name: the decryption's own message says what is wrong with it
          }
        }
      }
    }
    return ids;
  }

  /**
   * Whether the stored entity holds every value a write wrote: then a refused write was applied before. Encrypted
   * values are compared as plaintexts, since each write encrypts afresh (a new random nonce): the stored ciphertext of
   * the same write applied before is not this attempt's.
   */
  private boolean holds(TableRow stored, WriteIntent<Object> write) {
    EntityMapping<Object> mapping = write.mapping();
    if (mapping.encryptedProperties().isEmpty()) {
      return PendingRows.holds(stored, write.row());
    }
    try {
      return PendingRows.holds(context.decrypt(mapping, stored), context.decrypt(mapping, write.row()));
    } catch (EncryptionException undecryptable) {
      return false; // not what this write wrote
    }
  }

  private static Class<?> load(String name) throws ClassNotFoundException {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    if (context != null) {
      try {
        return Class.forName(name, true, context);
      } catch (ClassNotFoundException e) {
        // try the runtime's own loader next
      }
    }
    return Class.forName(name, true, StepApplier.class.getClassLoader());
  }
}
