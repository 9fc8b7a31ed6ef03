package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.support.InterceptingBackend;
import io.tablemapper.tck.support.RawRows;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

@ParameterizedClass
@ArgumentsSource(KitStores.class)
class ConcurrencyTest {
  private final BatchVersions versions;
  private final TableBackend store;
  private final InterceptingBackend backend;
  private final TableMapper mapper;
  private final EmployeeRepository employees;
  /** Another writer, straight on the store. Never closed: closing a mapper closes its backend. */
  private final EmployeeRepository otherWriter;
  private final Employee ken = Employee.of("Sales", 123, "Ken", "Kwok", 23, "kenk@contoso.com");

  ConcurrencyTest(StoreUnderTest under) {
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

  @Test
  void anUpdateWithoutETagThatRacesWithAnotherWriterReadsAgainAndKeepsTheCopiesConsistent() {
    Employee stored = employees.insert(ken);
    backend.beforeNextWrite(() -> otherWriter.update(stored.withEmail("other@contoso.com")));

    Employee mine = employees.update(stored.withAge(60).withEtag(null));

    assertThat(RawRows.get(store, "Company", "Sales", "empid_00000123").etag()).isEqualTo(mine.etag());
    assertThat(RawRows.rowKeys(store, "Company", "Sales"))
        .containsExactly("email_kenk@contoso.com", "empid_00000123", "lastname_Kwok_00000123");
    Invariants.assertEmployeeCopiesConsistent(store, "Company", versions);
  }

  @Test
  void anUpdateWithAnETagOfStarThatRacesWithAnotherWriterIsRetriedLikeOneWithout() {
    Employee stored = employees.insert(ken);
    backend.beforeNextWrite(() -> otherWriter.update(stored.withEmail("other@contoso.com")));

    Employee mine = employees.update(stored.withAge(60).withEtag("*"));

    assertThat(RawRows.get(store, "Company", "Sales", "empid_00000123").etag()).isEqualTo(mine.etag());
    Invariants.assertEmployeeCopiesConsistent(store, "Company", versions);
  }

  @Test
  void anUpdateWithAnETagThatRacesWithAnotherWriterFailsAndWritesNothing() {
    Employee stored = employees.insert(ken);
    backend.beforeNextWrite(() -> otherWriter.update(stored.withEmail("other@contoso.com")));

    assertThatThrownBy(() -> employees.update(stored.withAge(60)))
        .isInstanceOf(ConcurrencyConflictException.class)
        .hasMessageContaining("Employee (PartitionKey 'Sales', RowKey 'empid_00000123')");
    assertThat(RawRows.get(store, "Company", "Sales", "empid_00000123").get("email"))
        .isEqualTo("other@contoso.com");
    Invariants.assertEmployeeCopiesConsistent(store, "Company", versions);
  }

  @Test
  void aDeleteWithoutETagThatRacesWithAnotherWriterDeletesTheCopiesOfWhatIsStoredThen() {
    Employee stored = employees.insert(ken);
    backend.beforeNextWrite(() -> otherWriter.update(stored.withEmail("other@contoso.com")));

    employees.delete(stored.withEtag(null));

    assertThat(RawRows.all(store, "Company")).isEmpty();
  }

  @Test
  void anUpsertThatRacesWithAnInsertOfTheSameEntityBecomesAnUpdate() {
    employees.findByDepartmentAndEmployeeId("Sales", 123);
    backend.beforeNextWrite(() -> otherWriter.insert(ken.withEmail("first@contoso.com")));

    Employee mine = employees.upsert(ken.withAge(33));

    assertThat(employees.getByDepartmentAndEmployeeId("Sales", 123)).isEqualTo(mine);
    assertThat(RawRows.rowKeys(store, "Company", "Sales"))
        .containsExactly("email_kenk@contoso.com", "empid_00000123", "lastname_Kwok_00000123");
    Invariants.assertEmployeeCopiesConsistent(store, "Company", versions);
  }

  @Test
  void aWriterThatLosesEveryRaceGivesUpAfterBoundedAttemptsLeavingTheStoreConsistent() {
    Employee stored = employees.insert(ken);
    AtomicInteger races = new AtomicInteger();
    Runnable[] interfere = new Runnable[1];
    interfere[0] = () -> {
      int n = races.incrementAndGet();
      otherWriter.update(stored.withAge(100 + n).withEtag(null));
      backend.beforeNextWrite(interfere[0]);
    };
    backend.beforeNextWrite(interfere[0]);

    assertThatThrownBy(() -> employees.update(stored.withEmail("mine@contoso.com").withEtag(null)))
        .isInstanceOf(ConcurrencyConflictException.class)
        .hasMessageContaining(Contract.RACE_ATTEMPTS + " attempts");
    assertThat(races.get()).isEqualTo(Contract.RACE_ATTEMPTS);
    assertThat(RawRows.get(store, "Company", "Sales", "email_mine@contoso.com")).isNull();
    Invariants.assertEmployeeCopiesConsistent(store, "Company", versions);
  }

  @Test
  void aWriterThatGivesUpSaysWhatTheOtherWritersDidAndClaimsNoChangeWhenThereWasNone() {
    employees.findByDepartmentAndEmployeeId("Sales", 123);
    mapper.indexes(Employee.class).recorded(); // its index states recorded before the hooks count its writes
    AtomicInteger races = new AtomicInteger();
    Runnable[] interfere = new Runnable[1];
    interfere[0] = () -> {
      if (races.incrementAndGet() % 2 == 1) {
        otherWriter.insert(ken);
      } else {
        otherWriter.delete(ken);
      }
      backend.beforeNextWrite(interfere[0]);
    };
    backend.beforeNextWrite(interfere[0]);

    assertThatThrownBy(() -> employees.upsert(ken.withAge(33)))
        .isInstanceOf(ConcurrencyConflictException.class)
        .hasMessageContaining("cannot upsert Employee (PartitionKey 'Sales', RowKey 'empid_00000123')")
        .hasMessageContaining("other writers deleted or inserted it")
        .hasMessageContaining(Contract.RACE_ATTEMPTS + " attempts")
        .hasMessageNotContaining("changed");
    assertThat(races.get()).isEqualTo(Contract.RACE_ATTEMPTS);
    Invariants.assertEmployeeCopiesConsistent(store, "Company", versions);
  }

  @Test
  void manyThreadsUpdatingOneIndexedEntityNeverLeaveOrphanOrMissingCopies() throws Exception {
    employees.insert(ken);
    int threads = 8;
    int rounds = 60;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    AtomicInteger written = new AtomicInteger();
    AtomicInteger conflicts = new AtomicInteger();
    List<Future<?>> done = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int thread = t;
      done.add(pool.submit(() -> {
        Random random = new Random(thread);
        start.await();
        for (int i = 0; i < rounds; i++) {
          Employee current = employees.getByDepartmentAndEmployeeId("Sales", 123);
          Employee changed = current
              .withEmail("t" + thread + "-" + random.nextInt(3) + "@contoso.com")
              .withLastName(random.nextBoolean() ? "Kwok" : "Kwok" + thread)
              .withAge(i);
          try {
            switch (random.nextInt(3)) {
              case 0:
                employees.update(changed);
                break;
              case 1:
                employees.update(changed.withEtag(null));
                break;
              default:
                employees.upsert(changed);
                break;
            }
            written.incrementAndGet();
          } catch (ConcurrencyConflictException expected) {
            conflicts.incrementAndGet();
          }
        }
        return null;
      }));
    }
    start.countDown();
    for (Future<?> future : done) {
      // a bound against a hang, not a measure: 480 writes on Azurite take seconds, many times that on a loaded machine
      future.get(120, TimeUnit.SECONDS);
    }
    pool.shutdown();

    assertThat(written.get()).isPositive();
    assertThat(written.get() + conflicts.get()).isEqualTo(threads * rounds);
    List<TableRow> rows = RawRows.partition(store, "Company", "Sales");
    assertThat(rows).hasSize(3);
    Invariants.assertEmployeeCopiesConsistent(store, "Company", versions);
  }
}
