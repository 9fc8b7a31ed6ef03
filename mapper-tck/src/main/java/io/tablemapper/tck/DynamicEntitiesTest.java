package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.DynamicQuery;
import io.tablemapper.api.DynamicTable;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.DynamicRows;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.EdmType;
import io.tablemapper.spi.Filter;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.fixtures.Department;
import io.tablemapper.tck.support.RawRows;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/** Rows read, written, merged and queried as {@link DynamicEntity} property bags, without classes. */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class DynamicEntitiesTest {
  private static final Instant HIRED = Instant.parse("2020-01-02T03:04:05.678Z");
  private static final UUID BADGE = UUID.fromString("0b6e0c5e-8a1f-4c55-9d7e-26b1f6e1d0a3");

  private final TableBackend backend;
  private final TableMapper mapper;
  private final DynamicTable company;

  DynamicEntitiesTest(StoreUnderTest stores) {
    this.backend = stores.newStore();
    this.mapper = TableMapper.builder().backend(backend).build();
    this.company = mapper.dynamic("Company");
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private static DynamicEntity employee(String partition, int id, int age) {
    return DynamicEntity.builder(partition, String.format("EMPLOYEE_%06d", id))
        .putString("FirstName", "Ken" + id)
        .putInt32("Age", age)
        .build();
  }

  @Test
  void everyStoreTypeRoundTripsAndTheRowIsStoredExactlyAsBuilt() {
    DynamicEntity written = company.insert(DynamicEntity.builder("Sales", "EMPLOYEE_000123")
        .putString("FirstName", "Ken")
        .putBinary("Photo", new byte[] {1, 2, 3})
        .putBoolean("Active", true)
        .putDateTime("Hired", HIRED)
        .putDouble("Rating", 4.5)
        .putGuid("Badge", BADGE)
        .putInt32("Age", 23)
        .putInt64("Sales", 12_345_678_901L)
        .build());

    DynamicEntity read = company.get("Sales", "EMPLOYEE_000123").orElseThrow();
    assertThat(read).isEqualTo(written);
    assertThat(read.etag()).isNotNull();
    assertThat(read.timestamp()).isNotNull();
    assertThat(read.getString("FirstName")).isEqualTo("Ken");
    assertThat(read.getBinary("Photo")).containsExactly(1, 2, 3);
    assertThat(read.getBoolean("Active")).isTrue();
    assertThat(read.getDateTime("Hired")).isEqualTo(HIRED);
    assertThat(read.getDouble("Rating")).isEqualTo(4.5);
    assertThat(read.getGuid("Badge")).isEqualTo(BADGE);
    assertThat(read.getInt32("Age")).isEqualTo(23);
    assertThat(read.getInt64("Sales")).isEqualTo(12_345_678_901L);
    assertThat(read.typeOf("Sales")).isEqualTo(EdmType.INT64);
    assertThat(read.entityType()).isNull();
    assertThat(RawRows.partition(backend, "Company", "Sales")).singleElement()
        .satisfies(row -> assertThat(row.has(EntityMapping.TYPE_PROPERTY)).isFalse());
  }

  @Test
  void aTypedGetterOfAnotherStoreTypeFailsNamingThePropertyAndBothTypes() {
    DynamicEntity read = company.insert(employee("Sales", 1, 30));

    assertThatThrownBy(() -> read.getString("Age"))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("property 'Age'")
        .hasMessageContaining("Int32")
        .hasMessageContaining("String");
    assertThat(read.getString("Missing")).isNull();
  }

  @Test
  void binaryValuesAreCopiedInAndOut() {
    byte[] photo = {1, 2, 3};
    DynamicEntity entity = DynamicEntity.builder("Sales", "x").putBinary("Photo", photo).build();
    photo[0] = 9;
    entity.getBinary("Photo")[1] = 9;

    assertThat(entity.getBinary("Photo")).containsExactly(1, 2, 3);
  }

  @Test
  void insertUpdateMergeAndDeleteKeepTheStoresRules() {
    DynamicEntity stored = company.insert(employee("Sales", 1, 30));
    assertThatThrownBy(() -> company.insert(employee("Sales", 1, 31))).isInstanceOf(EntityExistsException.class);
    assertThatThrownBy(() -> company.update(employee("Sales", 2, 31))).isInstanceOf(EntityNotFoundException.class);

    DynamicEntity merged = company.merge(DynamicEntity.builder("Sales", "EMPLOYEE_000001")
        .putString("Email", "ken@contoso.com").etag(stored.etag()).build());
    assertThat(company.get("Sales", "EMPLOYEE_000001").orElseThrow().properties())
        .containsEntry("FirstName", "Ken1").containsEntry("Age", 30).containsEntry("Email", "ken@contoso.com");

    assertThatThrownBy(() -> company.update(stored.toBuilder().putInt32("Age", 40).build()))
        .isInstanceOf(ConcurrencyConflictException.class);
    DynamicEntity replaced = company.update(merged.toBuilder().remove("Email").putInt32("Age", 40).build());
    assertThat(company.get("Sales", "EMPLOYEE_000001").orElseThrow()).isEqualTo(replaced);
    assertThat(replaced.has("FirstName")).isFalse(); // merged carried only Email: a replace keeps what it holds

    company.upsert(employee("Sales", 1, 50)); // unconditional
    company.delete(employee("Sales", 1, 0)); // no ETag: unconditional
    assertThat(company.get("Sales", "EMPLOYEE_000001")).isEmpty();
    assertThatThrownBy(() -> company.delete(employee("Sales", 1, 0))).isInstanceOf(EntityNotFoundException.class);
  }

  @Test
  void queriesSelectAPartitionARowKeyPrefixOrRangeAndAFilterInKeyOrder() {
    for (int id = 1; id <= 6; id++) {
      company.insert(employee("Sales", id, 20 + id));
    }
    company.insert(DynamicEntity.builder("Sales", "DEPARTMENT").putString("Manager", "Ann").build());
    company.insert(employee("HR", 7, 40));

    assertThat(company.query(DynamicQuery.partition("Sales"))).hasSize(7);
    assertThat(company.query(DynamicQuery.partition("Sales").rowKeyStartsWith("EMPLOYEE_")
            .filter(Filter.gt("Age", 23))))
        .extracting(DynamicEntity::rowKey)
        .containsExactly("EMPLOYEE_000004", "EMPLOYEE_000005", "EMPLOYEE_000006");
    assertThat(company.query(DynamicQuery.partition("Sales").rowKeyBetween("EMPLOYEE_000002", "EMPLOYEE_000003")))
        .extracting(DynamicEntity::rowKey)
        .containsExactly("EMPLOYEE_000002", "EMPLOYEE_000003");
    assertThat(company.query(DynamicQuery.table().filter(Filter.ge("Age", 26))))
        .extracting(DynamicEntity::partitionKey)
        .containsExactly("HR", "Sales");
  }

  @Test
  void pagesFollowOneAnotherThroughTheirTokensUntilTheLastHasNone() {
    for (int id = 1; id <= 5; id++) {
      company.insert(employee("Sales", id, 20 + id));
    }
    List<String> keys = new ArrayList<>();
    PageRequest request = PageRequest.of(2);
    Page<DynamicEntity> page;
    do {
      page = company.query(DynamicQuery.partition("Sales"), request);
      page.items().forEach(entity -> keys.add(entity.rowKey()));
      request = page.continuationToken().map(token -> PageRequest.after(token, 2)).orElse(null);
    } while (request != null);
    if (!backend.profile().ordered()) {
      keys.sort(null); // the pages follow the store's order (Cosmos DB: none), each row once
    }

    assertThat(keys).containsExactly(
        "EMPLOYEE_000001", "EMPLOYEE_000002", "EMPLOYEE_000003", "EMPLOYEE_000004", "EMPLOYEE_000005");
  }

  @Test
  void aBatchHoldsDynamicAndTypedEntitiesOfOnePartitionAtomically() {
    company.insert(employee("Sales", 1, 30));

    assertThatThrownBy(() -> mapper.batch("Company", "Sales")
            .insert(new Department("Sales", "Ann", 1, null))
            .insert(employee("Sales", 1, 31))
            .commit())
        .hasMessageContaining("operation 1");
    assertThat(RawRows.rowKeys(backend, "Company", "Sales")).containsExactly("EMPLOYEE_000001");

    List<Object> stored = mapper.batch("Company", "Sales")
        .insert(new Department("Sales", "Ann", 1, null))
        .insert(employee("Sales", 2, 31))
        .delete(employee("Sales", 1, 0))
        .commit();
    assertThat(stored.get(1)).isInstanceOf(DynamicEntity.class)
        .satisfies(entity -> assertThat(((DynamicEntity) entity).etag()).isNotNull());
    assertThat(RawRows.rowKeys(backend, "Company", "Sales")).containsExactly("EMPLOYEE_000002", "department");
  }

  @Test
  void rowsOfEntityClassesReadAsDynamicEntitiesWithTheirEntityType() {
    mapper.batch("Company", "Sales").insert(new Department("Sales", "Ann", 1, null)).commit();

    DynamicEntity department = company.get("Sales", "department").orElseThrow();
    assertThat(department.entityType()).isEqualTo("Department");
    assertThat(department.getString("manager")).isEqualTo("Ann");
  }

  @Test
  void aDynamicEntityWithADiscriminatorIsReadByItsClass() {
    company.insert(DynamicEntity.builder("Sales", "department")
        .putString(EntityMapping.TYPE_PROPERTY, "Department")
        .putString("manager", "Bob")
        .putInt32("employeeCount", 4)
        .build());

    assertThat(mapper.partition("Company", "Sales").all(Department.class))
        .singleElement()
        .satisfies(department -> assertThat(department.manager()).isEqualTo("Bob"));
  }

  @Test
  void aDynamicTableOfAnInvalidTableNameIsRefused() {
    assertThatThrownBy(() -> mapper.dynamic("no-such name")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theRowOfADynamicEntityIsItsOwn() {
    TableRow row = TableRow.builder("Sales", "x").putString("A", "b").build();

    assertThat(DynamicRows.row(DynamicRows.entity(row, EntityMapping.TYPE_PROPERTY))).isSameAs(row);
  }
}
