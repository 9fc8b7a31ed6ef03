package io.tablemapper.kit.builtin;

import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.BatchVersions;
import io.tablemapper.tck.StoreUnderTest;
import io.tablemapper.tck.support.Stores;

/** The five built-in store configurations in one enum, for the history checker's runner {@link HistorySoak}. */
public enum HistoryStores implements StoreUnderTest {
  MEMORY_SHARED_VERSIONS(Stores.MEMORY_SHARED_VERSIONS, BatchVersions.SHARED),
  MEMORY_DISTINCT_VERSIONS(Stores.MEMORY_DISTINCT_VERSIONS, BatchVersions.DISTINCT),
  H2(Stores.H2, BatchVersions.SHARED),
  H2_FILE(Stores.H2_FILE, BatchVersions.SHARED),
  AZURE(Stores.AZURE, BatchVersions.EITHER);

  private final Stores store;
  private final BatchVersions versions;

  HistoryStores(Stores store, BatchVersions versions) {
    this.store = store;
    this.versions = versions;
  }

  @Override
  public TableBackend newStore() {
    return store.newStore();
  }

  @Override
  public BatchVersions batchVersions() {
    return versions;
  }
}
