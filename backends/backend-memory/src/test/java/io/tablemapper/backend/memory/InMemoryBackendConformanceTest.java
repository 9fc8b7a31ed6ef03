package io.tablemapper.backend.memory;

import io.tablemapper.backend.tck.TableBackendConformanceTest;
import io.tablemapper.spi.TableBackend;

/** The in-memory backend passes the conformance kit. */
class InMemoryBackendConformanceTest extends TableBackendConformanceTest {
  @Override
  protected TableBackend createBackend() {
    return InMemoryBackend.create();
  }
}
