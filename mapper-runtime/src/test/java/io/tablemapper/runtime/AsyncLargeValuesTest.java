package io.tablemapper.runtime;

import static io.tablemapper.runtime.Waits.eventually;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.LargeValueNotFoundException;
import io.tablemapper.api.OperationEvent;
import io.tablemapper.api.OperationType;
import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.runtime.fixtures.Portrait;
import io.tablemapper.runtime.fixtures.PortraitAsyncRepository;
import io.tablemapper.runtime.fixtures.PortraitCaption;
import io.tablemapper.runtime.fixtures.PortraitRepository;
import io.tablemapper.spi.OutOfRowValues;
import io.tablemapper.spi.OutOfRowValues.StoredValue;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import io.tablemapper.runtime.values.LargeReferences;

/**
 * {@code @Large} values on the async path, on every store: async writes store, replace and delete the values as the
 * blocking ones do (the same rows, no value orphaned, none missing), async reads fetch them before decoding (the
 * same entities, the same exceptions as the cause), and on Azure neither holds a thread while its blob and table
 * requests are under way — nor runs a blocking call on a thread of the SDK.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class AsyncLargeValuesTest {
  private static final String TABLE = "Portraits";

  private final Stores stores;
  @RegisterExtension final OneThreadAsync one = new OneThreadAsync();
  private final List<OperationEvent> events = new CopyOnWriteArrayList<>();
  private TableBackend store;

  AsyncLargeValuesTest(Stores stores) {
    this.stores = stores;
  }

  private static byte[] bytes(int size, long seed) {
    byte[] bytes = new byte[size];
    new Random(seed).nextBytes(bytes);
    return bytes;
  }

  /** A portrait beyond a row's limits: a 200 KB photo, a caption of about 1.2 MB of UTF-8, tags as JSON. */
  private static Portrait portrait(String studio, int id) {
    return new Portrait(studio, id, "S" + id, bytes(200_000 + id, id), ("caption ✓ " + id + " ").repeat(100_000),
        List.of("tag" + id), null);
  }

  /** A smaller portrait, for the tests of many operations at once: still three values, 20 KB of them. */
  private static Portrait small(String studio, int id) {
    return new Portrait(studio, id, "S" + id, bytes(10_000 + id, id), ("small ✓ " + id + " ").repeat(1_000),
        List.of("tag" + id), null);
  }

  /**
   * A mapper over a new store whose async operations have one thread, its values counted: the blocking calls of its
   * {@link OutOfRowValues} made ({@link #blockingValueCalls}), the async ones forwarded to the store's own.
   */
  private TableMapper mapper() {
    store = stores.newStore();
    return mapper(counted(store));
  }

  /** How many puts of values succeed before one fails; negative: none fails. */
  private final AtomicInteger putsBeforeFailure = new AtomicInteger(-1);

  /** The blocking calls of the store's values the mapper made: none on the async path. */
  private final List<String> blockingValueCalls = new CopyOnWriteArrayList<>();

  private TableBackend counted(TableBackend backend) {
    OutOfRowValues values = backend.outOfRowValues().orElseThrow();
    OutOfRowValues wrapper = (OutOfRowValues) Proxy.newProxyInstance(OutOfRowValues.class.getClassLoader(),
        new Class<?>[] {OutOfRowValues.class}, (proxy, method, args) -> {
          if (List.of("put", "get", "delete").contains(method.getName())) {
            blockingValueCalls.add(method.getName() + " on " + Thread.currentThread().getName());
          }
          if (method.getName().startsWith("put") && putsBeforeFailure.getAndDecrement() == 0) {
            StoreUnavailableException lost = new StoreUnavailableException("simulated: the upload got no answer");
            if (method.getName().equals("put")) {
              throw lost;
            }
            return CompletableFuture.failedFuture(lost);
          }
          return forward(method, values, args);
        });
    return (TableBackend) Proxy.newProxyInstance(TableBackend.class.getClassLoader(),
        new Class<?>[] {TableBackend.class}, (proxy, method, args) -> method.getName().equals("outOfRowValues")
            ? Optional.of(wrapper) : forward(method, backend, args));
  }

  private static Object forward(Method method, Object target, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  private TableMapper mapper(TableBackend backend) {
    return one.mapper(TableMapper.builder().backend(backend).operationListener(events::add));
  }

  private OutOfRowValues values() {
    return store.outOfRowValues().orElseThrow();
  }

  private Set<String> storedNames() {
    return values().list(TABLE).stream().map(StoredValue::name).collect(Collectors.toSet());
  }

  /** The names the rows of the table (entities and index copies) reference. */
  private Set<String> referencedNames() {
    Set<String> names = new HashSet<>();
    for (TableRow row : RawRows.all(store, TABLE)) {
      names.addAll(LargeReferences.references(row));
    }
    return names;
  }

  /** No value is orphaned and none is missing. */
  private void assertValuesMatchRows() {
    assertThat(storedNames()).as("values stored").isEqualTo(referencedNames());
  }

  private static void assertSame(Portrait read, Portrait expected) {
    assertThat(read.id()).isEqualTo(expected.id());
    assertThat(read.subject()).isEqualTo(expected.subject());
    assertThat(read.photo()).isEqualTo(expected.photo());
    assertThat(read.caption()).isEqualTo(expected.caption());
    assertThat(read.tags()).isEqualTo(expected.tags());
  }

  private static <T> T join(CompletableFuture<T> future) {
    return future.orTimeout(60, TimeUnit.SECONDS).join();
  }

  // ------------------------------------------------------------------ the same values as the blocking path

  @Test
  void asyncWritesStoreReplaceAndDeleteTheValuesAsTheBlockingOnesDo() {
    TableMapper mapper = mapper();
    PortraitRepository sync = mapper.repository(PortraitRepository.class);
    PortraitAsyncRepository async = mapper.repository(PortraitAsyncRepository.class);
    // the same writes, one partition each way
    Portrait blockingAda = sync.insert(portrait("Blocking", 1));
    Portrait asyncAda = join(async.insert(portrait("Async", 1)));
    assertValuesMatchRows();
    assertThat(storedNames()).hasSize(6);
    TableRow blockingRow = RawRows.get(store, TABLE, "Blocking", "portrait_000001");
    TableRow asyncRow = RawRows.get(store, TABLE, "Async", "portrait_000001");
    assertThat(asyncRow.properties().keySet()).isEqualTo(blockingRow.properties().keySet());
    assertThat(asyncAda.etag()).isNotNull();

    sync.update(blockingAda.withPhoto(bytes(70_000, 7)).withCaption(null));
    join(async.update(asyncAda.withPhoto(bytes(70_000, 7)).withCaption(null)));
    assertValuesMatchRows();
    assertThat(storedNames()).as("photo and tags of each, the captions gone").hasSize(4);
    Portrait readBlocking = join(async.findByStudioAndId("Blocking", 1)).orElseThrow();
    Portrait readAsync = sync.findByStudioAndId("Async", 1).orElseThrow();
    assertThat(readAsync.photo()).isEqualTo(readBlocking.photo()).isEqualTo(bytes(70_000, 7));
    assertThat(readAsync.caption()).isNull();
    assertThat(readAsync.tags()).isEqualTo(readBlocking.tags()).isEqualTo(List.of("tag1"));

    join(async.merge(readAsync.withCaption("merged")));
    join(async.upsert(portrait("Async", 2)));
    join(mapper.batch(TABLE, "Async").insert(portrait("Async", 3)).insert(portrait("Async", 4)).commitAsync());
    assertValuesMatchRows();
    assertThat(join(async.findByStudioAndId("Async", 1)).orElseThrow().caption()).isEqualTo("merged");

    join(async.delete(join(async.findByStudioAndId("Async", 2)).orElseThrow()));
    assertThat(join(async.deleteByStudio("Async"))).isEqualTo(3);
    assertValuesMatchRows();
    // the blocking insert's 3 puts, its update's 2 puts and 3 deletes, the blocking read's 2 gets: nothing else
    assertThat(blockingValueCalls).as("blocking value calls").hasSize(3 + 2 + 3 + 2);
    assertThat(storedNames()).as("the blocking partition's photo and tags").hasSize(2);
    assertThat(join(async.findByStudio("Async"))).isEmpty();
  }

  @Test
  void asyncReadsOfEveryKindReturnTheEntitiesTheBlockingReadsReturn() {
    TableMapper mapper = mapper();
    PortraitRepository sync = mapper.repository(PortraitRepository.class);
    PortraitAsyncRepository async = mapper.repository(PortraitAsyncRepository.class);
    for (int id = 1; id <= 6; id++) {
      sync.insert(portrait("North", id));
    }
    sync.insert(new Portrait("North", 7, "S7", null, null, null, null)); // references nothing

    List<Portrait> blocking = sync.findByStudio("North");
    List<PortraitCaption> captions = sync.getByStudio("North");
    assertThat(blockingValueCalls).as("the blocking path's calls").isNotEmpty();
    blockingValueCalls.clear();
    List<Portrait> listed = join(async.findByStudio("North"));
    assertThat(listed).extracting(Portrait::id).containsExactly(1, 2, 3, 4, 5, 6, 7);
    for (int i = 0; i < listed.size(); i++) {
      assertSame(listed.get(i), blocking.get(i));
      assertThat(listed.get(i).etag()).isEqualTo(blocking.get(i).etag());
    }
    assertSame(join(async.findByStudioAndId("North", 3)).orElseThrow(), portrait("North", 3));
    assertSame(join(async.findByStudioAndSubject("North", "S4")).orElseThrow(), portrait("North", 4)); // index copy
    assertThat(join(async.findByStudioAndId("North", 99))).isEmpty();
    assertThat(join(async.getByStudio("North"))).isEqualTo(captions)
        .contains(new PortraitCaption("S2", portrait("North", 2).caption()));
    Page<Portrait> first = join(async.findByStudioAndIdBetween("North", 2, 6, PageRequest.of(3)));
    assertThat(first.items()).extracting(Portrait::id).containsExactly(2, 3, 4);
    assertSame(first.items().get(2), portrait("North", 4));
    Page<Portrait> second = join(async.findByStudioAndIdBetween("North", 2, 6,
        PageRequest.after(first.continuationToken().orElseThrow(), 3)));
    assertThat(second.items()).extracting(Portrait::id).containsExactly(5, 6);
    assertSame(second.items().get(1), portrait("North", 6));
    assertThat(blockingValueCalls).as("blocking value calls of the async reads").isEmpty();
  }

  @Test
  void aValueThatLooksLikeAReferenceIsReadAsItIsOnTheAsyncPath() {
    TableMapper mapper = mapper();
    String lookalike = LargeReferences.PREFIX + "S:" + "bm8/bm8/00000000-0000-0000-0000-000000000000";
    mapper.repository(PortraitRepository.class).insert(new Portrait("North", 1, "S1", null, lookalike, null, null));

    assertThat(join(mapper.repository(PortraitAsyncRepository.class).findByStudio("North")).get(0).caption())
        .isEqualTo(lookalike);
  }

  // ------------------------------------------------------------------ failures

  @Test
  void anAsyncReadOfAnEntityWhoseValueIsMissingFailsWithLargeValueNotFound() {
    TableMapper mapper = mapper();
    mapper.repository(PortraitRepository.class).insert(portrait("North", 1));
    mapper.repository(PortraitRepository.class).insert(portrait("North", 2));
    String photo = LargeReferences.referenced(RawRows.get(store, TABLE, "North", "portrait_000002").get("photo"));
    values().delete(TABLE, photo);
    PortraitAsyncRepository async = mapper.repository(PortraitAsyncRepository.class);

    assertThatThrownBy(() -> join(async.findByStudio("North"))).isInstanceOf(CompletionException.class)
        .cause().isInstanceOf(LargeValueNotFoundException.class)
        .hasMessageContaining("'photo'").hasMessageContaining(photo).hasMessageContaining("portrait_000002");
    assertThatThrownBy(() -> join(async.findByStudioAndId("North", 2))).isInstanceOf(CompletionException.class)
        .cause().isInstanceOf(LargeValueNotFoundException.class);
    assertSame(join(async.findByStudioAndId("North", 1)).orElseThrow(), portrait("North", 1));
  }

  @Test
  void anAsyncReadThatFindsItsValueReplacedUnderItReadsTheNewEntity() {
    CrashingBackend crashing = new CrashingBackend(stores.newStore());
    store = crashing;
    TableMapper mapper = mapper(crashing);
    PortraitRepository sync = mapper.repository(PortraitRepository.class);
    Portrait stored = sync.insert(new Portrait("North", 1, "Ada", bytes(100, 10), null, null, null));
    crashing.beforeNextValueGet(() -> sync.update(stored.withPhoto(bytes(100, 11))));

    Portrait read = join(mapper.repository(PortraitAsyncRepository.class).findByStudioAndId("North", 1)).orElseThrow();

    assertThat(read.photo()).isEqualTo(bytes(100, 11));
    assertThat(read.etag()).isNotEqualTo(stored.etag());
    assertValuesMatchRows();
  }

  @Test
  void anAsyncWriteOfATooLargeValueFailsItsFutureBeforeAnythingIsStored() {
    store = stores.newStore();
    TableMapper mapper = one.mapper(TableMapper.builder().backend(store).maxLargeValueSize(100_000));

    assertThatThrownBy(() -> join(mapper.repository(PortraitAsyncRepository.class).insert(portrait("North", 1))))
        .isInstanceOf(CompletionException.class).cause().isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("'photo'").hasMessageContaining("maxLargeValueSize");
    assertThat(storedNames()).isEmpty();
    assertThat(RawRows.all(store, TABLE)).isEmpty();
  }

  @Test
  void anAsyncWriteTheStoreRefusesDeletesTheValuesItStored() {
    TableMapper mapper = mapper();
    PortraitAsyncRepository async = mapper.repository(PortraitAsyncRepository.class);
    join(async.insert(portrait("North", 1)));
    Set<String> before = storedNames();

    assertThatThrownBy(() -> join(async.insert(portrait("North", 1).withCaption("another"))))
        .isInstanceOf(CompletionException.class).cause().isInstanceOf(EntityExistsException.class);
    assertThatThrownBy(() -> join(mapper.batch(TABLE, "North").insert(portrait("North", 2))
        .insert(portrait("North", 1)).commitAsync())).isInstanceOf(CompletionException.class);

    assertThat(storedNames()).isEqualTo(before);
    assertValuesMatchRows();
  }

  @Test
  void aFailedUploadFailsTheWriteOnEitherPathAndDeletesTheValuesItStored() {
    TableMapper mapper = mapper();
    putsBeforeFailure.set(1); // the second of three values fails

    assertThatThrownBy(() -> join(mapper.repository(PortraitAsyncRepository.class).insert(portrait("North", 1))))
        .isInstanceOf(CompletionException.class).cause().isInstanceOf(StoreUnavailableException.class);
    assertThat(storedNames()).as("the async write's values").isEmpty();
    putsBeforeFailure.set(1);
    assertThatThrownBy(() -> mapper.repository(PortraitRepository.class).insert(portrait("North", 2)))
        .isInstanceOf(StoreUnavailableException.class);
    assertThat(storedNames()).as("the blocking write's values").isEmpty();
    assertThat(blockingValueCalls).as("the blocking write stopped at the failed put")
        .filteredOn(call -> call.startsWith("put ")).hasSize(2);

    assertThat(RawRows.all(store, TABLE)).isEmpty();
    join(mapper.repository(PortraitAsyncRepository.class).insert(portrait("North", 3)));
    assertValuesMatchRows();
  }

  @Test
  void anAsyncWriteCancelledAtOnceLeavesItsEntityWholeOrNothingAndNoValueOrphaned() throws Exception {
    TableMapper mapper = mapper();
    mapper.repository(PortraitRepository.class).insert(portrait("North", 1)); // the table exists
    CountDownLatch release = new CountDownLatch(1);
    one.take(release);

    CompletableFuture<Portrait> insert = mapper.repository(PortraitAsyncRepository.class).insert(portrait("North", 2));
    assertThat(insert.cancel(false)).isTrue();
    release.countDown();
    one.drain();
    if (stores == Stores.AZURE) {
      // sent at once by the async clients: applied whole, or not at all; its last step ends after the cancel
      assertThat(eventually(() -> storedNames().equals(referencedNames()))).isTrue();
    } else {
      // each request waits for the executor: the cancel came first, nothing was stored
      for (int i = 0; i < 5; i++) {
        one.drain();
      }
      assertThat(RawRows.get(store, TABLE, "North", "portrait_000002")).isNull();
      assertThat(storedNames()).hasSize(3);
    }
    assertValuesMatchRows();
  }

  // ------------------------------------------------------------------ no thread held, none of the SDK's blocked

  @Test
  void twentyAsyncWritesAndTwentyAsyncReadsCompleteWhileTheMappersOnlyExecutorThreadIsTaken() throws Exception {
    TableMapper mapper = mapper();
    PortraitRepository sync = mapper.repository(PortraitRepository.class);
    for (int id = 1; id <= 20; id++) {
      sync.insert(small("Read", id));
    }
    PortraitAsyncRepository async = mapper.repository(PortraitAsyncRepository.class);
    events.clear();
    blockingValueCalls.clear();
    CountDownLatch release = new CountDownLatch(1);
    one.take(release); // the mapper's only async thread is taken

    List<CompletableFuture<Portrait>> writes = new ArrayList<>();
    List<CompletableFuture<java.util.Optional<Portrait>>> reads = new ArrayList<>();
    for (int id = 1; id <= 20; id++) {
      writes.add(async.insert(small("Write", id)));
      reads.add(async.findByStudioAndId("Read", id));
    }
    if (stores == Stores.AZURE) {
      // blobs and rows sent and answered by the SDK's async clients while no thread of the mapper is free
      assertThat(eventually(() -> events.size() == 40)).as("40 operations ended with the executor taken").isTrue();
      assertThat(events).allSatisfy(event -> assertThat(event.failure()).isNull());
      assertThat(events.stream().filter(event -> event.type() == OperationType.QUERY)).hasSize(20);
      assertThat(writes).as("handed over on the executor, once it is free").noneMatch(CompletableFuture::isDone);
      assertThat(storedNames()).hasSize(120);
    }
    release.countDown();

    for (int id = 1; id <= 20; id++) {
      assertSame(join(writes.get(id - 1)), small("Write", id));
      assertSame(join(reads.get(id - 1)).orElseThrow(), small("Read", id));
    }
    assertThat(blockingValueCalls).as("blocking value calls of the async writes and reads").isEmpty();
    for (int id = 1; id <= 20; id++) {
      assertSame(sync.findByStudioAndId("Write", id).orElseThrow(), small("Write", id));
    }
    assertValuesMatchRows();
  }

  @Test
  void anAsyncListAndAnAsyncDeleteByQueryCompleteWhileTheMappersOnlyExecutorThreadIsTaken() throws Exception {
    TableMapper mapper = mapper();
    PortraitRepository sync = mapper.repository(PortraitRepository.class);
    for (int id = 1; id <= 8; id++) {
      sync.insert(small("North", id));
      sync.insert(small("South", id));
    }
    PortraitAsyncRepository async = mapper.repository(PortraitAsyncRepository.class);
    events.clear();
    blockingValueCalls.clear();
    CountDownLatch release = new CountDownLatch(1);
    one.take(release);

    CompletableFuture<List<Portrait>> listed = async.findByStudio("North");
    CompletableFuture<Long> deleted = async.deleteByStudio("South");
    if (stores == Stores.AZURE) {
      assertThat(eventually(() -> events.size() == 2)).as("both ended with the executor taken").isTrue();
      assertThat(events).allSatisfy(event -> assertThat(event.failure()).isNull());
    }
    release.countDown();

    assertThat(join(listed)).extracting(Portrait::id).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
    assertSame(join(listed).get(7), small("North", 8));
    assertThat(join(deleted)).isEqualTo(8);
    assertThat(blockingValueCalls).as("blocking value calls of the async list and delete").isEmpty();
    assertThat(storedNames()).hasSize(24);
    assertValuesMatchRows();
  }
}
