package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.QueryEvent;
import io.tablemapper.api.QueryKind;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.runtime.fixtures.Staffer;
import io.tablemapper.runtime.fixtures.StafferName;
import io.tablemapper.runtime.fixtures.StafferRepository;
import io.tablemapper.runtime.fixtures.Staffer__Mapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Reads through indexes beyond the entity's partition, on every backend: the copies are written here as raw rows in
 * the format the pending work writes them (in the index's table and partition, {@code Staffer#index}, the copied
 * properties and the entity's keys), fresh and stale. A read never returns an entity whose current values no longer
 * match the query: copies of an entity that is gone, whose indexed value moved or whose filtered property changed are
 * skipped, and what is returned is always the entity as stored now, never the copy.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class RemoteIndexReadTest {
  private static final EntityMapping<Staffer> MAPPING = Staffer__Mapping.INSTANCE;

  private final TableBackend backend;
  private final List<QueryEvent> events = new CopyOnWriteArrayList<>();
  private final TableMapper mapper;
  private final StafferRepository staff;

  RemoteIndexReadTest(Stores stores) {
    this.backend = stores.newStore();
    this.mapper = TableMapper.builder().backend(backend).queryListener(events::add).readParallelism(3).build();
    this.staff = mapper.repository(StafferRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  // ------------------------------------------------------------------ how copies are written (the write side's format)

  /** Inserts an entity and writes its copies in every remote index, as the pending work would. */
  private Staffer indexed(Staffer staffer) {
    Staffer stored = staff.insert(staffer);
    for (IndexMapping<Staffer> index : MAPPING.remoteIndexes()) {
      writeCopy(index, staffer);
    }
    return stored;
  }

  /** Writes the copy an entity with these values has in one index, from the entity's row as stored now. */
  private void writeCopy(IndexMapping<Staffer> index, Staffer asIndexed) {
    String partitionKey = index.partitionKey(asIndexed);
    String rowKey = index.rowKey(asIndexed);
    if (partitionKey == null || rowKey == null) {
      return; // a sparse index: no copy
    }
    TableRow entity = RawRows.get(backend, MAPPING.table(), MAPPING.partitionKey(asIndexed), MAPPING.rowKey(asIndexed));
    TableRow.Builder copy = TableRow.builder(partitionKey, rowKey, 8);
    if (entity != null) {
      for (Map.Entry<String, Object> property : entity.properties().entrySet()) {
        if (!property.getKey().equals(EntityMapping.TYPE_PROPERTY) && index.holds(property.getKey())) {
          copy.put(property.getKey(), property.getValue());
        }
      }
    }
    copy.putString(EntityMapping.TYPE_PROPERTY, index.copyType())
        .putString(EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY, MAPPING.partitionKey(asIndexed))
        .putString(EntityMapping.PRIMARY_ROW_KEY_PROPERTY, MAPPING.rowKey(asIndexed));
    if (!index.table().equals(MAPPING.table())) {
      copy.putString(EntityMapping.PRIMARY_TABLE_PROPERTY, MAPPING.table());
    }
    backend.createTableIfNotExists(index.table());
    backend.write(index.table(), WriteOperation.upsertReplace(copy.build()));
  }

  /** Writes the copies of an entity as it was ({@code before}), then changes it to {@code after} alone. */
  private void staleAfterUpdate(Staffer before, Staffer after) {
    indexed(before);
    staff.update(after);
  }

  private static IndexMapping<Staffer> index(String name) {
    return MAPPING.indexNamed(name);
  }

  private static List<Integer> ids(List<Staffer> found) {
    return found.stream().map(Staffer::employeeId).collect(Collectors.toList());
  }

  private static Staffer staffer(String department, int id, String first, String last, Integer grade) {
    return new Staffer(department, id, first, last, first.toLowerCase() + id + "@contoso.com", grade);
  }

  // ------------------------------------------------------------------ point reads

  @Test
  void anEmployeeIsFoundByEmailAcrossDepartmentsWithAPointReadOfItsCopyThenOfItself() {
    indexed(staffer("Sales", 1, "Ken", "Kwok", 7));
    Staffer ann = indexed(staffer("Marketing", 2, "Ann", "Lane", 3));
    events.clear();

    Optional<Staffer> found = staff.findByEmail("ann2@contoso.com");

    assertThat(found).contains(ann);
    assertThat(events).singleElement().satisfies(event -> {
      assertThat(event.kind()).isEqualTo(QueryKind.POINT);
      assertThat(event.plan()).startsWith("POINT via index email, eventually consistent: PartitionKey = email_{email}");
      assertThat(event.requests()).isEqualTo(2);
      assertThat(event.rowsReturned()).isEqualTo(1);
    });
  }

  @Test
  void aCopyLeftAtAnOldEmailFindsNothingAndTheNewEmailIsNotFoundUntilItsCopyIsWritten() {
    Staffer before = staffer("Sales", 1, "Ken", "Kwok", 7);
    Staffer after = new Staffer("Sales", 1, "Ken", "Kwok", "ken@fabrikam.com", 7);
    staleAfterUpdate(before, after);

    assertThat(staff.findByEmail(before.email())).isEmpty();
    assertThat(staff.countByEmail(before.email())).isZero();
    assertThat(staff.existsByEmail(before.email())).isFalse();
    assertThat(staff.findByEmail(after.email())).as("not written yet: not found yet").isEmpty();

    writeCopy(index("email"), after);
    assertThat(staff.findByEmail(after.email())).map(Staffer::email).contains("ken@fabrikam.com");
    assertThat(staff.existsByEmail(after.email())).isTrue();
  }

  @Test
  void aCopyWhoseEntityIsGoneIsSkipped() {
    Staffer ken = indexed(staffer("Sales", 1, "Ken", "Kwok", 7));
    staff.delete(ken);

    assertThat(staff.findByEmail(ken.email())).isEmpty();
    assertThat(staff.findByLastName("Kwok")).isEmpty();
    assertThat(staff.findByFirstName("Ken")).isEmpty();
    assertThat(staff.countByLastName("Kwok")).isZero();
    assertThat(staff.existsByLastName("Kwok")).isFalse();
  }

  @Test
  void aCopyPointingAtKeysNowHeldByAnotherEmployeeIsSkipped() {
    Staffer ken = indexed(staffer("Sales", 1, "Ken", "Kwok", 7));
    staff.delete(ken);
    staff.insert(staffer("Sales", 1, "Bea", "Bell", 2)); // the same keys, other values, no copies yet

    assertThat(staff.findByEmail(ken.email())).isEmpty();
    assertThat(staff.findByLastName("Kwok")).isEmpty();
    assertThat(staff.findByFirstName("Ken")).isEmpty();
  }

  @Test
  void anInOverEmailsReadsEachPartitionAndMergesTheVerifiedEntities() {
    indexed(staffer("Sales", 1, "Ken", "Kwok", 7));
    indexed(staffer("Marketing", 2, "Ann", "Lane", 3));
    staleAfterUpdate(staffer("Design", 3, "Dee", "Dale", 1),
        new Staffer("Design", 3, "Dee", "Dale", "dee@elsewhere.com", 1));
    events.clear();

    List<Staffer> found = staff.findByEmailIn(List.of("ann2@contoso.com", "ken1@contoso.com", "dee3@contoso.com",
        "nobody@contoso.com"));

    assertThat(ids(found)).containsExactlyInAnyOrder(1, 2);
    assertThat(events).singleElement().satisfies(event -> assertThat(event.plan()).startsWith(
        "POINT ×n (one per distinct element of {emails}, merged in key order) via index email, eventually consistent"));
  }

  // ------------------------------------------------------------------ ranges of an index partition

  @Test
  void aPartialCopyLeadsToTheEntityAsItIsNowAndStaleOnesAreSkipped() {
    indexed(staffer("Sales", 1, "Ken", "Kwok", 7));
    indexed(staffer("Marketing", 2, "Ann", "Kwok", 3));
    staleAfterUpdate(staffer("Design", 3, "Dee", "Kwok", 1), staffer("Design", 3, "Dee", "Smith", 1));
    staleAfterUpdate(staffer("Accounts", 4, "Al", "Kwok", 1), staffer("Accounts", 4, "Alan", "Kwok", 1));
    events.clear();

    List<Staffer> kwoks = staff.findByLastName("Kwok");

    assertThat(ids(kwoks)).as("in the index's key order: department, then id").containsExactly(4, 2, 1);
    assertThat(kwoks.get(0).firstName()).as("the entity, not the copy").isEqualTo("Alan");
    assertThat(events).singleElement().satisfies(event -> {
      assertThat(event.kind()).isEqualTo(QueryKind.RANGE);
      assertThat(event.plan()).isEqualTo(
          "RANGE via index byLastName in table StaffByLastName, eventually consistent: PartitionKey = {lastName}");
      assertThat(event.table()).isEqualTo("StaffByLastName");
      assertThat(event.requests()).as("one query, then each of the 4 entities").isEqualTo(5);
      assertThat(event.rowsReturned()).isEqualTo(3);
    });
    assertThat(staff.countByLastName("Kwok")).isEqualTo(3);
    assertThat(staff.existsByLastName("Kwok")).isTrue();
    assertThat(staff.existsByLastName("Smith")).as("its copy is not written yet").isFalse();
  }

  @Test
  void aRowKeyPrefixAndAFilterOnTheEntityNarrowTheIndexPartition() {
    indexed(staffer("Sales", 1, "Ken", "Kwok", 7));
    indexed(staffer("Sales", 2, "Kim", "Kwok", 3));
    indexed(staffer("Marketing", 3, "Ann", "Kwok", 3));
    staleAfterUpdate(staffer("Sales", 4, "Kit", "Kwok", 1), staffer("Sales", 4, "Kim", "Kwok", 1));

    assertThat(ids(staff.findByLastNameAndDepartment("Kwok", "Sales"))).containsExactly(1, 2, 4);
    assertThat(ids(staff.findByLastNameAndFirstName("Kwok", "Kim"))).as("the entity's first name counts")
        .containsExactly(2, 4);
    assertThat(staff.streamByLastNameAndDepartment("Kwok", "Sales").map(StafferName::firstName))
        .containsExactly("Ken", "Kim", "Kim");
  }

  @Test
  void aFullCopyFiltersInTheStoreButTheEntityDecides() {
    staleAfterUpdate(staffer("Sales", 1, "Ken", "Kwok", 7), staffer("Sales", 1, "Ken", "Smith", 7));
    indexed(staffer("Sales", 2, "Kim", "Kwok", 7));
    events.clear();

    assertThat(ids(staff.findByDepartmentAndGrade("Sales", 7))).containsExactly(1, 2);
    assertThat(staff.findByDepartmentAndGrade("Sales", 7).get(0).lastName()).as("the entity's value, not the copy's")
        .isEqualTo("Smith");
    assertThat(ids(staff.findByDepartmentAndGradeAndLastName("Sales", 7, "Kwok"))).as("the copy says Kwok: not now")
        .containsExactly(2);
    assertThat(staff.findByDepartmentAndGradeAndLastName("Sales", 7, "Smith"))
        .as("the copy does not say Smith yet: not found yet").isEmpty();
    assertThat(events.get(0).plan()).isEqualTo("RANGE via index byGrade in table StaffByGrade, eventually consistent:"
        + " PartitionKey = {department}, RowKey starts with grade_{grade:03}_");
  }

  @Test
  void aKeysOnlyIndexHoldsOnlyTheKeysAndLeadsToEachEntity() {
    indexed(staffer("Sales", 1, "Ken", "Kwok", 7));
    indexed(staffer("Marketing", 2, "Ken", "Adams", 3));
    staleAfterUpdate(staffer("Design", 3, "Ken", "Lane", 1), staffer("Design", 3, "Kenneth", "Lane", 1));

    TableRow copy = RawRows.all(backend, "StaffNames").get(0);
    assertThat(copy.properties().keySet()).containsExactlyInAnyOrder(EntityMapping.TYPE_PROPERTY,
        EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY, EntityMapping.PRIMARY_ROW_KEY_PROPERTY,
        EntityMapping.PRIMARY_TABLE_PROPERTY);
    events.clear();

    assertThat(ids(staff.findByFirstName("Ken"))).as("in the index's key order: department, then id")
        .containsExactly(2, 1);
    assertThat(staff.countByFirstName("Ken")).isEqualTo(2);
    assertThat(events.get(0).plan()).startsWith("RANGE via index names in table StaffNames, eventually consistent");
  }

  @Test
  void aKeysOnlyIndexInTheEntitysPartitionIsWrittenInItsEgtWithTheKeysAloneAndLeadsToTheEntity() {
    Staffer ken = staff.insert(staffer("Sales", 1, "Ken", "Kwok", 7));
    staff.insert(staffer("Sales", 2, "Kim", "Lane", 7));

    TableRow copy = RawRows.get(backend, "Staff", "Sales", "last_Kwok_00000001");
    assertThat(copy.properties().keySet()).as("the copy builder honours IndexMapping.holds")
        .containsExactlyInAnyOrder(EntityMapping.TYPE_PROPERTY, EntityMapping.PRIMARY_ROW_KEY_PROPERTY);
    events.clear();
    assertThat(staff.findByDepartmentAndLastName("Sales", "Kwok")).containsExactly(ken);
    assertThat(events).singleElement().satisfies(event -> {
      assertThat(event.plan()).isEqualTo(
          "RANGE via index lastNames: PartitionKey = {department}, RowKey starts with last_{lastName}_");
      assertThat(event.requests()).isEqualTo(2);
    });

    staff.update(new Staffer("Sales", 1, "Ken", "Smith", ken.email(), 7));
    assertThat(staff.findByDepartmentAndLastName("Sales", "Kwok")).isEmpty();
    assertThat(ids(staff.findByDepartmentAndLastName("Sales", "Smith"))).containsExactly(1);
    assertThat(RawRows.get(backend, "Staff", "Sales", "last_Kwok_00000001")).as("moved in the EGT").isNull();
  }

  @Test
  void anIndexInTheEntitysPartitionIsPreferredToARemoteOneOfNoBetterPlan() {
    indexed(staffer("Sales", 1, "Ken", "Kwok", 7));
    events.clear();

    assertThat(ids(staff.findByDepartmentAndFirstName("Sales", "Ken"))).containsExactly(1);
    assertThat(events).singleElement().satisfies(event -> assertThat(event.plan()).startsWith(
        "RANGE via index byFirstName: PartitionKey = {department}"));
  }

  @Test
  void anInOverLastNamesMergesTheIndexPartitions() {
    indexed(staffer("Sales", 1, "Ken", "Kwok", 7));
    indexed(staffer("Sales", 2, "Ann", "Lane", 3));
    indexed(staffer("Sales", 3, "Bo", "Moe", 3));
    staleAfterUpdate(staffer("Sales", 4, "Al", "Lane", 1), staffer("Sales", 4, "Al", "Moe", 1));

    assertThat(ids(staff.findByLastNameIn(List.of("Moe", "Kwok", "Lane")))).containsExactly(1, 2, 3);
  }

  @Test
  void aUnionOfMoreRemoteReadsThanPoolThreadsFinishesSinceTheCallerRunsWhatThePoolHasNotStarted() {
    List<String> lastNames = new ArrayList<>();
    for (int name = 0; name < 8; name++) {
      lastNames.add("Name" + name);
      for (int id = 0; id < 3; id++) {
        indexed(staffer("Sales", name * 10 + id, "F", "Name" + name, 1));
      }
    }
    try (TableMapper narrow = TableMapper.builder().backend(backend).readParallelism(2).build()) {
      StafferRepository repository = narrow.repository(StafferRepository.class);

      List<Staffer> found = assertTimeoutPreemptively(Duration.ofSeconds(60),
          () -> repository.findByLastNameIn(lastNames));

      assertThat(found).hasSize(24);
    }
  }

  @Test
  void readsOneAfterAnotherWithoutAPoolSkipTheSameStaleCopies() {
    indexed(staffer("Sales", 1, "Ken", "Kwok", 7));
    staleAfterUpdate(staffer("Sales", 2, "Kim", "Kwok", 7), staffer("Sales", 2, "Kim", "Lane", 7));
    indexed(staffer("Sales", 3, "Kit", "Kwok", 7));
    try (TableMapper sequential = TableMapper.builder().backend(backend).readParallelism(1).build()) {
      StafferRepository repository = sequential.repository(StafferRepository.class);

      assertThat(ids(repository.findByLastName("Kwok"))).containsExactly(1, 3);
      assertThat(repository.countByLastName("Kwok")).isEqualTo(2);
    }
  }

  // ------------------------------------------------------------------ limits and pages

  @Test
  void aLimitCountsOnlyVerifiedEntities() {
    staleAfterUpdate(staffer("Accounts", 1, "Al", "Kwok", 1), staffer("Accounts", 1, "Al", "Smith", 1));
    indexed(staffer("Design", 2, "Dee", "Kwok", 1));
    staleAfterUpdate(staffer("Legal", 3, "Lu", "Kwok", 1), staffer("Legal", 3, "Lu", "Lane", 1));
    indexed(staffer("Sales", 4, "Ken", "Kwok", 1));
    indexed(staffer("Sales", 5, "Kim", "Kwok", 1));

    assertThat(ids(staff.findTop2ByLastName("Kwok"))).containsExactly(2, 4);
  }

  @Test
  void pagesAreFullWherePossibleAndTheirTokensResumeAfterTheLastEntity() {
    List<Integer> fresh = new ArrayList<>();
    for (int id = 1; id <= 11; id++) {
      if (id % 3 == 0) {
        staleAfterUpdate(staffer("Sales", id, "S" + id, "Kwok", 1), staffer("Sales", id, "S" + id, "Gone", 1));
      } else {
        indexed(staffer("Sales", id, "F" + id, "Kwok", 1));
        fresh.add(id);
      }
    }
    List<Integer> read = new ArrayList<>();
    List<Integer> sizes = new ArrayList<>();
    Page<Staffer> page = staff.findByLastName("Kwok", PageRequest.of(3));
    while (true) {
      read.addAll(ids(page.items()));
      sizes.add(page.items().size());
      if (page.continuationToken().isEmpty()) {
        break;
      }
      page = staff.findByLastName("Kwok", PageRequest.after(page.continuationToken().get(), 3));
    }

    assertThat(read).isEqualTo(fresh);
    assertThat(sizes.subList(0, sizes.size() - 1)).as("every page but the last is full").allMatch(size -> size == 3);
    assertThat(staff.streamByLastName("Kwok").map(Staffer::employeeId)).containsExactlyElementsOf(fresh);
  }

  @Test
  void aTokenOfAnotherQueryIsRefused() {
    for (int id = 1; id <= 3; id++) {
      indexed(staffer("Sales", id, "F" + id, "Kwok", 1));
    }
    String token = staff.findByLastName("Kwok", PageRequest.of(1)).continuationToken().orElseThrow();

    assertThatThrownBy(() -> staff.findByLastName("Lane", PageRequest.after(token, 1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("issued for another query");
  }

  // ------------------------------------------------------------------ deletes

  @Test
  void aDeleteThroughARemoteIndexDeletesTheEntitiesThatStillMatchNeverTheCopies() {
    Staffer ken = indexed(staffer("Sales", 1, "Ken", "Kwok", 7));
    Staffer before = staffer("Sales", 2, "Kim", "Kwok", 7);
    staleAfterUpdate(before, new Staffer("Sales", 2, "Kim", "Kwok", "kim@fabrikam.com", 7));

    assertThat(staff.deleteByEmail(before.email())).as("its entity moved to another email").isZero();
    assertThat(staff.deleteByEmail(ken.email())).isEqualTo(1);

    assertThat(RawRows.get(backend, "Staff", "Sales", "empid_00000001")).isNull();
    assertThat(RawRows.get(backend, "Staff", "Sales", "empid_00000002")).isNotNull();
    assertThat(RawRows.get(backend, "Staff", "email_" + ken.email(), "employee"))
        .as("the copy is the pending work's to remove").isNotNull();
  }

  @Test
  void aRemoteIndexWhoseTableDoesNotExistYetFindsNothingAndCreatesNoTable() {
    staff.insert(staffer("Sales", 1, "Ken", "Kwok", 7));

    assertThat(staff.findByLastName("Kwok")).isEmpty();
    assertThat(backend.tableExists("StaffByLastName")).isFalse();
  }
}
