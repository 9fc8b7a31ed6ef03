package io.tablemapper.backend.azure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.http.HttpMethod;
import com.azure.data.tables.TableServiceClientBuilder;
import io.tablemapper.api.AccessDeniedException;
import io.tablemapper.api.BatchException;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.StoreBusyException;
import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.spi.RequestTally;
import io.tablemapper.spi.RetryBudget;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the backend makes of each answer the service can give, shown with a scripted HTTP client: transient
 * failures are retried with the production policy (with tiny delays), everything else becomes the contract's
 * exception, and no SDK exception escapes.
 */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class ServiceAnswersTest {
  private static final String ETAG = "W/\"datetime'2024-01-31T12%3A00%3A00.1234567Z'\"";
  private static final TableRow ROW = TableRow.builder("p", "r").putInt32("n", 1).build();

  private final StubService service = new StubService();
  private final AzureTablesBackend backend = service.backend();

  @ParameterizedTest(name = "HTTP {0}")
  @ValueSource(ints = {429, 500, 503})
  void a_transient_failure_is_retried_and_the_write_then_succeeds(int status) {
    service.thenError(status, "ServerBusy").then(204, null, "ETag", ETAG);

    WriteResult written = backend.write("Orders", WriteOperation.insert(ROW));

    assertThat(service.requests).hasSize(2);
    assertThat(written.etag()).isEqualTo(ETAG);
    assertThat(written.timestamp()).isEqualTo(Instant.parse("2024-01-31T12:00:00.1234567Z"));
  }

  @Test
  void a_request_that_never_reaches_the_service_is_retried_too() {
    service.thenUnreachable().then(204, null, "ETag", ETAG);

    assertThat(backend.write("Orders", WriteOperation.upsertReplace(ROW)).etag()).isEqualTo(ETAG);
    assertThat(service.requests).hasSize(2);
  }

  @Test
  void a_service_that_keeps_failing_is_given_up_on_after_the_retries_with_its_status_in_the_message() {
    // a 503 that is not ServerBusy (a gateway's, say): retried, refused before any work, not a throttle
    service.always(503, "ServiceUnavailable");

    assertThatThrownBy(() -> backend.write("Orders", WriteOperation.insert(ROW)))
        .isExactlyInstanceOf(TableMapperException.class)
        .hasMessageContaining("503")
        .hasMessageContaining("ServiceUnavailable")
        .hasMessageContaining("INSERT (PartitionKey 'p', RowKey 'r')");
    assertThat(service.requests).hasSize(1 + Retries.MAX_RETRIES);
  }

  @ParameterizedTest(name = "HTTP {0} {1}")
  @CsvSource({"503, ServerBusy", "429, TooManyRequests"})
  void a_write_still_throttled_after_the_retries_is_store_busy_naming_its_partition_with_every_attempt_tallied(
      int status, String code) {
    service.always(status, code);
    int[] tallied = new int[2];

    assertThatThrownBy(() -> RequestTally.within((retries, throttled) -> {
      tallied[0] += retries;
      tallied[1] += throttled;
    }, () -> backend.write("Orders", WriteOperation.insert(ROW))))
        .isInstanceOfSatisfying(StoreBusyException.class, busy -> {
          assertThat(busy.table()).isEqualTo("Orders");
          assertThat(busy.partitionKey()).isEqualTo("p");
        })
        .hasMessageContaining("HTTP " + status + " " + code)
        .hasMessageContaining("partition 'p' of table 'Orders' is over its scalability target")
        .hasMessageContaining("spread the load over more partitions")
        .hasMessageContaining("larger retry budget");
    assertThat(service.requests).hasSize(1 + Retries.MAX_RETRIES);
    assertThat(tallied).containsExactly(Retries.MAX_RETRIES, 1 + Retries.MAX_RETRIES);
  }

  @Test
  void a_point_read_and_a_query_of_one_partition_still_throttled_name_the_partition_from_their_url() {
    service.always(503, "ServerBusy");

    assertThatThrownBy(() -> backend.get("Orders", "it's", "r"))
        .isInstanceOfSatisfying(StoreBusyException.class, busy -> assertThat(busy.partitionKey()).isEqualTo("it's"));
    assertThatThrownBy(() -> backend.query(TableQuery.builder("Orders").partitionKey("p 1").build()))
        .isInstanceOfSatisfying(StoreBusyException.class, busy -> assertThat(busy.partitionKey()).isEqualTo("p 1"));
    assertThatThrownBy(() -> backend.query(TableQuery.builder("Orders").build()))
        .isInstanceOfSatisfying(StoreBusyException.class, busy -> assertThat(busy.partitionKey()).isNull())
        .hasMessageContaining("table 'Orders' is over its scalability target");
  }

  @Test
  void a_throttled_answer_then_a_lost_one_are_retries_and_only_the_first_is_counted_as_throttled() {
    service.thenError(429, "TooManyRequests").thenError(500, "InternalError").then(204, null, "ETag", ETAG);
    int[] tallied = new int[2];

    RequestTally.within((retries, throttled) -> {
      tallied[0] += retries;
      tallied[1] += throttled;
    }, () -> backend.write("Orders", WriteOperation.upsertReplace(ROW)));

    assertThat(tallied).containsExactly(2, 1);
  }

  @Test
  void the_async_path_reports_to_the_tally_of_the_thread_that_called_for_writes_reads_and_queries() {
    AzureTablesBackend async = service.asyncBackend();
    service.thenError(429, "TooManyRequests").then(204, null, "ETag", ETAG)
        .thenError(503, "ServerBusy").thenError(503, "ServerBusy").then(404, StubService.error("ResourceNotFound",
            "no such entity"), "x-ms-error-code", "ResourceNotFound")
        .thenError(429, "TooManyRequests").then(200, "{\"value\":[]}");
    int[] tallied = new int[2];

    RequestTally.within((retries, throttled) -> {
      synchronized (tallied) {
        tallied[0] += retries;
        tallied[1] += throttled;
      }
    }, () -> {
      async.writeAsync("Orders", WriteOperation.upsertReplace(ROW), Runnable::run).join();
      async.getAsync("Orders", "p", "r", Runnable::run).join();
      return async.queryAsync(TableQuery.builder("Orders").partitionKey("p").build(), Runnable::run).join();
    });

    synchronized (tallied) {
      assertThat(tallied).containsExactly(4, 4);
    }
  }

  @Test
  void the_retry_budget_given_to_the_factory_bounds_the_attempts() {
    RetryBudget two = new RetryBudget(2, Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofSeconds(1));
    AzureTablesBackend budgeted = new AzureTablesBackend(
        AzureTablesBackend.clientBuilder(StubService.CONNECTION_STRING, two).httpClient(service).buildClient());
    service.always(503, "ServerBusy");

    assertThatThrownBy(() -> budgeted.write("Orders", WriteOperation.upsertReplace(ROW)))
        .isInstanceOf(StoreBusyException.class);
    assertThat(service.requests).hasSize(3);
  }

  @Test
  void a_client_the_application_builds_with_the_public_retry_policy_keeps_its_budget() {
    RetryBudget two = new RetryBudget(2, Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofSeconds(1));
    // as docs/backends/azure.md says: the policies on a builder of the application's own
    AzureTablesBackend own = new AzureTablesBackend(new TableServiceClientBuilder()
        .connectionString(StubService.CONNECTION_STRING)
        .retryPolicy(AzureTablesBackend.retryPolicy(two))
        .addPolicy(AzureTablesBackend.attemptsPolicy())
        .httpClient(service)
        .buildClient());
    service.always(503, "ServerBusy");

    assertThatThrownBy(() -> own.write("Orders", WriteOperation.upsertReplace(ROW)))
        .isInstanceOf(StoreBusyException.class);
    assertThat(service.requests).hasSize(3);
  }

  @Test
  void a_budget_whose_total_wait_admits_fewer_retries_stops_there() {
    // waits of at most 1, 2, 4, 8 ms: only the first three fit in 7 ms
    RetryBudget tight = new RetryBudget(4, Duration.ofMillis(1), Duration.ofMillis(8), Duration.ofMillis(7));
    AzureTablesBackend budgeted = new AzureTablesBackend(
        AzureTablesBackend.clientBuilder(StubService.CONNECTION_STRING, tight).httpClient(service).buildClient());
    service.always(429, "TooManyRequests");

    assertThatThrownBy(() -> budgeted.get("Orders", "p", "r")).isInstanceOf(StoreBusyException.class);
    assertThat(service.requests).hasSize(4);
  }

  @Test
  void a_service_that_cannot_be_reached_at_all_is_unavailable_after_the_retries() {
    for (int i = 0; i <= Retries.MAX_RETRIES; i++) {
      service.thenUnreachable();
    }

    assertThatThrownBy(() -> backend.get("Orders", "p", "r"))
        .isExactlyInstanceOf(StoreUnavailableException.class)
        .hasMessageContaining("connection refused (stub)")
        .hasMessageContaining("check the endpoint and the network");
  }

  @ParameterizedTest(name = "HTTP {0} {1}")
  @CsvSource({"403, AuthenticationFailed", "403, AuthorizationPermissionMismatch", "403, AuthorizationFailure",
      "401, NoAuthenticationInformation", "403,"})
  void refused_credentials_are_access_denied_saying_what_to_check(int status, String code) {
    if (code == null) {
      service.then(status, null);
    } else {
      service.thenError(status, code);
    }

    assertThatThrownBy(() -> backend.write("Orders", WriteOperation.insert(ROW)))
        .isExactlyInstanceOf(AccessDeniedException.class)
        .hasMessageContaining("HTTP " + status)
        .hasMessageContaining("the credential");
    assertThat(service.requests).as("not retried").hasSize(1);
  }

  @ParameterizedTest(name = "HTTP {0}")
  @ValueSource(ints = {400, 401, 403, 404, 409, 412})
  void other_failures_are_not_retried(int status) {
    service.always(status, "Whatever");

    assertThatThrownBy(() -> backend.write("Orders", WriteOperation.replace(ROW, ETAG)))
        .isInstanceOf(TableMapperException.class);
    assertThat(service.requests).hasSize(1);
  }

  @Test
  void an_existing_entity_is_entity_exists() {
    service.thenError(409, "EntityAlreadyExists");

    assertThatThrownBy(() -> backend.write("Orders", WriteOperation.insert(ROW)))
        .isInstanceOf(EntityExistsException.class)
        .hasMessageContaining("table 'Orders'");
  }

  @Test
  void a_stale_etag_is_a_concurrency_conflict() {
    service.thenError(412, "UpdateConditionNotSatisfied");

    assertThatThrownBy(() -> backend.write("Orders", WriteOperation.replace(ROW, ETAG)))
        .isInstanceOf(ConcurrencyConflictException.class);
  }

  @Test
  void a_missing_entity_is_entity_not_found_and_a_missing_table_table_not_found() {
    service.thenError(404, "ResourceNotFound").thenError(404, "TableNotFound");

    assertThatThrownBy(() -> backend.write("Orders", WriteOperation.replace(ROW, null)))
        .isInstanceOf(EntityNotFoundException.class);
    assertThatThrownBy(() -> backend.write("Orders", WriteOperation.replace(ROW, null)))
        .isInstanceOf(TableNotFoundException.class)
        .hasMessageContaining("table 'Orders' does not exist");
  }

  @Test
  void a_point_read_of_a_missing_entity_is_empty_but_of_a_missing_table_fails() {
    service.thenError(404, "ResourceNotFound").thenError(404, "TableNotFound");

    assertThat(backend.get("Orders", "p", "r")).isEmpty();
    assertThatThrownBy(() -> backend.get("Orders", "p", "r")).isInstanceOf(TableNotFoundException.class);
  }

  @Test
  void a_delete_the_sdk_answers_with_a_404_response_still_fails_by_its_error_code() {
    service.thenError(404, "ResourceNotFound").thenError(404, "TableNotFound");

    assertThatThrownBy(() -> backend.write("Orders", WriteOperation.delete("p", "r", null)))
        .isInstanceOf(EntityNotFoundException.class);
    assertThatThrownBy(() -> backend.write("Orders", WriteOperation.delete("p", "r", null)))
        .isInstanceOf(TableNotFoundException.class);
  }

  @Test
  void an_entity_the_service_finds_too_large_is_an_invalid_entity_and_an_unexplained_bad_request_a_table_mapper_exception() {
    service.thenError(400, "EntityTooLarge").thenError(400, "InvalidInput");

    assertThatThrownBy(() -> backend.write("Orders", WriteOperation.upsertReplace(ROW)))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("EntityTooLarge");
    assertThatThrownBy(() -> backend.write("Orders", WriteOperation.upsertReplace(ROW)))
        .isExactlyInstanceOf(TableMapperException.class)
        .hasMessageContaining("HTTP 400 InvalidInput");
  }

  @Test
  void creating_an_existing_table_answers_false_and_a_query_of_a_missing_table_fails() {
    service.then(201, "{\"TableName\":\"Orders\"}").thenError(409, "TableAlreadyExists").thenError(404, "TableNotFound");

    assertThat(backend.createTableIfNotExists("Orders")).isTrue();
    assertThat(backend.createTableIfNotExists("Orders")).isFalse();
    assertThatThrownBy(() -> backend.query(TableQuery.builder("Orders").build()))
        .isInstanceOf(TableNotFoundException.class);
  }

  @Test
  void creating_a_table_the_service_is_still_deleting_waits_with_backoff_until_it_is_gone() {
    service.thenError(409, "TableBeingDeleted").thenError(409, "TableBeingDeleted")
        .then(201, "{\"TableName\":\"Orders\"}");

    assertThat(backend.createTableIfNotExists("Orders")).isTrue();
    assertThat(service.requests).hasSize(3);
  }

  @Test
  void a_table_still_being_deleted_after_the_bound_is_a_table_mapper_exception_saying_so() {
    warmUp(() -> backend.createTableIfNotExists("Warm"));
    service.always(409, "TableBeingDeleted");

    assertThatThrownBy(() -> backend.createTableIfNotExists("Orders"))
        .isExactlyInstanceOf(TableMapperException.class)
        .hasMessageStartingWith("cannot create table 'Orders': Azure Table Storage was still deleting a table of that"
            + " name after ")
        .hasMessageContaining("409 TableBeingDeleted")
        .hasMessageContaining("retry later or use another table name");
    // 1 + 2 + 4 + 4 + ... ms of waiting within the 1 s bound: several attempts, then no more (at most one per 4 ms)
    assertThat(service.requests.size()).isBetween(3, 260);
  }

  /**
   * Runs one table creation that waits out a table being deleted once, and forgets its requests: before a test that
   * counts the attempts within the stub's 1 s bound, so that the bound is not spent loading the classes of the
   * path (the first call in a fresh JVM, which on a loaded machine can take longer than the bound itself).
   */
  private void warmUp(Runnable creation) {
    service.thenError(409, "TableBeingDeleted").then(201, "{\"TableName\":\"Warm\"}");
    creation.run();
    assertThat(service.requests).hasSize(2);
    service.requests.clear();
  }

  /**
   * The executor handed to the async table calls: refuses every task, so a call that ran a step the blocking way
   * would fail.
   */
  private static final Executor NO_THREAD = task -> {
    throw new RejectedExecutionException("the async table calls of Azure must not need a thread");
  };

  /** What an async call came to: its value, or the contract's exception its future failed with, thrown. */
  private static <T> T await(CompletableFuture<T> future) {
    try {
      return future.get(30, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      assertThat(e.getCause()).as("the cause of an async failure").isInstanceOf(RuntimeException.class);
      throw (RuntimeException) e.getCause();
    } catch (InterruptedException | TimeoutException e) {
      throw new AssertionError("the async call did not complete", e);
    }
  }

  @Test
  void an_async_table_creation_reads_each_answer_as_the_blocking_one_and_waits_out_a_table_being_deleted() {
    AzureTablesBackend async = service.asyncBackend();
    service.then(201, "{\"TableName\":\"Orders\"}").thenError(409, "TableAlreadyExists")
        .thenError(409, "TableBeingDeleted").thenError(409, "TableBeingDeleted").then(201, "{\"TableName\":\"Logs\"}");

    assertThat(await(async.createTableIfNotExistsAsync("Orders", NO_THREAD))).as("created").isTrue();
    assertThat(await(async.createTableIfNotExistsAsync("Orders", NO_THREAD))).as("existed").isFalse();
    assertThat(await(async.createTableIfNotExistsAsync("Logs", NO_THREAD))).as("created once deleted").isTrue();
    assertThat(service.requests).hasSize(5)
        .allSatisfy(request -> assertThat(request.getHttpMethod()).isEqualTo(HttpMethod.POST));
  }

  @Test
  void an_async_table_creation_still_refused_after_the_bound_fails_as_the_blocking_one_fails() {
    AzureTablesBackend async = service.asyncBackend();
    warmUp(() -> await(async.createTableIfNotExistsAsync("Warm", NO_THREAD)));
    service.always(409, "TableBeingDeleted");

    assertThatThrownBy(() -> await(async.createTableIfNotExistsAsync("Orders", NO_THREAD)))
        .isExactlyInstanceOf(TableMapperException.class)
        .hasMessageStartingWith("cannot create table 'Orders': Azure Table Storage was still deleting a table of that"
            + " name after ")
        .hasMessageContaining("409 TableBeingDeleted")
        .hasMessageContaining("retry later or use another table name");
    assertThat(service.requests.size()).isBetween(3, 260);
  }

  @ParameterizedTest(name = "HTTP {0} {1}")
  @CsvSource({"403, AuthorizationPermissionMismatch, AccessDeniedException",
      "400, InvalidInput, TableMapperException", "500, InternalError, TableMapperException"})
  void an_async_table_creation_refused_fails_with_the_exception_of_the_blocking_one(
      int status, String code, String exception) {
    AzureTablesBackend async = service.asyncBackend();
    service.always(status, code);

    RuntimeException blocking = thrown(() -> async.createTableIfNotExists("Orders"));
    RuntimeException failed = thrown(() -> await(async.createTableIfNotExistsAsync("Orders", NO_THREAD)));
    assertThat(failed).isExactlyInstanceOf(blocking.getClass()).hasMessage(blocking.getMessage());
    assertThat(failed.getClass().getSimpleName()).isEqualTo(exception);
  }

  @Test
  void an_async_existence_check_answers_as_the_blocking_one() {
    AzureTablesBackend async = service.asyncBackend();
    service.then(200, "{\"value\":[]}").thenError(404, "TableNotFound")
        .thenError(403, "AuthorizationPermissionMismatch").thenError(403, "AuthorizationPermissionMismatch");

    assertThat(await(async.tableExistsAsync("Orders", NO_THREAD))).isTrue();
    assertThat(await(async.tableExistsAsync("Orders", NO_THREAD))).isFalse();
    RuntimeException failed = thrown(() -> await(async.tableExistsAsync("Orders", NO_THREAD)));
    RuntimeException blocking = thrown(() -> async.tableExists("Orders"));
    // (the SDK's async client keeps the service's message, which its blocking one drops: the rest is the same)
    for (RuntimeException refused : List.of(failed, blocking)) {
      assertThat(refused).isExactlyInstanceOf(AccessDeniedException.class)
          .hasMessageStartingWith("cannot check whether table 'Orders' exists: Azure Table Storage answered HTTP 403"
              + " AuthorizationPermissionMismatch")
          .hasMessageEndingWith("the credential does not allow this on table 'Orders': it needs the permission r"
              + " (query) (a shared access signature also needs to be unexpired, and to cover the table and the keys)");
    }
  }

  private static RuntimeException thrown(Runnable call) {
    try {
      call.run();
    } catch (RuntimeException e) {
      return e;
    }
    throw new AssertionError("the call did not fail");
  }

  @Test
  void a_write_to_a_table_being_deleted_is_no_entity_exists_but_says_the_table_is_being_deleted() {
    service.thenError(409, "TableBeingDeleted");

    assertThatThrownBy(() -> backend.write("Orders", WriteOperation.insert(ROW)))
        .isExactlyInstanceOf(TableMapperException.class)
        .hasMessageContaining("the table is being deleted");
    assertThat(service.requests).hasSize(1);
  }

  @Test
  void a_rejected_batch_operation_is_named_by_the_index_the_service_gives_with_the_specific_cause() {
    service.then(202, batchFailure(409, "EntityAlreadyExists", "1:The specified entity already exists."),
        "Content-Type", "multipart/mixed; boundary=batchresponse_b");
    List<WriteOperation> operations = List.of(
        WriteOperation.upsertReplace(TableRow.keys("p", "a")), WriteOperation.insert(TableRow.keys("p", "b")));

    assertThatThrownBy(() -> backend.batch("Orders", operations))
        .isInstanceOfSatisfying(BatchException.class, e -> {
          assertThat(e.reason()).isEqualTo(BatchException.Reason.REJECTED);
          assertThat(e.failedIndex()).isEqualTo(1);
          assertThat(e.getCause()).isInstanceOf(EntityExistsException.class);
          assertThat(e.getMessage()).contains("operation 1", "INSERT (PartitionKey 'p', RowKey 'b')");
        });
  }

  @Test
  void a_batch_on_a_missing_table_is_table_not_found_not_a_batch_exception() {
    service.then(202, batchFailure(404, "TableNotFound", "0:The table specified does not exist."),
        "Content-Type", "multipart/mixed; boundary=batchresponse_b");

    assertThatThrownBy(() -> backend.batch("Orders", List.of(WriteOperation.insert(TableRow.keys("p", "a")))))
        .isInstanceOf(TableNotFoundException.class);
  }

  @Test
  void a_batch_returns_each_operation_its_own_etag_from_the_multipart_answer() {
    String second = "W/\"datetime'2024-01-31T12%3A00%3A00.1234568Z'\"";
    service.then(202, batchSuccess(ETAG, second), "Content-Type", "multipart/mixed; boundary=batchresponse_b");

    List<WriteResult> results = backend.batch("Orders", List.of(
        WriteOperation.insert(TableRow.keys("p", "a")), WriteOperation.upsertReplace(TableRow.keys("p", "b"))));

    assertThat(results).extracting(WriteResult::etag).containsExactly(ETAG, second);
    assertThat(results.get(1).timestamp()).isEqualTo(Instant.parse("2024-01-31T12:00:00.1234568Z"));
  }

  @Test
  void a_batch_sends_line_and_paragraph_separators_as_json_escapes() {
    service.then(202, batchSuccess(ETAG), "Content-Type", "multipart/mixed; boundary=batchresponse_b");

    backend.batch("Orders", List.of(
        WriteOperation.insert(TableRow.builder("p", "a").putString("s", "one\u2028two\u2029three").build())));

    String body = service.requests.get(0).getBodyAsBinaryData().toString();
    assertThat(body).contains("one\\u2028two\\u2029three").doesNotContain("\u2028", "\u2029");
  }

  @Test
  void a_batch_on_the_service_of_a_busy_store_is_store_busy_naming_its_partition_after_the_retries() {
    service.always(503, "ServerBusy");

    assertThatThrownBy(() -> backend.batch("Orders", List.of(WriteOperation.insert(TableRow.keys("p", "a")))))
        .isInstanceOfSatisfying(StoreBusyException.class, busy -> assertThat(busy.partitionKey()).isEqualTo("p"))
        .hasMessageContaining("503");
    assertThat(service.requests).hasSize(1 + Retries.MAX_RETRIES);
  }

  @ParameterizedTest(name = "x-ms-error-code header: {0}")
  @ValueSource(booleans = {true, false})
  void a_batch_the_service_refuses_with_a_413_and_an_xml_body_is_a_batch_exception_too_large(boolean codeHeader) {
    service.thenXmlError(413, "RequestBodyTooLarge", codeHeader);

    assertThatThrownBy(() -> backend.batch("Orders", List.of(WriteOperation.insert(TableRow.keys("p", "a")))))
        .isInstanceOfSatisfying(BatchException.class, e -> {
          assertThat(e.reason()).isEqualTo(BatchException.Reason.TOO_LARGE);
          assertThat(e.failedIndex()).isEqualTo(-1);
          assertThat(e.getMessage()).contains("HTTP 413", "4 MiB", "split the batch");
        });
    assertThat(service.requests).hasSize(1);
  }

  @ParameterizedTest(name = "x-ms-error-code header: {0}")
  @ValueSource(booleans = {true, false})
  void a_write_the_service_refuses_with_a_413_and_an_xml_body_is_an_invalid_entity(boolean codeHeader) {
    service.thenXmlError(413, "RequestBodyTooLarge", codeHeader);

    assertThatThrownBy(() -> backend.write("Orders", WriteOperation.upsertReplace(ROW)))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("HTTP 413");
  }

  @Test
  void an_xml_error_answer_leaves_the_sdk_able_to_read_the_next_answers() {
    service.thenXmlError(413, "RequestBodyTooLarge", false).thenXmlError(403, "AuthorizationFailure", true)
        .then(204, null, "ETag", ETAG);

    assertThatThrownBy(() -> backend.write("Orders", WriteOperation.insert(ROW)))
        .isInstanceOf(InvalidEntityException.class);
    assertThatThrownBy(() -> backend.write("Orders", WriteOperation.insert(ROW)))
        .isExactlyInstanceOf(AccessDeniedException.class)
        .hasMessageContaining("HTTP 403 AuthorizationFailure");
    assertThat(backend.write("Orders", WriteOperation.insert(ROW)).etag()).isEqualTo(ETAG);
  }

  /** Every kind of request of the backend, each made once. */
  enum Request {
    CREATE_TABLE(backend -> backend.createTableIfNotExists("Orders")),
    DELETE_TABLE(backend -> backend.deleteTableIfExists("Orders")),
    TABLE_EXISTS(backend -> backend.tableExists("Orders")),
    GET(backend -> backend.get("Orders", "p", "r")),
    QUERY(backend -> backend.query(TableQuery.builder("Orders").partitionKey("p").build())),
    WRITE(backend -> backend.write("Orders", WriteOperation.insert(ROW))),
    BATCH(backend -> backend.batch("Orders", List.of(WriteOperation.insert(ROW))));

    final Consumer<AzureTablesBackend> call;

    Request(Consumer<AzureTablesBackend> call) {
      this.call = call;
    }
  }

  @ParameterizedTest
  @EnumSource(Request.class)
  void a_linkage_error_of_the_sdk_is_a_table_mapper_exception_that_names_the_library_and_what_to_do(Request request) {
    service.thenThrow(() -> new LinkageError("Package versions: jackson-core=2.18.2, jackson-dataformat-xml=unknown"))
        .thenThrow(() -> new NoClassDefFoundError(
            "Could not initialize class com.azure.core.util.serializer.JacksonAdapter$GlobalXmlMapper"));

    for (Class<? extends Error> error : List.of(LinkageError.class, NoClassDefFoundError.class)) {
      assertThatThrownBy(() -> request.call.accept(backend))
          .isExactlyInstanceOf(TableMapperException.class)
          .hasCauseExactlyInstanceOf(error)
          .hasMessageContaining("jackson-dataformat-xml")
          .hasMessageContaining("restart the JVM");
    }
  }

  @ParameterizedTest
  @EnumSource(Request.class)
  void any_other_error_or_unexpected_exception_of_the_sdk_is_a_table_mapper_exception_saying_so(Request request) {
    service.thenThrow(() -> new AssertionError("an assertion inside the SDK"));
    for (int attempt = 0; attempt <= Retries.MAX_RETRIES; attempt++) {
      // an exception of the HTTP client is retried as a request that may not have reached the service
      service.thenThrow(() -> new IllegalStateException("a state the SDK did not expect"));
    }

    assertThatThrownBy(() -> request.call.accept(backend))
        .isExactlyInstanceOf(TableMapperException.class)
        .hasCauseExactlyInstanceOf(AssertionError.class)
        .hasMessageContaining("the Azure SDK failed with java.lang.AssertionError: an assertion inside the SDK");
    assertThatThrownBy(() -> request.call.accept(backend))
        .isExactlyInstanceOf(TableMapperException.class)
        .hasCauseExactlyInstanceOf(IllegalStateException.class)
        .hasMessageContaining("failed unexpectedly");
  }

  @Test
  void an_out_of_memory_error_is_thrown_on_unchanged_as_it_is_no_failure_of_the_request() {
    OutOfMemoryError outOfMemory = new OutOfMemoryError("the stub's heap");
    service.thenThrow(() -> outOfMemory);

    assertThatThrownBy(() -> backend.get("Orders", "p", "r")).isSameAs(outOfMemory);
  }

  @Test
  void a_point_read_answered_with_a_body_that_is_not_json_is_a_table_mapper_exception() {
    service.then(200, "<html><body>a proxy's page</body></html>", "Content-Type", "text/html");

    assertThatThrownBy(() -> backend.get("Orders", "p", "r")).isInstanceOf(TableMapperException.class);
  }

  @Test
  void an_error_answer_with_an_html_body_and_no_error_code_is_a_table_mapper_exception_with_its_status() {
    service.then(400, "<html><body>Bad Request</body></html>", "Content-Type", "text/html");

    assertThatThrownBy(() -> backend.write("Orders", WriteOperation.insert(ROW)))
        .isExactlyInstanceOf(TableMapperException.class)
        .hasMessageContaining("HTTP 400");
  }

  private static String batchFailure(int status, String code, String message) {
    return "--batchresponse_b\r\n"
        + "Content-Type: multipart/mixed; boundary=changesetresponse_c\r\n\r\n"
        + "--changesetresponse_c\r\n"
        + "Content-Type: application/http\r\nContent-Transfer-Encoding: binary\r\n\r\n"
        + "HTTP/1.1 " + status + " Failed\r\n"
        + "Content-Type: application/json;odata=minimalmetadata;streaming=true;charset=utf-8\r\n\r\n"
        + StubService.error(code, message) + "\r\n"
        + "--changesetresponse_c--\r\n"
        + "--batchresponse_b--\r\n";
  }

  private static String batchSuccess(String... etags) {
    return StubService.batchSuccess(etags);
  }
}
