package io.tablemapper.runtime.write;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.BatchException.Reason;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.SchemaVersionException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.runtime.write.PlannedOp.Role;
import io.tablemapper.spi.BatchRules;
import io.tablemapper.spi.RequestSize;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.StoreProfile;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.rows.IndexCopies;
import io.tablemapper.runtime.rows.PendingRows;
import io.tablemapper.runtime.rows.WriteKind;

/**
 * Turns what the store reported about one operation, or a batch rule the planned operations break, into an exception
 * that names the entity class, the table, the keys, the rule and what to do, keeping the backend's exception as the
 * cause; and decides how a failure surfaces: as itself (repository writes) or as a {@link BatchException} naming the
 * application's operation. Knows the write path's values ({@link WriteIntent}, {@link PlannedOp}), never its steps.
 */
public final class WriteFailures {

  /** How failures surface. */
  public enum Mode {
    /** A repository write: the specific exception itself. */
    REPOSITORY,
    /** A {@code Batch}: a {@link BatchException} with the application's operation index. */
    BATCH
  }

  /** What another writer did to an entity between a write's read and its transaction. */
  enum Race {
    CHANGED("changed"),
    DELETED("deleted"),
    INSERTED("inserted");

    final String verb;

    Race(String verb) {
      this.verb = verb;
    }

    /** The race a failure of the entity's own operation reveals. */
    static Race of(RuntimeException failure) {
      if (failure instanceof EntityNotFoundException) {
        return DELETED;
      }
      return failure instanceof EntityExistsException ? INSERTED : CHANGED;
    }
  }

  private WriteFailures() {}

  /** The entity of an update or delete is not stored. */
  public static EntityNotFoundException notFound(WriteIntent<?> write, String table, Throwable cause) {
    String advice = write.kind() == WriteKind.DELETE
        ? "it may have been deleted already"
        : "use insert to create it, or upsert to insert or replace it";
    return new EntityNotFoundException(
        "cannot " + write.kind().verb() + " " + write.describe() + ": it does not exist in table " + table + "; "
            + advice,
        cause);
  }

  /** An update or upsert would replace a row of a newer version of the entity's class, dropping what it added. */
  static SchemaVersionException newerVersion(WriteIntent<?> write, String table, int storedVersion) {
    return new SchemaVersionException("cannot " + write.kind().verb() + " " + write.describe() + " in table " + table
        + ": the stored row was written by version " + storedVersion + " of " + write.mapping().typeName()
        + ", newer than this class's version " + write.mapping().version() + ", and replacing it would drop the"
        + " properties this version does not know; use merge, which keeps them, or deploy the newer class"
        + " (TableMapper.builder().newerVersions(NewerVersionPolicy.ALLOW_REPLACE) allows the replace)");
  }

  /**
   * The row at the entity's keys holds another entity type, or has none and is not adopted by its keys
   * ({@link Discriminator#typeFor}).
   */
  static TableMapperException otherType(WriteIntent<?> write, String table, TableRow stored,
      Discriminator discriminator) {
    String storedType = discriminator.typeOf(stored);
    String type = write.mapping().typeName();
    String message = "cannot " + write.kind().verb() + " " + write.describe() + ": the row at these keys in table "
        + table + (storedType == null
            ? " is not taken for a '" + type + "': " + discriminator.unadopted(stored, write.mapping())
                + "; give the row its " + discriminator.name() + " '" + type + "' (or delete it) first"
            : " is of entity type '" + storedType + "', not '" + type + "'; two entity types share a key — give"
                + " their RowKey templates distinct prefixes");
    return write.kind().upserts() ? new EntityExistsException(message) : new EntityNotFoundException(message);
  }

  /** An insert found the entity's keys taken. */
  public static EntityExistsException exists(WriteIntent<?> write, String table, Throwable cause) {
    return new EntityExistsException(
        write.describe() + " already exists in table " + table
            + "; use update to replace it, or upsert to insert or replace it",
        cause);
  }

  /** The stored entity's ETag is not the one the write expected. */
  public static ConcurrencyConflictException conflict(
      WriteIntent<?> write, String table, String storedEtag, Throwable cause) {
    String detail = write.userEtag() != null
        ? "its ETag '" + write.userEtag() + "' is stale" + (storedEtag != null ? " (stored: '" + storedEtag + "')" : "")
        : "it was changed by another writer";
    return new ConcurrencyConflictException(
        "cannot " + write.kind().verb() + " " + write.describe() + " in table " + table + ": " + detail
            + "; the entity changed since it was read — read it again, reapply the change and retry",
        cause);
  }

  /** A write kept losing races with other writers; says what they did. */
  static ConcurrencyConflictException gaveUp(WriteIntent<?> write, String table, int attempts, Set<Race> races,
      Throwable cause) {
    StringJoiner what = new StringJoiner(" or ");
    races.forEach(race -> what.add(race.verb));
    return new ConcurrencyConflictException(
        "cannot " + write.kind().verb() + " " + write.describe() + " in table " + table + ": other writers "
            + (what.length() == 0 ? "wrote" : what.toString()) + " it between read and write in each of "
            + attempts + " attempts; retry later",
        cause);
  }

  /**
   * Whether {@link #translate} names the row holding an index value (a new copy's value taken), which the writer
   * then reads, only now, on this failure path.
   */
  static boolean namesHolder(PlannedOp op, RuntimeException cause) {
    return op.role() == PlannedOp.Role.NEW_COPY && cause instanceof EntityExistsException;
  }

  /**
   * The exception for a rejected operation, with the backend's exception as cause. Index copies name their index;
   * a taken index value names the entity holding it.
   *
   * @param holder the row under the taken value where {@link #namesHolder} (null: none any more), read on the
   *     failure path, or the failure of its read; ignored otherwise
   */
  static RuntimeException translate(PlannedOp op, RuntimeException cause, String table, TableRow holder,
      Throwable unreadable, Discriminator discriminator) {
    WriteIntent<?> write = op.owner();
    switch (op.role()) {
      case PRIMARY:
        if (cause instanceof EntityExistsException) {
          return exists(write, table, cause);
        }
        if (cause instanceof EntityNotFoundException) {
          return notFound(write, table, cause);
        }
        if (cause instanceof ConcurrencyConflictException) {
          return conflict(write, table, null, cause);
        }
        return cause;
      case PENDING:
        if (cause instanceof EntityExistsException) {
          return new IdRetired(PendingRows.workRowKey(write.pendingId()), cause);
        }
        return cause;
      case NEW_COPY:
        if (cause instanceof EntityExistsException) {
          return indexTaken(write, op.index(), op.rowKey(), table,
              unreadable != null ? "another entity" : holder(holder, discriminator), cause);
        }
        return cause;
      default:
        return cause;
    }
  }

  /**
   * An index value the write needs a copy under is held by another row.
   *
   * @param holder the holder, as {@link #holder(TableRow, Discriminator)} describes it
   */
  static EntityExistsException indexTaken(WriteIntent<?> write, IndexMapping<?> index, String copyKey,
      String table, String holder, RuntimeException cause) {
    return new EntityExistsException(
        "cannot " + write.kind().verb() + " " + write.describe() + " in table " + table + ": index '" + index.name()
            + "' value '" + copyKey + "' is already taken by " + holder
            + "; values of index '" + index.name() + "' are unique within a partition",
        cause);
  }

  /** The row holding an index value (null: none any more), for messages. */
  static String holder(TableRow taken, Discriminator discriminator) {
    if (taken == null) {
      return "another entity (since removed; retry)";
    }
    String primaryKey = IndexCopies.primaryRowKey(taken);
    if (primaryKey != null) {
      return "another entity (RowKey '" + primaryKey + "')";
    }
    String type = discriminator.typeOf(taken);
    return "another row" + (type == null ? "" : " of type '" + type + "'")
        + " (its RowKey equals the index value; give the index's RowKey template a prefix of its own)";
  }

  /** A rule broken before sending (or reported by the store as broken). */
  static RuntimeException rule(Mode mode, BatchException.Reason reason, int position, String message,
      Throwable cause) {
    return mode == Mode.BATCH
        ? new BatchException(reason, position, message, cause)
        : new InvalidEntityException(message, cause);
  }

  /** A failure of one application write, surfaced for the mode. */
  public static RuntimeException rejected(Mode mode, WriteIntent<?> write, String table, RuntimeException failure) {
    if (mode == Mode.REPOSITORY) {
      return failure;
    }
    return new BatchException(BatchException.Reason.REJECTED, write.position(),
        batchName(table, write.partitionKey()) + " was rejected at " + operation(write) + ": " + failure.getMessage(),
        failure);
  }

  /** {@code batch on table Company, partition 'Sales'}. */
  public static String batchName(String table, String partitionKey) {
    return "batch on table " + table + ", partition '" + partitionKey + "'";
  }

  /** {@code operation 2 (update of Employee (PartitionKey 'Sales', RowKey 'empid_00000123'))}. */
  static String operation(WriteIntent<?> write) {
    return "operation " + write.position() + " (" + write.kind().verb() + " of " + write.describe() + ")";
  }

  /** The operation as the message's subject: a batch, or one repository write. */
  static String subject(Mode mode, WriteIntent<?> first, String table) {
    return mode == Mode.BATCH
        ? batchName(table, first.partitionKey())
        : first.kind().verb() + " of " + first.describe() + " in table " + table;
  }
  /** Two writes of one batch address the same entity: reported before anything is read. */
  static RuntimeException sameEntity(Mode mode, String table, WriteIntent<?> earlier, WriteIntent<?> later) {
    return rule(mode, Reason.DUPLICATE_ENTITY, later.position(),
        subject(mode, later, table) + ": " + operation(earlier) + " and " + operation(later) + " address the same"
            + " entity; the store allows one operation per entity in a batch — combine them into one",
        null);
  }

  /**
   * A batch rule ({@link io.tablemapper.spi.BatchRules}) the planned operations break, told in the application's
   * terms: the application's operation rather than the backend operation, what the index copies added, which index
   * value is used twice.
   */
  static RuntimeException brokenRule(
      String table, List<PlannedOp> ops, Mode mode, BatchException broken, StoreProfile profile) {
    int at = broken.failedIndex();
    PlannedOp op = at >= 0 && at < ops.size() ? ops.get(at) : null;
    int position = op == null ? -1 : op.owner().position();
    String subject = subject(mode, ops.get(0).owner(), table);
    String split = mode == Mode.BATCH ? " — split it into smaller batches" : "";
    switch (broken.reason()) {
      case TOO_MANY_OPERATIONS:
        int primaries = 0;
        int records = 0;
        for (PlannedOp each : ops) {
          primaries += each.role() == Role.PRIMARY ? 1 : 0;
          records += each.role() == Role.PENDING ? 1 : 0;
        }
        return rule(mode, Reason.TOO_MANY_OPERATIONS, -1,
            subject + " needs " + ops.size() + " operations: " + primaries + " for the entities and "
                + (ops.size() - primaries - records) + " added by their index copies"
                + (records == 0 ? "" : " and " + records + " by the records of their pending work (one per entity"
                    + " with indexes in other partitions or tables)")
                + "; the store allows at most " + StoreLimits.MAX_BATCH_OPERATIONS
                + " in one entity group transaction" + split,
            null);
      case TOO_LARGE:
        long size = 0;
        List<WriteOperation> operations = new ArrayList<>(ops.size());
        for (PlannedOp each : ops) {
          size += StoreLimits.entitySize(each.operation().row());
          operations.add(each.operation());
        }
        // BatchRules refuses a batch too large in the store's size estimate, or as the request body it would be
        int max = profile.maxBatchBytes();
        String measure = size > max
            ? size + " bytes in the store's size estimate"
            : "a request body of up to " + RequestSize.batch(table, operations) + " bytes as sent, its text in"
                + " UTF-8 (" + size + " bytes in the store's size estimate, which counts 2 bytes a character)";
        return rule(mode, Reason.TOO_LARGE, -1,
            subject + " is " + measure + ", index copies included; the store allows at most "
                + max + " (" + (max >> 20) + " MiB"
                + (profile == StoreProfile.AZURE_TABLE_STORAGE ? "" : " on " + profile) + ") in one entity group"
                + " transaction" + split
                + ", or make large indexes partial (@Index(properties = ...))",
            null);
      case DUPLICATE_ENTITY:
        if (op != null) {
          return rule(mode, Reason.DUPLICATE_ENTITY, position, subject + ": " + duplicate(earlier(ops, at), op),
              null);
        }
        break;
      case REJECTED:
        if (op != null && broken.getCause() instanceof RuntimeException) {
          return rejected(mode, op.owner(), table, (RuntimeException) broken.getCause());
        }
        break;
      default:
        break;
    }
    return rule(mode, broken.reason(), position, subject + ": " + broken.getMessage(), null);
  }

  /** The first operation before {@code at} that addresses the same row. */
  private static PlannedOp earlier(List<PlannedOp> ops, int at) {
    String rowKey = ops.get(at).rowKey();
    for (int i = 0; i < at; i++) {
      if (ops.get(i).rowKey().equals(rowKey)) {
        return ops.get(i);
      }
    }
    throw new IllegalStateException("BatchRules reported operation " + at + " as a duplicate of none");
  }

  private static String duplicate(PlannedOp earlier, PlannedOp later) {
    String key = "'" + later.rowKey() + "'";
    if (earlier.owner() == later.owner()) {
      return operation(later.owner()) + " would write RowKey " + key + " twice (" + earlier.target() + " and "
          + later.target() + "); give each index a RowKey template with a prefix of its own";
    }
    if (earlier.index() != null && later.index() != null && earlier.index().name().equals(later.index().name())) {
      return "index '" + later.index().name() + "' value " + key + " is used twice, by "
          + operation(earlier.owner()) + " and " + operation(later.owner())
          + "; the store allows one operation per row in a batch (an index value that one operation frees and"
          + " another takes needs two batches)";
    }
    return operation(earlier.owner()) + " and " + operation(later.owner()) + " both address RowKey " + key + " ("
        + earlier.target() + " and " + later.target() + "); the store allows one operation per row in a batch";
  }

  /**
   * The transaction of a write carried a work record under an id that a completer retired meanwhile (the writer
   * stalled past the grace period between its registry entry and its transaction); nothing was written.
   */
  public static final class IdRetired extends TableMapperException {
    private static final long serialVersionUID = 1L;

    IdRetired(String workRowKey, Throwable cause) {
      super("the pending work id of " + workRowKey + " was retired by a completer before the transaction", cause);
    }
  }

  /** Two writes of one entity: reported before anything is read. */
  static void checkDistinct(String table, List<? extends WriteIntent<?>> writes, Mode mode) {
    if (writes.size() < 2) {
      return;
    }
    Map<String, WriteIntent<?>> seen = new HashMap<>();
    for (WriteIntent<?> write : writes) {
      WriteIntent<?> earlier = seen.putIfAbsent(write.rowKey(), write);
      if (earlier != null) {
        throw sameEntity(mode, table, earlier, write);
      }
    }
  }

  /**
   * The store's batch rules ({@link BatchRules#check}, the ones every backend applies), checked on the planned
   * operations before sending, with the limits of the store's profile (on Cosmos DB RowKeys of at most 255 bytes and
   * batches of at most 2 MiB).
   */
  static void checkRules(
      StoreProfile profile, String table, List<PlannedOp> ops, List<WriteOperation> operations, Mode mode) {
    try {
      BatchRules.check(table, operations, profile);
    } catch (BatchException broken) {
      throw brokenRule(table, ops, mode, broken, profile);
    }
  }
}
