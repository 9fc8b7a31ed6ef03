package io.tablemapper.runtime.rows;

import io.tablemapper.api.OperationType;
import io.tablemapper.internal.mapping.WriteCosts;
import java.util.Locale;

/** The kind of one write the application asked for ({@code WriteIntent}), as a pending step records it too. */
public enum WriteKind {
  INSERT,
  UPSERT,
  UPDATE,
  MERGE,
  /** Insert-or-merge: merges into the stored entity, or inserts it when there is none. */
  UPSERT_MERGE,
  DELETE;

  /** The operation as a word for messages. */
  public String verb() {
    return this == UPSERT_MERGE ? "upsert-merge" : name().toLowerCase(Locale.ROOT);
  }

  /**
   * Whether the write inserts the entity when none is stored, and so names no stored version: its ETag is not a
   * condition ({@code upsert}, {@code upsertMerge}).
   */
  public boolean upserts() {
    return this == UPSERT || this == UPSERT_MERGE;
  }

  /** Whether the write merges its properties into the stored row's rather than replacing it. */
  public boolean merges() {
    return this == MERGE || this == UPSERT_MERGE;
  }

  /** The write, as the rule of what it costs names it ({@link WriteCosts}). */
  public WriteCosts.Kind costs() {
    return switch (this) {
      case INSERT -> WriteCosts.Kind.INSERT;
      case UPSERT -> WriteCosts.Kind.UPSERT;
      case UPDATE -> WriteCosts.Kind.UPDATE;
      case MERGE -> WriteCosts.Kind.MERGE;
      case UPSERT_MERGE -> WriteCosts.Kind.UPSERT_MERGE;
      case DELETE -> WriteCosts.Kind.DELETE;
    };
  }

  /** The operation, as the mapper's listeners see it. */
  public OperationType operation() {
    return OperationType.valueOf(name());
  }
}
