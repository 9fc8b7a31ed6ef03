package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.fixtures.dotnet.Customer;
import io.tablemapper.tck.fixtures.dotnet.CustomerRepository;
import io.tablemapper.tck.fixtures.dotnet.Customer_;
import io.tablemapper.tck.fixtures.dotnet.Note;
import io.tablemapper.tck.fixtures.dotnet.NoteRepository;
import io.tablemapper.tck.support.RawRows;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Stored property names under a naming strategy: {@link Customer} takes PascalCase from its package and stores its
 * email as {@code EMail}, as a .NET application's entity would; rows, index copies, derived queries' filters and
 * the metamodel all use the stored names, and rows a .NET application wrote (without key properties) read back.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class NamingTest {
  private final TableBackend backend;
  private final TableMapper mapper;
  private final CustomerRepository customers;
  private final Customer ann = new Customer("West", 12, "Ann", "Lee", "ann@shop.com", null);

  NamingTest(StoreUnderTest stores) {
    this.backend = stores.newStore();
    this.mapper = TableMapper.builder().backend(backend).build();
    this.customers = mapper.repository(CustomerRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  @Test
  void propertiesAreStoredUnderTheirPascalCaseOrExplicitNames() {
    customers.insert(ann);

    TableRow row = RawRows.get(backend, "Shop", "West", "cust_00000012");
    assertThat(row.properties().keySet()).containsExactlyInAnyOrder(
        EntityMapping.TYPE_PROPERTY, "Region", "Id", "FirstName", "LastName", "EMail");
  }

  @Test
  void aRowWrittenByADotNetApplicationReadsIntoTheClassWithItsKeyPropertiesDecodedFromTheKeys() {
    backend.createTableIfNotExists("Shop");
    backend.write("Shop", WriteOperation.insert(TableRow.builder("West", "cust_00000012")
        .putString(EntityMapping.TYPE_PROPERTY, "Customer")
        .putString("FirstName", "Ann").putString("LastName", "Lee").putString("EMail", "ann@shop.com")
        .putString("LoyaltyTier", "Gold") // a property only the .NET class knows
        .build()));

    Customer read = customers.findByRegionAndId("West", 12).orElseThrow();

    assertThat(read.withoutEtag()).isEqualTo(ann);
  }

  @Test
  void derivedQueriesFilterOnTheStoredNames() {
    customers.insert(ann);
    customers.insert(new Customer("West", 13, "Bob", "Stone", "bob@shop.com", null));

    assertThat(customers.findByRegionAndLastName("West", "Lee")).extracting(Customer::id).containsExactly(12);
  }

  @Test
  void indexCopiesHoldTheStoredNamesOfTheirProperties() {
    customers.insert(ann);

    TableRow copy = RawRows.get(backend, "Shop", "West", "email_ann@shop.com");
    assertThat(copy.properties()).containsEntry("EMail", "ann@shop.com").containsEntry("FirstName", "Ann")
        .doesNotContainKeys("email", "firstName", "LastName");
    assertThat(customers.findByRegionAndEmail("West", "ann@shop.com")).get().extracting(Customer::lastName)
        .isEqualTo("Lee");
  }

  @Test
  void theMetamodelNamesTheStoredProperties() {
    assertThat(Customer_.FIRST_NAME).isEqualTo("FirstName");
    assertThat(Customer_.EMAIL).isEqualTo("EMail");
  }

  @Test
  void anEntitysOwnNamingWinsOverItsPackages() {
    mapper.repository(NoteRepository.class).insert(new Note("West", "n1", "hello"));

    assertThat(RawRows.get(backend, "Shop", "West", "note_n1").properties()).containsKeys("region", "id", "text");
  }
}
