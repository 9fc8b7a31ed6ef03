package io.tablemapper.backend.azure;

import com.azure.core.http.policy.ExponentialBackoffOptions;
import com.azure.core.http.policy.RequestRetryCondition;
import com.azure.core.http.policy.RetryOptions;
import java.time.Duration;
import java.util.Set;

/**
 * How {@link AzureTablesBackend#fromConnectionString} retries: transient answers (408 timeout, 429 throttling, 500,
 * 502, 503, 504) and requests that failed to reach the service, with exponential backoff and jitter; every other
 * answer is final at once.
 *
 * <p>A retried write whose first attempt reached the service may meet its own effect (an insert its own row);
 * {@link Replays} tells that from a real conflict, with the attempts {@link Attempts} watched.
 */
final class Retries {
  /** The statuses that are retried. */
  static final Set<Integer> TRANSIENT = Set.of(408, 429, 500, 502, 503, 504);
  /** Retries after the first attempt. */
  static final int MAX_RETRIES = 5;
  /** The first delay; each retry doubles it, up to {@link #MAX_DELAY}. */
  static final Duration BASE_DELAY = Duration.ofMillis(200);
  static final Duration MAX_DELAY = Duration.ofSeconds(8);

  private Retries() {}

  /** The production policy. */
  static RetryOptions options() {
    return options(BASE_DELAY, MAX_DELAY);
  }

  /** The same policy with other delays (tests use tiny ones). */
  static RetryOptions options(Duration baseDelay, Duration maxDelay) {
    return new RetryOptions(new ExponentialBackoffOptions()
            .setMaxRetries(MAX_RETRIES)
            .setBaseDelay(baseDelay)
            .setMaxDelay(maxDelay))
        .setShouldRetryCondition(Retries::shouldRetry);
  }

  static boolean shouldRetry(RequestRetryCondition condition) {
    if (condition.getResponse() != null) {
      return TRANSIENT.contains(condition.getResponse().getStatusCode());
    }
    return condition.getThrowable() instanceof Exception;
  }
}
