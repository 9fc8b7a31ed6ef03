package io.tablemapper.backend.azure;

import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.RequestRetryCondition;
import com.azure.core.http.policy.RetryPolicy;
import com.azure.core.http.policy.RetryStrategy;
import io.tablemapper.spi.RetryBudget;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How the backends of {@link AzureTablesBackend}'s factories retry: transient answers (408 timeout, 429 throttling,
 * 500, 502, 503, 504) and requests that failed to reach the service, by a {@link RetryBudget} (jittered exponential
 * back-off within a total wait; {@link RetryBudget#DEFAULT} unless the factory was given another); every other
 * answer is final at once. A throttled request still refused when the budget is spent fails with
 * {@link io.tablemapper.api.StoreBusyException} ({@link ServiceErrors#translate}).
 *
 * <p>A retried write whose first attempt reached the service may meet its own effect (an insert its own row);
 * {@link Replays} tells that from a real conflict, with the attempts {@link Attempts} watched.
 */
final class Retries {
  /** The statuses that are retried. */
  static final Set<Integer> TRANSIENT = Set.of(408, 429, 500, 502, 503, 504);
  /** Retries after the first attempt, by default. */
  static final int MAX_RETRIES = RetryBudget.DEFAULT.maxRetries();

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

  /** The production policy: {@link RetryBudget#DEFAULT}. */
  static RetryPolicy policy() {
    return policy(RetryBudget.DEFAULT);
  }

  /** The SDK's retry policy, retrying the transient answers by {@code budget}. */
  static RetryPolicy policy(RetryBudget budget) {
    return new RetryPolicy(new Budgeted(budget));
  }

  /** The policy of the default budget with other delays (tests use tiny ones). */
  static RetryPolicy policy(Duration baseDelay, Duration maxDelay) {
    return policy(RetryBudget.DEFAULT.withDelays(baseDelay, maxDelay));
  }

  static boolean shouldRetry(RequestRetryCondition condition) {
    if (condition.getResponse() != null) {
      return TRANSIENT.contains(condition.getResponse().getStatusCode());
    }
    return condition.getThrowable() instanceof Exception;
  }

  /** A budget as the SDK's retry strategy: its retries, its jittered delays, the transient answers. */
  private static final class Budgeted implements RetryStrategy {
    private final RetryBudget budget;
    private final int retries;

    Budgeted(RetryBudget budget) {
      this.budget = budget;
      this.retries = budget.retries();
    }

    @Override
    public int getMaxRetries() {
      return retries;
    }

    /** The SDK counts its retries from 0, the budget from 1. */
    @Override
    public Duration calculateRetryDelay(int retryAttempts) {
      return budget.delay(retryAttempts + 1, () -> ThreadLocalRandom.current().nextDouble());
    }

    @Override
    public boolean shouldRetry(HttpResponse response) {
      return TRANSIENT.contains(response.getStatusCode());
    }

    @Override
    public boolean shouldRetryCondition(RequestRetryCondition condition) {
      return Retries.shouldRetry(condition);
    }
  }
}
