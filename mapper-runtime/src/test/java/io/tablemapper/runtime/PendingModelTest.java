package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.EventualBatch;
import io.tablemapper.api.TableMapper;
import io.tablemapper.runtime.fixtures.ArchivedEmployee;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import io.tablemapper.runtime.rows.PendingRows;

/**
 * Random eventually consistent transactions — moves between departments, archives, raises over several partitions —
 * each committed by a process that may die at a random write of the protocol, completed afterwards by one of two
 * mappers or by both at once, checked after each round against an oracle: a plain map of where each employee is and
 * what it holds. The seed is printed; {@code -Dtablemapper.pending.seed=<seed>} replays a run.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class PendingModelTest {
  private static final long SEED = Long.getLong("tablemapper.pending.seed", System.nanoTime());
  private static final int ROUNDS = Integer.getInteger("tablemapper.pending.rounds", 25);
  private static final List<String> DEPARTMENTS = List.of("Sales", "Marketing", "Support");
  private static final String ARCHIVE = "Archive";
  private static final int PEOPLE = 6;

  private final TableBackend store;
  private final TableMapper first;
  private final TableMapper second;
  private final EmployeeRepository employees;
  /** The oracle: employee id -> where it is (a department, or ARCHIVE) and its age. */
  private final Map<Integer, Place> oracle = new TreeMap<>();

  private record Place(String where, int age) {}

  PendingModelTest(Stores stores) {
    this.store = stores.newStore();
    this.first = builder(store).build();
    this.second = builder(DyingBackend.unclosed(store)).build();
    this.employees = first.repository(EmployeeRepository.class);
  }

  private static TableMapper.Builder builder(TableBackend backend) {
    return ManualCompletion.retiringAtOnce(backend);
  }

  @AfterEach
  void close() {
    second.close();
    first.close();
  }

  private static Employee employee(int id, String department, int age) {
    return Employee.of(department, id, "F" + id, "L" + id, age, "e" + id + "@contoso.com");
  }

  @Test
  void randomTransactionsKilledAtRandomWritesAndCompletedByEitherMapperMatchTheOracle() throws Exception {
    Random random = new Random(SEED);
    String replay = "seed " + SEED + " (replay with -Dtablemapper.pending.seed=" + SEED + ")";
    for (int id = 1; id <= PEOPLE; id++) {
      String department = DEPARTMENTS.get(random.nextInt(DEPARTMENTS.size()));
      employees.insert(employee(id, department, 20 + id));
      oracle.put(id, new Place(department, 20 + id));
    }
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      for (int round = 1; round <= ROUNDS; round++) {
        String where = "round " + round + ", " + replay;
        Map<Integer, Place> after = new TreeMap<>(oracle);
        int deathAt = random.nextInt(3) == 0 ? random.nextInt(7) : Integer.MAX_VALUE;
        DyingBackend process = new DyingBackend(store, deathAt);
        EventualBatch batch = builder(process).build().eventually();
        if (!plan(random, batch, after)) {
          continue;
        }
        try {
          batch.commit();
        } catch (DyingBackend.Died died) {
          // the process died before its first write's transaction came back
        }
        boolean happened = !process.dead() || process.recorded;
        if (happened) {
          oracle.clear();
          oracle.putAll(after);
        }
        complete(random, threads);
        check(where);
      }
    } finally {
      threads.shutdown();
    }
    System.out.println("PendingModelTest: " + ROUNDS + " rounds, " + replay);
  }

  /**
   * Adds a random transaction of two or three writes to {@code batch} and records its effect in {@code after};
   * false when none fits (every employee archived).
   */
  private boolean plan(Random random, EventualBatch batch, Map<Integer, Place> after) {
    List<Integer> active = new ArrayList<>();
    oracle.forEach((id, place) -> {
      if (!place.where().equals(ARCHIVE)) {
        active.add(id);
      }
    });
    if (active.size() < 2) {
      return false;
    }
    int id = active.get(random.nextInt(active.size()));
    Place place = oracle.get(id);
    Employee stored = employees.getByDepartmentAndEmployeeId(place.where(), id);
    switch (random.nextInt(3)) {
      case 0: {
        List<String> others = new ArrayList<>(DEPARTMENTS);
        others.remove(place.where());
        String to = others.get(random.nextInt(others.size()));
        batch.delete(stored).insert(employee(id, to, place.age()));
        after.put(id, new Place(to, place.age()));
        break;
      }
      case 1:
        batch.insert(ArchivedEmployee.of(stored)).delete(stored);
        after.put(id, new Place(ARCHIVE, place.age()));
        break;
      default:
        batch.update(stored.withAge(place.age() + 1));
        after.put(id, new Place(place.where(), place.age() + 1));
        break;
    }
    int other = active.get(random.nextInt(active.size()));
    if (other != id) {
      Place otherPlace = oracle.get(other);
      Employee otherStored = employees.getByDepartmentAndEmployeeId(otherPlace.where(), other);
      batch.update(random.nextBoolean() ? otherStored.withAge(otherPlace.age() + 10)
          : otherStored.withAge(otherPlace.age() + 10).withEtag(null));
      after.put(other, new Place(otherPlace.where(), otherPlace.age() + 10));
    }
    return true;
  }

  /** Completes the pending work with one mapper, the other, or both at once. */
  private void complete(Random random, ExecutorService threads) throws Exception {
    switch (random.nextInt(3)) {
      case 0:
        first.completePending();
        break;
      case 1:
        second.completePending();
        break;
      default:
        List<Future<Long>> both = threads.invokeAll(List.of(first::completePending, second::completePending));
        for (Future<Long> each : both) {
          each.get();
        }
        break;
    }
  }

  private void check(String where) {
    Map<Integer, Place> found = new TreeMap<>();
    for (String department : DEPARTMENTS) {
      for (Employee employee : employees.findByDepartment(department)) {
        assertThat(found.put(employee.employeeId(), new Place(department, employee.age())))
            .as("employee %s twice, %s", employee.employeeId(), where).isNull();
        assertThat(employees.findByDepartmentAndEmail(department, employee.email())).as(where).isPresent();
      }
    }
    for (String department : DEPARTMENTS) {
      for (ArchivedEmployee archived : first.partition(ARCHIVE, department).all(ArchivedEmployee.class)) {
        Place before = found.put(archived.employeeId(), new Place(ARCHIVE, oracle.get(archived.employeeId()).age()));
        assertThat(before).as("archived employee %s also active, %s", archived.employeeId(), where).isNull();
      }
    }
    assertThat(found).as(where).isEqualTo(oracle);
    for (String table : List.of("Company", ARCHIVE, PendingRows.REGISTRY_TABLE)) {
      if (store.tableExists(table)) {
        List<TableRow> rows = store.query(TableQuery.builder(table).limit(1000).build()).rows();
        assertThat(rows).as("pending work left in %s, %s", table, where)
            .noneMatch(row -> table.equals(PendingRows.REGISTRY_TABLE)
                || "PENDING".equals(row.getString(PendingRows.STATE)));
      }
    }
  }
}
