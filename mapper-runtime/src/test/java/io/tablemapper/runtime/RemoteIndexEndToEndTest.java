package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.QueryEvent;
import io.tablemapper.api.QueryKind;
import io.tablemapper.api.TableMapper;
import io.tablemapper.runtime.fixtures.Associate;
import io.tablemapper.runtime.fixtures.AssociateRepository;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Writes through the repository, the pending work done with {@code completePending()}, and reads through the remote
 * indexes, on every backend: what is written is found by its indexed values once the work is done, a value changed
 * or an entity deleted is never found at its old value — before the work is done (the stale copy is skipped) nor
 * after (the copy is gone).
 */
@ParameterizedClass
@EnumSource(Stores.class)
class RemoteIndexEndToEndTest {
  private final TableBackend backend;
  private final List<QueryEvent> events = new CopyOnWriteArrayList<>();
  private final TableMapper mapper;
  private final AssociateRepository associates;

  RemoteIndexEndToEndTest(Stores stores) {
    this.backend = stores.newStore();
    this.mapper = TableMapper.builder().backend(backend).pendingCompleters(0).queryListener(events::add).build();
    this.associates = mapper.repository(AssociateRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private static Associate associate(String department, int id, String first, String last, Integer grade) {
    return new Associate(department, id, first, last, first.toLowerCase() + id + "@contoso.com", grade);
  }

  @Test
  void anEmployeeWrittenThroughTheRepositoryIsFoundByEmailAcrossDepartmentsOnceThePendingWorkIsDone() {
    Associate ken = associates.insert(associate("Sales", 1, "Ken", "Kwok", 7));
    Associate ann = associates.insert(associate("Marketing", 2, "Ann", "Kwok", 3));
    mapper.completePending();
    events.clear();

    assertThat(associates.findByEmail("ann2@contoso.com")).contains(ann);
    assertThat(events).singleElement().satisfies(event -> assertThat(event.kind()).isEqualTo(QueryKind.POINT));
    assertThat(associates.findByLastName("Kwok")).containsExactly(ann, ken);
    assertThat(associates.findByFirstName("Ken")).containsExactly(ken);
    assertThat(associates.findByDepartmentAndGrade("Sales", 7)).containsExactly(ken);
    assertThat(associates.countByLastName("Kwok")).isEqualTo(2);
  }

  @Test
  void aChangedValueIsNeverFoundAtItsOldValueBeforeOrAfterThePendingWork() {
    Associate ken = associates.insert(associate("Sales", 1, "Ken", "Kwok", 7));
    mapper.completePending();

    Associate moved = associates.update(new Associate("Sales", 1, "Ken", "Smith", "ken@fabrikam.com", 7));
    assertThat(associates.findByEmail(ken.email())).as("before the work: the stale copy is skipped").isEmpty();
    assertThat(associates.findByLastName("Kwok")).isEmpty();
    assertThat(associates.findByDepartmentAndGradeAndLastName("Sales", 7, "Kwok")).isEmpty();

    mapper.completePending();
    assertThat(associates.findByEmail(ken.email())).isEmpty();
    assertThat(associates.findByEmail("ken@fabrikam.com")).contains(moved);
    assertThat(associates.findByLastName("Smith")).containsExactly(moved);
    assertThat(associates.findByDepartmentAndGradeAndLastName("Sales", 7, "Smith")).containsExactly(moved);
  }

  @Test
  void aDeletedEmployeeIsNeverFoundAndItsCopiesAreGoneOnceThePendingWorkIsDone() {
    Associate ken = associates.insert(associate("Sales", 1, "Ken", "Kwok", 7));
    mapper.completePending();

    assertThat(associates.deleteByEmail(ken.email())).isEqualTo(1);
    assertThat(associates.findByEmail(ken.email())).isEmpty();
    assertThat(associates.existsByLastName("Kwok")).isFalse();

    mapper.completePending();
    assertThat(RawRows.all(backend, "AssociatesByLastName")).isEmpty();
    assertThat(RawRows.all(backend, "AssociateNames")).isEmpty();
    assertThat(RawRows.all(backend, "AssociatesByGrade")).isEmpty();
  }
}
