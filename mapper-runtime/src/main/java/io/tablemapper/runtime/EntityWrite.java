package io.tablemapper.runtime;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.NewerVersionPolicy;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.runtime.CopyHolders.Holder;
import io.tablemapper.runtime.PlannedOp.Role;
import io.tablemapper.runtime.WriteFailures.Race;
import io.tablemapper.spi.PropertyValues;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One write the application asked for (an insert, upsert, update, merge or delete of one entity), and what it
 * takes to carry it out together with the entity's index copies.
 *
 * <p>Rows are built and checked against the store's limits once, when the write is created, so a broken rule is
 * reported before anything is read or sent. An entity with indexes is read before an update, upsert or delete:
 * the stored entity says which copies exist.
 *
 * <p>Every operation of the transaction is conditional on the ETag of the row it touches, so nothing is written
 * over a row that changed since it was read: the entity's own row on the ETag read, and each copy of the stored
 * entity on the copy's ETag. That one is read too when the store gives each row of a batch its own ETag (the
 * writer learns that from what its batches return); where rows of a batch share one, an in-step copy has its
 * entity's ETag, so that is used without a read, and the store checks it. A check that fails tells what is there
 * (the copy, another entity's copy, nothing); the copies are then read and the transaction sent again, so a copy
 * is never written over another entity's and never left behind.
 *
 * <p>The application's {@code @ETag} names the version it read: the entity row's ETag, or — read through a full
 * index copy — the copy's. Every write of an entity rewrites all its copies in its transaction, so a copy is
 * unchanged exactly as long as its entity is, and a copy's ETag is accepted while it is the current ETag of one of
 * the entity's copies that is in step with it (the copies are read to find out only when the ETag is not the
 * entity's).
 *
 * <p>A merge writes the entity's properties over the stored row's, keeping the others; its copies are made from
 * the merged row, so an entity with indexes is read first. Rows of a newer {@code @Entity} version than the
 * class are protected ({@link NewerVersionPolicy#REFUSE_REPLACE}): an update or upsert reads the stored row even
 * without indexes, is refused if it is newer, and is otherwise conditional on the ETag read; a merge over it keeps
 * its version marker. Not thread-safe; used by one call.
 *
 * @param <T> the entity class
 */
final class EntityWrite<T> {

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
  }

  /** The If-Match value that matches any ETag. */
  private static final String ANY_ETAG = "*";

  final Kind kind;
  final EntityMapping<T> mapping;
  final T entity;
  /** The operation's position in the order the application added it (0 for a repository write). */
  final int position;
  final String partitionKey;
  final String rowKey;
  /**
   * The ETag the application's entity carries (its {@code @ETag} value), or null for none: then the write is
   * unconditional. {@code "*"} is read as none, as the store reads {@code If-Match: *}, so that it means the same
   * with indexes (where the runtime compares ETags itself) as without (where the store does).
   */
  final String userEtag;
  private final MappingContext context;
  private final TableRow row;
  private final TableRow[] copies;
  private final boolean dropWhenMissing;
  /** Whether replaces of rows of a newer version are refused (and stored rows read to know their version). */
  private final boolean guardsNewer;

  private TableRow stored;
  private boolean storedKnown;
  /**
   * A full index copy the entity was read through, taken as the stored entity until an attempt finds otherwise
   * (its properties are the entity's; its ETag is the entity's where a batch's rows share one); null once used.
   */
  private TableRow storedGuess;
  /** Whether {@link #stored} is {@link #storedGuess}, not a read of the entity's own row. */
  private boolean guessed;
  /** The ETag of the entity version {@link #userEtag} was found to name (through a copy), or null. */
  private String acceptedVersion;
  private boolean dropped;
  private WriteResult result;

  /** What was read or learned about the rows under the stored entity's index values; forgotten with it. */
  private final CopyHolders holders;
  /** What other writers did to the entity between this write's reads and its transactions; null for nothing. */
  private EnumSet<Race> races;

  private EntityWrite(Kind kind, EntityMapping<T> mapping, T entity, int position, MappingContext context,
      String readEtag, TableRow stored, TableRow storedGuess, boolean dropWhenMissing, boolean guardsNewer) {
    this.kind = kind;
    this.guardsNewer = guardsNewer;
    this.mapping = mapping;
    this.entity = entity;
    this.position = position;
    this.context = context;
    this.dropWhenMissing = dropWhenMissing;
    String subject = mapping.entityClass().getSimpleName();
    if (kind == Kind.DELETE) {
      this.partitionKey = mapping.partitionKey(entity);
      this.rowKey = mapping.rowKey(entity);
      StoreLimits.checkKey("PartitionKey", partitionKey, subject);
      StoreLimits.checkKey("RowKey", rowKey, subject);
      this.row = null;
      this.copies = null;
    } else {
      this.row = withDiscriminator(mapping.toRow(entity, context));
      StoreLimits.checkRow(row, subject);
      this.partitionKey = row.partitionKey();
      this.rowKey = row.rowKey();
      List<IndexMapping<T>> indexes = mapping.indexes();
      this.copies = new TableRow[indexes.size()];
      for (int i = 0; i < copies.length; i++) {
        IndexMapping<T> index = indexes.get(i);
        String copyKey = index.rowKey(entity);
        if (copyKey != null) {
          copies[i] = IndexCopies.copy(index, row, copyKey);
          StoreLimits.checkRow(copies[i], subject + " index '" + index.name() + "' copy");
        }
      }
    }
    this.holders = new CopyHolders(rowKey);
    if (readEtag != null) {
      this.userEtag = readEtag;
      this.stored = stored;
      this.storedKnown = stored != null;
      this.storedGuess = storedGuess;
    } else {
      String etag = mapping.etag(entity);
      this.userEtag = ANY_ETAG.equals(etag) ? null : etag;
    }
  }

  /**
   * A write the application asked for.
   *
   * @throws io.tablemapper.api.InvalidKeyException if a key breaks the key rules
   * @throws io.tablemapper.api.InvalidEntityException if the row or one of its copies breaks the entity rules
   */
  static <T> EntityWrite<T> of(Kind kind, EntityMapping<T> mapping, T entity, int position, MappingContext context) {
    return of(kind, mapping, entity, position, context, NewerVersionPolicy.REFUSE_REPLACE);
  }

  /**
   * A write the application asked for, under a mapper's policy for rows of newer versions.
   *
   * @throws io.tablemapper.api.InvalidKeyException if a key breaks the key rules
   * @throws io.tablemapper.api.InvalidEntityException if the row or one of its copies breaks the entity rules
   */
  static <T> EntityWrite<T> of(Kind kind, EntityMapping<T> mapping, T entity, int position, MappingContext context,
      NewerVersionPolicy newerVersions) {
    return new EntityWrite<>(kind, Hierarchy.concrete(mapping, entity), entity, position, context, null, null, null,
        false, newerVersions == NewerVersionPolicy.REFUSE_REPLACE && !DynamicMapping.isDynamic(mapping));
  }

  /**
   * The delete of an entity just read as {@code read}: conditional on the ETag read (whether or not the class
   * maps it), and dropped (not an error) when the entity is gone by the time it is deleted.
   *
   * @param read the entity's own row, or its view through a full index copy ({@link IndexCopies#primaryView})
   * @param ownRow whether {@code read} is the entity's own row
   */
  static <T> EntityWrite<T> deleteAsRead(EntityMapping<T> mapping, T entity, TableRow read, boolean ownRow,
      int position, MappingContext context) {
    return new EntityWrite<>(Kind.DELETE, Hierarchy.concrete(mapping, entity), entity, position, context, read.etag(), ownRow ? read : null,
        ownRow ? null : read, true, false);
  }

  /**
   * Whether the stored entity must be read first: its indexes' copies depend on it, or the write replaces or
   * merges a row whose version must be known — a replace to refuse it if it is newer, a merge of a versioned
   * class to keep a newer row's version marker (a merge of a version 1 class writes none).
   */
  boolean needsRead() {
    switch (kind) {
      case INSERT:
        return false;
      case DELETE:
        return !mapping.indexes().isEmpty();
      case MERGE:
        return !mapping.indexes().isEmpty() || guardsNewer || mapping.version() > 1;
      default:
        return !mapping.indexes().isEmpty() || guardsNewer;
    }
  }

  /**
   * Reads what this attempt needs and does not know: the stored entity, and the rows under its index values when
   * their ETags are needed — to condition the copies' operations on (unless {@code copiesShareEntityEtag}), or
   * to find out whether the application's ETag is a copy's (the full copies then, which reads hand out).
   *
   * @param copiesShareEntityEtag whether an in-step copy is expected to have its entity's ETag (the store has
   *     given the rows of each batch one ETag so far)
   * @throws io.tablemapper.api.InvalidKeyException if a stored index value is no valid key
   */
  void read(TableBackend backend, String table, boolean copiesShareEntityEtag) {
    if (!needsRead()) {
      return;
    }
    if (!storedKnown) {
      if (storedGuess != null && copiesShareEntityEtag) {
        stored = storedGuess;
        guessed = true;
      } else {
        stored = backend.get(table, partitionKey, rowKey).orElse(null);
      }
      storedGuess = null;
      storedKnown = true;
    }
    if (stored == null || !mapping.typeName().equals(IndexCopies.typeOf(stored))) {
      return;
    }
    if (!copiesShareEntityEtag) {
      readHolders(backend, table, false);
    } else if (etagUnresolved()) {
      readHolders(backend, table, true);
    }
  }

  /** Whether the application's ETag is neither the stored entity's nor known to name its version. */
  private boolean etagUnresolved() {
    return kind != Kind.UPSERT && userEtag != null && !userEtag.equals(stored.etag())
        && !stored.etag().equals(acceptedVersion);
  }

  /**
   * Reads the rows under the stored entity's index values that are not known yet (only the full copies' with
   * {@code fullOnly}).
   */
  void readHolders(TableBackend backend, String table, boolean fullOnly) {
    T old = mapping.fromRow(stored, context);
    for (IndexMapping<T> index : mapping.indexes()) {
      String oldKey = index.rowKey(old);
      if (oldKey != null && (!fullOnly || index.fullCopy()) && !holders.knows(oldKey)) {
        holders.found(index, oldKey, backend.get(table, partitionKey, oldKey).orElse(null));
      }
    }
  }

  /** What was read or learned about the rows under the stored entity's index values. */
  CopyHolders holders() {
    return holders;
  }

  /** Whether the stored entity is a guess taken from the full copy it was read through. */
  boolean storedGuessed() {
    return guessed;
  }

  /**
   * Forgets what was read and learned about the entity and its copies, so the next attempt reads again. What the
   * application's ETag was found to name is kept: it still holds while the entity has that version.
   */
  void forget() {
    if (needsRead()) {
      storedKnown = false;
      stored = null;
      guessed = false;
      holders.clear();
    }
  }

  /**
   * Checks what was read against what the application asked; returns the failure, or null. A missing entity of a
   * write that tolerates it drops the write instead.
   */
  RuntimeException checkStored(String table) {
    if (!needsRead()) {
      return null;
    }
    if (stored == null) {
      if (kind == Kind.UPSERT) {
        return null;
      }
      if (dropWhenMissing) {
        dropped = true;
        return null;
      }
      return WriteFailures.notFound(this, table, null);
    }
    String storedType = IndexCopies.typeOf(stored);
    if (!mapping.typeName().equals(storedType)) {
      return WriteFailures.otherType(this, table, storedType);
    }
    if (guardsNewer && (kind == Kind.UPDATE || kind == Kind.UPSERT)
        && EntityMapping.rowVersion(stored) > mapping.version()) {
      return WriteFailures.newerVersion(this, table, EntityMapping.rowVersion(stored));
    }
    if (etagUnresolved()) {
      if (!namesStoredVersion(userEtag)) {
        return WriteFailures.conflict(this, table, stored.etag(), null);
      }
      acceptedVersion = stored.etag();
    }
    return null;
  }

  /**
   * Whether {@code etag} is the ETag of one of the stored entity's copies that is in step with it — holding just
   * what the entity's copy holds — and so names the stored version: every write of the entity rewrites its copies
   * in its transaction. A copy out of step (left behind by a writer that does not keep the index) names none.
   */
  private boolean namesStoredVersion(String etag) {
    T old = mapping.fromRow(stored, context);
    for (IndexMapping<T> index : mapping.indexes()) {
      String copyKey = index.rowKey(old);
      Holder holder = copyKey == null ? null : holders.get(copyKey);
      if (holder != null && holder.ours() && etag.equals(holder.etag()) && PropertyValues.equal(
          holder.row().properties(), IndexCopies.copy(index, stored, copyKey).properties())) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a failure of the entity's own operation is a race with another writer that a fresh read resolves: the
   * entity changed, vanished or appeared between this write's read and its transaction, and the application did
   * not ask for a specific ETag.
   */
  boolean retriesOn(RuntimeException failure) {
    if (!needsRead()) {
      return false;
    }
    if (failure instanceof ConcurrencyConflictException) {
      return kind == Kind.UPSERT || userEtag == null;
    }
    if (failure instanceof EntityNotFoundException) {
      return !dropWhenMissing; // such a write is dropped instead
    }
    return failure instanceof EntityExistsException && kind == Kind.UPSERT;
  }

  /** Records a race with another writer that made an attempt fail, for the message if the write gives up. */
  void raced(Race race) {
    if (races == null) {
      races = EnumSet.noneOf(Race.class);
    }
    races.add(race);
  }

  /** The races recorded, in the order of {@link Race}. */
  Set<Race> races() {
    return races == null ? Set.of() : races;
  }

  /** Whether a vanished entity drops this write rather than failing it. */
  boolean dropsWhenMissing() {
    return dropWhenMissing;
  }

  /** Leaves this write out of the transaction. */
  void drop() {
    dropped = true;
  }

  boolean dropped() {
    return dropped;
  }

  /**
   * Adds this write's backend operations: the entity's own row, then its index copies, each conditional on the
   * ETag of the row it touches.
   *
   * <p>The copy under an index value the entity keeps is replaced if it is there, inserted if it is missing (the
   * insert fails if another entity took the value meanwhile); if another entity's copy is there — the entity held
   * the value without a copy (its row predates the index, or the copy went missing) and the other one took it —
   * the write fails. The copy under a value the entity gives up is deleted if it is there and the entity's, and
   * otherwise left alone. A copy under a new value is inserted, failing if the value is taken. A value whose row
   * is not known is taken to hold the entity's copy, with the entity's ETag.
   *
   * @throws EntityExistsException if an index value the entity keeps is held by another entity's copy
   */
  void expand(List<PlannedOp> out, String table) {
    List<IndexMapping<T>> indexes = mapping.indexes();
    boolean read = needsRead();
    if (kind == Kind.INSERT || kind == Kind.UPSERT && read && stored == null) {
      out.add(primary(WriteOperation.insert(row)));
      for (int i = 0; i < copies.length; i++) {
        if (copies[i] != null) {
          out.add(new PlannedOp(WriteOperation.insert(copies[i]), this, indexes.get(i), Role.NEW_COPY));
        }
      }
      return;
    }
    if (!read) {
      String ifMatch = userEtag != null ? userEtag : ANY_ETAG;
      switch (kind) {
        case UPSERT:
          out.add(primary(WriteOperation.upsertReplace(row)));
          return;
        case UPDATE:
          out.add(primary(WriteOperation.replace(row, ifMatch)));
          return;
        case MERGE:
          out.add(primary(WriteOperation.merge(row, ifMatch)));
          return;
        default:
          out.add(primary(WriteOperation.delete(partitionKey, rowKey, ifMatch)));
          return;
      }
    }
    TableRow[] newCopies = copies;
    if (kind == Kind.MERGE) {
      TableRow merged = merged();
      out.add(primary(WriteOperation.merge(mergeRow(), stored.etag())));
      newCopies = merged == null ? copies : mergedCopies(merged);
    } else {
      out.add(primary(kind == Kind.DELETE
          ? WriteOperation.delete(partitionKey, rowKey, stored.etag())
          : WriteOperation.replace(row, stored.etag())));
    }
    if (indexes.isEmpty()) {
      return;
    }
    T old = mapping.fromRow(stored, context);
    for (int i = 0; i < indexes.size(); i++) {
      IndexMapping<T> index = indexes.get(i);
      String oldKey = index.rowKey(old);
      TableRow copy = kind == Kind.DELETE ? null : newCopies[i];
      Holder holder = oldKey == null ? null : holders.get(oldKey);
      if (copy != null && copy.rowKey().equals(oldKey)) {
        if (holder == null) {
          out.add(new PlannedOp(WriteOperation.replace(copy, stored.etag()), this, index, Role.SAME_COPY));
        } else if (holder.ours()) {
          out.add(new PlannedOp(WriteOperation.replace(copy, holder.etag()), this, index, Role.SAME_COPY));
        } else if (holder.row() == null) {
          out.add(new PlannedOp(WriteOperation.insert(copy), this, index, Role.NEW_COPY));
        } else {
          throw WriteFailures.indexTaken(this, index, oldKey, table, WriteFailures.holder(holder.row()), null);
        }
        continue;
      }
      if (oldKey != null && (holder == null || holder.ours())) {
        String ifMatch = holder == null ? stored.etag() : holder.etag();
        out.add(new PlannedOp(WriteOperation.delete(partitionKey, oldKey, ifMatch), this, index, Role.OLD_COPY));
      }
      if (copy != null) {
        out.add(new PlannedOp(WriteOperation.insert(copy), this, index, Role.NEW_COPY));
      }
    }
  }

  /**
   * The row a merge leaves: the stored row's properties overwritten by the entity's (keeping a newer version's
   * marker), checked against the store's limits; null when the entity has no indexes (nothing is made from it).
   *
   * @throws io.tablemapper.api.InvalidEntityException if the merged row breaks the entity rules
   */
  private TableRow merged() {
    if (mapping.indexes().isEmpty()) {
      return null;
    }
    TableRow merged = TableRow.builder(partitionKey, rowKey, stored.properties().size() + row.properties().size())
        .putAll(stored.properties())
        .putAll(mergeRow().properties())
        .build();
    StoreLimits.checkRow(merged, mapping.entityClass().getSimpleName() + " (merged with the stored row)");
    return merged;
  }

  /** The properties a merge writes: the entity's row, without its version marker over a row of a newer version. */
  private TableRow mergeRow() {
    return EntityMapping.rowVersion(stored) > mapping.version()
        ? row.toBuilder().remove(EntityMapping.VERSION_PROPERTY).build()
        : row;
  }

  /** The index copies of the entity a merge leaves, made from the merged row. */
  private TableRow[] mergedCopies(TableRow merged) {
    List<IndexMapping<T>> indexes = mapping.indexes();
    TableRow[] result = new TableRow[indexes.size()];
    T mergedEntity = mapping.fromRow(merged, context);
    String subject = mapping.entityClass().getSimpleName();
    for (int i = 0; i < result.length; i++) {
      IndexMapping<T> index = indexes.get(i);
      String copyKey = index.rowKey(mergedEntity);
      if (copyKey != null) {
        result[i] = IndexCopies.copy(index, merged, copyKey);
        StoreLimits.checkRow(result[i], subject + " index '" + index.name() + "' copy (merged)");
      }
    }
    return result;
  }

  /** Records the store's result for the entity's own row. */
  void complete(WriteResult primaryResult) {
    this.result = primaryResult;
  }

  /** The entity as stored, with its new ETag and Timestamp; a deleted entity as given. */
  T stored() {
    if (kind == Kind.DELETE || result == null) {
      return entity;
    }
    return mapping.withSystemProperties(entity, result.etag(), result.timestamp());
  }

  /** Whether the write reached the store (false when it was dropped). */
  boolean completed() {
    return result != null;
  }

  /** The entity and its keys, for messages: {@code Employee (PartitionKey 'Sales', RowKey 'empid_00000123')}. */
  String describe() {
    return mapping.entityClass().getSimpleName() + " " + TableRow.keys(partitionKey, rowKey).describeKeys();
  }

  private PlannedOp primary(WriteOperation operation) {
    return new PlannedOp(operation, this, null, Role.PRIMARY);
  }

  private TableRow withDiscriminator(TableRow built) {
    if (DynamicMapping.isDynamic(mapping)) {
      return built; // written as the application built it
    }
    return mapping.typeName().equals(built.get(EntityMapping.TYPE_PROPERTY))
        ? built
        : built.toBuilder().putString(EntityMapping.TYPE_PROPERTY, mapping.typeName()).build();
  }
}
