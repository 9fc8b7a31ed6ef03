package io.tablemapper.tck;

/**
 * What the mapper promises that the kit checks by value, stated once here (as the documentation in docs/ states it) rather than
 * read from the runtime's internals: a kit test fails if the runtime changes a promise without the kit.
 */
final class Contract {
  /** How many times a write that loses a race with another writer is attempted before it gives up. */
  static final int RACE_ATTEMPTS = 5;

  /** The table of the pending work's registry. */
  static final String PENDING_REGISTRY_TABLE = "TableMapperPending";

  private Contract() {}
}
