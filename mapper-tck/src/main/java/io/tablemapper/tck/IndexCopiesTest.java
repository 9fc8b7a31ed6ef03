package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.fixtures.Department;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.support.RawRows;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

@ParameterizedClass
@ArgumentsSource(KitStores.class)
class IndexCopiesTest {
  private final BatchVersions versions;
  private final TableBackend backend;
  private final TableMapper mapper;
  private final EmployeeRepository employees;
  private final Employee ken = Employee.of("Sales", 123, "Ken", "Kwok", 23, "kenk@contoso.com");

  IndexCopiesTest(StoreUnderTest under) {
    this.versions = under.batchVersions();
    this.backend = under.newStore();
    this.mapper = TableMapper.builder().backend(backend).build();
    this.employees = mapper.repository(EmployeeRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private TableRow row(String rowKey) {
    return RawRows.get(backend, "Company", "Sales", rowKey);
  }

  private List<String> rowKeys() {
    return RawRows.rowKeys(backend, "Company", "Sales");
  }

  /**
   * Asserts that the copies under {@code copyKeys} were written in the batch that returned {@code entity}: with
   * its ETag where a batch's rows share one, each with an ETag of its own where they do not.
   */
  private void assertWrittenWith(Employee entity, String... copyKeys) {
    for (String copyKey : copyKeys) {
      if (versions == BatchVersions.SHARED) {
        assertThat(row(copyKey).etag()).as("ETag of %s", copyKey).isEqualTo(entity.etag());
      } else if (versions == BatchVersions.DISTINCT) {
        assertThat(row(copyKey).etag()).as("ETag of %s", copyKey).isNotNull().isNotEqualTo(entity.etag());
      } else {
        assertThat(row(copyKey).etag()).as("ETag of %s", copyKey).isNotNull();
      }
    }
  }

  @Test
  void insertWritesAFullCopyAndAPartialCopyInTheEntitysBatch() {
    Employee stored = employees.insert(ken);

    assertThat(rowKeys()).containsExactly("email_kenk@contoso.com", "empid_00000123", "lastname_Kwok_00000123");
    TableRow full = row("email_kenk@contoso.com");
    assertThat(full.properties()).containsAllEntriesOf(Map.of(
        "EntityType", "Employee#email", "TmPrimaryRowKey", "empid_00000123", "firstName", "Ken", "age", 23,
        "email", "kenk@contoso.com", "department", "Sales"));
    TableRow partial = row("lastname_Kwok_00000123");
    assertThat(partial.properties()).isEqualTo(Map.of(
        "firstName", "Ken", "lastName", "Kwok", "EntityType", "Employee#lastName",
        "TmPrimaryRowKey", "empid_00000123"));
    assertWrittenWith(stored, "email_kenk@contoso.com", "lastname_Kwok_00000123");
  }

  @Test
  void updateMovesAChangedIndexCopyAtomically() {
    Employee v1 = employees.insert(ken);

    Employee v2 = employees.update(v1.withEmail("ken.kwok@contoso.com").withLastName("Kwoks"));

    assertThat(rowKeys()).containsExactly(
        "email_ken.kwok@contoso.com", "empid_00000123", "lastname_Kwoks_00000123");
    assertWrittenWith(v2, "email_ken.kwok@contoso.com", "lastname_Kwoks_00000123");
    assertThat(row("email_ken.kwok@contoso.com").get("email")).isEqualTo("ken.kwok@contoso.com");
  }

  @Test
  void updateRewritesEveryCopyInStepWithTheEntityEvenOneWhosePropertiesAreUnchanged() {
    Employee v1 = employees.insert(ken);
    String fullBefore = row("email_kenk@contoso.com").etag();
    String partialBefore = row("lastname_Kwok_00000123").etag();

    Employee v2 = employees.update(v1.withAge(40));

    assertThat(row("email_kenk@contoso.com").get("age")).isEqualTo(40);
    assertThat(row("email_kenk@contoso.com").etag()).isNotEqualTo(fullBefore);
    assertThat(row("lastname_Kwok_00000123").etag()).as("a partial copy without 'age'").isNotEqualTo(partialBefore);
    assertWrittenWith(v2, "email_kenk@contoso.com", "lastname_Kwok_00000123");
  }

  @Test
  void updateToAValueAnotherEntityHoldsFailsNamingTheIndexAndChangesNothing() {
    employees.insert(Employee.of("Sales", 124, "Kim", "Akers", 31, "kim@contoso.com"));
    Employee v1 = employees.insert(ken);
    List<TableRow> before = RawRows.all(backend, "Company");

    assertThatThrownBy(() -> employees.update(v1.withEmail("kim@contoso.com")))
        .isInstanceOf(EntityExistsException.class)
        .hasMessageContaining("cannot update Employee (PartitionKey 'Sales', RowKey 'empid_00000123')")
        .hasMessageContaining("index 'email' value 'email_kim@contoso.com' is already taken")
        .hasMessageContaining("RowKey 'empid_00000124'");
    assertThat(RawRows.all(backend, "Company")).isEqualTo(before);
  }

  @Test
  void updateRewritesAMissingCopyOfAnUnchangedValue() {
    Employee v1 = employees.insert(ken);
    backend.write("Company", WriteOperation.delete("Sales", "email_kenk@contoso.com", "*"));

    Employee v2 = employees.update(v1.withAge(30));

    assertThat(row("email_kenk@contoso.com")).isNotNull();
    assertWrittenWith(v2, "email_kenk@contoso.com");
  }

  /**
   * Kim holds 'shared@' legally: Ken has that value too, but no copy of it (his row predates the index, or the
   * copy went missing), so nothing stopped Kim's insert. Returns Ken.
   */
  private Employee kenWithoutTheCopyKimHolds() {
    Employee a = employees.insert(ken.withEmail("shared@contoso.com"));
    backend.write("Company", WriteOperation.delete("Sales", "email_shared@contoso.com", "*"));
    employees.insert(Employee.of("Sales", 124, "Kim", "Akers", 31, "shared@contoso.com"));
    return a;
  }

  @Test
  void updateOfAnUnchangedValueWhoseCopyAnotherEntityHoldsFailsAndLeavesThatCopyAlone() {
    Employee a = kenWithoutTheCopyKimHolds();
    Employee kim = employees.getByDepartmentAndEmail("Sales", "shared@contoso.com");
    List<TableRow> before = RawRows.all(backend, "Company");

    assertThatThrownBy(() -> employees.update(a.withAge(30)))
        .isInstanceOf(EntityExistsException.class)
        .hasMessageContaining("cannot update Employee (PartitionKey 'Sales', RowKey 'empid_00000123')")
        .hasMessageContaining("index 'email' value 'email_shared@contoso.com' is already taken")
        .hasMessageContaining("RowKey 'empid_00000124'");

    assertThat(RawRows.all(backend, "Company")).isEqualTo(before);
    assertThat(employees.findByDepartmentAndEmail("Sales", "shared@contoso.com")).contains(kim);
  }

  @Test
  void deleteLeavesTheCopyAnotherEntityHoldsUnderTheDeletedEntitysValue() {
    Employee a = kenWithoutTheCopyKimHolds();
    Employee kim = employees.getByDepartmentAndEmail("Sales", "shared@contoso.com");

    employees.delete(a);

    assertThat(rowKeys()).containsExactly("email_shared@contoso.com", "empid_00000124", "lastname_Akers_00000124");
    assertThat(employees.findByDepartmentAndEmail("Sales", "shared@contoso.com")).contains(kim);
    Invariants.assertEmployeeCopiesConsistent(backend, "Company", versions);
  }

  @Test
  void updateAwayFromAValueAnotherEntityHoldsLeavesThatEntitysCopyAlone() {
    Employee a = kenWithoutTheCopyKimHolds();
    Employee kim = employees.getByDepartmentAndEmail("Sales", "shared@contoso.com");

    employees.update(a.withEmail("ken@contoso.com"));

    assertThat(employees.findByDepartmentAndEmail("Sales", "shared@contoso.com")).contains(kim);
    assertThat(employees.findByDepartmentAndEmail("Sales", "ken@contoso.com")).isPresent();
    Invariants.assertEmployeeCopiesConsistent(backend, "Company", versions);
  }

  @Test
  void updateRewritesItsOwnCopyEvenWhenTheCopyWasRewrittenOutOfStepWithTheEntity() {
    Employee v1 = employees.insert(ken);
    TableRow copy = row("email_kenk@contoso.com");
    backend.write("Company", WriteOperation.upsertReplace(copy.toBuilder().build()));
    assertThat(row("email_kenk@contoso.com").etag()).isNotEqualTo(v1.etag());

    Employee v2 = employees.update(v1.withAge(30));

    assertWrittenWith(v2, "email_kenk@contoso.com");
    assertThat(row("email_kenk@contoso.com").get("age")).isEqualTo(30);
    Invariants.assertEmployeeCopiesConsistent(backend, "Company", versions);
  }

  @Test
  void updateSucceedsWhenTheOldCopyOfAChangedValueIsAlreadyGone() {
    Employee v1 = employees.insert(ken);
    backend.write("Company", WriteOperation.delete("Sales", "email_kenk@contoso.com", "*"));

    employees.update(v1.withEmail("new@contoso.com"));

    assertThat(rowKeys()).containsExactly("email_new@contoso.com", "empid_00000123", "lastname_Kwok_00000123");
  }

  @Test
  void upsertOfAPresentEntityMovesItsCopiesAndIgnoresAStaleETag() {
    Employee v1 = employees.insert(ken);
    employees.update(v1.withAge(24));

    employees.upsert(v1.withEmail("upserted@contoso.com"));

    assertThat(rowKeys()).containsExactly("email_upserted@contoso.com", "empid_00000123", "lastname_Kwok_00000123");
  }

  @Test
  void upsertOfAnAbsentEntityInsertsItWithItsCopies() {
    Employee stored = employees.upsert(ken);

    assertThat(rowKeys()).hasSize(3);
    assertWrittenWith(stored, "email_kenk@contoso.com", "lastname_Kwok_00000123");
  }

  @Test
  void deleteRemovesTheEntityAndEveryCopy() {
    Employee stored = employees.insert(ken);
    employees.insert(Employee.of("Sales", 124, "Kim", "Akers", 31, "kim@contoso.com"));

    employees.delete(stored);

    assertThat(rowKeys()).containsExactly("email_kim@contoso.com", "empid_00000124", "lastname_Akers_00000124");
  }

  @Test
  void deleteRemovesTheCopiesOfTheStoredValuesNotOfTheGivenOnes() {
    employees.insert(ken);

    employees.delete(ken.withEmail("somebody.else@contoso.com"));

    assertThat(rowKeys()).isEmpty();
  }

  @Test
  void deleteWithAStaleETagFailsAndKeepsEntityAndCopies() {
    Employee v1 = employees.insert(ken);
    employees.update(v1.withAge(24));
    List<TableRow> before = RawRows.all(backend, "Company");

    assertThatThrownBy(() -> employees.delete(v1)).isInstanceOf(ConcurrencyConflictException.class);
    assertThat(RawRows.all(backend, "Company")).isEqualTo(before);
  }

  @Test
  void deleteSucceedsWhenACopyIsAlreadyMissing() {
    Employee stored = employees.insert(ken);
    backend.write("Company", WriteOperation.delete("Sales", "lastname_Kwok_00000123", "*"));

    employees.delete(stored);

    assertThat(rowKeys()).isEmpty();
  }

  @Test
  void anEntityReadThroughAFullCopyCarriesAnETagThatAConditionalUpdateAccepts() {
    Employee stored = employees.insert(ken);

    Employee viaIndex = employees.getByDepartmentAndEmail("Sales", "kenk@contoso.com");

    assertThat(viaIndex.withEtag(null)).isEqualTo(stored.withEtag(null));
    assertThat(viaIndex.etag()).isEqualTo(versions == BatchVersions.SHARED
        ? stored.etag()
        : row("email_kenk@contoso.com").etag());
    Employee updated = employees.update(viaIndex.withAge(50));
    assertThat(employees.getByDepartmentAndEmployeeId("Sales", 123)).isEqualTo(updated);
  }

  @Test
  void aPartialCopyIsFollowedToItsEntity() {
    Employee stored = employees.insert(ken);

    assertThat(employees.findByDepartmentAndLastName("Sales", "Kwok")).containsExactly(stored);
  }

  @Test
  void copiesNeverAppearInPartitionReadsCountsOrScans() {
    Employee stored = employees.insert(ken);
    mapper.batch("Company", "Sales").insert(new Department("Sales", "Ann", 1, null)).commit();

    assertThat(mapper.partition("Company", "Sales").all())
        .hasSize(2)
        .contains(stored)
        .hasAtLeastOneElementOfType(Department.class);
    assertThat(mapper.partition("Company", "Sales").all(Employee.class)).containsExactly(stored);
    assertThat(employees.countByDepartment("Sales")).isEqualTo(1);
    assertThat(employees.findByDepartmentAndAgeGreaterThan("Sales", 0)).containsExactly(stored);
    assertThat(employees.findByAgeGreaterThanEqual(0)).containsExactly(stored);
  }
}
