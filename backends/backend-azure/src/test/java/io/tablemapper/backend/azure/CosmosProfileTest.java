package io.tablemapper.backend.azure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.credential.AzureNamedKeyCredential;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.StoreProfile;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The backend takes its {@link StoreProfile} from its endpoint (or {@code withProfile}), and on a Cosmos DB endpoint
 * behaves as that service needs: pages resume with the service's own continuation, never after a key, and Cosmos
 * DB's limits are refused before anything is sent. The service's answers are recorded ones, through the SDK's
 * pipeline ({@link StubService}).
 */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class CosmosProfileTest {
  private static final String KEY =
      "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";
  /** A Cosmos DB Table API account's connection string, as its portal shows it. */
  private static final String COSMOS = "DefaultEndpointsProtocol=https;AccountName=acc;AccountKey=" + KEY
      + ";TableEndpoint=https://acc.table.cosmos.azure.com:443/;";

  @ParameterizedTest
  @CsvSource({
      "https://acc.table.cosmos.azure.com, COSMOS_TABLE",
      "https://acc.table.cosmos.azure.com:443/, COSMOS_TABLE",
      "HTTPS://Acc.Table.CosmosDB.Azure.com/, COSMOS_TABLE",
      "acc.table.cosmosdb.azure.com, COSMOS_TABLE",
      "https://acc.table.core.windows.net, AZURE_TABLE_STORAGE",
      "http://127.0.0.1:10002/devstoreaccount1, AZURE_TABLE_STORAGE",
      "https://table.cosmos.azure.com.example.org, AZURE_TABLE_STORAGE",
      "https://acc.documents.azure.com, AZURE_TABLE_STORAGE"})
  void the_endpoint_names_the_profile(String endpoint, StoreProfile expected) {
    assertThat(AzureTablesBackend.profileOf(endpoint)).isEqualTo(expected);
  }

  @Test
  void every_way_of_building_a_backend_takes_the_profile_of_its_endpoint_unless_told_otherwise() {
    AzureNamedKeyCredential credential = new AzureNamedKeyCredential("acc", KEY);
    try (AzureTablesBackend cosmos = AzureTablesBackend.fromConnectionString(COSMOS);
        AzureTablesBackend byKey = AzureTablesBackend.fromCredential("https://acc.table.cosmosdb.azure.com", credential);
        AzureTablesBackend storage = AzureTablesBackend.fromCredential("https://acc.table.core.windows.net", credential);
        AzureTablesBackend proxied = storage.withProfile(StoreProfile.COSMOS_TABLE)) {
      assertThat(cosmos.profile()).isEqualTo(StoreProfile.COSMOS_TABLE);
      assertThat(byKey.profile()).isEqualTo(StoreProfile.COSMOS_TABLE);
      assertThat(storage.profile()).isEqualTo(StoreProfile.AZURE_TABLE_STORAGE);
      assertThat(proxied.profile()).isEqualTo(StoreProfile.COSMOS_TABLE);
      assertThat(new StubService().backend().profile()).isEqualTo(StoreProfile.AZURE_TABLE_STORAGE);
    }
  }

  private static AzureTablesBackend cosmosOn(StubService stub) {
    return new AzureTablesBackend(AzureTablesBackend.clientBuilder(COSMOS)
        .httpClient(stub)
        .retryPolicy(Retries.policy(Duration.ofMillis(1), Duration.ofMillis(4)))
        .buildClient());
  }

  private static String entity(String rowKey) {
    return "{\"odata.etag\":\"W/\\\"datetime'2024-01-31T12%3A00%3A00.1234567Z'\\\"\",\"PartitionKey\":\"p\","
        + "\"RowKey\":\"" + rowKey + "\",\"Timestamp\":\"2024-01-31T12:00:00.1234567Z\"}";
  }

  @Test
  void a_page_resumes_with_the_services_own_continuation_not_after_its_last_row() {
    StubService stub = new StubService()
        // Cosmos DB answers in no key order, with a continuation that names no key
        .then(200, "{\"value\":[" + entity("c") + "," + entity("a") + "]}",
            "x-ms-continuation-NextPartitionKey", "+RID:~q0ZIAJ7GgnQCAAAAAAAAAA==#RT:1#TRC:2#ISV:2#IEO:65551#QCF:8",
            "x-ms-continuation-NextRowKey", "NA")
        .then(200, "{\"value\":[" + entity("b") + "]}");
    try (AzureTablesBackend backend = cosmosOn(stub)) {
      TableQuery query = TableQuery.builder("Orders").partitionKey("p").limit(2).build();

      QueryResult first = backend.query(query);
      QueryResult second = backend.query(query.withContinuation(first.continuation()));

      assertThat(first.rows()).extracting(TableRow::rowKey).containsExactly("c", "a");
      assertThat(first.continuation()).isNotNull();
      assertThat(second.rows()).extracting(TableRow::rowKey).containsExactly("b");
      assertThat(second.continuation()).isNull();
      String resumed = URLDecoder.decode(stub.requests.get(1).getUrl().getQuery(), StandardCharsets.UTF_8);
      assertThat(resumed)
          .as("the second request: the service's continuation, and the query's key range unchanged")
          .contains("NextPartitionKey=+RID:~q0ZIAJ7GgnQCAAAAAAAAAA==#RT:1#TRC:2#ISV:2#IEO:65551#QCF:8")
          .contains("NextRowKey=NA")
          .doesNotContain("RowKey gt 'a'");
    }
  }

  @Test
  void a_row_key_over_255_bytes_is_refused_before_anything_is_sent() {
    StubService stub = new StubService().then(200, "{\"value\":[]}"); // the table exists
    try (AzureTablesBackend backend = cosmosOn(stub)) {
      assertThatThrownBy(() -> backend.write("Orders", WriteOperation.insert(TableRow.keys("p", "r".repeat(256)))))
          .isInstanceOf(InvalidKeyException.class)
          .hasMessageContaining("COSMOS_TABLE allows at most 255");
      assertThat(stub.requests).as("requests sent: the check of the table's existence alone").singleElement()
          .satisfies(request -> assertThat(request.getHttpMethod().name()).isEqualTo("GET"));
    }
  }
}
