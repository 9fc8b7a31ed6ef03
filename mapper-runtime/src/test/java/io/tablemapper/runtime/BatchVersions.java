package io.tablemapper.runtime;

import io.tablemapper.backend.memory.InMemoryBackend;

/**
 * How the store versions the rows one batch writes. Both are within the backend contract, and the runtime keeps
 * every promise with either, so the tests of ETags, index copies, batches and partitions run with both.
 */
enum BatchVersions {
  /** One ETag and Timestamp for every row of a batch, as the Azure Table service gives. */
  SHARED,
  /** An ETag and Timestamp for each row of a batch, as Azurite and the Cosmos DB Table API give. */
  DISTINCT;

  /** A new, empty in-memory store that versions batches this way. */
  InMemoryBackend newStore() {
    return this == SHARED ? InMemoryBackend.create() : InMemoryBackend.builder().distinctBatchVersions().build();
  }
}
