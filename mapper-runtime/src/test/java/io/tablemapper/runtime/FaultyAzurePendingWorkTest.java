package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.backend.azure.Faults;
import io.tablemapper.tck.fixtures.Staffer;
import io.tablemapper.tck.fixtures.StafferRepository;
import io.tablemapper.tck.support.StafferCopies;
import io.tablemapper.tck.support.Stores;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import io.tablemapper.runtime.rows.PendingRows;

/**
 * The pending-work protocol under injected faults on Azurite: writes of an entity with remote indexes (a registry
 * entry, claims of unique values across partitions, the entity's EGT with its work record, the reconciliation of
 * each index, the deletes of record and entry) through a pipeline that faults every attempt by seed — busy answers,
 * timeouts, ambiguous writes, storms. Each write must report what happened (a taken email refused, a write that
 * never reached the store failed), and once the work is complete every remote copy is in step with the stored
 * entities, no claim is left, and the registry is empty.
 */
class FaultyAzurePendingWorkTest {
  private static final List<String> EMAILS = List.of("a@c.com", "b@c.com", "c@c.com", "d@c.com");

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {21, 22})
  void remoteIndexWritesThroughFaultsLeaveExactlyTheCopiesOfTheStoredEntities(long seed) {
    String connectionString = Stores.emptyAzuriteAccount();
    Faults faults = new Faults(seed, 0.3, 3);
    AzureTablesBackend faultyStore = faults.backend(connectionString);
    AzureTablesBackend cleanStore = AzureTablesBackend.fromConnectionString(connectionString);
    try (TableMapper faulty = builder(faultyStore).build(); TableMapper clean = builder(cleanStore).build()) {
      StafferRepository staff = faulty.repository(StafferRepository.class);
      StafferRepository check = clean.repository(StafferRepository.class);
      Random random = new Random(seed);
      Map<String, Staffer> oracle = new TreeMap<>();
      int done = 0;
      int refused = 0;
      int unavailable = 0;
      for (int step = 0; step < 30; step++) {
        Staffer next = new Staffer(random.nextBoolean() ? "Sales" : "Support", 1 + random.nextInt(3),
            "F" + step, random.nextBoolean() ? "Kwok" : "Lee", EMAILS.get(random.nextInt(EMAILS.size())),
            random.nextInt(3) == 0 ? null : random.nextInt(3));
        String key = StafferCopies.key(next);
        Staffer stored = oracle.get(key);
        boolean delete = stored != null && random.nextInt(4) == 0;
        boolean taken = !delete && oracle.values().stream()
            .anyMatch(other -> !StafferCopies.key(other).equals(key) && other.email().equals(next.email()));
        FaultedStep faulted = FaultedStep.run(faults, random, seed, step, staff, stored, next, delete);
        String what = faulted.what();
        RuntimeException failure = faulted.failure();
        clean.completePending();
        if (faulted.unavailable()) {
          assertThat(failure).as(what).isInstanceOf(TableMapperException.class);
          unavailable++;
        } else if (taken) {
          assertThat(failure).as(what).isInstanceOf(EntityExistsException.class);
          refused++;
        } else if (failure != null) {
          fail(what + " failed, though it must succeed", failure);
        } else {
          done++;
        }
        Staffer now = check.findByDepartmentAndEmployeeId(next.department(), next.employeeId()).orElse(null);
        Staffer expected = failure != null ? stored : delete ? null : next;
        assertThat(now).as(what).isEqualTo(expected);
        if (now == null) {
          oracle.remove(key);
        } else {
          oracle.put(key, now);
        }
        StafferCopies.assertInStep(cleanStore, PendingRows.REGISTRY_TABLE, oracle.values(), what);
      }
      assertThat(faults.ambiguous()).as("ambiguous writes injected").isPositive();
      assertThat(done).isGreaterThan(10);
      assertThat(refused + unavailable).isPositive();
    }
  }

  private static TableMapper.Builder builder(AzureTablesBackend backend) {
    return ManualCompletion.retiringAtOnce(backend);
  }
}
