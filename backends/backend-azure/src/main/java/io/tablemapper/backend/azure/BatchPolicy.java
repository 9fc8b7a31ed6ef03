package io.tablemapper.backend.azure;

import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelineNextPolicy;
import com.azure.core.http.HttpPipelineNextSyncPolicy;
import com.azure.core.http.HttpPipelinePosition;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.HttpPipelinePolicy;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import io.tablemapper.api.BatchException;
import io.tablemapper.spi.RequestSize;
import io.tablemapper.spi.StoreLimits;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import reactor.core.publisher.Mono;

/**
 * What the SDK's entity group transactions need to behave as the service does, for the requests of this backend's
 * batches (those whose {@link Context} holds a {@link Capture}):
 *
 * <ul>
 *   <li>The ETag of every operation is kept: the SDK parses the multipart answer but drops the sub-responses'
 *       headers (its {@code TableTransactionActionResponse}s carry none in azure-data-tables 12.5), so the answer is
 *       buffered and the {@code ETag} of each sub-response recorded in order (null for a delete) before the SDK
 *       reads the same buffered body.
 *   <li>The line and paragraph separators U+2028 and U+2029 are sent as JSON escape sequences, the same
 *       JSON text: Azurite splits a batch body at them as if they were line breaks and rejects the batch.
 *   <li>A body larger than the service takes (4 MiB) is not sent: {@code BatchRules} already refused every batch
 *       whose body could be, with an allowance for the account's endpoint in each operation's URL; this refuses,
 *       with the same {@code BatchException}, what an endpoint longer than that allowance would still make too large.
 * </ul>
 *
 * <p>{@link AzureTablesBackend#fromConnectionString} installs it; a client configured elsewhere can add it with
 * {@code TableServiceClientBuilder.addPolicy(AzureTablesBackend.batchPolicy())}. Without it a batch reads its rows
 * back for their ETags.
 */
final class BatchPolicy implements HttpPipelinePolicy {
  /** The key of the {@link Capture} in the request's context. */
  static final String KEY = "io.tablemapper.backend.azure.batch-etags";

  /** Where a transaction's ETags end up; one per request, filled by the policy. */
  static final class Capture {
    private volatile List<String> etags;

    /** The ETags of the sub-responses in order, or null if the policy did not see the answer. */
    List<String> etags() {
      return etags;
    }

    /** The context to submit the transaction with. */
    Context context() {
      return new Context(KEY, this);
    }
  }

  @Override
  public HttpPipelinePosition getPipelinePosition() {
    return HttpPipelinePosition.PER_CALL;
  }

  @Override
  public Mono<HttpResponse> process(HttpPipelineCallContext context, HttpPipelineNextPolicy next) {
    Capture capture = capture(context);
    if (capture == null) {
      return next.process();
    }
    try {
      prepare(context);
    } catch (BatchException tooLarge) {
      return Mono.error(tooLarge);
    }
    return next.process().flatMap(response -> {
      HttpResponse buffered = response.buffer();
      return buffered.getBodyAsString().defaultIfEmpty("").map(body -> {
        record(capture, buffered, body);
        return buffered;
      });
    });
  }

  @Override
  public HttpResponse processSync(HttpPipelineCallContext context, HttpPipelineNextSyncPolicy next) {
    Capture capture = capture(context);
    if (capture == null) {
      return next.processSync();
    }
    prepare(context);
    HttpResponse buffered = next.processSync().buffer();
    record(capture, buffered, buffered.getBodyAsBinaryData().toString());
    return buffered;
  }

  /**
   * Replaces raw U+2028 and U+2029 in the batch body by their JSON escapes (the body means the same), then refuses
   * a body above the service's limit.
   *
   * @throws BatchException if the body is larger than {@link StoreLimits#MAX_BATCH_SIZE}; nothing is sent
   */
  private static void prepare(HttpPipelineCallContext context) {
    BinaryData body = context.getHttpRequest().getBodyAsBinaryData();
    if (body == null) {
      return;
    }
    String text = body.toString();
    if (text.indexOf('\u2028') >= 0 || text.indexOf('\u2029') >= 0) {
      context.getHttpRequest().setBody(text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"));
      body = context.getHttpRequest().getBodyAsBinaryData();
    }
    long size = body.getLength() != null ? body.getLength() : body.toBytes().length;
    if (size > StoreLimits.MAX_BATCH_SIZE) {
      throw new BatchException(
          BatchException.Reason.TOO_LARGE, -1,
          "the batch's request body to " + context.getHttpRequest().getUrl().getHost() + " is " + size
              + " bytes as the Azure SDK wrote it, and an entity group transaction's request body holds at most "
              + StoreLimits.MAX_BATCH_SIZE + " (4 MiB); nothing was sent: split the batch (the batch rules allow"
              + " for an endpoint URL of up to " + RequestSize.ENDPOINT_ALLOWANCE + " characters in each operation;"
              + " a longer one makes every operation longer)");
    }
  }

  private static Capture capture(HttpPipelineCallContext context) {
    Object value = context.getData(KEY).orElse(null);
    return value instanceof Capture ? (Capture) value : null;
  }

  private static void record(Capture capture, HttpResponse response, String body) {
    if (response.getStatusCode() == 202) {
      capture.etags = etags(body);
    }
  }

  /**
   * The {@code ETag} header of each HTTP sub-response in a multipart batch answer, in order; null for one without.
   */
  static List<String> etags(String body) {
    List<String> etags = new ArrayList<>();
    String[] lines = body.split("\r?\n", -1);
    int i = 0;
    while (i < lines.length) {
      if (!lines[i].startsWith("HTTP/1.1 ")) {
        i++;
        continue;
      }
      String etag = null;
      for (i++; i < lines.length && !lines[i].isEmpty(); i++) {
        int colon = lines[i].indexOf(':');
        if (colon > 0 && lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT).equals("etag")) {
          etag = lines[i].substring(colon + 1).trim();
        }
      }
      etags.add(etag);
    }
    return etags;
  }
}
