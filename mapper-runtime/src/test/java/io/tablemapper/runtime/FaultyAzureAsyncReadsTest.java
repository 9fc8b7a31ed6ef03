package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.backend.azure.Faults;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeAsyncRepository;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.support.Stores;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Async reads on Azurite through the SDK's async client, with seeded faults injected into every attempt of every
 * request (busy answers, throttling, timeouts, lost answers, resets): the retries resolve them as they resolve the
 * blocking reads', so the async reads return exactly what a clean store holds; and a storm that outlasts the retries
 * fails an async read with the same exception, as the cause of the {@code CompletionException}, as the blocking read.
 */
class FaultyAzureAsyncReadsTest {
  private static final List<String> DEPARTMENTS = List.of("D0", "D1", "D2", "D3", "D4", "D5");

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {21, 22})
  void asyncReadsUnderFaultsResolveAndFailAsTheBlockingReads(long seed) {
    String connectionString = Stores.emptyAzuriteAccount();
    Faults faults = new Faults(seed, 0.35, 3).withReads();
    AzureTablesBackend faultyStore = faults.backend(connectionString);
    try (TableMapper clean = TableMapper.builder().backend(AzureTablesBackend.fromConnectionString(connectionString))
            .build();
        TableMapper faulty = TableMapper.builder().backend(faultyStore).build()) {
      EmployeeRepository check = clean.repository(EmployeeRepository.class);
      for (int d = 0; d < DEPARTMENTS.size(); d++) {
        for (int i = 1; i <= 3; i++) {
          int id = 10 * d + i;
          check.insert(Employee.of(DEPARTMENTS.get(d), id, "F" + id, "L" + i, 30, "e" + id + "@x"));
        }
      }
      EmployeeRepository sync = faulty.repository(EmployeeRepository.class);
      EmployeeAsyncRepository async = faulty.repository(EmployeeAsyncRepository.class);
      Random random = new Random(seed);

      for (int step = 0; step < 15; step++) {
        int d = random.nextInt(DEPARTMENTS.size());
        String department = DEPARTMENTS.get(d);
        List<String> some = DEPARTMENTS.subList(d / 2, d / 2 + 3);
        String what = "seed " + seed + ", step " + step;
        assertThat(async.findByDepartmentAndEmployeeId(department, 10 * d + 2).join()).as(what)
            .isEqualTo(check.findByDepartmentAndEmployeeId(department, 10 * d + 2));
        assertThat(ids(async.findByDepartmentIn(some).join())).as(what)
            .containsExactlyElementsOf(some.stream().flatMap(each -> ids(check.findByDepartment(each)).stream())
                .collect(Collectors.toList()));
        assertThat(async.findByDepartmentAndLastName(department, "L3").join()).as(what)
            .isEqualTo(check.findByDepartmentAndLastName(department, "L3"));
      }

      for (Faults.Fault fault : List.of(Faults.Fault.BUSY_503, Faults.Fault.TIMEOUT_BEFORE,
          Faults.Fault.LOST_ANSWER_500)) {
        faults.storm(fault);
        try {
          sameFailure(fault + ", point read", () -> sync.findByDepartmentAndEmployeeId("D1", 12),
              () -> async.findByDepartmentAndEmployeeId("D1", 12));
          sameFailure(fault + ", In", () -> sync.findByDepartment("D1"),
              () -> async.findByDepartmentIn(List.of("D1", "D2")));
        } finally {
          faults.calm();
        }
      }
      assertThat(async.findByDepartmentAndEmployeeId("D1", 12).join()).map(Employee::firstName).contains("F12");
    }
  }

  private static List<Integer> ids(List<Employee> employees) {
    return employees.stream().map(Employee::employeeId).collect(Collectors.toList());
  }

  private static void sameFailure(String what, Runnable blocking, Supplier<CompletableFuture<?>> async) {
    RuntimeException thrown = null;
    try {
      blocking.run();
    } catch (RuntimeException e) {
      thrown = e;
    }
    assertThat(thrown).as(what).isInstanceOf(TableMapperException.class);
    Class<?> expected = thrown.getClass();
    CompletableFuture<?> future = async.get();
    assertThatThrownBy(future::join).as(what).isInstanceOf(CompletionException.class)
        .cause().isExactlyInstanceOf(expected);
  }
}
