package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.support.InterceptingBackend;
import io.tablemapper.tck.support.RawRows;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Another writer acting at every point of an indexed write — before each of its reads, between its reads and its
 * transaction — and writers competing for one index value: the write fails or succeeds as the ETag rules say, and
 * the store is left with every entity's copies in step, none stolen, none orphaned.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class IndexRaceTest {
  private final BatchVersions versions;
  private final TableBackend store;
  private final InterceptingBackend backend;
  private final TableMapper mapper;
  private final EmployeeRepository employees;
  /** Another writer, straight on the store. Never closed: closing a mapper closes its backend. */
  private final EmployeeRepository otherWriter;

  IndexRaceTest(StoreUnderTest under) {
    this.versions = under.batchVersions();
    this.store = under.newStore();
    this.backend = new InterceptingBackend(store);
    this.mapper = TableMapper.builder().backend(backend).build();
    this.employees = mapper.repository(EmployeeRepository.class);
    this.otherWriter = TableMapper.builder().backend(store).build().repository(EmployeeRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  /** Runs {@code action} just before the {@code n}th point read from now, and records that it ran. */
  private void beforeGet(int n, Runnable action, AtomicBoolean ran) {
    backend.beforeNextGet(n == 1 ? () -> {
      ran.set(true);
      action.run();
    } : () -> beforeGet(n - 1, action, ran));
  }

  private Employee stored(int id) {
    return otherWriter.getByDepartmentAndEmployeeId("Sales", id);
  }

  /**
   * For every point read the write makes, and once more between its reads and its transaction: another writer
   * changes the entity there; the write, conditional on the ETag of {@code readThrough}, must fail and change
   * nothing, whichever of its reads saw the change. Returns at how many points the change landed inside the write.
   */
  private int raceAtEveryPoint(Function<Employee, Employee> readThrough, boolean delete) {
    int landed = 0;
    for (int point = 1; ; point++) {
      int id = 100 + point;
      Employee inserted = employees.insert(Employee.of("Sales", id, "E" + id, "L" + id, 20, id + "@contoso.com"));
      Employee read = readThrough.apply(inserted);
      AtomicBoolean ran = new AtomicBoolean();
      Runnable change = () -> otherWriter.update(stored(id).withAge(77).withEmail("moved" + id + "@contoso.com"));
      boolean afterReads = point > 3;
      if (afterReads) {
        backend.beforeNextWrite(() -> {
          ran.set(true);
          change.run();
        });
      } else {
        beforeGet(point, change, ran);
      }
      Runnable write = delete ? () -> employees.delete(read) : () -> employees.update(read.withAge(30));
      RuntimeException failure = null;
      try {
        write.run();
      } catch (RuntimeException e) {
        failure = e;
      }
      backend.forgetPendingActions();
      if (ran.get()) {
        landed++;
        assertThat(failure).as("a write whose entity changed at point %d", point)
            .isInstanceOf(ConcurrencyConflictException.class);
        assertThat(stored(id).age()).isEqualTo(77);
      } else {
        assertThat(failure).as("a write without a race at point %d", point).isNull();
      }
      Invariants.assertEmployeeCopiesConsistent(store, "Company", versions);
      if (afterReads) {
        return landed;
      }
    }
  }

  @Test
  void anUpdateWithAnETagReadThroughAFullCopyFailsWhereverAnotherWriterChangesTheEntity() {
    int landed = raceAtEveryPoint(e -> employees.getByDepartmentAndEmail("Sales", e.email()), false);

    // the entity's read, and where the copy's ETag is not the entity's the reads of its two copies; then the write
    assertThat(landed).isIn(versions.expected(2, 4));
  }

  @Test
  void aDeleteWithAnETagReadThroughAFullCopyFailsWhereverAnotherWriterChangesTheEntity() {
    int landed = raceAtEveryPoint(e -> employees.getByDepartmentAndEmail("Sales", e.email()), true);

    assertThat(landed).isIn(versions.expected(2, 4));
  }

  @Test
  void anUpdateWithAnETagReadThroughItsOwnRowFailsWhereverAnotherWriterChangesTheEntity() {
    int landed = raceAtEveryPoint(e -> employees.getByDepartmentAndEmployeeId("Sales", e.employeeId()), false);

    assertThat(landed).isIn(versions.expected(2, 4));
  }

  @Test
  void ofTwoWritersMovingToOneIndexValueTheFirstToCommitWinsAndTheOtherChangesNothing() {
    Employee ken = employees.insert(Employee.of("Sales", 123, "Ken", "Kwok", 23, "kenk@contoso.com"));
    Employee kim = employees.insert(Employee.of("Sales", 124, "Kim", "Akers", 31, "kim@contoso.com"));
    backend.beforeNextWrite(() -> otherWriter.update(kim.withEmail("wanted@contoso.com")));

    assertThatThrownBy(() -> employees.update(employees.getByDepartmentAndEmail("Sales", "kenk@contoso.com")
            .withEmail("wanted@contoso.com")))
        .isInstanceOf(EntityExistsException.class)
        .hasMessageContaining("index 'email' value 'email_wanted@contoso.com' is already taken by another entity"
            + " (RowKey 'empid_00000124')");

    assertThat(stored(123)).isEqualTo(ken);
    assertThat(otherWriter.getByDepartmentAndEmail("Sales", "wanted@contoso.com").employeeId()).isEqualTo(124);
    assertThat(RawRows.rowKeys(store, "Company", "Sales")).containsExactly("email_kenk@contoso.com",
        "email_wanted@contoso.com", "empid_00000123", "empid_00000124", "lastname_Akers_00000124",
        "lastname_Kwok_00000123");
    Invariants.assertEmployeeCopiesConsistent(store, "Company", versions);
  }

  @Test
  void aMissingCopyWhoseValueAnotherEntityTakesBetweenReadAndWriteIsNotStolen() {
    Employee ken = employees.insert(Employee.of("Sales", 123, "Ken", "Kwok", 23, "kenk@contoso.com"));
    store.write("Company", WriteOperation.delete("Sales", "email_kenk@contoso.com", "*"));
    Employee ben = Employee.of("Sales", 200, "Ben", "Smith", 35, "kenk@contoso.com");
    backend.beforeNextWrite(() -> otherWriter.insert(ben));

    assertThatThrownBy(() -> employees.update(ken.withAge(24)))
        .isInstanceOf(EntityExistsException.class)
        .hasMessageContaining("index 'email' value 'email_kenk@contoso.com' is already taken by another entity"
            + " (RowKey 'empid_00000200')");

    assertThat(stored(123)).isEqualTo(ken);
    assertThat(otherWriter.getByDepartmentAndEmail("Sales", "kenk@contoso.com").employeeId()).isEqualTo(200);
    assertThat(RawRows.get(store, "Company", "Sales", "email_kenk@contoso.com").get("TmPrimaryRowKey"))
        .isEqualTo("empid_00000200");
  }

  @Test
  void writersRacingForOneIndexValueInEachRoundLetExactlyOneWinAndLeaveNoStolenOrOrphanCopy() throws Exception {
    int writers = 6;
    int rounds = 25;
    for (int w = 0; w < writers; w++) {
      employees.insert(Employee.of("Sales", w, "W" + w, "L" + w, 20, "start" + w + "@contoso.com"));
    }
    CyclicBarrier start = new CyclicBarrier(writers);
    AtomicInteger[] winners = new AtomicInteger[rounds];
    for (int r = 0; r < rounds; r++) {
      winners[r] = new AtomicInteger();
    }
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    List<Future<?>> done = new ArrayList<>();
    for (int w = 0; w < writers; w++) {
      int writer = w;
      done.add(pool.submit(() -> {
        for (int r = 0; r < rounds; r++) {
          Employee current = employees.getByDepartmentAndEmployeeId("Sales", writer);
          Employee read = r % 2 == 0 ? current : employees.getByDepartmentAndEmail("Sales", current.email());
          start.await(10, TimeUnit.SECONDS);
          try {
            employees.update(read.withEmail("round" + r + "@contoso.com").withAge(r));
            winners[r].incrementAndGet();
          } catch (EntityExistsException lost) {
            assertThat(lost).hasMessageContaining("index 'email' value 'email_round" + r + "@contoso.com'");
          }
        }
        return null;
      }));
    }
    for (Future<?> future : done) {
      future.get(30, TimeUnit.SECONDS);
    }
    pool.shutdown();

    for (int r = 0; r < rounds; r++) {
      assertThat(winners[r].get()).as("winners of round %d", r).isEqualTo(1);
    }
    List<TableRow> copies = RawRows.partition(store, "Company", "Sales").stream()
        .filter(row -> "Employee#email".equals(row.get("EntityType")))
        .toList();
    assertThat(copies).hasSize(writers);
    Invariants.assertEmployeeCopiesConsistent(store, "Company", versions);
  }
}
