package io.tablemapper.runtime.write;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.BatchException.Reason;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.runtime.write.PlannedOp.Role;
import io.tablemapper.runtime.write.WriteFailures.Mode;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.values.LargeValues;
import io.tablemapper.runtime.support.Log;
import io.tablemapper.runtime.config.MapperSettings;
import io.tablemapper.runtime.cache.ReadCache;
import io.tablemapper.runtime.store.Tables;
import io.tablemapper.runtime.store.WriteChannel;
import io.tablemapper.runtime.rows.WriteKind;

/**
 * Carries out writes of one partition — with every index copy they imply — as one entity group transaction, so that
 * nothing is ever half written: each attempt reads what the writes need ({@link Snapshot}), plans their operations
 * ({@link WritePlanner}), checks the store's batch rules (100 operations, one per entity, 4 MiB) and sends them as
 * one backend batch (a lone operation of a repository write goes as a single write); a refused attempt teaches the
 * next one what the failure revealed.
 *
 * <p>Whether a copy's ETag must be read first or is its entity's is learned from the store: once a batch gives a
 * copy another ETag than its entity, or a copy is found with another, copies are read before they are written. A
 * failed attempt is retried when what the failure says resolves it: a copy whose ETag was wrong or that changed is
 * read (it may be the entity's copy, another entity's, or gone) and the copies are written as found; a race with
 * another writer between read and write (only when the application named no ETag) is read again, at most
 * {@value #MAX_ATTEMPTS} times. When the mapper's {@link io.tablemapper.api.TableCreation} creates tables, writes that
 * insert or upsert create theirs first, and a table found missing (dropped since) is created again and the writes
 * start over, once; updates, merges and deletes alone never create a table, and fail in a missing one as for a
 * missing entity. Under the other policies a write to a missing table is refused with {@link TableNotFoundException}.
 * Any other failure is translated ({@link WriteFailures}) and thrown; the store then holds exactly what it held
 * before.
 */
public final class EgtWriter {
  private static final Log LOG = new Log(EgtWriter.class);
  /** How often a write that races with other writers is read and tried again. */
  static final int MAX_ATTEMPTS = MapperSettings.RACE_ATTEMPTS;
  /** How often a transaction whose list rows other writers change meanwhile is read and tried again. */
  static final int LIST_ATTEMPTS = 50;
  private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

  private final TableBackend backend;
  private final Tables tables;
  private final ReadCache cache;
  private final Discriminator discriminator;
  private final MappingContext context;
  /** Reads what each attempt needs and does not know yet. */
  private final SnapshotReads reads;
  /** What a refused attempt teaches the next one. */
  private final Retries retries;
  private final WritePlanner planner;
  private final LocalLists lists;
  /** What writes do with their {@code @Large} values. */
  private final LargeValueWrites values;
  private final WriteChannel blocking;

  public EgtWriter(TableBackend backend, Tables tables, ReadCache cache, Discriminator discriminator,
      MappingContext context, LargeValues large) {
    this.values = new LargeValueWrites(large);
    this.backend = backend;
    this.tables = tables;
    this.cache = cache;
    this.discriminator = discriminator;
    this.context = context;
    this.reads = new SnapshotReads(discriminator, context);
    this.retries = new Retries(reads, discriminator);
    this.planner = new WritePlanner(discriminator, context);
    this.lists = new LocalLists(discriminator, context);
    this.blocking = WriteChannel.blocking(backend, tables, discriminator);
  }

  /**
   * Applies the writes atomically, on the blocking path.
   *
   * @param writes writes of one partition of {@code table}, each addressing another entity
   * @return the store's result for each write's entity, in order; null for a write that was dropped (its entity was
   *     gone, and the write tolerates that)
   * @throws RuntimeException the specific exception of the failed write ({@link Mode#REPOSITORY}) or a
   *     {@link BatchException} naming it ({@link Mode#BATCH})
   */
  public List<WriteResult> write(String table, List<? extends WriteIntent<?>> writes, Mode mode) {
    return write(table, writes, mode, null);
  }

  /**
   * {@link #write(String, List, Mode)}, putting into {@code recorded} (if not null) each work record the transaction
   * wrote, as written and with the ETag the store gave it, by work id: its writer need not read it back.
   */
  public List<WriteResult> write(String table, List<? extends WriteIntent<?>> writes, Mode mode,
      Map<String, TableRow> recorded) {
    return write(table, writes, mode, recorded, Map.of());
  }

  /**
   * {@link #write(String, List, Mode, Map)}, the first attempt of each write in {@code readAhead} planned from the
   * stored entity read there before ({@link Optional#empty()}: none was stored), rather than reading it again. Once
   * the writes are applied, {@code readAhead} keeps only the writes whose applied attempt was planned from that read:
   * a write whose entity changed since (an attempt lost a race and read it again) is taken out.
   */
  public List<WriteResult> write(String table, List<? extends WriteIntent<?>> writes, Mode mode,
      Map<String, TableRow> recorded, Map<WriteIntent<?>, Optional<TableRow>> readAhead) {
    WriteFailures.checkDistinct(table, writes, mode);
    ScopeChecks.checkWrites(backend, table, writes); // before the table's creation, the first request
    List<WriteProgress> progress = progress(writes, readAhead);
    List<WriteResult> results = Futures.join(withValues(blocking, table, writes, progress, mode, recorded));
    keepApplied(progress, readAhead);
    return results;
  }

  /**
   * Takes out of {@code readAhead} the writes whose applied attempt was planned from another read than the one made
   * ahead: their entity changed between that read and the transaction, so another write of it was recorded
   * meanwhile (and may have written its copies).
   */
  private static void keepApplied(List<WriteProgress> progress, Map<WriteIntent<?>, Optional<TableRow>> readAhead) {
    for (WriteProgress write : progress) {
      if (!write.fromReadAhead && readAhead.containsKey(write.intent)) {
        readAhead.remove(write.intent);
      }
    }
  }

  /** Where each write starts: unread, or from the stored entity read ahead of it. */
  private static List<WriteProgress> progress(List<? extends WriteIntent<?>> writes,
      Map<WriteIntent<?>, Optional<TableRow>> readAhead) {
    List<WriteProgress> progress = new ArrayList<>(writes.size());
    for (WriteIntent<?> intent : writes) {
      WriteProgress write = new WriteProgress(intent);
      Optional<TableRow> stored = readAhead.get(intent);
      if (stored != null) {
        write.readAhead(stored.orElse(null));
      }
      progress.add(write);
    }
    return progress;
  }

  /**
   * {@link #write(String, List, Mode)} on the async path: the same steps and rules, each request sent through
   * {@code channel} — the uploads and deletions of {@code @Large} values too —, so that no thread is held while one
   * is under way.
   *
   * @return the results, or a future failed with what the blocking path throws
   */
  public CompletableFuture<List<WriteResult>> writeAsync(
      WriteChannel.Async channel, String table, List<? extends WriteIntent<?>> writes, Mode mode) {
    return writeAsync(channel, table, writes, mode, null);
  }

  /** {@link #writeAsync(WriteChannel.Async, String, List, Mode)}, with the records written as {@link #write}'s. */
  public CompletableFuture<List<WriteResult>> writeAsync(WriteChannel.Async channel, String table,
      List<? extends WriteIntent<?>> writes, Mode mode, Map<String, TableRow> recorded) {
    return writeAsync(channel, table, writes, mode, recorded, Map.of());
  }

  /**
   * {@link #writeAsync(WriteChannel.Async, String, List, Mode, Map)}, with reads ahead as {@link #write}'s (and
   * {@code readAhead} kept to the writes applied from them once the future completes).
   */
  public CompletableFuture<List<WriteResult>> writeAsync(WriteChannel.Async channel, String table,
      List<? extends WriteIntent<?>> writes, Mode mode, Map<String, TableRow> recorded,
      Map<WriteIntent<?>, Optional<TableRow>> readAhead) {
    return Futures.start(() -> {
      WriteFailures.checkDistinct(table, writes, mode);
      ScopeChecks.checkWrites(backend, table, writes);
      List<WriteProgress> progress = progress(writes, readAhead);
      return withValues(channel, table, writes, progress, mode, recorded).thenApply(results -> {
        keepApplied(progress, readAhead);
        return results;
      });
    });
  }

  /**
   * The transaction with its {@code @Large} values, on either path ({@link LargeValues}): first the new values, then
   * the rows that reference them (sent within half the grace period after the values, or not at all), then the values
   * the replaced or deleted rows referenced and the written ones do not. A transaction refused for certain (or not
   * sent, its future cancelled) deletes the values it stored; one whose outcome is unknown leaves them to a sweep.
   */
  private CompletableFuture<List<WriteResult>> withValues(WriteChannel channel, String table,
      List<? extends WriteIntent<?>> writes, List<WriteProgress> progress, Mode mode, Map<String, TableRow> recorded) {
    if (writes.stream().allMatch(write -> write.mapping().largeProperties().isEmpty())) {
      return write(channel, table, writes, progress, mode, Long.MAX_VALUE, recorded);
    }
    return Futures.compose(values.put(channel, table, writes),
        sendBy -> write(channel, table, writes, progress, mode, sendBy, recorded).handle((results, thrown) -> {
          if (thrown != null) {
            Throwable failure = Futures.unwrap(thrown);
            if (!LargeValueWrites.refused(failure) && !(failure instanceof CancellationException)) {
              // the transaction may have been applied: its values stay, a sweep deletes them if unreferenced
              return CompletableFuture.<List<WriteResult>>failedFuture(failure);
            }
            Set<String> own = new HashSet<>();
            writes.forEach(write -> own.addAll(LargeValueWrites.names(write)));
            return values.delete(channel, table, own)
                .thenCompose(deleted -> CompletableFuture.<List<WriteResult>>failedFuture(failure));
          }
          Set<String> unreferenced = new HashSet<>();
          for (WriteProgress write : progress) {
            if (write.result == null && write.intent.kind() != WriteKind.DELETE) {
              unreferenced.addAll(LargeValueWrites.names(write.intent)); // dropped: its row was not written
            } else if (write.snapshot.storedKnown()) {
              unreferenced.addAll(LargeValueWrites.replaced(write.intent, write.snapshot.stored()));
            }
          }
          return values.delete(channel, table, unreferenced).thenApply(deleted -> results);
        }).thenCompose(next -> next));
  }

  /**
   * The transaction on either path: its table made sure of for writes that store rows, then its attempts; a table
   * found missing is created again and the writes start over, once.
   */
  private CompletableFuture<List<WriteResult>> write(WriteChannel channel, String table,
      List<? extends WriteIntent<?>> writes, List<WriteProgress> progress, Mode mode, long sendBy,
      Map<String, TableRow> recorded) {
    boolean storesRows = writes.stream().anyMatch(write -> write.kind() == WriteKind.INSERT || write.kind().upserts());
    CompletableFuture<Void> ready = storesRows ? channel.ensure(table) : DONE;
    return Futures.compose(ready, exists -> new Attempts(channel, table, progress, mode, sendBy, recorded).next()
        .exceptionallyCompose(thrown -> {
          Throwable failure = Futures.unwrap(thrown);
          if (!(failure instanceof TableNotFoundException)) {
            return CompletableFuture.failedFuture(failure);
          }
          // the store checks the table before anything else: nothing of the writes was applied
          TableNotFoundException missing = (TableNotFoundException) failure;
          tables.forget(table);
          if (!tables.creates()) {
            throw tables.missing(table, WriteFailures.subject(mode, writes.get(0), table), missing);
          }
          if (!storesRows) {
            inMissingTable(table, progress, mode, missing);
            return DONE;
          }
          // dropped since this mapper created it: create it again and start over once, reading afresh
          return channel.ensure(table).thenCompose(created -> {
            progress.forEach(WriteProgress::forget);
            return new Attempts(channel, table, progress, mode, sendBy, recorded).next();
          });
        })
        .whenComplete((done, failure) -> {
          // applied or not (a failure may leave the store unknown): cached reads of the partition are not served
          // again
          String written = null;
          for (WriteIntent<?> write : writes) {
            if (!write.partitionKey().equals(written)) {
              written = write.partitionKey();
              cache.written(table, written);
            }
          }
        }))
        .thenApply(done -> progress.stream().map(write -> write.result).toList()); // Stream.toList keeps nulls
  }

  /**
   * Updates, merges and deletes of a table that does not exist: none of their entities is stored, so each is dropped
   * (its result stays null) if it tolerates that and fails as for a missing entity otherwise; the table is not
   * created for them.
   */
  private static void inMissingTable(String table, List<WriteProgress> writes, Mode mode,
      TableNotFoundException missing) {
    for (WriteProgress write : writes) {
      if (!write.intent.dropsWhenMissing()) {
        throw WriteFailures.rejected(mode, write.intent, table, WriteFailures.notFound(write.intent, table, missing));
      }
    }
  }

  /** Tries the writes until they are applied, dropped, or fail for good: read, plan, send, learn. */
  private final class Attempts {
    private final WriteChannel channel;
    private final String table;
    private final List<WriteProgress> writes;
    private final Mode mode;
    private final long sendBy;
    /** Gets each work record the transaction wrote, by work id (or null: not wanted). */
    private final Map<String, TableRow> recorded;
    private int attempts = 1;
    private int listAttempts = 1;

    Attempts(WriteChannel channel, String table, List<WriteProgress> writes, Mode mode, long sendBy,
        Map<String, TableRow> recorded) {
      this.recorded = recorded;
      this.channel = channel;
      this.table = table;
      this.writes = writes;
      this.mode = mode;
      this.sendBy = sendBy;
    }

    /** One attempt, and the ones its failure calls for; what a step throws at once fails the future. */
    CompletableFuture<Void> next() {
      return Futures.start(this::attempt);
    }

    private CompletableFuture<Void> attempt() {
      List<PlannedOp> ops = new ArrayList<>(writes.size() * 2);
      return Futures.compose(plan(0, ops), planned -> {
        if (ops.isEmpty()) {
          return DONE;
        }
        return Futures.compose(lists.plan(channel, table, writes.stream().map(write -> write.intent).toList(),
            writes.stream().map(write -> write.snapshot).toList(), ops, mode), listOps -> {
              ops.addAll(listOps);
              List<WriteOperation> operations = ops.stream().map(PlannedOp::operation).toList();
              WriteFailures.checkRules(backend.profile(), table, ops, operations, mode);
              if (sendBy != Long.MAX_VALUE && System.nanoTime() - sendBy > 0) {
                throw LargeValueWrites.late(WriteFailures.subject(mode, writes.get(0).intent, table));
              }
              return Futures.compose(send(channel, table, ops, operations, writes, mode, recorded),
                  failure -> failure == null ? DONE : retry(ops, failure));
            });
      });
    }

    /** Reads and plans the writes from {@code next} on, one after another, adding their operations to {@code ops}. */
    private CompletableFuture<Void> plan(int next, List<PlannedOp> ops) {
      if (next == writes.size()) {
        return DONE;
      }
      WriteProgress write = writes.get(next);
      CompletableFuture<Void> read = reads.read(channel, table, write);
      if (read.isDone()) { // the blocking path, or nothing to read: planned here
        plan(write, Futures.failure(read), ops);
        return plan(next + 1, ops);
      }
      return read.handle((done, thrown) -> {
        plan(write, thrown, ops);
        return null;
      }).thenCompose(planned -> plan(next + 1, ops));
    }

    /** Plans one write once its read ended ({@code thrown}: how it failed, or null); a failure names the write. */
    private void plan(WriteProgress write, Throwable thrown, List<PlannedOp> ops) {
      try {
        if (thrown != null) {
          throw rethrown(Futures.unwrap(thrown));
        }
        WritePlanner.Plan plan = planner.plan(table, write.intent, write.snapshot);
        write.snapshot = plan.snapshot();
        ops.addAll(plan.operations());
      } catch (BatchException | TableNotFoundException e) {
        throw e;
      } catch (TableMapperException e) {
        throw WriteFailures.rejected(mode, write.intent, table, e);
      }
    }

    /** What the failure of an attempt teaches: the next attempt, or the failure for good. */
    private CompletableFuture<Void> retry(List<PlannedOp> ops, Failure failure) {
      PlannedOp failed = ops.get(failure.index());
      WriteProgress owner = WriteProgress.of(writes, failed.owner());
      return retries.learn(channel, table, failed, owner, failure.cause(), mode).thenCompose(retry -> {
        if (retry == Retries.Retry.NO) {
          RuntimeException cause = failure.cause();
          CompletableFuture<TableRow> holder = WriteFailures.namesHolder(failed, cause)
              ? channel.get(table, owner.intent.partitionKey(), failed.rowKey())
              : CompletableFuture.completedFuture(null);
          return holder.<Void>handle((row, unreadable) -> {
            throw WriteFailures.rejected(mode, owner.intent, table,
                WriteFailures.translate(failed, cause, table, row, unreadable, discriminator));
          });
        }
        if (retry == Retries.Retry.LIST) {
          if (listAttempts >= LIST_ATTEMPTS) {
            throw WriteFailures.rejected(mode, owner.intent, table, new ConcurrencyConflictException("cannot "
                + owner.intent.kind().verb() + " " + owner.intent.describe() + " in table " + table + ": the list of"
                + " index '" + failed.index().name() + "' under RowKey '" + LocalLists.listRowKey(failed)
                + "' changed under each"
                + " of " + LIST_ATTEMPTS + " attempts (other writers of entities with that value); nothing was"
                + " written", failure.cause()));
          }
          listAttempts++;
          return channel.pause(listAttempts).thenCompose(paused -> next());
        }
        if (retry == Retries.Retry.RACE) {
          if (attempts >= MAX_ATTEMPTS) {
            throw WriteFailures.rejected(mode, owner.intent, table,
                WriteFailures.gaveUp(owner.intent, table, attempts, owner.races, failure.cause()));
          }
          attempts++;
          LOG.debug("{} in table {} raced with another writer ({}); attempt {} of {}", owner.intent.describe(), table,
              owner.races, attempts, MAX_ATTEMPTS);
        }
        return next();
      });
    }
  }



  /** Sends one attempt; records the results and completes with null, or with the failed operation. */
  private CompletableFuture<Failure> send(WriteChannel channel, String table, List<PlannedOp> ops,
      List<WriteOperation> operations, List<WriteProgress> writes, Mode mode, Map<String, TableRow> recorded) {
    if (mode == Mode.REPOSITORY && ops.size() == 1) {
      PlannedOp only = ops.get(0);
      return channel.write(table, only.operation()).handle((result, thrown) -> {
        if (thrown == null) {
          WriteProgress.of(writes, only.owner()).result = result;
          return null;
        }
        Throwable e = Futures.unwrap(thrown);
        if (e instanceof TableMapperException && !(e instanceof BatchException || e instanceof TableNotFoundException)) {
          return new Failure(0, (TableMapperException) e);
        }
        throw rethrown(e);
      });
    }
    return channel.batch(table, operations).handle((results, thrown) -> {
      if (thrown != null) {
        Throwable failure = Futures.unwrap(thrown);
        if (!(failure instanceof BatchException)) {
          throw rethrown(failure);
        }
        BatchException e = (BatchException) failure;
        int index = e.failedIndex();
        boolean known = index >= 0 && index < ops.size();
        if (e.reason() == Reason.REJECTED && known && e.getCause() instanceof RuntimeException) {
          return new Failure(index, (RuntimeException) e.getCause());
        }
        String at = known ? " at " + WriteFailures.operation(ops.get(index).owner()) : "";
        throw WriteFailures.rule(mode, e.reason(), known ? ops.get(index).owner().position() : -1,
            WriteFailures.subject(mode, ops.get(0).owner(), table) + " was refused by the store" + at + ": "
                + e.getMessage(), e);
      }
      WriteResult primary = null;
      for (int i = 0; i < ops.size(); i++) {
        PlannedOp op = ops.get(i);
        WriteResult result = results.get(i);
        if (op.role() == Role.PRIMARY) {
          WriteProgress.of(writes, op.owner()).result = result;
          primary = result;
        } else if (op.role() == Role.PENDING && recorded != null && op.owner().pendingId() != null) {
          recorded.put(op.owner().pendingId(), op.operation().row().toBuilder().etag(result.etag()).build());
        } else if (op.role() != Role.PENDING && op.role() != Role.PART && op.role() != Role.LIST
            && reads.copiesShareEntityEtag() && primary != null && primary.etag() != null
            && result.etag() != null && !result.etag().equals(primary.etag())) {
          reads.copiesHaveOwnEtags();
        }
      }
      return null;
    });
  }

  /** A failure a step passes on as it is: thrown again from the stage that saw it. */
  private static RuntimeException rethrown(Throwable failure) {
    if (failure instanceof Error) {
      throw (Error) failure;
    }
    return failure instanceof RuntimeException ? (RuntimeException) failure : new CompletionException(failure);
  }

  /** The operation the store rejected, by its position in the transaction, and why. */
  private record Failure(int index, RuntimeException cause) {}
}
