package io.tablemapper.kit.builtin;

import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.spi.StoreProfile;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.BatchVersions;
import io.tablemapper.tck.StoreUnderTest;

/** The in-memory store, with either way of versioning a batch's rows, and simulating the Cosmos DB Table API. */
public enum MemoryStores implements StoreUnderTest {
  MEMORY_SHARED_VERSIONS {
    @Override
    public TableBackend newStore() {
      return InMemoryBackend.create();
    }

    @Override
    public BatchVersions batchVersions() {
      return BatchVersions.SHARED;
    }
  },
  MEMORY_DISTINCT_VERSIONS {
    @Override
    public TableBackend newStore() {
      return InMemoryBackend.builder().distinctBatchVersions().build();
    }

    @Override
    public BatchVersions batchVersions() {
      return BatchVersions.DISTINCT;
    }
  },
  MEMORY_COSMOS_TABLE {
    @Override
    public TableBackend newStore() {
      return InMemoryBackend.builder().profile(StoreProfile.COSMOS_TABLE).build();
    }

    @Override
    public BatchVersions batchVersions() {
      return BatchVersions.DISTINCT;
    }
  }
}
