package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.UnknownEntityTypeException;
import io.tablemapper.api.UnknownTypePolicy;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.tck.fixtures.Department;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.people.Person;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Partition reads of rows no known class declares, under each {@link UnknownTypePolicy}, and of rows without a
 * discriminator, resolved by the one class whose key templates their keys fit.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class UnknownTypesTest {
  private final TableBackend backend;
  private final Employee ken = Employee.of("Sales", 1, "Ken", "Kwok", 23, "kenk@contoso.com");

  UnknownTypesTest(StoreUnderTest stores) {
    this.backend = stores.newStore();
  }

  @BeforeEach
  void fill() {
    TableMapper.builder().backend(backend).build().batch("Company", "Sales").insert(ken).commit();
    backend.batch("Company", List.of(
        WriteOperation.insert(TableRow.builder("Sales", "asset_0001")
            .putString(EntityMapping.TYPE_PROPERTY, "Asset").putString("name", "Laptop").build()),
        WriteOperation.insert(TableRow.builder("Sales", "empid_00000002")
            .putString("firstName", "Kim").putInt32("age", 31).build())));
  }

  @AfterEach
  void close() {
    backend.close();
  }

  private TableMapper mapper(UnknownTypePolicy policy) {
    return TableMapper.builder().backend(backend).entities(Employee.class).unknownTypes(policy)
        .build();
  }

  @Test
  void byDefaultARowOfAnUnknownTypeFailsNamingItsTypeTableAndKeys() {
    assertThatThrownBy(() -> TableMapper.builder().backend(backend).entities(Employee.class).build()
            .partition("Company", "Sales").all())
        .isInstanceOf(UnknownEntityTypeException.class)
        .hasMessageContaining("row (PartitionKey 'Sales', RowKey 'asset_0001') of table Company")
        .hasMessageContaining("EntityType 'Asset'")
        .hasMessageContaining("unknownTypes")
        .satisfies(e -> assertThat(((UnknownEntityTypeException) e).typeName()).isEqualTo("Asset"));
  }

  @Test
  void skipLeavesRowsOfUnknownTypesOutAndNeverReturnsIndexCopies() {
    List<Object> all = mapper(UnknownTypePolicy.SKIP).partition("Company", "Sales").all();

    assertThat(all).hasSize(2);
    assertThat(all.get(0)).isEqualTo(ken.withEtag(((Employee) all.get(0)).etag()));
    assertThat(all.get(1)).isInstanceOf(Employee.class);
  }

  @Test
  void dynamicReturnsRowsOfUnknownTypesAsDynamicEntitiesInRowKeyOrder() {
    Page<Object> page = mapper(UnknownTypePolicy.DYNAMIC).partition("Company", "Sales").page(PageRequest.of(10));

    assertThat(page.items()).hasSize(3);
    if (!backend.profile().ordered()) {
      // a partition's page comes in the store's order: on Cosmos DB any order
      assertThat(page.items()).filteredOn(DynamicEntity.class::isInstance).singleElement()
          .satisfies(asset -> assertThat(((DynamicEntity) asset).getString("name")).isEqualTo("Laptop"));
      assertThat(page.items()).filteredOn(Employee.class::isInstance).hasSize(2);
      return;
    }
    assertThat(page.items().get(0)).isInstanceOfSatisfying(DynamicEntity.class, asset -> {
      assertThat(asset.entityType()).isEqualTo("Asset");
      assertThat(asset.getString("name")).isEqualTo("Laptop");
    });
    assertThat(page.items().get(1)).isInstanceOf(Employee.class);
    assertThat(page.items().get(2)).isInstanceOf(Employee.class);
  }

  @Test
  void aRowWithoutDiscriminatorIsResolvedByTheOneClassWhoseKeyTemplatesItsKeysFit() {
    List<Object> all = mapper(UnknownTypePolicy.SKIP).partition("Company", "Sales").all();

    assertThat(all.get(1)).isInstanceOfSatisfying(Employee.class, kim -> {
      assertThat(kim.employeeId()).isEqualTo(2); // decoded from the RowKey
      assertThat(kim.firstName()).isEqualTo("Kim");
      assertThat(kim.age()).isEqualTo(31);
    });
  }

  @Test
  void aRowWithoutDiscriminatorWhoseKeysFitNoClassFollowsThePolicy() {
    backend.batch("Company", List.of(WriteOperation.insert(TableRow.builder("HR", "zz_1").putString("x", "y").build())));

    assertThatThrownBy(() -> mapper(UnknownTypePolicy.FAIL).partition("Company", "HR").all())
        .isInstanceOf(UnknownEntityTypeException.class)
        .hasMessageContaining("has no EntityType property")
        .hasMessageContaining("key templates of no entity class");
    assertThat(mapper(UnknownTypePolicy.DYNAMIC).partition("Company", "HR").all())
        .singleElement().isInstanceOf(DynamicEntity.class);
  }

  @Test
  void keyTemplatesSharedByTheTypesOfAHierarchyAreAnAmbiguityNamingThem() {
    backend.createTableIfNotExists("People");
    backend.batch("People", List.of(WriteOperation.insert(TableRow.builder("Contoso", "person_000001")
        .putString("firstName", "Ann").build())));
    TableMapper mapper = TableMapper.builder().backend(backend).entities(Person.class).build();

    assertThatThrownBy(() -> mapper.partition("People", "Contoso").all())
        .isInstanceOf(UnknownEntityTypeException.class)
        .hasMessageContaining("RowKey 'person_000001'")
        .hasMessageContaining("its keys fit the key templates of several entity classes (Customer, Employee, Manager)");
  }

  @Test
  void readsOfOneClassNeverMeetRowsOfOtherTypes() {
    TableMapper mapper = mapper(UnknownTypePolicy.FAIL);

    assertThat(mapper.partition("Company", "Sales").all(Employee.class)).extracting(Employee::employeeId)
        .containsExactly(1);
    assertThat(mapper.partition("Company", "Sales").all(Department.class)).isEmpty();
  }
}
