package io.tablemapper.runtime;

import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.spi.TableBackend;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The stores the tests of pending work run on: memory (with either way of versioning a batch's rows), H2 in memory
 * and on file (under {@code target/pending-stores}), and Azure Table Storage as Azurite serves it.
 */
enum PendingStores {
  MEMORY_SHARED_VERSIONS,
  MEMORY_DISTINCT_VERSIONS,
  H2_MEMORY,
  H2_FILE,
  AZURE;

  /** A new, empty store. */
  TableBackend newStore() {
    switch (this) {
      case MEMORY_SHARED_VERSIONS:
        return Stores.MEMORY_SHARED_VERSIONS.newStore();
      case MEMORY_DISTINCT_VERSIONS:
        return Stores.MEMORY_DISTINCT_VERSIONS.newStore();
      case H2_MEMORY:
        return Stores.H2.newStore();
      case H2_FILE:
        try {
          Path parent = Files.createDirectories(Path.of("target", "pending-stores"));
          Path directory = Files.createTempDirectory(parent, "h2-");
          return H2Backend.file(directory.resolve("store"));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      default:
        return Stores.AZURE.newStore();
    }
  }
}
