package io.tablemapper.runtime;

import io.tablemapper.spi.IndexMapping;
import io.tablemapper.spi.WriteOperation;

/**
 * One backend operation of an entity group transaction, and the application write it was expanded from.
 *
 * @param operation what is sent
 * @param owner the application's write
 * @param index the index whose copy this is, or null for the entity's own row
 * @param role what the operation does for its owner
 */
record PlannedOp(WriteOperation operation, EntityWrite<?> owner, IndexMapping<?> index, Role role) {

  /** What an operation does for the write it belongs to. */
  enum Role {
    /** Writes or deletes the entity's own row. */
    PRIMARY,
    /** Inserts a copy under a new index value; fails if the value is taken. */
    NEW_COPY,
    /** Rewrites the copy of an unchanged index value (upsert, so a missing copy heals). */
    SAME_COPY,
    /** Deletes the copy of an index value the entity no longer has; may already be gone. */
    OLD_COPY
  }

  /** The RowKey the operation addresses. */
  String rowKey() {
    return operation.row().rowKey();
  }

  /** What the operation addresses, for messages: the entity, or its copy for one index. */
  String target() {
    return index == null ? owner.describe() : "the index '" + index.name() + "' copy of " + owner.describe();
  }
}
