package io.tablemapper.runtime;

import io.tablemapper.api.TableRepository;
import io.tablemapper.backend.azure.Faults;
import java.util.Random;

/**
 * One step of a seeded write sequence under injected faults on Azurite: the insert, update or delete of an entity,
 * every seventh step under a storm of 503s or of lost 500 answers, with what it threw. The random draws are the
 * caller's sequence's, so a seed replays the same steps.
 *
 * @param what the step in words, for assertion messages
 * @param failure what the write threw, or null
 * @param unavailable whether the step ran in a storm of 503s, which may rightly fail it
 */
record FaultedStep(String what, RuntimeException failure, boolean unavailable) {

  /**
   * Runs step {@code step}: deletes {@code stored} if {@code delete}, else inserts {@code next} where nothing is
   * stored and updates it otherwise; the faults are calmed afterwards whatever happened.
   */
  static <T> FaultedStep run(Faults faults, Random random, long seed, int step, TableRepository<T> repository,
      T stored, T next, boolean delete) {
    boolean storm = step % 7 == 6;
    Faults.Fault stormFault = random.nextBoolean() ? Faults.Fault.BUSY_503 : Faults.Fault.LOST_ANSWER_500;
    String what = "seed " + seed + ", step " + step + ": " + (delete ? "delete " + stored
        : stored == null ? "insert " + next : "update " + next) + (storm ? " in a storm of " + stormFault : "");
    if (storm) {
      faults.storm(stormFault);
    }
    RuntimeException failure = null;
    try {
      if (delete) {
        repository.delete(stored);
      } else if (stored == null) {
        repository.insert(next);
      } else {
        repository.update(next);
      }
    } catch (RuntimeException e) {
      failure = e;
    } finally {
      faults.calm();
    }
    return new FaultedStep(what, failure, storm && stormFault == Faults.Fault.BUSY_503);
  }
}
