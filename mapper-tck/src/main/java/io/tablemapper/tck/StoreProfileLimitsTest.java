package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.Batch;
import io.tablemapper.api.BatchException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.StoreProfile;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.support.InterceptingBackend;
import io.tablemapper.tck.support.RawRows;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * The limits of the store's profile ({@code TableBackend.profile()}) are the mapper's before anything is sent: on the
 * Cosmos DB Table API a RowKey of more than 255 bytes (an index copy's too) and a batch of more than 2 MiB are refused
 * with the exceptions of every limit, and the store receives no request; on Table Storage both are written.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class StoreProfileLimitsTest {
  private final TableBackend store;
  private final InterceptingBackend backend;
  private final TableMapper mapper;
  private final EmployeeRepository employees;
  private List<TableRow> before;

  StoreProfileLimitsTest(StoreUnderTest under) {
    this.store = under.newStore();
    this.backend = new InterceptingBackend(store);
    this.mapper = TableMapper.builder().backend(backend).build();
    this.employees = mapper.repository(EmployeeRepository.class);
  }

  @BeforeEach
  void fill() {
    employees.insert(Employee.of("Sales", 1, "Ken", "Kwok", 23, "kenk@contoso.com"));
    before = RawRows.all(store, "Company");
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private boolean cosmos() {
    return store.profile() == StoreProfile.COSMOS_TABLE;
  }

  @Test
  void anIndexCopyWhoseRowKeyExceedsTheProfilesBytesIsRefusedBeforeSending() {
    // the email index's copy has RowKey email_<email>: 306 bytes, within Table Storage's 1024 characters
    Employee longEmail = Employee.of("Sales", 2, "Kim", "Akers", 31, "k".repeat(280) + "@contoso.com");
    int writes = backend.writes.get();
    int batches = backend.batches.size();

    if (!cosmos()) {
      employees.insert(longEmail);
      assertThat(employees.getByDepartmentAndEmail("Sales", longEmail.email()).employeeId()).isEqualTo(2);
      return;
    }
    assertThatThrownBy(() -> employees.insert(longEmail))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("RowKey")
        .hasMessageContaining("bytes of UTF-8; COSMOS_TABLE allows at most 255");
    assertThat(backend.writes.get()).as("single writes sent").isEqualTo(writes);
    assertThat(backend.batches).as("batches sent").hasSize(batches);
    assertThat(RawRows.all(store, "Company")).isEqualTo(before);
  }

  @Test
  void aBatchOverTheProfilesBytesIsRefusedBeforeSending() {
    // 15 employees of about 60 KB in the size estimate, each with two copies as large: 2.7 MB in all
    Batch batch = mapper.batch("Company", "Sales");
    for (int i = 10; i < 25; i++) {
      batch.insert(Employee.of("Sales", i, "f".repeat(30_000), "Kwok", 30, "e" + i + "@contoso.com"));
    }
    int batches = backend.batches.size();

    if (!cosmos()) {
      batch.commit();
      assertThat(employees.findByDepartment("Sales")).hasSize(16);
      return;
    }
    assertThatThrownBy(batch::commit)
        .isInstanceOfSatisfying(BatchException.class,
            e -> assertThat(e.reason()).isEqualTo(BatchException.Reason.TOO_LARGE))
        .hasMessageContaining("at most 2097152 (2 MiB on COSMOS_TABLE)");
    assertThat(backend.batches).as("batches sent").hasSize(batches);
    assertThat(RawRows.all(store, "Company")).isEqualTo(before);
  }
}
