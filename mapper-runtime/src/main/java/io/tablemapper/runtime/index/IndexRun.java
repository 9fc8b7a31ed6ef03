package io.tablemapper.runtime.index;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.IndexProgressListener;
import io.tablemapper.api.IndexReport;
import io.tablemapper.api.IndexState;
import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.internal.model.IndexRules;
import io.tablemapper.runtime.config.MapperSettings;
import io.tablemapper.runtime.index.IndexChecks.Finding;
import io.tablemapper.runtime.rows.IndexLists;
import io.tablemapper.runtime.rows.IndexStateRows;
import io.tablemapper.runtime.rows.PendingStep.Address;
import io.tablemapper.runtime.store.Tables;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.values.WideReads;
import io.tablemapper.runtime.rows.WriteKind;
import io.tablemapper.runtime.write.WriteFailures;
import io.tablemapper.runtime.write.WriteIntent;
import io.tablemapper.spi.Filter;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One run of {@link io.tablemapper.api.IndexAdmin#build}, {@code verify} or {@code repair} over one index: a scan of
 * the entity's table in key order, a page of at most {@value #BATCH} rows at a time (one partition after another),
 * each entity checked ({@link IndexChecks#entity}) and, when it lacks its row, rewritten as stored through the write
 * path ({@link WriteIntent#rebuild}, conditional on the ETag read), so that its copies, claims and list entries are
 * written by the write path's own rules beside writers that keep writing — the entities of a partition together, in
 * transactions of up to {@link StoreLimits#MAX_BATCH_OPERATIONS} operations ({@link #flush}); then, for verify and repair of a remote
 * index, a sweep of the index's rows in their table for orphans. Nothing is held but the page and the counts, so the
 * heap does not grow with the table. A wide entity is checked from its whole row and rewritten whole, alone in its
 * transaction ({@link #rebuild}).
 *
 * <p>A build or repair marks the index {@link IndexState#BUILDING} (a ready index stays ready: a repair of a live
 * index does not stop its queries) and records a checkpoint in its state row after a
 * partition once {@value #CHECKPOINT_ENTITIES} entities or a second went by since the last, with the conflicts
 * counted so far: a run that died resumes after the checkpoint, having written nothing twice that matters (an entity
 * with its row is left alone). At the end it marks the index {@link IndexState#READY}, or {@link
 * IndexState#NOT_BUILT} when unique values are held twice or an entity could not be given its row.
 *
 * <p>On a store that keeps no key order ({@link io.tablemapper.spi.StoreProfile#ordered()} false: the Cosmos DB
 * Table API) the rows of a partition come mixed with others', so no partition is known finished before the scan ends:
 * such a run records no checkpoint within its scan (a run that died scans again from the start, which writes nothing
 * twice), counts no partitions, and reports its progress after each page instead.
 *
 * @param <T> the entity class
 */
final class IndexRun<T> {
  /** What the run does. */
  enum Mode {
    BUILD, VERIFY, REPAIR
  }

  /** The rows read per page: an entity group transaction's worth. */
  static final int BATCH = 100;
  /** The entities after which a finished partition is checkpointed (or a second, whichever comes first). */
  static final int CHECKPOINT_ENTITIES = 25;
  private static final long CHECKPOINT_NANOS = 1_000_000_000L;
  /** The conflicts a report lists by their keys; all are counted. */
  private static final int MAX_DETAILS = 1000;
  private static final String ENTITIES = "E:";
  private static final String SWEEP = "R:";

  private final IndexParts parts;
  private final EntityMapping<T> mapping;
  private final IndexMapping<T> index;
  private final IndexChecks<T> checks;
  private final Mode mode;
  private final IndexProgressListener listener;
  private final RateLimit rate;
  /** Whether the store returns rows in key order, so that a partition is done once the next one starts. */
  private final boolean ordered;

  private long entitiesRead;
  private long written;
  private long deleted;
  private long missing;
  private long orphans;
  private long stale;
  private long conflicts;
  private long carriedConflicts;
  /** Entities left without their row (they kept changing, or kept a value taken): the index is not ready. */
  private long unfixed;
  private long partitions;
  private final List<IndexReport.Conflict> details = new ArrayList<>();
  private long sinceCheckpoint;
  /** The state the index keeps while the run is under way. */
  private IndexState during = IndexState.BUILDING;
  /**
   * The entities of the current partition a build or repair is to rewrite, sent together in one entity group
   * transaction once {@link #batchSize} of them are gathered or the partition ends ({@link #flush}).
   */
  private final List<TableRow> batch = new ArrayList<>();
  /** How many entities one transaction rewrites: each with its copies and claims in the partition, and its record. */
  private final int batchSize;
  private long lastCheckpoint = System.nanoTime();

  IndexRun(IndexParts parts, EntityMapping<T> mapping, IndexMapping<T> index, Mode mode, double entitiesPerSecond,
      IndexProgressListener listener) {
    this.parts = parts;
    this.mapping = mapping;
    this.index = index;
    this.mode = mode;
    this.listener = listener;
    this.rate = new RateLimit(entitiesPerSecond);
    this.ordered = parts.backend().profile().ordered();
    this.checks = new IndexChecks<>(mapping, index, parts.discriminator(), parts.context(), parts.channel(),
        mapping.wide() ? head -> Futures.join(WideReads.whole(parts.reads(), parts.discriminator(), mapping, head))
            : null);
    // a wide entity's rows may fill a transaction alone
    this.batchSize = mapping.wide() ? 1
        : Math.max(1, StoreLimits.MAX_BATCH_OPERATIONS / (2 + mapping.allIndexes().size()));
  }

  IndexReport run() {
    String checkpoint = ENTITIES;
    if (mode != Mode.VERIFY) {
      TableRow row = parts.states().refresh(mapping);
      if (IndexStateRows.checkpoint(row, index.name()) != null) { // a run that died: resumed
        checkpoint = IndexStateRows.checkpoint(row, index.name());
        carriedConflicts = IndexStateRows.conflicts(row, index.name());
      }
      // a ready index stays ready while it is repaired (its queries go on); any other is building
      during = IndexStateRows.state(row, index.name()) == IndexState.READY ? IndexState.READY : IndexState.BUILDING;
      mark(during, checkpoint);
    }
    if (checkpoint.startsWith(ENTITIES)) {
      scan(mapping.table(), null, checkpoint.substring(ENTITIES.length()), ENTITIES);
      checkpoint = SWEEP;
    }
    if (index.remote() && mode != Mode.BUILD) {
      scan(index.table(), parts.discriminator().is(index.copyType()), checkpoint.substring(SWEEP.length()), SWEEP);
    }
    IndexReport report = report();
    if (mode != Mode.VERIFY) {
      // an entity that kept changing while the run looked at it was written by writers that keep the index: over a
      // ready index that leaves it ready; a new one stays not built, as such a writer may not know the index yet
      boolean ready = report.conflicts() == 0 && (unfixed == 0 || during == IndexState.READY);
      mark(ready ? IndexState.READY : IndexState.NOT_BUILT, null);
    }
    if (listener != null) {
      listener.progress(index.name(), report, partitions, true);
    }
    return report;
  }

  private IndexReport report() {
    return new IndexReport(index.name(), entitiesRead, written, deleted, missing, orphans, stale,
        carriedConflicts + conflicts, details);
  }

  /** Records the index's state, with a checkpoint (null: none, the run is over) and the conflicts so far. */
  private void mark(IndexState state, String checkpoint) {
    Long counted = checkpoint == null ? null : carriedConflicts + conflicts;
    parts.states().update(mapping, row -> IndexStateRows.with(row, index.name(), state, index.table(), checkpoint,
        counted));
  }

  /**
   * Reads a table's rows from the partition after {@code after} (empty: from the first), a page at a time, and
   * handles each; {@code filter} narrows the rows (the sweep's: the index's rows), or null.
   */
  private void scan(String table, Filter filter, String after, String phase) {
    KeyBound from = after.isEmpty() ? null : KeyBound.exclusive(after);
    String token = null;
    String current = null;
    do {
      TableQuery query = TableQuery.builder(table).partitionFrom(from).filter(filter).limit(BATCH)
          .continuation(token).build();
      QueryResult page = parts.tables().read(table, () -> parts.backend().query(query),
          Tables.NO_ROWS);
      for (TableRow row : page.rows()) {
        if (current != null && !current.equals(row.partitionKey())) {
          flush(); // a transaction holds one partition
          if (ordered) {
            partitionDone(current, phase);
          }
        }
        current = row.partitionKey();
        if (phase.equals(SWEEP)) {
          orphan(row, table);
        } else if (checks.isEntity(row)) {
          rate.acquire();
          entitiesRead++;
          sinceCheckpoint++;
          entity(row);
        } else if (!index.remote() && mode != Mode.BUILD && checks.isIndexRow(row)) {
          orphan(row, table);
        }
      }
      token = page.continuation();
      if (!ordered && token != null && listener != null) {
        listener.progress(index.name(), report(), partitions, false);
      }
    } while (token != null);
    flush();
    if (ordered && current != null) {
      partitionDone(current, phase);
    }
  }

  private void partitionDone(String partitionKey, String phase) {
    partitions++;
    if (mode != Mode.VERIFY && (sinceCheckpoint >= CHECKPOINT_ENTITIES
        || System.nanoTime() - lastCheckpoint >= CHECKPOINT_NANOS)) {
      mark(during, phase + partitionKey);
      sinceCheckpoint = 0;
      lastCheckpoint = System.nanoTime();
    }
    if (listener != null) {
      listener.progress(index.name(), report(), partitions, false);
    }
  }

  /**
   * Rewrites the gathered entities of one partition in one transaction (their copies and claims written by the write
   * path's own rules); if it is refused — one of them changed or went meanwhile, a value is taken, the batch is too
   * large — each is looked at again and rewritten alone. A store that does not answer fails the run, as any request
   * does: the run resumes from its checkpoint, before this partition.
   */
  private void flush() {
    if (batch.isEmpty()) {
      return;
    }
    List<TableRow> rows = List.copyOf(batch);
    batch.clear();
    List<WriteIntent<T>> intents = new ArrayList<>(rows.size());
    try {
      for (TableRow row : rows) {
        intents.add(rebuild(row));
      }
      parts.pending().write(mapping.table(), intents, WriteFailures.Mode.REPOSITORY);
      written += rows.size();
    } catch (StoreUnavailableException unknown) {
      throw unknown;
    } catch (TableMapperException refused) {
      for (TableRow row : rows) {
        entity(row, 2); // counted when first met
      }
    }
  }

  /** Checks one entity and, for a build or repair, gives it what it lacks: with others of its partition, at first. */
  private void entity(TableRow stored) {
    entity(stored, 1);
  }

  private void entity(TableRow stored, int from) {
    TableRow row = stored;
    boolean counted = from > 1; // an entity is missing or stale once, however often it is looked at
    for (int attempt = from; ; attempt++) {
      Finding finding = checks.entity(row);
      boolean first = attempt == 1;
      switch (finding.kind()) {
        case NONE:
        case OK:
          return;
        case CONFLICT:
          // a conflict only if the entity still holds the value: the scan's row may be older than the other's claim
          TableRow now = parts.tables().get(parts.backend(), mapping.table(), row.partitionKey(), row.rowKey())
              .orElse(null);
          if (now == null || !checks.isEntity(now)) {
            return; // deleted meanwhile
          }
          if (now.etag() != null && !now.etag().equals(row.etag())) {
            if (attempt >= MapperSettings.RACE_ATTEMPTS) {
              unfixed++;
              return;
            }
            row = now; // changed meanwhile: check it as it is now
            continue;
          }
          conflict(row, finding);
          return;
        case STALE:
          stale += counted ? 0 : 1;
          counted = true;
          if (mode != Mode.REPAIR) {
            return;
          }
          break;
        case BLOCKED:
          missing += counted ? 0 : 1;
          counted = true;
          if (mode == Mode.VERIFY) {
            return;
          }
          TableRow blocking = finding.blocking();
          if (checks.registered(blocking)) {
            // a claim of a write that may still be recorded (its entity not written yet), or whose work is still to
            // be done: that work settles the row, and the entity read here may be older than the claim
            unfixed++;
            return;
          }
          if (delete(finding.blockingTable(), blocking)) {
            deleted++;
          }
          break;
        default: // MISSING
          missing += counted ? 0 : 1;
          counted = true;
          if (mode == Mode.VERIFY) {
            return;
          }
          break;
      }
      if (first) {
        batch.add(row);
        if (batch.size() >= batchSize) {
          flush();
        }
        return;
      }
      try {
        parts.pending().write(mapping.table(), List.of(rebuild(row)), WriteFailures.Mode.REPOSITORY);
        written++;
        return;
      } catch (EntityNotFoundException gone) {
        return; // deleted meanwhile: nothing to build
      } catch (ConcurrencyConflictException | EntityExistsException raced) {
        // written meanwhile (the writer's own write kept the index, or not), or a value taken: look again
        Optional<TableRow> again = parts.tables().get(parts.backend(), mapping.table(), row.partitionKey(),
            row.rowKey());
        if (again.isEmpty() || !checks.isEntity(again.get())) {
          return;
        }
        if (attempt >= MapperSettings.RACE_ATTEMPTS) {
          unfixed++;
          return;
        }
        row = again.get();
      }
    }
  }

  /**
   * The rewrite of an entity as stored, conditional on the ETag it was read with ({@link WriteIntent#rebuild}). A
   * wide entity is read whole (its head and parts, its {@code @Large} values fetched, its encrypted values decrypted
   * with this mapper's keys) and written as an update of the entity it is, its head's ETag the condition: its rows and
   * copies in one transaction, by the write path's rules (as a rewrite: listed under the values it keeps).
   *
   * @throws EntityNotFoundException if a wide entity was deleted meanwhile
   */
  private WriteIntent<T> rebuild(TableRow stored) {
    if (!mapping.wide()) {
      return WriteIntent.rebuild(mapping, stored, parts.discriminator(), parts.context());
    }
    TableRow whole = Futures.join(WideReads.whole(parts.reads(), parts.discriminator(), mapping, stored));
    if (whole == null) {
      throw new EntityNotFoundException("the wide " + mapping.entityClass().getSimpleName() + " "
          + stored.describeKeys() + " was deleted meanwhile");
    }
    whole = parts.large().fetch(mapping, whole);
    T entity = mapping.fromRow(mapping.encryptedProperties().isEmpty() ? whole
        : parts.context().decrypt(mapping, whole), parts.context());
    WriteIntent<T> update = parts.intents().intent(WriteKind.UPDATE, mapping, entity, 0);
    return new WriteIntent<>(update.kind(), update.mapping(), update.entity(), 0, update.partitionKey(),
        update.rowKey(), stored.etag(), update.row(), update.copies(), null, false, update.guardsNewer(),
        update.pendingId(), update.pendingSteps(), update.parts(), update.largeValues(), true);
  }

  private void conflict(TableRow row, Finding finding) {
    conflicts++;
    if (details.size() < MAX_DETAILS) {
      details.add(new IndexReport.Conflict(finding.value(), List.of(
          finding.holder(), IndexChecks.describe(mapping.table(), row.partitionKey(), row.rowKey()))));
    }
  }

  /** Checks a row of the index for entities that no longer imply it; a repair deletes it, or its entries. */
  private void orphan(TableRow row, String table) {
    List<String> found = checks.orphans(row);
    if (found.isEmpty()) {
      return;
    }
    orphans += found.size();
    if (mode != Mode.REPAIR) {
      return;
    }
    if (!index.keyList()) {
      if (delete(table, row)) {
        deleted++;
      }
      return;
    }
    String head = row.get(IndexLists.PART) instanceof Integer
        ? row.rowKey().substring(0, row.rowKey().length() - 1 - IndexRules.LIST_PART_DIGITS) : row.rowKey();
    Address address = new Address(table, row.partitionKey(), head);
    try {
      IndexLists.Stored list = Futures.join(IndexLists.load(address,
          at -> parts.channel().get(at.table(), at.partitionKey(), at.rowKey()), parts.channel()::rows));
      List<WriteOperation> operations = IndexLists.change(parts.discriminator(), index, list, found, List.of());
      if (!operations.isEmpty()) {
        parts.backend().batch(table, operations);
        deleted += found.size();
      }
    } catch (TableMapperException changed) {
      unfixed++; // the list changed meanwhile: the next repair looks again
    }
  }

  /** Deletes a row conditional on the ETag it was read with; whether it did. */
  private boolean delete(String table, TableRow row) {
    try {
      parts.backend().write(table, WriteOperation.delete(row.partitionKey(), row.rowKey(), row.etag()));
      return true;
    } catch (ConcurrencyConflictException | EntityNotFoundException changed) {
      return false;
    }
  }

  /** At most so many entities per second: a pause before an entity read ahead of its time. */
  static final class RateLimit {
    private final double perSecond;
    private final long started = System.nanoTime();
    private long permits;

    RateLimit(double perSecond) {
      this.perSecond = perSecond;
    }

    void acquire() {
      if (perSecond <= 0) {
        return;
      }
      permits++;
      long wait = started + (long) (permits * 1e9 / perSecond) - System.nanoTime();
      if (wait > 0) {
        try {
          Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw new TableMapperException("the index run was interrupted; call it again to resume", interrupted);
        }
      }
    }
  }
}
