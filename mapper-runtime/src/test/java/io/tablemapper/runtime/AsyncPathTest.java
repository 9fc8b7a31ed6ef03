package io.tablemapper.runtime;

import static io.tablemapper.runtime.Waits.await;
import static io.tablemapper.runtime.Waits.eventually;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.MapperScope;
import io.tablemapper.api.OperationEvent;
import io.tablemapper.api.OperationType;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.runtime.fixtures.ClerkAsyncRepository;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.fixtures.Clerk;
import io.tablemapper.tck.fixtures.ClerkRepository;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeAsyncRepository;
import io.tablemapper.tck.fixtures.EmployeeName;
import io.tablemapper.tck.fixtures.EmployeeOrRepository;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.support.InterceptingBackend;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The async path of the mapper's reads on every backend: async query methods read through the SPI's async calls
 * (the SDK's async client on Azure, the blocking calls on the mapper's executor elsewhere) and return what the
 * blocking methods return, fail with the same exceptions, and on Azure hold no thread while their requests are under
 * way; streams read one page ahead.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class AsyncPathTest {
  private static final List<String> DEPARTMENTS =
      IntStream.range(0, 20).mapToObj(i -> String.format("D%02d", i)).collect(Collectors.toList());

  private final Stores stores;
  private final TableBackend store;
  private final ExecutorService one = Executors.newSingleThreadExecutor();
  private final List<OperationEvent> events = new CopyOnWriteArrayList<>();
  private TableMapper mapper;

  AsyncPathTest(Stores stores) {
    this.stores = stores;
    this.store = stores.newStore();
  }

  @AfterEach
  void close() {
    if (mapper != null) {
      mapper.close();
    } else {
      store.close();
    }
    one.shutdownNow();
  }

  /** A mapper whose async operations have one thread, and which reads all twenty partitions of an In at once. */
  private TableMapper mapper(TableBackend backend) {
    mapper = TableMapper.builder().backend(backend).asyncExecutor(one).readParallelism(20)
        .operationListener(events::add).build();
    return mapper;
  }

  /** Three employees in each of the twenty departments; ids 10 * department + 1..3. */
  private static void fill(EmployeeRepository employees) {
    for (int d = 0; d < DEPARTMENTS.size(); d++) {
      for (int i = 1; i <= 3; i++) {
        int id = 10 * d + i;
        employees.insert(Employee.of(DEPARTMENTS.get(d), id, "F" + id, i == 2 ? "Lane" : "Kwok", 20 + i,
            "e" + id + "@contoso.com"));
      }
    }
  }

  private static List<Integer> ids(List<Employee> employees) {
    return employees.stream().map(Employee::employeeId).collect(Collectors.toList());
  }

  @Test
  void asyncReadsReturnWhatTheBlockingReadsReturn() {
    mapper(store);
    EmployeeRepository sync = mapper.repository(EmployeeRepository.class);
    EmployeeAsyncRepository async = mapper.repository(EmployeeAsyncRepository.class);
    fill(sync);

    assertThat(async.findByDepartmentAndEmployeeId("D03", 32).join())
        .isEqualTo(sync.findByDepartmentAndEmployeeId("D03", 32));
    assertThat(async.findByDepartmentAndEmployeeId("D03", 99).join()).isEmpty();
    assertThat(ids(async.findByDepartmentIn(DEPARTMENTS).join()))
        .containsExactlyElementsOf(DEPARTMENTS.stream().flatMap(d -> ids(sync.findByDepartment(d)).stream())
            .collect(Collectors.toList()))
        .hasSize(60);
    // through a partial index copy: each copy's entity read with an async point read
    assertThat(async.findByDepartmentAndLastName("D07", "Lane").join())
        .isEqualTo(sync.findByDepartmentAndLastName("D07", "Lane"))
        .extracting(Employee::employeeId).containsExactly(72);
    assertThat(async.findByDepartmentAndEmployeeIdIn("D05", List.of(53, 51, 99)).join())
        .containsExactly(new EmployeeName("F51", "Kwok"), new EmployeeName("F53", "Kwok"));
    assertThat(async.countByDepartment("D09").join()).isEqualTo(sync.countByDepartment("D09")).isEqualTo(3);
    assertThat(async.existsByDepartmentAndEmployeeId("D09", 93).join()).isTrue();
    assertThat(async.findByDepartment("D11", PageRequest.of(2)).join().items())
        .isEqualTo(sync.findByDepartment("D11", PageRequest.of(2)).items());
    // the listeners hear of each async read as of a blocking one: its requests and rows
    events.clear();
    async.findByDepartmentIn(DEPARTMENTS.subList(0, 4)).join();
    assertThat(events).singleElement().satisfies(event -> {
      assertThat(event.type()).isEqualTo(OperationType.QUERY);
      assertThat(event.requests()).isEqualTo(4);
      assertThat(event.rowsRead()).isEqualTo(12);
      assertThat(event.failure()).isNull();
    });
  }

  @Test
  void anAsyncReadThroughAKeyListReturnsWhatTheBlockingReadReturns() {
    mapper(store);
    ClerkRepository sync = mapper.repository(ClerkRepository.class);
    ClerkAsyncRepository async = mapper.repository(ClerkAsyncRepository.class);
    Clerk ken = sync.insert(new Clerk("Sales", 1, "Ken", "Jones", "audit", "blue"));
    Clerk ann = sync.insert(new Clerk("Marketing", 2, "Ann", "Jones", "audit", "blue"));
    sync.insert(new Clerk("Sales", 3, "Bob", "Smith", null, "red"));
    mapper.completePending();

    assertThat(async.findByLastName("Jones").join()).isEqualTo(sync.findByLastName("Jones"))
        .containsExactly(ann, ken);
    assertThat(async.countByLastName("Jones").join()).isEqualTo(2L);
    assertThat(async.findByLastName("Nobody").join()).isEmpty();
  }

  @Test
  void twentyConcurrentReadsCompleteWithOneExecutorThreadAndOnAzureNeedNoneWhileTheirRequestsAreUnderWay()
      throws Exception {
    mapper(store);
    fill(mapper.repository(EmployeeRepository.class));
    EmployeeAsyncRepository async = mapper.repository(EmployeeAsyncRepository.class);
    events.clear();
    CountDownLatch release = new CountDownLatch(1);
    one.execute(() -> await(release)); // the mapper's only async thread is taken

    List<CompletableFuture<Optional<Employee>>> reads = new ArrayList<>();
    for (int d = 0; d < DEPARTMENTS.size(); d++) {
      reads.add(async.findByDepartmentAndEmployeeId(DEPARTMENTS.get(d), 10 * d + 2));
    }
    CompletableFuture<List<Employee>> fanOut = async.findByDepartmentIn(DEPARTMENTS);
    if (stores == Stores.AZURE) {
      // the SDK's async client: every request is sent and answered while no thread of the mapper is free
      assertThat(eventually(() -> events.size() == 21)).as("21 operations ended with the executor taken").isTrue();
      assertThat(events).allSatisfy(event -> assertThat(event.failure()).isNull());
      assertThat(events.stream().mapToInt(OperationEvent::requests).sum()).isEqualTo(40);
    }
    release.countDown();

    for (int d = 0; d < DEPARTMENTS.size(); d++) {
      assertThat(reads.get(d).get(30, TimeUnit.SECONDS)).map(Employee::employeeId).contains(10 * d + 2);
    }
    assertThat(fanOut.get(30, TimeUnit.SECONDS)).hasSize(60);
  }

  @Test
  void anAsyncOrMergesItsReadsPageByPageAsTheBlockingOneAndOnAzureNeedsNoThreadWhileTheyAreUnderWay()
      throws Exception {
    mapper(store);
    fill(mapper.repository(EmployeeRepository.class));
    EmployeeOrRepository employees = mapper.repository(EmployeeOrRepository.class);
    // the branches overlap (D05's 52 in both) and span two partitions
    List<Employee> blocking =
        employees.findByDepartmentAndEmployeeIdOrDepartmentAndEmployeeIdBetween("D05", 52, "D04", 41, 53);
    long blockingCount = employees.countByDepartmentAndEmployeeIdOrDepartmentAndEmployeeIdBetween(
        "D05", 52, "D04", 41, 53);
    events.clear();
    CountDownLatch release = new CountDownLatch(1);
    one.execute(() -> await(release)); // the mapper's only async thread is taken

    CompletableFuture<List<Employee>> union =
        employees.getByDepartmentAndEmployeeIdOrDepartmentAndEmployeeIdBetween("D05", 52, "D04", 41, 53);
    CompletableFuture<Long> count = employees.countByDepartmentAndEmailOrDepartmentAndEmployeeIdBetween(
        "D05", "e52@contoso.com", "D04", 41, 53);
    if (stores == Stores.AZURE) {
      // each read of the union sent with the SDK's async client: both operations end with the executor taken
      // (their results are then made on the executor, once it is free)
      assertThat(eventually(() -> events.size() == 2)).as("2 operations ended with the executor taken").isTrue();
      assertThat(events).allSatisfy(event -> {
        assertThat(event.failure()).isNull();
        assertThat(event.requests()).isGreaterThanOrEqualTo(2);
      });
    }
    release.countDown();

    assertThat(ids(union.get(30, TimeUnit.SECONDS))).isEqualTo(ids(blocking)).containsExactly(41, 42, 43, 52);
    assertThat(count.get(30, TimeUnit.SECONDS)).isEqualTo(blockingCount).isEqualTo(4);
  }

  @Test
  void anAsyncOrReadOverShortPagesTakesEachEntityOnceInKeyOrder() {
    InterceptingBackend backend = new InterceptingBackend(store);
    mapper(backend);
    fill(mapper.repository(EmployeeRepository.class));
    EmployeeOrRepository employees = mapper.repository(EmployeeOrRepository.class);
    backend.stingyPages(1); // every read's rows come one page at a time, an empty page before each

    List<Employee> blocking =
        employees.findByDepartmentAndEmployeeIdOrDepartmentAndEmployeeIdBetween("D05", 52, "D04", 0, 999);
    List<Employee> async =
        employees.getByDepartmentAndEmployeeIdOrDepartmentAndEmployeeIdBetween("D05", 52, "D04", 0, 999).join();

    assertThat(ids(async)).isEqualTo(ids(blocking)).containsExactly(41, 42, 43, 52);
    assertThat(employees.countByDepartmentAndEmailOrDepartmentAndEmployeeIdBetween(
        "D05", "e52@contoso.com", "D05", 51, 53).join()).isEqualTo(3);
  }

  @Test
  void asyncFailuresCarryTheExceptionsOfTheBlockingReads() {
    mapper(store);
    EmployeeRepository sync = mapper.repository(EmployeeRepository.class);
    EmployeeAsyncRepository async = mapper.repository(EmployeeAsyncRepository.class);
    fill(sync);

    sameFailure(() -> sync.getByDepartmentAndEmployeeId("D01", 99),
        () -> async.getByDepartmentAndEmployeeId("D01", 99), EntityNotFoundException.class);
    PageRequest tampered = PageRequest.after("bm90IGEgdG9rZW4", 2);
    sameFailure(() -> sync.findByDepartment("D01", tampered), () -> async.findByDepartment("D01", tampered),
        RuntimeException.class);
    TableMapper sales = mapper.scoped(MapperScope.builder().partition("Company", "D01").build());
    EmployeeRepository scopedSync = sales.repository(EmployeeRepository.class);
    EmployeeAsyncRepository scopedAsync = sales.repository(EmployeeAsyncRepository.class);
    sameFailure(() -> scopedSync.findByDepartmentAndEmployeeId("D02", 21),
        () -> scopedAsync.findByDepartmentAndEmployeeId("D02", 21), TableMapperException.class);
    assertThat(scopedAsync.findByDepartmentAndEmployeeId("D01", 11).join()).isPresent();
  }

  /** The blocking call throws an exception of {@code type}, and the async one fails with one of the same class. */
  private static void sameFailure(Runnable blocking, Supplier<CompletableFuture<?>> async,
      Class<? extends RuntimeException> type) {
    RuntimeException thrown = null;
    try {
      blocking.run();
    } catch (RuntimeException e) {
      thrown = e;
    }
    assertThat(thrown).isInstanceOf(type);
    Class<?> expected = thrown.getClass();
    CompletableFuture<?> future = async.get();
    assertThatThrownBy(future::join).isInstanceOf(CompletionException.class).cause().isExactlyInstanceOf(expected);
  }

  @Test
  void aStreamReadsOnePageAheadWhileTheCurrentOneIsConsumed() {
    InterceptingBackend backend = new InterceptingBackend(store);
    mapper(backend);
    EmployeeRepository employees = mapper.repository(EmployeeRepository.class);
    for (int id = 1; id <= 10; id++) {
      employees.insert(Employee.of("Sales", id, "F" + id, "Kwok", 30, "e" + id + "@contoso.com"));
    }
    backend.cappedPages(3);
    int before = backend.queries.get();

    try (Stream<Employee> stream = employees.streamByDepartment("Sales")) {
      Iterator<Employee> iterator = stream.iterator();
      assertThat(iterator.next().employeeId()).isEqualTo(1);
      assertThat(eventually(() -> backend.queries.get() == before + 2)).as("the second page read ahead").isTrue();
      sleep(200);
      assertThat(backend.queries.get()).as("no more than one page ahead").isEqualTo(before + 2);
      List<Integer> rest = new ArrayList<>();
      iterator.forEachRemaining(employee -> rest.add(employee.employeeId()));
      assertThat(rest).containsExactly(2, 3, 4, 5, 6, 7, 8, 9, 10);
    }
  }

  @Test
  void aClosedStreamReadsNoFurtherPage() {
    InterceptingBackend backend = new InterceptingBackend(store);
    mapper(backend);
    EmployeeRepository employees = mapper.repository(EmployeeRepository.class);
    for (int id = 1; id <= 10; id++) {
      employees.insert(Employee.of("Sales", id, "F" + id, "Kwok", 30, "e" + id + "@contoso.com"));
    }
    backend.cappedPages(3);
    int before = backend.queries.get();

    Stream<Employee> stream = employees.streamByDepartment("Sales");
    assertThat(stream.iterator().next().employeeId()).isEqualTo(1);
    assertThat(eventually(() -> backend.queries.get() == before + 2)).isTrue();
    stream.close();
    sleep(200);

    assertThat(backend.queries.get()).isEqualTo(before + 2);
  }

  @Test
  void aPageThatFailsFailsTheStreamAtItsFirstElementAfterTheRowsBeforeIt() {
    InterceptingBackend backend = new InterceptingBackend(store);
    mapper(backend);
    EmployeeRepository employees = mapper.repository(EmployeeRepository.class);
    for (int id = 1; id <= 10; id++) {
      employees.insert(Employee.of("Sales", id, "F" + id, "Kwok", 30, "e" + id + "@contoso.com"));
    }
    backend.cappedPages(3).failQueryAfter(1, new TableMapperException("injected: the store failed the second page"));

    List<Integer> seen = new ArrayList<>();
    try (Stream<Employee> stream = employees.streamByDepartment("Sales")) {
      assertThatThrownBy(() -> stream.forEach(employee -> seen.add(employee.employeeId())))
          .isExactlyInstanceOf(TableMapperException.class).hasMessageContaining("second page");
    }
    assertThat(seen).containsExactly(1, 2, 3);
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
