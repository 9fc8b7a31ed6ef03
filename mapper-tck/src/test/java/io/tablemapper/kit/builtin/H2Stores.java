package io.tablemapper.kit.builtin;

import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.BatchVersions;
import io.tablemapper.tck.StoreUnderTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** H2 in memory, and in a file of a new directory under target/, whose rows round-trip through the disk format. */
public enum H2Stores implements StoreUnderTest {
  H2 {
    @Override
    public TableBackend newStore() {
      return H2Backend.inMemory();
    }
  },
  H2_FILE {
    @Override
    public TableBackend newStore() {
      try {
        Path target = Files.createDirectories(Path.of("target", "h2-stores"));
        return H2Backend.file(Files.createTempDirectory(target, "store").resolve("store"));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  };

  /** One version, so one ETag, for every row a batch writes. */
  @Override
  public BatchVersions batchVersions() {
    return BatchVersions.SHARED;
  }
}
