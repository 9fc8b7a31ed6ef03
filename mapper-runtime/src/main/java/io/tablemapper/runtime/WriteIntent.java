package io.tablemapper.runtime;

import io.tablemapper.api.NewerVersionPolicy;
import io.tablemapper.api.OperationType;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * One write the application asked for — an insert, upsert, update, merge or delete of one entity — and what it
 * writes, built once: the entity's row and its index copies, checked against the store's limits before anything is
 * read or sent, and the condition the application named (its {@code @ETag}). Immutable: what the store holds is
 * read for each attempt ({@link Snapshot}), and the operations are planned from the two ({@link WritePlanner}).
 *
 * @param kind what the application asked for
 * @param mapping the mapping of the entity's own class (never a {@link Hierarchy})
 * @param entity the application's entity
 * @param position the operation's position in the order the application added it (0 for a repository write)
 * @param partitionKey the entity's PartitionKey
 * @param rowKey the entity's RowKey
 * @param userEtag the ETag the application's entity carries (its {@code @ETag} value), or null for none: then the
 *     write is unconditional. {@code "*"} is read as none, as the store reads {@code If-Match: *}, so that it means
 *     the same with indexes (where the runtime compares ETags itself) as without (where the store does)
 * @param row the entity's row, with its type under the mapper's discriminator; null for a delete
 * @param copies the copy of {@code row} for each index, in the order of the mapping's indexes (null where there is
 *     none); empty for a delete
 * @param readRow the entity's row as the application's read returned it, or null: its own row ({@code readOwnRow}),
 *     or its view through a full index copy, which stands for the stored entity until an attempt finds otherwise
 * @param readOwnRow whether {@code readRow} is the entity's own row
 * @param guardsNewer whether replaces of rows of a newer version are refused (and stored rows read to know their
 *     version)
 * @param pendingId the id of the record of pending work this write's transaction inserts beside the entity
 *     ({@link PendingRows}), or null for none: set for a write of an entity with remote indexes (the record then
 *     holds their reconciliation) or with {@code pendingSteps}
 * @param pendingSteps the steps the record holds besides the reconciliations: the later writes of an eventual batch
 * @param <T> the entity class
 */
record WriteIntent<T>(Kind kind, EntityMapping<T> mapping, T entity, int position, String partitionKey,
    String rowKey, String userEtag, TableRow row, List<TableRow> copies, TableRow readRow, boolean readOwnRow,
    boolean guardsNewer, String pendingId, List<PendingStep> pendingSteps) {

  /** What the application asked for. */
  enum Kind {
    INSERT,
    UPSERT,
    UPDATE,
    MERGE,
    DELETE;

    /** The operation as a word for messages. */
    String verb() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** The operation, as the mapper's listeners see it. */
    OperationType operation() {
      return OperationType.valueOf(name());
    }
  }

  /** The If-Match value that matches any ETag. */
  static final String ANY_ETAG = "*";

  /**
   * A write the application asked for, under a mapper's discriminator and policy for rows of newer versions.
   *
   * @param mapping the mapping the application wrote through (a {@link Hierarchy} writes through the object's class)
   * @param mappings those of the mapper's default naming, which map the object's class
   * @throws io.tablemapper.api.InvalidKeyException if a key breaks the key rules
   * @throws io.tablemapper.api.InvalidEntityException if the row or one of its copies breaks the entity rules
   */
  static <T> WriteIntent<T> of(Kind kind, EntityMapping<T> mapping, T entity, int position,
      Discriminator discriminator, MappingContext context, NewerVersionPolicy newerVersions, Mappings mappings) {
    EntityMapping<T> own = Hierarchy.concrete(mapping, entity, mappings);
    boolean dynamic = DynamicMapping.isDynamic(own);
    String etag = own.etag(entity);
    String userEtag = ANY_ETAG.equals(etag) ? null : etag;
    boolean guardsNewer = newerVersions == NewerVersionPolicy.REFUSE_REPLACE && !dynamic;
    if (kind == Kind.DELETE) {
      return delete(own, entity, position, userEtag, null, false, guardsNewer);
    }
    TableRow built = own.toStoredRow(entity, context);
    TableRow row = dynamic ? built : discriminator.tagged(built, own.typeName()); // a dynamic row holds its own
    StoreLimits.checkRow(row, own.entityClass().getSimpleName());
    return new WriteIntent<>(kind, own, entity, position, row.partitionKey(), row.rowKey(), userEtag, row,
        copies(discriminator, own, entity, row, ""), null, false, guardsNewer, null, List.of());
  }

  /**
   * The delete of an entity just read as {@code read}: conditional on the ETag read (whether or not the class maps
   * it), and dropped (not an error) when the entity is gone by the time it is deleted.
   *
   * @param read the entity's own row, or its view through a full index copy ({@link IndexCopies#primaryView})
   * @param ownRow whether {@code read} is the entity's own row
   */
  static <T> WriteIntent<T> deleteAsRead(EntityMapping<T> mapping, T entity, TableRow read, boolean ownRow,
      int position, Mappings mappings) {
    return delete(Hierarchy.concrete(mapping, entity, mappings), entity, position, read.etag(), read, ownRow, false);
  }

  private static <T> WriteIntent<T> delete(EntityMapping<T> mapping, T entity, int position, String userEtag,
      TableRow read, boolean ownRow, boolean guardsNewer) {
    String subject = mapping.entityClass().getSimpleName();
    String partitionKey = mapping.partitionKey(entity);
    String rowKey = mapping.rowKey(entity);
    StoreLimits.checkKey("PartitionKey", partitionKey, subject);
    StoreLimits.checkKey("RowKey", rowKey, subject);
    return new WriteIntent<>(Kind.DELETE, mapping, entity, position, partitionKey, rowKey, userEtag, null, List.of(),
        read, ownRow, guardsNewer, null, List.of());
  }

  /** This write, with the later writes of an eventual batch to record in its transaction. */
  WriteIntent<T> withPendingSteps(List<PendingStep> steps) {
    return new WriteIntent<>(kind, mapping, entity, position, partitionKey, rowKey, userEtag, row, copies, readRow,
        readOwnRow, guardsNewer, pendingId, List.copyOf(steps));
  }

  /** This write, recording its pending work under {@code id}: the record exists exactly when it was applied. */
  WriteIntent<T> withPendingId(String id) {
    return new WriteIntent<>(kind, mapping, entity, position, partitionKey, rowKey, userEtag, row, copies, readRow,
        readOwnRow, guardsNewer, id, pendingSteps);
  }

  /** Whether the write leaves pending work: its entity has remote indexes, or it carries later writes. */
  boolean leavesWork() {
    return !mapping.remoteIndexes().isEmpty() || !pendingSteps.isEmpty();
  }

  /**
   * The reconciliation of each remote index of the entity, with where its copy was before the write (from the
   * stored row; none when there is none).
   */
  List<PendingStep> reconciliations(TableRow stored, MappingContext context) {
    List<IndexMapping<T>> remote = mapping.remoteIndexes();
    if (remote.isEmpty()) {
      return List.of();
    }
    T old = stored == null ? null : mapping.fromRow(stored, context);
    List<PendingStep> steps = new ArrayList<>(remote.size());
    for (IndexMapping<T> index : remote) {
      PendingStep.Address before = old == null ? null : RemoteIndexes.address(index, old);
      steps.add(PendingStep.reconcile(mapping.entityClass().getName(), mapping.table(),
          TableRow.keys(partitionKey, rowKey), index.name(), before == null ? List.of() : List.of(before)));
    }
    return steps;
  }

  /**
   * The copies of an entity's row, in the order of the mapping's indexes (null where an index has none), each
   * checked against the store's limits.
   *
   * @param row the entity's row
   * @param what added to the name of a copy in messages ({@code ""}, or {@code " (merged)"} for a merged row)
   * @throws io.tablemapper.api.InvalidEntityException if a copy breaks the entity rules
   */
  static <T> List<TableRow> copies(Discriminator discriminator, EntityMapping<T> mapping, T entity, TableRow row,
      String what) {
    String subject = mapping.entityClass().getSimpleName();
    List<IndexMapping<T>> indexes = mapping.indexes();
    TableRow[] copies = new TableRow[indexes.size()];
    for (int i = 0; i < copies.length; i++) {
      IndexMapping<T> index = indexes.get(i);
      String copyKey = index.rowKey(entity);
      if (copyKey != null) {
        copies[i] = IndexCopies.copy(discriminator, index, row, copyKey);
        StoreLimits.checkRow(copies[i], subject + " index '" + index.name() + "' copy" + what);
      }
    }
    return Collections.unmodifiableList(Arrays.asList(copies));
  }

  /**
   * Whether the stored entity must be read first: its indexes' copies depend on it (where its remote copies were
   * is recorded for their reconciliation), or the write replaces or
   * merges a row whose version must be known — a replace to refuse it if it is newer, a merge of a versioned
   * class to keep a newer row's version marker (a merge of a version 1 class writes none).
   */
  boolean needsRead() {
    switch (kind) {
      case INSERT:
        return false;
      case DELETE:
        return !mapping.allIndexes().isEmpty();
      case MERGE:
        return !mapping.allIndexes().isEmpty() || guardsNewer || mapping.version() > 1;
      default:
        return !mapping.allIndexes().isEmpty() || guardsNewer;
    }
  }

  /** Whether the write is dropped, not failed, when the entity is gone by the time it is written. */
  boolean dropsWhenMissing() {
    return readRow != null;
  }

  /**
   * The RowKeys of the copies a stored row of the entity has, in the order of the mapping's indexes; null where it
   * has none.
   *
   * @throws io.tablemapper.api.InvalidKeyException if a stored index value is no valid key
   */
  String[] copyKeysOf(TableRow stored, MappingContext context) {
    List<IndexMapping<T>> indexes = mapping.indexes();
    String[] keys = new String[indexes.size()];
    if (keys.length > 0) {
      T old = mapping.fromRow(mapping.withoutEncrypted(stored), context); // no index key holds one
      for (int i = 0; i < keys.length; i++) {
        keys[i] = indexes.get(i).rowKey(old);
      }
    }
    return keys;
  }

  /** The entity as stored, with its new ETag and Timestamp; a deleted entity, or one not written, as given. */
  T stored(WriteResult result) {
    if (kind == Kind.DELETE || result == null) {
      return entity;
    }
    return mapping.withSystemProperties(entity, result.etag(), result.timestamp());
  }

  /** The entity and its keys, for messages: {@code Employee (PartitionKey 'Sales', RowKey 'empid_00000123')}. */
  String describe() {
    return mapping.entityClass().getSimpleName() + " " + TableRow.keys(partitionKey, rowKey).describeKeys();
  }
}
