package io.tablemapper.runtime;

import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.spi.TableBackend;

/**
 * The backends that tests of stored row shapes (versions, names, merges) run on: the in-memory store with either
 * way of versioning a batch's rows, and H2, whose rows round-trip through SQL.
 */
enum Stores {
  MEMORY_SHARED_VERSIONS,
  MEMORY_DISTINCT_VERSIONS,
  H2;

  /** A new, empty store. */
  TableBackend newStore() {
    switch (this) {
      case MEMORY_SHARED_VERSIONS:
        return BatchVersions.SHARED.newStore();
      case MEMORY_DISTINCT_VERSIONS:
        return BatchVersions.DISTINCT.newStore();
      default:
        return H2Backend.inMemory();
    }
  }
}
