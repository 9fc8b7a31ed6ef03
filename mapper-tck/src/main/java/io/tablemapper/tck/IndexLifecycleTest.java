package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;
import io.tablemapper.api.IndexAdmin;
import io.tablemapper.api.IndexNotReadyException;
import io.tablemapper.api.IndexReport;
import io.tablemapper.api.IndexState;
import io.tablemapper.api.MapperScope;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableRepository;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import io.tablemapper.tck.fixtures.IndexedRecruit;
import io.tablemapper.tck.fixtures.IndexedRecruitAsyncRepository;
import io.tablemapper.tck.fixtures.IndexedRecruitRepository;
import io.tablemapper.tck.support.ForwardingBackend;
import io.tablemapper.tck.support.RawRows;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Indexes over data that already exists: entities written by {@link Recruit}, a class without indexes (mapped at run
 * time: the processor refuses two classes of one table and type in one compilation), then read by {@link
 * IndexedRecruit}, the same entity with an index of each form (two mappers on one store, as an application
 * before and after it added the indexes). The new indexes are not ready, and queries through them are refused, until
 * built; verify and repair find and mend what manual edits broke; unique values held twice keep an index not ready;
 * a dropped index's rows are deleted; a build that dies part-way resumes from its checkpoint.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class IndexLifecycleTest {
  private static final List<String> INDEXES = List.of("companyEmail", "byTeam", "globalEmail", "byLevel");
  private static final String TABLE = "Recruits";
  private static final String TYPE = EntityMapping.TYPE_PROPERTY;

  private final TableBackend store;
  /** Fails the store's transactions after a number of them, when armed. */
  private final DyingBackend dying;
  /** The application before it added the indexes. Never closed: closing a mapper closes its backend. */
  private final TableMapper before;
  private final RecruitRepository recruits;
  private final TableMapper after;
  private final IndexedRecruitRepository indexed;

  IndexLifecycleTest(StoreUnderTest stores) {
    this.store = stores.newStore();
    this.dying = new DyingBackend(store);
    this.before = TableMapper.builder().backend(store).build();
    this.recruits = before.repository(RecruitRepository.class);
    this.after = TableMapper.builder().backend(dying).build();
    this.indexed = after.repository(IndexedRecruitRepository.class);
  }

  @AfterEach
  void close() {
    after.close();
  }

  /** Writes {@code count} recruits through the class without indexes, {@code perCompany} to a partition. */
  private void writeWithoutIndexes(int count, int perCompany) {
    for (int i = 0; i < count; i++) {
      recruits.insert(new Recruit(company(i / perCompany), i, "r" + i + "@contoso.com", "team" + i % 3, i % 4));
    }
  }

  private static String company(int n) {
    return String.format("company%02d", n);
  }

  @Test
  void anIndexNewToAPopulatedTableIsNotReadyAndItsQueriesFailUntilBuilt() throws Exception {
    writeWithoutIndexes(12, 4);
    IndexAdmin admin = after.indexes(IndexedRecruit.class);

    assertThat(admin.declared()).containsExactlyElementsOf(INDEXES);
    for (String index : INDEXES) {
      assertThat(admin.state(index)).as(index).isEqualTo(IndexState.NOT_BUILT);
    }
    assertThatThrownBy(() -> indexed.findByCompanyAndEmail(company(0), "r1@contoso.com"))
        .isInstanceOf(IndexNotReadyException.class)
        .hasMessageContaining("'companyEmail'")
        .hasMessageContaining("mapper.indexes(IndexedRecruit.class).build(\"companyEmail\")")
        .satisfies(e -> assertThat(((IndexNotReadyException) e).state()).isEqualTo(IndexState.NOT_BUILT));
    assertThatThrownBy(() -> indexed.findByLevel(1)).isInstanceOf(IndexNotReadyException.class);
    assertThatThrownBy(() -> indexed.findByLevel(1, PageRequest.of(5))).isInstanceOf(IndexNotReadyException.class);
    assertThatThrownBy(() -> indexed.streamByLevel(1)).isInstanceOf(IndexNotReadyException.class);
    assertThatThrownBy(() -> indexed.countByCompanyAndTeam(company(0), "team1"))
        .isInstanceOf(IndexNotReadyException.class);
    IndexedRecruitAsyncRepository async = after.repository(IndexedRecruitAsyncRepository.class);
    assertThatThrownBy(() -> async.findByCompanyAndTeam(company(0), "team1").get())
        .isInstanceOf(ExecutionException.class).hasCauseInstanceOf(IndexNotReadyException.class);

    List<Long> partitions = new ArrayList<>();
    IndexReport built = admin.listener((index, soFar, done, finished) -> partitions.add(done)).build("companyEmail");

    assertThat(built.entitiesRead()).isEqualTo(12);
    assertThat(built.copiesWritten()).isEqualTo(12);
    assertThat(built.missing()).isEqualTo(12);
    assertThat(built.conflicts()).isZero();
    if (store.profile().ordered()) {
      assertThat(partitions).endsWith(3L, 3L); // after the last partition, and at the end
    } else {
      assertThat(partitions).containsExactly(0L); // rows in no key order: one page, no partition counted, the end
    }
    assertThat(admin.state("companyEmail")).isEqualTo(IndexState.READY);
    // the rewrite through the write path gave every entity its rows of every index: the other builds write nothing
    for (String index : INDEXES.subList(1, INDEXES.size())) {
      IndexReport other = admin.build(index);
      assertThat(other.copiesWritten()).as(index).isZero();
      assertThat(other.clean()).as(index).isTrue();
      assertThat(admin.state(index)).as(index).isEqualTo(IndexState.READY);
    }

    for (int i = 0; i < 12; i++) {
      assertThat(indexed.findByCompanyAndEmail(company(i / 4), "r" + i + "@contoso.com")).isPresent();
      assertThat(indexed.findByEmail("r" + i + "@contoso.com")).map(IndexedRecruit::id).contains(i);
    }
    assertThat(indexed.findByCompanyAndTeam(company(1), "team1")).extracting(IndexedRecruit::id)
        .containsExactlyInAnyOrder(4, 7);
    assertThat(indexed.findByLevel(2)).extracting(IndexedRecruit::id).containsExactlyInAnyOrder(2, 6, 10);
    assertThat(async.findByCompanyAndTeam(company(2), "team2").get()).extracting(IndexedRecruit::id)
        .containsExactlyInAnyOrder(8, 11);
    for (String index : INDEXES) {
      IndexReport verified = admin.verify(index);
      assertThat(verified.clean()).as(index + ": " + verified).isTrue();
      assertThat(verified.entitiesRead()).isEqualTo(12);
      IndexReport again = admin.build(index);
      assertThat(again.copiesWritten() + again.copiesDeleted()).as(index).isZero();
    }
  }

  @Test
  void aScopedViewKnowsTheIndexStatesAsItsMapperDoesThoughItsScopeHoldsNoneOfTheirRows() {
    writeWithoutIndexes(8, 4);
    // the tenant's partitions only: not the mapper's table of index states
    TableMapper tenant = after.scoped(MapperScope.builder().partitionPrefix(TABLE, company(0)).build());
    IndexedRecruitRepository own = tenant.repository(IndexedRecruitRepository.class);

    assertThatThrownBy(() -> own.findByCompanyAndEmail(company(0), "r1@contoso.com"))
        .isInstanceOf(IndexNotReadyException.class)
        .hasMessageContaining("'companyEmail'");
    assertThat(after.indexes(IndexedRecruit.class).build("companyEmail").copiesWritten()).isEqualTo(8);

    assertThat(own.findByCompanyAndEmail(company(0), "r1@contoso.com")).map(IndexedRecruit::id).contains(1);
    assertThatThrownBy(() -> own.findByCompanyAndTeam(company(0), "team1"))
        .isInstanceOf(IndexNotReadyException.class); // byTeam: its copies were written, its state is its own
    tenant.close();
  }

  @Test
  void aBatchOfRewritesRefusedForOneChangedEntityRewritesEachAloneAndKeepsTheChange() {
    writeWithoutIndexes(8, 4);
    IndexAdmin admin = after.indexes(IndexedRecruit.class);
    assertThat(admin.state("byTeam")).isEqualTo(IndexState.NOT_BUILT);
    // between the scan's page and the partition's transaction, a writer without the index moves recruit 1
    dying.afterNextScan(() -> recruits.update(new Recruit(company(0), 1, "r1@contoso.com", "team9", 1)));

    IndexReport built = admin.build("byTeam");

    // company00's transaction refused (and the write path's own attempts after it, each planned afresh)
    assertThat(dying.refusedBatches.get()).as("transactions refused").isPositive();
    assertThat(built.entitiesRead()).isEqualTo(8);
    assertThat(built.missing()).isEqualTo(8);
    assertThat(built.copiesWritten()).isEqualTo(8);
    assertThat(admin.state("byTeam")).isEqualTo(IndexState.READY);
    assertThat(indexed.findByCompanyAndTeam(company(0), "team9")).extracting(IndexedRecruit::id).containsExactly(1);
    assertThat(indexed.findByCompanyAndTeam(company(0), "team1")).extracting(IndexedRecruit::id).isEmpty();
    assertThat(admin.verify("byTeam").clean()).isTrue();
  }

  @Test
  void aRepairThatCannotFixAnEntityOfAReadyIndexLeavesItReady() {
    for (int i = 0; i < 3; i++) {
      indexed.insert(new IndexedRecruit(company(0), i, "r" + i + "@contoso.com", "team1", 1));
    }
    IndexAdmin admin = after.indexes(IndexedRecruit.class);
    assertThat(admin.state("companyEmail")).isEqualTo(IndexState.READY);
    store.write(TABLE, WriteOperation.delete(company(0), "email_r1@contoso.com", "*"));
    // recruit 1 changes before every write of its partition: no rewrite of it can land
    AtomicInteger counter = new AtomicInteger();
    dying.beforeEachWrite(company(0), () -> store.write(TABLE, WriteOperation.merge(TableRow.builder(company(0),
        "r_00001").putInt32("bump", counter.incrementAndGet()).build(), "*")));

    IndexReport repaired = admin.repair("companyEmail");

    assertThat(repaired.missing()).isEqualTo(1);
    assertThat(repaired.copiesWritten()).isZero();
    assertThat(admin.state("companyEmail")).as("a ready index stays ready: its queries go on")
        .isEqualTo(IndexState.READY);
    assertThat(indexed.findByCompanyAndEmail(company(0), "r0@contoso.com")).isPresent();

    dying.beforeEachWrite(null, null);
    assertThat(admin.repair("companyEmail").copiesWritten()).isEqualTo(1);
    assertThat(admin.verify("companyEmail").clean()).isTrue();
    assertThat(indexed.findByCompanyAndEmail(company(0), "r1@contoso.com")).map(IndexedRecruit::id).contains(1);
  }

  @Test
  void anIndexOfATableThisVersionCreatedIsReadyAtOnce() {
    indexed.insert(new IndexedRecruit(company(0), 1, "a@contoso.com", "red", 1));

    IndexAdmin admin = after.indexes(IndexedRecruit.class);
    for (String index : INDEXES) {
      assertThat(admin.state(index)).as(index).isEqualTo(IndexState.READY);
      assertThat(admin.verify(index).clean()).as(index).isTrue();
    }
    assertThat(indexed.findByCompanyAndEmail(company(0), "a@contoso.com")).isPresent();
    assertThat(admin.recorded()).containsExactlyInAnyOrderElementsOf(INDEXES);
  }

  @Test
  void verifyFindsMissingOrphanedAndStaleRowsAndRepairMendsThem() {
    for (int i = 0; i < 6; i++) {
      indexed.insert(new IndexedRecruit(company(i / 3), i, "r" + i + "@contoso.com", "team" + i % 2, i % 2));
    }
    IndexAdmin admin = after.indexes(IndexedRecruit.class);
    // a copy deleted, another edited, one left by an entity that does not exist
    store.write(TABLE, WriteOperation.delete(company(0), "email_r0@contoso.com", "*"));
    TableRow copy = RawRows.get(store, TABLE, company(0), "email_r1@contoso.com");
    store.write(TABLE, WriteOperation.replace(copy.toBuilder().putString("team", "edited").build(), "*"));
    store.write(TABLE, WriteOperation.insert(TableRow.builder(company(0), "email_ghost@contoso.com")
        .putAll(copy.properties()).putString(EntityMapping.PRIMARY_ROW_KEY_PROPERTY, "r_99999").build()));
    // a remote copy deleted, and one whose entity is gone
    store.write("RecruitEmails", WriteOperation.delete("r3@contoso.com", "recruit", "*"));
    TableRow claim = RawRows.get(store, "RecruitEmails", "r4@contoso.com", "recruit");
    store.write("RecruitEmails", WriteOperation.insert(TableRow.builder("ghost@contoso.com", "recruit")
        .putAll(claim.properties()).putString(EntityMapping.PRIMARY_ROW_KEY_PROPERTY, "r_99999").build()));
    // (the claim keeps the id of the write that claimed it, finished: its work is no longer registered)

    IndexReport local = admin.verify("companyEmail");
    assertThat(local).extracting(IndexReport::missing, IndexReport::orphans, IndexReport::stale,
        IndexReport::conflicts, IndexReport::copiesWritten, IndexReport::copiesDeleted)
        .containsExactly(1L, 1L, 1L, 0L, 0L, 0L);
    IndexReport remote = admin.verify("globalEmail");
    assertThat(remote).extracting(IndexReport::missing, IndexReport::orphans, IndexReport::stale)
        .containsExactly(1L, 1L, 0L);

    IndexReport repaired = admin.repair("companyEmail");
    assertThat(repaired).extracting(IndexReport::missing, IndexReport::orphans, IndexReport::stale,
        IndexReport::copiesWritten, IndexReport::copiesDeleted).containsExactly(1L, 1L, 1L, 2L, 1L);
    assertThat(admin.repair("globalEmail")).extracting(IndexReport::copiesWritten, IndexReport::copiesDeleted)
        .containsExactly(1L, 1L);
    for (String index : INDEXES) {
      assertThat(admin.verify(index).clean()).as(index).isTrue();
      assertThat(admin.state(index)).isEqualTo(IndexState.READY);
    }
    assertThat(RawRows.get(store, TABLE, company(0), "email_r1@contoso.com").getString("team")).isEqualTo("team1");
    assertThat(indexed.findByEmail("r3@contoso.com")).isPresent();
    assertThat(indexed.findByEmail("ghost@contoso.com")).isEmpty();
  }

  @Test
  void uniqueValuesHeldTwiceAreReportedWithBothKeysAndKeepTheIndexNotReadyUntilRepaired() {
    recruits.insert(new Recruit(company(0), 1, "same@contoso.com", "red", 1));
    recruits.insert(new Recruit(company(0), 2, "same@contoso.com", "red", 1));
    recruits.insert(new Recruit(company(0), 3, "other@contoso.com", "red", 1));
    IndexAdmin admin = after.indexes(IndexedRecruit.class);

    IndexReport built = admin.build("companyEmail");

    assertThat(built.conflicts()).isEqualTo(1);
    assertThat(built.conflictDetails()).singleElement().satisfies(conflict -> {
      assertThat(conflict.value()).isEqualTo("email_same@contoso.com");
      assertThat(conflict.entities()).containsExactlyInAnyOrder(TABLE + "/" + company(0) + "/r_00001",
          TABLE + "/" + company(0) + "/r_00002");
    });
    assertThat(admin.state("companyEmail")).isEqualTo(IndexState.NOT_BUILT);
    assertThatThrownBy(() -> indexed.findByCompanyAndEmail(company(0), "other@contoso.com"))
        .isInstanceOf(IndexNotReadyException.class);
    assertThat(admin.verify("companyEmail").conflicts()).isEqualTo(1);

    // resolved: one of the two changes its email
    TableRow second = RawRows.get(store, TABLE, company(0), "r_00002");
    indexed.update(new IndexedRecruit(company(0), 2, "second@contoso.com", "red", 1, second.etag()));
    IndexReport repaired = admin.repair("companyEmail");

    assertThat(repaired.conflicts()).isZero();
    assertThat(admin.state("companyEmail")).isEqualTo(IndexState.READY);
    assertThat(admin.verify("companyEmail").clean()).isTrue();
    assertThat(indexed.findByCompanyAndEmail(company(0), "same@contoso.com")).map(IndexedRecruit::id).contains(1);
    assertThat(indexed.findByCompanyAndEmail(company(0), "second@contoso.com")).map(IndexedRecruit::id).contains(2);
  }

  @Test
  void droppingAnIndexNoLongerDeclaredDeletesItsRows() {
    for (int i = 0; i < 5; i++) {
      indexed.insert(new IndexedRecruit(company(0), i, "r" + i + "@contoso.com", "team" + i % 2, i % 2));
    }
    IndexAdmin old = before.indexes(Recruit.class);
    assertThat(old.declared()).isEmpty();
    assertThat(old.recorded()).containsExactlyInAnyOrderElementsOf(INDEXES);

    assertThat(old.drop("companyEmail").copiesDeleted()).isEqualTo(5);
    assertThat(old.drop("byTeam").copiesDeleted()).isEqualTo(2); // one list per team
    assertThat(old.drop("globalEmail").copiesDeleted()).isEqualTo(5);
    assertThat(old.drop("byLevel").copiesDeleted()).isEqualTo(2);

    assertThat(old.recorded()).isEmpty();
    assertThat(RawRows.all(store, TABLE)).extracting(row -> row.getString(TYPE)).containsOnly("Recruit");
    assertThat(RawRows.all(store, "RecruitEmails")).isEmpty();
    assertThat(RawRows.all(store, "RecruitLevels")).isEmpty();
    assertThatThrownBy(() -> old.drop("companyEmail")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("records no index of that name");
    assertThatThrownBy(() -> after.indexes(IndexedRecruit.class).drop("byTeam"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("still declares it");
    assertThatThrownBy(() -> after.indexes(IndexedRecruit.class).build("nope"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("declares no index 'nope'");
  }

  @Test
  void aBuildThatDiesPartWayResumesFromItsCheckpoint() {
    writeWithoutIndexes(60, 5);
    IndexAdmin admin = after.indexes(IndexedRecruit.class);
    dying.dieAt(company(8)); // after 40 entities in 8 partitions, each of which might have been checkpointed

    assertThatThrownBy(() -> admin.build("companyEmail")).isInstanceOf(StoreUnavailableException.class);
    assertThat(admin.state("companyEmail")).isEqualTo(IndexState.BUILDING);
    assertThatThrownBy(() -> indexed.findByCompanyAndEmail(company(0), "r0@contoso.com"))
        .isInstanceOf(IndexNotReadyException.class);

    dying.dieAt(null);
    AtomicLong written = new AtomicLong();
    IndexReport resumed = admin.listener((index, soFar, done, finished) -> written.set(soFar.copiesWritten()))
        .build("companyEmail");

    if (store.profile().ordered()) {
      // it skipped what its last checkpoint covered and wrote what the dead run had not: the entities from company08
      // on. A partition is checkpointed once 25 entities (5 partitions) or a second went by since the last, so of the
      // 8 partitions done at least the first 4 were (a second gap of 5 would have checkpointed the 8th): however slow
      // the store, the resumed run reads the last 20 to 40 entities
      assertThat(resumed.entitiesRead()).isBetween(20L, 40L);
      assertThat(resumed.copiesWritten()).isEqualTo(written.get()).isEqualTo(20);
    } else {
      // rows in no key order: no partition is known done before the scan ends, so no checkpoint was recorded within
      // it, and the resumed run read every entity again, writing only what the dead run had not
      assertThat(resumed.entitiesRead()).isEqualTo(60);
      assertThat(resumed.copiesWritten()).isEqualTo(written.get()).isBetween(1L, 60L);
    }
    assertThat(admin.state("companyEmail")).isEqualTo(IndexState.READY);
    assertThat(admin.verify("companyEmail").clean()).isTrue();
    for (int i = 0; i < 60; i++) {
      assertThat(indexed.findByCompanyAndEmail(company(i / 5), "r" + i + "@contoso.com")).isPresent();
    }
  }

  @Test
  void aBuildBesideWritersThatKeepWritingLeavesEveryIndexInStep() throws Exception {
    writeWithoutIndexes(40, 10);
    IndexAdmin admin = after.indexes(IndexedRecruit.class);
    Map<Integer, IndexedRecruit> last = new ConcurrentHashMap<>();
    AtomicBoolean built = new AtomicBoolean();
    ExecutorService writers = Executors.newFixedThreadPool(2);
    try {
      List<Future<?>> running = new ArrayList<>();
      for (int w = 0; w < 2; w++) {
        int writer = w;
        running.add(writers.submit(() -> {
          Random random = new Random(writer);
          for (int n = 0; n < 300 && (n < 10 || !built.get()); n++) { // until the builds are done
            int id = writer * 20 + random.nextInt(20); // each writer its own recruits: the last write is known
            IndexedRecruit next = new IndexedRecruit(company(id / 10), id, "r" + id + "-" + n + "@contoso.com",
                "team" + random.nextInt(3), random.nextInt(4));
            last.put(id, indexed.upsert(next));
          }
          return null;
        }));
      }
      for (String index : INDEXES) { // each built while the writers write
        assertThat(admin.build(index).conflicts()).as(index).isZero();
      }
      built.set(true);
      for (Future<?> each : running) {
        each.get(60, TimeUnit.SECONDS);
      }
    } finally {
      writers.shutdownNow();
    }
    after.completePending();

    for (String index : INDEXES) {
      IndexReport verified = admin.verify(index);
      assertThat(verified.clean()).as(index + ": " + verified).isTrue();
      assertThat(admin.state(index)).isEqualTo(IndexState.READY);
    }
    for (int id = 0; id < 40; id++) {
      String email = last.containsKey(id) ? last.get(id).email() : "r" + id + "@contoso.com";
      assertThat(indexed.findByCompanyAndEmail(company(id / 10), email)).as(email).map(IndexedRecruit::id)
          .contains(id);
    }
  }

  /**
   * A run reads a page of entities, then checks each: an entity whose unique value another entity took in between
   * (it moved away, the other claimed the value) is checked again as it is now, not reported as a conflict — which
   * would leave a ready index not built, and its queries refused.
   */
  @Test
  void aValueTakenByAnotherEntityWhileARunLooksIsNoConflict() {
    IndexAdmin admin = after.indexes(IndexedRecruit.class);
    for (String index : List.of("globalEmail", "companyEmail")) {
      String taken = index + "-taken@contoso.com";
      int id = index.length();
      IndexedRecruit mover = indexed.insert(new IndexedRecruit(company(0), id, taken, "team1", 1));
      dying.afterNextScan(() -> {
        indexed.update(new IndexedRecruit(company(0), id, index + "-moved@contoso.com", "team1", 1, mover.etag()));
        indexed.insert(new IndexedRecruit(company(0), id + 100, taken, "team2", 2));
      });

      IndexReport repaired = admin.repair(index);

      assertThat(repaired.conflicts()).as(index + ": " + repaired).isZero();
      assertThat(admin.state(index)).isEqualTo(IndexState.READY);
      assertThat(admin.verify(index).clean()).isTrue();
      assertThat(indexed.findByCompanyAndEmail(company(0), taken)).map(IndexedRecruit::id).contains(id + 100);
    }
  }

  /** A recruit as the first version of the application wrote it: {@link IndexedRecruit} without its indexes. */
  @Entity(table = "Recruits", type = "Recruit")
  @PartitionKey("{company}")
  @RowKey("r_{id:05}")
  public record Recruit(String company, int id, String email, String team, int level, @ETag String etag) {

    public Recruit(String company, int id, String email, String team, int level) {
      this(company, id, email, team, level, null);
    }
  }

  /** The writes of {@link Recruit}. */
  public interface RecruitRepository extends TableRepository<Recruit> {}

  /**
   * A store whose transactions in one partition of the entity table fail, as a store that went away, when armed; and
   * that runs an action once after the next query of the entity table has been answered.
   */
  private static final class DyingBackend extends ForwardingBackend {
    private volatile String dyingPartition;
    private final AtomicReference<Runnable> afterScan = new AtomicReference<>();
    /** The transactions of the entity table the store refused. */
    final AtomicInteger refusedBatches = new AtomicInteger();
    private volatile String touchedPartition;
    private volatile Runnable beforeWrite;

    /** Runs {@code action} before every write and transaction of one partition of the entity table (null: none). */
    void beforeEachWrite(String partitionKey, Runnable action) {
      touchedPartition = partitionKey;
      beforeWrite = action;
    }

    private void touch(String table, String partitionKey) {
      Runnable action = beforeWrite;
      if (action != null && table.equals(TABLE) && partitionKey.equals(touchedPartition)) {
        action.run();
      }
    }

    @Override
    public WriteResult write(String table, WriteOperation operation) {
      touch(table, operation.row().partitionKey());
      return super.write(table, operation);
    }

    void afterNextScan(Runnable action) {
      afterScan.set(action);
    }

    @Override
    public QueryResult query(TableQuery query) {
      QueryResult result = super.query(query);
      Runnable action = query.table().equals(TABLE) ? afterScan.getAndSet(null) : null;
      if (action != null) {
        action.run();
      }
      return result;
    }

    DyingBackend(TableBackend delegate) {
      super(delegate);
    }

    void dieAt(String partitionKey) {
      dyingPartition = partitionKey;
    }

    @Override
    public List<WriteResult> batch(String table, List<WriteOperation> operations) {
      if (table.equals(TABLE) && operations.get(0).row().partitionKey().equals(dyingPartition)) {
        throw new StoreUnavailableException("the store went away (injected)");
      }
      touch(table, operations.get(0).row().partitionKey());
      try {
        return super.batch(table, operations);
      } catch (RuntimeException refused) {
        if (table.equals(TABLE)) {
          refusedBatches.incrementAndGet();
        }
        throw refused;
      }
    }
  }
}
