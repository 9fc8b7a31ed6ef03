package io.tablemapper.spi;

import java.time.Duration;
import java.util.Objects;
import java.util.function.DoubleSupplier;

/**
 * How long a backend keeps retrying a request that the store refused for now (throttled: HTTP 429, 503
 * {@code ServerBusy}; or another transient answer): at most {@code maxRetries} retries after the first attempt,
 * waiting before retry {@code n} (from 1) a jittered {@link #delay} between half of and the whole of
 * {@code min(maxDelay, baseDelay * 2^(n-1))}, and only as many retries as fit in {@code totalDelay} counting each
 * wait at its longest. The jitter keeps writers throttled together from retrying together.
 *
 * <p>The Azure backend builds its client's retry policy from one, and the scalability simulator of the memory
 * backend retries by one; once it is spent, a throttled request fails with
 * {@link io.tablemapper.api.StoreBusyException}.
 *
 * @param maxRetries the retries after the first attempt, at least 0
 * @param baseDelay the longest wait before the first retry, positive
 * @param maxDelay the longest wait before any retry, at least {@code baseDelay}
 * @param totalDelay the most time all the waits of one request may take together, counted at their longest
 */
public record RetryBudget(int maxRetries, Duration baseDelay, Duration maxDelay, Duration totalDelay) {
  /**
   * The default: 5 retries, from 200 ms doubling to at most 8 s, within 30 s (which the 5 retries, 6.2 s at their
   * longest, do not reach).
   */
  public static final RetryBudget DEFAULT =
      new RetryBudget(5, Duration.ofMillis(200), Duration.ofSeconds(8), Duration.ofSeconds(30));

  /** No retries: a refused request fails at once. */
  public static final RetryBudget NONE = new RetryBudget(0, Duration.ofMillis(1), Duration.ofMillis(1), Duration.ZERO);

  /** Checks the budget. */
  public RetryBudget {
    Objects.requireNonNull(baseDelay, "baseDelay");
    Objects.requireNonNull(maxDelay, "maxDelay");
    Objects.requireNonNull(totalDelay, "totalDelay");
    if (maxRetries < 0) {
      throw new IllegalArgumentException("maxRetries is " + maxRetries + "; give 0 (no retries) or more");
    }
    if (baseDelay.isNegative() || baseDelay.isZero()) {
      throw new IllegalArgumentException("baseDelay is " + baseDelay + "; give a positive delay, such as 200 ms");
    }
    if (maxDelay.compareTo(baseDelay) < 0) {
      throw new IllegalArgumentException(
          "maxDelay " + maxDelay + " is shorter than baseDelay " + baseDelay + "; give a maxDelay of at least it");
    }
    if (totalDelay.isNegative()) {
      throw new IllegalArgumentException("totalDelay is " + totalDelay + "; give zero (no retries) or more");
    }
  }

  /** This budget with {@code maxRetries} retries. */
  public RetryBudget withMaxRetries(int maxRetries) {
    return new RetryBudget(maxRetries, baseDelay, maxDelay, totalDelay);
  }

  /** This budget with waits from {@code baseDelay} doubling up to {@code maxDelay}. */
  public RetryBudget withDelays(Duration baseDelay, Duration maxDelay) {
    return new RetryBudget(maxRetries, baseDelay, maxDelay, totalDelay);
  }

  /** This budget with all the waits of one request within {@code totalDelay}. */
  public RetryBudget withTotalDelay(Duration totalDelay) {
    return new RetryBudget(maxRetries, baseDelay, maxDelay, totalDelay);
  }

  /** The longest wait before retry {@code retry} (from 1): {@code min(maxDelay, baseDelay * 2^(retry-1))}. */
  public Duration longestDelay(int retry) {
    if (retry < 1) {
      throw new IllegalArgumentException("retries count from 1, not " + retry);
    }
    long base = baseDelay.toNanos();
    long max = maxDelay.toNanos();
    long delay = base;
    for (int i = 1; i < retry && delay < max; i++) {
      delay = delay > max / 2 ? max : delay * 2;
    }
    return Duration.ofNanos(Math.min(delay, max));
  }

  /**
   * The wait before retry {@code retry} (from 1): from half of {@link #longestDelay} to all of it, as
   * {@code random} (a value in [0, 1)) places it.
   */
  public Duration delay(int retry, DoubleSupplier random) {
    long longest = longestDelay(retry).toNanos();
    double share = Math.min(Math.max(random.getAsDouble(), 0), 1);
    return Duration.ofNanos(longest / 2 + (long) (share * (longest - longest / 2)));
  }

  /** The retries this budget allows: {@code maxRetries}, fewer where their longest waits exceed the total. */
  public int retries() {
    long left = totalDelay.toNanos();
    for (int retry = 1; retry <= maxRetries; retry++) {
      left -= longestDelay(retry).toNanos();
      if (left < 0) {
        return retry - 1;
      }
    }
    return maxRetries;
  }

  /** The budget as a sentence for messages, such as {@code 5 retries waiting up to 6.2 s}. */
  public String describe() {
    int retries = retries();
    long waits = 0;
    for (int retry = 1; retry <= retries; retry++) {
      waits += longestDelay(retry).toMillis();
    }
    String over = waits < 1000 ? waits + " ms" : waits / 1000 + "." + (waits % 1000) / 100 + " s";
    return retries + (retries == 1 ? " retry" : " retries") + " waiting up to " + over;
  }
}
