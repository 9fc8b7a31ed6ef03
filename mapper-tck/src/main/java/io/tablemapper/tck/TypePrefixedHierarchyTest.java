package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.UnknownTypePolicy;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.fixtures.parties.Customer;
import io.tablemapper.tck.fixtures.parties.CustomerRepository;
import io.tablemapper.tck.fixtures.parties.Employee;
import io.tablemapper.tck.fixtures.parties.Party;
import io.tablemapper.tck.fixtures.parties.PartyRepository;
import io.tablemapper.tck.support.RawRows;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * The guide's heterogeneous partition as a class hierarchy: the abstract {@link Party} declares the table and the
 * PartitionKey, {@link Customer} and {@link Employee} each a RowKey with its type's prefix ({@code CUSTOMER_000001},
 * {@code EMPLOYEE_000001}). Rows of one type stay together in the partition, ids repeat across types, the root's
 * repository and partition reads return every subtype, and rows that other tools wrote without an
 * {@code EntityType} are told apart by their prefix.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class TypePrefixedHierarchyTest {
  private final TableBackend backend;
  private final TableMapper mapper;
  private final PartyRepository parties;
  private final CustomerRepository customers;

  TypePrefixedHierarchyTest(StoreUnderTest stores) {
    this.backend = stores.newStore();
    this.mapper = TableMapper.builder().backend(backend).build();
    this.parties = mapper.repository(PartyRepository.class);
    this.customers = mapper.repository(CustomerRepository.class);
  }

  @BeforeEach
  void fill() {
    parties.insert(new Employee("Seattle", 1, "Jones", 5000));
    parties.insert(new Customer("Seattle", 1, "Jones", "C-1"));
    parties.insert(new Customer("Seattle", 2, "Smith", "C-2"));
    parties.insert(new Customer("Boston", 3, "Wong", "C-3"));
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  @Test
  void eachSubtypeKeysItsRowsWithItsPrefixSoIdsRepeatAcrossTypes() {
    assertThat(RawRows.partition(backend, "Parties", "Seattle"))
        .extracting(row -> row.rowKey() + " " + row.getString(EntityMapping.TYPE_PROPERTY))
        .containsExactly("CUSTOMER_000001 Customer", "CUSTOMER_000002 Customer", "EMPLOYEE_000001 Employee");
    assertThatThrownBy(() -> parties.insert(new Customer("Seattle", 2, "Other", "C-9")))
        .isInstanceOf(EntityExistsException.class);
  }

  @Test
  void readsThroughTheRootReturnEverySubtypeInKeyOrder() {
    List<Party> seattle = mapper.partition("Parties", "Seattle").all(Party.class);

    assertThat(seattle).containsExactly(new Customer("Seattle", 1, "Jones", "C-1"),
        new Customer("Seattle", 2, "Smith", "C-2"), new Employee("Seattle", 1, "Jones", 5000));
    assertThat(parties.findByCity("Seattle")).isEqualTo(seattle);
    assertThat(parties.findByCityAndId("Seattle", 1)).extracting(Party::getClass)
        .containsExactly(Customer.class, Employee.class);
    assertThat(parties.countByCity("Seattle")).isEqualTo(3);
    assertThat(mapper.partition("Parties", "Seattle").all(Employee.class)).extracting(Employee::getSalary)
        .containsExactly(5000);
  }

  @Test
  void aSubtypeReadsItsRowsThroughItsOwnRowKey() {
    assertThat(customers.findByCityAndId("Seattle", 2)).contains(new Customer("Seattle", 2, "Smith", "C-2"));
    assertThat(customers.findByCityAndId("Seattle", 3)).isEmpty();
    assertThat(customers.findByCity("Seattle")).extracting(Customer::getAccountNumber).containsExactly("C-1", "C-2");
  }

  @Test
  void writesThroughTheRootKeepEachSubtypeItsKeysAndItsETag() {
    Party jones = mapper.partition("Parties", "Seattle").all(Party.class).get(2);
    String read = jones.getEtag();
    ((Employee) jones).setSalary(6000);

    parties.update(jones);

    assertThat(RawRows.get(backend, "Parties", "Seattle", "EMPLOYEE_000001").get("salary")).isEqualTo(6000);
    assertThat(jones.getEtag()).isNotEqualTo(read);
    jones.setEtag(read);
    assertThatThrownBy(() -> parties.update(jones)).isInstanceOf(ConcurrencyConflictException.class);
    assertThat(parties.deleteByCityAndLastName("Seattle", "Jones")).isEqualTo(2);
    assertThat(RawRows.rowKeys(backend, "Parties", "Seattle")).containsExactly("CUSTOMER_000002");
  }

  @Test
  void aBatchHoldsRowsOfEverySubtypeOfOnePartition() {
    mapper.batch("Parties", "Boston")
        .insert(new Employee("Boston", 3, "Wong", 4000))
        .delete(customers.findByCityAndId("Boston", 3).orElseThrow())
        .insert(new Customer("Boston", 4, "Lee", "C-4"))
        .commit();

    assertThat(RawRows.rowKeys(backend, "Parties", "Boston")).containsExactly("CUSTOMER_000004", "EMPLOYEE_000003");
  }

  @Test
  void rowsWrittenWithoutAnEntityTypeAreToldApartByTheirSubtypesPrefix() {
    backend.write("Parties", WriteOperation.insert(TableRow.builder("Seattle", "EMPLOYEE_000123")
        .putString("lastName", "Kwok").putInt32("salary", 3000).build()));
    backend.write("Parties", WriteOperation.insert(TableRow.builder("Seattle", "SUPPLIER_000001")
        .putString("lastName", "Fabrikam").build()));
    TableMapper reader = TableMapper.builder().backend(backend).entities(Party.class)
        .unknownTypes(UnknownTypePolicy.DYNAMIC).build();

    List<Object> all = reader.partition("Parties", "Seattle").all();

    assertThat(all).extracting(row -> row.getClass().getSimpleName())
        .containsExactly("Customer", "Customer", "Employee", "Employee", "DynamicEntity");
    assertThat(all.get(3)).isEqualTo(new Employee("Seattle", 123, "Kwok", 3000));
    assertThat(((DynamicEntity) all.get(4)).rowKey()).isEqualTo("SUPPLIER_000001");
    // Reads of one class select rows by EntityType on the server, so they leave the untyped rows out.
    assertThat(reader.partition("Parties", "Seattle").all(Employee.class)).hasSize(1);
    reader.close();
  }
}
