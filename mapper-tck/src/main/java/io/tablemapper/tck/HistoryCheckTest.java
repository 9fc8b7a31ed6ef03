package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.fail;

import io.tablemapper.tck.HistoryRun.Outcome;
import io.tablemapper.tck.HistoryRun.Shape;
import io.tablemapper.tck.HolderInvariants.Violation;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * The history checker: seeded random histories of concurrent writers and completers over entities with every form of
 * index beyond the partition, under injected faults, each checked once it is quiet against the rows the store holds
 * (in the spirit of Jepsen's Elle and Knossos: record what every operation asked and how it ended, then check the
 * end state against what any order of them allows).
 *
 * <p>A history ({@link HistoryRun}) runs on a new store: writers on several mappers insert, upsert, update (with and
 * without an ETag), merge and delete six {@link io.tablemapper.tck.fixtures.Holder}s, blocking and through futures,
 * and move their unique values within pools of four, so that claims contend; completers call
 * {@code completePending()} on the mappers meanwhile, and one mapper completes in the background; one thread commits
 * eventual batches over holders no one else writes. Each mapper sees the store through a {@link FaultyStore}: pauses
 * before a request and after its answer on every mapper, and on all but the first refused requests, writes whose
 * answer is lost after they were applied, and the last mapper's death part-way (its threads stop, its work is left to
 * the others). Once every thread has ended, a mapper without faults completes the pending work until none is left,
 * and the end state must hold the invariants of {@link HolderInvariants} (every copy, claim and key-list entry exactly
 * where the holders' current values put it, holding their current values; no orphans; no unique value held twice),
 * and: every query through an index returns exactly the holders whose values match; a unique value no holder has can
 * be claimed; no work is left pending, and none failed unless a refused or lost write explains it; every eventual
 * batch is applied whole in effect (whole if its {@code commit()} returned), or not at all; no exception but a
 * {@code TableMapperException} reached a caller. Faults that reach a caller are part of the history, not failures.
 *
 * <p>On a failure the checker shrinks the history — the same seed with fewer operations, threads, mappers and faults,
 * each smaller shape run up to three times since threads interleave differently each time — and reports the seed, the
 * smallest failing shape (within {@value #SHRINK_SECONDS_CI} s in CI, {@value #SHRINK_SECONDS} s otherwise), the invariants it broke with the rows involved, and its history (whole when short, else the
 * operations on the holders involved and every fault). A seed fixes what each thread asks and which requests meet a
 * fault, not how the threads interleave: a reproduction may take a few runs.
 *
 * <p>System properties:
 *
 * <ul>
 *   <li>none (CI): histories from a random seed, one after another, on each store for about {@value #CI_SECONDS} s
 *       (a history starts only if it would end within them; at least one): of the {@linkplain Shape#CI CI shape}, with
 *       fewer operations per writer on a store whose writes take longer than {@value #FAST_WRITE_MILLIS} ms
 *       ({@link #ciShape}: Azurite);
 *   <li>{@code -Dtablemapper.soak=<n>s} or {@code <n>}: for {@code n} seconds, or {@code n} histories, per store;
 *   <li>{@code -Dtablemapper.history.seed=<seed>}: that history only (run up to {@code tablemapper.history.repeat}
 *       times, 5 by default, until it fails), in the shape {@code -Dtablemapper.history.shape=writers=2,operations=8,...}
 *       (the report's text; missing parts as in the CI shape);
 *   <li>{@code -Dtablemapper.history.shrink=false}: report the first failing history as it is;
 *   <li>{@code -Dtablemapper.history.keepGoing=true}: run every history of the time or count after a failure too,
 *       and say how many failed (a soak's failure rate); {@code -Dtablemapper.history.verbose=true}: a line per
 *       history, with its time;
 *   <li>{@code -Dtablemapper.history.invariant=held twice}: count a history as failed only if it broke an invariant
 *       whose name contains that text (to hunt one anomaly among others, with a seed and a shrink);
 *   <li>{@code -Dtablemapper.history.stores=H2,H2_FILE}: run on the stores named (by the start of their display
 *       name) only, the others skipped.
 * </ul>
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class HistoryCheckTest {
  static final int CI_SECONDS = 10;
  /** How long a shrink may take at most, beside the run that found the failure: in CI, and otherwise. */
  private static final long SHRINK_SECONDS_CI = 8;
  private static final long SHRINK_SECONDS = 120;

  /** What a write of a holder takes on memory or H2 at most, in milliseconds, for the whole {@link Shape#CI}. */
  private static final double FAST_WRITE_MILLIS = 60;

  private final StoreUnderTest under;

  HistoryCheckTest(StoreUnderTest under) {
    this.under = under;
  }

  @Test
  void concurrentWritersAndCompletersUnderFaultsLeaveEveryIndexExactlyInStepWithItsEntities() {
    String where = KitStores.displayName(under);
    String stores = System.getProperty("tablemapper.history.stores");
    Assumptions.assumeTrue(stores == null || Arrays.stream(stores.split(","))
        .anyMatch(store -> !store.isBlank() && where.startsWith(store.trim() + " ")),
        () -> "-Dtablemapper.history.stores=" + stores + " leaves out " + where);
    String seedProperty = System.getProperty("tablemapper.history.seed");
    Shape shape = System.getProperty("tablemapper.history.shape") == null ? Shape.CI
        : Shape.parse(System.getProperty("tablemapper.history.shape"));
    Outcome failed = null;
    long[] indexRuns = {0, 0}; // that succeeded, in all
    int histories = 0;
    int failures = 0;
    long started = System.nanoTime();
    if (seedProperty != null) {
      long seed = Long.parseLong(seedProperty.trim());
      int repeat = Integer.getInteger("tablemapper.history.repeat", 5);
      for (int i = 0; i < repeat && failed == null; i++) {
        Outcome outcome = HistoryRun.run(under, seed, shape);
        histories++;
        failed = fails(outcome) ? outcome : null;
        failures += fails(outcome) ? 1 : 0;
      }
    } else {
      String soak = System.getProperty("tablemapper.soak");
      long seconds = CI_SECONDS;
      long count = 1;
      boolean ci = soak == null || soak.isBlank();
      if (!ci) {
        soak = soak.trim();
        if (soak.endsWith("s")) {
          seconds = Long.parseLong(soak.substring(0, soak.length() - 1));
          count = 1;
        } else {
          seconds = 0;
          count = Long.parseLong(soak);
        }
      }
      if (ci && System.getProperty("tablemapper.history.shape") == null) {
        double millisPerWrite = HistoryRun.millisPerWrite(under);
        shape = ciShape(millisPerWrite);
        System.out.printf("history checker on %s: %.1f ms per write%n", where, millisPerWrite);
      }
      long seed = Long.getLong("tablemapper.history.from", System.nanoTime() & 0xFFFF_FFFFL);
      long deadline = started + TimeUnit.SECONDS.toNanos(seconds);
      long longest = 0;
      boolean keepGoing = Boolean.getBoolean("tablemapper.history.keepGoing");
      // in CI a history starts only if one as long as the longest so far still ends within the time
      while ((failed == null || keepGoing) && (histories < count
          || System.nanoTime() + (ci ? TimeUnit.MILLISECONDS.toNanos(longest) : 0) < deadline)) {
        Outcome outcome = HistoryRun.run(under, seed + histories, shape);
        if (Boolean.getBoolean("tablemapper.history.verbose")) {
          System.out.printf("  seed %d: %d ms (%s), %s%n", outcome.seed(), outcome.millis(), outcome.timing(),
              outcome.failed() ? outcome.violations().size() + " violations " + outcome.violations().stream()
                  .map(Violation::invariant).distinct().sorted().toList() : "passed");
        }
        histories++;
        indexRuns[0] += outcome.indexRuns(false);
        indexRuns[1] += outcome.indexRuns(true);
        longest = Math.max(longest, outcome.millis());
        if (fails(outcome)) {
          failures++;
          failed = failed == null ? outcome : failed;
        }
      }
    }
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
    System.out.printf("history checker on %s: %d histories of %s in %d ms%s%s%n", where, histories, shape, millis,
        indexRuns[1] == 0 ? "" : ", " + indexRuns[0] + " of " + indexRuns[1] + " index runs succeeded",
        failed == null ? ", all passed" : ", " + failures + " failed, the first seed " + failed.seed());
    if (failed == null) {
      return;
    }
    Outcome found = failed;
    Outcome smallest = Boolean.parseBoolean(System.getProperty("tablemapper.history.shrink", "true"))
        ? shrink(failed, seedProperty == null && System.getProperty("tablemapper.soak") == null
            ? SHRINK_SECONDS_CI : SHRINK_SECONDS) : failed;
    fail(report(where, found, smallest));
  }

  /**
   * Whether a history counts as failed: it broke an invariant, one whose name contains
   * {@code -Dtablemapper.history.invariant} if that is given (to hunt one anomaly among others).
   */
  private static boolean fails(Outcome outcome) {
    String wanted = System.getProperty("tablemapper.history.invariant");
    return outcome.failed() && (wanted == null || outcome.violations().stream()
        .anyMatch(violation -> violation.invariant().contains(wanted)));
  }

  /**
   * The CI shape for a store whose writes take {@code millisPerWrite}: {@link Shape#CI} where they are fast; on a
   * slower store (Azurite) fewer operations per writer, in proportion to a write's time (at least 5), so that a history
   * takes some 10 s there.
   */
  static Shape ciShape(double millisPerWrite) {
    if (millisPerWrite <= FAST_WRITE_MILLIS) {
      return Shape.CI;
    }
    int operations = (int) Math.max(5, Math.round(Shape.CI.operations() * 30 / millisPerWrite));
    return Shape.parse(Shape.CI + ",operations=" + operations);
  }

  /**
   * The smallest failing history found from {@code failed}: each smaller shape of the same seed is run up to three
   * times, and the first that fails becomes the new smallest, until none does or the time is up.
   */
  private Outcome shrink(Outcome failed, long seconds) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    Outcome smallest = failed;
    boolean smaller = true;
    while (smaller && System.nanoTime() < deadline) {
      smaller = false;
      for (Shape shape : smallest.shape().smaller()) {
        for (int attempt = 0; attempt < 3 && !smaller && System.nanoTime() < deadline; attempt++) {
          Outcome outcome = HistoryRun.run(under, smallest.seed(), shape);
          if (fails(outcome)) {
            smallest = outcome;
            smaller = true;
          }
        }
        if (smaller || System.nanoTime() >= deadline) {
          break;
        }
      }
    }
    return smallest;
  }

  static String report(String where, Outcome found, Outcome smallest) {
    StringBuilder text = new StringBuilder();
    text.append("history checker on ").append(where).append(": seed ").append(found.seed())
        .append(" broke ").append(found.violations().size()).append(" invariants in shape ").append(found.shape())
        .append(" (").append(found.history().operations()).append(" operations, ").append(found.millis())
        .append(" ms)\n");
    text.append("smallest failing history: seed ").append(smallest.seed()).append(", shape ")
        .append(smallest.shape()).append(", ").append(smallest.history().operations()).append(" operations\n");
    text.append("reproduce: -Dtablemapper.history.seed=").append(smallest.seed())
        .append(" -Dtablemapper.history.shape=").append(smallest.shape()).append('\n');
    text.append("violated:\n");
    for (Violation violation : smallest.violations()) {
      text.append("  ").append(violation).append('\n');
    }
    text.append("history (").append(smallest.entities().isEmpty() ? "whole" : "of " + smallest.entities())
        .append("):\n");
    text.append(smallest.history().describe(smallest.entities(), 80));
    return text.toString();
  }
}
