package io.tablemapper.runtime.pending;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.TableMapper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The background completer's schedule of looks, on a clock of the test's own: the waits double while the looks find
 * nothing, up to the maximum; a look that finds work, or a write that wakes it, sets them back to the poll interval.
 */
class LookScheduleTest {
  private static final Duration POLL = Duration.ofMillis(TableMapper.DEFAULT_PENDING_POLL_MILLIS);
  private static final Duration MAX = Duration.ofMillis(TableMapper.DEFAULT_PENDING_MAX_POLL_MILLIS);

  @Test
  void anIdleCompleterWaitsTwiceAsLongAfterEachEmptyLookUpToTheMaximum() {
    LookSchedule schedule = new LookSchedule(POLL, MAX);
    long now = schedule.first();
    List<Long> waits = new ArrayList<>();
    for (int look = 0; look < 12; look++) {
      long wait = schedule.afterLook(false, now);
      waits.add(wait);
      now += wait;
    }
    assertThat(waits).containsExactly(2_000L, 4_000L, 8_000L, 16_000L, 32_000L, 64_000L, 128_000L, 256_000L,
        300_000L, 300_000L, 300_000L, 300_000L);
  }

  @Test
  void withTheDefaultsAnIdleCompleterLooks19TimesInItsFirstHourAnd12AnHourAfter() {
    LookSchedule schedule = new LookSchedule(POLL, MAX);
    long hour = Duration.ofHours(1).toMillis();
    int[] looksPerHour = new int[3];
    long now = schedule.first();
    while (now < 3 * hour) {
      looksPerHour[(int) (now / hour)]++;
      now += schedule.afterLook(false, now);
    }
    assertThat(looksPerHour).containsExactly(19, 12, 12);
  }

  @Test
  void aLookThatFindsWorkSetsTheWaitBackToThePollInterval() {
    LookSchedule schedule = new LookSchedule(Duration.ofMillis(10), Duration.ofMillis(80));
    long now = 10;
    for (int look = 0; look < 5; look++) {
      now += schedule.afterLook(false, now);
    }
    assertThat(schedule.afterLook(false, now)).isEqualTo(80);
    assertThat(schedule.afterLook(true, now)).isEqualTo(10);
    assertThat(schedule.afterLook(false, now)).isEqualTo(20);
  }

  @Test
  void aWakeLooksAtOnceButNoSoonerThanThePollIntervalAfterThePreviousLook() {
    LookSchedule schedule = new LookSchedule(Duration.ofMillis(10), Duration.ofMinutes(5));
    assertThat(schedule.wake(3)).as("never looked").isZero();
    assertThat(schedule.afterLook(false, 5)).as("woken before the look").isEqualTo(10);
    long now = 15;
    for (int look = 0; look < 20; look++) {
      now += schedule.afterLook(false, now);
    }
    long lastLook = now;
    assertThat(schedule.afterLook(false, lastLook)).as("backed off").isEqualTo(300_000);
    assertThat(schedule.wake(lastLook + 4)).isEqualTo(6);
    assertThat(schedule.wake(lastLook + 60_000)).isZero();
    assertThat(schedule.afterLook(false, lastLook + 60_000)).as("after the woken look").isEqualTo(10);
    assertThat(schedule.afterLook(false, lastLook + 60_010)).isEqualTo(20);
  }

  @Test
  void aMaximumBelowThePollIntervalKeepsThePollInterval() {
    LookSchedule schedule = new LookSchedule(Duration.ofSeconds(2), Duration.ofSeconds(1));
    assertThat(schedule.afterLook(false, 0)).isEqualTo(2_000);
    assertThat(schedule.afterLook(false, 2_000)).isEqualTo(2_000);
  }
}
