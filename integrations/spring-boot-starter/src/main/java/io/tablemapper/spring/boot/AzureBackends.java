package io.tablemapper.spring.boot;

import com.azure.data.tables.TableServiceClient;
import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.spi.TableBackend;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ListableBeanFactory;

/**
 * The Azure store: the only class of the starter that names the Azure SDK, loaded only when it is on the class path.
 */
final class AzureBackends {
  private static final Logger LOG = LoggerFactory.getLogger(AzureBackends.class);

  private AzureBackends() {}

  static boolean clientDeclared(ListableBeanFactory beans) {
    return beans.getBeanNamesForType(TableServiceClient.class, false, false).length > 0;
  }

  static TableBackend open(TableMapperProperties properties, ListableBeanFactory beans) {
    TableServiceClient client = beans.getBeanProvider(TableServiceClient.class).getIfUnique();
    if (client != null) {
      LOG.info("tablemapper: Azure Table Storage through the application's TableServiceClient ({})",
          client.getServiceEndpoint());
      return new AzureTablesBackend(client);
    }
    String connectionString = properties.getAzure().getConnectionString();
    if (connectionString == null || connectionString.isBlank()) {
      throw new TableMapperConfigurationException("tablemapper.backend=azure needs a storage account, and neither"
          + " tablemapper.azure.connection-string nor a TableServiceClient bean names one", "Set"
          + " tablemapper.azure.connection-string (for example UseDevelopmentStorage=true for a local Azurite), or"
          + " declare a com.azure.data.tables.TableServiceClient bean", null);
    }
    try {
      AzureTablesBackend backend = AzureTablesBackend.fromConnectionString(connectionString);
      LOG.info("tablemapper: Azure Table Storage on the account of tablemapper.azure.connection-string");
      return backend;
    } catch (IllegalArgumentException invalid) {
      throw new TableMapperConfigurationException(
          "tablemapper.azure.connection-string cannot be used: " + invalid.getMessage(), "Set"
              + " tablemapper.azure.connection-string to the account's connection string as the Azure portal shows"
              + " it (DefaultEndpointsProtocol=https;AccountName=...;AccountKey=...;EndpointSuffix=core.windows.net),"
              + " or UseDevelopmentStorage=true for a local Azurite", invalid);
    }
  }
}
