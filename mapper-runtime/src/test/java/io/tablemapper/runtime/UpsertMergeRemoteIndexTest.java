package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.runtime.fixtures.Associate;
import io.tablemapper.runtime.fixtures.AssociateRepository;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code upsertMerge} of an entity with indexes beyond its partition, on every store: its remote copies are claimed
 * and reconciled as an upsert's and a merge's are — a new entity is found through every index once the pending work
 * is done, a merged value moves its copies (never found at its old value), a value the merge leaves null keeps its
 * copy, a value another entity holds is refused — and a partial merge of such an entity is refused before anything
 * is sent.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class UpsertMergeRemoteIndexTest {
  private final TableBackend backend;
  private final TableMapper mapper;
  private final AssociateRepository associates;

  UpsertMergeRemoteIndexTest(Stores stores) {
    this.backend = stores.newStore();
    this.mapper = TableMapper.builder().backend(backend).pendingCompleters(0).build();
    this.associates = mapper.repository(AssociateRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private static final Associate KEN = new Associate("Sales", 1, "Ken", "Kwok", "ken1@contoso.com", 7);

  @Test
  void aNewEntityIsFoundThroughEveryIndexOnceThePendingWorkIsDone() {
    Associate stored = associates.upsertMerge(KEN);
    mapper.completePending();

    assertThat(associates.findByEmail("ken1@contoso.com")).contains(stored);
    assertThat(associates.findByLastName("Kwok")).containsExactly(stored);
    assertThat(associates.findByDepartmentAndGrade("Sales", 7)).containsExactly(stored);
    assertThat(associates.findByFirstName("Ken")).containsExactly(stored);
    assertThat(associates.findByDepartmentAndFirstName("Sales", "Ken")).containsExactly(stored);
  }

  @Test
  void aMergedValueMovesItsCopiesAndANullOneKeepsThem() {
    associates.insert(KEN);
    mapper.completePending();

    associates.upsertMerge(new Associate("Sales", 1, null, "Smith", null, null));
    assertThat(associates.findByLastName("Kwok")).as("before the work: the stale copy is skipped").isEmpty();
    mapper.completePending();

    Associate merged = new Associate("Sales", 1, "Ken", "Smith", "ken1@contoso.com", 7);
    assertThat(associates.findByLastName("Kwok")).isEmpty();
    assertThat(associates.findByLastName("Smith")).containsExactly(merged);
    assertThat(associates.findByEmail("ken1@contoso.com")).as("email not merged: its copy kept").contains(merged);
    assertThat(associates.findByDepartmentAndGrade("Sales", 7)).containsExactly(merged);
    assertThat(associates.findByFirstName("Ken")).containsExactly(merged);
    assertThat(RawRows.all(backend, "AssociatesByLastName")).hasSize(1);
  }

  @Test
  void aValueAnotherEntityHoldsIsRefused() {
    associates.insert(new Associate("Marketing", 2, "Ann", "Beebe", "ken1@contoso.com", 3));
    mapper.completePending();

    assertThatThrownBy(() -> associates.upsertMerge(KEN)).isInstanceOf(EntityExistsException.class);
    mapper.completePending();
    assertThat(RawRows.all(backend, "Associates").stream().filter(row -> row.partitionKey().equals("Sales")))
        .isEmpty();
  }

  @Test
  void aPartialMergeOfAnEntityWithRemoteIndexesIsRefusedNamingTheIndex() {
    associates.insert(KEN);

    assertThatThrownBy(() -> associates.merge(new Associate("Sales", 1, null, "Smith", null, null), "lastName"))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageStartingWith("[MergeRemoteIndex] the merge of Associate merges into Associate, whose index"
            + " 'email' lives in another partition or table");
    assertThat(associates.findByDepartmentAndFirstName("Sales", "Ken")).extracting(Associate::lastName)
        .containsExactly("Kwok");
  }
}
