package io.tablemapper.backend.memory;

import io.tablemapper.backend.tck.TableBackendConformanceTest;
import io.tablemapper.spi.TableBackend;

/**
 * The in-memory backend passes the conformance kit also when it gives each row of a batch its own ETag and
 * Timestamp, as Azurite and the Cosmos DB Table API do: the contract allows either.
 */
class InMemoryDistinctBatchVersionsConformanceTest extends TableBackendConformanceTest {
  @Override
  protected TableBackend createBackend() {
    return InMemoryBackend.builder().distinctBatchVersions().build();
  }
}
