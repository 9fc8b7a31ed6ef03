package io.tablemapper.backend.azure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.http.HttpRequest;
import io.tablemapper.api.BatchException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.spi.RequestSize;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;

/**
 * What the Azure SDK really sends for a batch and a write, recorded by a scripted HTTP client and compared with the
 * bound the batch rules check ({@link RequestSize}): the bound is never below the real body, whatever the
 * characters, keys, types and kinds of operation, so a batch the rules let through is one the service takes.
 */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class RequestBodyTest {
  private static final String ETAG = "W/\"datetime'2024-01-31T12%3A00%3A00.1234567Z'\"";
  /** Characters of every width and escape: ASCII, quote and backslash, controls, Latin-1, CJK, pairs, separators. */
  private static final String[] SAMPLES = {
    "a", "Z", " ", "'", "%", "+", "&", "=", "<", "\"", "\\", "\u0001", "\n", "\u001F", "\u007F", "\u0085", "\u00E9",
    "\u07FF", "\u0800", "\u4E2D", "\uFFFD", "\uFFFF", "\uD83D\uDE00", "\u2028", "\u2029"
  };

  @Test
  void the_bound_is_at_least_the_body_the_sdk_sends_for_batches_of_every_kind_type_and_character() {
    Random random = new Random(22);
    for (int round = 0; round < 40; round++) {
      String partitionKey = text(random, 1 + random.nextInt(40), true);
      List<WriteOperation> operations = new ArrayList<>();
      int count = 1 + random.nextInt(12);
      for (int i = 0; i < count; i++) {
        operations.add(operation(random, partitionKey, i));
      }

      byte[] body = sentBatch(operations);

      assertThat(RequestSize.batch("Orders", operations))
          .as("round %d: %s", round, operations)
          .isGreaterThanOrEqualTo(body.length);
    }
  }

  @Test
  void the_bound_of_a_batch_of_cjk_text_is_within_a_few_hundred_bytes_an_operation_of_the_real_body() {
    String text = "\u4E2D".repeat(21_845);
    List<WriteOperation> operations = new ArrayList<>();
    for (int i = 0; i < 31; i++) {
      operations.add(WriteOperation.insert(
          TableRow.builder("p", String.format("r%02d", i)).putString("a", text).putString("b", text).build()));
    }

    byte[] body = sentBatch(operations);

    long bound = RequestSize.batch("Orders", operations);
    assertThat(bound).isGreaterThanOrEqualTo(body.length).isLessThan(body.length + 1024L * operations.size());
    assertThat(body.length).isLessThan(StoreLimits.MAX_BATCH_SIZE);
  }

  @Test
  void the_bound_of_an_entity_is_at_least_the_json_the_sdk_sends_for_a_single_write() {
    Random random = new Random(23);
    for (int round = 0; round < 40; round++) {
      WriteOperation operation = operation(random, text(random, 1 + random.nextInt(40), true), round);
      if (operation.kind() == WriteOperation.Kind.DELETE) {
        continue;
      }
      StubService service = new StubService().thenError(400, "InvalidInput");
      assertThatThrownBy(() -> service.backend().write("Orders", operation)).isInstanceOf(TableMapperException.class);

      byte[] body = service.requests.get(0).getBodyAsBinaryData().toBytes();
      String etag = operation.conditional() ? operation.ifMatch() : null;
      assertThat(RequestSize.entity(operation.row(), etag)).as("%s", operation).isGreaterThanOrEqualTo(body.length);
    }
  }

  @Test
  void a_body_above_4_MiB_through_an_endpoint_longer_than_the_rules_allow_for_is_refused_before_it_is_sent() {
    StubService service = new StubService();
    String endpoint = "http://127.0.0.1:9/devstoreaccount1/" + "a".repeat(6000);
    AzureTablesBackend backend = new AzureTablesBackend(AzureTablesBackend.clientBuilder(StubService.CONNECTION_STRING
            .replace("http://127.0.0.1:9/devstoreaccount1", endpoint))
        .httpClient(service)
        .retryPolicy(Retries.policy(Duration.ofMillis(1), Duration.ofMillis(4)))
        .buildClient());
    String text = "\u4E2D".repeat(21_845);
    List<WriteOperation> operations = new ArrayList<>();
    for (int i = 0; i < 31; i++) {
      operations.add(WriteOperation.insert(
          TableRow.builder("p", String.format("r%02d", i)).putString("a", text).putString("b", text).build()));
    }

    assertThatThrownBy(() -> backend.batch("Orders", operations))
        .isInstanceOfSatisfying(BatchException.class, e -> {
          assertThat(e.reason()).isEqualTo(BatchException.Reason.TOO_LARGE);
          assertThat(e.failedIndex()).isEqualTo(-1);
          assertThat(e.getMessage()).contains("nothing was sent", "split the batch");
        });
    assertThat(service.requests).isEmpty();
  }

  /** The body of the batch request the backend sends for these operations (answered with an error). */
  private static byte[] sentBatch(List<WriteOperation> operations) {
    StubService service = new StubService().thenError(400, "InvalidInput");
    assertThatThrownBy(() -> service.backend().batch("Orders", operations)).isInstanceOf(BatchException.class);
    HttpRequest request = service.requests.get(0);
    assertThat(request.getUrl().getPath()).endsWith("$batch");
    return request.getBodyAsBinaryData().toBytes();
  }

  /** An operation of a random kind (merges aside: they read the row first) on a random row of every type. */
  private static WriteOperation operation(Random random, String partitionKey, int index) {
    String rowKey = index + text(random, random.nextInt(30), true);
    TableRow.Builder row = TableRow.builder(partitionKey, rowKey);
    int properties = random.nextInt(8);
    for (int i = 0; i < properties; i++) {
      String name = (random.nextBoolean() ? "n" : "\u00E9\u4E2D") + i;
      switch (random.nextInt(8)) {
        case 0 -> row.putString(name, text(random, random.nextInt(200), false));
        case 1 -> row.putBinary(name, new byte[random.nextInt(100)]);
        case 2 -> row.putBoolean(name, random.nextBoolean());
        case 3 -> row.putInt32(name, random.nextBoolean() ? Integer.MIN_VALUE : random.nextInt());
        case 4 -> row.putInt64(name, random.nextBoolean() ? Long.MIN_VALUE : random.nextLong());
        case 5 -> row.putDouble(name, List.of(-2.2250738585072014E-308, Double.NaN, Double.NEGATIVE_INFINITY,
            -1.0 / 3, 5.0).get(random.nextInt(5)));
        case 6 -> row.putDateTime(name, Instant.parse("9999-12-31T23:59:59.9999999Z"));
        default -> row.putGuid(name, UUID.randomUUID());
      }
    }
    String etag = random.nextBoolean() ? ETAG : null;
    switch (random.nextInt(4)) {
      case 0:
        return WriteOperation.insert(row.build());
      case 1:
        return WriteOperation.replace(row.build(), etag);
      case 2:
        return WriteOperation.upsertReplace(row.build());
      default:
        return WriteOperation.delete(partitionKey, rowKey, etag);
    }
  }

  /** Random text of the samples; for a key, only characters a key may hold. */
  private static String text(Random random, int length, boolean key) {
    StringBuilder text = new StringBuilder();
    while (text.length() < length) {
      String sample = SAMPLES[random.nextInt(SAMPLES.length)];
      if (!key || StoreLimits.firstForbiddenKeyChar(sample) < 0) {
        text.append(sample);
      }
    }
    return text.toString();
  }
}
