package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.backend.azure.Faults;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.fixtures.Clerk;
import io.tablemapper.tck.fixtures.ClerkRepository;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import io.tablemapper.runtime.rows.IndexLists;
import io.tablemapper.runtime.rows.PendingRows;

/**
 * Key lists under injected faults on Azurite: inserts, renames and deletes of {@link Clerk}s through a pipeline that
 * faults every attempt by seed — busy answers, timeouts, writes applied whose answer is lost (so the SDK's retry of
 * a list's insert, replace or delete meets its own earlier write), storms. Each write reports what happened, and
 * once the work is complete every list holds exactly the clerks that have its value, each once.
 */
class FaultyAzureIndexListTest {
  private static final List<String> NAMES = List.of("Jones", "Smith", "Lee");

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {31})
  void keyListWritesThroughFaultsLeaveEachListWithExactlyTheClerksOfItsValue(long seed) {
    String connectionString = Stores.emptyAzuriteAccount();
    Faults faults = new Faults(seed, 0.3, 3);
    AzureTablesBackend faultyStore = faults.backend(connectionString);
    AzureTablesBackend cleanStore = AzureTablesBackend.fromConnectionString(connectionString);
    try (TableMapper faulty = ManualCompletion.retiringAtOnce(faultyStore).build();
        TableMapper clean = ManualCompletion.retiringAtOnce(cleanStore).build()) {
      ClerkRepository clerks = faulty.repository(ClerkRepository.class);
      ClerkRepository check = clean.repository(ClerkRepository.class);
      Random random = new Random(seed);
      Map<String, Clerk> oracle = new TreeMap<>();
      int done = 0;
      for (int step = 0; step < 30; step++) {
        Clerk next = new Clerk(random.nextBoolean() ? "Sales" : "Support", 1 + random.nextInt(4), "F" + step,
            NAMES.get(random.nextInt(NAMES.size())), random.nextBoolean() ? "audit" : null, "blue");
        String key = IndexLists.entry(next.department(), String.format("clerk_%08d", next.clerkId()));
        Clerk stored = oracle.get(key);
        boolean delete = stored != null && random.nextInt(4) == 0;
        FaultedStep faulted = FaultedStep.run(faults, random, seed, step, clerks, stored, next, delete);
        String what = faulted.what();
        RuntimeException failure = faulted.failure();
        clean.completePending();
        if (faulted.unavailable()) {
          assertThat(failure).as(what).isInstanceOf(TableMapperException.class);
        } else if (failure != null) {
          fail(what + " failed, though it must succeed", failure);
        } else {
          done++;
        }
        Clerk now = check.findByDepartmentAndClerkId(next.department(), next.clerkId()).orElse(null);
        assertThat(now).as(what).isEqualTo(failure != null ? stored : delete ? null : next);
        if (now == null) {
          oracle.remove(key);
        } else {
          oracle.put(key, now);
        }
        for (String name : NAMES) {
          List<String> expected = new ArrayList<>();
          oracle.forEach((entry, clerk) -> {
            if (clerk.lastName().equals(name)) {
              expected.add(entry);
            }
          });
          List<String> listed = cleanStore.get("ClerkIDs", name, "ids").map(IndexLists::entries).orElse(List.of());
          assertThat(listed).as(what + ": the list of " + name).isEqualTo(expected);
        }
        List<String> audit = new ArrayList<>();
        oracle.forEach((entry, clerk) -> {
          if ("audit".equals(clerk.skill())) {
            audit.add(entry);
          }
        });
        assertThat(cleanStore.get("Clerks", "skill_audit", "clerks").map(IndexLists::entries).orElse(List.of()))
            .as(what + ": the list of skill audit").isEqualTo(audit);
        assertThat(RawRows.all(cleanStore, PendingRows.REGISTRY_TABLE)).as(what + ": work left")
            .extracting(TableRow::rowKey).isEmpty();
      }
      assertThat(faults.ambiguous()).as("ambiguous writes injected").isPositive();
      assertThat(done).isGreaterThan(15);
    }
  }
}
