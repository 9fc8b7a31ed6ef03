package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.Batch;
import io.tablemapper.api.BatchException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.QueryEvent;
import io.tablemapper.api.TableMapper;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeAsyncRepository;
import io.tablemapper.tck.fixtures.EmployeeName;
import io.tablemapper.tck.support.InterceptingBackend;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Async repositories and batches on every backend: each async return shape completes with what the synchronous
 * method returns, on the mapper's own daemon threads; a failure arrives as the contract's exception, the cause of
 * the {@code CompletionException}, and fails no other future; a future cancelled before its work started writes
 * nothing; closing the mapper fails the work not started and waits for the work under way; {@code commitAsync} is
 * all or nothing.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class AsyncTest {
  private final InterceptingBackend backend;
  private final List<String> queryThreads = new ArrayList<>();
  private final ExecutorService single = Executors.newSingleThreadExecutor();
  private TableMapper mapper;

  AsyncTest(Stores stores) {
    this.backend = new InterceptingBackend(stores.newStore());
  }

  @AfterEach
  void close() {
    if (mapper != null) {
      mapper.close();
    }
    single.shutdownNow();
  }

  private EmployeeAsyncRepository employees() {
    mapper = TableMapper.builder().backend(backend).queryListener(this::heard).build();
    return mapper.repository(EmployeeAsyncRepository.class);
  }

  private synchronized void heard(QueryEvent event) {
    queryThreads.add(Thread.currentThread().getName());
  }

  private static List<Integer> ids(List<Employee> found) {
    return found.stream().map(Employee::employeeId).collect(Collectors.toList());
  }

  private static void fill(EmployeeAsyncRepository employees) {
    CompletableFuture.allOf(
        employees.insert(Employee.of("Sales", 200, "Ben", "Smith", 35, "ben@contoso.com")),
        employees.insert(Employee.of("Sales", 123, "Ken", "Kwok", 23, "kenk@contoso.com")),
        employees.insert(Employee.of("Sales", 124, "Kim", "Kwok", 41, "kim@contoso.com")),
        employees.insert(Employee.of("Marketing", 300, "Ann", "Kwok", 52, "ann@contoso.com"))).join();
  }

  @Test
  void eachAsyncReturnCompletesWithWhatTheSynchronousMethodReturns() {
    EmployeeAsyncRepository employees = employees();
    fill(employees);

    assertThat(employees.findByDepartmentAndEmployeeId("Sales", 123).join()).map(Employee::firstName).contains("Ken");
    assertThat(employees.findByDepartmentAndEmployeeId("Sales", 999).join()).isEmpty();
    assertThat(employees.getByDepartmentAndEmployeeId("Marketing", 300).join().firstName()).isEqualTo("Ann");
    assertThat(ids(employees.findByDepartmentIn(List.of("Sales", "Marketing")).join()))
        .containsExactly(300, 123, 124, 200);
    assertThat(employees.findByDepartmentAndEmployeeIdBetween("Sales", 100, 199).join())
        .containsExactly(new EmployeeName("Ken", "Kwok"), new EmployeeName("Kim", "Kwok"));
    Page<Employee> first = employees.findByDepartment("Sales", PageRequest.of(2)).join();
    assertThat(ids(first.items())).containsExactly(123, 124);
    Page<Employee> second = employees.findByDepartment("Sales",
        PageRequest.after(first.continuationToken().orElseThrow(), 2)).join();
    assertThat(ids(second.items())).containsExactly(200);
    assertThat(employees.countByDepartment("Sales").join()).isEqualTo(3L);
    assertThat(employees.existsByDepartmentAndEmployeeId("Sales", 124).join()).isTrue();
    assertThat(employees.existsByDepartmentAndEmployeeId("Sales", 125).join()).isFalse();

    Employee ann = employees.getByDepartmentAndEmployeeId("Marketing", 300).join();
    Employee updated = employees.update(ann.withAge(53)).join();
    assertThat(updated.etag()).isNotEqualTo(ann.etag());
    assertThat(employees.merge(updated.withLastName("Lee")).join().lastName()).isEqualTo("Lee");
    assertThat(employees.upsert(Employee.of("Marketing", 301, "Al", "Ng", 30, "al@contoso.com")).join().etag())
        .isNotNull();
    assertThat(employees.deleteByDepartmentAndEmployeeIdIn("Sales", Set.of(123, 124, 999)).join()).isEqualTo(2L);
    assertThat(employees.deleteByDepartmentAndEmployeeId("Sales", 200).join()).isNull();
    assertThat(employees.delete(employees.getByDepartmentAndEmployeeId("Marketing", 301).join()).join()).isNull();

    assertThat(ids(employees.findByDepartmentIn(List.of("Sales", "Marketing")).join())).containsExactly(300);
    // every read of a backend without an async client of its own ran on the mapper's own threads (the default async
    // path of the SPI; the reads of a delete's In on the read pool), never on the caller's thread
    assertThat(backend.readThreads).isNotEmpty().allSatisfy(
        thread -> assertThat(thread).matches("tablemapper-(async|read)-\\d+"));
    assertThat(queryThreads).isNotEmpty();
    backend.readThreads.clear();
    assertThat(employees.streamByDepartment("Sales")).isEmpty();
    assertThat(backend.readThreads).first().isEqualTo(Thread.currentThread().getName());
  }

  @Test
  void failuresArriveAsTheContractsExceptionsAsTheCauseOfTheCompletionException() {
    EmployeeAsyncRepository employees = employees();
    fill(employees);

    assertThatThrownBy(() -> employees.insert(Employee.of("Sales", 123, "Ken", "Kwok", 23, "other@contoso.com"))
        .join())
        .isInstanceOf(CompletionException.class).hasCauseInstanceOf(EntityExistsException.class);
    assertThatThrownBy(() -> employees.getByDepartmentAndEmployeeId("Sales", 999).join())
        .isInstanceOf(CompletionException.class).hasCauseInstanceOf(EntityNotFoundException.class);
    assertThatThrownBy(() -> employees.update(Employee.of("Sales", 999, "No", "One", 1, "no@contoso.com")).join())
        .isInstanceOf(CompletionException.class).hasCauseInstanceOf(EntityNotFoundException.class);
    // a bad argument fails the future too, rather than throwing from the call
    CompletableFuture<Optional<Employee>> badKey = employees.findByDepartmentAndEmployeeId("Sa/les", 1);
    assertThatThrownBy(badKey::join).isInstanceOf(CompletionException.class)
        .hasCauseInstanceOf(InvalidKeyException.class);
  }

  @Test
  void aFailingFutureLeavesTheOthersAndTheStoreAsTheyWere() {
    EmployeeAsyncRepository employees = employees();
    fill(employees);

    List<CompletableFuture<Employee>> writes = new ArrayList<>();
    for (int id = 500; id < 510; id++) {
      writes.add(employees.insert(Employee.of("Design", id, "D" + id, "Lane", 30, "d" + id + "@contoso.com")));
    }
    CompletableFuture<Employee> taken =
        employees.insert(Employee.of("Sales", 123, "Dup", "Lane", 30, "dup@contoso.com"));

    assertThatThrownBy(taken::join).hasCauseInstanceOf(EntityExistsException.class);
    assertThat(writes).allSatisfy(write -> assertThat(write.join().etag()).isNotNull());
    assertThat(employees.countByDepartment("Design").join()).isEqualTo(10L);
    assertThat(employees.getByDepartmentAndEmployeeId("Sales", 123).join().firstName()).isEqualTo("Ken");
  }

  @Test
  void aFutureCancelledBeforeItsWorkStartedWritesNothing() throws Exception {
    mapper = TableMapper.builder().backend(backend).asyncExecutor(single).build();
    EmployeeAsyncRepository employees = mapper.repository(EmployeeAsyncRepository.class);
    CountDownLatch release = new CountDownLatch(1);
    single.execute(() -> await(release));

    CompletableFuture<Employee> insert = employees.insert(Employee.of("Sales", 1, "Ken", "Kwok", 23, "k@contoso.com"));
    assertThat(insert.cancel(true)).isTrue();
    release.countDown();

    assertThatThrownBy(insert::join).isInstanceOf(CancellationException.class);
    assertThat(employees.existsByDepartmentAndEmployeeId("Sales", 1).get(10, TimeUnit.SECONDS)).isFalse();
    assertThat(backend.writes.get() + backend.batches.size()).isZero();
  }

  @Test
  void closingTheMapperFailsTheWorkNotStartedAndWaitsForTheWorkUnderWay() throws Exception {
    TableMapper closing = TableMapper.builder().backend(backend).asyncExecutor(single).build();
    EmployeeAsyncRepository employees = closing.repository(EmployeeAsyncRepository.class);
    CountDownLatch writing = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    backend.beforeNextWrite(() -> {
      writing.countDown();
      await(release);
    });
    CompletableFuture<Employee> underWay =
        employees.insert(Employee.of("Sales", 1, "Ken", "Kwok", 23, "k@contoso.com"));
    assertThat(writing.await(10, TimeUnit.SECONDS)).isTrue();
    CompletableFuture<Employee> queued =
        employees.insert(Employee.of("Sales", 2, "Kim", "Kwok", 41, "kim@contoso.com"));

    CompletableFuture<Void> closed = CompletableFuture.runAsync(closing::close, Executors.newSingleThreadExecutor());
    assertThatThrownBy(queued::join).hasCauseInstanceOf(IllegalStateException.class)
        .hasMessageContaining("closed before the async operation started");
    assertThat(closed).isNotDone();
    assertThat(backend.closes.get()).isZero();
    release.countDown();
    closed.get(10, TimeUnit.SECONDS);

    assertThat(underWay.join().etag()).isNotNull();
    assertThat(backend.closes.get()).isEqualTo(1);
    assertThatThrownBy(() -> employees.insert(Employee.of("Sales", 3, "Al", "Ng", 30, "al@contoso.com")).join())
        .hasCauseInstanceOf(IllegalStateException.class);
  }

  @Test
  void aTimedOutFutureFailsWhileItsWriteUnderWayRunsWhole() throws Exception {
    // one thread: the reads below queue behind the held write
    mapper = TableMapper.builder().backend(backend).asyncExecutor(single).build();
    EmployeeAsyncRepository employees = mapper.repository(EmployeeAsyncRepository.class);
    CountDownLatch release = new CountDownLatch(1);
    backend.beforeNextWrite(() -> await(release));
    CompletableFuture<Employee> insert = employees.insert(Employee.of("Sales", 1, "Ken", "Kwok", 23, "k@contoso.com"))
        .orTimeout(50, TimeUnit.MILLISECONDS);

    assertThatThrownBy(insert::join).isInstanceOf(CompletionException.class)
        .hasCauseInstanceOf(TimeoutException.class);
    release.countDown();
    // the write's steps (its table's creation, then its transaction) each take the executor in turn: it is whole
    // once its transaction is applied
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!stored("Sales", "empid_00000001") && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(employees.getByDepartmentAndEmployeeId("Sales", 1).get(10, TimeUnit.SECONDS).email())
        .isEqualTo("k@contoso.com");
    assertThat(employees.findByDepartmentAndEmployeeIdBetween("Sales", 0, 9).get(10, TimeUnit.SECONDS))
        .containsExactly(new EmployeeName("Ken", "Kwok"));
  }

  @Test
  void aCallbackOnAFutureMayCloseTheMapper() throws Exception {
    TableMapper closing = TableMapper.builder().backend(backend).build();
    EmployeeAsyncRepository employees = closing.repository(EmployeeAsyncRepository.class);
    CountDownLatch release = new CountDownLatch(1);
    backend.beforeNextWrite(() -> await(release));
    CompletableFuture<Employee> insert = employees.insert(Employee.of("Sales", 1, "Ken", "Kwok", 23, "k@contoso.com"));
    // registered while the write is held, so the callback runs on the mapper's own thread as the write completes
    CompletableFuture<Void> closed = insert.thenRun(closing::close);
    release.countDown();

    closed.get(10, TimeUnit.SECONDS);
    assertThat(backend.closes.get()).isEqualTo(1);
  }

  @Test
  void commitAsyncIsAllOrNothing() {
    EmployeeAsyncRepository employees = employees();
    fill(employees);

    Batch failing = mapper.batch("Company", "Sales")
        .insert(Employee.of("Sales", 700, "New", "One", 20, "new@contoso.com"))
        .insert(Employee.of("Sales", 123, "Ken", "Again", 23, "again@contoso.com"));
    assertThatThrownBy(() -> failing.commitAsync().join())
        .isInstanceOf(CompletionException.class).hasCauseInstanceOf(BatchException.class);
    assertThat(employees.existsByDepartmentAndEmployeeId("Sales", 700).join()).isFalse();

    List<Object> stored = mapper.batch("Company", "Sales")
        .insert(Employee.of("Sales", 700, "New", "One", 20, "new@contoso.com"))
        .upsert(Employee.of("Sales", 701, "Newer", "One", 21, "newer@contoso.com"))
        .commitAsync().join();
    assertThat(stored).hasSize(2).allSatisfy(entity -> assertThat(((Employee) entity).etag()).isNotNull());
    assertThat(employees.countByDepartment("Sales").join()).isEqualTo(5L);
  }

  /** Whether the store holds this row of table Company (which may not exist yet). */
  private boolean stored(String partitionKey, String rowKey) {
    try {
      return backend.delegate.get("Company", partitionKey, rowKey).isPresent();
    } catch (io.tablemapper.api.TableNotFoundException missing) {
      return false;
    }
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
