package io.tablemapper.backend.azure;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.spi.StoreDescription;
import io.tablemapper.spi.StoreProfile;
import org.junit.jupiter.api.Test;

/** What a backend's description says of the account and server its endpoint names. */
class EndpointsTest {

  @Test
  void theServicesEndpointNamesTheAccountInItsHostAndHttpsItsPort() {
    assertThat(Endpoints.describe("https://contoso.table.core.windows.net/", StoreProfile.AZURE_TABLE_STORAGE))
        .isEqualTo(new StoreDescription("azure.tables", "contoso", "contoso.table.core.windows.net", 443));
  }

  @Test
  void anEmulatorsEndpointNamesTheAccountInItsPath() {
    assertThat(Endpoints.describe("http://127.0.0.1:10002/devstoreaccount1", StoreProfile.AZURE_TABLE_STORAGE))
        .isEqualTo(new StoreDescription("azure.tables", "devstoreaccount1", "127.0.0.1", 10002));
  }

  @Test
  void aCosmosDbEndpointIsTheCosmosDbSystem() {
    assertThat(Endpoints.describe("https://orders.table.cosmos.azure.com:443/", StoreProfile.COSMOS_TABLE))
        .isEqualTo(new StoreDescription("azure.cosmosdb", "orders", "orders.table.cosmos.azure.com", 443));
  }

  @Test
  void anIpAddressWithoutAPathNamesNoAccount() {
    assertThat(Endpoints.describe("http://10.0.0.7:8902", StoreProfile.AZURE_TABLE_STORAGE))
        .isEqualTo(new StoreDescription("azure.tables", null, "10.0.0.7", 8902));
  }

  @Test
  void anEndpointThatIsNoUriIsTheSystemAlone() {
    assertThat(Endpoints.describe(null, StoreProfile.AZURE_TABLE_STORAGE))
        .isEqualTo(StoreDescription.of("azure.tables"));
    assertThat(Endpoints.describe("not a uri", StoreProfile.COSMOS_TABLE))
        .isEqualTo(StoreDescription.of("azure.cosmosdb"));
  }
}
