package io.tablemapper.runtime.values;

import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.observe.Operation;

/**
 * The two reads that make a row whole ({@link WideReads}), on one path: a point read and every page of a query. The
 * blocking path's futures are complete when the call returns (the blocking calls made at once); the async path's are
 * the store's async requests ({@code getAsync}, {@code queryAsync}), holding no thread while they are under way where
 * the backend has a non-blocking client. So the steps composed over them are written once for both paths. A
 * {@code WriteChannel} is one too: a write's read of the stored entity takes its write's path.
 */
public interface RowReads {

  /** The row stored under these keys, or null. */
  CompletableFuture<TableRow> get(String table, String partitionKey, String rowKey);

  /** Every row of a query, all its pages. */
  CompletableFuture<List<TableRow>> rows(TableQuery query);

  /**
   * The reads of a backend: the blocking calls when {@code executor} is null, else its async calls, each sent within
   * {@code operation} (so that it counts there from any thread) and handed {@code executor} for what it must still
   * run the blocking way.
   */
  static RowReads of(TableBackend backend, Executor executor, Operation operation) {
    return new RowReads() {
      @Override
      public CompletableFuture<TableRow> get(String table, String partitionKey, String rowKey) {
        if (executor == null) {
          return Futures.start(() -> CompletableFuture.completedFuture(
              backend.get(table, partitionKey, rowKey).orElse(null)));
        }
        return Futures.start(() -> Operation.within(operation,
            () -> backend.getAsync(table, partitionKey, rowKey, executor))).thenApply(row -> row.orElse(null));
      }

      @Override
      public CompletableFuture<List<TableRow>> rows(TableQuery query) {
        List<TableRow> rows = new ArrayList<>();
        TableQuery[] next = {query};
        return Futures.loop(() -> next[0] != null, () -> page(next[0]).thenAccept(page -> {
          rows.addAll(page.rows());
          next[0] = page.continuation() == null ? null : query.withContinuation(page.continuation());
        })).thenApply(done -> rows);
      }

      private CompletableFuture<QueryResult> page(TableQuery page) {
        if (executor == null) {
          return Futures.start(() -> CompletableFuture.completedFuture(backend.query(page)));
        }
        return Futures.start(() -> Operation.within(operation, () -> backend.queryAsync(page, executor)));
      }
    };
  }
}
