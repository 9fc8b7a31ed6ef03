package io.tablemapper.tck.support;

import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableItem;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.backend.azure.Azurite;
import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.spi.TableBackend;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The built-in stores tablemapper's own tests run the mapper on, made in this one place: the in-memory store with
 * either way of versioning a batch's rows, H2 in memory and in a file, whose rows round-trip through SQL and the disk
 * format, and Azure Table Storage as Azurite serves it, through the SDK and the service's wire format.
 * {@code mapper-runtime}'s tests run on every constant ({@code @EnumSource(Stores.class)}); the conformance kit's
 * runners hand a backend's constants to the kit, each with how it versions a batch.
 *
 * <p>It needs the built-in backends and {@code backend-azure}'s test jar (whose {@code Azurite} installs, starts and
 * stops the one Azurite of a test run) on the class path: they are optional dependencies of this module, which a
 * third party's tests, that never name this class, do not get.
 */
public enum Stores {
  /** The in-memory store, giving every row of a batch the batch's one ETag (as the Azure Table service does). */
  MEMORY_SHARED_VERSIONS,
  /** The in-memory store, giving every row of a batch an ETag of its own. */
  MEMORY_DISTINCT_VERSIONS,
  /** H2 in memory. */
  H2,
  /** H2 in a file of a new directory under {@code target/h2-stores}. */
  H2_FILE,
  /** Azure Table Storage on Azurite: the next of its storage accounts, emptied. */
  AZURE;

  /** The next of Azurite's accounts to hand out. */
  private static int nextAccount;

  /**
   * A new, empty store, which the test closes (through the mapper it builds over it, which closes its backend).
   *
   * <p>Where Azurite cannot run (no Node.js), {@link #AZURE} aborts the calling test: it is reported skipped, with
   * the reason, never passed.
   *
   * @return the store
   */
  public TableBackend newStore() {
    switch (this) {
      case MEMORY_SHARED_VERSIONS:
        return InMemoryBackend.create();
      case MEMORY_DISTINCT_VERSIONS:
        return InMemoryBackend.builder().distinctBatchVersions().build();
      case H2:
        return H2Backend.inMemory();
      case H2_FILE:
        return h2File();
      default:
        return AzureTablesBackend.fromConnectionString(emptyAzuriteAccount());
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

  /**
   * The connection string of the next of the test run's Azurite's storage accounts, in turn, emptied of the tables
   * and large values an earlier test left: for {@link #AZURE}, and for a test that builds its own Azure backends over
   * one store. Tests run one at a time, so a test may take up to {@link Azurite#ACCOUNTS} stores that are apart from
   * each other.
   *
   * @return the connection string of an empty account
   */
  public static synchronized String emptyAzuriteAccount() {
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
