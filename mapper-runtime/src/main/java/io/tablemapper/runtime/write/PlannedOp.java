package io.tablemapper.runtime.write;

import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.runtime.rows.PendingRows;

/**
 * One backend operation of an entity group transaction, and the application write it was expanded from.
 *
 * @param operation what is sent
 * @param owner the application's write
 * @param index the index whose copy this is, or null for the entity's own row
 * @param role what the operation does for its owner
 */
public record PlannedOp(WriteOperation operation, WriteIntent<?> owner, IndexMapping<?> index, Role role) {

  /** What an operation does for the write it belongs to. */
  enum Role {
    /** Writes or deletes the entity's own row. */
    PRIMARY,
    /** Inserts a copy under a new index value (or a missing one under an unchanged value); fails if taken. */
    NEW_COPY,
    /**
     * Replaces the copy of an unchanged index value, conditionally on the copy's ETag as read (or, not read, its
     * entity's): fails if the copy is missing, changed, or if the row there is not the entity's copy.
     */
    SAME_COPY,
    /**
     * Deletes the copy of an index value the entity no longer has, conditionally on the copy's ETag as read (or,
     * not read, its entity's): fails if it is already gone, changed, or another entity's.
     */
    OLD_COPY,
    /**
     * Writes or deletes a part row of a wide entity, in the transaction of its head row, whose operation carries the
     * condition for the whole entity.
     */
    PART,
    /**
     * Writes, merges or deletes a row of a key list in the partition ({@link IndexMapping#localList()}), conditional
     * on the ETag read: fails when another writer changed the list meanwhile (the transaction is read and tried
     * again).
     */
    LIST,
    /**
     * Inserts the record of the pending work of the write ({@link WriteIntent#pendingId()}); fails only if its id was
     * retired meanwhile ({@link PendingRows}).
     */
    PENDING
  }

  /** The RowKey the operation addresses. */
  String rowKey() {
    return operation.row().rowKey();
  }

  /** What the operation addresses, for messages: the entity, or its copy for one index. */
  String target() {
    if (role == Role.PENDING) {
      return "the record of pending work of " + owner.describe();
    }
    if (role == Role.LIST) {
      return "the list row '" + rowKey() + "' of index '" + index.name() + "'";
    }
    if (role == Role.PART) {
      return "part row '" + rowKey() + "' of " + owner.describe();
    }
    return index == null ? owner.describe() : "the index '" + index.name() + "' copy of " + owner.describe();
  }
}
