package io.tablemapper.backend.azure;

import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelineNextPolicy;
import com.azure.core.http.HttpPipelineNextSyncPolicy;
import com.azure.core.http.HttpPipelinePosition;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.HttpPipelinePolicy;
import com.azure.core.util.Context;
import io.tablemapper.spi.RequestTally;
import java.util.concurrent.atomic.AtomicInteger;
import reactor.core.publisher.Mono;

/**
 * Watches the attempts the SDK's retry policy makes of one request: a pipeline policy that runs once per try, after
 * the retry policy, for the requests whose {@link Context} holds a {@link Counter}. It counts them, reports the
 * retries and the throttling answers (429, 503 {@code ServerBusy}) to the {@link RequestTally} of the thread that
 * made the counter, and notes whether one ended without telling whether it was applied: no answer at all (a timeout, a reset connection) or a 500, 502,
 * 504 or 408, after which the service may have done the work. An answer of 429 or 503 (the service too busy to take
 * the request) and every other answer are definite. A write whose retry then met a conflict may have met its own
 * earlier effect, which {@link Replays} checks against what is stored.
 *
 * <p>The factories of {@link AzureTablesBackend} install it; a client configured elsewhere adds it with
 * {@code TableServiceClientBuilder.addPolicy(AzureTablesBackend.attemptsPolicy())}. Without it every write counts as
 * tried once, and a lost answer can come back as the conflict its own retry met (the SDK's usual behaviour).
 */
final class Attempts implements HttpPipelinePolicy {
  /** The key of the {@link Counter} in the request's context. */
  static final String KEY = "io.tablemapper.backend.azure.attempts";

  /**
   * The attempts of one request; one per request, kept by the policy. It reports each retry and each throttling
   * answer, as they happen, to the {@link RequestTally} of the thread whose call of the backend sent the request.
   */
  static final class Counter {
    private final AtomicInteger attempts = new AtomicInteger();
    private final AtomicInteger throttled = new AtomicInteger();
    private final RequestTally.Sink tally;
    private volatile boolean uncertain;

    /** A counter reporting to the tally of this thread. */
    Counter() {
      this(RequestTally.current());
    }

    /** A counter reporting to {@code tally}: that of the thread the request's call started on. */
    Counter(RequestTally.Sink tally) {
      this.tally = tally;
    }

    /** The attempts made so far: 0 when the policy is not installed. */
    int attempts() {
      return attempts.get();
    }

    /** Whether an attempt ended without telling whether the service applied it. */
    boolean uncertain() {
      return uncertain;
    }

    /** The answers that refused the request as too busy so far. */
    int throttled() {
      return throttled.get();
    }

    private void attempted() {
      if (attempts.incrementAndGet() > 1) {
        tally.attempted(1, 0);
      }
    }

    private void answered(HttpResponse response) {
      int status = response.getStatusCode();
      if (Attempts.uncertain(status)) {
        uncertain = true;
      }
      if (throttling(status, ServiceErrors.code(response))) {
        throttled.incrementAndGet();
        tally.attempted(0, 1);
      }
    }

    /** {@code base} with this counter added. */
    Context context(Context base) {
      return (base == null ? Context.NONE : base).addData(KEY, this);
    }
  }

  /**
   * Whether an answer refuses a request as too busy: 429, or 503 {@code ServerBusy} (or a 503 naming no error code):
   * the partition or the account over its scalability target.
   */
  static boolean throttling(int status, String code) {
    return status == 429 || status == 503 && (code == null || "ServerBusy".equals(code));
  }

  /** {@code request} with a new {@link Counter} (made now, on the calling thread) in its context. */
  static <T> Mono<T> counted(Mono<T> request) {
    Context context = new Counter().context(Context.NONE);
    return request.contextWrite(reactor -> reactor.putAllMap(context.getValues()));
  }

  /**
   * Whether an answer leaves open whether the service applied the request: 500, 502, 504 (the work may have been
   * done before the error) and 408. A 429 or 503 refuses the request before any work; other answers are definite.
   */
  static boolean uncertain(int status) {
    return status == 500 || status == 502 || status == 504 || status == 408;
  }

  @Override
  public HttpPipelinePosition getPipelinePosition() {
    return HttpPipelinePosition.PER_RETRY;
  }

  @Override
  public Mono<HttpResponse> process(HttpPipelineCallContext context, HttpPipelineNextPolicy next) {
    Counter counter = count(context);
    if (counter == null) {
      return next.process();
    }
    return next.process()
        .doOnNext(counter::answered)
        .doOnError(failure -> counter.uncertain = true);
  }

  @Override
  public HttpResponse processSync(HttpPipelineCallContext context, HttpPipelineNextSyncPolicy next) {
    Counter counter = count(context);
    if (counter == null) {
      return next.processSync();
    }
    HttpResponse response;
    try {
      response = next.processSync();
    } catch (RuntimeException | Error failure) {
      counter.uncertain = true;
      throw failure;
    }
    counter.answered(response);
    return response;
  }

  private static Counter count(HttpPipelineCallContext context) {
    Object counter = context.getData(KEY).orElse(null);
    if (counter instanceof Counter) {
      ((Counter) counter).attempted();
      return (Counter) counter;
    }
    return null;
  }
}
