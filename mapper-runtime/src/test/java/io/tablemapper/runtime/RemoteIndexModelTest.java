package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.fixtures.Staffer;
import io.tablemapper.tck.fixtures.StafferRepository;
import io.tablemapper.tck.support.StafferCopies;
import io.tablemapper.tck.support.Stores;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import io.tablemapper.runtime.rows.PendingRows;

/**
 * Random writes of {@link Staffer}s — inserts, updates and upserts of indexed values drawn from small pools (so that
 * unique emails collide), deletes — some by a process that dies at a random write, each round completed by one of
 * two mappers or both at once, checked against an oracle: the staffers stored, and for each remote index exactly the
 * copies of their current values, pointing to them, and no other row. {@code -Dtablemapper.pending.seed=<seed>}
 * replays a run.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class RemoteIndexModelTest {
  private static final long SEED = Long.getLong("tablemapper.pending.seed", System.nanoTime());
  private static final int ROUNDS = Integer.getInteger("tablemapper.pending.rounds", 25);
  private static final List<String> DEPARTMENTS = List.of("Sales", "Support");
  private static final List<String> NAMES = List.of("Kwok", "Bell", "Lee");

  private final TableBackend store;
  private final TableMapper first;
  private final TableMapper second;
  private final StafferRepository staff;
  /** The oracle: "department/id" to the staffer stored there. */
  private final Map<String, Staffer> oracle = new TreeMap<>();

  RemoteIndexModelTest(Stores stores) {
    this.store = stores.newStore();
    this.first = builder(store).build();
    this.second = builder(DyingBackend.unclosed(store)).build();
    this.staff = first.repository(StafferRepository.class);
  }

  private static TableMapper.Builder builder(TableBackend backend) {
    return ManualCompletion.retiringAtOnce(backend);
  }

  @AfterEach
  void close() {
    second.close();
    first.close();
  }

  private static String key(Staffer staffer) {
    return StafferCopies.key(staffer);
  }

  @Test
  void randomWritesKilledAtRandomPointsLeaveExactlyTheCopiesOfTheStoredStaffers() throws Exception {
    Random random = new Random(SEED);
    String replay = "seed " + SEED + " (replay with -Dtablemapper.pending.seed=" + SEED + ")";
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      for (int round = 1; round <= ROUNDS; round++) {
        String where = "round " + round + ", " + replay;
        Staffer next = new Staffer(DEPARTMENTS.get(random.nextInt(2)), 1 + random.nextInt(4),
            "F" + random.nextInt(3), NAMES.get(random.nextInt(NAMES.size())), "e" + random.nextInt(4) + "@c.com",
            random.nextInt(3) == 0 ? null : random.nextInt(3));
        Staffer stored = oracle.get(key(next));
        boolean delete = stored != null && random.nextInt(4) == 0;
        boolean taken = !delete && oracle.values().stream()
            .anyMatch(other -> !key(other).equals(key(next)) && other.email().equals(next.email()));
        int deathAt = random.nextInt(3) == 0 ? random.nextInt(8) : Integer.MAX_VALUE;
        DyingBackend process = new DyingBackend(store, deathAt);
        StafferRepository writer = builder(process).build().repository(StafferRepository.class);
        Runnable write = delete ? () -> writer.delete(stored)
            : stored == null ? () -> writer.insert(next)
            : random.nextBoolean() ? () -> writer.update(next) : () -> writer.upsert(next);
        if (taken && deathAt == Integer.MAX_VALUE) {
          assertThatThrownBy(write::run).as(where).isInstanceOf(EntityExistsException.class);
        } else {
          try {
            write.run();
          } catch (DyingBackend.Died | EntityExistsException refused) {
            // died on the way, or refused as the oracle expects
            assertThat(refused instanceof EntityExistsException ? taken : true).as("%s: %s", where, refused)
                .isTrue();
          }
        }
        complete(random, threads);
        // the entity row is the truth of whether a write that died happened; the oracle follows it
        Staffer now = staff.findByDepartmentAndEmployeeId(next.department(), next.employeeId()).orElse(null);
        Staffer expected = process.dead() ? now : delete ? null : taken ? stored : next;
        assertThat(now).as(where).isEqualTo(expected);
        assertThat(now).as("%s: a stored staffer is the one before or the one written", where)
            .isIn(stored, next, null);
        if (now == null) {
          oracle.remove(key(next));
        } else {
          oracle.put(key(next), now);
        }
        check(where);
      }
    } finally {
      threads.shutdown();
    }
    System.out.println("RemoteIndexModelTest: " + ROUNDS + " rounds, " + replay);
  }

  private void complete(Random random, ExecutorService threads) throws Exception {
    switch (random.nextInt(3)) {
      case 0:
        first.completePending();
        break;
      case 1:
        second.completePending();
        break;
      default:
        List<Callable<Long>> both = List.of(first::completePending, second::completePending);
        for (Future<Long> each : threads.invokeAll(both)) {
          each.get();
        }
        break;
    }
  }

  /** Every remote copy is the copy of a stored staffer's current value, and every such copy is there. */
  private void check(String where) {
    StafferCopies.assertInStep(store, PendingRows.REGISTRY_TABLE, oracle.values(), where);
  }
}
