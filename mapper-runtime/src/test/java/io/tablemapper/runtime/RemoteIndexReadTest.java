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
import io.tablemapper.runtime.fixtures.Associate;
import io.tablemapper.runtime.fixtures.AssociateName;
import io.tablemapper.runtime.fixtures.AssociateRepository;
import io.tablemapper.runtime.fixtures.Associate__Mapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
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
 * the format the pending work writes them (in the index's table and partition, {@code Associate#index}, the copied
 * properties and the entity's keys), fresh and stale. A read never returns an entity whose current values no longer
 * match the query: copies of an entity that is gone, whose indexed value moved or whose filtered property changed are
 * skipped, and what is returned is always the entity as stored now, never the copy.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class RemoteIndexReadTest {
  private static final EntityMapping<Associate> MAPPING = Associate__Mapping.INSTANCE;

  private final TableBackend backend;
  private final List<QueryEvent> events = new CopyOnWriteArrayList<>();
  private final TableMapper mapper;
  private final AssociateRepository associates;

  RemoteIndexReadTest(Stores stores) {
    this.backend = stores.newStore();
    this.mapper = TableMapper.builder().backend(backend).queryListener(events::add).readParallelism(3).build();
    this.associates = mapper.repository(AssociateRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  // ------------------------------------------------------------------ how copies are written (the write side's format)

  /** Inserts an entity and writes its copies in every remote index, as the pending work would. */
  private Associate indexed(Associate associate) {
    Associate stored = associates.insert(associate);
    for (IndexMapping<Associate> index : MAPPING.remoteIndexes()) {
      writeCopy(index, associate);
    }
    return stored;
  }

  /** Writes the copy an entity with these values has in one index, from the entity's row as stored now. */
  private void writeCopy(IndexMapping<Associate> index, Associate asIndexed) {
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

  /** The rows now at the keys of an entity's copies, in every remote index, by table. */
  private List<Map.Entry<String, TableRow>> copiesAt(Associate asIndexed) {
    List<Map.Entry<String, TableRow>> rows = new ArrayList<>();
    for (IndexMapping<Associate> index : MAPPING.remoteIndexes()) {
      String partitionKey = index.partitionKey(asIndexed);
      String rowKey = index.rowKey(asIndexed);
      TableRow row = partitionKey == null || rowKey == null || !backend.tableExists(index.table()) ? null
          : RawRows.get(backend, index.table(), partitionKey, rowKey);
      if (row != null) {
        rows.add(Map.entry(index.table(), row));
      }
    }
    return rows;
  }

  /**
   * Leaves the copies as they were before a change that the pending work has not applied yet: removes whatever is
   * at the keys of the entity's copies as it is now, and puts back the copies it had before.
   */
  private void pendingNotDone(Associate now, List<Map.Entry<String, TableRow>> before) {
    for (Map.Entry<String, TableRow> copy : copiesAt(now)) {
      backend.write(copy.getKey(), WriteOperation.delete(copy.getValue().partitionKey(), copy.getValue().rowKey(),
          null));
    }
    for (Map.Entry<String, TableRow> copy : before) {
      backend.write(copy.getKey(), WriteOperation.upsertReplace(copy.getValue()));
    }
  }

  /**
   * Writes the copies of an entity as it was ({@code before}), then changes it to {@code after} without bringing
   * the copies in step (as between the entity's EGT and the pending work).
   */
  private void staleAfterUpdate(Associate before, Associate after) {
    indexed(before);
    List<Map.Entry<String, TableRow>> copies = copiesAt(before);
    associates.update(after);
    pendingNotDone(after, copies);
  }

  private static IndexMapping<Associate> index(String name) {
    return MAPPING.indexNamed(name);
  }

  private static List<Integer> ids(List<Associate> found) {
    return found.stream().map(Associate::employeeId).collect(Collectors.toList());
  }

  private static Associate associate(String department, int id, String first, String last, Integer grade) {
    return new Associate(department, id, first, last, first.toLowerCase() + id + "@contoso.com", grade);
  }

  // ------------------------------------------------------------------ point reads

  @Test
  void anEmployeeIsFoundByEmailAcrossDepartmentsWithAPointReadOfItsCopyThenOfItself() {
    indexed(associate("Sales", 1, "Ken", "Kwok", 7));
    Associate ann = indexed(associate("Marketing", 2, "Ann", "Lane", 3));
    events.clear();

    Optional<Associate> found = associates.findByEmail("ann2@contoso.com");

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
    Associate before = associate("Sales", 1, "Ken", "Kwok", 7);
    Associate after = new Associate("Sales", 1, "Ken", "Kwok", "ken@fabrikam.com", 7);
    staleAfterUpdate(before, after);

    assertThat(associates.findByEmail(before.email())).isEmpty();
    assertThat(associates.countByEmail(before.email())).isZero();
    assertThat(associates.existsByEmail(before.email())).isFalse();
    assertThat(associates.findByEmail(after.email())).as("not written yet: not found yet").isEmpty();

    writeCopy(index("email"), after);
    assertThat(associates.findByEmail(after.email())).map(Associate::email).contains("ken@fabrikam.com");
    assertThat(associates.existsByEmail(after.email())).isTrue();
  }

  @Test
  void aCopyWhoseEntityIsGoneIsSkipped() {
    Associate ken = indexed(associate("Sales", 1, "Ken", "Kwok", 7));
    List<Map.Entry<String, TableRow>> copies = copiesAt(ken);
    associates.delete(ken);
    pendingNotDone(ken, copies);
    assertThat(RawRows.all(backend, "AssociatesByLastName")).as("the stale copy").hasSize(1);

    assertThat(associates.findByEmail(ken.email())).isEmpty();
    assertThat(associates.findByLastName("Kwok")).isEmpty();
    assertThat(associates.findByFirstName("Ken")).isEmpty();
    assertThat(associates.countByLastName("Kwok")).isZero();
    assertThat(associates.existsByLastName("Kwok")).isFalse();
  }

  @Test
  void aCopyPointingAtKeysNowHeldByAnotherEmployeeIsSkipped() {
    Associate ken = indexed(associate("Sales", 1, "Ken", "Kwok", 7));
    List<Map.Entry<String, TableRow>> copies = copiesAt(ken);
    associates.delete(ken);
    Associate bea = associates.insert(associate("Sales", 1, "Bea", "Bell", 2)); // the same keys, other values
    pendingNotDone(bea, copies);

    assertThat(associates.findByEmail(ken.email())).isEmpty();
    assertThat(associates.findByLastName("Kwok")).isEmpty();
    assertThat(associates.findByFirstName("Ken")).isEmpty();
  }

  @Test
  void anInOverEmailsReadsEachPartitionAndMergesTheVerifiedEntities() {
    indexed(associate("Sales", 1, "Ken", "Kwok", 7));
    indexed(associate("Marketing", 2, "Ann", "Lane", 3));
    staleAfterUpdate(associate("Design", 3, "Dee", "Dale", 1),
        new Associate("Design", 3, "Dee", "Dale", "dee@elsewhere.com", 1));
    events.clear();

    List<Associate> found = associates.findByEmailIn(List.of("ann2@contoso.com", "ken1@contoso.com", "dee3@contoso.com",
        "nobody@contoso.com"));

    assertThat(ids(found)).containsExactlyInAnyOrder(1, 2);
    assertThat(events).singleElement().satisfies(event -> {
      assertThat(event.plan()).startsWith("POINT ×n (one per distinct element of {emails}, merged in key order) via"
          + " index email, eventually consistent");
      assertThat(event.rowsReturned()).isEqualTo(2);
    });
  }

  // ------------------------------------------------------------------ ranges of an index partition

  @Test
  void aPartialCopyLeadsToTheEntityAsItIsNowAndStaleOnesAreSkipped() {
    indexed(associate("Sales", 1, "Ken", "Kwok", 7));
    indexed(associate("Marketing", 2, "Ann", "Kwok", 3));
    staleAfterUpdate(associate("Design", 3, "Dee", "Kwok", 1), associate("Design", 3, "Dee", "Smith", 1));
    staleAfterUpdate(associate("Accounts", 4, "Al", "Kwok", 1), associate("Accounts", 4, "Alan", "Kwok", 1));
    events.clear();

    List<Associate> kwoks = associates.findByLastName("Kwok");

    assertThat(ids(kwoks)).as("in the index's key order: department, then id").containsExactly(4, 2, 1);
    assertThat(kwoks.get(0).firstName()).as("the entity, not the copy").isEqualTo("Alan");
    assertThat(events).singleElement().satisfies(event -> {
      assertThat(event.kind()).isEqualTo(QueryKind.RANGE);
      assertThat(event.plan()).isEqualTo(
          "RANGE via index byLastName in table AssociatesByLastName, eventually consistent: PartitionKey = {lastName}");
      assertThat(event.table()).isEqualTo("AssociatesByLastName");
      assertThat(event.requests()).as("one query, then each of the 4 entities").isEqualTo(5);
      assertThat(event.rowsReturned()).isEqualTo(3);
    });
    assertThat(associates.countByLastName("Kwok")).isEqualTo(3);
    assertThat(associates.existsByLastName("Kwok")).isTrue();
    assertThat(associates.existsByLastName("Smith")).as("its copy is not written yet").isFalse();
  }

  @Test
  void aRowKeyPrefixAndAFilterOnTheEntityNarrowTheIndexPartition() {
    indexed(associate("Sales", 1, "Ken", "Kwok", 7));
    indexed(associate("Sales", 2, "Kim", "Kwok", 3));
    indexed(associate("Marketing", 3, "Ann", "Kwok", 3));
    staleAfterUpdate(associate("Sales", 4, "Kit", "Kwok", 1), associate("Sales", 4, "Kim", "Kwok", 1));

    assertThat(ids(associates.findByLastNameAndDepartment("Kwok", "Sales"))).containsExactly(1, 2, 4);
    assertThat(ids(associates.findByLastNameAndFirstName("Kwok", "Kim"))).as("the entity's first name counts")
        .containsExactly(2, 4);
    assertThat(associates.streamByLastNameAndDepartment("Kwok", "Sales").map(AssociateName::firstName))
        .containsExactly("Ken", "Kim", "Kim");
  }

  @Test
  void aFullCopyFiltersInTheStoreButTheEntityDecides() {
    staleAfterUpdate(associate("Sales", 1, "Ken", "Kwok", 7), associate("Sales", 1, "Ken", "Smith", 7));
    indexed(associate("Sales", 2, "Kim", "Kwok", 7));
    events.clear();

    assertThat(ids(associates.findByDepartmentAndGrade("Sales", 7))).containsExactly(1, 2);
    assertThat(associates.findByDepartmentAndGrade("Sales", 7).get(0).lastName()).as("the entity's value, not the copy's")
        .isEqualTo("Smith");
    assertThat(ids(associates.findByDepartmentAndGradeAndLastName("Sales", 7, "Kwok"))).as("the copy says Kwok: not now")
        .containsExactly(2);
    assertThat(associates.findByDepartmentAndGradeAndLastName("Sales", 7, "Smith"))
        .as("the copy does not say Smith yet: not found yet").isEmpty();
    assertThat(events.get(0).plan()).isEqualTo("RANGE via index byGrade in table AssociatesByGrade, eventually consistent:"
        + " PartitionKey = {department}, RowKey starts with grade_{grade:03}_");
  }

  @Test
  void aKeysOnlyIndexHoldsOnlyTheKeysAndLeadsToEachEntity() {
    indexed(associate("Sales", 1, "Ken", "Kwok", 7));
    indexed(associate("Marketing", 2, "Ken", "Adams", 3));
    staleAfterUpdate(associate("Design", 3, "Ken", "Lane", 1), associate("Design", 3, "Kenneth", "Lane", 1));

    TableRow copy = RawRows.all(backend, "AssociateNames").get(0);
    assertThat(copy.properties().keySet()).containsExactlyInAnyOrder(EntityMapping.TYPE_PROPERTY,
        EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY, EntityMapping.PRIMARY_ROW_KEY_PROPERTY,
        EntityMapping.PRIMARY_TABLE_PROPERTY);
    events.clear();

    assertThat(ids(associates.findByFirstName("Ken"))).as("in the index's key order: department, then id")
        .containsExactly(2, 1);
    assertThat(associates.countByFirstName("Ken")).isEqualTo(2);
    assertThat(events.get(0).plan()).startsWith("RANGE via index names in table AssociateNames, eventually consistent");
  }

  @Test
  void aKeysOnlyIndexInTheEntitysPartitionIsWrittenInItsEgtWithTheKeysAloneAndLeadsToTheEntity() {
    Associate ken = associates.insert(associate("Sales", 1, "Ken", "Kwok", 7));
    associates.insert(associate("Sales", 2, "Kim", "Lane", 7));

    TableRow copy = RawRows.get(backend, "Associates", "Sales", "mail_" + ken.email());
    assertThat(copy.properties().keySet()).as("the copy builder honours IndexMapping.holds")
        .containsExactlyInAnyOrder(EntityMapping.TYPE_PROPERTY, EntityMapping.PRIMARY_ROW_KEY_PROPERTY);
    events.clear();
    assertThat(associates.findByDepartmentAndEmail("Sales", ken.email())).contains(ken);
    assertThat(events).singleElement().satisfies(event -> {
      assertThat(event.plan()).isEqualTo("POINT via index emails: PartitionKey = {department}, RowKey = mail_{email}");
      assertThat(event.requests()).isEqualTo(2);
    });

    associates.update(new Associate("Sales", 1, "Ken", "Kwok", "ken@fabrikam.com", 7));
    assertThat(associates.findByDepartmentAndEmail("Sales", ken.email())).isEmpty();
    assertThat(associates.findByDepartmentAndEmail("Sales", "ken@fabrikam.com")).map(Associate::employeeId)
        .contains(1);
    assertThat(RawRows.get(backend, "Associates", "Sales", "mail_" + ken.email())).as("moved in the EGT").isNull();
  }

  @Test
  void anIndexInTheEntitysPartitionIsPreferredToARemoteOneOfNoBetterPlan() {
    indexed(associate("Sales", 1, "Ken", "Kwok", 7));
    events.clear();

    assertThat(ids(associates.findByDepartmentAndFirstName("Sales", "Ken"))).containsExactly(1);
    assertThat(events).singleElement().satisfies(event -> assertThat(event.plan()).startsWith(
        "RANGE via index byFirstName: PartitionKey = {department}"));
  }

  @Test
  void anInOverLastNamesMergesTheIndexPartitions() {
    indexed(associate("Sales", 1, "Ken", "Kwok", 7));
    indexed(associate("Sales", 2, "Ann", "Lane", 3));
    indexed(associate("Sales", 3, "Bo", "Moe", 3));
    staleAfterUpdate(associate("Sales", 4, "Al", "Lane", 1), associate("Sales", 4, "Al", "Moe", 1));

    assertThat(ids(associates.findByLastNameIn(List.of("Moe", "Kwok", "Lane")))).containsExactly(1, 2, 3);
  }

  @Test
  void aUnionOfMoreRemoteReadsThanPoolThreadsFinishesSinceTheCallerRunsWhatThePoolHasNotStarted() {
    List<String> lastNames = new ArrayList<>();
    for (int name = 0; name < 8; name++) {
      lastNames.add("Name" + name);
      for (int id = 0; id < 3; id++) {
        indexed(associate("Sales", name * 10 + id, "F", "Name" + name, 1));
      }
    }
    try (TableMapper narrow = TableMapper.builder().backend(backend).readParallelism(2).build()) {
      AssociateRepository repository = narrow.repository(AssociateRepository.class);

      List<Associate> found = assertTimeoutPreemptively(Duration.ofSeconds(60),
          () -> repository.findByLastNameIn(lastNames));

      assertThat(found).hasSize(24);
    }
  }

  @Test
  void readsOneAfterAnotherWithoutAPoolSkipTheSameStaleCopies() {
    indexed(associate("Sales", 1, "Ken", "Kwok", 7));
    staleAfterUpdate(associate("Sales", 2, "Kim", "Kwok", 7), associate("Sales", 2, "Kim", "Lane", 7));
    indexed(associate("Sales", 3, "Kit", "Kwok", 7));
    try (TableMapper sequential = TableMapper.builder().backend(backend).readParallelism(1).build()) {
      AssociateRepository repository = sequential.repository(AssociateRepository.class);

      assertThat(ids(repository.findByLastName("Kwok"))).containsExactly(1, 3);
      assertThat(repository.countByLastName("Kwok")).isEqualTo(2);
    }
  }

  // ------------------------------------------------------------------ limits and pages

  @Test
  void aLimitCountsOnlyVerifiedEntities() {
    staleAfterUpdate(associate("Accounts", 1, "Al", "Kwok", 1), associate("Accounts", 1, "Al", "Smith", 1));
    indexed(associate("Design", 2, "Dee", "Kwok", 1));
    staleAfterUpdate(associate("Legal", 3, "Lu", "Kwok", 1), associate("Legal", 3, "Lu", "Lane", 1));
    indexed(associate("Sales", 4, "Ken", "Kwok", 1));
    indexed(associate("Sales", 5, "Kim", "Kwok", 1));

    assertThat(ids(associates.findTop2ByLastName("Kwok"))).containsExactly(2, 4);
  }

  @Test
  void pagesAreFullWherePossibleAndTheirTokensResumeAfterTheLastEntity() {
    List<Integer> fresh = new ArrayList<>();
    for (int id = 1; id <= 11; id++) {
      if (id % 3 == 0) {
        staleAfterUpdate(associate("Sales", id, "S" + id, "Kwok", 1), associate("Sales", id, "S" + id, "Gone", 1));
      } else {
        indexed(associate("Sales", id, "F" + id, "Kwok", 1));
        fresh.add(id);
      }
    }
    List<Integer> read = new ArrayList<>();
    List<Integer> sizes = new ArrayList<>();
    Page<Associate> page = associates.findByLastName("Kwok", PageRequest.of(3));
    while (true) {
      read.addAll(ids(page.items()));
      sizes.add(page.items().size());
      if (page.continuationToken().isEmpty()) {
        break;
      }
      page = associates.findByLastName("Kwok", PageRequest.after(page.continuationToken().get(), 3));
    }

    assertThat(read).isEqualTo(fresh);
    assertThat(sizes.subList(0, sizes.size() - 1)).as("every page but the last is full").allMatch(size -> size == 3);
    assertThat(associates.streamByLastName("Kwok").map(Associate::employeeId)).containsExactlyElementsOf(fresh);
  }

  @Test
  void aTokenOfAnotherQueryIsRefused() {
    for (int id = 1; id <= 3; id++) {
      indexed(associate("Sales", id, "F" + id, "Kwok", 1));
    }
    String token = associates.findByLastName("Kwok", PageRequest.of(1)).continuationToken().orElseThrow();

    assertThatThrownBy(() -> associates.findByLastName("Lane", PageRequest.after(token, 1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("issued for another query");
  }

  // ------------------------------------------------------------------ deletes

  @Test
  void aDeleteThroughARemoteIndexDeletesTheEntitiesThatStillMatchNeverTheCopies() {
    Associate ken = indexed(associate("Sales", 1, "Ken", "Kwok", 7));
    Associate before = associate("Sales", 2, "Kim", "Kwok", 7);
    staleAfterUpdate(before, new Associate("Sales", 2, "Kim", "Kwok", "kim@fabrikam.com", 7));

    assertThat(associates.deleteByEmail(before.email())).as("its entity moved to another email").isZero();
    assertThat(associates.deleteByEmail(ken.email())).isEqualTo(1);

    assertThat(RawRows.get(backend, "Associates", "Sales", "empid_00000001")).isNull();
    assertThat(RawRows.get(backend, "Associates", "Sales", "empid_00000002")).isNotNull();
  }

  @Test
  void aRemoteIndexWhoseTableDoesNotExistYetFindsNothingAndCreatesNoTable() {
    assertThat(associates.countByLastName("Kwok")).isZero();
    assertThat(associates.findByLastName("Kwok")).isEmpty();
    assertThat(backend.tableExists("AssociatesByLastName")).isFalse();
  }
}
