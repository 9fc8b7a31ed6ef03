package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.StoreBusyException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.backend.azure.Faults;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.support.EmployeeCopies;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Repository writes (insert, update, merge, delete) of an entity with index copies (each an entity group transaction
 * of the entity and its copies) on Azurite through a pipeline that injects seeded faults into every attempt: busy
 * answers, timeouts, and ambiguous writes (applied, the answer lost), some requests faulted at every attempt. A model says what each write
 * must report; after each one the store, read through a clean mapper, holds exactly the model with every index copy
 * in step: nothing lost, nothing duplicated, and every exception truthful (the caller's own insert is never
 * reported as {@code EntityExistsException}; a write that failed for good changed nothing).
 */
class FaultyAzureWritesTest {
  private static final String DEPARTMENT = "Sales";
  private static final List<String> EMAILS = List.of("a@x", "b@x", "c@x", "d@x", "e@x", "f@x", "g@x");

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {11, 12, 13})
  void writesReportWhatHappenedAndLeaveTheEntitiesAndTheirCopiesInStep(long seed) {
    String connectionString = Stores.emptyAzuriteAccount();
    String table = "Company";
    Faults faults = new Faults(seed, 0.35, 3);
    AzureTablesBackend faultyStore = faults.backend(connectionString);
    AzureTablesBackend cleanStore = AzureTablesBackend.fromConnectionString(connectionString);
    cleanStore.createTableIfNotExists(table);
    try (TableMapper faulty = TableMapper.builder().backend(faultyStore).build();
        TableMapper clean = TableMapper.builder().backend(cleanStore).build()) {
      EmployeeRepository employees = faulty.repository(EmployeeRepository.class);
      EmployeeRepository check = clean.repository(EmployeeRepository.class);
      Random random = new Random(seed);
      Map<Integer, Employee> model = new TreeMap<>();
      Map<Integer, List<String>> oldEtags = new HashMap<>();
      int done = 0;
      int refused = 0;
      int unavailable = 0;
      for (int step = 0; step < 60; step++) {
        int id = 1 + random.nextInt(5);
        Employee stored = model.get(id);
        String email = EMAILS.get(random.nextInt(EMAILS.size()));
        boolean storm = step % 8 == 7 && stored != null;
        Faults.Fault stormFault = random.nextBoolean() ? Faults.Fault.BUSY_503 : Faults.Fault.LOST_ANSWER_500;
        String kind;
        Employee written;
        Class<? extends TableMapperException> expected = null;
        boolean taken = model.values().stream().anyMatch(e -> e.employeeId() != id && e.email().equals(email));
        if (storm) {
          kind = "update";
          written = stored.withAge(step).withEmail(taken ? stored.email() : email);
        } else if (stored == null || random.nextInt(6) == 0) {
          kind = "insert";
          written = Employee.of(DEPARTMENT, id, "F" + step, "L" + random.nextInt(3), step, email);
          expected = stored != null || taken ? EntityExistsException.class : null;
        } else {
          List<String> old = oldEtags.getOrDefault(id, List.of());
          boolean stale = !old.isEmpty() && random.nextInt(4) == 0;
          Employee base = stale ? stored.withEtag(old.get(random.nextInt(old.size()))) : stored;
          int pick = random.nextInt(8);
          kind = pick < 2 ? "delete" : pick < 4 ? "merge" : "update";
          written = kind.equals("delete") ? base
              : base.withAge(step).withEmail(email).withLastName("L" + random.nextInt(3));
          expected = stale ? ConcurrencyConflictException.class
              : !kind.equals("delete") && taken ? EntityExistsException.class : null;
        }
        String what = "seed " + seed + ", step " + step + ": " + kind + " " + written
            + (storm ? " in a storm of " + stormFault : "");
        if (storm) {
          faults.storm(stormFault);
        }
        Employee result = null;
        RuntimeException failure = null;
        try {
          switch (kind) {
            case "insert" -> result = employees.insert(written);
            case "update" -> result = employees.update(written);
            case "merge" -> result = employees.merge(written);
            default -> employees.delete(written);
          }
        } catch (RuntimeException e) {
          failure = e;
        } finally {
          faults.calm();
        }
        if (storm && stormFault == Faults.Fault.BUSY_503) {
          // every attempt answered 503 ServerBusy: the store stayed too busy for the retry budget
          assertThat(failure).as(what).isInstanceOfSatisfying(StoreBusyException.class,
              busy -> assertThat(busy.partitionKey()).as(what).isEqualTo(DEPARTMENT));
          unavailable++;
        } else if (expected == null) {
          if (failure != null) {
            fail(what + " failed, though it must succeed", failure);
          }
          if (stored != null) {
            oldEtags.computeIfAbsent(id, k -> new ArrayList<>()).add(stored.etag());
          }
          if (kind.equals("delete")) {
            model.remove(id);
          } else {
            model.put(id, result);
          }
          done++;
        } else {
          assertThat(failure).as(what).isInstanceOf(expected);
          refused++;
        }
        for (int each = 1; each <= 5; each++) {
          Optional<Employee> read = check.findByDepartmentAndEmployeeId(DEPARTMENT, each);
          assertThat(read).as("employee " + each + " after " + what).isEqualTo(Optional.ofNullable(model.get(each)));
        }
        EmployeeCopies.assertInStep(cleanStore, table, false);
      }
      assertThat(faults.ambiguous()).as("ambiguous writes injected").isGreaterThan(5);
      assertThat(done).isGreaterThan(20);
      assertThat(refused).isGreaterThan(3);
      assertThat(unavailable).isGreaterThan(0);
    }
  }
}
