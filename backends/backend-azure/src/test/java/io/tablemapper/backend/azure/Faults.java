package io.tablemapper.backend.azure;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpHeaders;
import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelineNextPolicy;
import com.azure.core.http.HttpPipelineNextSyncPolicy;
import com.azure.core.http.HttpPipelinePosition;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.HttpPipelinePolicy;
import com.azure.data.tables.TableServiceClientBuilder;
import java.io.UncheckedIOException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Random;
import reactor.core.publisher.Mono;

/**
 * Injects faults, by seed, into the attempts of write requests (everything but GET), after the SDK's retry policy
 * so that each attempt can meet one: an answer of 429 or 503 without sending (the service too busy: not applied), a
 * timeout before sending, or, after the request was sent and applied, a 500 in place of the answer or a reset
 * connection (the answer lost: <em>ambiguous writes</em>). At most {@link #maxInARow} attempts of one request are
 * faulted in a row unless a storm is due, when every attempt of the request is.
 */
public final class Faults implements HttpPipelinePolicy {
  /** What an attempt meets. */
  public enum Fault {
    NONE, BUSY_503, THROTTLED_429, TIMEOUT_BEFORE, LOST_ANSWER_500, RESET_AFTER;

    boolean applied() {
      return this == LOST_ANSWER_500 || this == RESET_AFTER;
    }
  }

  private final Random random;
  private final double rate;
  private final int maxInARow;
  private volatile boolean storm;
  private volatile boolean reads;
  private volatile Fault stormFault = Fault.BUSY_503;
  private int inARow;
  private int injected;
  private int ambiguous;

  /**
   * Faults that hit each attempt of a write with probability {@code rate}, at most {@code maxInARow} attempts of one
   * request in a row (the backend retries five times, so fewer than six always lets a request through).
   */
  public Faults(long seed, double rate, int maxInARow) {
    this.random = new Random(seed);
    this.rate = rate;
    this.maxInARow = maxInARow;
  }

  /**
   * A backend on the Azure Storage account of a connection string whose writes meet these faults, with the
   * production policies of {@code fromConnectionString} and quick retries.
   */
  public AzureTablesBackend backend(String connectionString) {
    TableServiceClientBuilder builder = new TableServiceClientBuilder()
        .connectionString(connectionString)
        .retryPolicy(Retries.policy(Duration.ofMillis(1), Duration.ofMillis(4)))
        .addPolicy(AzureTablesBackend.batchPolicy())
        .addPolicy(AzureTablesBackend.attemptsPolicy())
        .addPolicy(this);
    return new AzureTablesBackend(builder.buildClient(), builder.buildAsyncClient());
  }

  /** Faults reads too (point reads and queries), from now on; by default only writes meet faults. */
  public Faults withReads() {
    reads = true;
    return this;
  }

  /** How many faults were injected that hit an applied write (its answer lost). */
  public synchronized int ambiguous() {
    return ambiguous;
  }

  /** Faults every attempt of the requests until {@link #calm()}, each with {@code fault}. */
  public void storm(Fault fault) {
    stormFault = fault;
    storm = true;
  }

  /** Ends a storm. */
  public void calm() {
    storm = false;
  }

  @Override
  public HttpPipelinePosition getPipelinePosition() {
    return HttpPipelinePosition.PER_RETRY;
  }

  private synchronized Fault next(HttpRequest request) {
    if (request.getHttpMethod() == HttpMethod.GET && !reads) {
      return Fault.NONE;
    }
    if (storm) {
      injected++;
      ambiguous += stormFault.applied() ? 1 : 0;
      return stormFault;
    }
    if (inARow >= maxInARow || random.nextDouble() >= rate) {
      inARow = 0;
      return Fault.NONE;
    }
    inARow++;
    Fault fault = Fault.values()[1 + random.nextInt(Fault.values().length - 1)];
    injected++;
    ambiguous += fault.applied() ? 1 : 0;
    return fault;
  }

  @Override
  public HttpResponse processSync(HttpPipelineCallContext context, HttpPipelineNextSyncPolicy next) {
    HttpRequest request = context.getHttpRequest();
    Fault fault = next(request);
    switch (fault) {
      case NONE:
        return next.processSync();
      case BUSY_503:
        return error(request, 503, "ServerBusy");
      case THROTTLED_429:
        return error(request, 429, "TooManyRequests");
      case TIMEOUT_BEFORE:
        throw new UncheckedIOException(new SocketTimeoutException("injected: timed out before sending"));
      case LOST_ANSWER_500:
        next.processSync().close();
        return error(request, 500, "InternalError");
      case RESET_AFTER:
        next.processSync().close();
        throw new UncheckedIOException(new SocketException("injected: connection reset after the request was sent"));
      default:
        throw new AssertionError(fault);
    }
  }

  @Override
  public Mono<HttpResponse> process(HttpPipelineCallContext context, HttpPipelineNextPolicy next) {
    HttpRequest request = context.getHttpRequest();
    Fault fault = next(request);
    switch (fault) {
      case NONE:
        return next.process();
      case BUSY_503:
        return Mono.just(error(request, 503, "ServerBusy"));
      case THROTTLED_429:
        return Mono.just(error(request, 429, "TooManyRequests"));
      case TIMEOUT_BEFORE:
        return Mono.error(new SocketTimeoutException("injected: timed out before sending"));
      case LOST_ANSWER_500:
        return next.process().map(response -> {
          response.close();
          return error(request, 500, "InternalError");
        });
      case RESET_AFTER:
        return next.process().flatMap(response -> {
          response.close();
          return Mono.error(new SocketException("injected: connection reset after the request was sent"));
        });
      default:
        throw new AssertionError(fault);
    }
  }

  /** An error answer made up in the client, with the service's error code and no body. */
  private static HttpResponse error(HttpRequest request, int status, String code) {
    return new CannedResponse(request, status,
        new HttpHeaders().set(HttpHeaderName.fromString("x-ms-error-code"), code)
            .set(HttpHeaderName.CONTENT_LENGTH, "0"),
        new byte[0]);
  }
}
