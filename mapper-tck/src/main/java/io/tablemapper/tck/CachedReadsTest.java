package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.CacheStats;
import io.tablemapper.api.QueryEvent;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.fixtures.Currency;
import io.tablemapper.tck.fixtures.CurrencyRepository;
import io.tablemapper.tck.fixtures.Department;
import io.tablemapper.tck.fixtures.Holiday;
import io.tablemapper.tck.fixtures.HolidayRepository;
import io.tablemapper.tck.fixtures.Overcached;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/** {@code @Cached} reference data: reads served from the cache, never stale after a write through the mapper. */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class CachedReadsTest {
  private final TableBackend store;
  private final List<QueryEvent> events = new CopyOnWriteArrayList<>();
  private final TableMapper mapper;
  private final CurrencyRepository currencies;

  CachedReadsTest(StoreUnderTest under) {
    this.store = under.newStore();
    this.mapper = TableMapper.builder().backend(store).queryListener(events::add).build();
    this.currencies = mapper.repository(CurrencyRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  /** Requests the store served for the queries reported since the last call. */
  private int requests() {
    int requests = 0;
    for (QueryEvent event : events) {
      requests += event.requests();
    }
    events.clear();
    return requests;
  }

  @Test
  void aRepeatedPointReadIsServedFromTheCacheWithoutAStoreRequest() {
    currencies.insert(Currency.of("DE", "EUR", "€", 2));
    requests();

    Currency first = currencies.findByCountryAndCode("DE", "EUR").orElseThrow();
    int firstRequests = requests();
    Currency second = currencies.findByCountryAndCode("DE", "EUR").orElseThrow();

    assertThat(firstRequests).isEqualTo(1);
    assertThat(requests()).isZero();
    assertThat(second).isEqualTo(first).isNotSameAs(first);
    assertThat(mapper.cacheStats(Currency.class)).extracting(CacheStats::hits, CacheStats::misses)
        .containsExactly(1L, 1L);
  }

  @Test
  void anAbsentEntityIsCachedAsAbsentUntilItIsInserted() {
    assertThat(currencies.findByCountryAndCode("DE", "EUR")).isEmpty();
    assertThat(currencies.findByCountryAndCode("DE", "EUR")).isEmpty();
    assertThat(mapper.cacheStats(Currency.class).hits()).isEqualTo(1);

    currencies.insert(Currency.of("DE", "EUR", "€", 2));

    assertThat(currencies.findByCountryAndCode("DE", "EUR")).map(Currency::decimals).contains(2);
  }

  @Test
  void anUpdateMergeUpsertOrDeleteThroughTheRepositoryIsSeenByTheNextRead() {
    Currency stored = currencies.insert(Currency.of("DE", "EUR", "€", 2));
    currencies.findByCountryAndCode("DE", "EUR").orElseThrow();

    stored = currencies.update(stored.withDecimals(3));
    assertThat(currencies.findByCountryAndCode("DE", "EUR").orElseThrow().decimals()).isEqualTo(3);
    stored = currencies.merge(stored.withDecimals(4));
    assertThat(currencies.findByCountryAndCode("DE", "EUR").orElseThrow().decimals()).isEqualTo(4);
    stored = currencies.upsert(stored.withDecimals(5));
    assertThat(currencies.findByCountryAndCode("DE", "EUR").orElseThrow().decimals()).isEqualTo(5);
    currencies.delete(stored);
    assertThat(currencies.findByCountryAndCode("DE", "EUR")).isEmpty();
  }

  @Test
  void aReadThroughAnIndexCopyIsInvalidatedWhenTheCopyIsRewritten() {
    Currency stored = currencies.insert(Currency.of("GB", "GBP", "£", 2));
    assertThat(currencies.findByCountryAndSymbol("GB", "£")).isPresent();

    currencies.update(stored.withDecimals(0));

    assertThat(currencies.findByCountryAndSymbol("GB", "£").orElseThrow().decimals()).isZero();
  }

  @Test
  void wholePartitionReadsAreCachedAndInvalidatedByABatchAndByADeleteByQuery() {
    currencies.insert(Currency.of("CH", "CHF", "Fr", 2));
    assertThat(mapper.partition("Reference", "CH").all(Currency.class)).hasSize(1);
    assertThat(currencies.findByCountry("CH")).hasSize(1);
    requests();
    assertThat(mapper.partition("Reference", "CH").all(Currency.class)).hasSize(1);
    assertThat(currencies.findByCountry("CH")).hasSize(1);
    assertThat(requests()).isZero();
    assertThat(mapper.cacheStats(Currency.class).hits()).isEqualTo(2);

    mapper.batch("Reference", "CH").insert(Currency.of("CH", "EUR", "€", 2)).commit();

    assertThat(mapper.partition("Reference", "CH").all(Currency.class)).extracting(Currency::code)
        .containsExactly("CHF", "EUR");
    assertThat(currencies.findByCountry("CH")).extracting(Currency::code).containsExactly("CHF", "EUR");

    assertThat(currencies.deleteByCountryAndCode("CH", "EUR")).isEqualTo(1);

    assertThat(currencies.findByCountry("CH")).extracting(Currency::code).containsExactly("CHF");
    assertThat(mapper.partition("Reference", "CH").all(Currency.class)).extracting(Currency::code)
        .containsExactly("CHF");
  }

  @Test
  void aWriteToAnotherPartitionLeavesTheCachedReadInPlace() {
    currencies.insert(Currency.of("DE", "EUR", "€", 2));
    currencies.findByCountryAndCode("DE", "EUR").orElseThrow();

    currencies.insert(Currency.of("US", "USD", "$", 2));
    currencies.findByCountryAndCode("DE", "EUR").orElseThrow();

    assertThat(mapper.cacheStats(Currency.class).hits()).isEqualTo(1);
  }

  @Test
  void aRowKeyRangeIsCachedApartFromAPointReadButAFilteredQueryIsNeverCached() {
    currencies.insert(Currency.of("DE", "EUR", "€", 2));
    currencies.findByCountryAndCodeStartsWith("DE", "E");
    currencies.findByCountryAndDecimals("DE", 2);
    requests();

    assertThat(currencies.findByCountryAndCodeStartsWith("DE", "E")).hasSize(1);
    assertThat(requests()).isZero();
    assertThat(currencies.findByCountryAndCodeStartsWith("DE", "EU")).hasSize(1);
    assertThat(requests()).isEqualTo(1);
    assertThat(currencies.findByCountryAndDecimals("DE", 2)).hasSize(1);
    assertThat(requests()).isEqualTo(1);
  }

  @Test
  void aCachedReadExpiresAfterItsTimeAndTheCacheHoldsNoMoreThanItsMaximumSize() throws InterruptedException {
    HolidayRepository holidays = mapper.repository(HolidayRepository.class);
    holidays.insert(new Holiday("FR", "0714", "Fête nationale"));
    holidays.findByCountryAndDay("FR", "0714");
    holidays.findByCountryAndDay("FR", "0101");
    holidays.findByCountryAndDay("FR", "0501");
    mapper.cacheStats(Holiday.class);

    TimeUnit.MILLISECONDS.sleep(1_300);
    holidays.findByCountryAndDay("FR", "0714");

    CacheStats stats = mapper.cacheStats(Holiday.class);
    assertThat(stats.hits()).isZero();
    assertThat(stats.misses()).isEqualTo(4);
    assertThat(stats.evictions()).isPositive();
    assertThat(stats.size()).isLessThanOrEqualTo(2);
  }

  @Test
  void aClosedMapperServesNothingFromItsCache() {
    currencies.insert(Currency.of("DE", "EUR", "€", 2));
    currencies.findByCountryAndCode("DE", "EUR").orElseThrow();
    mapper.partition("Reference", "DE").all(Currency.class);

    mapper.close();

    assertThatThrownBy(() -> currencies.findByCountryAndCode("DE", "EUR")).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> mapper.partition("Reference", "DE").all(Currency.class))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void aCacheThatCouldHoldNothingOnAHandWrittenMappingIsRefusedWithTheProcessorsRule() {
    assertThatThrownBy(() -> mapper.partition("Things", "north").all(Overcached.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("[CachedArguments] @Cached(maximumSize = 0) of Overcached is not valid");
  }

  @Test
  void cacheStatsOfAClassThatIsNotCachedNamesTheClassAndTheAnnotation() {
    assertThatThrownBy(() -> mapper.cacheStats(Department.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Department is not @Cached")
        .hasMessageContaining("@io.tablemapper.annotations.Cached");
  }

  @Test
  void eachMapperHasItsOwnCacheAndAnotherMappersWriteIsNotSeenUntilExpiry() {
    currencies.insert(Currency.of("DE", "EUR", "€", 2));
    currencies.findByCountryAndCode("DE", "EUR").orElseThrow();
    try (TableMapper other = TableMapper.builder().backend(store).build()) {
      CurrencyRepository elsewhere = other.repository(CurrencyRepository.class);
      elsewhere.update(elsewhere.findByCountryAndCode("DE", "EUR").orElseThrow().withDecimals(7));

      // documented: a cache sees the writes of its own mapper only
      assertThat(currencies.findByCountryAndCode("DE", "EUR").orElseThrow().decimals()).isEqualTo(2);
      assertThat(elsewhere.findByCountryAndCode("DE", "EUR").orElseThrow().decimals()).isEqualTo(7);
    }
  }

  @Test
  void noReadThatStartsAfterAWriteReturnedEverSeesAnOlderValueWhileReadersAndAWriterRace() throws Exception {
    Currency stored = currencies.insert(Currency.of("JP", "JPY", "¥", 0));
    AtomicInteger completed = new AtomicInteger(0);
    AtomicBoolean done = new AtomicBoolean();
    List<String> stale = new CopyOnWriteArrayList<>();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> readers = new ArrayList<>();
      for (int r = 0; r < 3; r++) {
        readers.add(pool.submit(() -> {
          while (!done.get()) {
            int floor = completed.get();
            int seen = currencies.findByCountryAndCode("JP", "JPY").orElseThrow().decimals();
            int partitionSeen = currencies.findByCountry("JP").get(0).decimals();
            if (seen < floor || partitionSeen < floor) {
              stale.add("read " + seen + "/" + partitionSeen + " after write " + floor + " returned");
            }
          }
        }));
      }
      // 2,000 writes where a write is quick; where each is a round trip to a server (Azure), those that fit in four
      // seconds, at least 200: each write races the three readers either way, a slow one through more of their reads
      long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(4);
      for (int value = 1; value <= 2_000 && (value <= 200 || System.nanoTime() < until); value++) {
        stored = currencies.update(stored.withDecimals(value));
        completed.set(value);
      }
      done.set(true);
      for (Future<?> reader : readers) {
        reader.get(30, TimeUnit.SECONDS);
      }
    } finally {
      done.set(true);
      pool.shutdownNow();
    }

    assertThat(stale).isEmpty();
    assertThat(mapper.cacheStats(Currency.class).hits()).isPositive();
    assertThat(completed.get()).isBetween(200, 2_000);
    assertThat(currencies.findByCountryAndCode("JP", "JPY").orElseThrow().decimals()).isEqualTo(completed.get());
  }

}
