package io.tablemapper.backend.azure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClientBuilder;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.DynamicQuery;
import io.tablemapper.api.DynamicTable;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.UnknownTypePolicy;
import io.tablemapper.backend.azure.people.Customer;
import io.tablemapper.backend.azure.people.Employee;
import io.tablemapper.backend.azure.people.Person;
import io.tablemapper.backend.azure.people.PersonRepository;
import io.tablemapper.spi.Filter;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The mapper end to end on Azurite: a polymorphic partition of an entity hierarchy, rows of unknown types, and
 * dynamic entities, as the real service stores and returns them.
 */
@ExtendWith(Azurite.class)
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class MapperOnAzureTest {
  /** A partition of its own for each test, as Azurite keeps its tables for the whole run. */
  private final String city = "city" + UUID.randomUUID().toString().replace("-", "");
  private final TableMapper mapper = TableMapper.builder()
      .backend(AzureTablesBackend.fromConnectionString(Azurite.connectionString()))
      .unknownTypes(UnknownTypePolicy.DYNAMIC)
      .build();

  @AfterEach
  void close() {
    mapper.close();
  }

  @Test
  void a_polymorphic_partition_stores_and_returns_each_subtype_beside_rows_of_unknown_types() {
    PersonRepository people = mapper.repository(PersonRepository.class);
    people.insert(new Customer(city, 1, "Smith", "C-1"));
    people.insert(new Employee(city, 2, "Smith", 5000));
    people.insert(new Customer(city, 3, "Jones", "C-2"));
    mapper.dynamic("People").insert(DynamicEntity.builder(city, "supplier_1")
        .putString("EntityType", "Supplier").putString("Name", "Fabrikam").build());

    List<Person> persons = mapper.partition("People", city).all(Person.class);
    assertThat(persons).extracting(person -> person.getClass().getSimpleName())
        .containsExactly("Customer", "Employee", "Customer");
    assertThat(((Customer) persons.get(0)).getAccountNumber()).isEqualTo("C-1");
    assertThat(((Employee) persons.get(1)).getSalary()).isEqualTo(5000);
    assertThat(people.findByCityAndLastName(city, "Smith")).extracting(Person::getPersonId).containsExactly(1, 2);

    List<Object> all = mapper.partition("People", city).all();
    assertThat(all).hasSize(4);
    assertThat(all.get(3)).isInstanceOfSatisfying(DynamicEntity.class,
        supplier -> assertThat(supplier.entityType()).isEqualTo("Supplier"));
    // Other clients see the discriminator the guide describes.
    assertThat(sdkTable().getEntity(city, "person_000002").getProperty("EntityType")).isEqualTo("Employee");
  }

  @Test
  void dynamic_entities_are_written_merged_queried_and_conditionally_updated_on_the_service() {
    DynamicTable table = mapper.dynamic("People");
    DynamicEntity stored = table.insert(DynamicEntity.builder(city, "EMPLOYEE_000001")
        .putString("FirstName", "Ken").putInt32("Age", 23).putInt64("Sales", 12_345_678_901L).build());
    table.insert(DynamicEntity.builder(city, "EMPLOYEE_000002").putString("FirstName", "Kim").putInt32("Age", 41)
        .build());

    DynamicEntity merged = table.merge(DynamicEntity.builder(city, "EMPLOYEE_000001")
        .putString("Email", "ken@contoso.com").etag(stored.etag()).build());
    DynamicEntity read = table.get(city, "EMPLOYEE_000001").orElseThrow();
    assertThat(read.getString("FirstName")).isEqualTo("Ken");
    assertThat(read.getInt64("Sales")).isEqualTo(12_345_678_901L);
    assertThat(read.getString("Email")).isEqualTo("ken@contoso.com");
    assertThat(read.etag()).isEqualTo(merged.etag());

    assertThatThrownBy(() -> table.update(stored)).isInstanceOf(ConcurrencyConflictException.class);
    assertThat(table.query(DynamicQuery.partition(city).rowKeyStartsWith("EMPLOYEE_").filter(Filter.gt("Age", 30))))
        .extracting(DynamicEntity::rowKey)
        .containsExactly("EMPLOYEE_000002");

    mapper.batch("People", city).delete(read).insert(new Customer(city, 9, "Wong", "C-9")).commit();
    assertThat(table.query(DynamicQuery.partition(city))).extracting(DynamicEntity::entityType)
        .containsExactly(null, "Customer");
  }

  private static TableClient sdkTable() {
    return new TableServiceClientBuilder().connectionString(Azurite.connectionString()).buildClient()
        .getTableClient("People");
  }
}
