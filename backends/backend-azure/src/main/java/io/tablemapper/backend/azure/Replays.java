package io.tablemapper.backend.azure;

import com.azure.core.exception.HttpResponseException;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.spi.PropertyValues;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Tells a write whose answer was lost but which was applied from one that failed. A write the SDK retried may have
 * been applied by an attempt whose answer never arrived (a timeout, a reset connection, a 5xx sent after the fact);
 * its retry then meets its own effect: an insert finds the row it wrote ({@code EntityExists}), a conditional update
 * finds the ETag it changed itself (412), a delete finds nothing to delete (404). Reporting that conflict would be
 * untruthful: the caller's write happened.
 *
 * <p>So when a write fails with such a conflict after an attempt that ended without telling whether it was applied
 * ({@link Attempts}), or fails with no usable answer at all (a 5xx or a lost connection after the retries), the row
 * is read and compared with what the
 * write writes: a write is taken as applied when the stored row holds exactly its properties (an insert, replace or
 * upsert), at least its properties with their values (a merge), or is absent (a delete). Then it succeeds, with the
 * stored row's ETag; otherwise the original failure stands. The comparison is by effect: a concurrent writer that
 * stored exactly the same properties in between cannot be told from the caller's own attempt, and either way the
 * store holds what the caller wrote; likewise a delete whose lost attempt may have removed the row is done when no
 * row is left. A write whose attempts all had definite answers keeps its answer unchanged, so an insert of a row
 * that exists is refused with {@code EntityExistsException} as always.
 */
final class Replays {
  private Replays() {}

  /**
   * Whether a failure may hide an applied write: a conflict met after an uncertain attempt, or a failure without a
   * usable answer (uncertain itself, whether or not {@link Attempts} watched it).
   */
  static boolean mayHideEffect(TableMapperException failure, Attempts.Counter attempts) {
    boolean conflict = failure instanceof EntityExistsException || failure instanceof ConcurrencyConflictException
        || failure instanceof EntityNotFoundException;
    if (conflict) {
      return attempts.uncertain();
    }
    boolean unanswered = failure.getClass() == TableMapperException.class
        || failure instanceof StoreUnavailableException;
    return unanswered && withoutAnswer(failure);
  }

  /**
   * Whether a failure leaves open whether the write was applied: an answer {@link Attempts#uncertain(int)} calls
   * so, or no answer at all (a timeout, a lost connection).
   */
  private static boolean withoutAnswer(TableMapperException failure) {
    for (Throwable cause = failure.getCause(); cause != null;
        cause = cause.getCause() == cause ? null : cause.getCause()) {
      if (cause instanceof HttpResponseException) {
        return Attempts.uncertain(ServiceErrors.status((HttpResponseException) cause));
      }
    }
    return ServiceErrors.isIo(failure);
  }

  /** Whether what is stored now ({@code stored}, null when absent) is the effect of the operation. */
  static boolean applied(WriteOperation operation, TableRow stored) {
    switch (operation.kind()) {
      case DELETE:
        return stored == null;
      case INSERT:
      case REPLACE:
      case UPSERT_REPLACE:
        return stored != null && PropertyValues.equal(stored.properties(), operation.row().properties());
      case MERGE:
      case UPSERT_MERGE:
        return stored != null && holds(stored, operation.row());
      default:
        throw new AssertionError(operation.kind());
    }
  }

  private static boolean holds(TableRow stored, TableRow merged) {
    for (Map.Entry<String, Object> property : merged.properties().entrySet()) {
      if (!PropertyValues.equal(property.getValue(), stored.get(property.getKey()))) {
        return false;
      }
    }
    return true;
  }

  /**
   * The result of a single write that failed with {@code failure}: the stored row's, when {@code read} shows the
   * write applied; otherwise {@code failure} is thrown (with a failure of the read itself suppressed in it).
   */
  static WriteResult resolve(WriteOperation operation, TableMapperException failure, Supplier<TableRow> read) {
    TableRow stored;
    try {
      stored = read.get();
    } catch (RuntimeException unreadable) {
      failure.addSuppressed(unreadable);
      throw failure;
    }
    if (!applied(operation, stored)) {
      throw failure;
    }
    return result(operation, stored);
  }

  /**
   * The results of a batch that failed with {@code failure}: the stored rows', when {@code read} (the stored rows by
   * RowKey) shows every operation applied, as a transaction is applied whole or not at all; otherwise
   * {@code failure} is thrown.
   */
  static List<WriteResult> resolve(List<WriteOperation> operations, RuntimeException failure,
      Supplier<Map<String, TableRow>> read) {
    Map<String, TableRow> stored;
    try {
      stored = read.get();
    } catch (RuntimeException unreadable) {
      failure.addSuppressed(unreadable);
      throw failure;
    }
    List<WriteResult> results = new ArrayList<>(operations.size());
    for (WriteOperation operation : operations) {
      TableRow row = stored.get(operation.row().rowKey());
      if (!applied(operation, row)) {
        throw failure;
      }
      results.add(result(operation, row));
    }
    return results;
  }

  private static WriteResult result(WriteOperation operation, TableRow stored) {
    return operation.kind() == WriteOperation.Kind.DELETE
        ? new WriteResult(null, null)
        : new WriteResult(stored.etag(), stored.timestamp());
  }
}
