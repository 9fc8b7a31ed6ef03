package io.tablemapper.runtime.store;

import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.OutOfRowValues;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import io.tablemapper.runtime.support.AsyncRunner;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.values.LargeValues;
import io.tablemapper.runtime.observe.Operation;
import io.tablemapper.runtime.values.RowReads;
import io.tablemapper.runtime.values.WideReads;

/**
 * The requests of the mapper's writes, on one path: {@link #blocking} makes each with the backend's blocking calls on
 * the caller's thread, its future complete when the call returns; {@link Async} sends each with the backend's async
 * calls ({@code getAsync}, {@code queryAsync}, {@code writeAsync}, {@code batchAsync}, and {@code putAsync} and
 * {@code deleteAsync} of its {@link OutOfRowValues}), holding no thread while it is under way where the backend has a
 * non-blocking client. {@code EgtWriter} and {@code LocalLists} compose them into
 * the entity group transaction of either path, so that every rule of a write (reads, plans, retries, the ETag
 * learning, a missing table, the exceptions) is written once, for both.
 *
 * <p>Each future fails with what the request failed with, the contract's exception (wrapped in a
 * {@code CompletionException} by a dependent stage: {@link Futures#unwrap}).
 */
public abstract class WriteChannel {
  private WriteChannel() {}

  /** The blocking path, over the mapper's backend. */
  public static WriteChannel blocking(TableBackend backend, Tables tables, Discriminator discriminator) {
    return new Blocking(backend, tables, discriminator);
  }

  /** The row stored under these keys, or null. */
  public abstract CompletableFuture<TableRow> get(String table, String partitionKey, String rowKey);

  /** The stored entity of a mapping at its keys, whole ({@link WideReads} for a wide one), or null. */
  public abstract CompletableFuture<TableRow> entity(EntityMapping<?> mapping, String table, String partitionKey,
      String rowKey);

  /** Every row of a query, all its pages. */
  public abstract CompletableFuture<List<TableRow>> rows(TableQuery query);

  /** This path's {@link #get} and {@link #rows}, for the steps that make a stored entity whole ({@link WideReads}). */
  final RowReads reads = new RowReads() {
    @Override
    public CompletableFuture<TableRow> get(String table, String partitionKey, String rowKey) {
      return WriteChannel.this.get(table, partitionKey, rowKey);
    }

    @Override
    public CompletableFuture<List<TableRow>> rows(TableQuery query) {
      return WriteChannel.this.rows(query);
    }
  };

  public abstract CompletableFuture<WriteResult> write(String table, WriteOperation operation);

  public abstract CompletableFuture<List<WriteResult>> batch(String table, List<WriteOperation> operations);

  /** Stores a {@code @Large} value of the write, before its transaction ({@link LargeValues#put}). */
  public abstract CompletableFuture<Void> putValue(OutOfRowValues store, String table, String name, byte[] value);

  /**
   * Deletes a {@code @Large} value no row references (after the transaction, or in place of it when it was refused,
   * {@link LargeValues#delete}): a clean-up, sent even once the caller cancelled.
   */
  public abstract CompletableFuture<Boolean> deleteValue(OutOfRowValues store, String table, String name);

  /** {@link Tables#ensure}: completes once the table exists where the mapper creates tables. */
  public abstract CompletableFuture<Void> ensure(String table);

  /** A short random pause before a transaction whose list rows changed is tried again (at most 20 ms). */
  public final CompletableFuture<Void> pause(int attempt) {
    return delay(pauseNanos(attempt));
  }

  /** A pause of {@code nanos} on this path: the caller's thread parked, or the async write going on after it. */
  public abstract CompletableFuture<Void> delay(long nanos);

  /**
   * Creates a table if it does not exist, whatever the mapper's creation policy (the pending work's registry): the
   * backend's {@code createTableIfNotExists}, or on the async path its {@code createTableIfNotExistsAsync}, sent as
   * each request of the write.
   *
   * @return a future of whether the table was created by this call
   */
  public abstract CompletableFuture<Boolean> createTable(String table);

  /**
   * Runs blocking work that is this path's business but has no async form (an index state registration, once per
   * type and mapper): on the caller's thread on the blocking path; on the async path on the executor a request's
   * blocking work runs on, and not once the caller cancelled.
   */
  public abstract CompletableFuture<Void> blockingWork(Runnable work);

  /**
   * This path for a clean-up that must be sent even once the caller cancelled (the release of a refused write's
   * claims and the deletion of its registry entries: left, they would refuse other writers until a completer
   * retires them).
   */
  public abstract WriteChannel cleanUp();

  /**
   * This path with its requests sent within {@code operation}, a pending step's view of the operation it sends for
   * ({@link Operation#step}), so that they are traced under the step: the async path's requests otherwise carry the
   * operation that was current when the channel was made; the blocking path's run on the caller's thread, within
   * whatever is current there.
   */
  public abstract WriteChannel within(Operation operation);

  /**
   * The operation this path's requests are sent within: on the async path the one current when the channel was made
   * (its later steps run on other threads); on the blocking path the caller's thread's current one; or null.
   */
  public abstract Operation operation();

  /** How long the pause before the {@code attempt}th try of a transaction whose list rows changed lasts. */
  static long pauseNanos(int attempt) {
    return ThreadLocalRandom.current().nextLong(Math.min(20, attempt) * 1_000_000L);
  }

  private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

  /** The blocking path: each request made at once, on the caller's thread. */
  private static final class Blocking extends WriteChannel {
    @Override
    public WriteChannel cleanUp() {
      return this; // nothing cancels a blocking write
    }

    @Override
    public WriteChannel within(Operation operation) {
      return this; // each request on the caller's thread, within its current operation
    }

    @Override
    public Operation operation() {
      return Operation.current();
    }

    @Override
    public CompletableFuture<Void> blockingWork(Runnable work) {
      try {
        work.run();
        return DONE;
      } catch (RuntimeException e) {
        return CompletableFuture.failedFuture(e);
      }
    }

    private final TableBackend backend;
    private final Tables tables;
    private final Discriminator discriminator;

    Blocking(TableBackend backend, Tables tables, Discriminator discriminator) {
      this.backend = backend;
      this.tables = tables;
      this.discriminator = discriminator;
    }

    @Override
    public CompletableFuture<TableRow> get(String table, String partitionKey, String rowKey) {
      try {
        return CompletableFuture.completedFuture(backend.get(table, partitionKey, rowKey).orElse(null));
      } catch (RuntimeException e) {
        return CompletableFuture.failedFuture(e);
      }
    }

    @Override
    public CompletableFuture<TableRow> entity(EntityMapping<?> mapping, String table, String partitionKey,
        String rowKey) {
      return mapping.wide() ? WideReads.read(reads, discriminator, mapping, partitionKey, rowKey)
          : get(table, partitionKey, rowKey);
    }

    @Override
    public CompletableFuture<List<TableRow>> rows(TableQuery query) {
      try {
        List<TableRow> rows = new ArrayList<>();
        QueryResult page = backend.query(query);
        while (true) {
          rows.addAll(page.rows());
          if (page.continuation() == null) {
            return CompletableFuture.completedFuture(rows);
          }
          page = backend.query(query.withContinuation(page.continuation()));
        }
      } catch (RuntimeException e) {
        return CompletableFuture.failedFuture(e);
      }
    }

    @Override
    public CompletableFuture<WriteResult> write(String table, WriteOperation operation) {
      try {
        return CompletableFuture.completedFuture(backend.write(table, operation));
      } catch (RuntimeException e) {
        return CompletableFuture.failedFuture(e);
      }
    }

    @Override
    public CompletableFuture<List<WriteResult>> batch(String table, List<WriteOperation> operations) {
      try {
        return CompletableFuture.completedFuture(backend.batch(table, operations));
      } catch (RuntimeException e) {
        return CompletableFuture.failedFuture(e);
      }
    }

    @Override
    public CompletableFuture<Void> putValue(OutOfRowValues store, String table, String name, byte[] value) {
      try {
        store.put(table, name, value);
        return DONE;
      } catch (RuntimeException e) {
        return CompletableFuture.failedFuture(e);
      }
    }

    @Override
    public CompletableFuture<Boolean> deleteValue(OutOfRowValues store, String table, String name) {
      try {
        return CompletableFuture.completedFuture(store.delete(table, name));
      } catch (RuntimeException e) {
        return CompletableFuture.failedFuture(e);
      }
    }

    @Override
    public CompletableFuture<Void> ensure(String table) {
      try {
        tables.ensure(table);
        return DONE;
      } catch (RuntimeException e) {
        return CompletableFuture.failedFuture(e);
      }
    }

    @Override
    public CompletableFuture<Void> delay(long nanos) {
      LockSupport.parkNanos(nanos);
      return DONE;
    }

    @Override
    public CompletableFuture<Boolean> createTable(String table) {
      try {
        return CompletableFuture.completedFuture(backend.createTableIfNotExists(table));
      } catch (RuntimeException e) {
        return CompletableFuture.failedFuture(e);
      }
    }
  }

  /**
   * The async path of one write operation (a repository write, a batch's commit): each request sent with the
   * backend's async call within the operation that started it (so that it counts there from any thread) — a table's
   * first creation too ({@link Tables#ensureAsync}), and a wide entity's read (a head, then its parts:
   * {@link WideReads#read} over this channel), a {@code @Large} value's upload and deletion, and the pending work's
   * registry's creation ({@link #createTable}) and the work after a transaction —; nothing of a write runs on the
   * mapper's executor but what a backend runs there. Once the caller has cancelled the operation's
   * future, no further request is sent: a request under way runs to its end (a transaction sent may be applied), the
   * next fails with {@link CancellationException} — an entity group transaction is sent whole or not at all, so
   * nothing is left half-written.
   *
   * <p>What a backend runs on the executor it is handed (the blocking defaults of the embedded backends) is work of
   * the mapper's {@link AsyncRunner#run}: when the caller cancels, or the mapper closes, before such a request
   * started, the request is not made and the write fails with {@link CancellationException}, or with
   * {@code IllegalStateException} ("closed before the async operation started") as a queued operation does.
   */
  public static final class Async extends WriteChannel {
    private final Channels channels;
    private final Operation operation;
    private final Future<?> caller;

    /**
     * @param caller the future the caller holds: once it is cancelled, nothing more is sent
     */
    Async(Channels channels, Future<?> caller) {
      this(channels, Operation.current(), caller);
    }

    private Async(Channels channels, Operation operation, Future<?> caller) {
      this.channels = channels;
      this.operation = operation;
      this.caller = caller;
    }

    @Override
    public WriteChannel cleanUp() {
      return new Async(channels, operation, DONE); // within the same operation, by a caller that never cancels
    }

    @Override
    public WriteChannel within(Operation operation) {
      return new Async(channels, operation, caller);
    }

    @Override
    public Operation operation() {
      return operation;
    }

    @Override
    public CompletableFuture<Void> blockingWork(Runnable work) {
      return send(executor -> CompletableFuture.runAsync(work, executor));
    }

    /**
     * Sends a request, handing it the executor for its blocking work, if any: a request that has not started there
     * when the mapper closes fails the write.
     */
    private <R> CompletableFuture<R> send(Function<Executor, CompletableFuture<R>> request) {
      return send(request, true);
    }

    /**
     * {@link #send}; a clean-up ({@code cancellable} false) is sent, and run on the executor, even once the caller
     * cancelled.
     */
    private <R> CompletableFuture<R> send(Function<Executor, CompletableFuture<R>> request, boolean cancellable) {
      if (cancellable && caller.isCancelled()) {
        return CompletableFuture.failedFuture(cancelled());
      }
      CompletableFuture<R> answered = new CompletableFuture<>();
      Executor queued = task -> channels.runner().run(() -> {
        if (cancellable && caller.isCancelled()) {
          throw cancelled(); // cancelled while the request waited for the executor: not made
        }
        task.run();
        return null;
      }).whenComplete((ran, failure) -> {
        if (failure != null) {
          answered.completeExceptionally(Futures.unwrap(failure));
        }
      });
      Futures.start(() -> Operation.within(operation, () -> request.apply(queued))).whenComplete((value, failure) -> {
        if (failure != null) {
          answered.completeExceptionally(Futures.unwrap(failure));
        } else {
          answered.complete(value);
        }
      });
      return answered;
    }

    private static CancellationException cancelled() {
      return new CancellationException("the write's future was cancelled before this request was sent");
    }

    @Override
    public CompletableFuture<TableRow> get(String table, String partitionKey, String rowKey) {
      return send(executor -> channels.backend().getAsync(table, partitionKey, rowKey, executor))
          .thenApply(row -> row.orElse(null));
    }

    /** A wide entity's read (a head, then its parts, read again on a mismatch): each request sent as any other. */
    @Override
    public CompletableFuture<TableRow> entity(EntityMapping<?> mapping, String table, String partitionKey,
        String rowKey) {
      return mapping.wide() ? WideReads.read(reads, channels.discriminator(), mapping, partitionKey, rowKey)
          : get(table, partitionKey, rowKey);
    }

    @Override
    public CompletableFuture<List<TableRow>> rows(TableQuery query) {
      List<TableRow> rows = new ArrayList<>();
      return page(query, rows).thenApply(last -> rows);
    }

    private CompletableFuture<Void> page(TableQuery query, List<TableRow> rows) {
      return send(executor -> channels.backend().queryAsync(query, executor)).thenCompose(page -> {
        rows.addAll(page.rows());
        return page.continuation() == null ? DONE : page(query.withContinuation(page.continuation()), rows);
      });
    }

    @Override
    public CompletableFuture<WriteResult> write(String table, WriteOperation operation) {
      return send(executor -> channels.backend().writeAsync(table, operation, executor));
    }

    @Override
    public CompletableFuture<List<WriteResult>> batch(String table, List<WriteOperation> operations) {
      return send(executor -> channels.backend().batchAsync(table, operations, executor));
    }

    @Override
    public CompletableFuture<Void> putValue(OutOfRowValues store, String table, String name, byte[] value) {
      return send(executor -> store.putAsync(table, name, value, executor));
    }

    @Override
    public CompletableFuture<Boolean> deleteValue(OutOfRowValues store, String table, String name) {
      return send(executor -> store.deleteAsync(table, name, executor), false);
    }

    /**
     * A table known to exist needs nothing; its first creation (and the check of its existence where the credentials
     * may not create it) is sent with the backend's async table calls, as each request of the write.
     */
    @Override
    public CompletableFuture<Void> ensure(String table) {
      return channels.tables().known(table) ? DONE : channels.tables().ensureAsync(table, this::abandonable);
    }

    /**
     * {@link #send} for a table's creation or existence check, which the backend may keep at for a while (Azure waits
     * for a table of the same name still being deleted): once the caller cancels, the backend's future is cancelled
     * too, so that it sends no further attempt. A creation is harmless to abandon, unlike a transaction, which runs
     * to its end.
     */
    private <R> CompletableFuture<R> abandonable(Function<Executor, CompletableFuture<R>> request) {
      return send(executor -> {
        CompletableFuture<R> sent = request.apply(executor);
        if (caller instanceof CompletableFuture<?> held) {
          held.whenComplete((value, failure) -> {
            if (held.isCancelled()) {
              sent.cancel(false);
            }
          });
        }
        return sent;
      });
    }

    /**
     * A pause without a thread: the write goes on, once it has passed, on the common pool, as far as its next
     * request (planning and sending, no blocking call: the embedded stores' requests go to the mapper's executor) —
     * not on the JDK's one timer thread, which every delayed task of the JVM shares.
     */
    @Override
    public CompletableFuture<Void> delay(long nanos) {
      return CompletableFuture.runAsync(() -> { }, CompletableFuture.delayedExecutor(nanos, TimeUnit.NANOSECONDS));
    }

    @Override
    public CompletableFuture<Boolean> createTable(String table) {
      return abandonable(executor -> channels.backend().createTableIfNotExistsAsync(table, executor));
    }
  }
}
