package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.Batch;
import io.tablemapper.api.BatchException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.fixtures.Clerk;
import io.tablemapper.tck.fixtures.ClerkRepository;
import io.tablemapper.tck.fixtures.Staffer;
import io.tablemapper.tck.fixtures.StafferRepository;
import io.tablemapper.tck.fixtures.Subscriber;
import io.tablemapper.tck.fixtures.SubscriberAsyncRepository;
import io.tablemapper.tck.fixtures.SubscriberRepository;
import io.tablemapper.tck.support.InterceptingBackend.Requests;
import io.tablemapper.tck.support.InterceptingBackend;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * The requests a write of an entity with remote indexes makes, as docs/indexes.md states them for n remote indexes
 * ({@link Staffer} has three, and one in its partition, which costs nothing of them), and the operation its record
 * adds to a batch.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class RemoteIndexCostTest {
  private final BatchVersions versions;
  private final InterceptingBackend backend;
  private final TableMapper mapper;
  private final StafferRepository staff;

  RemoteIndexCostTest(StoreUnderTest under) {
    this.versions = under.batchVersions();
    this.backend = new InterceptingBackend(under.newStore());
    this.mapper = TableMapper.builder().backend(backend).pendingCompleters(0).build();
    this.staff = mapper.repository(StafferRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  @Test
  void anInsertTakesOneBatchThreePlusNWritesAndNoRead() {
    staff.insert(new Staffer("Sales", 1, "Ann", "Bell", "ann@contoso.com", 2)); // tables created

    Requests before = backend.requests();
    staff.insert(new Staffer("Sales", 2, "Ken", "Kwok", "ken@contoso.com", 3));
    Requests cost = backend.requests().since(before);

    assertThat(cost.batches()).isEqualTo(1);
    assertThat(cost.writes()).isEqualTo(3 + 3);
    // no read before a claim (inserted, as an insert's values are most likely free), nor of the record its
    // transaction wrote, nor after it: each claim is the copy of the row the transaction wrote, so its
    // reconciliation has nothing to do. One remote unique index: 5 requests, one after another
    assertThat(cost.gets()).isZero();
    assertThat(cost.queries()).isZero();
  }

  @Test
  void eachEntityWithRemoteIndexesAddsItsRecordToTheBatchsHundredOperationsAndARefusedBatchLeavesNothing() {
    Batch batch = mapper.batch("Staff", "Sales");
    for (int id = 1; id <= 34; id++) {
      batch.insert(new Staffer("Sales", id, "F" + id, "L" + id, id + "@contoso.com", null));
    }

    assertThatThrownBy(batch::commit)
        .isInstanceOfSatisfying(BatchException.class,
            e -> assertThat(e.reason()).isEqualTo(BatchException.Reason.TOO_MANY_OPERATIONS))
        .hasMessageContaining("needs 102 operations: 34 for the entities and 34 added by their index copies and 34 by"
            + " the records of their pending work");
    TableBackend store = backend.delegate;
    for (String table : List.of("Staff", "StaffByLastName", Contract.PENDING_REGISTRY_TABLE)) {
      assertThat(store.tableExists(table) ? store.query(TableQuery.builder(table).limit(1000).build()).rows()
          : List.of()).as("rows left in %s", table).isEmpty();
    }
  }

  @Test
  void anUpdateOfEveryIndexedValueTakesOneBatchThreePlusTwoNWritesAndTwoNPlusOneReads() {
    staff.insert(new Staffer("Sales", 2, "Ken", "Kwok", "ken@contoso.com", 3));

    Requests before = backend.requests();
    staff.update(new Staffer("Sales", 2, "Ken", "Kwan", "kenk@contoso.com", 4));
    Requests cost = backend.requests().since(before);

    assertThat(cost.batches()).isEqualTo(1);
    // the registry entry, n claims (inserted: the entity read ahead holds none of the new values), n old copies
    // deleted, the record and the entry
    assertThat(cost.writes()).isEqualTo(3 + 2 * 3);
    // the entity, read ahead of the claims (the transaction is planned from it), and per index the old copy and the
    // registry entry of the write that claimed it, checked ahead of the transaction; after it nothing is read: each
    // new copy is the claim, and each old one is deleted under the ETag it was checked with. And the copy in the
    // entity's partition read back where its ETag is not the entity's (rows of a batch with ETags of their own)
    assertThat(cost.gets()).isIn(versions.expected(2 * 3 + 1, 2 * 3 + 2));
    assertThat(cost.queries()).isZero();
    assertThat(staff.findByDepartmentAndEmployeeId("Sales", 2)).isPresent();
    assertThat(rows("StaffByLastName")).extracting(TableRow::partitionKey).containsExactly("Kwan");
  }

  @Test
  void withOneRemoteUniqueIndexAnInsertSendsFiveRequestsAndAnUpsertThatMovesItsValueNine() {
    SubscriberRepository subscribers = mapper.repository(SubscriberRepository.class);
    SubscriberAsyncRepository async = mapper.repository(SubscriberAsyncRepository.class);
    subscribers.insert(new Subscriber("news", 1, "ann@contoso.com", "Ann")); // tables created

    Requests before = backend.requests();
    subscribers.insert(new Subscriber("news", 2, "ken@contoso.com", "Ken"));
    Requests insert = backend.requests().since(before);
    before = backend.requests();
    subscribers.upsert(new Subscriber("news", 2, "kenk@contoso.com", "Ken"));
    Requests move = backend.requests().since(before);
    before = backend.requests();
    async.upsert(new Subscriber("news", 2, "ken.kwok@contoso.com", "Ken")).join();
    Requests asyncMove = backend.requests().since(before);

    // the registry entry, the claim, the transaction, the record and the entry deleted
    assertThat(insert).isEqualTo(new Requests(0, 0, 4, 1));
    // and the entity read ahead, the old copy and the registry entry of the write that claimed it checked ahead, the
    // old copy deleted under the ETag it was checked with
    assertThat(move).isEqualTo(new Requests(3, 0, 5, 1));
    assertThat(asyncMove).isEqualTo(move);
    assertThat(move.total()).isEqualTo(9);
    assertThat(subscribers.findByEmail("ken.kwok@contoso.com")).map(Subscriber::id).contains(2);
    assertThat(subscribers.findByEmail("kenk@contoso.com")).isEmpty();
    assertThat(rows("SubscriberEmails")).extracting(TableRow::partitionKey)
        .containsExactlyInAnyOrder("ann@contoso.com", "ken.kwok@contoso.com");
    assertThat(rows(Contract.PENDING_REGISTRY_TABLE)).isEmpty();
  }

  private List<TableRow> rows(String table) {
    TableBackend store = backend.delegate;
    return store.tableExists(table) ? store.query(TableQuery.builder(table).limit(1000).build()).rows() : List.of();
  }

  @Test
  void aKeyListOfOneRowCostsPerIndexAReadModifyWriteOfEachListItLeavesOrJoins() {
    ClerkRepository clerks = mapper.repository(ClerkRepository.class);
    clerks.insert(new Clerk("Sales", 1, "Ann", "Bell", "audit", "blue")); // tables created

    Requests before = backend.requests();
    clerks.insert(new Clerk("Sales", 2, "Ken", "Kwok", "law", "red"));
    Requests insert = backend.requests().since(before);
    before = backend.requests();
    clerks.update(new Clerk("Sales", 2, "Ken", "Bell", "audit", "blue"));
    Requests update = backend.requests().since(before);
    before = backend.requests();
    assertThat(clerks.findByLastName("Bell")).hasSize(2);
    Requests read = backend.requests().since(before);

    // n = 3 key lists; an insert: registry entry, the record taken before its first list is written, n lists
    // written, record and entry deleted
    assertThat(insert.batches()).isEqualTo(1);
    assertThat(insert.writes()).isEqualTo(4 + 3);
    // per list the entity, the list, the entity again (no room check: a list grows part rows); not the record
    assertThat(insert.gets()).isEqualTo(3 * 3);
    // an update moving the clerk to other values of all three: each old list and each new one written
    assertThat(update.batches()).isEqualTo(1);
    assertThat(update.writes()).isEqualTo(4 + 2 * 3);
    assertThat(update.gets()).isEqualTo(4 * 3 + 1);
    // a read: the list, then each entity listed
    assertThat(read.gets()).isEqualTo(1 + 2);
    assertThat(read.queries()).as("a list of one row has no parts to range-read").isZero();
  }
}
