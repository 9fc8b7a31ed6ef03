package io.tablemapper.runtime;

import static io.tablemapper.runtime.OneThreadAsync.join;
import static io.tablemapper.runtime.Waits.eventually;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.OperationEvent;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.runtime.fixtures.StafferAsyncRepository;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.fixtures.Staffer;
import io.tablemapper.tck.fixtures.StafferRepository;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import io.tablemapper.runtime.rows.PendingRows;

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
  @RegisterExtension final OneThreadAsync one = new OneThreadAsync();
  private final List<OperationEvent> events = new CopyOnWriteArrayList<>();

  AsyncPendingWriteTest(Stores stores) {
    this.stores = stores;
  }

  /** A mapper whose async operations have one thread, without a background completer. */
  private TableMapper mapper(TableBackend backend) {
    return one.mapper(ManualCompletion.builder(backend).operationListener(events::add));
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
        .map(row -> row.partitionKey() + "/" + row.rowKey() + " " + withoutWorkIds(row))
        .toList();
  }

  /**
   * The store seen through a proxy that logs each request the mapper sends, when it is sent and when it is answered,
   * with the threads that send and answer it (the async calls keep the store's own implementation).
   */
  private static TableBackend traced(TableBackend store, Queue<String> trace) {
    long start = System.nanoTime();
    return (TableBackend) Proxy.newProxyInstance(TableBackend.class.getClassLoader(),
        new Class<?>[] {TableBackend.class}, (proxy, method, args) -> {
          String call = method.getName() + (args == null ? "()" : Arrays.toString(args));
          String shortCall = call.length() > 160 ? call.substring(0, 160) + "..." : call;
          trace.add(String.format("%6d ms %s sends %s", (System.nanoTime() - start) / 1_000_000,
              Thread.currentThread().getName(), shortCall));
          Object result;
          try {
            result = method.invoke(store, args);
          } catch (InvocationTargetException e) {
            trace.add(String.format("%6d ms %s threw %s for %s", (System.nanoTime() - start) / 1_000_000,
                Thread.currentThread().getName(), e.getCause(), shortCall));
            throw e.getCause();
          }
          if (result instanceof CompletableFuture<?> future) {
            future.whenComplete((value, failure) -> trace.add(String.format("%6d ms %s answers %s %s",
                (System.nanoTime() - start) / 1_000_000, Thread.currentThread().getName(),
                failure == null ? "ok" : failure.toString(), shortCall)));
          }
          return result;
        });
  }

  /**
   * What a wait for the async writes found at its timeout: each write's future and rows (entity, claim), the
   * registry, the operations that failed, the requests sent and answered, and every thread's stack.
   */
  private String stateOf(TableBackend store, List<CompletableFuture<Staffer>> writes, CompletableFuture<Staffer> taken,
      Queue<String> trace) {
    StringBuilder state = new StringBuilder("--- writes at the timeout\n");
    for (int i = 1; i <= writes.size(); i++) {
      state.append(i).append(": ").append(writes.get(i - 1))
          .append(", entity ").append(store.get("Staff", "D" + i % 4, String.format("empid_%08d", i)).isPresent())
          .append(", claim ").append(store.get("Staff", "email_e" + i + "@contoso.com", "employee")
              .map(row -> String.valueOf(row.properties())).orElse("none"))
          .append('\n');
    }
    state.append("taken: ").append(taken).append(", entity ")
        .append(store.get("Staff", "Other", "empid_00000099").isPresent()).append('\n');
    state.append("--- registry: ").append(RawRows.all(store, PendingRows.REGISTRY_TABLE).size()).append(" entries\n");
    state.append("--- failed operations\n");
    events.stream().filter(event -> !event.succeeded()).forEach(event -> state.append(event).append('\n'));
    state.append("--- requests\n");
    trace.forEach(line -> state.append(line).append('\n'));
    state.append("--- threads\n");
    Thread.getAllStackTraces().forEach((thread, stack) -> {
      state.append('"').append(thread.getName()).append("\" ").append(thread.getState()).append('\n');
      for (StackTraceElement frame : stack) {
        state.append("    at ").append(frame).append('\n');
      }
    });
    return state.toString();
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
  void twoAsyncWritesRacingForOneUniqueValueStoreOneEntityAndRefuseTheOtherLeavingNothingOfIt() {
    TableBackend store = stores.newStore();
    TableMapper mapper = mapper(store);
    StafferAsyncRepository staff = mapper.repository(StafferAsyncRepository.class);
    for (int round = 1; round <= 6; round++) {
      String email = "race" + round + "@contoso.com";
      List<Staffer> racing = List.of(new Staffer("A" + round, round, "Al", "Lane", email, 1),
          new Staffer("B" + round, round, "Bo", "Kwok", email, 2));
      // both under way at once: which claim reaches the store first is the store's to decide
      List<CompletableFuture<Staffer>> inserts = racing.stream().map(staff::insert).toList();
      List<String> ends = inserts.stream().map(insert -> outcome(() -> join(insert))).toList();

      assertThat(ends).as("round %d", round).filteredOn(end -> end.startsWith("stored ")).hasSize(1);
      int won = ends.get(0).startsWith("stored ") ? 0 : 1;
      Staffer winner = racing.get(won);
      Staffer loser = racing.get(1 - won);
      assertThat(ends.get(1 - won)).as("round %d", round).startsWith("EntityExistsException: cannot insert Staffer"
          + " (PartitionKey '" + loser.department() + "'").contains("value (PartitionKey 'email_" + email
          + "', RowKey 'employee') in table Staff is already taken by");
      assertThat(store.get("Staff", "email_" + email, "employee")).as("the claim is the winner's")
          .hasValueSatisfying(claim -> assertThat(claim.get("TmPrimaryPartitionKey")).isEqualTo(winner.department()));
      for (String table : TABLES) {
        assertThat(rows(store, table)).as("nothing of the refused write in %s", table)
            .noneSatisfy(row -> assertThat(row).startsWith(loser.department() + "/"))
            .noneSatisfy(row -> assertThat(row).contains("TmPrimaryPartitionKey=" + loser.department() + ","));
      }
      assertThat(store.get("StaffByLastName", winner.lastName(), winner.department() + "_" + String.format("%08d",
          round))).as("the winner's copy").isPresent();
    }
    assertThat(rows(store, PendingRows.REGISTRY_TABLE)).as("no work left").isEmpty();
  }

  @Test
  void onAzureTheRegistryEntryClaimsAndTransactionGoWhileTheMappersOnlyThreadIsTaken() throws Exception {
    TableBackend store = stores.newStore();
    Queue<String> trace = new ConcurrentLinkedQueue<>();
    TableMapper mapper = mapper(traced(store, trace));
    StafferAsyncRepository staff = mapper.repository(StafferAsyncRepository.class);
    // The seed creates the tables of the entity, its copies and the registry (their creation on the async path is
    // AsyncTableCreationTest's and AsyncRecordedWorkTest's); once they are known, no step below needs the executor.
    staff.insert(new Staffer("Seed", 0, "Seed", "Seed", "seed@contoso.com", 1)).join();
    events.clear();
    CountDownLatch release = new CountDownLatch(1);
    one.take(release); // the mapper's only async thread is taken

    List<CompletableFuture<Staffer>> writes = new ArrayList<>();
    for (int i = 1; i <= 20; i++) {
      writes.add(staff.insert(new Staffer("D" + i % 4, i, "F" + i, "Lane", "e" + i + "@contoso.com", i)));
    }
    // The value refused is the seed's, stored before: a value of one of the twenty writes under way would go to
    // whichever of the two claims reaches the store first, and when this write's did, the other was refused instead
    // (so it was in one CI run: "20 entities stored" was never met). Two writes racing for one value are
    // twoAsyncWritesRacingForOneUniqueValue... below.
    CompletableFuture<Staffer> taken =
        staff.insert(new Staffer("Other", 99, "Dup", "Lane", "seed@contoso.com", 1)); // the seed's email
    if (stores == Stores.AZURE) {
      // the SDK's async client: each entry, claim, transaction and reconciliation is sent and answered with no
      // thread of the mapper free
      assertThat(eventually(() -> {
        for (int i = 1; i <= 20; i++) {
          if (store.get("Staff", "D" + i % 4, String.format("empid_%08d", i)).isEmpty()) {
            return false;
          }
        }
        return true;
      })).as(() -> "20 entities stored with the executor taken\n" + stateOf(store, writes, taken, trace)).isTrue();
      assertThat(store.get("Staff", "email_e7@contoso.com", "employee")).as("claimed").isPresent();
      assertThat(eventually(() -> events.stream().anyMatch(event -> event.failure() instanceof EntityExistsException)))
          .as(() -> "the taken value refused, its entry deleted, with the executor taken\n"
              + stateOf(store, writes, taken, trace)).isTrue();
      // the work recorded with each transaction is sent through the async path too (AsyncRecordedWorkTest); only
      // the results are handed over on the executor
      assertThat(eventually(() -> RawRows.all(store, PendingRows.REGISTRY_TABLE).isEmpty()))
          .as(() -> "the work after each transaction done, with the executor taken\n"
              + stateOf(store, writes, taken, trace)).isTrue();
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

  /** A row's properties in name order, the random work ids of its claims shown as {@code <ids>}. */
  private static TreeMap<String, Object> withoutWorkIds(TableRow row) {
    TreeMap<String, Object> properties = new TreeMap<>(row.properties());
    properties.computeIfPresent(EntityMapping.WORK_IDS_PROPERTY, (name, ids) -> "<ids>");
    return properties;
  }
}
