package io.tablemapper.runtime;

import static io.tablemapper.runtime.OneThreadAsync.join;
import static io.tablemapper.runtime.Waits.await;
import static io.tablemapper.runtime.Waits.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.CacheStats;
import io.tablemapper.api.OperationEvent;
import io.tablemapper.api.OperationType;
import io.tablemapper.api.QueryEvent;
import io.tablemapper.api.TableMapper;
import io.tablemapper.runtime.fixtures.CurrencyAsyncRepository;
import io.tablemapper.runtime.fixtures.Poster;
import io.tablemapper.runtime.fixtures.PosterAsyncRepository;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.fixtures.Currency;
import io.tablemapper.tck.fixtures.CurrencyRepository;
import io.tablemapper.tck.fixtures.CurrencySymbol;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code @Cached} reads of async query methods on every store: a hit completes without a request and without a
 * thread of the mapper's executor, a miss reads on the store's async path and is cached under the key taken before
 * its first request — the same results, cache statistics and listener reports as the blocking methods, one cache
 * shared by both, and a write that overtakes a miss is never undone by the miss's older rows.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class AsyncCachedReadsTest {
  private final Stores stores;
  @RegisterExtension final OneThreadAsync one = new OneThreadAsync();

  AsyncCachedReadsTest(Stores stores) {
    this.stores = stores;
  }

  /** What one mapper reported to its listeners. */
  private static final class Observed {
    final List<QueryEvent> queries = new CopyOnWriteArrayList<>();
    final List<OperationEvent> operations = new CopyOnWriteArrayList<>();

    void clear() {
      queries.clear();
      operations.clear();
    }
  }

  /** A mapper whose async operations have one thread, reporting to {@code observed}. */
  private TableMapper mapper(TableBackend backend, Observed observed) {
    return one.mapper(TableMapper.builder().backend(backend)
        .queryListener(observed.queries::add).operationListener(observed.operations::add));
  }

  /** The cached reads of Currency on one path; an async read's failure thrown as the cause it carries. */
  private record Reads(
      BiFunction<String, String, Optional<Currency>> point,
      BiFunction<String, String, Optional<Currency>> bySymbol,
      Function<String, List<Currency>> partition,
      BiFunction<String, String, List<Currency>> range,
      Function<String, List<CurrencySymbol>> symbols) {

    static Reads blocking(CurrencyRepository currencies) {
      return new Reads(currencies::findByCountryAndCode, currencies::findByCountryAndSymbol,
          currencies::findByCountry, currencies::findByCountryAndCodeStartsWith, currencies::getByCountry);
    }

    static Reads async(CurrencyAsyncRepository currencies) {
      return new Reads((country, code) -> join(currencies.findByCountryAndCode(country, code)),
          (country, symbol) -> join(currencies.findByCountryAndSymbol(country, symbol)),
          country -> join(currencies.findByCountry(country)),
          (country, prefix) -> join(currencies.findByCountryAndCodeStartsWith(country, prefix)),
          country -> join(currencies.getByCountry(country)));
    }
  }

  /** A currency as read, without its ETag (which differs between two stores). */
  private static Object plain(Object read) {
    if (read instanceof Optional<?> optional) {
      return optional.map(AsyncCachedReadsTest::plain);
    }
    if (read instanceof List<?> list) {
      return list.stream().map(AsyncCachedReadsTest::plain).toList();
    }
    if (read instanceof Currency c) {
      return Currency.of(c.country(), c.code(), c.symbol(), c.decimals());
    }
    return read;
  }

  /** The reports of a path, its repository's name left out (the async one has its own interface). */
  private static List<String> reports(Observed observed) {
    List<String> reports = new ArrayList<>();
    for (QueryEvent event : observed.queries) {
      reports.add(("query " + event.method() + " " + event.kind() + " rows read " + event.rowsRead() + " returned "
          + event.rowsReturned() + " requests " + event.requests() + " plan " + event.plan())
          .replace("CurrencyAsyncRepository.", "CurrencyRepository."));
    }
    for (OperationEvent event : observed.operations) {
      reports.add(("operation " + event.type() + " " + event.method() + " " + event.kind() + " rows read "
          + event.rowsRead() + " written " + event.rowsWritten() + " requests " + event.requests() + " "
          + event.outcome()).replace("CurrencyAsyncRepository.", "CurrencyRepository."));
    }
    return reports;
  }

  /** What a path read, reported and counted over the same reads: a miss and a hit of each, and after a write. */
  private record Run(List<Object> results, List<String> reports, CacheStats stats, List<QueryEvent> events) {}

  private Run readsOn(boolean async) {
    Observed observed = new Observed();
    TableMapper mapper = mapper(stores.newStore(), observed);
    CurrencyRepository writes = mapper.repository(CurrencyRepository.class);
    Reads reads = async ? Reads.async(mapper.repository(CurrencyAsyncRepository.class))
        : Reads.blocking(writes);
    Currency euro = writes.insert(Currency.of("DE", "EUR", "€", 2));
    writes.insert(Currency.of("DE", "DEM", "DM", 2));
    writes.insert(Currency.of("GB", "GBP", "£", 2));
    observed.clear();

    List<Object> results = new ArrayList<>();
    for (int round = 0; round < 2; round++) { // a miss, then a hit (the projection: the store each time)
      results.add(reads.point().apply("DE", "EUR"));
      results.add(reads.point().apply("DE", "XXX"));
      results.add(reads.bySymbol().apply("GB", "£"));
      results.add(reads.partition().apply("DE"));
      results.add(reads.range().apply("DE", "E"));
      results.add(reads.symbols().apply("DE"));
    }
    writes.update(euro.withDecimals(3)); // invalidates the partition: misses again, then hits
    for (int round = 0; round < 2; round++) {
      results.add(reads.point().apply("DE", "EUR"));
      results.add(reads.partition().apply("DE"));
      results.add(reads.range().apply("DE", "E"));
    }
    List<Object> plain = new ArrayList<>();
    results.forEach(read -> plain.add(plain(read)));
    return new Run(plain, reports(observed), mapper.cacheStats(Currency.class), List.copyOf(observed.queries));
  }

  @Test
  void asyncCachedReadsReturnReportAndCountWhatTheBlockingOnesDo() {
    Run blocking = readsOn(false);
    Run async = readsOn(true);

    assertThat(async.results()).isEqualTo(blocking.results());
    assertThat(async.reports()).isEqualTo(blocking.reports());
    assertThat(async.stats()).isEqualTo(blocking.stats());
    // and what both do is the cache's: 5 misses and 5 hits before the write, 3 and 3 after, the projection uncached
    assertThat(async.stats()).extracting(CacheStats::hits, CacheStats::misses).containsExactly(8L, 8L);
    List<QueryEvent> events = async.events();
    assertThat(events).hasSize(18);
    assertThat(events.subList(6, 11)).as("hits: a query with no request").allSatisfy(event -> {
      assertThat(event.requests()).isZero();
      assertThat(event.rowsRead()).isZero();
    });
    assertThat(events.get(5).requests()).isPositive();
    assertThat(events.get(11).requests()).as("a projection always reads the store").isPositive();
    assertThat(events.subList(12, 15)).allSatisfy(event -> assertThat(event.requests()).isPositive());
    assertThat(events.subList(15, 18)).allSatisfy(event -> assertThat(event.requests()).isZero());
    assertThat(async.results().get(12)).isEqualTo(Optional.of(Currency.of("DE", "EUR", "€", 3)));
    assertThat(async.results().get(3)).isEqualTo(
        List.of(Currency.of("DE", "DEM", "DM", 2), Currency.of("DE", "EUR", "€", 2)));
    assertThat(async.results().get(5)).isEqualTo(
        List.of(new CurrencySymbol("DEM", "DM"), new CurrencySymbol("EUR", "€")));
  }

  @Test
  void theBlockingAndTheAsyncMethodsShareOneCacheThePointReadByKeysIncluded() {
    Observed observed = new Observed();
    TableMapper mapper = mapper(stores.newStore(), observed);
    CurrencyRepository blocking = mapper.repository(CurrencyRepository.class);
    CurrencyAsyncRepository async = mapper.repository(CurrencyAsyncRepository.class);
    blocking.insert(Currency.of("DE", "EUR", "€", 2));
    blocking.insert(Currency.of("CH", "CHF", "Fr", 2));

    // the blocking point read by keys (no query object) fills what the async point query finds, and the reverse
    assertThat(blocking.findByCountryAndCode("DE", "EUR")).map(Currency::symbol).contains("€");
    assertThat(join(async.findByCountryAndCode("DE", "EUR"))).map(Currency::symbol).contains("€");
    assertThat(join(async.findByCountryAndCode("CH", "CHF"))).map(Currency::symbol).contains("Fr");
    assertThat(blocking.findByCountryAndCode("CH", "CHF")).map(Currency::symbol).contains("Fr");
    assertThat(join(async.findByCountry("CH"))).hasSize(1);
    assertThat(blocking.findByCountry("CH")).hasSize(1);

    assertThat(mapper.cacheStats(Currency.class)).extracting(CacheStats::hits, CacheStats::misses)
        .containsExactly(3L, 3L);
    assertThat(observed.queries).extracting(QueryEvent::requests).containsExactly(1, 0, 1, 0, 1, 0);
  }

  @Test
  void aWriteThatOvertakesAnAsyncMissIsNeverUndoneByTheOlderRowsTheMissRead() {
    HeldReads store = new HeldReads(stores.newStore());
    TableMapper mapper = mapper(store, new Observed());
    CurrencyRepository blocking = mapper.repository(CurrencyRepository.class);
    CurrencyAsyncRepository async = mapper.repository(CurrencyAsyncRepository.class);
    Currency yen = blocking.insert(Currency.of("JP", "JPY", "¥", 0));

    // the point read: the store answers 0, then the update to 1 ends, then the answer arrives
    CountDownLatch answered = store.holdNextAsyncRead();
    CompletableFuture<Optional<Currency>> point = async.findByCountryAndCode("JP", "JPY");
    await(answered);
    yen = blocking.update(yen.withDecimals(1));
    store.release();
    assertThat(join(point)).map(Currency::decimals).as("read before the write ended").contains(0);

    // the partition: the same with the update to 2
    answered = store.holdNextAsyncRead();
    CompletableFuture<List<Currency>> partition = async.findByCountry("JP");
    await(answered);
    blocking.update(yen.withDecimals(2));
    store.release();
    assertThat(join(partition)).extracting(Currency::decimals).as("read before the write ended").containsExactly(1);

    // the older rows were filed under the generation before the writes: no later read finds them
    assertThat(join(async.findByCountryAndCode("JP", "JPY"))).map(Currency::decimals).contains(2);
    assertThat(blocking.findByCountryAndCode("JP", "JPY")).map(Currency::decimals).contains(2);
    assertThat(join(async.findByCountry("JP"))).extracting(Currency::decimals).containsExactly(2);
    assertThat(blocking.findByCountry("JP")).extracting(Currency::decimals).containsExactly(2);
    assertThat(mapper.cacheStats(Currency.class)).extracting(CacheStats::hits, CacheStats::misses)
        .containsExactly(2L, 4L);
  }

  @Test
  void aProjectionOfACachedEntityReadsTheStoreEachTimeAndLeavesTheCacheAlone() {
    Observed observed = new Observed();
    TableMapper mapper = mapper(stores.newStore(), observed);
    mapper.repository(CurrencyRepository.class).insert(Currency.of("DE", "EUR", "€", 2));
    CurrencyAsyncRepository async = mapper.repository(CurrencyAsyncRepository.class);
    observed.clear();

    assertThat(join(async.getByCountry("DE"))).containsExactly(new CurrencySymbol("EUR", "€"));
    assertThat(join(async.getByCountry("DE"))).containsExactly(new CurrencySymbol("EUR", "€"));

    assertThat(observed.queries).extracting(QueryEvent::requests).containsExactly(1, 1);
    assertThat(mapper.cacheStats(Currency.class)).isEqualTo(new CacheStats(0, 0, 0, 0));
  }

  @Test
  void twentyAsyncCachedReadsHitsAndMissesEndWhileTheMappersOnlyExecutorThreadIsTakenAndHitsNeedItNowhere()
      throws Exception {
    Observed observed = new Observed();
    TableMapper mapper = mapper(stores.newStore(), observed);
    CurrencyRepository blocking = mapper.repository(CurrencyRepository.class);
    CurrencyAsyncRepository async = mapper.repository(CurrencyAsyncRepository.class);
    for (int i = 0; i < 10; i++) {
      blocking.insert(Currency.of("C" + i, "K" + i, "s" + i, i));
      blocking.findByCountryAndCode("C" + i, "K" + i); // cached: the hits below
    }
    for (int i = 10; i < 15; i++) {
      blocking.insert(Currency.of("C" + i, "K" + i, "s" + i, i));
    }
    observed.clear();
    CountDownLatch release = new CountDownLatch(1);
    one.take(release); // the mapper's only async thread is taken

    List<CompletableFuture<Optional<Currency>>> hits = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      hits.add(async.findByCountryAndCode("C" + i, "K" + i));
    }
    List<CompletableFuture<?>> misses = new ArrayList<>();
    for (int i = 10; i < 15; i++) {
      misses.add(async.findByCountryAndCode("C" + i, "K" + i));
      misses.add(async.findByCountry("C" + (i + 10))); // an empty partition, cached as empty
    }
    // a hit ends at once, with no request and no thread; on Azure a miss's reads go on the SDK's async client
    assertThat(eventually(() -> observed.operations.size() >= 10)).as("the hits ended with the executor taken")
        .isTrue();
    if (stores == Stores.AZURE) {
      assertThat(eventually(() -> observed.operations.size() == 20)).as("20 reads ended with the executor taken")
          .isTrue();
      assertThat(observed.operations).allSatisfy(event -> assertThat(event.failure()).isNull());
    }
    assertThat(observed.operations).allSatisfy(event -> assertThat(event.type()).isEqualTo(OperationType.QUERY));
    assertThat(hits).as("handed over on the executor, once it is free").noneMatch(CompletableFuture::isDone);
    assertThat(misses).noneMatch(CompletableFuture::isDone);
    release.countDown();

    for (int i = 0; i < 10; i++) {
      assertThat(hits.get(i).get(60, TimeUnit.SECONDS)).map(Currency::decimals).contains(i);
    }
    for (int i = 0; i < 5; i++) {
      assertThat((Optional<?>) misses.get(2 * i).get(60, TimeUnit.SECONDS)).isPresent();
      assertThat((List<?>) misses.get(2 * i + 1).get(60, TimeUnit.SECONDS)).isEmpty();
    }
    assertThat(eventually(() -> observed.operations.size() == 20)).isTrue();
    assertThat(observed.queries.stream().filter(event -> event.requests() == 0)).hasSize(10);
    assertThat(mapper.cacheStats(Currency.class)).extracting(CacheStats::hits, CacheStats::misses)
        .containsExactly(10L, 20L);
  }

  @Test
  void aHitOfACachedEntityWithLargeValuesFetchesThemWithTheStoresAsyncRequestsNeverOnTheThreadThatCalled()
      throws Exception {
    Observed observed = new Observed();
    TableMapper mapper = mapper(stores.newStore(), observed);
    PosterAsyncRepository posters = mapper.repository(PosterAsyncRepository.class);
    byte[] image = new byte[70_000];
    for (int i = 0; i < image.length; i++) {
      image[i] = (byte) (i * 31);
    }
    join(posters.insert(new Poster("s", "p1", image)));
    assertThat(join(posters.findByShopAndId("s", "p1")).orElseThrow().image()).isEqualTo(image); // the miss
    observed.clear();
    CountDownLatch release = new CountDownLatch(1);
    one.take(release); // the mapper's only async thread is taken

    CompletableFuture<Optional<Poster>> hit = posters.findByShopAndId("s", "p1");
    assertThat(hit).as("the call returned before the image was fetched").isNotDone();
    if (stores == Stores.AZURE) {
      // the row from the cache, its image fetched with Blob Storage's async client: no thread of the executor
      assertThat(eventually(() -> observed.operations.size() == 1)).as("the read ended with the executor taken")
          .isTrue();
    } else {
      // an embedded store's value request runs on the executor, which is taken
      TimeUnit.MILLISECONDS.sleep(300);
      assertThat(observed.operations).as("the image's request waits for the executor").isEmpty();
    }
    assertThat(hit).as("handed over on the executor, once it is free").isNotDone();
    release.countDown();

    assertThat(hit.get(60, TimeUnit.SECONDS).orElseThrow().image()).isEqualTo(image);
    assertThat(mapper.cacheStats(Poster.class)).extracting(CacheStats::hits, CacheStats::misses)
        .containsExactly(1L, 1L);
    assertThat(eventually(() -> observed.operations.size() == 1)).isTrue();
    assertThat(observed.queries).extracting(QueryEvent::requests).as("the row from the cache").containsExactly(0);
  }
}
