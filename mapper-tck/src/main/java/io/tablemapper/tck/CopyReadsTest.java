package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.IndexAdmin;
import io.tablemapper.api.QueryEvent;
import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import io.tablemapper.tck.fixtures.Citizen;
import io.tablemapper.tck.fixtures.CitizenPlace;
import io.tablemapper.tck.fixtures.CitizenRepository;
import io.tablemapper.tck.support.ForwardingBackend;
import io.tablemapper.tck.support.InterceptingBackend;
import io.tablemapper.tck.support.InterceptingBackend.Requests;
import io.tablemapper.tck.support.RawRows;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Queries through indexes in other tables whose copies answer them ({@code reads = IndexReads.COPIES},
 * {@link Citizen}): one request, no read of the entities, the entities as their copies show them with the ETag of
 * the version each copy was written from — so an update of what was read succeeds — and, while a copy's
 * reconciliation has not run, the copy's stale values, where an index read the default way verifies each copy
 * against its entity and returns no stale value.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class CopyReadsTest {
  private final CopyWrites copyWrites;
  private final InterceptingBackend backend;
  private final TableMapper mapper;
  private final CitizenRepository citizens;
  private final List<QueryEvent> events = Collections.synchronizedList(new ArrayList<>());

  CopyReadsTest(StoreUnderTest under) {
    this.copyWrites = new CopyWrites(under.newStore());
    this.backend = new InterceptingBackend(copyWrites);
    // a run whose copy write got no answer holds its record for the grace period: the write may still land
    this.mapper = KitGrace.builder(backend).pendingCompleters(0).queryListener(events::add).build();
    this.citizens = mapper.repository(CitizenRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  @Test
  void aQueryAnsweredByFullCopiesIsOneRequestAndReturnsTheEntitiesWithTheirStoredETags() {
    citizens.insert(new Citizen("north", 1, "Ann", "Oslo", 30));
    citizens.insert(new Citizen("south", 2, "Bo", "Oslo", 41));
    citizens.insert(new Citizen("north", 3, "Cy", "Bergen", 30));
    citizens.findByCity("Bergen"); // tables and index states known

    List<Citizen> read = counted(() -> citizens.findByCity("Oslo"), 1);
    QueryEvent event = events.get(events.size() - 1);

    assertThat(read).extracting(Citizen::name).containsExactly("Ann", "Bo");
    assertThat(read).usingRecursiveFieldByFieldElementComparatorIgnoringFields("etag")
        .containsExactly(new Citizen("north", 1, "Ann", "Oslo", 30), new Citizen("south", 2, "Bo", "Oslo", 41));
    for (Citizen citizen : read) {
      assertThat(citizen.etag()).as("the ETag of %s as stored", citizen.name())
          .isEqualTo(stored(citizen).etag());
    }
    assertThat(event.plan()).contains("answered by its copies (eventually consistent)");
    assertThat(event.requests()).isEqualTo(1);
  }

  @Test
  void anUpdateWithTheETagReadThroughACopySucceedsAndTheCopiesThenShowIt() {
    citizens.insert(new Citizen("north", 1, "Ann", "Oslo", 30));
    Citizen read = citizens.findByCity("Oslo").get(0);

    citizens.update(read.named("Anna"));

    Citizen again = citizens.findByCity("Oslo").get(0);
    assertThat(again.name()).isEqualTo("Anna");
    assertThat(again.etag()).isNotEqualTo(read.etag()).isEqualTo(stored(read).etag());
    assertThatThrownBy(() -> citizens.update(read.named("Annie")))
        .as("the version read before is gone").isInstanceOf(ConcurrencyConflictException.class);
  }

  @Test
  void theStoreFiltersCopiesThatAnswerAndCountsAreOneRequest() {
    citizens.insert(new Citizen("north", 1, "Ann", "Oslo", 30));
    citizens.insert(new Citizen("south", 2, "Bo", "Oslo", 41));
    citizens.insert(new Citizen("north", 3, "Cy", "Oslo", 52));
    citizens.countByCity("Bergen");
    citizens.countByAgeAndName(1, "none");

    assertThat(counted(() -> citizens.findByCityAndAgeGreaterThan("Oslo", 40), 1))
        .extracting(Citizen::name).as("in the copies' key order").containsExactly("Cy", "Bo");
    assertThat(counted(() -> citizens.countByCity("Oslo"), 1)).isEqualTo(3);
    assertThat(counted(() -> citizens.countByAgeAndName(30, "Ann"), 1)).isEqualTo(1);
    assertThat(counted(() -> citizens.countByAgeAndName(30, "Bo"), 1)).isZero();
  }

  @Test
  void aProjectionOfWhatAPartialCopyHoldsIsAnsweredByItInOneRequest() {
    citizens.insert(new Citizen("north", 1, "Ann", "Oslo", 30));
    citizens.insert(new Citizen("south", 2, "Bo", "Bergen", 30));
    citizens.insert(new Citizen("south", 3, "Cy", "Bergen", 31));
    citizens.streamByAge(99).count();

    assertThat(counted(() -> citizens.streamByAge(30).toList(), 1))
        .containsExactly(new CitizenPlace("Ann", "Oslo"), new CitizenPlace("Bo", "Bergen"));
  }

  @Test
  void aMethodThePartialCopyCannotAnswerIsVerifiedWithAReadOfEachEntity() {
    citizens.insert(new Citizen("north", 1, "Ann", "Oslo", 30));
    citizens.insert(new Citizen("south", 2, "Bo", "Bergen", 30));
    citizens.findByAge(99);

    Requests before = backend.requests();
    assertThat(citizens.findByAge(30)).extracting(Citizen::name).containsExactly("Ann", "Bo");
    Requests cost = backend.requests().since(before);

    assertThat(cost.queries()).isEqualTo(1);
    assertThat(cost.gets()).as("each copy's entity").isEqualTo(2);
    assertThat(events).last().satisfies(event -> assertThat(event.plan())
        .contains("each copy verified against its entity (its copies cannot answer this method)"));
  }

  @Test
  void aCopyWhoseReconciliationHasNotRunAnswersWithItsStaleValuesWhereTheDefaultIndexVerifiesThem() {
    citizens.insert(new Citizen("north", 1, "Ann", "Oslo", 30));
    Citizen read = citizens.findByCity("Oslo").get(0);

    copyWrites.failAfterTransaction = true;
    try {
      citizens.update(read.named("Anna")); // the entity's transaction passes; no copy can be written after it
    } catch (StoreUnavailableException expected) {
      // the write's own completion of its index work failed: the work stays recorded for a completer
    }
    copyWrites.failAfterTransaction = false;
    copyWrites.failing = false;
    assertThat(stored(read).name()).as("the entity as stored").isEqualTo("Anna");

    // answered by the copies: their values as last reconciled, with the ETag of that version
    List<Citizen> stale = citizens.findByCity("Oslo");
    assertThat(stale).extracting(Citizen::name).containsExactly("Ann");
    assertThat(stale.get(0).etag()).isEqualTo(read.etag());
    assertThat(citizens.streamByAge(30).toList()).containsExactly(new CitizenPlace("Ann", "Oslo"));
    // verified: the entity as stored, or nothing where the copy no longer matches it
    assertThat(citizens.findByAge(30)).extracting(Citizen::name).containsExactly("Anna");
    assertThat(citizens.findByName("Ann")).isEmpty();
    assertThat(citizens.findByName("Anna")).as("the claim written before the transaction, verified")
        .extracting(Citizen::name).containsExactly("Anna");
    // a write of the stale version is refused, never applied over the newer one
    assertThatThrownBy(() -> citizens.update(stale.get(0).named("Annie")))
        .isInstanceOf(ConcurrencyConflictException.class);

    assertThat(mapper.completePending()).as("the work left").isPositive();

    List<Citizen> reconciled = citizens.findByCity("Oslo");
    assertThat(reconciled).extracting(Citizen::name).containsExactly("Anna");
    assertThat(reconciled.get(0).etag()).isEqualTo(stored(read).etag());
    assertThat(citizens.streamByAge(30).toList()).containsExactly(new CitizenPlace("Anna", "Oslo"));
    assertThat(citizens.findByName("Anna")).extracting(Citizen::name).containsExactly("Anna");
  }

  @Test
  void aClaimWrittenBeforeItsEntitysTransactionShowsTheNewValuesButNamesNoVersionAWriteCouldUse() {
    copyWrites.failAfterTransaction = true;
    try {
      citizens.insert(new Citizen("north", 1, "Ann", "Oslo", 30)); // claims, then the entity; no reconciliation
    } catch (StoreUnavailableException expected) {
      // the work stays recorded for a completer
    }
    copyWrites.failAfterTransaction = false;
    copyWrites.failing = false;

    List<Citizen> claimed = citizens.findByCity("Oslo");
    assertThat(claimed).extracting(Citizen::name).containsExactly("Ann");
    assertThat(claimed.get(0).etag()).as("the claim's own ETag, not the entity's")
        .isNotEqualTo(stored(claimed.get(0)).etag());
    assertThatThrownBy(() -> citizens.update(claimed.get(0).named("Anna")))
        .isInstanceOf(ConcurrencyConflictException.class);

    assertThat(mapper.completePending()).isPositive();
    Citizen reconciled = citizens.findByCity("Oslo").get(0);
    assertThat(reconciled.etag()).isEqualTo(stored(reconciled).etag());
    assertThat(citizens.update(reconciled.named("Anna")).name()).isEqualTo("Anna");
  }

  @Test
  void aCopyWithoutItsEntitysETagIsReportedStaleAndRepairRecordsIt() {
    citizens.insert(new Citizen("north", 1, "Ann", "Oslo", 30));
    TableBackend store = backend.delegate;
    TableRow copy = RawRows.get(store, "CitizensByCity", "Oslo", "north_000001");
    assertThat(copy.get(EntityMapping.PRIMARY_ETAG_PROPERTY)).isEqualTo(stored(citizens.findByCity("Oslo").get(0))
        .etag());
    // a copy as written before the index answered queries: without the entity's ETag
    TableRow.Builder older = TableRow.builder(copy.partitionKey(), copy.rowKey(), copy.properties().size());
    copy.properties().forEach((name, value) -> {
      if (!name.equals(EntityMapping.PRIMARY_ETAG_PROPERTY)) {
        older.put(name, value);
      }
    });
    store.write("CitizensByCity", WriteOperation.replace(older.build(), copy.etag()));
    Citizen read = citizens.findByCity("Oslo").get(0);
    assertThatThrownBy(() -> citizens.update(read.named("Anna"))).isInstanceOf(ConcurrencyConflictException.class);

    IndexAdmin indexes = mapper.indexes(Citizen.class);
    assertThat(indexes.verify("byCity").stale()).isEqualTo(1);
    assertThat(indexes.repair("byCity").stale()).isEqualTo(1);
    assertThat(indexes.verify("byCity").stale()).isZero();

    Citizen repaired = citizens.findByCity("Oslo").get(0);
    assertThat(repaired.etag()).isEqualTo(stored(repaired).etag());
    assertThat(citizens.update(repaired.named("Anna")).name()).isEqualTo("Anna");
  }

  @Test
  void aDeleteThroughAnIndexWhoseCopiesAnswerStillReadsTheEntitiesItDeletes() {
    citizens.insert(new Citizen("north", 1, "Ann", "Oslo", 30));
    citizens.insert(new Citizen("south", 2, "Bo", "Oslo", 41));

    Requests before = backend.requests();
    assertThat(citizens.deleteByCity("Oslo")).isEqualTo(2);
    Requests cost = backend.requests().since(before);

    assertThat(cost.gets()).as("the entities read through their copies").isGreaterThanOrEqualTo(2);
    assertThat(citizens.findByCity("Oslo")).isEmpty();
    assertThat(citizens.findByAge(30)).isEmpty();
  }

  private Citizen stored(Citizen citizen) {
    return citizens.findByRegionAndId(citizen.region(), citizen.id()).orElseThrow();
  }

  /** Runs a read, checks it sent {@code queries} queries and no point read, and returns what it read. */
  private <R> R counted(Supplier<R> read, int queries) {
    Requests before = backend.requests();
    R result = read.get();
    Requests cost = backend.requests().since(before);
    assertThat(cost.queries()).as("queries").isEqualTo(queries);
    assertThat(cost.gets()).as("point reads").isZero();
    return result;
  }

  /**
   * A store that refuses, while {@link #failing}, every write of a copy in one of Citizen's index tables; with
   * {@link #failAfterTransaction}, from the next write of the entity's own table on (its claims, written before it,
   * pass).
   */
  private static final class CopyWrites extends ForwardingBackend {
    private volatile boolean failing;
    private volatile boolean failAfterTransaction;

    CopyWrites(TableBackend delegate) {
      super(delegate, Async.THROUGH_BLOCKING_CALLS);
    }

    @Override
    public WriteResult write(String table, WriteOperation operation) {
      refuse(table);
      WriteResult result = super.write(table, operation);
      written(table);
      return result;
    }

    @Override
    public List<WriteResult> batch(String table, List<WriteOperation> operations) {
      refuse(table);
      List<WriteResult> results = super.batch(table, operations);
      written(table);
      return results;
    }

    private void written(String table) {
      if (failAfterTransaction && table.equals("Citizens")) {
        failing = true;
      }
    }

    private void refuse(String table) {
      if (failing && table.startsWith("CitizensBy")) {
        throw new StoreUnavailableException("the index table " + table + " is out of reach (injected)");
      }
    }
  }
}
