package io.tablemapper.runtime;

import static io.tablemapper.runtime.Waits.await;
import static io.tablemapper.runtime.Waits.eventually;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.OperationEvent;
import io.tablemapper.api.TableMapper;
import io.tablemapper.runtime.fixtures.StafferAsyncRepository;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.fixtures.Staffer;
import io.tablemapper.tck.fixtures.StafferRepository;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Async writes that leave pending work — a {@link Staffer}'s remote indexes: a unique email in other partitions of
 * its table, copies in two other tables — on every backend: the registry entry, the claims, the transaction and the
 * cleanup after a refusal are the blocking write's steps sent through the async path, with the same results,
 * exceptions and stored rows (the registry empty after), and on Azure they hold no thread while under way.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class AsyncPendingWriteTest {
  private static final List<String> TABLES = List.of("Staff", "StaffByLastName", "StaffByGrade");

  private final Stores stores;
  private final ExecutorService one = Executors.newSingleThreadExecutor();
  private final List<OperationEvent> events = new CopyOnWriteArrayList<>();
  private final List<TableMapper> mappers = new ArrayList<>();

  AsyncPendingWriteTest(Stores stores) {
    this.stores = stores;
  }

  @AfterEach
  void close() {
    one.shutdownNow();
    mappers.forEach(TableMapper::close);
  }

  /** A mapper whose async operations have one thread, without a background completer. */
  private TableMapper mapper(TableBackend backend) {
    TableMapper mapper = ManualCompletion.builder(backend).asyncExecutor(one).operationListener(events::add).build();
    mappers.add(mapper);
    return mapper;
  }

  /** The future's value; its failure, which must come as the cause of a {@code CompletionException}, thrown. */
  private static <R> R join(CompletableFuture<R> future) {
    try {
      return future.join();
    } catch (CompletionException e) {
      assertThat(e.getCause()).isInstanceOf(RuntimeException.class);
      throw (RuntimeException) e.getCause();
    }
  }

  /** What a write came to: its result, or its exception's class and message (a batch's with its reason). */
  private static String outcome(Supplier<?> write) {
    try {
      return "stored " + write.get();
    } catch (BatchException e) {
      return "BatchException " + e.reason() + " at " + e.failedIndex() + ": " + e.getMessage();
    } catch (RuntimeException e) {
      return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }

  /** Writes of staffers on one path: each taken value, missing or existing entity, and batches. */
  private static List<String> script(TableMapper mapper, boolean async) {
    StafferRepository sync = mapper.repository(StafferRepository.class);
    StafferAsyncRepository later = mapper.repository(StafferAsyncRepository.class);
    Staffer ken = new Staffer("Sales", 123, "Ken", "Kwok", "kenk@contoso.com", 7);
    Staffer ann = new Staffer("Sales", 124, "Ann", "Lane", "ann@contoso.com", 5);
    List<String> outcomes = new ArrayList<>();
    outcomes.add(outcome(() -> async ? join(later.insert(ken)) : sync.insert(ken)));
    outcomes.add(outcome(() -> async ? join(later.insert(ann)) : sync.insert(ann)));
    Staffer taken = new Staffer("Marketing", 9, "Cy", "Moe", "kenk@contoso.com", 1);
    outcomes.add(outcome(() -> async ? join(later.insert(taken)) : sync.insert(taken)));
    Staffer again = new Staffer("Sales", 123, "Ken", "Kwok", "new@contoso.com", 7); // claims, then refused
    outcomes.add(outcome(() -> async ? join(later.insert(again)) : sync.insert(again)));
    Staffer moved = new Staffer("Sales", 123, "Ken", "Lee", "ken2@contoso.com", null);
    outcomes.add(outcome(() -> async ? join(later.update(moved)) : sync.update(moved)));
    Staffer missing = new Staffer("Sales", 999, "No", "One", "no@contoso.com", 1);
    outcomes.add(outcome(() -> async ? join(later.update(missing)) : sync.update(missing)));
    Staffer cy = new Staffer("Marketing", 9, "Cy", "Moe", "cy@contoso.com", 1);
    outcomes.add(outcome(() -> async ? join(later.upsert(cy)) : sync.upsert(cy)));
    Staffer graded = new Staffer("Sales", 124, "Ann", "Lane", "ann@contoso.com", 6);
    outcomes.add(outcome(() -> async ? join(later.merge(graded)) : sync.merge(graded)));
    Staffer grabbing = new Staffer("Sales", 124, "Ann", "Lane", "ken2@contoso.com", 6);
    outcomes.add(outcome(() -> async ? join(later.merge(grabbing)) : sync.merge(grabbing)));
    outcomes.add(outcome(() -> {
      if (async) {
        join(later.delete(graded));
      } else {
        sync.delete(graded);
      }
      return "deleted";
    }));
    Supplier<List<Object>> committed = () -> {
      var batch = mapper.batch("Staff", "Sales")
          .insert(new Staffer("Sales", 200, "Di", "Lane", "di@contoso.com", 2))
          .update(new Staffer("Sales", 123, "Ken", "Lee", "ken2@contoso.com", 3));
      return async ? join(batch.commitAsync()) : batch.commit();
    };
    outcomes.add(outcome(committed));
    Supplier<List<Object>> refused = () -> {
      var batch = mapper.batch("Staff", "Sales")
          .insert(new Staffer("Sales", 201, "Ed", "Kwok", "ed@contoso.com", 2))
          .insert(new Staffer("Sales", 202, "Fa", "Kwok", "di@contoso.com", 2)); // di's email is taken
      return async ? join(batch.commitAsync()) : batch.commit();
    };
    outcomes.add(outcome(refused));
    return outcomes;
  }

  /** Every row of a table, without what each store makes its own (ETags, Timestamps). */
  private static List<String> rows(TableBackend store, String table) {
    return RawRows.all(store, table).stream()
        .map(row -> row.partitionKey() + "/" + row.rowKey() + " " + new TreeMap<>(row.properties()))
        .toList();
  }

  @Test
  void asyncWritesWithRemoteIndexesStoreWhatTheBlockingOnesStoreAndEndAsTheyEnd() {
    TableBackend left = stores.newStore();
    TableBackend right = stores.newStore();

    List<String> blocking = script(mapper(left), false);
    List<String> async = script(mapper(right), true);

    assertThat(async).isEqualTo(blocking);
    assertThat(blocking).as("the script meets every kind of end")
        .anySatisfy(outcome -> assertThat(outcome).startsWith("EntityExistsException: ")
            .contains("index 'email' value (PartitionKey 'email_kenk@contoso.com', RowKey 'employee') in table Staff is"
                + " already taken by the entity (PartitionKey 'Sales', RowKey 'empid_00000123')"))
        .anySatisfy(outcome -> assertThat(outcome).startsWith("EntityExistsException: ")
            .doesNotContain("already taken"))
        .anySatisfy(outcome -> assertThat(outcome).startsWith("EntityNotFoundException: "))
        .anySatisfy(outcome -> assertThat(outcome).startsWith("BatchException REJECTED at 1: "))
        .anySatisfy(outcome -> assertThat(outcome).startsWith("stored [Staffer[department=Sales, employeeId=200"));
    for (String table : TABLES) {
      assertThat(rows(right, table)).as(table).isEqualTo(rows(left, table)).isNotEmpty();
    }
    assertThat(rows(left, "Staff"))
        .anySatisfy(row -> assertThat(row).startsWith("email_ken2@contoso.com/employee "))
        .anySatisfy(row -> assertThat(row).startsWith("email_cy@contoso.com/employee "))
        .noneSatisfy(row -> assertThat(row).startsWith("email_new@contoso.com/")) // released after the refusal
        .noneSatisfy(row -> assertThat(row).startsWith("email_ann@contoso.com/")) // ann deleted
        .noneSatisfy(row -> assertThat(row).startsWith("email_ed@contoso.com/")); // the refused batch's claim
    assertThat(rows(right, PendingRows.REGISTRY_TABLE)).as("no work left").isEmpty();
    assertThat(rows(left, PendingRows.REGISTRY_TABLE)).isEmpty();
  }

  @Test
  void aTakenRemoteUniqueValueFailsTheFutureWithEntityExistsExceptionAndWritesNothing() {
    TableBackend store = stores.newStore();
    TableMapper mapper = mapper(store);
    StafferAsyncRepository staff = mapper.repository(StafferAsyncRepository.class);
    staff.insert(new Staffer("Sales", 1, "Ken", "Kwok", "kenk@contoso.com", 7)).join();
    List<String> before = new ArrayList<>();
    TABLES.forEach(table -> before.addAll(rows(store, table)));

    assertThatThrownBy(() -> staff.insert(new Staffer("Marketing", 2, "Kim", "Kwok", "kenk@contoso.com", 3)).join())
        .isInstanceOf(CompletionException.class)
        .cause().isInstanceOf(EntityExistsException.class)
        .hasMessageContaining("index 'email' value (PartitionKey 'email_kenk@contoso.com', RowKey 'employee') in table"
            + " Staff is already taken by the entity (PartitionKey 'Sales', RowKey 'empid_00000001')");

    List<String> after = new ArrayList<>();
    TABLES.forEach(table -> after.addAll(rows(store, table)));
    assertThat(after).as("no entity, no copy, no claim").isEqualTo(before);
    assertThat(rows(store, PendingRows.REGISTRY_TABLE)).as("its registry entry deleted").isEmpty();
  }

  @Test
  void onAzureTheRegistryEntryClaimsAndTransactionGoWhileTheMappersOnlyThreadIsTaken() throws Exception {
    TableBackend store = stores.newStore();
    TableMapper mapper = mapper(store);
    StafferAsyncRepository staff = mapper.repository(StafferAsyncRepository.class);
    staff.insert(new Staffer("Seed", 0, "Seed", "Seed", "seed@contoso.com", 1)).join(); // tables and registry exist
    events.clear();
    CountDownLatch release = new CountDownLatch(1);
    one.execute(() -> await(release)); // the mapper's only async thread is taken

    List<CompletableFuture<Staffer>> writes = new ArrayList<>();
    for (int i = 1; i <= 20; i++) {
      writes.add(staff.insert(new Staffer("D" + i % 4, i, "F" + i, "Lane", "e" + i + "@contoso.com", i)));
    }
    CompletableFuture<Staffer> taken =
        staff.insert(new Staffer("Other", 99, "Dup", "Lane", "e1@contoso.com", 1)); // e1's email is taken
    if (stores == Stores.AZURE) {
      // the SDK's async client: each entry, claim and transaction is sent and answered with no thread of the mapper
      // free; only the reconciliation after the transaction waits for the executor
      assertThat(eventually(() -> {
        for (int i = 1; i <= 20; i++) {
          if (store.get("Staff", "D" + i % 4, String.format("empid_%08d", i)).isEmpty()) {
            return false;
          }
        }
        return true;
      })).as("20 entities stored with the executor taken").isTrue();
      assertThat(store.get("Staff", "email_e7@contoso.com", "employee")).as("claimed").isPresent();
      assertThat(eventually(() -> events.stream().anyMatch(event -> event.failure() instanceof EntityExistsException)))
          .as("the taken value refused, its entry deleted, with the executor taken").isTrue();
      assertThat(RawRows.all(store, PendingRows.REGISTRY_TABLE)).as("the work recorded, waiting for the executor")
          .hasSize(20);
      assertThat(writes).noneMatch(CompletableFuture::isDone);
    }
    release.countDown();

    for (int i = 1; i <= 20; i++) {
      assertThat(writes.get(i - 1).get(60, TimeUnit.SECONDS).employeeId()).isEqualTo(i);
      assertThat(store.get("StaffByGrade", "D" + i % 4, String.format("grade_%03d_%08d", i, i))).isPresent();
      assertThat(store.get("StaffByLastName", "Lane", String.format("D%d_%08d", i % 4, i))).isPresent();
    }
    assertThatThrownBy(() -> taken.get(60, TimeUnit.SECONDS)).cause().isInstanceOf(EntityExistsException.class);
    assertThat(store.get("Staff", "Other", "empid_00000099")).isEmpty();
    assertThat(RawRows.all(store, PendingRows.REGISTRY_TABLE)).as("every piece of work done").isEmpty();
  }
}
