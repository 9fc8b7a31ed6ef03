package io.tablemapper.runtime;

import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableItem;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.backend.azure.Azurite;
import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.spi.TableBackend;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The backends that tests of stored row shapes (hierarchies, versions, names, discriminators, dynamic entities,
 * run-time mappings) run on: the in-memory store with either way of versioning a batch's rows, H2 in memory and in
 * a file, whose rows round-trip through SQL, and Azure Table Storage as Azurite serves it, through the SDK and the
 * service's wire format (skipped, with the reason, where Node.js is missing).
 */
enum Stores {
  MEMORY_SHARED_VERSIONS,
  MEMORY_DISTINCT_VERSIONS,
  H2,
  H2_FILE,
  AZURE;

  /** A new, empty store. */
  TableBackend newStore() {
    switch (this) {
      case MEMORY_SHARED_VERSIONS:
        return BatchVersions.SHARED.newStore();
      case MEMORY_DISTINCT_VERSIONS:
        return BatchVersions.DISTINCT.newStore();
      case H2:
        return H2Backend.inMemory();
      case H2_FILE:
        return h2File();
      default:
        return emptyAzurite();
    }
  }

  /** An H2 database in a file of a new directory under target/, whose rows round-trip through the disk format. */
  private static TableBackend h2File() {
    try {
      Path target = Files.createDirectories(Path.of("target", "h2-stores"));
      return H2Backend.file(Files.createTempDirectory(target, "store").resolve("store"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The next of Azurite's accounts to hand out. */
  private static int nextAccount;

  /**
   * An empty store on the one Azurite of the test run: the next of its storage accounts, in turn, emptied of the
   * tables an earlier test left. Tests run one at a time, so a test may take up to {@link Azurite#ACCOUNTS} stores
   * that are apart from each other.
   */
  private static TableBackend emptyAzurite() {
    return AzureTablesBackend.fromConnectionString(emptyAzuriteAccount());
  }

  /**
   * The connection string of the next of Azurite's storage accounts, emptied of the tables and large values an earlier test left, for
   * a test that builds its own Azure backends over one store.
   */
  static synchronized String emptyAzuriteAccount() {
    String connectionString = Azurite.connectionString(nextAccount);
    nextAccount = (nextAccount + 1) % Azurite.ACCOUNTS;
    TableServiceClient service = new TableServiceClientBuilder().connectionString(connectionString).buildClient();
    for (TableItem table : service.listTables()) {
      service.deleteTable(table.getName());
    }
    BlobContainerClient values = new BlobServiceClientBuilder().connectionString(connectionString).buildClient()
        .getBlobContainerClient("tablemapper-values");
    if (values.exists()) {
      values.listBlobs().forEach(blob -> values.getBlobClient(blob.getName()).delete());
    }
    return connectionString;
  }
}
