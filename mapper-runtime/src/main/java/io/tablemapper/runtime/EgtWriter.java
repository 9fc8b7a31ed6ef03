package io.tablemapper.runtime;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.BatchException.Reason;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.runtime.PlannedOp.Role;
import io.tablemapper.runtime.WriteFailures.Mode;
import io.tablemapper.runtime.WriteFailures.Race;
import io.tablemapper.spi.BatchRules;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Applies writes of one partition — with every index copy they imply — as one entity group transaction, so that
 * nothing is ever half written.
 *
 * <p>Each attempt reads what the writes need, expands them into backend operations, checks the store's batch
 * rules (100 operations, one per entity, 4 MiB) and sends them as one backend batch (a lone operation of a
 * repository write goes as a single write). Every operation is conditional on the ETag of the row it touches
 * ({@link EntityWrite}); whether a copy's ETag must be read first or is its entity's is learned from the store:
 * once a batch gives a copy another ETag than its entity, or a copy is found with another, copies are read
 * before they are written. A failed attempt is retried when what the failure says resolves it: a copy whose ETag
 * was wrong or that changed is read (it may be the entity's copy, another entity's, or gone) and the copies are
 * written as found; a race with another writer between read and write (only when the application named no ETag)
 * is read again, at most {@value #MAX_ATTEMPTS} times. A table dropped since the mapper created it is created again and
 * the writes start over, once. Any other failure is translated and thrown; the store then holds exactly what it
 * held before.
 */
final class EgtWriter {
  /** How often a write that races with other writers is read and tried again. */
  static final int MAX_ATTEMPTS = 5;

  private final MapperCore core;
  /**
   * Whether every copy written or found so far had its entity's ETag, so that an in-step copy is expected to have
   * its entity's ETag; false for good once one had not (a batch gave it another, or one was found with another).
   */
  private volatile boolean copiesShareEntityEtag = true;

  EgtWriter(MapperCore core) {
    this.core = core;
  }

  /**
   * Applies the writes atomically; afterwards each write that was not dropped holds its result.
   *
   * @param writes writes of one partition of {@code table}, each addressing another entity
   * @throws RuntimeException the specific exception of the failed write ({@link Mode#REPOSITORY}) or a
   *     {@link BatchException} naming it ({@link Mode#BATCH})
   */
  void write(String table, List<? extends EntityWrite<?>> writes, Mode mode) {
    checkDistinct(table, writes, mode);
    core.tables.ensure(table);
    try {
      attempt(table, writes, mode);
    } catch (TableNotFoundException dropped) {
      // dropped since this mapper created it: create it again and start over once, reading afresh
      core.tables.forget(table);
      core.tables.ensure(table);
      writes.forEach(EntityWrite::forget);
      attempt(table, writes, mode);
    } finally {
      // applied or not (a failure may leave the store unknown): cached reads of the partition are not served again
      String written = null;
      for (EntityWrite<?> write : writes) {
        if (!write.partitionKey.equals(written)) {
          written = write.partitionKey;
          core.cache.written(table, written);
        }
      }
    }
  }

  /** Tries the writes until they are applied, dropped, or fail for good. */
  private void attempt(String table, List<? extends EntityWrite<?>> writes, Mode mode) {
    TableBackend backend = core.backend;
    int attempts = 1;
    while (true) {
      List<PlannedOp> ops = new ArrayList<>(writes.size() * 2);
      for (EntityWrite<?> write : writes) {
        RuntimeException problem;
        try {
          write.read(backend, table, copiesShareEntityEtag);
          problem = write.checkStored(table);
          if (problem == null && !write.dropped()) {
            write.expand(ops, table);
          }
        } catch (BatchException | TableNotFoundException e) {
          throw e;
        } catch (TableMapperException e) {
          problem = e;
        }
        if (problem != null) {
          throw WriteFailures.rejected(mode, write, table, problem);
        }
      }
      if (ops.isEmpty()) {
        return;
      }
      checkRules(table, ops, mode);

      Failure failure = send(table, ops, mode);
      if (failure == null) {
        return;
      }
      PlannedOp failed = ops.get(failure.index);
      EntityWrite<?> owner = failed.owner();
      Retry retry = learn(table, failed, failure.cause, mode);
      if (retry == Retry.NO) {
        throw WriteFailures.rejected(mode, owner, table,
            WriteFailures.translate(failed, failure.cause, table, backend));
      }
      if (retry == Retry.RACE) {
        if (attempts >= MAX_ATTEMPTS) {
          throw WriteFailures.rejected(mode, owner, table,
              WriteFailures.gaveUp(owner, table, attempts, failure.cause));
        }
        attempts++;
      }
    }
  }

  /** How a failed attempt goes on. */
  private enum Retry {
    /** The failure is final. */
    NO,
    /**
     * Retried with what the failure settled for good: at most once per write, or per copy, for each read of the
     * entity, so it needs no bound of its own.
     */
    SETTLED,
    /** Retried after a race with another writer; bounded by {@value #MAX_ATTEMPTS} attempts. */
    RACE
  }

  /** Records in the failed operation's write what the next attempt does differently, and whether there is one. */
  private Retry learn(String table, PlannedOp failed, RuntimeException cause, Mode mode) {
    EntityWrite<?> owner = failed.owner();
    switch (failed.role()) {
      case OLD_COPY:
      case SAME_COPY:
        if (!(cause instanceof EntityNotFoundException || cause instanceof ConcurrencyConflictException)) {
          return Retry.NO;
        }
        // the row under the stored value is not the one the condition expected: what is there?
        boolean guessed = !owner.holders().knows(failed.rowKey());
        TableRow holder = cause instanceof EntityNotFoundException
            ? null
            : core.backend.get(table, owner.partitionKey, failed.rowKey()).orElse(null);
        owner.holders().found(failed.index(), failed.rowKey(), holder);
        boolean ours = owner.holders().get(failed.rowKey()).ours();
        if (failed.role() == Role.SAME_COPY && holder != null && !ours) {
          throw WriteFailures.rejected(mode, owner, table, WriteFailures.indexTaken(owner, failed.index(),
              failed.rowKey(), table, WriteFailures.holder(holder), cause));
        }
        if (guessed) {
          if (ours) {
            // the entity's own copy, without the entity's ETag: the store versions a batch's rows one by one (or
            // the copy was rewritten on its own); read copies from now on rather than guess
            copiesShareEntityEtag = false;
          }
          owner.readHolders(core.backend, table, false);
          return Retry.SETTLED;
        }
        // read before this attempt, and changed since by another writer
        owner.raced(Race.CHANGED);
        return Retry.RACE;
      case PRIMARY:
        if (cause instanceof EntityNotFoundException && owner.dropsWhenMissing()) {
          // deleted by someone else, its copies with it (atomically): nothing is left to do for it
          owner.drop();
          return Retry.SETTLED;
        }
        if (cause instanceof ConcurrencyConflictException && owner.storedGuessed()) {
          // the full copy it was read through has not the entity's ETag: read the entity itself
          owner.forget();
          return Retry.SETTLED;
        }
        if (owner.retriesOn(cause)) {
          // only this entity's read is stale; the others' still hold (and are checked by their own ETags)
          owner.raced(Race.of(cause));
          owner.forget();
          return Retry.RACE;
        }
        return Retry.NO;
      default:
        return Retry.NO;
    }
  }

  /** Sends one attempt; records the results and returns null, or returns the failed operation. */
  private Failure send(String table, List<PlannedOp> ops, Mode mode) {
    if (mode == Mode.REPOSITORY && ops.size() == 1) {
      PlannedOp only = ops.get(0);
      try {
        only.owner().complete(core.backend.write(table, only.operation()));
        return null;
      } catch (BatchException | TableNotFoundException e) {
        throw e;
      } catch (TableMapperException e) {
        return new Failure(0, e);
      }
    }
    List<WriteOperation> operations = new ArrayList<>(ops.size());
    for (PlannedOp op : ops) {
      operations.add(op.operation());
    }
    List<WriteResult> results;
    try {
      results = core.backend.batch(table, operations);
    } catch (BatchException e) {
      int index = e.failedIndex();
      boolean known = index >= 0 && index < ops.size();
      if (e.reason() == Reason.REJECTED && known && e.getCause() instanceof RuntimeException) {
        return new Failure(index, (RuntimeException) e.getCause());
      }
      String at = known ? " at " + WriteFailures.operation(ops.get(index).owner()) : "";
      throw WriteFailures.rule(mode, e.reason(), known ? ops.get(index).owner().position : -1,
          WriteFailures.subject(mode, ops.get(0).owner(), table) + " was refused by the store" + at + ": "
              + e.getMessage(), e);
    }
    WriteResult primary = null;
    for (int i = 0; i < ops.size(); i++) {
      PlannedOp op = ops.get(i);
      WriteResult result = results.get(i);
      if (op.role() == Role.PRIMARY) {
        op.owner().complete(result);
        primary = result;
      } else if (copiesShareEntityEtag && primary != null && primary.etag() != null && result.etag() != null
          && !result.etag().equals(primary.etag())) {
        copiesShareEntityEtag = false;
      }
    }
    return null;
  }

  /** Two writes of one entity: reported before anything is read. */
  private static void checkDistinct(String table, List<? extends EntityWrite<?>> writes, Mode mode) {
    if (writes.size() < 2) {
      return;
    }
    Map<String, EntityWrite<?>> seen = new HashMap<>();
    for (EntityWrite<?> write : writes) {
      EntityWrite<?> earlier = seen.putIfAbsent(write.rowKey, write);
      if (earlier != null) {
        throw WriteFailures.rule(mode, Reason.DUPLICATE_ENTITY, write.position,
            WriteFailures.subject(mode, write, table) + ": " + WriteFailures.operation(earlier) + " and "
                + WriteFailures.operation(write) + " address the same entity; the store allows one operation per"
                + " entity in a batch — combine them into one",
            null);
      }
    }
  }

  /**
   * The store's batch rules ({@link BatchRules#check}, the ones every backend applies), checked on the expanded
   * operations before sending, and told in the application's terms when broken: the application's operation
   * rather than the backend operation, what the index copies added, which index value is used twice.
   */
  private static void checkRules(String table, List<PlannedOp> ops, Mode mode) {
    List<WriteOperation> operations = new ArrayList<>(ops.size());
    for (PlannedOp op : ops) {
      operations.add(op.operation());
    }
    try {
      BatchRules.check(table, operations);
    } catch (BatchException broken) {
      throw explain(table, ops, mode, broken);
    }
  }

  private static RuntimeException explain(String table, List<PlannedOp> ops, Mode mode, BatchException broken) {
    int at = broken.failedIndex();
    PlannedOp op = at >= 0 && at < ops.size() ? ops.get(at) : null;
    int position = op == null ? -1 : op.owner().position;
    String subject = WriteFailures.subject(mode, ops.get(0).owner(), table);
    String split = mode == Mode.BATCH ? " — split it into smaller batches" : "";
    switch (broken.reason()) {
      case TOO_MANY_OPERATIONS:
        int primaries = 0;
        for (PlannedOp each : ops) {
          primaries += each.role() == Role.PRIMARY ? 1 : 0;
        }
        return WriteFailures.rule(mode, Reason.TOO_MANY_OPERATIONS, -1,
            subject + " needs " + ops.size() + " operations: " + primaries + " for the entities and "
                + (ops.size() - primaries) + " added by their index copies; the store allows at most "
                + StoreLimits.MAX_BATCH_OPERATIONS + " in one entity group transaction" + split,
            null);
      case TOO_LARGE:
        long size = 0;
        for (PlannedOp each : ops) {
          size += StoreLimits.entitySize(each.operation().row());
        }
        return WriteFailures.rule(mode, Reason.TOO_LARGE, -1,
            subject + " is " + size + " bytes in the store's size estimate, index copies included; the store"
                + " allows at most " + StoreLimits.MAX_BATCH_SIZE + " (4 MiB) in one entity group transaction"
                + split + ", or make large indexes partial (@Index(properties = ...))",
            null);
      case DUPLICATE_ENTITY:
        if (op != null) {
          return WriteFailures.rule(mode, Reason.DUPLICATE_ENTITY, position,
              subject + ": " + duplicate(earlier(ops, at), op), null);
        }
        break;
      case REJECTED:
        if (op != null && broken.getCause() instanceof RuntimeException) {
          return WriteFailures.rejected(mode, op.owner(), table, (RuntimeException) broken.getCause());
        }
        break;
      default:
        break;
    }
    return WriteFailures.rule(mode, broken.reason(), position, subject + ": " + broken.getMessage(), null);
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
      return WriteFailures.operation(later.owner()) + " would write RowKey " + key + " twice (" + earlier.target()
          + " and " + later.target() + "); give each index a RowKey template with a prefix of its own";
    }
    if (earlier.index() != null && later.index() != null && earlier.index().name().equals(later.index().name())) {
      return "index '" + later.index().name() + "' value " + key + " is used twice, by "
          + WriteFailures.operation(earlier.owner()) + " and " + WriteFailures.operation(later.owner())
          + "; the store allows one operation per row in a batch (an index value that one operation frees and"
          + " another takes needs two batches)";
    }
    return WriteFailures.operation(earlier.owner()) + " and " + WriteFailures.operation(later.owner())
        + " both address RowKey " + key + " (" + earlier.target() + " and " + later.target()
        + "); the store allows one operation per row in a batch";
  }

  /** The operation the store rejected and why. */
  private static final class Failure {
    final int index;
    final RuntimeException cause;

    Failure(int index, RuntimeException cause) {
      this.index = index;
      this.cause = cause;
    }
  }
}
