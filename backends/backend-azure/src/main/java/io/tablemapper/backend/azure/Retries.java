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

  /**
   * How {@link AzureTablesBackend#createTableIfNotExists} waits for a table of the same name that the service is
   * still deleting (409 {@code TableBeingDeleted}, for up to about 40 seconds after a delete on Azure): it tries
   * again after {@code base}, doubling up to {@code maxDelay}, until {@code bound} has passed.
   */
  record TableDeletionWait(Duration base, Duration maxDelay, Duration bound) {}

  /** The production wait for a table being deleted: half a second, doubling up to 5 s, for at most 90 s. */
  static final TableDeletionWait TABLE_DELETION =
      new TableDeletionWait(Duration.ofMillis(500), Duration.ofSeconds(5), Duration.ofSeconds(90));

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
