package io.tablemapper.runtime;

import java.util.function.Supplier;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.PartialDeleteException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.EntityQuery;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.runtime.write.WriteFailures.Mode;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicInteger;
import io.tablemapper.runtime.support.AsyncRunner;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.write.EgtWriter;
import io.tablemapper.runtime.query.EntityQueries;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.mapping.Hierarchy;
import io.tablemapper.runtime.values.LargeValues;
import io.tablemapper.runtime.mapping.Mappings;
import io.tablemapper.runtime.observe.Operation;
import io.tablemapper.runtime.pending.PendingWork;
import io.tablemapper.runtime.support.ReadPool;
import io.tablemapper.runtime.values.RowDecoder;
import io.tablemapper.runtime.query.RowSource;
import io.tablemapper.runtime.store.WriteChannel;
import io.tablemapper.runtime.write.WriteIntent;

/**
 * Delete by query ({@code deleteBy…} methods) of one repository: the matches read through the repository's queries
 * ({@link EntityQueries#deleteSource}), then deleted with their index copies through the write path's pending work.
 *
 * @param <T> the entity class
 */
final class QueryDeletes<T> {
  private final EntityQueries<T> queries;
  private final EntityMapping<T> mapping;
  private final PendingWork pending;
  private final Discriminator discriminator;
  private final RowDecoder decoder;
  private final LargeValues large;
  private final Mappings mappings;
  private final ReadPool pool;
  private final AsyncRunner async;

  QueryDeletes(EntityQueries<T> queries, EntityMapping<T> mapping, PendingWork pending, Discriminator discriminator,
      RowDecoder decoder, LargeValues large, Mappings mappings, ReadPool pool, AsyncRunner async) {
    this.queries = queries;
    this.mapping = mapping;
    this.pending = pending;
    this.discriminator = discriminator;
    this.decoder = decoder;
    this.large = large;
    this.mappings = mappings;
    this.pool = pool;
    this.async = async;
  }

  /**
   * Deletes the matching entities with their index copies. The matches are read first, keys only but for the
   * properties their index keys are made of ({@link #deleteSelection}); each entity's delete is conditional on the
   * ETag read (through a full index copy, the copy's, which names the entity's version as long as the copy is
   * unchanged), and entities of one partition go together in entity group transactions of at most 100 operations
   * (an entity and its copies in its partition), one after another; partitions are deleted in parallel on the
   * mapper's read pool ({@code readParallelism}). Through a remote index, the entities its copies lead to are deleted
   * (only those that still match, as for any read), never the copies themselves, which the pending work then removes,
   * as it removes the remote copies of every deleted entity.
   *
   * <p>An entity deleted meanwhile by someone else is skipped. A transaction that fails (an entity changed meanwhile:
   * {@link ConcurrencyConflictException}) stops its partition; the other partitions go on. When nothing was deleted
   * the failure is thrown as it is; otherwise a {@link PartialDeleteException} says how many entities were deleted
   * and how many were not.
   */
  long delete(EntityQuery query) {
    RowSource run = queries.deleteSource(query, deleteSelection(query), false);
    return Futures.join(delete(query, run, new BlockingDeletes()));
  }

  /**
   * {@link #delete} on the async path: the same steps, the matches read with the store's async queries
   * ({@link RowSource#nextAsync}) and each partition's transactions sent through {@link PendingWork#writeAsync}
   * (of a transaction with pending work for remote indexes, the work done after it stays on the executor;
   * {@code @Large} values are written and deleted with the store's async calls, {@link EgtWriter#writeAsync}), at most
   * {@code readParallelism} partitions under way at once, holding no thread while their requests are.
   *
   * @param channel the async write path of the operation: once its caller cancelled, no further transaction is sent
   */
  CompletableFuture<Long> deleteAsync(EntityQuery query, WriteChannel.Async channel) {
    RowSource run = queries.deleteSource(query, deleteSelection(query), true);
    return delete(query, run, new AsyncDeletes(channel, async.executor()));
  }

  /**
   * The requests of a delete by query on one path; the rules around them are those of
   * {@link #delete(EntityQuery, RowSource, Deletes)}, written once.
   */
  private interface Deletes {
    /** The next matches, at most {@code max}. */
    CompletableFuture<List<TableRow>> next(RowSource run, int max);

    /** One transaction's deletes. */
    <E> CompletableFuture<List<WriteResult>> write(String table, List<WriteIntent<E>> chunk);

    /** Runs the deletes of the partitions, several at once ({@code readParallelism}), giving what each did. */
    CompletableFuture<List<Deletion>> partitions(List<Supplier<CompletableFuture<Deletion>>> partitions);
  }

  /** The blocking path: each request made at once; partitions on the mapper's read pool. */
  private final class BlockingDeletes implements Deletes {
    @Override
    public CompletableFuture<List<TableRow>> next(RowSource run, int max) {
      return Futures.start(() -> CompletableFuture.completedFuture(run.next(max)));
    }

    @Override
    public <E> CompletableFuture<List<WriteResult>> write(String table, List<WriteIntent<E>> chunk) {
      return Futures.start(() -> CompletableFuture.completedFuture(
          pending.write(table, chunk, Mode.REPOSITORY)));
    }

    @Override
    public CompletableFuture<List<Deletion>> partitions(List<Supplier<CompletableFuture<Deletion>>> partitions) {
      Executor threads = partitions.size() > 1 ? pool.executor() : null;
      Operation operation = Operation.current(); // the deletes' requests count into it, from the pool's threads
      List<FutureTask<Deletion>> tasks = new ArrayList<>();
      for (Supplier<CompletableFuture<Deletion>> partition : partitions) {
        FutureTask<Deletion> task =
            new FutureTask<>(() -> Operation.within(operation, () -> Futures.join(partition.get())));
        tasks.add(task);
        if (threads != null) {
          threads.execute(task);
        }
      }
      List<Deletion> done = new ArrayList<>();
      for (FutureTask<Deletion> task : tasks) {
        task.run(); // does nothing when the pool has started it; the caller never waits on a busy pool
        done.add(joined(task));
      }
      return CompletableFuture.completedFuture(done);
    }
  }

  /** The async path: each request sent through the operation's channel, at most readParallelism partitions at once. */
  private final class AsyncDeletes implements Deletes {
    private final WriteChannel.Async channel;
    private final Executor executor;

    AsyncDeletes(WriteChannel.Async channel, Executor executor) {
      this.channel = channel;
      this.executor = executor;
    }

    @Override
    public CompletableFuture<List<TableRow>> next(RowSource run, int max) {
      return run.nextAsync(max, executor);
    }

    @Override
    public <E> CompletableFuture<List<WriteResult>> write(String table, List<WriteIntent<E>> chunk) {
      return pending.writeAsync(table, chunk, Mode.REPOSITORY, channel);
    }

    @Override
    public CompletableFuture<List<Deletion>> partitions(List<Supplier<CompletableFuture<Deletion>>> partitions) {
      // a few workers, each taking the next partition once its last is done (no stack growth: Futures.loop)
      Deletion[] done = new Deletion[partitions.size()];
      AtomicInteger next = new AtomicInteger();
      List<CompletableFuture<Void>> workers = new ArrayList<>();
      int window = Math.min(partitions.size(), Math.max(1, pool.parallelism()));
      for (int w = 0; w < window; w++) {
        workers.add(Futures.loop(() -> next.get() < partitions.size(), () -> {
          int i = next.getAndIncrement();
          if (i >= partitions.size()) {
            return CompletableFuture.completedFuture(null);
          }
          return Futures.start(partitions.get(i)).thenAccept(deletion -> done[i] = deletion);
        }));
      }
      return CompletableFuture.allOf(workers.toArray(CompletableFuture[]::new)).thenApply(all -> List.of(done));
    }
  }

  /** The steps of a delete by query, on either path: read the matches, group them, delete each group, sum up. */
  private CompletableFuture<Long> delete(EntityQuery query, RowSource run, Deletes path) {
    int limit = query.limit();
    List<TableRow> matches = new ArrayList<>();
    return Futures.compose(Futures.loop(() -> !run.exhausted() && (limit == 0 || matches.size() < limit),
        () -> path.next(run, limit == 0 ? StoreLimits.MAX_PAGE_SIZE : limit - matches.size())
            .thenAccept(matches::addAll)), read -> {
              run.report(matches.size());
              IndexMapping<T> index = query.index() == null ? null : mapping.indexNamed(query.index());
              // rows read through a partial or remote copy are the entities' own rows, each with its own ETag
              boolean ownRows = index == null || !index.fullCopy() || index.remote();
              Map<String, List<TableRow>> byPartition = new LinkedHashMap<>();
              for (TableRow row : matches) {
                // a table per period: one group per table too (the keys name it)
                byPartition.computeIfAbsent(
                    queries.mappingOfRow(row).table() + '\u0000' + row.partitionKey(),
                        key -> new ArrayList<>()).add(row);
              }
              List<Supplier<CompletableFuture<Deletion>>> partitions = new ArrayList<>();
              for (List<TableRow> partition : byPartition.values()) {
                partitions.add(() -> deletePartition(partition, ownRows, path));
              }
              return Futures.compose(path.partitions(partitions), done -> CompletableFuture.completedFuture(
                  deleted(query, done)));
            });
  }

  /** The number deleted, or what the failed partitions failed with. */
  private long deleted(EntityQuery query, List<Deletion> done) {
    long deleted = 0;
    long notDeleted = 0;
    List<RuntimeException> failures = new ArrayList<>();
    for (Deletion deletion : done) {
      deleted += deletion.deleted();
      notDeleted += deletion.notDeleted();
      if (deletion.failure() != null) {
        failures.add(deletion.failure());
      }
    }
    if (failures.isEmpty()) {
      return deleted;
    }
    if (deleted == 0 && failures.size() == 1) {
      throw failures.get(0); // nothing written: the failure as any write reports it
    }
    PartialDeleteException partial = new PartialDeleteException(query.method() + " deleted " + deleted
        + " matching " + mapping.entityClass().getSimpleName() + " entities with their index copies and left "
        + notDeleted + " in place, because " + failures.size() + " of its " + done.size() + " partitions failed;"
        + " the first: " + failures.get(0).getMessage(), deleted, notDeleted, failures.get(0));
    for (RuntimeException failure : failures.subList(1, failures.size())) {
      partial.addSuppressed(failure);
    }
    throw partial;
  }

  /**
   * What a delete reads of each match: the keys (always returned), the discriminator, the properties its index
   * keys are made of ({@link EntityMapping#indexedProperties}) and the references of its {@code @Large} values, of
   * every class of its hierarchy — enough to delete its copies and values, never the whole entity.
   */
  private List<String> deleteSelection(EntityQuery query) {
    List<String> select = new ArrayList<>();
    select.add(discriminator.name());
    List<EntityMapping<?>> members = new ArrayList<>(Hierarchy.members(mapping));
    members.add(mapping);
    for (EntityMapping<?> member : members) {
      List<String> needed = new ArrayList<>(member.indexedProperties());
      needed.addAll(member.largeProperties()); // their references: the values go with the entity
      for (String name : needed) {
        if (!select.contains(name)) {
          select.add(name);
        }
      }
    }
    return select;
  }

  /**
   * What the delete of one partition did.
   *
   * @param deleted the entities deleted
   * @param notDeleted the entities of the failed transaction and of those not sent after it
   * @param failure why it stopped, or null
   */
  private record Deletion(long deleted, long notDeleted, RuntimeException failure) {}

  /** Deletes the matches of one partition in transactions of at most 100 operations, stopping at a failed one. */
  private CompletableFuture<Deletion> deletePartition(List<TableRow> partition, boolean ownRows, Deletes path) {
    List<List<WriteIntent<T>>> chunks = new ArrayList<>();
    List<WriteIntent<T>> chunk = new ArrayList<>();
    int operations = 0;
    for (TableRow row : partition) {
      // decoded without its @Large values, which a delete needs not read (the row keeps their references)
      T entity = decoder.entity(queries.mappingOfRow(row), large.withoutReferences(queries.mappingOfRow(row), row));
      if (entity == null) {
        continue; // a malformed row the policy leaves out is not deleted either
      }
      int needed = 1 + copiesOf(entity);
      if (operations + needed > StoreLimits.MAX_BATCH_OPERATIONS && !chunk.isEmpty()) {
        chunks.add(chunk);
        chunk = new ArrayList<>();
        operations = 0;
      }
      chunk.add(WriteIntent.deleteAsRead(mapping, entity, row, ownRows, chunk.size(), mappings));
      operations += needed;
    }
    if (!chunk.isEmpty()) {
      chunks.add(chunk);
    }
    int[] sent = {0};
    long[] deleted = {0};
    return Futures.loop(() -> sent[0] < chunks.size(),
        () -> path.write(chunks.get(sent[0]).get(0).mapping().table(), chunks.get(sent[0])).thenAccept(results -> {
          for (WriteResult result : results) {
            deleted[0] += result != null ? 1 : 0;
          }
          sent[0]++;
        })).handle((done, failed) -> {
          if (failed == null) {
            return new Deletion(deleted[0], 0, null);
          }
          Throwable failure = Futures.unwrap(failed);
          if (!(failure instanceof RuntimeException)) {
            throw new CompletionException(failure); // an Error goes on as it is
          }
          long left = 0;
          for (List<WriteIntent<T>> unsent : chunks.subList(sent[0], chunks.size())) {
            left += unsent.size();
          }
          return new Deletion(deleted[0], left, (RuntimeException) failure);
        });
  }

  private static Deletion joined(FutureTask<Deletion> task) {
    try {
      return task.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TableMapperException("interrupted while deleting the matches of a query", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof Error) {
        throw (Error) e.getCause();
      }
      if (e.getCause() instanceof RuntimeException) {
        throw (RuntimeException) e.getCause();
      }
      throw new TableMapperException("deleting the matches of a query failed", e.getCause());
    }
  }

  private int copiesOf(T entity) {
    int copies = 0;
    for (IndexMapping<T> index : mapping.indexes()) {
      copies += index.rowKey(entity) != null ? 1 : 0;
    }
    return copies;
  }
}
