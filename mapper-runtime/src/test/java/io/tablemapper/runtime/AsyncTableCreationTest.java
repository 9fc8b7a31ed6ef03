package io.tablemapper.runtime;

import static io.tablemapper.runtime.OneThreadAsync.join;
import static io.tablemapper.runtime.Waits.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.Batch;
import io.tablemapper.api.OperationEvent;
import io.tablemapper.api.TableCreation;
import io.tablemapper.api.TableMapper;
import io.tablemapper.runtime.fixtures.Memo;
import io.tablemapper.runtime.fixtures.MemoAsyncRepository;
import io.tablemapper.runtime.fixtures.MemoRepository;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.support.ForwardingBackend;
import io.tablemapper.tck.support.InterceptingBackend;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A table's creation on the async path, on every store: an async write into a table that does not exist yet, or that
 * was dropped after the mapper knew it, creates it or is refused as the {@link TableCreation} policy says — with the
 * blocking write's results and exceptions — through the store's async table calls ({@code
 * TableBackend.createTableIfNotExistsAsync}); on Azure without a thread of the mapper's executor.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class AsyncTableCreationTest {
  private static final LocalDate DAY = LocalDate.of(2025, 3, 1);
  private static final String TABLE = "Memos20250301";

  private final Stores stores;
  @RegisterExtension final OneThreadAsync one = new OneThreadAsync();
  private final List<OperationEvent> events = new CopyOnWriteArrayList<>();

  AsyncTableCreationTest(Stores stores) {
    this.stores = stores;
  }

  /** A mapper under the policy whose async operations have one thread. */
  private TableMapper mapper(TableBackend backend, TableCreation policy) {
    return one.mapper(TableMapper.builder().backend(backend).tableCreation(policy)
        .operationListener(events::add));
  }

  private static Memo memo(int id) {
    return new Memo("ann", DAY, id, "memo " + id);
  }

  /** The writes of the script, on one path; an async write's failure thrown as the cause it carries. */
  private interface Writes {
    Memo insert(Memo memo);

    Memo upsert(Memo memo);

    List<Object> commit(Batch batch);

    List<Memo> read(String author, LocalDate day);
  }

  private static Writes blocking(TableMapper mapper) {
    MemoRepository memos = mapper.repository(MemoRepository.class);
    return new Writes() {
      @Override
      public Memo insert(Memo memo) {
        return memos.insert(memo);
      }

      @Override
      public Memo upsert(Memo memo) {
        return memos.upsert(memo);
      }

      @Override
      public List<Object> commit(Batch batch) {
        return batch.commit();
      }

      @Override
      public List<Memo> read(String author, LocalDate day) {
        return memos.findByAuthorAndDay(author, day);
      }
    };
  }

  private static Writes async(TableMapper mapper) {
    MemoAsyncRepository memos = mapper.repository(MemoAsyncRepository.class);
    return new Writes() {
      @Override
      public Memo insert(Memo memo) {
        return join(memos.insert(memo));
      }

      @Override
      public Memo upsert(Memo memo) {
        return join(memos.upsert(memo));
      }

      @Override
      public List<Object> commit(Batch batch) {
        return join(batch.commitAsync());
      }

      @Override
      public List<Memo> read(String author, LocalDate day) {
        return join(memos.findByAuthorAndDay(author, day));
      }
    };
  }

  /** What a step came to: its result, or its exception's class and message. */
  private static String outcome(Supplier<?> step) {
    try {
      return "done " + step.get();
    } catch (RuntimeException e) {
      return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }

  /**
   * Writes into a table that does not exist, then into it dropped by the mapper, dropped behind the mapper's back,
   * and created by someone else; each step's outcome, with whether the table exists after it.
   */
  private static List<String> script(TableBackend store, TableMapper mapper, Writes writes) {
    List<String> outcomes = new ArrayList<>();
    Function<String, String> withTable = step -> step + " / exists: " + store.tableExists(TABLE);
    outcomes.add(withTable.apply(outcome(() -> writes.insert(memo(1)))));
    outcomes.add(withTable.apply(outcome(() -> writes.commit(mapper.batch(TABLE, "ann").insert(memo(2))))));
    outcomes.add(withTable.apply(outcome(() -> writes.insert(memo(1)))));
    outcomes.add(withTable.apply(outcome(() -> mapper.deleteTable(TABLE))));
    outcomes.add(withTable.apply(outcome(() -> writes.read("ann", DAY)))); // a read does not create it again
    outcomes.add(withTable.apply(outcome(() -> writes.upsert(memo(3)))));
    outcomes.add(withTable.apply(outcome(() -> store.deleteTableIfExists(TABLE)))); // behind the mapper's back
    outcomes.add(withTable.apply(outcome(() -> writes.insert(memo(4)))));
    outcomes.add(withTable.apply(outcome(() -> writes.commit(mapper.batch(TABLE, "ann").insert(memo(5))))));
    outcomes.add(withTable.apply(outcome(() -> store.createTableIfNotExists(TABLE)))); // by someone else
    outcomes.add(withTable.apply(outcome(() -> writes.insert(memo(6)))));
    outcomes.add(withTable.apply(outcome(() -> writes.read("ann", DAY))));
    return outcomes;
  }

  /** Every row of the table, without what each store makes its own (ETags, Timestamps); none if it is missing. */
  private static List<String> rows(TableBackend store) {
    if (!store.tableExists(TABLE)) {
      return List.of("no table");
    }
    return RawRows.all(store, TABLE).stream()
        .map(row -> row.partitionKey() + "/" + row.rowKey() + " " + new TreeMap<>(row.properties()))
        .toList();
  }

  @ParameterizedTest
  @EnumSource(TableCreation.class)
  void asyncWritesIntoANewOrDroppedTableEndAsTheBlockingOnesUnderEachPolicy(TableCreation policy) {
    TableBackend left = stores.newStore();
    TableBackend right = stores.newStore();
    TableMapper blocking = mapper(left, policy);
    TableMapper async = mapper(right, policy);

    List<String> blockingOutcomes = script(left, blocking, blocking(blocking));
    List<String> asyncOutcomes = script(right, async, async(async));

    assertThat(asyncOutcomes).isEqualTo(blockingOutcomes);
    assertThat(rows(right)).isEqualTo(rows(left));
    assertThat(blockingOutcomes.get(4)).as("a read of the dropped table").isEqualTo("done [] / exists: false");
    assertThat(blockingOutcomes.get(10)).as("a write into the table someone created").startsWith("done Memo[")
        .endsWith("exists: true");
    if (policy == TableCreation.CREATE_ON_WRITE) {
      for (int step : new int[] {0, 1, 5, 7, 8}) {
        assertThat(blockingOutcomes.get(step)).as("step %s creates the table", step).startsWith("done ")
            .endsWith("exists: true");
      }
      assertThat(blockingOutcomes.get(2)).startsWith("EntityExistsException: ");
      assertThat(rows(right)).hasSize(3).allSatisfy(row -> assertThat(row).startsWith("ann/memo_2025-03-01_000"));
    } else {
      for (int step : new int[] {0, 1, 2, 5, 7, 8}) {
        assertThat(blockingOutcomes.get(step)).as("step %s is refused", step)
            .startsWith("TableNotFoundException: ")
            .contains("table '" + TABLE + "' does not exist, and this mapper does not create tables (builder()"
                + ".tableCreation(" + policy + ")); nothing was written")
            .endsWith("exists: false");
      }
      assertThat(rows(right)).hasSize(1);
    }
  }

  @Test
  void asyncWritesRacingToCreateOneTableAllSucceedAndOneOfThemCreatedIt() throws Exception {
    InterceptingBackend counted = new InterceptingBackend(stores.newStore());
    TableMapper mapper = mapper(counted, TableCreation.CREATE_ON_WRITE);
    MemoAsyncRepository memos = mapper.repository(MemoAsyncRepository.class);
    CountDownLatch release = new CountDownLatch(1);
    one.take(release); // on the embedded stores, every creation waits: they all race

    List<CompletableFuture<Memo>> racing = new ArrayList<>();
    for (int i = 1; i <= 8; i++) {
      racing.add(memos.insert(new Memo("author" + i, DAY, i, "memo " + i)));
    }
    release.countDown();

    for (CompletableFuture<Memo> write : racing) {
      assertThat(write.get(60, TimeUnit.SECONDS)).isNotNull();
    }
    assertThat(counted.tablesCreated).as("creations that created the table").hasValue(1);
    if (stores != Stores.AZURE) {
      assertThat(counted.tableCreations).as("creations asked for while none had answered").hasValue(8);
    }
    assertThat(RawRows.all(counted.delegate, TABLE)).hasSize(8);
    int asked = counted.tableCreations.get();
    assertThat(memos.insert(memo(9)).get(60, TimeUnit.SECONDS)).isNotNull();
    assertThat(counted.tableCreations).as("a table known to exist is not created again").hasValue(asked);
  }

  @Test
  void cancellingAWriteWhoseTableCreationIsUnderWayCancelsTheCreationSoItSendsNoFurtherAttempt() throws Exception {
    // a creation the backend keeps at (as Azure does while a table of that name is still being deleted)
    List<CompletableFuture<Boolean>> creations = new CopyOnWriteArrayList<>();
    TableBackend store = stores.newStore();
    TableBackend slow = new ForwardingBackend(store) {
      @Override
      public CompletableFuture<Boolean> createTableIfNotExistsAsync(String table, Executor executor) {
        CompletableFuture<Boolean> creation = new CompletableFuture<>();
        creations.add(creation);
        return creation;
      }
    };
    TableMapper mapper = mapper(slow, TableCreation.CREATE_ON_WRITE);
    CompletableFuture<Memo> write = mapper.repository(MemoAsyncRepository.class).insert(memo(1));
    assertThat(eventually(() -> creations.size() == 1)).as("the creation is under way").isTrue();
    assertThat(creations.get(0)).isNotDone();

    assertThat(write.cancel(false)).isTrue();

    assertThat(creations.get(0)).as("the backend's creation is cancelled with the write").isCancelled();
    assertThat(store.tableExists(TABLE)).as("nothing of the write was done").isFalse();
    assertThat(creations).as("no second creation was asked for").hasSize(1);
  }

  @Test
  void twentyAsyncInsertsIntoTwentyNewTablesCompleteAndOnAzureNeedNoExecutorThreadWhileUnderWay() throws Exception {
    TableBackend store = stores.newStore();
    TableMapper mapper = mapper(store, TableCreation.CREATE_ON_WRITE);
    MemoAsyncRepository memos = mapper.repository(MemoAsyncRepository.class);
    CountDownLatch release = new CountDownLatch(1);
    one.take(release); // the mapper's only async thread is taken

    List<CompletableFuture<Memo>> writes = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      writes.add(memos.insert(new Memo("ann", DAY.plusDays(i), i, "memo " + i)));
    }
    if (stores == Stores.AZURE) {
      // the SDK's async client: each table is created and each row written while no thread of the mapper is free
      assertThat(eventually(() -> events.size() == 20)).as("20 inserts ended with the executor taken").isTrue();
      assertThat(events).allSatisfy(event -> assertThat(event.failure()).isNull());
      for (int i = 0; i < 20; i++) {
        assertThat(store.tableExists("Memos202503" + String.format("%02d", i + 1))).isTrue();
      }
      assertThat(writes).as("handed over on the executor, once it is free").noneMatch(CompletableFuture::isDone);
    }
    release.countDown();

    for (CompletableFuture<Memo> write : writes) {
      assertThat(write.get(60, TimeUnit.SECONDS)).isNotNull();
    }
    assertThat(mapper.tables(Memo.class)).hasSize(20);
    MemoRepository sync = mapper.repository(MemoRepository.class);
    for (int i = 0; i < 20; i++) {
      assertThat(sync.findByAuthorAndDay("ann", DAY.plusDays(i))).extracting(Memo::memoId).containsExactly(i);
    }
  }
}
