package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.DynamicQuery;
import io.tablemapper.api.MapperScope;
import io.tablemapper.api.OutOfScopeException;
import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.TableMapper;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.support.InterceptingBackend;
import io.tablemapper.tck.support.RawRows;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * A scoped view of a mapper, one tenant per partition range ({@code acme_...} of table Company), refuses every read
 * and write outside its scope — repositories (point, index, range, scan, paged with a continuation token), writes,
 * batches, partitions, dynamic tables, other tables, drops — before it sends any request, and serves everything
 * inside it as the mapper does.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class ScopedViewsTest {
  private static final Employee ACME_KEN = Employee.of("acme_Sales", 1, "Ken", "Kwok", 23, "ken@acme.com");
  private static final Employee ACME_ANN = Employee.of("acme_Sales", 2, "Ann", "Lee", 31, "ann@acme.com");
  private static final Employee GLOBEX_BOB = Employee.of("globex_Sales", 3, "Bob", "Kwok", 45, "bob@globex.com");

  private final InterceptingBackend store;
  private final TableMapper mapper;
  private final TableMapper acme;
  private final EmployeeRepository acmeEmployees;

  ScopedViewsTest(StoreUnderTest stores) {
    this.store = new InterceptingBackend(stores.newStore());
    this.mapper = TableMapper.builder().backend(store).build();
    this.acme = mapper.scoped(MapperScope.builder().partitionPrefix("Company", "acme_").build());
    this.acmeEmployees = acme.repository(EmployeeRepository.class);
  }

  @BeforeEach
  void fill() {
    EmployeeRepository all = mapper.repository(EmployeeRepository.class);
    all.insert(ACME_KEN);
    all.insert(ACME_ANN);
    all.insert(GLOBEX_BOB);
    mapper.dynamic("Other").insert(DynamicEntity.builder("acme_Sales", "x").putString("v", "1").build());
  }

  @AfterEach
  void close() {
    acme.close();
    mapper.close();
  }

  private int requests() {
    return store.gets.get() + store.queries.get() + store.writes.get() + store.batches.size()
        + store.tableCreations.get();
  }

  /** Asserts the call is refused as out of scope, naming {@code what}, and sends nothing to the store. */
  private void assertRefused(ThrowingCallable call, String what) {
    int before = requests();
    assertThatThrownBy(call).isInstanceOf(OutOfScopeException.class)
        .hasMessageContaining(what)
        .hasMessageContaining("outside this mapper's scope MapperScope[company PartitionKey ['acme_' .. 'acme`')]");
    assertThat(requests()).as("requests sent").isEqualTo(before);
  }

  @Test
  void everythingInsideTheScopeIsServedAsByTheMapper() {
    assertThat(acmeEmployees.findByDepartmentAndEmployeeId("acme_Sales", 1)).isPresent();
    assertThat(acmeEmployees.findByDepartmentAndEmail("acme_Sales", "ann@acme.com")).isPresent();
    assertThat(acmeEmployees.findByDepartmentAndLastName("acme_Sales", "Kwok")).extracting(Employee::firstName)
        .containsExactly("Ken");
    acmeEmployees.insert(Employee.of("acme_Ops", 4, "Cy", "Ho", 50, "cy@acme.com"));
    acme.batch("Company", "acme_Sales").delete(ACME_ANN).commit();
    assertThat(acme.partition("Company", "acme_Sales").all(Employee.class)).extracting(Employee::firstName)
        .containsExactly("Ken");
    assertThat(mapper.repository(EmployeeRepository.class).findByDepartmentAndEmployeeId("acme_Ops", 4)).isPresent();
  }

  @Test
  void readsOfAnotherTenantAreRefusedBeforeAnyRequest() {
    assertRefused(() -> acmeEmployees.findByDepartmentAndEmployeeId("globex_Sales", 3), "partition 'globex_Sales'");
    assertRefused(() -> acmeEmployees.findByDepartmentAndEmail("globex_Sales", "bob@globex.com"), "globex_Sales");
    assertRefused(() -> acmeEmployees.findByDepartmentAndLastName("globex_Sales", "Kwok"), "globex_Sales");
    assertRefused(() -> acmeEmployees.countByDepartment("globex_Sales"), "globex_Sales");
    assertRefused(() -> acmeEmployees.existsByDepartmentAndEmail("globex_Sales", "bob@globex.com"), "globex_Sales");
  }

  @Test
  void aTableScanOfAPartlyScopedTableIsRefusedNotNarrowed() {
    assertRefused(() -> acmeEmployees.findByAgeGreaterThanEqual(0), "over every partition");
  }

  @Test
  void writesOfAnotherTenantAreRefusedAndNothingIsWritten() {
    Employee globexNew = Employee.of("globex_Sales", 9, "Eve", "Moe", 20, "eve@globex.com");

    assertRefused(() -> acmeEmployees.insert(globexNew), "insert of Employee");
    assertRefused(() -> acmeEmployees.upsert(GLOBEX_BOB), "globex_Sales");
    assertRefused(() -> acmeEmployees.update(GLOBEX_BOB), "globex_Sales");
    assertRefused(() -> acmeEmployees.delete(GLOBEX_BOB), "globex_Sales");
    assertRefused(() -> acmeEmployees.deleteByDepartment("globex_Sales"), "globex_Sales");
    assertThat(RawRows.rowKeys(store.delegate, "Company", "globex_Sales")).contains("empid_00000003")
        .doesNotContain("empid_00000009");
  }

  @Test
  void aBatchOfAnotherTenantIsRefusedAtCommitBeforeAnyRequest() {
    assertRefused(() -> acme.batch("Company", "globex_Sales").delete(GLOBEX_BOB).commit(), "globex_Sales");
  }

  @Test
  void partitionReadsOfAnotherTenantAreRefused() {
    assertRefused(() -> acme.partition("Company", "globex_Sales").all(), "globex_Sales");
    assertRefused(() -> acme.partition("Company", "globex_Sales").page(PageRequest.of(10)), "globex_Sales");
  }

  @Test
  void dynamicTablesAreScopedToo() {
    assertRefused(() -> acme.dynamic("Company").get("globex_Sales", "empid_00000003"), "globex_Sales");
    assertRefused(() -> acme.dynamic("Company").query(DynamicQuery.table()), "every partition");
    assertRefused(() -> acme.dynamic("Company").insert(DynamicEntity.builder("globex_x", "r").build()), "globex_x");
    assertThat(acme.dynamic("Company").get("acme_Sales", "empid_00000001")).isPresent();
  }

  @Test
  void aContinuationTokenCannotLeadOutOfTheScope() {
    mapper.repository(EmployeeRepository.class).insert(Employee.of("globex_Sales", 5, "Dee", "Po", 33, "d@globex.com"));
    String globexToken = mapper.repository(EmployeeRepository.class)
        .findByDepartment("globex_Sales", PageRequest.of(1)).continuationToken().orElseThrow();
    String acmeToken = acmeEmployees.findByDepartment("acme_Sales", PageRequest.of(1)).continuationToken()
        .orElseThrow();
    int before = requests();

    assertThatThrownBy(() -> acmeEmployees.findByDepartment("acme_Sales", PageRequest.after(globexToken, 10)))
        .as("another query's token").isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> acmeEmployees.findByDepartment("globex_Sales", PageRequest.after(acmeToken, 10)))
        .as("a token of the scope with a query outside it").isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> acmeEmployees.findByDepartment("globex_Sales", PageRequest.after(globexToken, 10)))
        .as("the other tenant's own token and query").isInstanceOf(OutOfScopeException.class);
    assertThat(requests()).as("requests sent").isEqualTo(before);
    assertThat(acmeEmployees.findByDepartment("acme_Sales", PageRequest.after(acmeToken, 10)).items())
        .extracting(Employee::firstName).containsExactly("Ann");
  }

  @Test
  void otherTablesAndDropsOfAPartlyScopedTableAreRefused() {
    assertRefused(() -> acme.dynamic("Other").get("acme_Sales", "x"), "table Other");
    assertRefused(() -> acme.deleteTable("Company"), "dropping table Company, which the scope does not hold whole");
    assertThat(store.delegate.tableExists("Company")).isTrue();
  }

  @Test
  void aWholeTableScopeAllowsItsDropAndAViewOfAViewHoldsToBothScopes() {
    TableMapper other = mapper.scoped(MapperScope.builder().table("Other").partition("Company", "acme_Sales")
        .build());
    TableMapper narrower = other.scoped(MapperScope.builder().partition("Company", "acme_Sales").build());

    assertThatThrownBy(() -> narrower.dynamic("Other").get("acme_Sales", "x")).isInstanceOf(OutOfScopeException.class);
    assertThat(narrower.repository(EmployeeRepository.class).findByDepartment("acme_Sales")).hasSize(2);
    assertThat(other.deleteTable("Other")).isTrue();
    assertThat(store.delegate.tableExists("Other")).isFalse();
    narrower.close();
    other.close();
    assertThat(mapper.repository(EmployeeRepository.class).findByDepartment("globex_Sales"))
        .as("closing a view leaves the store open").hasSize(1);
  }

  @Test
  void scopesAreCheckedWhenBuilt() {
    assertThatThrownBy(() -> MapperScope.builder().build()).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> MapperScope.builder().partitions("Company", "b", "a"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is empty");
    assertThatThrownBy(() -> MapperScope.builder().table("no!")).isInstanceOf(IllegalArgumentException.class);
    MapperScope range = MapperScope.builder().partitions("Company", "acme_A", "acme_M").build();
    assertThat(range.allows("company", "acme_B")).isTrue();
    assertThat(range.allows("Company", "acme_N")).isFalse();
    assertThat(range.allows("Other", "acme_B")).isFalse();
  }
}
