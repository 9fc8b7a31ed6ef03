package io.tablemapper.spi;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.BatchException.Reason;
import io.tablemapper.api.TableMapperException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The rules of an entity group transaction that hold whatever is stored, written once for every backend and
 * checked before a batch touches any state, in this order: not empty; at most
 * {@value StoreLimits#MAX_BATCH_OPERATIONS} operations; one partition; one operation per entity; at most
 * {@value StoreLimits#MAX_BATCH_SIZE} bytes (4 MiB), both in the store's size estimate of its entities and as the
 * request body the service would receive ({@link RequestSize#batch}); every row valid ({@link #checkOperation}).
 * The overloads that take a {@link StoreProfile} check the profile's limits instead: on
 * {@link StoreProfile#COSMOS_TABLE} at most 2 MiB, and RowKeys of at most 255 bytes.
 */
public final class BatchRules {
  private BatchRules() {}

  /**
   * Checks a batch.
   *
   * @throws BatchException naming the broken rule and, where one is at fault, the operation
   */
  public static void check(String table, List<WriteOperation> operations) {
    check(table, operations, StoreProfile.AZURE_TABLE_STORAGE);
  }

  /**
   * Checks a batch against the rules of a store profile ({@link StoreProfile#maxBatchBytes()},
   * {@link StoreProfile#maxRowKeyBytes()}).
   *
   * @throws BatchException naming the broken rule and, where one is at fault, the operation
   */
  public static void check(String table, List<WriteOperation> operations, StoreProfile profile) {
    if (operations.isEmpty()) {
      throw new BatchException(Reason.EMPTY, -1, "batch on table '" + table + "' holds no operation");
    }
    if (operations.size() > StoreLimits.MAX_BATCH_OPERATIONS) {
      throw new BatchException(
          Reason.TOO_MANY_OPERATIONS, -1,
          "batch on table '" + table + "' holds " + operations.size()
              + " operations; an entity group transaction holds at most " + StoreLimits.MAX_BATCH_OPERATIONS);
    }
    String partitionKey = operations.get(0).row().partitionKey();
    Set<String> rowKeys = new HashSet<>(operations.size() * 2);
    long size = 0;
    for (int i = 0; i < operations.size(); i++) {
      WriteOperation operation = operations.get(i);
      if (!operation.row().partitionKey().equals(partitionKey)) {
        throw new BatchException(
            Reason.WRONG_PARTITION, i,
            describe(table, i, operation) + " addresses partition '" + operation.row().partitionKey()
                + "' but operation 0 addresses '" + partitionKey + "'; a batch writes one partition");
      }
      if (!rowKeys.add(operation.row().rowKey())) {
        throw new BatchException(
            Reason.DUPLICATE_ENTITY, i,
            describe(table, i, operation) + " addresses an entity an earlier operation of the batch addresses;"
                + " a batch holds one operation per entity");
      }
      size += StoreLimits.entitySize(operation.row());
    }
    int max = profile.maxBatchBytes();
    String limit = max + " (" + (max >> 20) + " MiB" + (profile == StoreProfile.AZURE_TABLE_STORAGE ? "" : " on "
        + profile) + ")";
    if (size > max) {
      throw new BatchException(
          Reason.TOO_LARGE, -1,
          "batch on table '" + table + "' is " + size + " bytes in the store's size estimate; an entity group"
              + " transaction holds at most " + limit + ": split the batch");
    }
    long request = RequestSize.batch(table, operations);
    if (request > max) {
      throw new BatchException(
          Reason.TOO_LARGE, -1,
          "batch on table '" + table + "' would be a request body of up to " + request + " bytes, its entities'"
              + " JSON in UTF-8 (" + size + " bytes in the store's size estimate, which counts 2 bytes a character"
              + " where UTF-8 takes up to 3, escapes 6); an entity group transaction's request body holds at most "
              + limit + ": split the batch");
    }
    for (int i = 0; i < operations.size(); i++) {
      try {
        checkOperation(table, operations.get(i), profile);
      } catch (TableMapperException invalid) {
        throw rejected(table, i, operations.get(i), invalid);
      }
    }
  }

  /**
   * Checks one operation's row against the store's rules: a whole row for every kind but DELETE, which carries
   * keys only.
   *
   * @throws io.tablemapper.api.InvalidKeyException if a key breaks the key rules
   * @throws io.tablemapper.api.InvalidEntityException if the row breaks the entity rules
   */
  public static void checkOperation(String table, WriteOperation operation) {
    checkOperation(table, operation, StoreProfile.AZURE_TABLE_STORAGE);
  }

  /**
   * {@link #checkOperation(String, WriteOperation)} against the rules of a store profile.
   *
   * @throws io.tablemapper.api.InvalidKeyException if a key breaks the profile's key rules
   * @throws io.tablemapper.api.InvalidEntityException if the row breaks the entity rules
   */
  public static void checkOperation(String table, WriteOperation operation, StoreProfile profile) {
    TableRow row = operation.row();
    String subject = "entity in table '" + table + "'";
    if (operation.kind() == WriteOperation.Kind.DELETE) {
      StoreLimits.checkKey("PartitionKey", row.partitionKey(), subject, profile);
      StoreLimits.checkKey("RowKey", row.rowKey(), subject, profile);
    } else {
      StoreLimits.checkRow(row, subject, profile);
    }
  }

  /** The exception for an operation the store rejected; nothing of the batch was written. */
  public static BatchException rejected(String table, int index, WriteOperation operation, TableMapperException cause) {
    return new BatchException(
        Reason.REJECTED, index,
        describe(table, index, operation) + " was rejected, so nothing of the batch was written: "
            + cause.getMessage(),
        cause);
  }

  private static String describe(String table, int index, WriteOperation operation) {
    return "operation " + index + " of the batch on table '" + table + "' (" + operation + ")";
  }
}
