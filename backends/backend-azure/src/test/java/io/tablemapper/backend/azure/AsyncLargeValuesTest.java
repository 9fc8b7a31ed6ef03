package io.tablemapper.backend.azure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.http.HttpHeaders;
import com.azure.core.http.HttpMethod;
import com.azure.core.http.policy.HttpPipelinePolicy;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.common.policy.RequestRetryOptions;
import com.azure.storage.common.policy.RetryPolicyType;
import io.tablemapper.api.AccessDeniedException;
import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.spi.OutOfRowValues;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import reactor.core.publisher.Mono;

/**
 * The async forms of the Azure backend's values stored out of rows, against Azurite: sent with Blob Storage's async
 * client, they need no thread of the executor handed in (busy throughout), go through the blocking client's own
 * pipeline (its retries, its policies), and fail with the blocking calls' exceptions, as the future's cause.
 */
@ExtendWith(Azurite.class)
class AsyncLargeValuesTest {
  private final String table = "values" + UUID.randomUUID().toString().replace("-", "");
  private ExecutorService busy;
  private CountDownLatch release;

  @BeforeEach
  void takeTheExecutor() throws InterruptedException {
    busy = Executors.newSingleThreadExecutor();
    release = new CountDownLatch(1);
    CountDownLatch started = new CountDownLatch(1);
    busy.execute(() -> {
      started.countDown();
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    started.await();
  }

  @AfterEach
  void freeTheExecutor() {
    release.countDown();
    busy.shutdownNow();
  }

  private static <T> T await(CompletableFuture<T> future) {
    return future.orTimeout(60, TimeUnit.SECONDS).join();
  }

  private static byte[] text(String value) {
    return value.getBytes(StandardCharsets.UTF_8);
  }

  private static BlobServiceClientBuilder blobs() {
    return new BlobServiceClientBuilder().connectionString(Azurite.connectionString())
        .retryOptions(new RequestRetryOptions(RetryPolicyType.FIXED, 4, (Integer) null, 5L, 5L, null));
  }

  private static OutOfRowValues values(BlobContainerClient container) {
    return AzureTablesBackend.fromConnectionString(Azurite.connectionString()).withLargeValues(container)
        .outOfRowValues().orElseThrow();
  }

  @Test
  void twenty_puts_reads_and_deletes_under_way_at_once_complete_while_the_executor_is_busy() {
    String container = "async-" + UUID.randomUUID();
    OutOfRowValues values = values(blobs().buildClient().getBlobContainerClient(container)); // created by the puts
    List<CompletableFuture<Void>> puts = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      puts.add(values.putAsync(table, "v/" + i, text("value " + i), busy));
    }
    puts.forEach(AsyncLargeValuesTest::await);
    List<CompletableFuture<Optional<byte[]>>> reads = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      reads.add(values.getAsync(table, "v/" + i, busy));
    }
    for (int i = 0; i < 20; i++) {
      byte[] expected = text("value " + i);
      assertThat(await(reads.get(i))).hasValueSatisfying(read -> assertThat(read).isEqualTo(expected));
    }
    List<CompletableFuture<Boolean>> deletes = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      deletes.add(values.deleteAsync(table, "v/" + i, busy));
    }

    assertThat(deletes).allSatisfy(delete -> assertThat(await(delete)).isTrue());
    assertThat(values.list(table)).isEmpty();
    assertThat(await(values.getAsync(table, "v/0", busy))).isEmpty();
  }

  @Test
  void an_async_put_recreates_a_container_deleted_since_the_first_value_as_the_blocking_put_does() {
    BlobContainerClient container = blobs().buildClient().getBlobContainerClient("async-" + UUID.randomUUID());
    OutOfRowValues values = values(container);
    await(values.putAsync(table, "first", text("1"), busy));
    container.delete();
    assertThat(await(values.getAsync(table, "first", busy))).as("no container: no value").isEmpty();
    assertThat(await(values.deleteAsync(table, "first", busy))).isFalse();

    await(values.putAsync(table, "second", text("2"), busy));

    assertThat(values.get(table, "second")).hasValueSatisfying(read -> assertThat(read).isEqualTo(text("2")));
  }

  @Test
  void the_async_requests_go_through_the_containers_own_pipeline_and_are_retried_by_its_policy() {
    AtomicInteger seen = new AtomicInteger();
    AtomicInteger refused = new AtomicInteger();
    HttpPipelinePolicy busyTwice = (context, next) -> {
      seen.incrementAndGet();
      if (context.getHttpRequest().getHttpMethod() == HttpMethod.PUT
          && context.getHttpRequest().getUrl().toString().contains("flaky") && refused.getAndIncrement() < 2) {
        return Mono.just(new CannedResponse(context.getHttpRequest(), 503, new HttpHeaders(), new byte[0]));
      }
      return next.process();
    };
    OutOfRowValues values = values(blobs().addPolicy(busyTwice).buildClient()
        .getBlobContainerClient("async-" + UUID.randomUUID()));

    await(values.putAsync(table, "flaky", text("kept"), busy));

    assertThat(refused.get()).as("answered 503 twice, then let through").isEqualTo(3);
    assertThat(seen.get()).isGreaterThanOrEqualTo(4);
    assertThat(values.get(table, "flaky")).hasValueSatisfying(read -> assertThat(read).isEqualTo(text("kept")));
  }

  @Test
  void async_failures_are_the_blocking_ones_as_the_cause_and_never_an_sdk_exception() {
    String wrongKey = Azurite.connectionString().replaceAll("AccountKey=[^;]+", "AccountKey="
        + java.util.Base64.getEncoder().encodeToString(text("not the account's key, 32 bytes!")));
    OutOfRowValues denied = values(new BlobServiceClientBuilder().connectionString(wrongKey).buildClient()
        .getBlobContainerClient("async-" + UUID.randomUUID()));
    OutOfRowValues unreachable = values(new BlobServiceClientBuilder()
        .endpoint("http://127.0.0.1:1/devstoreaccount1").credential(new com.azure.storage.common
            .StorageSharedKeyCredential("devstoreaccount1", java.util.Base64.getEncoder().encodeToString(new byte[32])))
        .retryOptions(new RequestRetryOptions(RetryPolicyType.FIXED, 2, (Integer) null, 5L, 5L, null))
        .buildClient().getBlobContainerClient("async-values"));

    assertThatThrownBy(() -> await(denied.putAsync(table, "v", text("x"), busy)))
        .isInstanceOf(CompletionException.class).cause().isInstanceOf(AccessDeniedException.class)
        .hasMessageContaining("Azure Blob Storage answered");
    assertThatThrownBy(() -> await(denied.getAsync(table, "v", busy)))
        .isInstanceOf(CompletionException.class).cause().isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> await(unreachable.getAsync(table, "v", busy)))
        .isInstanceOf(CompletionException.class).cause().isInstanceOf(StoreUnavailableException.class);
    assertThatThrownBy(() -> await(unreachable.deleteAsync(table, "v", busy)))
        .isInstanceOf(CompletionException.class).cause().isInstanceOf(TableMapperException.class);
  }
}
