package io.tablemapper.runtime.write;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.NewerVersionPolicy;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.WriteCosts;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.internal.mapping.WideRows;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.mapping.DynamicMapping;
import io.tablemapper.runtime.mapping.Hierarchy;
import io.tablemapper.runtime.rows.IndexCopies;
import io.tablemapper.runtime.values.LargeReferences;
import io.tablemapper.runtime.values.LargeValues;
import io.tablemapper.runtime.mapping.Mappings;
import io.tablemapper.runtime.rows.PendingRows;
import io.tablemapper.runtime.rows.PendingStep;
import io.tablemapper.runtime.rows.WriteKind;

/**
 * One write the application asked for — an insert, upsert, update, merge, upsert-merge or delete of one entity — and
 * what it writes, built once: the entity's row and its index copies, checked against the store's limits before anything
 * is read or sent, and the condition the application named (its {@code @ETag}). Immutable: what the store holds is read
 * for each attempt ({@link Snapshot}), and the operations are planned from the two ({@link WritePlanner}).
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
 * @param parts for a wide entity ({@link EntityMapping#wide()}), its part rows after its head {@code row}
 *     ({@link WideRows#split}); else empty
 * @param largeValues the values of the entity's {@code @Large} properties, which {@code row} references and which
 *     are put before the transaction ({@link LargeValues}); empty for a delete
 * @param rebuilds whether the write is an index build's rewrite of the entity as stored ({@link #rebuild}): it adds
 *     the entity to the key lists of the values it keeps, where a write adds it only to those of values it changes
 * @param <T> the entity class
 */
public record WriteIntent<T>(WriteKind kind, EntityMapping<T> mapping, T entity, int position, String partitionKey,
    String rowKey, String userEtag, TableRow row, List<TableRow> copies, TableRow readRow, boolean readOwnRow,
    boolean guardsNewer, String pendingId, List<PendingStep> pendingSteps, List<TableRow> parts,
    List<LargeReferences.Value> largeValues, boolean rebuilds) {

  /** A write the application asked for (not an index build's rewrite). */
  public WriteIntent(WriteKind kind, EntityMapping<T> mapping, T entity, int position, String partitionKey,
      String rowKey, String userEtag, TableRow row, List<TableRow> copies, TableRow readRow, boolean readOwnRow,
      boolean guardsNewer, String pendingId, List<PendingStep> pendingSteps, List<TableRow> parts,
      List<LargeReferences.Value> largeValues) {
    this(kind, mapping, entity, position, partitionKey, rowKey, userEtag, row, copies, readRow, readOwnRow,
        guardsNewer, pendingId, pendingSteps, parts, largeValues, false);
  }



  /** The If-Match value that matches any ETag. */
  public static final String ANY_ETAG = "*";

  /**
   * A write the application asked for, under a mapper's discriminator and policy for rows of newer versions.
   *
   * @param mapping the mapping the application wrote through (a {@link Hierarchy} writes through the object's class)
   * @param mappings those of the mapper's default naming, which map the object's class
   * @throws io.tablemapper.api.InvalidKeyException if a key breaks the key rules
   * @throws io.tablemapper.api.InvalidEntityException if the row or one of its copies breaks the entity rules
   */
  static <T> WriteIntent<T> of(WriteKind kind, EntityMapping<T> mapping, T entity, int position,
      Discriminator discriminator, MappingContext context, NewerVersionPolicy newerVersions, Mappings mappings) {
    EntityMapping<T> own = periodTable(Hierarchy.concrete(mapping, entity, mappings), entity);
    boolean dynamic = DynamicMapping.isDynamic(own);
    String etag = own.etag(entity);
    String userEtag = ANY_ETAG.equals(etag) ? null : etag;
    boolean guardsNewer = newerVersions == NewerVersionPolicy.REFUSE_REPLACE && !dynamic;
    if (kind == WriteKind.DELETE) {
      return delete(own, entity, position, userEtag, null, false, guardsNewer);
    }
    // a copy that cannot be written refuses the write, before anything is sent
    IndexCopies.checkRemoteKeys(own, entity);
    // references in the row
    LargeReferences.Detached built = LargeReferences.detach(own, own.toStoredRow(entity, context));
    TableRow row = dynamic ? built.row() : discriminator.tagged(built.row(), own.typeName()); // a dynamic row: its own
    String subject = own.entityClass().getSimpleName();
    List<TableRow> parts = List.of();
    if (own.wide()) {
      List<TableRow> rows = WideRows.split(row, own.wideHead(), discriminator.name(), PendingRows.newId(),
          subject);
      row = rows.get(0);
      parts = rows.subList(1, rows.size());
      for (TableRow part : parts) {
        StoreLimits.checkRow(part, subject + " part");
      }
    }
    StoreLimits.checkRow(row, subject);
    List<TableRow> copies = copies(discriminator, own, entity, row, "");
    if (own.wide()) {
      checkTransaction(subject, rows(row, parts, copies));
    }
    return new WriteIntent<>(kind, own, entity, position, row.partitionKey(), row.rowKey(), userEtag, row,
        copies, null, false, guardsNewer, null, List.of(), parts, built.values());
  }

  private static List<TableRow> rows(TableRow head, List<TableRow> parts, List<TableRow> copies) {
    List<TableRow> rows = new ArrayList<>(parts.size() + copies.size() + 1);
    rows.add(head);
    rows.addAll(parts);
    copies.stream().filter(copy -> copy != null).forEach(rows::add);
    return rows;
  }

  /**
   * A wide entity's rows and index copies fit one entity group transaction: its operations (with an old copy's
   * delete per index) and its size in the store's estimate.
   *
   * @throws io.tablemapper.api.InvalidEntityException if they do not
   */
  private static void checkTransaction(String subject, List<TableRow> rows) {
    long size = 0;
    for (TableRow row : rows) {
      size += StoreLimits.entitySize(row);
    }
    int copies = rows.size() - 1 - WideRows.parts(rows.get(0));
    int operations = rows.size() + copies;
    if (size > StoreLimits.MAX_BATCH_SIZE || operations > StoreLimits.MAX_BATCH_OPERATIONS) {
      throw new InvalidEntityException("the wide " + subject + " "
          + rows.get(0).describeKeys() + " takes " + (rows.size() - copies) + " rows and " + copies
          + " index copies, " + size + " bytes in the store's estimate; one entity group transaction writes at most "
          + StoreLimits.MAX_BATCH_OPERATIONS + " operations (each copy may take two: the old one deleted) and "
          + StoreLimits.MAX_BATCH_SIZE + " bytes (4 MiB)");
    }
  }

  /**
   * A partial merge (or upsert-merge) the application asked for: only the named properties of the entity, with its
   * keys' properties, and its ETag as the condition (of a merge). Its copies, where it inserts the entity, are those
   * of the entity the written row reads back as.
   *
   * @param properties the Java names of the properties to merge, checked by {@link PartialMerges}
   * @throws io.tablemapper.api.InvalidEntityException if a property may not be merged ({@code MergeRules}), or the
   *     row breaks the entity rules
   * @throws io.tablemapper.api.InvalidKeyException if a key breaks the key rules
   */
  static <T> WriteIntent<T> partial(WriteKind kind, EntityMapping<T> mapping, T entity, List<String> properties,
      Discriminator discriminator, MappingContext context, NewerVersionPolicy newerVersions, Mappings mappings) {
    EntityMapping<T> own = periodTable(Hierarchy.concrete(mapping, entity, mappings), entity);
    Set<String> kept = PartialMerges.storedNames(own, kind, properties);
    String etag = own.etag(entity);
    String userEtag = ANY_ETAG.equals(etag) ? null : etag;
    TableRow.Builder only = TableRow.builder(own.partitionKey(entity), own.rowKey(entity), kept.size() + 1);
    LargeReferences.Detached detached = LargeReferences.detach(own, own.toStoredRow(entity, context));
    TableRow built = detached.row();
    built.properties().forEach((name, value) -> {
      if (kept.contains(name) || name.equals(EntityMapping.VERSION_PROPERTY)) {
        only.put(name, value);
      }
    });
    TableRow row = discriminator.tagged(only.build(), own.typeName());
    StoreLimits.checkRow(row, own.entityClass().getSimpleName());
    T asRead = own.indexes().isEmpty() ? entity : readBack(own, row, properties, context);
    return new WriteIntent<>(kind, own, entity, 0, row.partitionKey(), row.rowKey(), userEtag, row,
        copies(discriminator, own, asRead, row, ""), null, false,
        newerVersions == NewerVersionPolicy.REFUSE_REPLACE, null, List.of(), List.of(),
        detached.values().stream().filter(value -> kept.contains(value.property())).toList());
  }

  /**
   * A partial merge's row read back as the entity its copies are made of. A class whose own code refuses what the row
   * lacks — a constructor that checks a property for null, Kotlin's check of a non-null parameter — refuses the merge
   * before anything is sent, naming the merged properties and what to do instead.
   *
   * @throws io.tablemapper.api.InvalidEntityException if the class cannot be created from the merged properties
   */
  private static <T> T readBack(EntityMapping<T> mapping, TableRow row, List<String> properties,
      MappingContext context) {
    try {
      return mapping.fromRow(mapping.withoutEncrypted(row), context);
    } catch (NullPointerException | IllegalArgumentException | IllegalStateException refused) {
      String subject = mapping.entityClass().getSimpleName();
      throw new InvalidEntityException("cannot merge only " + properties + " of " + subject + " "
          + row.describeKeys() + ": its index copies are made of the entity the merged properties and keys read back "
          + "as, and " + subject + " refused to be created from them (" + refused + "); merge or update the whole "
          + "entity, or let the other properties be null", refused);
    }
  }

  /**
   * The delete of an entity just read as {@code read}: conditional on the ETag read (whether or not the class maps
   * it), and dropped (not an error) when the entity is gone by the time it is deleted.
   *
   * @param read the entity's own row, or its view through a full index copy ({@link IndexCopies#primaryView})
   * @param ownRow whether {@code read} is the entity's own row
   */
  public static <T> WriteIntent<T> deleteAsRead(EntityMapping<T> mapping, T entity, TableRow read, boolean ownRow,
      int position, Mappings mappings) {
    return delete(periodTable(Hierarchy.concrete(mapping, entity, mappings), entity), entity, position, read.etag(),
        read,
        ownRow, false);
  }

  /**
   * The mapping of the table the entity lives in: for a table per period, that of the period its keys hold, so that
   * everything after — the EGT's table, its copies, the table encrypted values are bound to, the pending work —
   * names the concrete table; else the mapping itself.
   */
  private static <T> EntityMapping<T> periodTable(EntityMapping<T> mapping, T entity) {
    return mapping.tableTemplate() == null ? mapping
        : mapping.forKeys(mapping.partitionKey(entity), mapping.rowKey(entity));
  }

  private static <T> WriteIntent<T> delete(EntityMapping<T> mapping, T entity, int position, String userEtag,
      TableRow read, boolean ownRow, boolean guardsNewer) {
    String subject = mapping.entityClass().getSimpleName();
    String partitionKey = mapping.partitionKey(entity);
    String rowKey = mapping.rowKey(entity);
    StoreLimits.checkKey("PartitionKey", partitionKey, subject);
    StoreLimits.checkKey("RowKey", rowKey, subject);
    return new WriteIntent<>(WriteKind.DELETE, mapping, entity, position, partitionKey, rowKey, userEtag, null,
        List.of(),
        read, ownRow, guardsNewer, null, List.of(), List.of(), List.of());
  }

  /**
   * An index build's rewrite of an entity as stored: a merge of its stored row over itself, conditional on the ETag
   * it was read with, so that the write path gives it the copies, claims and key-list entries its current values
   * imply, by the write path's own rules, and changes none of its properties. It fails as a merge does: with {@link
   * io.tablemapper.api.ConcurrencyConflictException} when the entity changed since, {@link
   * io.tablemapper.api.EntityNotFoundException} when it is gone, {@link io.tablemapper.api.EntityExistsException}
   * when another entity holds one of its unique values.
   *
   * @param stored the entity's row as read, with its ETag (not of a wide entity)
   */
  public static <T> WriteIntent<T> rebuild(EntityMapping<T> mapping, TableRow stored, Discriminator discriminator,
      MappingContext context) {
    T entity = mapping.fromRow(mapping.withoutEncrypted(stored), context); // its keys and index values
    TableRow row = TableRow.builder(stored.partitionKey(), stored.rowKey(), stored.properties().size())
        .putAll(stored.properties()).build();
    return new WriteIntent<>(WriteKind.MERGE, mapping, entity, 0, stored.partitionKey(), stored.rowKey(),
        stored.etag(), row, copies(discriminator, mapping, entity, row, ""), stored, true, false, null, List.of(),
        List.of(), List.of(), true);
  }

  /** This write, with the later writes of an eventual batch to record in its transaction. */
  public WriteIntent<T> withPendingSteps(List<PendingStep> steps) {
    return new WriteIntent<>(kind, mapping, entity, position, partitionKey, rowKey, userEtag, row, copies, readRow,
        readOwnRow, guardsNewer, pendingId, List.copyOf(steps), parts, largeValues, rebuilds);
  }

  /** This write, recording its pending work under {@code id}: the record exists exactly when it was applied. */
  public WriteIntent<T> withPendingId(String id) {
    return new WriteIntent<>(kind, mapping, entity, position, partitionKey, rowKey, userEtag, row, copies, readRow,
        readOwnRow, guardsNewer, id, pendingSteps, parts, largeValues, rebuilds);
  }

  /** Whether the write leaves pending work: its entity has remote indexes, or it carries later writes. */
  public boolean leavesWork() {
    return !mapping.remoteIndexes().isEmpty() || !pendingSteps.isEmpty();
  }

  /**
   * The reconciliation of each remote index of the entity, with where its copy was before the write (from the
   * stored row; none when there is none).
   */
  public List<PendingStep> reconciliations(TableRow stored, MappingContext context) {
    List<IndexMapping<T>> remote = mapping.remoteIndexes();
    if (remote.isEmpty()) {
      return List.of();
    }
    T old = stored == null ? null : mapping.fromRow(mapping.withoutEncrypted(stored), context); // keys only
    List<PendingStep> steps = new ArrayList<>(remote.size());
    for (IndexMapping<T> index : remote) {
      List<PendingStep.Address> previous = new ArrayList<>(2);
      PendingStep.Address before = old == null ? null : IndexCopies.remoteAddress(index, old);
      if (before != null) {
        previous.add(before);
      }
      // and the copy (or list entry) of the value written: a round of this step that read the entity, found it
      // there and wrote it after a newer write's reconciliation had removed it, then died before it read the entity
      // again, leaves it for the step's next run to find (only the dead round knew of it). Free when the entity
      // still has the value: a round never removes the one it writes
      PendingStep.Address written = kind == WriteKind.DELETE ? null : IndexCopies.remoteAddress(index, entity);
      if (written != null && !written.equals(before)) {
        previous.add(written);
      }
      // the one copy the step writes (a merge's whole entity is known only once merged: any)
      List<PendingStep.Address> writes = kind == WriteKind.MERGE || kind == WriteKind.UPSERT_MERGE ? null
          : written == null ? List.of() : List.of(written);
      steps.add(PendingStep.reconcile(mapping.entityClass().getName(), mapping.table(),
          TableRow.keys(partitionKey, rowKey), index.name(), previous, writes));
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

  /** Whether the stored entity must be read first ({@link WriteCosts#readsFirst}, the one rule of it). */
  boolean needsRead() {
    return WriteCosts.readsFirst(kind.costs(), mapping.writeShape(), guardsNewer);
  }

  /**
   * Whether the write reads its stored entity, of its own row, before its first attempt: it reads one, knows no row
   * the application read it as, and is no wide entity (read whole, head and parts). Such a read may be made ahead
   * of the transaction and handed to it ({@link EgtWriter#write(String, List, WriteFailures.Mode, Map, Map)}).
   */
  public boolean needsReadAhead() {
    return needsRead() && readRow == null && !mapping.wide();
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
  public String[] copyKeysOf(TableRow stored, MappingContext context) {
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
  public T stored(WriteResult result) {
    if (kind == WriteKind.DELETE || result == null) {
      return entity;
    }
    return mapping.withSystemProperties(entity, result.etag(), result.timestamp());
  }

  /** The entity and its keys, for messages: {@code Employee (PartitionKey 'Sales', RowKey 'empid_00000123')}. */
  public String describe() {
    return mapping.entityClass().getSimpleName() + " " + TableRow.keys(partitionKey, rowKey).describeKeys();
  }
}
