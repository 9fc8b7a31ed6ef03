package io.tablemapper.kit.builtin;

import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.BatchVersions;
import io.tablemapper.tck.StoreUnderTest;
import io.tablemapper.tck.support.Stores;

/** H2 in memory, and in a file of a new directory under target/, whose rows round-trip through the disk format. */
public enum H2Stores implements StoreUnderTest {
  H2(Stores.H2),
  H2_FILE(Stores.H2_FILE);

  private final Stores store;

  H2Stores(Stores store) {
    this.store = store;
  }

  @Override
  public TableBackend newStore() {
    return store.newStore();
  }

  /** One version, so one ETag, for every row a batch writes. */
  @Override
  public BatchVersions batchVersions() {
    return BatchVersions.SHARED;
  }
}
