package io.tablemapper.runtime;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.runtime.PlannedOp.Role;
import io.tablemapper.runtime.WriteFailures.Race;
import io.tablemapper.spi.EntityMapping;
import io.tablemapper.spi.IndexMapping;
import io.tablemapper.spi.MappingContext;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * One write the application asked for (an insert, upsert, update or delete of one entity), and what it takes to
 * carry it out together with the entity's index copies.
 *
 * <p>Rows are built and checked against the store's limits once, when the write is created, so a broken rule is
 * reported before anything is read or sent. An entity with indexes is read before an update, upsert or delete:
 * the stored entity says which copies exist, and its ETag guards the whole transaction (If-Match on the entity's
 * own row), so copies can never go out of step with their entity. Not thread-safe; used by one call.
 *
 * @param <T> the entity class
 */
final class EntityWrite<T> {

  /** What the application asked for. */
  enum Kind {
    INSERT,
    UPSERT,
    UPDATE,
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
  private final TableRow row;
  private final TableRow[] copies;
  private final boolean dropWhenMissing;

  private TableRow stored;
  private boolean storedKnown;
  private boolean dropped;
  private WriteResult result;

  // What earlier attempts learned about the copies of the stored entity; null until something was learned, and
  // forgotten with the stored entity.
  /** RowKeys of old copies the store did not delete: gone already, or another entity's. */
  private Set<String> notOurs;
  /** RowKeys of unchanged values whose copy is missing: inserted instead of replaced. */
  private Set<String> missing;
  /** Our own copies found out of step with the entity (rewritten on their own): RowKey to their ETag. */
  private Map<String, String> outOfStep;
  /** What other writers did to the entity between this write's reads and its transactions; null for nothing. */
  private EnumSet<Race> races;

  private EntityWrite(Kind kind, EntityMapping<T> mapping, T entity, int position, MappingContext context,
      TableRow stored, boolean dropWhenMissing) {
    this.kind = kind;
    this.mapping = mapping;
    this.entity = entity;
    this.position = position;
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
    if (stored != null) {
      this.userEtag = stored.etag();
      this.stored = stored;
      this.storedKnown = true;
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
    return new EntityWrite<>(kind, mapping, entity, position, context, null, false);
  }

  /**
   * The delete of an entity just read from {@code stored}: conditional on the ETag read (whether or not the class
   * maps it), and dropped (not an error) when the entity is gone by the time it is deleted.
   */
  static <T> EntityWrite<T> deleteAsRead(EntityMapping<T> mapping, T entity, TableRow stored, int position,
      MappingContext context) {
    return new EntityWrite<>(Kind.DELETE, mapping, entity, position, context, stored, true);
  }

  /** Whether the stored entity must be read first: its indexes' copies depend on it. */
  boolean needsRead() {
    return kind != Kind.INSERT && !mapping.indexes().isEmpty();
  }

  /** Reads the stored entity unless it is known for this attempt. */
  void read(TableBackend backend, String table) {
    if (needsRead() && !storedKnown) {
      stored = backend.get(table, partitionKey, rowKey).orElse(null);
      storedKnown = true;
    }
  }

  /** Forgets what was read, and what was learned about its copies, so the next attempt reads again. */
  void forget() {
    if (needsRead()) {
      storedKnown = false;
      stored = null;
      notOurs = null;
      missing = null;
      outOfStep = null;
    }
  }

  /**
   * An old copy the store did not delete, conditional on the entity's ETag: it is gone already, or it is not
   * ours (another entity took the value while this entity had no copy of it). Later attempts leave it alone.
   */
  void leaveOut(String copyKey) {
    if (notOurs == null) {
      notOurs = new HashSet<>();
    }
    notOurs.add(copyKey);
  }

  /** The copy of an unchanged value is missing: later attempts insert it (failing if the value is taken). */
  void reinsert(String copyKey) {
    if (missing == null) {
      missing = new HashSet<>();
    }
    missing.add(copyKey);
  }

  /**
   * The row holding an unchanged value is this entity's copy, but was rewritten on its own since the entity was:
   * later attempts replace it conditionally on the ETag it has now.
   */
  void adopt(String copyKey, String copyEtag) {
    if (outOfStep == null) {
      outOfStep = new HashMap<>();
    }
    outOfStep.put(copyKey, copyEtag);
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
    if (kind != Kind.UPSERT && userEtag != null && !userEtag.equals(stored.etag())) {
      return WriteFailures.conflict(this, table, stored.etag(), null);
    }
    return null;
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
   * Adds this write's backend operations: the entity's own row, then its index copies.
   *
   * <p>Copies of the stored entity are written conditionally on its ETag, which its copies share (they are
   * written in its batches): a row under one of its index values with another ETag is not its copy, and is never
   * overwritten or deleted (an entity may hold a value without a copy — its row predates the index, or the copy
   * went missing — and another entity may then have taken the value). What earlier attempts learned changes
   * that: old copies found gone or not ours are left out, missing copies of unchanged values are inserted, and
   * our own out-of-step copies are replaced conditionally on their own ETag.
   */
  void expand(List<PlannedOp> out, MappingContext context) {
    List<IndexMapping<T>> indexes = mapping.indexes();
    boolean indexed = !indexes.isEmpty();
    if (kind == Kind.INSERT || kind == Kind.UPSERT && indexed && stored == null) {
      out.add(primary(WriteOperation.insert(row)));
      for (int i = 0; i < copies.length; i++) {
        if (copies[i] != null) {
          out.add(new PlannedOp(WriteOperation.insert(copies[i]), this, indexes.get(i), Role.NEW_COPY));
        }
      }
      return;
    }
    if (!indexed) {
      String ifMatch = userEtag != null ? userEtag : ANY_ETAG;
      switch (kind) {
        case UPSERT:
          out.add(primary(WriteOperation.upsertReplace(row)));
          return;
        case UPDATE:
          out.add(primary(WriteOperation.replace(row, ifMatch)));
          return;
        default:
          out.add(primary(WriteOperation.delete(partitionKey, rowKey, ifMatch)));
          return;
      }
    }
    T old = mapping.fromRow(stored, context);
    out.add(primary(kind == Kind.DELETE
        ? WriteOperation.delete(partitionKey, rowKey, stored.etag())
        : WriteOperation.replace(row, stored.etag())));
    for (int i = 0; i < indexes.size(); i++) {
      IndexMapping<T> index = indexes.get(i);
      String oldKey = index.rowKey(old);
      TableRow copy = kind == Kind.DELETE ? null : copies[i];
      if (copy != null && copy.rowKey().equals(oldKey)) {
        if (missing != null && missing.contains(oldKey)) {
          out.add(new PlannedOp(WriteOperation.insert(copy), this, index, Role.NEW_COPY));
        } else {
          String copyEtag = outOfStep == null ? null : outOfStep.get(oldKey);
          out.add(new PlannedOp(WriteOperation.replace(copy, copyEtag != null ? copyEtag : stored.etag()), this,
              index, Role.SAME_COPY));
        }
        continue;
      }
      if (oldKey != null && (notOurs == null || !notOurs.contains(oldKey))) {
        out.add(new PlannedOp(WriteOperation.delete(partitionKey, oldKey, stored.etag()), this, index,
            Role.OLD_COPY));
      }
      if (copy != null) {
        out.add(new PlannedOp(WriteOperation.insert(copy), this, index, Role.NEW_COPY));
      }
    }
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
    return mapping.typeName().equals(built.get(EntityMapping.TYPE_PROPERTY))
        ? built
        : built.toBuilder().putString(EntityMapping.TYPE_PROPERTY, mapping.typeName()).build();
  }
}
