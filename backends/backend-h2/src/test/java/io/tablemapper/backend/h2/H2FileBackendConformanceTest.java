package io.tablemapper.backend.h2;

import io.tablemapper.backend.tck.TableBackendConformanceTest;
import io.tablemapper.spi.TableBackend;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * The H2 backend on a file, as applications use it (every commit written to the file before it returns), passes the
 * conformance kit too. One backend serves the whole run, as an application's would; each test works in its own table.
 */
class H2FileBackendConformanceTest extends TableBackendConformanceTest {
  @TempDir
  static Path directory;

  private static H2Backend shared;

  @Override
  protected TableBackend createBackend() {
    if (shared == null) {
      shared = H2Backend.file(directory.resolve("conformance"));
    }
    return shared;
  }

  @Override
  protected void closeBackend(TableBackend backend) {
    // kept open for the next test; closed after all of them
  }

  @AfterAll
  static void closeSharedBackend() {
    if (shared != null) {
      shared.close();
      shared = null;
    }
  }
}
