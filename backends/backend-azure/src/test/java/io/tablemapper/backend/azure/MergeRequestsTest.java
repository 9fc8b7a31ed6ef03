package io.tablemapper.backend.azure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpMethod;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.util.List;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A merge is one request on the service, which refuses a merged row beyond the limits itself; on an emulator, which
 * does not, it reads the stored row first ({@link Merges}). Shown on the SDK's own pipeline, answered by a stub.
 */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class MergeRequestsTest {
  private static final String ETAG = "W/\"datetime'2024-01-31T12%3A00%3A00.1234567Z'\"";
  private static final TableRow ROW = TableRow.builder("p", "r").putInt32("n", 1).build();

  private final StubService service = new StubService();

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource({
      "http://127.0.0.1:10002/devstoreaccount1, true",
      "http://localhost:10002/devstoreaccount1, true",
      "http://azurite:10002/devstoreaccount1/, true",
      "http://127.0.0.1:10002, true",
      "http://[::1]:10002, true",
      "https://contoso.table.core.windows.net, false",
      "https://contoso.table.core.windows.net/, false",
      "https://contoso.table.core.windows.net/?sv=2019-02-02&sig=x, false",
      "https://contoso.table.cosmos.azure.com:443/, false",
      "contoso.table.core.windows.net, false"})
  void an_endpoint_is_an_emulators_when_it_names_its_account_in_its_path_or_is_on_the_loopback(String endpoint,
      boolean emulated) {
    assertThat(AzureTablesBackend.emulated(endpoint)).isEqualTo(emulated);
  }

  @Test
  void on_the_service_a_merge_and_an_upsert_merge_are_one_request_each() {
    AzureTablesBackend backend = service.serviceBackend();
    assertThat(backend.guardsMerges()).isFalse();
    service.then(204, null, "ETag", ETAG).then(204, null, "ETag", ETAG);

    WriteResult merged = backend.write("Readings", WriteOperation.merge(ROW, null));
    WriteResult upserted = backend.write("Readings", WriteOperation.upsertMerge(ROW));

    assertThat(merged.etag()).isEqualTo(ETAG);
    assertThat(upserted.etag()).isEqualTo(ETAG);
    assertThat(service.requests).hasSize(2).noneMatch(request -> request.getHttpMethod() == HttpMethod.GET);
  }

  @Test
  void on_the_service_a_batch_with_merges_is_one_request() {
    AzureTablesBackend backend = service.serviceBackend();
    service.then(202, StubService.batchSuccess(ETAG, ETAG), "Content-Type",
        "multipart/mixed; boundary=batchresponse_b");

    List<WriteResult> results = backend.batch("Readings", List.of(WriteOperation.merge(ROW, null),
        WriteOperation.upsertMerge(TableRow.builder("p", "s").putInt32("n", 2).build())));

    assertThat(results).extracting(WriteResult::etag).containsExactly(ETAG, ETAG);
    assertThat(service.requests).singleElement()
        .satisfies(request -> assertThat(request.getUrl().getPath()).endsWith("$batch"));
  }

  @Test
  void on_the_service_its_refusals_of_a_merge_are_the_contracts_exceptions() {
    AzureTablesBackend backend = service.serviceBackend();
    service.thenError(400, "EntityTooLarge").thenError(404, "ResourceNotFound")
        .thenError(412, "UpdateConditionNotSatisfied");

    assertThatThrownBy(() -> backend.write("Readings", WriteOperation.merge(ROW, null)))
        .isInstanceOf(InvalidEntityException.class).hasMessageContaining("EntityTooLarge");
    assertThatThrownBy(() -> backend.write("Readings", WriteOperation.merge(ROW, null)))
        .isInstanceOf(EntityNotFoundException.class);
    assertThatThrownBy(() -> backend.write("Readings", WriteOperation.merge(ROW, ETAG)))
        .isInstanceOf(ConcurrencyConflictException.class);
    assertThat(service.requests).hasSize(3).noneMatch(request -> request.getHttpMethod() == HttpMethod.GET);
  }

  @Test
  void on_an_emulator_a_merge_reads_the_stored_row_first_and_is_sent_on_its_etag() {
    AzureTablesBackend backend = service.backend();
    assertThat(backend.guardsMerges()).isTrue();
    service.then(200, "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"odata.etag\":\"" + ETAG.replace("\"", "\\\"")
        + "\",\"m\":2}", "ETag", ETAG).then(204, null, "ETag", ETAG);

    backend.write("Readings", WriteOperation.merge(ROW, null));

    assertThat(service.requests).hasSize(2);
    assertThat(service.requests.get(0).getHttpMethod()).isEqualTo(HttpMethod.GET);
    assertThat(service.requests.get(1).getHeaders().getValue(HttpHeaderName.IF_MATCH))
        .isEqualTo(ETAG);
  }
}
