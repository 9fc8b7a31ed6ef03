package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.TableMapper;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeKey;
import io.tablemapper.tck.fixtures.StaffRepository;
import jakarta.data.exceptions.EmptyResultException;
import jakarta.data.exceptions.EntityExistsException;
import jakarta.data.exceptions.OptimisticLockingFailureException;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * A Jakarta Data repository ({@link StaffRepository}) on each store: its lifecycle methods, finds by key and by
 * {@code @By}, cursored pages over continuation tokens, and Jakarta Data's exceptions.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class JakartaDataTest {
  private final TableMapper mapper;
  private final StaffRepository staff;
  private final Employee ken = Employee.of("Sales", 123, "Ken", "Kwok", 23, "kenk@contoso.com");

  JakartaDataTest(StoreUnderTest under) {
    this.mapper = TableMapper.builder().backend(under.newStore()).build();
    this.staff = mapper.repository(StaffRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  @Test
  void anInsertedEntityIsFoundByItsKeyRecordByBySearchesAndByDerivedNames() {
    Employee stored = staff.insert(ken);

    assertThat(stored.etag()).isNotNull();
    assertThat(staff.findById(new EmployeeKey("Sales", 123))).contains(stored);
    // through the index copy, whose ETag is its own on a store that versions each row of a batch
    assertThat(staff.byEmail("Sales", "kenk@contoso.com")).get().extracting(e -> e.withEtag(null))
        .isEqualTo(ken);
    assertThat(staff.one("Sales", 123)).isEqualTo(stored);
    assertThat(staff.countByDepartment("Sales")).isEqualTo(1);
    assertThat(staff.existsByDepartmentAndEmployeeId("Sales", 124)).isFalse();
    assertThat(staff.findByDepartmentAndAgeGreaterThan("Sales", 22)).containsExactly(stored);
    assertThat(staff.findAll()).containsExactly(stored);
  }

  @Test
  void insertingAnExistingKeyAndFindingNothingThrowJakartaDatasExceptions() {
    staff.hire(ken);

    assertThatThrownBy(() -> staff.insert(ken)).isInstanceOf(EntityExistsException.class)
        .hasCauseInstanceOf(io.tablemapper.api.EntityExistsException.class);
    assertThatThrownBy(() -> staff.one("Sales", 999)).isInstanceOf(EmptyResultException.class);
  }

  @Test
  void aStaleOrMissingEntityFailsItsUpdateAndDeleteWithOptimisticLockingFailure() {
    Employee first = staff.insert(ken);
    Employee second = staff.change(first.withAge(24));

    assertThatThrownBy(() -> staff.update(first.withAge(25))).isInstanceOf(OptimisticLockingFailureException.class);
    assertThatThrownBy(() -> staff.fire(first)).isInstanceOf(OptimisticLockingFailureException.class);
    staff.delete(second);
    assertThatThrownBy(() -> staff.update(second)).isInstanceOf(OptimisticLockingFailureException.class);
    assertThat(staff.findById(new EmployeeKey("Sales", 123))).isEmpty();
  }

  @Test
  void cursoredPagesFollowContinuationTokensToTheLastPageInKeyOrder() {
    List<Employee> hired = new ArrayList<>();
    for (int id = 1; id <= 5; id++) {
      hired.add(Employee.of("Sales", id, "E" + id, "Last", 30, "e" + id + "@contoso.com"));
    }
    staff.keep(hired);

    List<Integer> seen = new ArrayList<>();
    CursoredPage<Employee> page = staff.page("Sales", PageRequest.ofSize(2));
    assertThat(page.totalElements()).isEqualTo(5);
    while (true) {
      page.content().forEach(employee -> seen.add(employee.employeeId()));
      if (!page.hasNext()) {
        break;
      }
      page = staff.page("Sales", page.nextPageRequest());
    }
    assertThat(seen).containsExactly(1, 2, 3, 4, 5);
    assertThat(staff.inDepartment("Sales")).extracting(Employee::employeeId).containsExactly(1, 2, 3, 4, 5);
    assertThatThrownBy(() -> staff.page("Sales", PageRequest.ofPage(2)))
        .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("nextPageRequest()");
  }

  @Test
  void listWritesReturnEachEntityWithItsETagAndAnOffsetPageOfEverythingIsRefusedSayingWhy() {
    List<Employee> saved = staff.saveAll(List.of(ken, Employee.of("Sales", 124, "Ann", "Lee", 31, "ann@contoso.com")));
    assertThat(saved).allSatisfy(employee -> assertThat(employee.etag()).isNotNull());

    List<Employee> changed = staff.updateAll(List.of(saved.get(0).withAge(40), saved.get(1).withAge(41)));
    assertThat(staff.findAll()).extracting(Employee::age).containsExactly(40, 41);
    staff.deleteAll(changed);
    assertThat(staff.countByDepartment("Sales")).isZero();
    assertThatThrownBy(() -> staff.findAll(PageRequest.ofSize(10), jakarta.data.Order.by()))
        .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("CursoredPage");
  }

  @Test
  void deletesByKeyAndByDepartmentRemoveTheEntitiesAndTheirIndexCopies() {
    staff.insert(ken);
    staff.insert(Employee.of("Sales", 124, "Ann", "Lee", 31, "ann@contoso.com"));

    staff.deleteById(new EmployeeKey("Sales", 123));
    staff.deleteById(new EmployeeKey("Sales", 999));
    assertThat(staff.byEmail("Sales", "kenk@contoso.com")).isEmpty();
    staff.deleteByDepartment("Sales");
    assertThat(staff.countByDepartment("Sales")).isZero();
    assertThat(staff.byEmail("Sales", "ann@contoso.com")).isEmpty();
  }
}
