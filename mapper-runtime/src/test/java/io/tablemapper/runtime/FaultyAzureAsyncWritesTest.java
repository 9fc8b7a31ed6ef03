package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.tablemapper.api.AsyncTableRepository;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableRepository;
import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.backend.azure.Faults;
import io.tablemapper.runtime.fixtures.Desk;
import io.tablemapper.runtime.fixtures.DeskAsyncRepository;
import io.tablemapper.runtime.fixtures.DeskRepository;
import io.tablemapper.tck.support.Stores;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Async repository writes of desks — each an entity group transaction of the desk and the key list of its floor in
 * its partition, sent with the SDK's async client — on Azurite through a pipeline that injects seeded faults into
 * every attempt ({@link FaultedStep}: busy answers, timeouts, lost answers, storms): each write reports what happened,
 * as the cause of the {@code CompletionException}, and after each one the store, read through a clean mapper, holds
 * exactly the oracle, every floor's list in step with its desks.
 */
class FaultyAzureAsyncWritesTest {
  private static final List<String> FLOORS = List.of("1", "2", "3");

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {41, 42})
  void asyncWritesUnderFaultsReportWhatHappenedAndKeepTheKeyListsInStep(long seed) {
    String connectionString = Stores.emptyAzuriteAccount();
    Faults faults = new Faults(seed, 0.35, 3);
    AzureTablesBackend faultyStore = faults.backend(connectionString);
    AzureTablesBackend cleanStore = AzureTablesBackend.fromConnectionString(connectionString);
    cleanStore.createTableIfNotExists("Desks");
    try (TableMapper faulty = TableMapper.builder().backend(faultyStore).build();
        TableMapper clean = TableMapper.builder().backend(cleanStore).build()) {
      TableRepository<Desk> desks = joined(faulty.repository(DeskAsyncRepository.class));
      DeskRepository check = clean.repository(DeskRepository.class);
      Random random = new Random(seed);
      Map<Integer, Desk> oracle = new TreeMap<>();
      int done = 0;
      for (int step = 0; step < 30; step++) {
        int id = 1 + random.nextInt(4);
        Desk next = new Desk("HQ", id, random.nextInt(4) == 0 ? null : FLOORS.get(random.nextInt(FLOORS.size())),
            "O" + step);
        Desk stored = oracle.get(id);
        boolean delete = stored != null && random.nextInt(4) == 0;
        FaultedStep faulted = FaultedStep.run(faults, random, seed, step, desks, stored, next, delete);
        String what = faulted.what();
        RuntimeException failure = faulted.failure();
        if (faulted.unavailable()) {
          assertThat(failure).as(what).isInstanceOf(TableMapperException.class);
        } else if (failure != null) {
          fail(what + " failed, though it must succeed", failure);
        } else {
          done++;
        }
        Desk now = check.findByOfficeAndDeskId("HQ", id).orElse(null);
        assertThat(now).as(what).isEqualTo(failure != null ? stored : delete ? null : next);
        if (now == null) {
          oracle.remove(id);
        } else {
          oracle.put(id, now);
        }
        for (String floor : FLOORS) {
          assertThat(check.findByOfficeAndFloor("HQ", floor)).as("floor " + floor + " after " + what)
              .containsExactlyElementsOf(oracle.values().stream().filter(desk -> floor.equals(desk.floor()))
                  .toList());
        }
      }
      assertThat(done).isGreaterThan(15);
      assertThat(faults.ambiguous()).as("ambiguous writes injected").isPositive();
    }
  }

  /** The async repository's writes, each joined; a failure thrown as the cause its future carries. */
  private static <T> TableRepository<T> joined(AsyncTableRepository<T> async) {
    return new TableRepository<>() {
      @Override
      public T insert(T entity) {
        return join(async.insert(entity));
      }

      @Override
      public T upsert(T entity) {
        return join(async.upsert(entity));
      }

      @Override
      public T update(T entity) {
        return join(async.update(entity));
      }

      @Override
      public T merge(T entity) {
        return join(async.merge(entity));
      }

      @Override
      public T upsertMerge(T entity) {
        return join(async.upsertMerge(entity));
      }

      @Override
      public T merge(T entity, String... properties) {
        return join(async.merge(entity, properties));
      }

      @Override
      public T upsertMerge(T entity, String... properties) {
        return join(async.upsertMerge(entity, properties));
      }

      @Override
      public void delete(T entity) {
        join(async.delete(entity));
      }
    };
  }

  /** The future's value; its failure, which must be a {@code TableMapperException}, thrown. */
  private static <R> R join(CompletableFuture<R> future) {
    return OneThreadAsync.join(future, TableMapperException.class);
  }
}
