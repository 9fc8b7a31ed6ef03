package io.tablemapper.internal.model;

/** What a property of an entity is for. */
public enum PropertyRole {
  /** Stored as a property of the row. */
  STORED,
  /** {@code @Transient}: never stored. */
  TRANSIENT,
  /** {@code @ETag}: receives the row's ETag. */
  ETAG,
  /** {@code @Timestamp}: receives the row's Timestamp. */
  TIMESTAMP
}
