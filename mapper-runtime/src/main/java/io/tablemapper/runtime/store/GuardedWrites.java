package io.tablemapper.runtime.store;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.MapperScope;
import io.tablemapper.api.OutOfScopeException;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.spi.BatchRules;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.runtime.observe.Operation;
import io.tablemapper.spi.WriteResult;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * The writes of a scoped view ({@link ScopedBackend}) whose keys the scope admits, sent so that they change no row
 * whose holders lie outside it ({@link ScopeRows#owns}): each operation other than an insert reads its row first,
 * is refused if the view may not change it ({@link OutOfScopeException}, naming no such row), and is sent
 * conditional on the ETag read (an upsert of a missing row as an insert), so that no other writer's row takes the
 * place of the one checked; when such a row changed in between, all is read, checked and sent again. The same steps
 * on the blocking and the async path: only the requests differ.
 */
final class GuardedWrites {
  /** How many times a guarded write is checked and sent again after its row changed in between. */
  private static final int ATTEMPTS = 5;
  private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

  private final TableBackend store;
  private final MapperScope scope;
  private final ScopeRows rows;

  GuardedWrites(TableBackend store, MapperScope scope, ScopeRows rows) {
    this.store = store;
    this.scope = scope;
    this.rows = rows;
  }

  /** Sends one write, or a batch of {@code operations}, guarded, with blocking requests. */
  CompletableFuture<List<WriteResult>> blocking(String table, List<WriteOperation> operations) {
    return guarded(blocking(), table, operations, 1);
  }

  /** Sends one write, or a batch of {@code operations}, guarded, with the store's async requests. */
  CompletableFuture<List<WriteResult>> async(String table, List<WriteOperation> operations, Executor executor) {
    return guarded(async(executor), table, operations, 1);
  }

  /** A refused write that may have read the row it would change, but sent nothing else. */
  private OutOfScopeException refusedWrite(String what) {
    return new OutOfScopeException(what + " is outside this mapper's scope " + scope + "; nothing was written");
  }

  /** The requests a guarded write sends: the blocking or the async ones. */
  private interface Requests {
    CompletableFuture<Optional<TableRow>> get(String table, String partitionKey, String rowKey);

    CompletableFuture<List<WriteResult>> write(String table, List<WriteOperation> operations);
  }

  /** The blocking requests, each future complete when it is returned. */
  private Requests blocking() {
    return new Requests() {
      @Override
      public CompletableFuture<Optional<TableRow>> get(String table, String partitionKey, String rowKey) {
        return Futures.start(() -> CompletableFuture.completedFuture(store.get(table, partitionKey, rowKey)));
      }

      @Override
      public CompletableFuture<List<WriteResult>> write(String table, List<WriteOperation> operations) {
        return Futures.start(() -> CompletableFuture.completedFuture(operations.size() == 1
            ? List.of(store.write(table, operations.get(0))) : store.batch(table, operations)));
      }
    };
  }

  /**
   * The async requests of one guarded write, each sent within the operation of the thread that asked for the write
   * (the later ones are sent from the threads that completed the earlier), so that they count into it.
   */
  private Requests async(Executor executor) {
    Operation operation = Operation.current();
    return new Requests() {
      @Override
      public CompletableFuture<Optional<TableRow>> get(String table, String partitionKey, String rowKey) {
        return Operation.within(operation, () -> store.getAsync(table, partitionKey, rowKey, executor));
      }

      @Override
      public CompletableFuture<List<WriteResult>> write(String table, List<WriteOperation> operations) {
        return Operation.within(operation, () -> operations.size() == 1
            ? store.writeAsync(table, operations.get(0), executor).thenApply(List::of)
            : store.batchAsync(table, operations, executor));
      }
    };
  }

  /**
   * Sends writes (one, or a batch of {@code operations}) that change no row whose holders lie outside the scope
   * (the {@code attempt}th time of {@link #ATTEMPTS}): each operation other than an insert reads its row first, is
   * refused if the view may not change it, and is sent conditional on the ETag read; when such a row changed in
   * between, all is read and sent again.
   */
  private CompletableFuture<List<WriteResult>> guarded(Requests requests, String table,
      List<WriteOperation> operations, int attempt) {
    List<WriteOperation> pinned = new ArrayList<>(operations.size());
    Iterator<WriteOperation> each = operations.iterator();
    CompletableFuture<Void> read = Futures.loop(each::hasNext, () -> {
      WriteOperation operation = each.next();
      int index = pinned.size();
      if (operation.kind() == WriteOperation.Kind.INSERT) {
        pinned.add(operation);
        return DONE;
      }
      TableRow keys = operation.row();
      return requests.get(table, keys.partitionKey(), keys.rowKey()).thenAccept(stored -> {
        if (stored.isPresent() && !rows.owns(table, stored.get())) {
          throw refusedWrite("a " + operation.kind().name().toLowerCase(Locale.ROOT) + " of RowKey '" + keys.rowKey()
              + "' in table " + table + ", partition '" + keys.partitionKey() + "' would change a row of an entity"
              + " that");
        }
        try {
          pinned.add(pinned(table, operation, stored.orElse(null)));
        } catch (EntityNotFoundException missing) {
          // as the store answers: alone, the operation's failure; in a batch, the batch's rejection at it
          throw operations.size() == 1 ? missing : BatchRules.rejected(table, index, operation, missing);
        }
      });
    });
    return Futures.compose(read, done -> requests.write(table, pinned).handle((written, thrown) -> {
      if (thrown == null) {
        return CompletableFuture.completedFuture(written);
      }
      Throwable failure = Futures.unwrap(thrown);
      if (attempt < ATTEMPTS && raced(failure) && pinnedFailed(failure, operations, pinned)) {
        return guarded(requests, table, operations, attempt + 1);
      }
      return CompletableFuture.<List<WriteResult>>failedFuture(failure);
    }).thenCompose(Function.identity()));
  }

  /**
   * An operation conditional on the row it was checked against: an unconditional replace, merge or delete on its
   * ETag, an upsert as a replace or merge on its ETag or, of a missing row, as an insert.
   *
   * @throws io.tablemapper.api.EntityNotFoundException for an unconditional replace, merge or delete of a missing
   *     row, as the store would
   */
  private static WriteOperation pinned(String table, WriteOperation operation, TableRow stored) {
    switch (operation.kind()) {
      case UPSERT_REPLACE:
        return stored == null ? WriteOperation.insert(operation.row())
            : WriteOperation.replace(operation.row(), stored.etag());
      case UPSERT_MERGE:
        return stored == null ? WriteOperation.insert(operation.row())
            : WriteOperation.merge(operation.row(), stored.etag());
      case REPLACE:
      case MERGE:
      case DELETE:
        if (operation.conditional()) {
          return operation; // refused by the store unless the row is still the one checked
        }
        if (stored == null) {
          operation.checkPrecondition(table, null);
        }
        return new WriteOperation(operation.kind(), operation.row(), stored.etag());
      default:
        return operation;
    }
  }

  /**
   * Whether the operation that failed is one this view pinned to the row it read (its failure may be the view's,
   * not the caller's): the batch's failed operation, or any pinned one when the store does not say which failed.
   */
  private static boolean pinnedFailed(Throwable failure, List<WriteOperation> sent, List<WriteOperation> pinned) {
    int failed = failure instanceof BatchException batch ? batch.failedIndex() : sent.size() == 1 ? 0 : -1;
    return failed >= 0 && failed < sent.size() ? !sent.get(failed).equals(pinned.get(failed))
        : !sent.equals(pinned);
  }

  /** Whether a write failed because a row changed between its check and the write (and is checked again). */
  private static boolean raced(Throwable failure) {
    Throwable cause = failure instanceof BatchException && failure.getCause() != null ? failure.getCause() : failure;
    return cause instanceof ConcurrencyConflictException || cause instanceof EntityExistsException
        || cause instanceof EntityNotFoundException;
  }
}
