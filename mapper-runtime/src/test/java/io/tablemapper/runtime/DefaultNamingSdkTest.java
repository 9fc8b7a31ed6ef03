package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import io.tablemapper.annotations.NamingStrategy;
import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.tck.support.Stores;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The builder's default naming seen from the official {@code azure-data-tables} SDK on Azurite, as a .NET or script
 * writer sharing the table sees it: a row the mapper writes under {@code PASCAL_CASE} holds PascalCase properties,
 * and an entity the SDK writes with them reads into the class.
 */
class DefaultNamingSdkTest {

  @Test
  void theSdkSeesTheDefaultsNamesAndWhatItWritesUnderThemReadsBack() {
    String connectionString = Stores.emptyAzuriteAccount();
    TableServiceClient service = new TableServiceClientBuilder().connectionString(connectionString).buildClient();
    Class<?> invoiceClass = DefaultNamingTest.UNPROCESSED.load(DefaultNamingTest.INVOICE);
    try (TableMapper mapper = TableMapper.builder().backend(AzureTablesBackend.fromConnectionString(connectionString))
        .naming(NamingStrategy.PASCAL_CASE).entities(invoiceClass).build()) {
      mapper.batch("Invoices", "acme")
          .insert(DefaultNamingTest.invoice(DefaultNamingTest.UNPROCESSED, "acme", 1, "open", 12.5)).commit();

      TableClient invoices = service.getTableClient("Invoices");
      TableEntity written = invoices.getEntity("acme", "inv_000001");
      assertThat(written.getProperties()).containsEntry("Customer", "acme").containsEntry("Number", 1)
          .containsEntry("Status", "open").containsEntry("TotalAmount", 12.5)
          .doesNotContainKeys("customer", "number", "status", "totalAmount");

      invoices.createEntity(new TableEntity("acme", "inv_000002").setProperties(Map.of(
          "EntityType", "Invoice", "Customer", "acme", "Number", 2, "Status", "paid", "TotalAmount", 7.0)));
      List<?> read = mapper.partition("Invoices", "acme").all(invoiceClass);
      assertThat(read).hasSize(2);
      assertThat((Object) read.get(1))
          .isEqualTo(DefaultNamingTest.invoice(DefaultNamingTest.UNPROCESSED, "acme", 2, "paid", 7.0));
    }
  }
}
