package io.tablemapper.backend.azure;

import io.tablemapper.backend.tck.TableBackendConformanceTest;
import io.tablemapper.spi.TableBackend;
import org.junit.jupiter.api.extension.ExtendWith;

/** The Azure backend passes the conformance kit against a real Azurite, started by the test run. */
@ExtendWith(Azurite.class)
class AzureTablesBackendConformanceTest extends TableBackendConformanceTest {
  /** One backend for the whole kit: its HTTP client's connection pool is worth sharing. */
  private static AzureTablesBackend backend;

  @Override
  protected TableBackend createBackend() {
    if (backend == null) {
      backend = AzureTablesBackend.fromConnectionString(Azurite.connectionString());
    }
    return backend;
  }

  @Override
  protected void closeBackend(TableBackend backend) {
    // shared: stays open for the next test
  }
}
