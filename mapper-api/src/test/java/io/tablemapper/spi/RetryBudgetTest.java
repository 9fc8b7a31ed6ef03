package io.tablemapper.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RetryBudgetTest {

  @Test
  void theLongestWaitDoublesFromTheBaseUpToTheMaximum() {
    RetryBudget budget = new RetryBudget(6, Duration.ofMillis(100), Duration.ofMillis(500), Duration.ofSeconds(10));

    List<Long> longest = new ArrayList<>();
    for (int retry = 1; retry <= 6; retry++) {
      longest.add(budget.longestDelay(retry).toMillis());
    }

    assertThat(longest).containsExactly(100L, 200L, 400L, 500L, 500L, 500L);
  }

  @Test
  void aWaitIsJitteredBetweenHalfOfAndAllOfTheLongest() {
    RetryBudget budget = RetryBudget.DEFAULT;

    assertThat(budget.delay(3, () -> 0)).isEqualTo(Duration.ofMillis(400));
    assertThat(budget.delay(3, () -> 0.5)).isEqualTo(Duration.ofMillis(600));
    assertThat(budget.delay(3, () -> 0.999_999)).isBetween(Duration.ofMillis(799), Duration.ofMillis(800));
  }

  @Test
  void onlyTheRetriesWhoseLongestWaitsFitInTheTotalAreAllowed() {
    assertThat(RetryBudget.DEFAULT.retries()).as("6.2 s of waits within 30 s").isEqualTo(5);
    assertThat(RetryBudget.DEFAULT.withTotalDelay(Duration.ofMillis(1_400)).retries()).as("200 + 400 + 800")
        .isEqualTo(3);
    assertThat(RetryBudget.DEFAULT.withTotalDelay(Duration.ofMillis(1_399)).retries()).isEqualTo(2);
    assertThat(RetryBudget.NONE.retries()).isZero();
    assertThat(RetryBudget.DEFAULT.describe()).isEqualTo("5 retries waiting up to 6.2 s");
    assertThat(RetryBudget.NONE.describe()).isEqualTo("0 retries waiting up to 0 ms");
  }

  @Test
  void aBudgetThatCannotWorkIsRefusedSayingWhy() {
    assertThatThrownBy(() -> RetryBudget.DEFAULT.withMaxRetries(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxRetries is -1; give 0 (no retries) or more");
    assertThatThrownBy(() -> RetryBudget.DEFAULT.withDelays(Duration.ofSeconds(2), Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxDelay PT1S is shorter than baseDelay PT2S; give a maxDelay of at least it");
    assertThatThrownBy(() -> RetryBudget.DEFAULT.withDelays(Duration.ZERO, Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("baseDelay is PT0S; give a positive delay, such as 200 ms");
    assertThatThrownBy(() -> RetryBudget.DEFAULT.withTotalDelay(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("totalDelay is PT-1S; give zero (no retries) or more");
  }
}
