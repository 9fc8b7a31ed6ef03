package io.tablemapper.backend.azure;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import com.azure.data.tables.models.TableTransactionFailedException;
import io.tablemapper.api.AccessDeniedException;
import io.tablemapper.api.BatchException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.spi.BatchRules;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;

/**
 * Requests through the SDK: entity group transactions ({@link #submit}) with their results and failures, the rows a
 * batch addresses, the result of a write, and the one place SDK exceptions become the contract's
 * ({@link #call}).
 */
final class Transactions {
  /** The RowKeys one query of {@link #rows} reads: with the PartitionKey, the service's most comparisons. */
  static final int ROW_KEYS_PER_QUERY = ODataFilter.MAX_COMPARISONS - 1;

  private Transactions() {}

  /** Runs a request, turning whatever the SDK throws into the contract's exceptions. */
  static <T> T call(String table, String what, Supplier<T> request) {
    try {
      return request.get();
    } catch (RuntimeException | Error e) {
      throw failure(e, table, what);
    }
  }

  /**
   * The contract's exception for what a request failed with, on either path: the contract's own exceptions as they
   * are, a service answer translated ({@link ServiceErrors#translate}), anything else as {@link
   * ServiceErrors#unexpected} says.
   */
  static RuntimeException failure(Throwable thrown, String table, String what) {
    if (thrown instanceof TableMapperException || thrown instanceof IllegalArgumentException) {
      return (RuntimeException) thrown;
    }
    if (thrown instanceof HttpResponseException) {
      return ServiceErrors.translate((HttpResponseException) thrown, table, what);
    }
    return ServiceErrors.unexpected(thrown, what);
  }

  /**
   * A request of the async client as a future whose failure is the contract's exception ({@link #failure}): the SDK's
   * {@code Mono} subscribed to at once, its value then turned into the result on the thread that completes it.
   */
  static <V, T> CompletableFuture<T> callAsync(
      String table, String what, Supplier<Mono<V>> request, Function<V, T> result) {
    CompletableFuture<V> sent;
    try {
      sent = request.get().toFuture();
    } catch (RuntimeException | Error e) {
      return CompletableFuture.failedFuture(failure(e, table, what));
    }
    CompletableFuture<T> done = new CompletableFuture<>();
    sent.whenComplete((value, thrown) -> {
      try {
        if (thrown != null) {
          done.completeExceptionally(failure(unwrap(thrown), table, what));
        } else {
          done.complete(result.apply(value));
        }
      } catch (RuntimeException | Error e) {
        done.completeExceptionally(failure(e, table, what));
      }
    });
    return done;
  }

  private static Throwable unwrap(Throwable thrown) {
    Throwable cause = thrown;
    while (cause instanceof CompletionException && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause;
  }

  /**
   * The result of a write from the ETag the service answered with; the Timestamp is the one the ETag names, or,
   * for an ETag of another form, the one a read of the row shows.
   */
  static WriteResult written(TableClient client, TableRow row, String headerValue) {
    String etag = Entities.headerEtag(headerValue);
    if (etag == null) {
      throw new TableMapperException(
          "the service answered a write of " + row.describeKeys() + " without an ETag");
    }
    Instant timestamp = Entities.timestampOf(etag);
    if (timestamp == null) {
      TableEntity read = client.getEntityWithResponse(row.partitionKey(), row.rowKey(), List.of("PartitionKey"), null,
          Context.NONE).getValue();
      timestamp = read != null && etag.equals(read.getETag()) && read.getTimestamp() != null
          ? read.getTimestamp().toInstant()
          : Instant.now();
    }
    return new WriteResult(etag, timestamp);
  }

  /** Sends a batch as one transaction: {@code sent}, the operations to send in place of the caller's {@code operations}. */
  static List<WriteResult> submit(
      TableClient client, String table, List<WriteOperation> operations, List<WriteOperation> sent, String what) {
    List<TableTransactionAction> actions = new ArrayList<>(sent.size());
    for (WriteOperation operation : sent) {
      actions.add(action(operation));
    }
    BatchPolicy.Capture capture = new BatchPolicy.Capture();
    Attempts.Counter attempts = new Attempts.Counter();
    try {
      send(client, table, operations, actions, attempts.context(capture.context()), what);
    } catch (RuntimeException failure) {
      TableMapperException reason = failure instanceof BatchException && failure.getCause() instanceof TableMapperException
          ? (TableMapperException) failure.getCause()
          : failure instanceof TableMapperException ? (TableMapperException) failure : null;
      if (reason == null || reason instanceof TableNotFoundException || !Replays.mayHideEffect(reason, attempts)) {
        throw failure;
      }
      return Replays.resolve(sent, failure, () -> call(table, "read the rows of a " + what, () -> rows(client, sent, null)));
    }
    List<String> etags = capture.etags();
    if (etags == null || etags.size() != sent.size()) {
      return call(table, "read back the rows of a " + what, () -> readBack(client, sent));
    }
    List<WriteResult> results = new ArrayList<>(sent.size());
    for (int i = 0; i < sent.size(); i++) {
      WriteOperation operation = sent.get(i);
      results.add(operation.kind() == WriteOperation.Kind.DELETE
          ? new WriteResult(null, null)
          : written(client, operation.row(), etags.get(i)));
    }
    return results;
  }

  /** Submits the actions of a batch, throwing the contract's exception for whatever went wrong. */
  private static void send(TableClient client, String table, List<WriteOperation> operations,
      List<TableTransactionAction> actions, Context context, String what) {
    try {
      client.submitTransactionWithResponse(actions, null, context);
    } catch (TableTransactionFailedException failed) {
      throw rejected(table, operations, failed);
    } catch (HttpResponseException e) {
      TableMapperException failure = ServiceErrors.translate(e, table, what);
      if (failure instanceof TableNotFoundException || failure instanceof AccessDeniedException
          || ServiceErrors.status(e) >= 500) {
        throw failure;
      }
      if (ServiceErrors.tooLarge(e)) {
        throw new BatchException(
            BatchException.Reason.TOO_LARGE, -1,
            "Azure Table Storage refused the " + what + " as too large (" + ServiceErrors.answer(e)
                + "), so nothing of it was written; an entity group transaction's request body holds at most "
                + StoreLimits.MAX_BATCH_SIZE + " bytes (4 MiB): split the batch",
            failure);
      }
      throw new BatchException(
          BatchException.Reason.REJECTED, -1, what + " was rejected as a whole: " + failure.getMessage(), failure);
    } catch (RuntimeException | Error e) {
      throw ServiceErrors.unexpected(e, what);
    }
  }

  /**
   * The results of a batch whose answer's ETags were not kept ({@link AzureTablesBackend#batchPolicy()} not installed): the rows
   * as one query reads them right after the batch. A write by someone else in between would show instead.
   */
  private static List<WriteResult> readBack(TableClient client, List<WriteOperation> operations) {
    Map<String, TableRow> read = rows(client, operations, List.of("PartitionKey", "RowKey", "Timestamp"));
    List<WriteResult> results = new ArrayList<>(operations.size());
    for (WriteOperation operation : operations) {
      if (operation.kind() == WriteOperation.Kind.DELETE) {
        results.add(new WriteResult(null, null));
      } else {
        TableRow row = read.get(operation.row().rowKey());
        if (row == null) {
          throw new TableMapperException("the batch wrote " + operation.row().describeKeys()
              + ", but the row was gone when read back for its ETag");
        }
        results.add(new WriteResult(row.etag(), row.timestamp()));
      }
    }
    return results;
  }

  /**
   * The stored rows the operations of one batch address, by RowKey: one query for each
   * {@value #ROW_KEYS_PER_QUERY} of them, the partition's equality and theirs making the service's most
   * comparisons in one filter.
   */
  static Map<String, TableRow> rows(TableClient client, List<WriteOperation> operations, List<String> select) {
    String partitionKey = operations.get(0).row().partitionKey();
    ODataFilter partition =
        ODataFilter.keyRange("PartitionKey", KeyBound.inclusive(partitionKey), KeyBound.inclusive(partitionKey));
    Map<String, TableRow> rows = new HashMap<>();
    for (int from = 0; from < operations.size(); from += ROW_KEYS_PER_QUERY) {
      List<ODataFilter> rowKeys = new ArrayList<>();
      int to = Math.min(operations.size(), from + ROW_KEYS_PER_QUERY);
      for (WriteOperation operation : operations.subList(from, to)) {
        String rowKey = operation.row().rowKey();
        rowKeys.add(ODataFilter.keyRange("RowKey", KeyBound.inclusive(rowKey), KeyBound.inclusive(rowKey)));
      }
      ODataFilter filter = ODataFilter.and(List.of(partition, ODataFilter.or(rowKeys)));
      ListEntitiesOptions options = new ListEntitiesOptions().setFilter(filter.text()).setSelect(select);
      for (TableEntity entity : client.listEntities(options, null, Context.NONE)) {
        TableRow row = Entities.toRow(entity);
        rows.put(row.rowKey(), row);
      }
    }
    return rows;
  }

  private static TableTransactionAction action(WriteOperation operation) {
    String ifMatch = operation.conditional() ? operation.ifMatch() : null;
    TableEntity entity = Entities.toEntity(operation.row(), ifMatch);
    switch (operation.kind()) {
      case INSERT:
        return new TableTransactionAction(TableTransactionActionType.CREATE, entity);
      case REPLACE:
        return new TableTransactionAction(TableTransactionActionType.UPDATE_REPLACE, entity, ifMatch != null);
      case MERGE:
        return new TableTransactionAction(TableTransactionActionType.UPDATE_MERGE, entity, ifMatch != null);
      case UPSERT_REPLACE:
        return new TableTransactionAction(TableTransactionActionType.UPSERT_REPLACE, entity);
      case UPSERT_MERGE:
        return new TableTransactionAction(TableTransactionActionType.UPSERT_MERGE, entity);
      case DELETE:
        return new TableTransactionAction(TableTransactionActionType.DELETE, entity, ifMatch != null);
      default:
        throw new AssertionError(operation.kind());
    }
  }

  /** The exception for a transaction the service rejected: the table's absence, or the operation it names. */
  private static RuntimeException rejected(String table, List<WriteOperation> operations, TableTransactionFailedException failed) {
    Integer named = failed.getFailedTransactionActionIndex();
    int index = named != null && named >= 0 && named < operations.size() ? named : operations.size() == 1 ? 0 : -1;
    String what = index >= 0
        ? operations.get(index) + " in a batch on table '" + table + "'"
        : "batch on table '" + table + "'";
    TableMapperException cause = ServiceErrors.translate(failed, table, what);
    if (cause instanceof TableNotFoundException || cause instanceof AccessDeniedException) {
      return cause;
    }
    if (index < 0) {
      return new BatchException(
          BatchException.Reason.REJECTED, -1,
          "the service rejected an operation of the batch on table '" + table + "' without naming it, so nothing"
              + " was written: " + cause.getMessage(),
          cause);
    }
    return BatchRules.rejected(table, index, operations.get(index), cause);
  }
}
