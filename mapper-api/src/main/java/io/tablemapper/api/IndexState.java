package io.tablemapper.api;

/**
 * Whether an index of an entity class holds a copy (or claim, or key-list entry) for every entity of its table, as
 * recorded in the store by the mappers that write it: see {@link IndexAdmin}.
 */
public enum IndexState {
  /** Every entity has what the index implies: queries may use the index. */
  READY,
  /**
   * The table holds entities written without the index (the index is new to a populated table, or a build found
   * unique values held by more than one entity): a query through it fails with {@link IndexNotReadyException} until
   * {@link IndexAdmin#build} or {@link IndexAdmin#repair} completes.
   */
  NOT_BUILT,
  /** A build or repair started and has not completed (it is running, or it died and resumes when called again). */
  BUILDING
}
