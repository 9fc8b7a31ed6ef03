package io.tablemapper.backend.azure;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.spi.BatchRules;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.util.List;
import java.util.Map;

/**
 * Holds merges to the store's limits on an emulator ({@link AzureTablesBackend#guardsMerges()}): the row a merge
 * leaves (stored properties plus merged ones) must itself be a valid row. The service rejects a merge that breaks
 * that, so there a merge is sent as it is, one request; Azurite does not, so on it the backend reads the stored row
 * first, checks the merged row, and sends the merge conditionally on the ETag it read, so that nothing can change
 * the row in between unnoticed; if something did, the write is tried again. A merge of the caller's that is not
 * conditional on an ETag must not fail because other writers keep changing the row: after {@link #ATTEMPTS} it is
 * sent as the caller gave it, a plain merge the service applies to whatever is stored then (and checks against its
 * limits itself; the emulator does not).
 *
 * <p>The same read lets a batch name the first operation the stored state rejects, in order, as the service would.
 */
final class Merges {
  /** Attempts of a guarded write whose row kept changing between its read and its write. */
  static final int ATTEMPTS = 5;

  private Merges() {}

  /**
   * The operation to send in place of {@code operation}, given the row stored under its keys (null if none): a merge
   * into a stored row becomes conditional on the stored ETag, an upsert-merge of a missing row an insert; every
   * other operation is sent as it is.
   *
   * @throws TableMapperException the exception the stored state earns the operation: {@code EntityExistsException},
   *     {@code EntityNotFoundException}, {@code ConcurrencyConflictException}, or {@code InvalidEntityException} for
   *     a merge that would leave a row beyond the limits
   */
  static WriteOperation guard(String table, WriteOperation operation, TableRow stored) {
    operation.checkPrecondition(table, stored == null ? null : stored.etag());
    if (!operation.merges()) {
      return operation;
    }
    if (stored == null) {
      return WriteOperation.insert(operation.row());
    }
    operation.mergedInto(table, stored);
    return operation.conditional() ? operation : WriteOperation.merge(operation.row(), stored.etag());
  }

  /** The operations to send for a batch, given the stored rows by RowKey; fails at the first one rejected. */
  static List<WriteOperation> guard(String table, List<WriteOperation> operations, Map<String, TableRow> stored) {
    WriteOperation[] sent = new WriteOperation[operations.size()];
    for (int i = 0; i < sent.length; i++) {
      WriteOperation operation = operations.get(i);
      try {
        sent[i] = guard(table, operation, stored.get(operation.row().rowKey()));
      } catch (TableMapperException rejected) {
        throw BatchRules.rejected(table, i, operation, rejected);
      }
    }
    return List.of(sent);
  }

  /**
   * The operation to send, as the caller gave it, when its row kept changing through every guarded attempt: an
   * operation conditional on the caller's own ETag has truly lost to another writer, and {@code failure} is thrown.
   */
  static WriteOperation unguarded(WriteOperation original, RuntimeException failure) {
    if (original.conditional()) {
      throw failure;
    }
    return original;
  }

  /**
   * Whether a guarded operation failed because its row changed after it was read (so that trying again may
   * succeed): only an operation the guard rewrote can, with the conflict its rewriting introduced.
   */
  static boolean changedMeanwhile(WriteOperation original, WriteOperation sent, Throwable failure) {
    return sent != original
        && (failure instanceof ConcurrencyConflictException || failure instanceof EntityNotFoundException
            || failure instanceof EntityExistsException);
  }
}
