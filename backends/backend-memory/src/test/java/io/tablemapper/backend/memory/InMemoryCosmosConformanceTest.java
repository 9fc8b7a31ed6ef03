package io.tablemapper.backend.memory;

import io.tablemapper.backend.tck.TableBackendConformanceTest;
import io.tablemapper.spi.StoreProfile;
import io.tablemapper.spi.TableBackend;

/**
 * The in-memory backend passes the conformance kit as a simulation of the Cosmos DB Table API: rows in an order of
 * each query's own, opaque continuation tokens, Cosmos DB's key and batch limits, case-sensitive table names.
 */
class InMemoryCosmosConformanceTest extends TableBackendConformanceTest {
  @Override
  protected TableBackend createBackend() {
    return InMemoryBackend.builder().profile(StoreProfile.COSMOS_TABLE).build();
  }
}
