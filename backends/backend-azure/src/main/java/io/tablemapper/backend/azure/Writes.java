package io.tablemapper.backend.azure;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpHeaders;
import com.azure.core.http.rest.Response;
import com.azure.core.util.Context;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableTransactionAction;
import io.tablemapper.api.BatchException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.StoreBusyException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.spi.BatchRules;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The write and the batch of this backend, written once for both paths over a {@link Channel}: the blocking path's
 * channel completes each step at once on the caller's thread (and {@link #join} hands its outcome back), the async
 * path's sends each step with the SDK's async client. Every rule lives here or in the class it names, whichever
 * path runs it: the checks before sending ({@link BatchRules}), the merge guard and its attempts ({@link Merges}),
 * the recognition of an ambiguous write ({@link Attempts}, {@link Replays}), the ETags of a transaction ({@link
 * BatchPolicy}), and the exceptions a failure becomes ({@link Transactions#failure}, {@link
 * Transactions#batchFailure}). Each future fails with the contract's exception (wrapped in a {@code
 * CompletionException} by a dependent stage).
 */
final class Writes {
  private Writes() {}

  /** The outcome of a future of the blocking channel, complete already: its value, or its failure thrown. */
  static <T> T join(CompletableFuture<T> done) {
    try {
      return done.join();
    } catch (CompletionException e) {
      Throwable failure = Transactions.unwrap(e);
      if (failure instanceof RuntimeException) {
        throw (RuntimeException) failure;
      }
      throw (Error) failure;
    }
  }

  private static <T> CompletableFuture<T> failed(Throwable failure) {
    return CompletableFuture.failedFuture(Transactions.unwrap(failure));
  }

  /** A step's future whose failure is the contract's exception ({@link Transactions#failure}). */
  private static <T> CompletableFuture<T> mapped(CompletableFuture<T> step, String table, String what) {
    return step.exceptionallyCompose(thrown -> failed(Transactions.failure(Transactions.unwrap(thrown), table, what)));
  }

  /**
   * {@link #mapped} for a request to one partition, so that a throttled one is a {@link StoreBusyException} naming
   * it (an insert's URL names no keys).
   */
  private static <T> CompletableFuture<T> mapped(
      CompletableFuture<T> step, String table, String partitionKey, String what) {
    return step.exceptionallyCompose(thrown -> {
      Throwable failure = Transactions.unwrap(thrown);
      if (failure instanceof HttpResponseException) {
        HttpResponseException answer = (HttpResponseException) failure;
        if (Attempts.throttling(ServiceErrors.status(answer), ServiceErrors.code(answer))) {
          return failed(ServiceErrors.busy(answer, table, partitionKey, what));
        }
      }
      return failed(Transactions.failure(failure, table, what));
    });
  }

  // ------------------------------------------------------------------ one write

  /**
   * One write: checked, then sent; on an emulator a merge reads the stored row first and is sent guarded by its
   * ETag, tried again if the row changed in between ({@link Merges}); on the service it is one request.
   */
  static CompletableFuture<WriteResult> write(Channel channel, WriteOperation operation) {
    try {
      BatchRules.checkOperation(channel.table, operation, channel.profile());
    } catch (TableMapperException invalid) {
      return channel.requireTable().thenCompose(exists -> failed(invalid));
    } catch (RuntimeException e) {
      return failed(e);
    }
    return operation.merges() && channel.guardsMerges() ? guarded(channel, operation, 1) : send(channel, operation);
  }

  private static CompletableFuture<WriteResult> guarded(Channel channel, WriteOperation operation, int attempt) {
    TableRow row = operation.row();
    return channel.get(row.partitionKey(), row.rowKey()).thenCompose(stored -> {
      WriteOperation sent = Merges.guard(channel.table, operation, stored.orElse(null));
      return send(channel, sent).exceptionallyCompose(thrown -> {
        Throwable failure = Transactions.unwrap(thrown);
        if (!Merges.changedMeanwhile(operation, sent, failure)) {
          return failed(failure);
        }
        if (attempt >= Merges.ATTEMPTS) { // the row never held still
          return send(channel, Merges.unguarded(operation, (RuntimeException) failure));
        }
        return guarded(channel, operation, attempt + 1);
      });
    });
  }

  /**
   * Sends one write; a failure that may hide the write's own effect (its answer lost, then its retry meeting it) is
   * checked against the stored row ({@link Replays}).
   */
  static CompletableFuture<WriteResult> send(Channel channel, WriteOperation operation) {
    Attempts.Counter attempts = new Attempts.Counter(channel.tally);
    return request(channel, operation, attempts.context(Context.NONE)).exceptionallyCompose(thrown -> {
      Throwable failure = Transactions.unwrap(thrown);
      if (failure instanceof TableNotFoundException || !(failure instanceof TableMapperException)
          || !Replays.mayHideEffect((TableMapperException) failure, attempts)) {
        return failed(failure);
      }
      TableRow row = operation.row();
      return channel.get(row.partitionKey(), row.rowKey()).handle((stored, unreadable) ->
          Replays.resolve(operation, (TableMapperException) failure, () -> {
            if (unreadable != null) {
              throw (RuntimeException) Transactions.unwrap(unreadable);
            }
            return stored.orElse(null);
          }));
    });
  }

  private static CompletableFuture<WriteResult> request(Channel channel, WriteOperation operation, Context context) {
    String table = channel.table;
    TableRow row = operation.row();
    String ifMatch = operation.conditional() ? operation.ifMatch() : null;
    String what = operation + " in table '" + table + "'";
    CompletableFuture<Response<Void>> sent;
    try {
      TableEntity entity = Entities.toEntity(row, ifMatch);
      switch (operation.kind()) {
        case INSERT:
          sent = channel.create(entity, context);
          break;
        case REPLACE:
        case MERGE:
          sent = channel.update(entity, mode(operation.kind()), ifMatch != null, context);
          break;
        case UPSERT_REPLACE:
        case UPSERT_MERGE:
          sent = channel.upsert(entity, mode(operation.kind()), context);
          break;
        case DELETE:
          sent = channel.delete(entity, ifMatch != null, context);
          break;
        default:
          throw new AssertionError(operation.kind());
      }
    } catch (RuntimeException e) {
      return failed(Transactions.failure(e, table, what));
    }
    return mapped(sent, table, row.partitionKey(), what).thenCompose(response -> {
      if (operation.kind() != WriteOperation.Kind.DELETE) {
        return written(channel, row, response.getHeaders().getValue(HttpHeaderName.ETAG), what);
      }
      if (response.getStatusCode() == 404) {
        // The SDK answers a missing entity (or table) with its 404 response instead of an exception.
        return notFound(channel, operation, response.getHeaders());
      }
      return CompletableFuture.completedFuture(new WriteResult(null, null));
    });
  }

  private static TableEntityUpdateMode mode(WriteOperation.Kind kind) {
    return kind == WriteOperation.Kind.MERGE || kind == WriteOperation.Kind.UPSERT_MERGE
        ? TableEntityUpdateMode.MERGE
        : TableEntityUpdateMode.REPLACE;
  }

  private static CompletableFuture<WriteResult> notFound(
      Channel channel, WriteOperation operation, HttpHeaders headers) {
    String table = channel.table;
    String code = headers.getValue(ServiceErrors.ERROR_CODE);
    CompletableFuture<Void> exists = code == null ? channel.requireTable() : CompletableFuture.completedFuture(null);
    return exists.handle((found, missing) -> {
      if (ServiceErrors.TABLE_NOT_FOUND.equals(code)
          || Transactions.unwrap(missing) instanceof TableNotFoundException) {
        throw new TableNotFoundException(
            "table '" + table + "' does not exist in Azure Table Storage; create it with createTableIfNotExists"
                + " (cannot " + operation + ")");
      }
      throw new EntityNotFoundException(
          "table '" + table + "': cannot " + operation + ": no entity with these keys exists");
    });
  }

  /**
   * The result of a write from the ETag the service answered with; the Timestamp is the one the ETag names, or,
   * for an ETag of another form, the one a read of the row shows.
   */
  private static CompletableFuture<WriteResult> written(Channel channel, TableRow row, String headerValue,
      String what) {
    String etag = Entities.headerEtag(headerValue);
    if (etag == null) {
      return failed(new TableMapperException(
          "the service answered a write of " + row.describeKeys() + " without an ETag"));
    }
    Instant timestamp = Entities.timestampOf(etag);
    if (timestamp != null) {
      return CompletableFuture.completedFuture(new WriteResult(etag, timestamp));
    }
    return mapped(channel.keysOf(row.partitionKey(), row.rowKey()), channel.table, what).thenApply(read ->
        new WriteResult(etag, read != null && etag.equals(read.getETag()) && read.getTimestamp() != null
            ? read.getTimestamp().toInstant()
            : Instant.now()));
  }

  // ------------------------------------------------------------------ batches

  /**
   * A batch as one entity group transaction: checked, then submitted; on an emulator a batch with merges reads its
   * stored rows first and is sent guarded, as a single merge is.
   */
  static CompletableFuture<List<WriteResult>> batch(Channel channel, List<WriteOperation> operations) {
    String table = channel.table;
    List<WriteOperation> copy;
    try {
      copy = List.copyOf(operations);
      BatchRules.check(table, copy, channel.profile());
    } catch (BatchException broken) {
      return channel.requireTable().thenCompose(exists -> failed(broken));
    } catch (RuntimeException e) {
      return failed(e);
    }
    String what = "batch of " + copy.size() + " operations on partition '" + copy.get(0).row().partitionKey()
        + "' of table '" + table + "'";
    if (!channel.guardsMerges() || copy.stream().noneMatch(WriteOperation::merges)) {
      return submit(channel, copy, copy, what);
    }
    return guarded(channel, copy, what, 1);
  }

  private static CompletableFuture<List<WriteResult>> guarded(
      Channel channel, List<WriteOperation> copy, String what, int attempt) {
    return rows(channel, copy, null, "read the rows of a " + what).thenCompose(stored -> {
      List<WriteOperation> sent = Merges.guard(channel.table, copy, stored);
      return submit(channel, copy, sent, what).exceptionallyCompose(thrown -> {
        Throwable failure = Transactions.unwrap(thrown);
        int index = failure instanceof BatchException ? ((BatchException) failure).failedIndex() : -1;
        if (index < 0 || !Merges.changedMeanwhile(copy.get(index), sent.get(index), failure.getCause())) {
          return failed(failure);
        }
        if (attempt >= Merges.ATTEMPTS) {
          Merges.unguarded(copy.get(index), (RuntimeException) failure); // the row never held still
          return submit(channel, copy, copy, what);
        }
        return guarded(channel, copy, what, attempt + 1);
      });
    });
  }

  /** The stored rows the operations address, by RowKey ({@link Transactions#rowQueries}). */
  private static CompletableFuture<Map<String, TableRow>> rows(
      Channel channel, List<WriteOperation> operations, List<String> select, String what) {
    CompletableFuture<List<TableEntity>> listed;
    try {
      listed = channel.list(Transactions.rowQueries(operations, select));
    } catch (RuntimeException e) {
      return failed(Transactions.failure(e, channel.table, what));
    }
    return mapped(listed.thenApply(Transactions::byRowKey), channel.table, what);
  }

  /**
   * Sends a batch as one transaction: {@code sent}, the operations to send in place of the caller's
   * {@code operations}; a failure that may hide the batch's own effect is checked against the stored rows.
   */
  static CompletableFuture<List<WriteResult>> submit(
      Channel channel, List<WriteOperation> operations, List<WriteOperation> sent, String what) {
    String table = channel.table;
    List<TableTransactionAction> actions = new ArrayList<>(sent.size());
    for (WriteOperation operation : sent) {
      actions.add(Transactions.action(operation));
    }
    BatchPolicy.Capture capture = new BatchPolicy.Capture();
    Attempts.Counter attempts = new Attempts.Counter(channel.tally);
    CompletableFuture<List<WriteResult>> replayed = channel.submit(actions, attempts.context(capture.context()))
        .<List<WriteResult>>thenApply(answered -> null)
        .exceptionallyCompose(thrown -> {
          RuntimeException failure =
              Transactions.batchFailure(Transactions.unwrap(thrown), table, operations, what);
          TableMapperException reason =
              failure instanceof BatchException && failure.getCause() instanceof TableMapperException
                  ? (TableMapperException) failure.getCause()
                  : failure instanceof TableMapperException ? (TableMapperException) failure : null;
          if (reason == null || reason instanceof TableNotFoundException || !Replays.mayHideEffect(reason, attempts)) {
            return failed(failure);
          }
          return rows(channel, sent, null, "read the rows of a " + what).handle((stored, unreadable) ->
              Replays.resolve(sent, failure, () -> {
                if (unreadable != null) {
                  throw (RuntimeException) Transactions.unwrap(unreadable);
                }
                return stored;
              }));
        });
    return replayed.thenCompose(resolved -> resolved != null
        ? CompletableFuture.completedFuture(resolved)
        : results(channel, sent, capture.etags(), what));
  }

  /**
   * The results of a transaction the service applied: from the ETags of its answer ({@link BatchPolicy}), or, when
   * they were not kept, from the rows as one query reads them right after the batch (a write by someone else in
   * between would show instead).
   */
  private static CompletableFuture<List<WriteResult>> results(
      Channel channel, List<WriteOperation> sent, List<String> etags, String what) {
    if (etags == null || etags.size() != sent.size()) {
      return rows(channel, sent, List.of("PartitionKey", "RowKey", "Timestamp"), "read back the rows of a " + what)
          .thenApply(read -> {
            List<WriteResult> results = new ArrayList<>(sent.size());
            for (WriteOperation operation : sent) {
              if (operation.kind() == WriteOperation.Kind.DELETE) {
                results.add(new WriteResult(null, null));
                continue;
              }
              TableRow row = read.get(operation.row().rowKey());
              if (row == null) {
                throw new TableMapperException("the batch wrote " + operation.row().describeKeys()
                    + ", but the row was gone when read back for its ETag");
              }
              results.add(new WriteResult(row.etag(), row.timestamp()));
            }
            return results;
          });
    }
    List<CompletableFuture<WriteResult>> results = new ArrayList<>(sent.size());
    for (int i = 0; i < sent.size(); i++) {
      WriteOperation operation = sent.get(i);
      results.add(operation.kind() == WriteOperation.Kind.DELETE
          ? CompletableFuture.completedFuture(new WriteResult(null, null))
          : written(channel, operation.row(), etags.get(i), what));
    }
    return CompletableFuture.allOf(results.toArray(CompletableFuture[]::new)).thenApply(all -> {
      List<WriteResult> done = new ArrayList<>(results.size());
      results.forEach(result -> done.add(result.join()));
      return done;
    });
  }
}
