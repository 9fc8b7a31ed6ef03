package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.DynamicQuery;
import io.tablemapper.api.DynamicTable;
import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.Filter;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.fixtures.Employee_;
import io.tablemapper.tck.support.InterceptingBackend;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Dynamic queries that select properties: the store is asked for those (and the entity type) alone, on every
 * backend, pages included.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class DynamicSelectionTest {
  private final InterceptingBackend backend;
  private final TableMapper mapper;

  DynamicSelectionTest(StoreUnderTest stores) {
    this.backend = new InterceptingBackend(stores.newStore());
    this.mapper = TableMapper.builder().backend(backend).build();
  }

  @BeforeEach
  void fill() {
    EmployeeRepository employees = mapper.repository(EmployeeRepository.class);
    employees.insert(Employee.of("Sales", 1, "Ken", "Kwok", 30, "ken@contoso.com"));
    employees.insert(Employee.of("Sales", 2, "Ann", "Smith", 41, "ann@contoso.com"));
    employees.insert(Employee.of("Sales", 3, "Kim", "Smith", 25, "kim@contoso.com"));
    employees.insert(Employee.of("Sales", 4, "Bob", "Lee", 52, "bob@contoso.com"));
    employees.insert(Employee.of("Sales", 5, "Eve", "Moss", 38, "eve@contoso.com"));
    employees.insert(Employee.of("Marketing", 6, "Joe", "Kwok", 33, "joe@contoso.com"));
    backend.sentQueries.clear();
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private List<List<String>> selections() {
    return backend.sentQueries.stream().map(TableQuery::select).collect(Collectors.toList());
  }

  @Test
  void aDynamicQueryReadsOnlyTheSelectedPropertiesAndEachRowKeepsItsType() {
    DynamicTable company = mapper.dynamic("Company");

    List<DynamicEntity> rows = company.query(DynamicQuery.partition("Sales").rowKeyStartsWith("empid_")
        .filter(Filter.gt(Employee_.AGE, 39))
        .select(Employee_.FIRST_NAME));

    assertThat(rows).extracting(row -> row.get(Employee_.FIRST_NAME)).containsExactly("Ann", "Bob");
    assertThat(rows).allSatisfy(row -> {
      assertThat(row.properties()).containsOnlyKeys(Employee_.FIRST_NAME, EntityMapping.TYPE_PROPERTY);
      assertThat(row.entityType()).isEqualTo("Employee");
      assertThat(row.etag()).isNotNull();
    });
    assertThat(selections()).containsExactly(List.of(Employee_.FIRST_NAME, EntityMapping.TYPE_PROPERTY));
  }

  @Test
  void aPagedDynamicQueryWithASelectionContinuesWhereTheLastPageEnded() {
    DynamicTable company = mapper.dynamic("Company");
    DynamicQuery query =
        DynamicQuery.partition("Sales").rowKeyStartsWith("empid_").select(Employee_.LAST_NAME, Employee_.AGE);

    Page<DynamicEntity> first = company.query(query, PageRequest.of(3));
    Page<DynamicEntity> second =
        company.query(query, PageRequest.after(first.continuationToken().orElseThrow(), 3));

    List<DynamicEntity> both = new ArrayList<>(first.items());
    both.addAll(second.items());
    if (!backend.profile().ordered()) {
      both.sort(Comparator.comparing(DynamicEntity::rowKey)); // the pages follow the store's order (Cosmos DB: none)
    }
    assertThat(first.items()).hasSize(3);
    assertThat(both.subList(0, 3)).extracting(row -> row.get(Employee_.LAST_NAME))
        .containsExactly("Kwok", "Smith", "Smith");
    assertThat(both.subList(3, 5)).extracting(row -> row.get(Employee_.AGE)).containsExactly(52, 38);
    assertThat(second.continuationToken()).isEmpty();
    assertThat(second.items()).allSatisfy(row -> assertThat(row.properties())
        .containsOnlyKeys(Employee_.LAST_NAME, Employee_.AGE, EntityMapping.TYPE_PROPERTY));
  }

  @Test
  void aDynamicSelectionOfNoPropertyReadsTheKeysAndTheTypeAlone() {
    List<DynamicEntity> rows = mapper.dynamic("Company").query(DynamicQuery.partition("Marketing")
        .rowKeyStartsWith("empid_").select());

    assertThat(rows).singleElement().satisfies(row -> {
      assertThat(row.rowKey()).isEqualTo("empid_00000006");
      assertThat(row.properties()).containsOnlyKeys(EntityMapping.TYPE_PROPERTY);
      assertThat(row.entityType()).isEqualTo("Employee");
    });
  }

  @Test
  void aSelectionNamesEachPropertyOnceAndRefusesAnEmptyOrNullName() {
    DynamicQuery query = DynamicQuery.partition("Sales").select("a", "b", "a");

    assertThat(query.selected()).containsExactly("a", "b");
    assertThat(query.filter(Filter.eq("a", "x")).selected()).containsExactly("a", "b");
    assertThat(DynamicQuery.partition("Sales").selected()).isNull();
    assertThatThrownBy(() -> DynamicQuery.table().select("a", "")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("empty name");
    assertThatThrownBy(() -> DynamicQuery.table().select("a", null)).isInstanceOf(NullPointerException.class);
  }
}
