package io.tablemapper.runtime;

import static io.tablemapper.runtime.Waits.eventually;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.Batch;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.OperationEvent;
import io.tablemapper.api.OperationType;
import io.tablemapper.api.PartialDeleteException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.runtime.fixtures.EmployeeAsyncDeletes;
import io.tablemapper.runtime.fixtures.EmployeeDeletes;
import io.tablemapper.runtime.fixtures.ClerkAsyncRepository;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.fixtures.Clerk;
import io.tablemapper.tck.fixtures.ClerkRepository;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.support.InterceptingBackend;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Async deletes by query on every backend: the matches read with the store's async queries and deleted in the
 * same entity group transactions as on the blocking path (per partition, at most 100 operations, index copies with
 * their entities, partitions in parallel) — the same counts, stored rows and exceptions — and on Azure with no thread
 * of the mapper held while the requests are under way.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class AsyncDeleteByQueryTest {
  private final Stores stores;
  @RegisterExtension final OneThreadAsync one = new OneThreadAsync();
  private final List<OperationEvent> events = new CopyOnWriteArrayList<>();

  AsyncDeleteByQueryTest(Stores stores) {
    this.stores = stores;
  }

  /** A mapper whose async operations have one thread. */
  private TableMapper mapper(TableBackend backend, int readParallelism) {
    return one.mapper(TableMapper.builder().backend(backend).operationListener(events::add)
        .readParallelism(readParallelism));
  }

  private TableMapper mapper(TableBackend backend) {
    return mapper(backend, TableMapper.DEFAULT_READ_PARALLELISM);
  }

  /**
   * Twenty small departments of six and one, BIG, of 150 (three rows each: the entity, its email copy and its
   * lastName copy), stored in transactions.
   */
  private static void seed(TableMapper mapper) {
    for (int d = 0; d < 20; d++) {
      Batch batch = mapper.batch("Company", "D" + d);
      for (int i = 1; i <= 6; i++) {
        batch.insert(Employee.of("D" + d, i, "F" + i, i % 2 == 0 ? "Lane" : "Kwok", 20 + i * 5,
            "e" + d + "_" + i + "@contoso.com"));
      }
      batch.commit();
    }
    for (int from = 1; from <= 150; from += 30) {
      Batch batch = mapper.batch("Company", "BIG");
      for (int i = from; i < from + 30; i++) {
        batch.insert(Employee.of("BIG", i, "G" + i, i % 2 == 0 ? "Lane" : "Kwok", 20 + i % 20,
            "e" + i + "@big.com"));
      }
      batch.commit();
    }
  }

  /** Every row of a table, without what each store makes its own (ETags, Timestamps). */
  private static List<String> rows(TableBackend store) {
    return RawRows.all(store, "Company").stream()
        .map(row -> row.partitionKey() + "/" + row.rowKey() + " " + new TreeMap<>(row.properties()))
        .toList();
  }

  /** What a call gave, or the exception it ended with (an async one's cause). */
  private static String outcome(Supplier<Object> call) {
    try {
      return "returned " + call.get();
    } catch (CompletionException e) {
      return "async " + describe(e.getCause());
    } catch (RuntimeException e) {
      return "sync " + describe(e);
    }
  }

  /** The exception's class and message, without the ETag it names (each store makes its own). */
  private static String describe(Throwable failure) {
    String text = failure.getClass().getSimpleName() + ": "
        + failure.getMessage().replaceAll("its ETag '.*?' is stale", "its ETag (read) is stale");
    if (failure instanceof PartialDeleteException partial) {
      text += " [deleted " + partial.deleted() + ", not deleted " + partial.notDeleted() + ", cause "
          + partial.getCause().getClass().getSimpleName() + "]";
    }
    return text;
  }

  // ------------------------------------------------------------------ the same deletes on both paths

  @Test
  void asyncDeletesByQueryDeleteWhatTheBlockingOnesDeleteAndReturnTheSameCounts() {
    TableBackend left = stores.newStore();
    TableBackend right = stores.newStore();
    TableMapper blocking = mapper(left);
    TableMapper async = mapper(right);
    seed(blocking);
    seed(async);
    EmployeeDeletes sync = blocking.repository(EmployeeDeletes.class);
    EmployeeAsyncDeletes deletes = async.repository(EmployeeAsyncDeletes.class);

    List<Long> blockingCounts = new ArrayList<>();
    blockingCounts.add(sync.deleteByAgeLessThan(30)); // every partition; 79 entities, 237 rows of BIG
    blockingCounts.add(sync.deleteByDepartmentAndEmailStartsWith("BIG", "e1")); // through the full copies
    blockingCounts.add(sync.deleteByDepartmentAndLastName("D3", "Lane")); // through the partial copies
    sync.deleteByDepartment("D4");
    blockingCounts.add(sync.deleteByAgeLessThan(0));
    List<String> blockingRows = rows(left);
    blockingCounts.add(sync.deleteByAgeLessThan(100)); // what is left, everywhere

    List<Long> asyncCounts = new ArrayList<>();
    asyncCounts.add(deletes.deleteByAgeLessThan(30).join());
    asyncCounts.add(deletes.deleteByDepartmentAndEmailStartsWith("BIG", "e1").join());
    asyncCounts.add(deletes.deleteByDepartmentAndLastName("D3", "Lane").join());
    assertThat(deletes.deleteByDepartment("D4").join()).isNull();
    List<String> afterDepartment = rows(right);
    asyncCounts.add(deletes.deleteByAgeLessThan(0).join());

    assertThat(asyncCounts.subList(0, 4)).isEqualTo(blockingCounts.subList(0, 4));
    assertThat(blockingCounts.get(0)).isEqualTo(99);
    assertThat(blockingCounts.get(1)).as("e1, e10..e19, e100..e149 but those younger than 30").isGreaterThan(0);
    assertThat(blockingCounts.get(2)).isEqualTo(3);
    assertThat(blockingCounts.get(3)).isZero();
    assertThat(afterDepartment).noneMatch(row -> row.startsWith("D4/"))
        .anyMatch(row -> row.startsWith("D5/")).anyMatch(row -> row.startsWith("BIG/lastname_"));

    assertThat(rows(right)).isEqualTo(blockingRows);
    assertThat(rows(right).size()).as("each entity with its two copies").isEqualTo(3 * (20 * 6 + 150 - 99
        - blockingCounts.get(1) - blockingCounts.get(2) - 5));

    long left100 = deletes.deleteByAgeLessThan(100).join();
    assertThat(left100).isEqualTo(blockingCounts.get(4)).isPositive();
    assertThat(rows(right)).isEmpty();
    assertThat(rows(left)).isEmpty();
    assertThat(events.stream().filter(event -> event.type() == OperationType.DELETE_BY_QUERY))
        .as("each delete one operation, on each path").hasSize(12);
  }

  @Test
  void anAsyncDeleteThroughAnotherTablesKeyListLeavesWhatTheBlockingOneLeavesWithItsPendingWorkDone() {
    List<String> tables = List.of("Clerks", "ClerkIDs", "ClerkTeams");
    Map<String, List<String>> stored = new TreeMap<>();
    for (boolean async : new boolean[] {false, true}) {
      TableBackend store = stores.newStore();
      TableMapper mapper = mapper(store);
      ClerkRepository clerks = mapper.repository(ClerkRepository.class);
      for (int i = 1; i <= 12; i++) {
        clerks.insert(new Clerk(i % 3 == 0 ? "Sales" : "Marketing", i, "F" + i, i % 2 == 0 ? "Jones" : "Smith",
            "audit", i % 4 == 0 ? "blue" : "red"));
      }
      long deleted = async
          ? mapper.repository(ClerkAsyncRepository.class).deleteByLastName("Jones").join()
          : clerks.deleteByLastName("Jones");
      assertThat(deleted).isEqualTo(6);
      assertThat(clerks.findByLastName("Jones")).isEmpty();
      assertThat(clerks.findByLastName("Smith")).hasSize(6);
      List<String> rows = new ArrayList<>();
      for (String table : tables) {
        RawRows.all(store, table).stream()
            .map(row -> table + " " + row.partitionKey() + "/" + row.rowKey() + " " + new TreeMap<>(row.properties()))
            .forEach(rows::add);
      }
      stored.put(async ? "async" : "sync", rows);
    }
    assertThat(stored.get("async")).isEqualTo(stored.get("sync")).hasSizeGreaterThan(6);
  }

  @Test
  void anAsyncDeleteFailsWithTheExceptionsOfTheBlockingOne() {
    Map<String, List<String>> outcomes = new TreeMap<>();
    for (boolean async : new boolean[] {false, true}) {
      TableBackend store = stores.newStore();
      InterceptingBackend intercepting = new InterceptingBackend(store);
      // one partition after the other, in key order: the transaction that fails is the first one's
      TableMapper mapper = mapper(intercepting, 1);
      TableMapper meddler = mapper(store);
      EmployeeRepository others = meddler.repository(EmployeeRepository.class);
      for (String department : List.of("D1", "D2")) {
        for (int i = 1; i <= 3; i++) {
          others.insert(Employee.of(department, i, "F" + i, "Lane", 20 + i, department + i + "@contoso.com"));
        }
      }
      EmployeeDeletes sync = mapper.repository(EmployeeDeletes.class);
      EmployeeAsyncDeletes deletes = mapper.repository(EmployeeAsyncDeletes.class);
      List<String> seen = new ArrayList<>();

      // someone changes an entity of D1 between the read and the transaction: D1 stays, D2 goes
      intercepting.beforeNextWrite(() -> others.upsert(Employee.of("D1", 1, "Changed", "Lane", 21, "D11@contoso.com")));
      seen.add(outcome(() -> async ? deletes.deleteByAgeLessThan(30).join() : sync.deleteByAgeLessThan(30)));
      // nothing deleted: the transaction's failure as it is
      intercepting.beforeNextWrite(() -> others.upsert(Employee.of("D1", 2, "Changed", "Lane", 22, "D12@contoso.com")));
      seen.add(outcome(() -> async ? deletes.deleteByDepartment("D1").join() : run(() -> sync.deleteByDepartment("D1"))));
      seen.add(String.join("\n", rows(store)));
      outcomes.put(async ? "async" : "sync", seen);
    }
    List<String> sync = outcomes.get("sync");
    List<String> async = outcomes.get("async");
    assertThat(sync.get(0)).startsWith("sync PartialDeleteException: EmployeeDeletes.deleteByAgeLessThan deleted 3 ")
        .endsWith("[deleted 3, not deleted 3, cause ConcurrencyConflictException]");
    assertThat(sync.get(1)).startsWith("sync " + ConcurrencyConflictException.class.getSimpleName() + ": ");
    assertThat(async.get(0)).isEqualTo(sync.get(0).replace("sync ", "async ").replace("EmployeeDeletes.",
        "EmployeeAsyncDeletes."));
    assertThat(async.get(1)).isEqualTo(sync.get(1).replace("sync ", "async ").replace("EmployeeDeletes.",
        "EmployeeAsyncDeletes."));
    assertThat(async.get(2)).isEqualTo(sync.get(2)).contains("D1/empid_00000001", "D1/empid_00000003")
        .doesNotContain("D2/");
  }

  private static Object run(Runnable call) {
    call.run();
    return "done";
  }

  // ------------------------------------------------------------------ no thread held, cancellation

  @Test
  void anAsyncDeleteOfManyPartitionsCompletesWithOneExecutorThreadAndOnAzureNeedsNoneWhileUnderWay()
      throws Exception {
    TableBackend store = stores.newStore();
    TableMapper mapper = mapper(store);
    seed(mapper);
    EmployeeAsyncDeletes deletes = mapper.repository(EmployeeAsyncDeletes.class);
    events.clear();
    CountDownLatch release = new CountDownLatch(1);
    one.take(release); // the mapper's only async thread is taken

    CompletableFuture<Long> deleted = deletes.deleteByAgeLessThan(30);
    if (stores == Stores.AZURE) {
      // the SDK's async client: every query and transaction sent and answered while no thread of the mapper is free
      assertThat(eventually(() -> events.size() == 1)).as("the delete ended with the executor taken").isTrue();
      assertThat(events.get(0).failure()).isNull();
      assertThat(events.get(0).type()).isEqualTo(OperationType.DELETE_BY_QUERY);
      assertThat(deleted).as("handed over on the executor, once it is free").isNotDone();
    }
    release.countDown();
    assertThat(deleted.get(60, TimeUnit.SECONDS)).isEqualTo(99);
    assertThat(mapper.repository(EmployeeRepository.class).countByDepartment("BIG")).isEqualTo(71);
    assertThat(rows(store)).hasSize(3 * (20 * 5 + 71));
  }

  @Test
  void anAsyncDeleteCancelledWhileUnderWaySendsNoFurtherTransactionAndLeavesNoEntityHalfDeleted() {
    TableBackend store = stores.newStore();
    TableMapper mapper = mapper(store);
    seed(mapper);
    List<String> before = rows(store);
    EmployeeAsyncDeletes deletes = mapper.repository(EmployeeAsyncDeletes.class);
    CountDownLatch release = new CountDownLatch(1);
    one.take(release);

    CompletableFuture<Long> deleted = deletes.deleteByAgeLessThan(100);
    assertThat(deleted.cancel(false)).isTrue();
    release.countDown();
    assertThat(eventually(() -> events.stream().anyMatch(event -> event.type() == OperationType.DELETE_BY_QUERY)))
        .as("the operation ended").isTrue();

    assertThatThrownBy(deleted::join).isInstanceOf(CancellationException.class);
    List<String> after = rows(store);
    if (stores != Stores.AZURE) {
      // the embedded stores run each request on the executor: the reads waited, and no transaction was sent after
      assertThat(after).isEqualTo(before);
    }
    // whatever was sent went whole: each remaining entity with both its copies, no copy without its entity
    Map<String, Long> perPartition = after.stream()
        .collect(Collectors.groupingBy(row -> row.substring(0, row.indexOf('/')), Collectors.counting()));
    Map<String, Long> entities = after.stream().filter(row -> row.contains("/empid_"))
        .collect(Collectors.groupingBy(row -> row.substring(0, row.indexOf('/')), Collectors.counting()));
    perPartition.forEach((partition, count) -> assertThat(count).isEqualTo(3 * entities.get(partition)));
  }
}
