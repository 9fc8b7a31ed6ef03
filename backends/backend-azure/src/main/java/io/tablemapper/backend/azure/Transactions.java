package io.tablemapper.backend.azure;

import com.azure.core.exception.HttpResponseException;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import com.azure.data.tables.models.TableTransactionFailedException;
import io.tablemapper.api.AccessDeniedException;
import io.tablemapper.api.BatchException;
import io.tablemapper.api.StoreBusyException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.spi.BatchRules;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
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
 * Requests through the SDK: the one place SDK exceptions become the contract's ({@link #call}, {@link #failure},
 * {@link #batchFailure}), the actions of an entity group transaction and the queries of the rows a batch addresses;
 * {@link Writes} composes them into writes and batches.
 */
final class Transactions {
  /** The RowKeys one query of {@link #rowQueries} reads: with the PartitionKey, the service's most comparisons. */
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

  /** What a future failed with, without the {@code CompletionException}s around it. */
  static Throwable unwrap(Throwable thrown) {
    Throwable cause = thrown;
    while (cause instanceof CompletionException && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause;
  }

  /**
   * The contract's exception for a failed entity group transaction: the table's absence, the operation the service
   * names, or the batch refused as a whole (too large, say); an answer of 5xx or none at all as {@link #failure}.
   */
  static RuntimeException batchFailure(
      Throwable thrown, String table, List<WriteOperation> operations, String what) {
    if (thrown instanceof TableTransactionFailedException) {
      return rejected(table, operations, (TableTransactionFailedException) thrown);
    }
    if (!(thrown instanceof HttpResponseException)) {
      return failure(thrown, table, what);
    }
    HttpResponseException e = (HttpResponseException) thrown;
    TableMapperException failure = ServiceErrors.translate(e, table, what);
    if (failure instanceof StoreBusyException) { // the whole transaction refused, in its one partition
      return ServiceErrors.busy(e, table, operations.isEmpty() ? null : operations.get(0).row().partitionKey(), what);
    }
    if (failure instanceof TableNotFoundException || failure instanceof AccessDeniedException
        || ServiceErrors.status(e) >= 500) {
      return failure;
    }
    if (ServiceErrors.tooLarge(e)) {
      return new BatchException(
          BatchException.Reason.TOO_LARGE, -1,
          "Azure Table Storage refused the " + what + " as too large (" + ServiceErrors.answer(e)
              + "), so nothing of it was written; an entity group transaction's request body holds at most "
              + StoreLimits.MAX_BATCH_SIZE + " bytes (4 MiB): split the batch",
          failure);
    }
    return new BatchException(
        BatchException.Reason.REJECTED, -1, what + " was rejected as a whole: " + failure.getMessage(), failure);
  }

  /**
   * The queries that read the stored rows the operations of one batch address: one for each
   * {@value #ROW_KEYS_PER_QUERY} of them, the partition's equality and theirs making the service's most
   * comparisons in one filter.
   */
  static List<ListEntitiesOptions> rowQueries(List<WriteOperation> operations, List<String> select) {
    String partitionKey = operations.get(0).row().partitionKey();
    ODataFilter partition =
        ODataFilter.keyRange("PartitionKey", KeyBound.inclusive(partitionKey), KeyBound.inclusive(partitionKey));
    List<ListEntitiesOptions> queries = new ArrayList<>();
    for (int from = 0; from < operations.size(); from += ROW_KEYS_PER_QUERY) {
      List<ODataFilter> rowKeys = new ArrayList<>();
      int to = Math.min(operations.size(), from + ROW_KEYS_PER_QUERY);
      for (WriteOperation operation : operations.subList(from, to)) {
        String rowKey = operation.row().rowKey();
        rowKeys.add(ODataFilter.keyRange("RowKey", KeyBound.inclusive(rowKey), KeyBound.inclusive(rowKey)));
      }
      ODataFilter filter = ODataFilter.and(List.of(partition, ODataFilter.or(rowKeys)));
      queries.add(new ListEntitiesOptions().setFilter(filter.text()).setSelect(select));
    }
    return queries;
  }

  /** Entities read as rows, by RowKey. */
  static Map<String, TableRow> byRowKey(List<TableEntity> entities) {
    Map<String, TableRow> rows = new HashMap<>();
    for (TableEntity entity : entities) {
      TableRow row = Entities.toRow(entity);
      rows.put(row.rowKey(), row);
    }
    return rows;
  }

  static TableTransactionAction action(WriteOperation operation) {
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
