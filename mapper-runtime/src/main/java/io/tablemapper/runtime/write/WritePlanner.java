package io.tablemapper.runtime.write;

import io.tablemapper.api.EntityExistsException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.internal.mapping.WideRows;
import io.tablemapper.runtime.write.PlannedOp.Role;
import io.tablemapper.runtime.write.Snapshot.Holder;
import io.tablemapper.spi.PropertyValues;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.util.ArrayList;
import java.util.List;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.rows.IndexCopies;
import io.tablemapper.runtime.rows.PendingRows;
import io.tablemapper.runtime.rows.PendingStep;
import io.tablemapper.runtime.rows.WriteKind;

/**
 * Decides what one attempt of a write sends: from the write ({@link WriteIntent}) and what the attempt read
 * ({@link Snapshot}), the backend operations of the entity and its index copies — or the failure the snapshot
 * already shows. A pure function: it reads and writes nothing, so every rule below is testable without a store.
 *
 * <p>A write that reads nothing first ({@link WriteIntent#needsRead()}) is an insert of the entity and its copies,
 * or one operation on the entity's row, made conditional on the application's ETag by the store. Any other is
 * checked against the stored entity (there, of its type, not of a newer version it would replace, at the version the
 * application's ETag names), and every operation it plans is conditional on the ETag of the row it touches: the
 * entity's row on the ETag read, and each copy of the stored entity on the copy's ETag as read or, where it was not
 * read, on the entity's (where the store gives every row of a batch one ETag, an in-step copy has it; the store
 * checks the guess).
 *
 * <p>The application's {@code @ETag} names the version it read: the entity row's ETag, or — read through a full
 * index copy — the copy's. A copy's ETag is accepted while it is the current ETag of one of the stored entity's
 * <em>full</em> copies and that copy holds exactly what the stored entity's copy would hold
 * ({@link #copyShowsStored}): every property. ETag equality alone proves nothing here, as a store may give several
 * rows of one batch one ETag — the Azure Table service all of them, Azurite some and not others, by the clock — so
 * another copy of the same write may carry the ETag the application read; and a writer that does not keep the index
 * changes the entity's row alone, leaving every copy's ETag as it was and a partial (or keys-only) copy in step
 * whenever it changes none of that copy's properties. Only a full copy shows the whole entity, so only a full copy
 * equal to the stored entity shows that the stored entity is the version read. What a reader through a copy may
 * rely on is thus the entity's content, not its history: a change that another writer undid, back to the very
 * values read, is not told apart from no change (nothing that writer wrote is lost by the write).
 *
 * <p>A merge writes the entity's properties over the stored row's, keeping the others; its copies are made from the
 * merged row, and over a row of a newer version it keeps that row's version marker. An upsert-merge is a merge over
 * a stored entity and an insert (with its copies) where there is none; like an upsert it names no ETag.
 */
public final class WritePlanner {
  private final Discriminator discriminator;
  private final MappingContext context;

  WritePlanner(Discriminator discriminator, MappingContext context) {
    this.discriminator = discriminator;
    this.context = context;
  }

  /**
   * What one attempt does for one write.
   *
   * @param snapshot the snapshot the operations were planned from, with what planning settled (the stored version
   *     the application's ETag was found to name)
   * @param operations the operations, in order: the entity's row, then its copies, then the record of pending work
   *     it carries; none when the write is dropped (its entity is gone and the write tolerates that)
   */
  record Plan(Snapshot snapshot, List<PlannedOp> operations) {}

  /**
   * Plans one attempt of a write.
   *
   * @param table the table, as the application named it (for messages)
   * @param snapshot what was read for this attempt ({@link Snapshot#UNREAD} for a write that reads nothing)
   * @throws io.tablemapper.api.TableMapperException if the snapshot shows the write cannot succeed: the entity is
   *     missing, of another type or of a newer version; the application's ETag is stale; an index value the entity
   *     keeps is held by another entity's copy; the merged row breaks the entity rules
   */
  Plan plan(String table, WriteIntent<?> intent, Snapshot snapshot) {
    if (intent.dropsWhenMissing() && snapshot.storedKnown() && snapshot.stored() == null) {
      return new Plan(snapshot, List.of()); // the entity is gone, and the write does not mind
    }
    List<PlannedOp> ops = new ArrayList<>(2 + 2 * intent.mapping().indexes().size());
    if (!intent.needsRead()) {
      unconditional(intent, ops);
      return new Plan(snapshot, pending(intent, null, ops));
    }
    Snapshot checked = check(table, intent, snapshot);
    if (checked.stored() == null) {
      inserts(intent, ops); // an upsert (or upsert-merge) of an entity that is not there
    } else {
      conditional(table, intent, checked, ops);
    }
    return new Plan(checked, pending(intent, checked.stored(), ops));
  }

  /**
   * The operations, with the insert of the record of the write's pending work, if it records any, at the end: the
   * reconciliation of the entity's remote indexes (from where their copies were, by {@code stored}), then the steps
   * it carries.
   */
  private List<PlannedOp> pending(WriteIntent<?> intent, TableRow stored, List<PlannedOp> ops) {
    if (intent.pendingId() != null) {
      List<PendingStep> steps = new ArrayList<>(intent.reconciliations(stored, context));
      steps.addAll(intent.pendingSteps());
      TableRow record = PendingRows.workRecord(discriminator, intent.pendingId(), intent.partitionKey(), steps);
      ops.add(new PlannedOp(WriteOperation.insert(record), intent, null, Role.PENDING));
    }
    return ops;
  }

  /**
   * Whether the application's ETag is neither the stored entity's nor known to name its version (an upsert names
   * none: it replaces whatever is there).
   */
  static boolean etagUnresolved(WriteIntent<?> intent, Snapshot snapshot) {
    String storedEtag = snapshot.stored().etag();
    return !intent.kind().upserts() && intent.userEtag() != null && !intent.userEtag().equals(storedEtag)
        && !storedEtag.equals(snapshot.acceptedVersion());
  }

  /**
   * The operations of a write that reads nothing first: an insert with its copies, or one operation on the entity's
   * row, conditional on the application's ETag if it names one.
   */
  private static void unconditional(WriteIntent<?> intent, List<PlannedOp> ops) {
    String ifMatch = intent.userEtag() != null ? intent.userEtag() : WriteIntent.ANY_ETAG;
    switch (intent.kind()) {
      case INSERT:
        inserts(intent, ops);
        break;
      case UPSERT:
        ops.add(primary(intent, WriteOperation.upsertReplace(intent.row())));
        break;
      case UPDATE:
        ops.add(primary(intent, WriteOperation.replace(intent.row(), ifMatch)));
        break;
      case MERGE:
        ops.add(primary(intent, WriteOperation.merge(intent.row(), ifMatch)));
        break;
      case UPSERT_MERGE:
        ops.add(primary(intent, WriteOperation.upsertMerge(intent.row())));
        break;
      default:
        ops.add(primary(intent, WriteOperation.delete(intent.partitionKey(), intent.rowKey(), ifMatch)));
        break;
    }
  }

  /**
   * Checks the stored entity against what the application asked; returns the snapshot with what the check
   * settled.
   */
  private Snapshot check(String table, WriteIntent<?> intent, Snapshot snapshot) {
    TableRow stored = snapshot.stored();
    if (stored == null) {
      if (intent.kind().upserts()) {
        return snapshot;
      }
      throw WriteFailures.notFound(intent, table, null);
    }
    EntityMapping<?> mapping = intent.mapping();
    String storedType = discriminator.typeFor(stored, mapping); // a row without one adopted by its keys
    if (!mapping.typeName().equals(storedType)) {
      throw WriteFailures.otherType(intent, table, stored, discriminator);
    }
    if (intent.guardsNewer() && (intent.kind() == WriteKind.UPDATE || intent.kind() == WriteKind.UPSERT)
        && EntityMapping.rowVersion(stored) > mapping.version()) {
      throw WriteFailures.newerVersion(intent, table, EntityMapping.rowVersion(stored));
    }
    if (!etagUnresolved(intent, snapshot)) {
      return snapshot;
    }
    if (!namesStoredVersion(intent, snapshot)) {
      throw WriteFailures.conflict(intent, table, stored.etag(), null);
    }
    return snapshot.accepting(stored.etag());
  }

  /**
   * Whether the application's ETag is the ETag of one of the stored entity's copies that shows it as stored
   * ({@link #copyShowsStored}), and so names the stored version.
   */
  private boolean namesStoredVersion(WriteIntent<?> intent, Snapshot snapshot) {
    TableRow stored = snapshot.stored();
    String[] copyKeys = intent.copyKeysOf(stored, context);
    List<? extends IndexMapping<?>> indexes = intent.mapping().indexes();
    for (int i = 0; i < copyKeys.length; i++) {
      Holder holder = copyKeys[i] == null ? null : snapshot.holder(copyKeys[i]);
      if (holder != null && holder.ours()
          && copyShowsStored(discriminator, indexes.get(i), stored, copyKeys[i], holder.row(), intent.userEtag())) {
        return true;
      }
    }
    return false;
  }

  /**
   * The one rule by which an ETag read through an index copy names the stored entity's version: {@code copy}, the
   * row under the stored entity's value of {@code index} ({@code copyKey}), is that entity's <em>full</em> copy,
   * has the ETag {@code etag}, and holds just what the stored entity's copy holds — every property, so the stored
   * entity is the one the copy showed. A partial or keys-only copy names no version even when it has the ETag and
   * is in step: the store may have given it the full copy's ETag in one batch, and it does not show the properties
   * a writer that does not keep the index may have changed since. A copy out of step (left behind by such a writer)
   * names none either.
   *
   * @param copy the row found under {@code copyKey}, or null for none
   */
  public static boolean copyShowsStored(Discriminator discriminator, IndexMapping<?> index, TableRow stored,
      String copyKey,
      TableRow copy, String etag) {
    return index.fullCopy() && copy != null && etag.equals(copy.etag())
        && IndexCopies.isCopyOf(discriminator, copy, index, stored.rowKey())
        && PropertyValues.equal(copy.properties(),
            IndexCopies.copy(discriminator, index, stored, copyKey).properties());
  }

  /** The insert of the entity and of each of its copies. */
  private static void inserts(WriteIntent<?> intent, List<PlannedOp> ops) {
    ops.add(primary(intent, WriteOperation.insert(intent.row())));
    for (TableRow part : intent.parts()) {
      ops.add(new PlannedOp(WriteOperation.insert(part), intent, null, Role.PART));
    }
    List<? extends IndexMapping<?>> indexes = intent.mapping().indexes();
    for (int i = 0; i < indexes.size(); i++) {
      TableRow copy = intent.copies().get(i);
      if (copy != null) {
        ops.add(new PlannedOp(WriteOperation.insert(copy), intent, indexes.get(i), Role.NEW_COPY));
      }
    }
  }

  /**
   * The operations of a write over a stored entity, each conditional on the ETag of the row it touches.
   *
   * <p>The copy under an index value the entity keeps is replaced if it is there, inserted if it is missing (the
   * insert fails if another entity took the value meanwhile); if another entity's copy is there — the entity held
   * the value without a copy (its row predates the index, or the copy went missing) and the other one took it —
   * the write fails. The copy under a value the entity gives up is deleted if it is there and the entity's, and
   * otherwise left alone. A copy under a new value is inserted, failing if the value is taken.
   *
   * @throws EntityExistsException if an index value the entity keeps is held by another entity's copy
   */
  private void conditional(String table, WriteIntent<?> intent, Snapshot snapshot, List<PlannedOp> ops) {
    TableRow stored = snapshot.stored();
    List<TableRow> newCopies = intent.copies();
    if (intent.mapping().wide()) {
      newCopies = wide(intent, stored, ops);
    } else if (intent.kind().merges()) {
      TableRow written = mergeRow(intent, stored);
      ops.add(primary(intent, WriteOperation.merge(written, stored.etag())));
      newCopies = mergedCopies(intent, stored, written);
    } else {
      ops.add(primary(intent, intent.kind() == WriteKind.DELETE
          ? WriteOperation.delete(intent.partitionKey(), intent.rowKey(), stored.etag())
          : WriteOperation.replace(intent.row(), stored.etag())));
    }
    List<? extends IndexMapping<?>> indexes = intent.mapping().indexes();
    if (indexes.isEmpty()) {
      return;
    }
    String[] oldKeys = intent.copyKeysOf(stored, context);
    for (int i = 0; i < oldKeys.length; i++) {
      IndexMapping<?> index = indexes.get(i);
      String oldKey = oldKeys[i];
      TableRow copy = intent.kind() == WriteKind.DELETE ? null : newCopies.get(i);
      Holder holder = oldKey == null ? null : snapshot.holder(oldKey);
      if (copy != null && copy.rowKey().equals(oldKey)) {
        if (holder == null) {
          ops.add(new PlannedOp(WriteOperation.replace(copy, stored.etag()), intent, index, Role.SAME_COPY));
        } else if (holder.ours()) {
          ops.add(new PlannedOp(WriteOperation.replace(copy, holder.etag()), intent, index, Role.SAME_COPY));
        } else if (holder.row() == null) {
          ops.add(new PlannedOp(WriteOperation.insert(copy), intent, index, Role.NEW_COPY));
        } else {
          throw WriteFailures.indexTaken(intent, index, oldKey, table, WriteFailures.holder(holder.row(),
              discriminator), null);
        }
        continue;
      }
      if (oldKey != null && (holder == null || holder.ours())) {
        String ifMatch = holder == null ? stored.etag() : holder.etag();
        ops.add(new PlannedOp(WriteOperation.delete(intent.partitionKey(), oldKey, ifMatch), intent, index,
            Role.OLD_COPY));
      }
      if (copy != null) {
        ops.add(new PlannedOp(WriteOperation.insert(copy), intent, index, Role.NEW_COPY));
      }
    }
  }

  /**
   * The operations on the rows of a wide entity over its stored rows ({@code stored}, joined): its head, conditional
   * on the stored head's ETag, which guards the whole; its parts, each replaced or inserted; and the stored parts it
   * no longer needs, deleted. A merge is the stored entity's properties overwritten by the entity's, split anew.
   *
   * @return the index copies of the entity as written
   */
  private <T> List<TableRow> wide(WriteIntent<T> intent, TableRow stored, List<PlannedOp> ops) {
    List<TableRow> rows = new ArrayList<>();
    List<TableRow> copies = intent.copies();
    if (intent.kind().merges()) {
      EntityMapping<T> mapping = intent.mapping();
      TableRow written = WideRows.join(intent.row(), intent.parts(), discriminator.name(), mapping.table(),
          mapping.entityClass().getSimpleName());
      if (EntityMapping.rowVersion(stored) > mapping.version()) {
        written = written.toBuilder().remove(EntityMapping.VERSION_PROPERTY).build();
      }
      TableRow merged = stored.toBuilder().putAll(written.properties()).remove(WideRows.PARTS_PROPERTY).build();
      String subject = mapping.entityClass().getSimpleName();
      String writeId = WideRows.writeId(intent.row()); // a partial merge's row was never split: none yet
      rows.addAll(WideRows.split(merged, mapping.wideHead(), discriminator.name(),
          writeId != null ? writeId : PendingRows.newId(), subject + " (merged with the stored entity)"));
      for (TableRow row : rows) {
        StoreLimits.checkRow(row, subject + " (merged with the stored entity)");
      }
      T entity = mapping.fromRow(mapping.withoutEncrypted(rows.get(0)), context);
      copies = WriteIntent.copies(discriminator, mapping, entity, rows.get(0), " (merged)");
    } else if (intent.kind() != WriteKind.DELETE) {
      rows.add(intent.row());
      rows.addAll(intent.parts());
    }
    ops.add(primary(intent, intent.kind() == WriteKind.DELETE
        ? WriteOperation.delete(intent.partitionKey(), intent.rowKey(), stored.etag())
        : WriteOperation.replace(rows.get(0), stored.etag())));
    for (int i = 1; i < rows.size(); i++) {
      ops.add(new PlannedOp(WriteOperation.upsertReplace(rows.get(i)), intent, null, Role.PART));
    }
    for (int i = Math.max(rows.size(), 1); i <= WideRows.parts(stored); i++) {
      ops.add(new PlannedOp(WriteOperation.delete(intent.partitionKey(), WideRows.partRowKey(intent.rowKey(), i),
          WriteIntent.ANY_ETAG), intent, null, Role.PART));
    }
    return copies;
  }

  /** The properties a merge writes: the entity's row, without its version marker over a row of a newer version. */
  private static TableRow mergeRow(WriteIntent<?> intent, TableRow stored) {
    return EntityMapping.rowVersion(stored) > intent.mapping().version()
        ? intent.row().toBuilder().remove(EntityMapping.VERSION_PROPERTY).build()
        : intent.row();
  }

  /**
   * The index copies of the entity a merge leaves, made from the row the merge leaves: the stored row's properties
   * overwritten by the merged ones, checked against the store's limits (nothing is merged without indexes).
   *
   * @throws io.tablemapper.api.InvalidEntityException if the merged row or a copy breaks the entity rules
   */
  private <T> List<TableRow> mergedCopies(WriteIntent<T> intent, TableRow stored, TableRow mergeRow) {
    EntityMapping<T> mapping = intent.mapping();
    if (mapping.indexes().isEmpty()) {
      return List.of();
    }
    TableRow merged = TableRow.builder(intent.partitionKey(), intent.rowKey(),
            stored.properties().size() + intent.row().properties().size())
        .putAll(stored.properties())
        .putAll(mergeRow.properties())
        .build();
    StoreLimits.checkRow(merged, mapping.entityClass().getSimpleName() + " (merged with the stored row)");
    // the index keys of the merged entity: no index key holds an encrypted property, so nothing is decrypted
    T entity = mapping.fromRow(mapping.withoutEncrypted(merged), context);
    return WriteIntent.copies(discriminator, mapping, entity, merged, " (merged)");
  }

  private static PlannedOp primary(WriteIntent<?> intent, WriteOperation operation) {
    return new PlannedOp(operation, intent, null, Role.PRIMARY);
  }
}
