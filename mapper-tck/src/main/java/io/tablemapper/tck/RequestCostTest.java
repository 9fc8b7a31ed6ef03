package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.NewerVersionPolicy;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.fixtures.Department;
import io.tablemapper.tck.fixtures.DepartmentRepository;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.support.InterceptingBackend;
import io.tablemapper.tck.support.InterceptingBackend.Requests;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * What each operation costs in requests to the store, with an Employee of two indexes (a full copy on email, a
 * partial one on last name) and a Department of none. Where the store gives all rows of a batch one ETag, an
 * in-step copy has its entity's, so indexed writes read only the entity; where it gives each row its own, they
 * also read the entity's copies, whose ETags their operations are conditional on.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class RequestCostTest {
  private final BatchVersions versions;
  private final TableBackend store;
  private final InterceptingBackend backend;
  private final TableMapper mapper;
  private final EmployeeRepository employees;
  private final DepartmentRepository departments;
  private Employee ken;
  private Employee kim;
  private Department sales;

  RequestCostTest(StoreUnderTest under) {
    this.versions = under.batchVersions();
    this.store = under.newStore();
    this.backend = new InterceptingBackend(store);
    this.mapper = TableMapper.builder().backend(backend).build();
    this.employees = mapper.repository(EmployeeRepository.class);
    this.departments = mapper.repository(DepartmentRepository.class);
  }

  @BeforeEach
  void fill() {
    ken = employees.insert(Employee.of("Sales", 123, "Ken", "Kwok", 23, "kenk@contoso.com"));
    kim = employees.insert(Employee.of("Sales", 124, "Kim", "Kwok", 41, "kim@contoso.com"));
    sales = departments.insert(new Department("Sales", "Ann", 2, null));
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private Requests cost(Runnable operation) {
    Requests before = backend.requests();
    operation.run();
    return backend.requests().since(before);
  }

  private static Requests gets(int gets) {
    return new Requests(gets, 0, 0, 0);
  }

  /**
   * {@code shared} point reads and one batch where the rows of a batch share an ETag, {@code distinct} where they do
   * not, and any count between on a store that does either ({@link BatchVersions#expected(int, int)}).
   */
  private List<Requests> readsAndBatches(int shared, int distinct) {
    return versions.expected(shared, distinct).stream().map(RequestCostTest::readsAndBatch).toList();
  }

  /** {@code gets} point reads and one batch. */
  private static Requests readsAndBatch(int gets) {
    return new Requests(gets, 0, 0, 1);
  }

  // The point reads of an indexed write: the entity, and its two copies where they have ETags of their own (1 or 3).

  @Test
  void readsCostWhatTheirPlanSays() {
    assertThat(cost(() -> employees.getByDepartmentAndEmployeeId("Sales", 123))).isEqualTo(gets(1));
    assertThat(cost(() -> employees.getByDepartmentAndEmail("Sales", "kim@contoso.com"))).isEqualTo(gets(1));
    assertThat(cost(() -> employees.findByDepartmentAndEmailStartsWith("Sales", "k")))
        .isEqualTo(new Requests(0, 1, 0, 0));
    assertThat(cost(() -> employees.findByDepartmentAndLastName("Sales", "Kwok")))
        .as("a query, then each partial copy's entity").isEqualTo(new Requests(2, 1, 0, 0));
    assertThat(cost(() -> mapper.partition("Company", "Sales").all())).isEqualTo(new Requests(0, 1, 0, 0));
  }

  @Test
  void anInsertOfAnIndexedEntityIsOneBatch() {
    assertThat(cost(() -> employees.insert(Employee.of("Sales", 200, "Ben", "Smith", 35, "ben@contoso.com"))))
        .isEqualTo(readsAndBatch(0));
  }

  @Test
  void anUpdateOfAnIndexedEntityReadsItThenSendsOneBatch() {
    assertThat(cost(() -> ken = employees.update(ken.withAge(24)))).isIn(readsAndBatches(1, 3));
    assertThat(cost(() -> ken = employees.update(ken.withEmail("ken2@contoso.com").withLastName("K"))))
        .as("moving both copies").isIn(readsAndBatches(1, 3));
    assertThat(cost(() -> employees.update(ken.withAge(25).withEtag(null)))).as("without ETag")
        .isIn(readsAndBatches(1, 3));
  }

  @Test
  void anUpdateWithAnETagReadThroughAFullCopyCostsNoMore() {
    Employee viaCopy = employees.getByDepartmentAndEmail("Sales", "kenk@contoso.com");

    assertThat(cost(() -> employees.update(viaCopy.withAge(24)))).isIn(readsAndBatches(1, 3));
  }

  @Test
  void aStaleETagIsRefusedAfterReadingTheEntityAndItsFullCopyWithoutSendingAnything() {
    employees.update(ken.withAge(24));

    Requests cost = cost(() -> assertThatThrownBy(() -> employees.update(ken.withAge(25)))
        .isInstanceOf(ConcurrencyConflictException.class));

    assertThat(cost).as("the entity, then its full copy, whose ETag the stale one might be")
        .isIn(versions.expected(gets(2), gets(3)));
  }

  @Test
  void aDeleteOrUpsertOfAnIndexedEntityReadsItThenSendsOneBatch() {
    assertThat(cost(() -> employees.upsert(kim.withAge(50)))).isIn(readsAndBatches(1, 3));
    assertThat(cost(() -> employees.delete(ken))).isIn(readsAndBatches(1, 3));
  }

  @Test
  void anUpdateOfAnEntityWithoutIndexesReadsTheStoredVersionFirstWhileNewerRowsAreProtected() {
    assertThat(cost(() -> sales = departments.update(sales.withManager("Bob"))))
        .as("the stored row's version is read, then the replace is conditional on its ETag")
        .isEqualTo(new Requests(1, 0, 1, 0));
    assertThat(cost(() -> sales = departments.merge(sales.withManager("Cy"))))
        .as("a merge is never refused over a newer row: nothing to read").isEqualTo(new Requests(0, 0, 1, 0));
    assertThat(cost(() -> departments.delete(sales))).isEqualTo(new Requests(0, 0, 1, 0));
  }

  @Test
  void writesOfAnEntityWithoutIndexesAreOneRequestEachWhereNewerRowsMayBeReplaced() {
    DepartmentRepository unguarded = TableMapper.builder().backend(backend)
        .newerVersions(NewerVersionPolicy.ALLOW_REPLACE).build().repository(DepartmentRepository.class);

    assertThat(cost(() -> sales = unguarded.update(sales.withManager("Bob")))).isEqualTo(new Requests(0, 0, 1, 0));
    assertThat(cost(() -> sales = unguarded.upsert(sales.withManager("Cy")))).isEqualTo(new Requests(0, 0, 1, 0));
    assertThat(cost(() -> sales = unguarded.merge(sales.withManager("Di")))).isEqualTo(new Requests(0, 0, 1, 0));
    assertThat(cost(() -> unguarded.delete(sales))).isEqualTo(new Requests(0, 0, 1, 0));
  }

  @Test
  void aBatchReadsEachIndexedEntityThenSendsOneBatch() {
    assertThat(cost(() -> mapper.batch("Company", "Sales")
            .update(ken.withAge(30)).update(kim.withAge(31)).update(sales.withManager("Cy")).commit()))
        .as("each indexed entity's reads, and the Department's version")
        .isIn(readsAndBatches(3, 7));
  }

  @Test
  void aDeleteByQueryThroughAFullCopyReadsTheEntitiesOnlyWhereCopiesHaveETagsOfTheirOwn() {
    assertThat(cost(() -> employees.deleteByDepartmentAndEmailStartsWith("Sales", "k")))
        .isIn(versions.expected(new Requests(0, 1, 0, 1), new Requests(6, 1, 0, 1)));
  }

  @Test
  void aFreshMapperLearnsFromItsFirstIndexedWriteWhetherCopiesShareTheirEntitysETag() {
    InterceptingBackend fresh = new InterceptingBackend(store);
    EmployeeRepository repository = TableMapper.builder().backend(fresh).build().repository(EmployeeRepository.class);

    Requests before = fresh.requests();
    Employee first = repository.update(ken.withAge(40));
    Requests firstCost = fresh.requests().since(before);
    before = fresh.requests();
    repository.update(first.withAge(41));
    Requests secondCost = fresh.requests().since(before);

    // and, before it, the one read of the type's index states a mapper makes before its first write of the type
    assertThat(firstCost).as("one read and the batch; or where copies have ETags of their own, a batch refused for"
        + " guessing a copy's ETag, then the copies read and sent again")
        .isIn(versions.expected(readsAndBatch(2), new Requests(4, 0, 0, 2)));
    assertThat(secondCost).isIn(readsAndBatches(1, 3));
    Invariants.assertEmployeeCopiesConsistent(store, "Company", versions);
  }
}
