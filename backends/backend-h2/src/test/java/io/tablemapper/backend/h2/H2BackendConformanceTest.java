package io.tablemapper.backend.h2;

import io.tablemapper.backend.tck.TableBackendConformanceTest;
import io.tablemapper.spi.TableBackend;

/** The in-memory H2 backend passes the conformance kit. */
class H2BackendConformanceTest extends TableBackendConformanceTest {
  @Override
  protected TableBackend createBackend() {
    return H2Backend.inMemory();
  }
}
