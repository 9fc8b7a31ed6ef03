package io.tablemapper.runtime;

import static io.tablemapper.runtime.OneThreadAsync.join;
import static io.tablemapper.runtime.Waits.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.MalformedRowException;
import io.tablemapper.api.MalformedRowPolicy;
import io.tablemapper.api.OperationEvent;
import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.WideRows;
import io.tablemapper.runtime.fixtures.Chronicle;
import io.tablemapper.runtime.fixtures.ChronicleAsyncRepository;
import io.tablemapper.runtime.fixtures.ChronicleRepository;
import io.tablemapper.runtime.fixtures.ChronicleTitle;
import io.tablemapper.runtime.fixtures.Ledger;
import io.tablemapper.runtime.fixtures.LedgerAsyncRepository;
import io.tablemapper.runtime.fixtures.LedgerRepository;
import io.tablemapper.runtime.fixtures.MemberAsyncRepository;
import io.tablemapper.runtime.fixtures.MessageStats;
import io.tablemapper.runtime.fixtures.MessageStatsAsyncRepository;
import io.tablemapper.runtime.fixtures.MessageStatsRepository;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.fixtures.Member;
import io.tablemapper.tck.fixtures.MemberName;
import io.tablemapper.tck.fixtures.MemberRepository;
import io.tablemapper.tck.support.ForwardingBackend;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Wide entities, key lists and projections of older versions on the async path, on every backend: an async read makes
 * a wide entity whole (head and parts) with the store's async requests before decoding it, and reads a key list and
 * upgrades an older row the same way, with the blocking path's results and exceptions — a head whose parts changed
 * under the read read again, an entity deleted meanwhile left out, mismatched parts a malformed row under the
 * policy —; an async write of a wide entity reads the stored one the same way; and on Azure none of it needs a
 * thread of the mapper while its requests are under way.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class AsyncWideReadsTest {
  private final Stores stores;
  @RegisterExtension final OneThreadAsync one = new OneThreadAsync();
  private final List<OperationEvent> events = new CopyOnWriteArrayList<>();

  AsyncWideReadsTest(Stores stores) {
    this.stores = stores;
  }

  /** A mapper whose async operations have one thread. */
  private TableMapper mapper(TableBackend backend, MalformedRowPolicy policy, List<MalformedRowException> heard) {
    return one.mapper(TableMapper.builder().backend(backend).operationListener(events::add)
        .malformedRows(policy).malformedRowListener(heard::add));
  }

  private TableMapper mapper(TableBackend backend) {
    return mapper(backend, MalformedRowPolicy.FAIL, new ArrayList<>());
  }

  /** A wide entity as text: its keys, total, ETag and every day's count. */
  private static String stats(MessageStats stats) {
    StringBuilder text = new StringBuilder(stats.employeeId + "/" + stats.year + " total " + stats.total + " etag "
        + stats.etag + " days");
    for (int d = 1; d <= 366; d++) {
      text.append(' ').append(stats.day(d));
    }
    return text.toString();
  }

  private static String ledger(Ledger ledger) {
    return ledger.office + "/" + ledger.id + " " + ledger.etag + " " + ledger.contents();
  }

  /** What a read came to: its result as text, or its exception's class and message. */
  private static <R> String outcome(Supplier<R> read, Function<R, Object> text) {
    try {
      return String.valueOf(text.apply(read.get()));
    } catch (RuntimeException e) {
      return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }

  private static List<String> allStats(List<MessageStats> read) {
    return read.stream().map(AsyncWideReadsTest::stats).toList();
  }

  // ------------------------------------------------------------------ the same results on both paths

  @Test
  void asyncPointRangeListPageAndIndexReadsOfWideEntitiesReturnWhatTheBlockingOnesReturn() {
    TableMapper mapper = mapper(stores.newStore());
    MessageStatsRepository sync = mapper.repository(MessageStatsRepository.class);
    MessageStatsAsyncRepository async = mapper.repository(MessageStatsAsyncRepository.class);
    for (int year = 2020; year < 2025; year++) {
      sync.insert(MessageStats.of("emp9", year, year - 2015));
    }

    assertThat(join(async.findByEmployeeIdAndYear("emp9", 2022)).map(AsyncWideReadsTest::stats))
        .isEqualTo(sync.findByEmployeeIdAndYear("emp9", 2022).map(AsyncWideReadsTest::stats)).isPresent();
    assertThat(join(async.findByEmployeeIdAndYear("emp9", 2030))).isEmpty();
    List<String> all = allStats(sync.findByEmployeeId("emp9"));
    assertThat(all).hasSize(5);
    assertThat(allStats(join(async.findByEmployeeId("emp9")))).isEqualTo(all);
    assertThat(allStats(join(async.findByEmployeeIdAndYearBetween("emp9", 2021, 2023))))
        .isEqualTo(all.subList(1, 4));
    assertThat(allStats(join(async.findByEmployeeIdOrderByTotal("emp9"))))
        .isEqualTo(allStats(sync.findByEmployeeIdOrderByTotal("emp9")));
    assertThat(join(async.getByEmployeeId("emp9"))).isEqualTo(sync.getByEmployeeId("emp9"));

    List<String> paged = new ArrayList<>();
    Page<MessageStats> page = join(async.findByEmployeeId("emp9", PageRequest.of(2)));
    while (true) {
      assertThat(page.items()).hasSizeLessThanOrEqualTo(2);
      paged.addAll(allStats(page.items()));
      if (!page.hasNext()) {
        break;
      }
      page = join(async.findByEmployeeId("emp9", PageRequest.after(page.continuationToken().orElseThrow(), 2)));
    }
    assertThat(paged).isEqualTo(all);
  }

  @Test
  void partsOfAnotherWriteThanTheHeadAreAMalformedRowOnTheAsyncPathAsOnTheBlockingOneUnderEitherPolicy() {
    TableBackend store = stores.newStore();
    MessageStatsRepository seed = mapper(store).repository(MessageStatsRepository.class);
    seed.insert(MessageStats.of("emp5", 2023, 1));
    seed.insert(MessageStats.of("emp5", 2024, 2));
    TableRow part = RawRows.get(store, "Stats", "emp5", "stats_2023~01");
    store.write("Stats", WriteOperation.upsertReplace(
        part.toBuilder().put(WideRows.WRITE_PROPERTY, "another write").build()));

    TableMapper failing = mapper(store);
    MessageStatsRepository sync = failing.repository(MessageStatsRepository.class);
    MessageStatsAsyncRepository async = failing.repository(MessageStatsAsyncRepository.class);
    String point = outcome(() -> sync.findByEmployeeIdAndYear("emp5", 2023),
        found -> found.map(AsyncWideReadsTest::stats));
    assertThat(point).startsWith("MalformedRowException: ").contains("stats_2023~01");
    assertThat(outcome(() -> join(async.findByEmployeeIdAndYear("emp5", 2023)),
        found -> found.map(AsyncWideReadsTest::stats))).isEqualTo(point);
    String list = outcome(() -> sync.findByEmployeeId("emp5"), AsyncWideReadsTest::allStats);
    assertThat(list).startsWith("MalformedRowException: ");
    assertThat(outcome(() -> join(async.findByEmployeeId("emp5")), AsyncWideReadsTest::allStats)).isEqualTo(list);

    List<MalformedRowException> heardSync = new ArrayList<>();
    List<MalformedRowException> heardAsync = new ArrayList<>();
    List<String> skipped = allStats(mapper(store, MalformedRowPolicy.SKIP, heardSync)
        .repository(MessageStatsRepository.class).findByEmployeeId("emp5"));
    assertThat(skipped).hasSize(1).allSatisfy(each -> assertThat(each).startsWith("emp5/2024 "));
    assertThat(allStats(join(mapper(store, MalformedRowPolicy.SKIP, heardAsync)
        .repository(MessageStatsAsyncRepository.class).findByEmployeeId("emp5")))).isEqualTo(skipped);
    assertThat(heardAsync).extracting(Throwable::getMessage)
        .isEqualTo(heardSync.stream().map(Throwable::getMessage).toList()).hasSize(1);
  }

  /**
   * A store whose next read of a wide entity's parts (a query from {@code ~01}) first runs {@code between} (with the
   * store's async batch on the async path, so that no thread of the store's client waits): a write that comes between
   * the read of the head and that of its parts.
   */
  private static final class Between extends ForwardingBackend {
    private volatile List<WriteOperation> between;
    private volatile String table;

    Between(TableBackend store) {
      super(store);
    }

    void beforeNextParts(String table, List<WriteOperation> operations) {
      this.table = table;
      this.between = operations;
    }

    private List<WriteOperation> take(TableQuery query) {
      List<WriteOperation> operations = between;
      if (operations == null || query.rowFrom() == null || !query.rowFrom().key().endsWith("~01")) {
        return null;
      }
      between = null;
      return operations;
    }

    @Override
    public QueryResult query(TableQuery query) {
      List<WriteOperation> operations = take(query);
      if (operations != null) {
        delegate.batch(table, operations);
      }
      return delegate.query(query);
    }

    @Override
    public CompletableFuture<QueryResult> queryAsync(TableQuery query, Executor executor) {
      List<WriteOperation> operations = take(query);
      if (operations == null) {
        return delegate.queryAsync(query, executor);
      }
      return delegate.batchAsync(table, operations, executor).thenCompose(done -> delegate.queryAsync(query, executor));
    }
  }

  /** The rows of one wide entity as stored now: its head and parts. */
  private static List<TableRow> entityRows(TableBackend store, String partitionKey, String rowKey) {
    return RawRows.partition(store, "Stats", partitionKey).stream()
        .filter(row -> row.rowKey().equals(rowKey) || row.rowKey().startsWith(rowKey + "~")).toList();
  }

  private static List<WriteOperation> replaceAll(List<TableRow> rows) {
    return rows.stream().map(WriteOperation::upsertReplace).toList();
  }

  @Test
  void aHeadWhosePartsWereRewrittenUnderTheReadIsReadAgainAndAnEntityDeletedMeanwhileIsLeftOutOnBothPaths() {
    TableBackend store = stores.newStore();
    Between between = new Between(store);
    TableMapper mapper = mapper(between);
    MessageStatsRepository sync = mapper.repository(MessageStatsRepository.class);
    MessageStatsAsyncRepository async = mapper.repository(MessageStatsAsyncRepository.class);
    MessageStats first = sync.insert(MessageStats.of("emp3", 2024, 1));
    List<TableRow> before = entityRows(store, "emp3", "stats_2024");
    MessageStats second = sync.update(MessageStats.of("emp3", 2024, 50).day(7, 7000));
    List<TableRow> after = entityRows(store, "emp3", "stats_2024");
    assertThat(WideRows.writeId(after.get(0))).isNotEqualTo(WideRows.writeId(before.get(0)));

    for (boolean onAsync : new boolean[] {false, true}) {
      store.batch("Stats", replaceAll(before)); // the first write's rows, as the read finds the head
      between.beforeNextParts("Stats", replaceAll(after)); // the second write's, before its parts are read
      List<MessageStats> read = onAsync ? join(async.findByEmployeeId("emp3")) : sync.findByEmployeeId("emp3");
      assertThat(read).as("async: %s", onAsync).hasSize(1);
      MessageStats whole = read.get(0);
      assertThat(whole.total).isEqualTo(second.total);
      assertThat(whole.day(7)).isEqualTo(7000);
      assertThat(whole.etag).isEqualTo(RawRows.get(store, "Stats", "emp3", "stats_2024").etag());

      store.batch("Stats", replaceAll(before));
      between.beforeNextParts("Stats", before.stream().map(row -> WriteOperation.delete(row.partitionKey(),
          row.rowKey(), null)).toList());
      Optional<MessageStats> gone = onAsync ? join(async.findByEmployeeIdAndYear("emp3", 2024))
          : sync.findByEmployeeIdAndYear("emp3", 2024);
      assertThat(gone).as("deleted since its head was read; async: %s", onAsync).isEmpty();
    }
  }

  // ------------------------------------------------------------------ key lists and older versions

  @Test
  void asyncReadsThroughAKeyListOfWideEntitiesReturnWhatTheBlockingOnesReturn() {
    TableMapper mapper = mapper(stores.newStore());
    LedgerRepository sync = mapper.repository(LedgerRepository.class);
    LedgerAsyncRepository async = mapper.repository(LedgerAsyncRepository.class);
    for (int id = 1; id <= 5; id++) {
      sync.insert(Ledger.of("HQ", id, id == 3 ? "B" : "A", id * 10));
    }

    List<String> onA = sync.findByOfficeAndDesk("HQ", "A").stream().map(AsyncWideReadsTest::ledger).toList();
    assertThat(onA).hasSize(4);
    assertThat(join(async.findByOfficeAndDesk("HQ", "A")).stream().map(AsyncWideReadsTest::ledger))
        .containsExactlyElementsOf(onA);
    assertThat(join(async.findByOfficeAndDesk("HQ", "none"))).isEmpty();
    assertThat(join(async.countByOfficeAndDesk("HQ", "A"))).isEqualTo(sync.countByOfficeAndDesk("HQ", "A"))
        .isEqualTo(4);
    List<String> paged = new ArrayList<>();
    Page<Ledger> page = join(async.findByOfficeAndDesk("HQ", "A", PageRequest.of(3)));
    while (true) {
      page.items().forEach(each -> paged.add(ledger(each)));
      if (!page.hasNext()) {
        break;
      }
      page = join(async.findByOfficeAndDesk("HQ", "A", PageRequest.after(page.continuationToken().orElseThrow(), 3)));
    }
    assertThat(paged).isEqualTo(onA);
  }

  @Test
  void anAsyncProjectionUpgradesRowsOfOlderVersionsAsTheBlockingOneUnderEitherPolicy() {
    TableBackend store = stores.newStore();
    store.createTableIfNotExists("Club");
    store.write("Club", WriteOperation.insert(TableRow.builder("Chess", "member_000007")
        .putString("EntityType", "Member").putString("club", "Chess").putInt32("id", 7)
        .putAll(Map.of("name", "Ken Kwok", "email", "ken@chess.org")).build()));
    TableMapper mapper = mapper(store);
    mapper.repository(MemberRepository.class)
        .insert(new Member("Chess", 9, "Ann", "Lee", "ann@chess.org", null, 20, null, null));

    List<MemberName> names = mapper.repository(MemberRepository.class).getByClub("Chess");
    assertThat(names).containsExactly(new MemberName("Ken", "Kwok", "EUR", 40), new MemberName("Ann", "Lee", null, 20));
    assertThat(join(mapper.repository(MemberAsyncRepository.class).getByClub("Chess"))).isEqualTo(names);

    store.write("Club", WriteOperation.insert(TableRow.builder("Chess", "member_000008")
        .putString("EntityType", "Member").putString("club", "Chess").putInt32("id", 8)
        .putAll(Map.of("name", "Kim", "email", "kim@chess.org", "hours", "forty")).build()));
    String failed = outcome(() -> mapper.repository(MemberRepository.class).getByClub("Chess"), List::toString);
    assertThat(failed).startsWith("MalformedRowException: ").contains("member_000008");
    assertThat(outcome(() -> join(mapper.repository(MemberAsyncRepository.class).getByClub("Chess")),
        List::toString)).isEqualTo(failed);
    List<MalformedRowException> heardSync = new ArrayList<>();
    List<MalformedRowException> heardAsync = new ArrayList<>();
    List<MemberName> skipped = mapper(store, MalformedRowPolicy.SKIP, heardSync).repository(MemberRepository.class)
        .getByClub("Chess");
    assertThat(skipped).hasSize(2);
    assertThat(join(mapper(store, MalformedRowPolicy.SKIP, heardAsync).repository(MemberAsyncRepository.class)
        .getByClub("Chess"))).isEqualTo(skipped);
    assertThat(heardAsync).extracting(Throwable::getMessage)
        .isEqualTo(heardSync.stream().map(Throwable::getMessage).toList()).hasSize(1);
  }

  @Test
  void anAsyncProjectionOfAnOlderVersionOfAWideEntityMakesItWholeBeforeUpgradingItAsTheBlockingOneDoes() {
    TableBackend store = stores.newStore();
    TableMapper mapper = mapper(store);
    ChronicleRepository sync = mapper.repository(ChronicleRepository.class);
    ChronicleAsyncRepository async = mapper.repository(ChronicleAsyncRepository.class);
    sync.insert(Chronicle.of("Oslo", 1, "Old", null));
    sync.insert(Chronicle.of("Oslo", 2, "New", null));
    TableRow head = RawRows.get(store, "Chronicles", "Oslo", "chronicle_000001");
    assertThat(WideRows.parts(head)).isPositive();
    store.write("Chronicles", WriteOperation.upsertReplace( // as version 1 wrote it: no version marker
        head.toBuilder().remove(EntityMapping.VERSION_PROPERTY).build()));

    List<ChronicleTitle> titles = sync.getByOffice("Oslo");
    assertThat(titles).containsExactly(new ChronicleTitle("Old", "none"), new ChronicleTitle("New", null));
    assertThat(join(async.getByOffice("Oslo"))).isEqualTo(titles);
    Function<List<Chronicle>, List<String>> text = read -> read.stream()
        .map(each -> each.title() + " " + each.subtitle() + " " + each.c01().length() + " " + each.c20().charAt(0))
        .toList();
    assertThat(text.apply(join(async.findByOffice("Oslo")))).isEqualTo(text.apply(sync.findByOffice("Oslo")))
        .containsExactly("Old none 30000 t", "New null 30000 t");

    TableRow part = RawRows.get(store, "Chronicles", "Oslo", "chronicle_000001~01");
    store.write("Chronicles", WriteOperation.upsertReplace(
        part.toBuilder().put(WideRows.WRITE_PROPERTY, "another write").build()));
    String failed = outcome(() -> sync.getByOffice("Oslo"), List::toString);
    assertThat(failed).startsWith("MalformedRowException: ").contains("chronicle_000001~01");
    assertThat(outcome(() -> join(async.getByOffice("Oslo")), List::toString)).isEqualTo(failed);
  }

  // ------------------------------------------------------------------ async writes of wide entities

  @Test
  void asyncWritesOfWideEntitiesReadTheStoredEntityAsTheBlockingOnesAndStoreTheSameRows() {
    TableBackend left = stores.newStore();
    TableBackend right = stores.newStore();
    List<String> outcomes = new ArrayList<>();
    for (TableBackend store : List.of(left, right)) {
      TableMapper mapper = mapper(store);
      boolean onAsync = store == right;
      MessageStatsRepository sync = mapper.repository(MessageStatsRepository.class);
      MessageStatsAsyncRepository async = mapper.repository(MessageStatsAsyncRepository.class);
      Function<MessageStats, MessageStats> update = each -> onAsync ? join(async.update(each)) : sync.update(each);
      // a merge of the head's total alone: the stored entity is read whole (head and part) and the rest kept
      Function<MessageStats, MessageStats> merge = each -> onAsync ? join(async.merge(each, "total"))
          : sync.merge(each, "total");
      MessageStats inserted = onAsync ? join(async.insert(MessageStats.of("emp1", 2024, 3)))
          : sync.insert(MessageStats.of("emp1", 2024, 3));
      MessageStats changed = MessageStats.of("emp1", 2024, 4).day(300, 1234);
      changed.etag = inserted.etag;
      MessageStats updated = update.apply(changed);
      MessageStats stale = MessageStats.of("emp1", 2024, 5);
      stale.etag = inserted.etag;
      // a stale ETag: the conflict's message names ETags, which each store makes its own, so only its class
      outcomes.add(outcome(() -> update.apply(stale), each -> "updated").split(":")[0]);
      MessageStats partial = new MessageStats();
      partial.employeeId = "emp1";
      partial.year = 2024;
      partial.total = 99;
      partial.etag = updated.etag;
      MessageStats merged = merge.apply(partial);
      outcomes.add(outcome(() -> (onAsync ? join(async.findByEmployeeIdAndYear("emp1", 2024))
          : sync.findByEmployeeIdAndYear("emp1", 2024)).map(each -> stats(each).replace(merged.etag, "E")),
          Object::toString));
      if (onAsync) {
        join(async.delete(merged));
      } else {
        sync.delete(merged);
      }
      outcomes.add(String.valueOf(RawRows.partition(store, "Stats", "emp1").size()));
    }
    assertThat(outcomes.subList(3, 6)).isEqualTo(outcomes.subList(0, 3));
    assertThat(outcomes.get(0)).isEqualTo("ConcurrencyConflictException");
    assertThat(outcomes.get(1)).contains("total 99").contains(" 1234");
    assertThat(outcomes.get(2)).isEqualTo("0");
  }

  // ------------------------------------------------------------------ no thread held

  @Test
  void twentyAsyncReadsAndMergesOfWideEntitiesAndTwentyThroughAKeyListCompleteWithTheOnlyExecutorThreadTakenOnAzure()
      throws Exception {
    TableMapper mapper = mapper(stores.newStore());
    MessageStatsRepository sync = mapper.repository(MessageStatsRepository.class);
    LedgerRepository ledgers = mapper.repository(LedgerRepository.class);
    for (int i = 0; i < 20; i++) {
      sync.insert(MessageStats.of("emp" + i, 2024, i));
      sync.insert(MessageStats.of("emp" + i, 2023, i));
      ledgers.insert(Ledger.of("HQ", i, "D" + i % 4, i));
    }
    MessageStatsAsyncRepository async = mapper.repository(MessageStatsAsyncRepository.class);
    LedgerAsyncRepository asyncLedgers = mapper.repository(LedgerAsyncRepository.class);
    events.clear();
    CountDownLatch release = new CountDownLatch(1);
    one.take(release); // the mapper's only async thread is taken

    List<CompletableFuture<Optional<MessageStats>>> reads = new ArrayList<>();
    List<CompletableFuture<List<Ledger>>> lists = new ArrayList<>();
    List<CompletableFuture<MessageStats>> merges = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      reads.add(async.findByEmployeeIdAndYear("emp" + i, 2024));
      lists.add(asyncLedgers.findByOfficeAndDesk("HQ", "D" + i % 4));
      MessageStats total = new MessageStats();
      total.employeeId = "emp" + i;
      total.year = 2023;
      total.total = 1000 + i;
      // an upsert-merge of the total alone reads the stored entity (head and part) whole first
      merges.add(async.upsertMerge(total, "total"));
    }
    if (stores == Stores.AZURE) {
      // the SDK's async client: heads, parts, lists, ledgers and stored entities read, and the merges' transactions
      // sent, while no thread of the mapper is free
      assertThat(eventually(() -> events.size() == 60)).as("60 operations ended with the executor taken").isTrue();
      assertThat(events).allSatisfy(event -> assertThat(event.failure()).isNull());
      assertThat(reads).as("handed over on the executor, once it is free").noneMatch(CompletableFuture::isDone);
    }
    release.countDown();

    for (int i = 0; i < 20; i++) {
      assertThat(merges.get(i).get(60, TimeUnit.SECONDS).total).isEqualTo(1000 + i);
      MessageStats merged = sync.findByEmployeeIdAndYear("emp" + i, 2023).orElseThrow();
      assertThat(merged.total).isEqualTo(1000 + i);
      assertThat(merged.day(300)).as("kept from the stored part")
          .isEqualTo(MessageStats.of("emp" + i, 2023, i).day(300));
      MessageStats read = reads.get(i).get(60, TimeUnit.SECONDS).orElseThrow();
      assertThat(stats(read)).isEqualTo(stats(sync.findByEmployeeIdAndYear("emp" + i, 2024).orElseThrow()));
      assertThat(lists.get(i).get(60, TimeUnit.SECONDS)).hasSize(5)
          .allSatisfy(each -> assertThat(each.contents()).isEqualTo(Ledger.of("HQ", each.id, each.desk, each.id)
              .contents()));
    }
  }
}
