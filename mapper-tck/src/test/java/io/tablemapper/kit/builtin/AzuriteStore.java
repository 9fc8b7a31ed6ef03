package io.tablemapper.kit.builtin;

import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.BatchVersions;
import io.tablemapper.tck.StoreUnderTest;
import io.tablemapper.tck.support.Stores;

/**
 * Azure Table Storage as Azurite serves it, through the SDK and the service's wire format: the one Azurite of the
 * test run (backend-azure's test helper installs and starts it), a test's store being the next of its storage
 * accounts, in turn, emptied of the tables and large values an earlier test left ({@link Stores#AZURE}, which the
 * runtime's tests use too).
 */
public final class AzuriteStore implements StoreUnderTest {
  @Override
  public TableBackend newStore() {
    return Stores.AZURE.newStore();
  }

  /** Azurite gives each row of a batch an ETag of its own, from its clock: two rows of one tick share one. */
  @Override
  public BatchVersions batchVersions() {
    return BatchVersions.EITHER;
  }

  @Override
  public String toString() {
    return "AZURE";
  }
}
