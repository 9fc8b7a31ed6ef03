package io.tablemapper.runtime.pending;

import io.tablemapper.spi.TableBackend;
import io.tablemapper.api.EncryptionException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.PendingWorkException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.OperationType;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.runtime.rows.PendingRows.State;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.observe.Listeners;
import io.tablemapper.runtime.support.Lifecycle;
import io.tablemapper.runtime.support.Log;
import io.tablemapper.runtime.config.MapperSettings;
import io.tablemapper.runtime.rows.PendingRows;
import io.tablemapper.runtime.rows.PendingStep;
import io.tablemapper.runtime.store.Tables;
import io.tablemapper.runtime.store.WriteChannel;

/**
 * The completer's side of pending work ({@link PendingWork}): finds work by the registry, never by scanning tables —
 * all of it ({@link #completeAll}, for {@code completePending()}) or one slice of it ({@link #look}, for the
 * {@link BackgroundCompleter}) — and completes each entry's work on the blocking path. Owns the rule of an entry
 * without its record: left alone for the grace period (its writer may be between the two), then retired — the
 * {@code CANCELLED} marker inserted under its id, after which no transaction can record work under it — and only
 * then cleaned up and deleted; and the reporting of work left for want of a key ({@link NeedsKey}).
 */
final class WorkCompleter {
  /** Under {@link PendingWork}'s name: the pending work's messages, wherever the work is completed. */
  private static final Log LOG = new Log(PendingWork.class);
  /** How long {@link #completeAll} waits, beyond the grace period, for work that waits for another write. */
  private static final Duration WAIT_BEYOND_GRACE = Duration.ofSeconds(5);

  private final TableBackend backend;
  private final Tables tables;
  private final Discriminator discriminator;
  private final Lifecycle lifecycle;
  private final MapperSettings.Pending settings;
  private final WorkRecords records;
  /** The blocking path of the requests: the completer's. */
  private final WriteChannel blocking;
  /** What traces the background completion of each entry as an operation of its own. */
  private final Listeners listeners;
  /** The ids of the work left for want of a key that this mapper logged as an error ({@link #reportWaiting}). */
  private final Set<String> reportedWaiting = ConcurrentHashMap.newKeySet();

  WorkCompleter(TableBackend backend, Tables tables, Discriminator discriminator, Lifecycle lifecycle,
      MapperSettings.Pending settings, WorkRecords records, WriteChannel blocking,
      Listeners listeners) {
    this.backend = backend;
    this.tables = tables;
    this.discriminator = discriminator;
    this.lifecycle = lifecycle;
    this.settings = settings;
    this.records = records;
    this.blocking = blocking;
    this.listeners = listeners;
  }

  /**
   * Completes every piece of work the registry lists, in passes until a pass finds nothing to do.
   *
   * @return the writes applied
   * @throws PendingWorkException the first write that failed for good, the others (and the work left for want of a
   *     key) suppressed in it
   * @throws EncryptionException when no write failed for good, but work was left pending because this mapper lacks
   *     the key its encrypted values need ({@link NeedsKey}, naming the work and the key id), the others suppressed
   */
  long completeAll() {
    List<PendingWorkException> failures = new ArrayList<>();
    Map<String, NeedsKey> waiting = new LinkedHashMap<>();
    long applied = 0;
    // work that waits for another write (RemoteIndexes.Deferred) is looked at again, a little later each time, until
    // that write is recorded, refused or retired: at most the grace period after which a dead writer's entry is
    long waitUntil = System.nanoTime() + settings.grace().toNanos() + WAIT_BEYOND_GRACE.toNanos();
    for (int pass = 0; pass < 100 || pass < 10_000 && System.nanoTime() < waitUntil; pass++) {
      long before = applied;
      AtomicInteger acted = new AtomicInteger();
      AtomicInteger deferred = new AtomicInteger();
      applied += pass(0, 1, failures, waiting, acted, deferred);
      if (deferred.get() > 0 && System.nanoTime() < waitUntil && !lifecycle.closed()) {
        pauseBetweenPasses(pass);
        continue;
      }
      if (applied == before && acted.get() == 0) {
        break;
      }
    }
    List<TableMapperException> left = new ArrayList<>(failures);
    left.addAll(waiting.values());
    if (!left.isEmpty()) {
      TableMapperException first = left.get(0);
      left.subList(1, left.size()).forEach(first::addSuppressed);
      throw first;
    }
    return applied;
  }

  /** A short pause before another pass over work that waits for another write: 5 ms, doubling up to 200 ms. */
  private static void pauseBetweenPasses(int pass) {
    try {
      Thread.sleep(Math.min(200, 5L << Math.min(pass, 6)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Logs, as an error, work left pending for want of a key: once per work id and mapper, as a background completer
   * meets it again at every look.
   */
  void reportWaiting(NeedsKey keyless) {
    if (reportedWaiting.add(keyless.workId())) {
      LOG.error("{}", keyless.getMessage());
    } else {
      LOG.debug("{}", keyless.getMessage());
    }
  }

  /**
   * One look at one slice of the registry ({@code slice} of {@code slices}, by a hash of the id: one per thread of
   * the background completer), for the background completer:
   * until the registry's table is seen, only whether it exists is asked, so that a store without pending work is
   * never queried for it.
   *
   * <p>Traced as an operation of its own ({@link OperationType#POLL_PENDING}), the work it completes under it.
   *
   * @return whether it found work: applied writes, retired or finished entries, or work that waits for another write
   */
  boolean look(int slice, int slices, List<PendingWorkException> failures) {
    return listeners.background(OperationType.POLL_PENDING, PendingRows.REGISTRY_TABLE,
        "BackgroundCompleter.look(slice " + slice + " of " + slices + ")", () -> lookUntraced(slice, slices, failures),
        found -> found);
  }

  private boolean lookUntraced(int slice, int slices, List<PendingWorkException> failures) {
    if (!records.registryExists()) {
      return false;
    }
    AtomicInteger acted = new AtomicInteger();
    AtomicInteger deferred = new AtomicInteger();
    long applied = pass(slice, slices, failures, new LinkedHashMap<>(), acted, deferred);
    return applied > 0 || acted.get() > 0 || deferred.get() > 0;
  }

  /**
   * One look at the registry — one range query over its partitions, {@code work} and every shard — completing the
   * work of the entries of one slice ({@code slice} of {@code slices}, by a hash of the id), stopping early when the
   * mapper closes.
   *
   * @param waiting gets the work left pending for want of a key, by id
   * @param acted counts the entries retired or found done (work that applied no write)
   * @return the writes applied
   */
  private long pass(int slice, int slices, List<PendingWorkException> failures, Map<String, NeedsKey> waiting,
      AtomicInteger acted, AtomicInteger deferred) {
    long applied = 0;
    TableQuery query = TableQuery.builder(PendingRows.REGISTRY_TABLE)
        .partitionFrom(KeyBound.inclusive(PendingRows.REGISTRY_PARTITION))
        .partitionTo(KeyBound.exclusive(KeyBound.prefixEnd(PendingRows.REGISTRY_PARTITION)))
        .limit(StoreLimits.MAX_PAGE_SIZE)
        .build();
    String token = null;
    do {
      String from = token;
      QueryResult page = tables.read(PendingRows.REGISTRY_TABLE,
          () -> backend.query(query.withContinuation(from)), Tables.NO_ROWS);
      for (TableRow entry : page.rows()) {
        if (lifecycle.closed()) {
          return applied;
        }
        if (Math.floorMod(entry.rowKey().hashCode(), slices) == slice) {
          // a span of its own on the background completer's thread (none for an entry it leaves alone, which every
          // look meets again); part of completePending()'s operation
          applied += !completable(entry) ? 0 : listeners.background(OperationType.COMPLETE_PENDING,
              entry.getString(PendingRows.TABLE), () -> complete(entry, failures, waiting, acted, deferred));
        }
      }
      token = page.continuation();
    } while (token != null);
    return applied;
  }

  /**
   * Whether this mapper completes an entry's work: not one failed for good, nor one written by a mapper with another
   * discriminator, whose rows this one would write wrongly.
   */
  private boolean completable(TableRow entry) {
    return PendingRows.state(entry) != State.FAILED && PendingRows.REGISTRY_TYPE.equals(discriminator.typeOf(entry));
  }

  /** Completes the work of one registry entry; returns the writes applied. */
  private long complete(TableRow entry, List<PendingWorkException> failures, Map<String, NeedsKey> waiting,
      AtomicInteger acted, AtomicInteger deferred) {
    if (!completable(entry)) {
      return 0;
    }
    String id = entry.rowKey();
    String table = entry.getString(PendingRows.TABLE);
    String partitionKey = entry.getString(PendingRows.PARTITION);
    TableRow record = readRecord(table, partitionKey, id);
    if (record == null) {
      Instant registered = entry.timestamp();
      if (registered != null && registered.plus(settings.grace()).isAfter(Instant.now())) {
        return 0; // its writer may be between the entry and the transaction
      }
      try {
        cancel(table, partitionKey, id);
      } catch (EntityExistsException recorded) {
        record = readRecord(table, partitionKey, id); // recorded meanwhile
      } catch (TableNotFoundException noTable) {
        if (tables.creates()) {
          // a writer stalled before the transaction that creates the table would still record the id once it
          // creates it, after its claims were cleaned and taken over: the table is created here, so that the
          // marker stops that transaction as it would stop any other
          try {
            tables.ensure(table);
            cancel(table, partitionKey, id);
          } catch (EntityExistsException recorded) {
            record = readRecord(table, partitionKey, id); // recorded meanwhile
          }
        }
        // else no table, no record, and writers do not create tables: nothing can record work under the id
      }
      if (record == null) {
        // no transaction can record work under the id any more: clean what its write claimed
        if (!cleanUp(id, entry, failures, deferred)) {
          return 0;
        }
        acted.incrementAndGet();
        return 0;
      }
    }
    switch (PendingRows.state(record)) {
      case CANCELLED:
        // retired, here or by a take-over of one of its claims: clean what else its write claimed
        if (!cleanUp(id, entry, failures, deferred)) {
          return 0;
        }
        acted.incrementAndGet();
        return 0;
      case FAILED:
        markEntryFailed(id);
        return 0;
      default:
        long applied;
        try {
          applied = Futures.join(records.run(blocking, id, table, partitionKey, record, failures));
        } catch (NeedsKey keyless) {
          // left pending as it is, logged; the other work goes on
          reportWaiting(keyless);
          waiting.putIfAbsent(id, keyless);
          return 0;
        } catch (RemoteIndexes.Deferred waits) {
          // left as it is, to be run again once the write it waits for is settled
          deferred.incrementAndGet();
          return 0;
        }
        if (applied == 0) {
          acted.incrementAndGet();
        }
        return applied;
    }
  }

  /** Inserts the cancelled marker under a work id: no transaction can record work under it any more. */
  private void cancel(String table, String partitionKey, String id) {
    backend.write(table, WriteOperation.insert(PendingRows.cancelled(discriminator, id, partitionKey)));
  }

  /**
   * Runs the clean-up steps a retired entry lists (the reconciliations of the values its write claimed), then deletes
   * the entry ({@link WorkRecords#cleanUp}); false when one waits for another write, or another run holds the entry
   * ({@link RemoteIndexes.Deferred}): the entry is kept, to be cleaned up again later.
   */
  private boolean cleanUp(String id, TableRow entry, List<PendingWorkException> failures, AtomicInteger deferred) {
    try {
      Futures.join(records.cleanUp(blocking, id, entry, failures));
      return true;
    } catch (RemoteIndexes.Deferred waits) {
      deferred.incrementAndGet();
      return false;
    }
  }

  private TableRow readRecord(String table, String partitionKey, String id) {
    return Futures.join(records.readRecord(blocking, table, partitionKey, id));
  }

  private void markEntryFailed(String id) {
    Futures.join(records.markEntryFailed(blocking, id));
  }

}
