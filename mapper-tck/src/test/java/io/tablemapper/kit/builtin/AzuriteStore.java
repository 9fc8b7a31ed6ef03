package io.tablemapper.kit.builtin;

import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableItem;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.backend.azure.Azurite;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.BatchVersions;
import io.tablemapper.tck.StoreUnderTest;

/**
 * Azure Table Storage as Azurite serves it, through the SDK and the service's wire format: the one Azurite of the
 * test run (backend-azure's test helper installs and starts it), a test's store being the next of its storage
 * accounts, in turn, emptied of the tables and large values an earlier test left.
 */
public final class AzuriteStore implements StoreUnderTest {
  /** The next of Azurite's accounts to hand out. */
  private static int nextAccount;

  @Override
  public TableBackend newStore() {
    return AzureTablesBackend.fromConnectionString(emptyAccount());
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

  private static synchronized String emptyAccount() {
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
