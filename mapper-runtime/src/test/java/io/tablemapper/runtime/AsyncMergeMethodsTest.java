package io.tablemapper.runtime;

import static io.tablemapper.runtime.OneThreadAsync.join;
import static io.tablemapper.runtime.Waits.eventually;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.OperationEvent;
import io.tablemapper.api.OperationType;
import io.tablemapper.api.TableMapper;
import io.tablemapper.runtime.fixtures.CurrencyAsyncRepository;
import io.tablemapper.runtime.fixtures.DailyReadingsAsyncRepository;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.fixtures.Currency;
import io.tablemapper.tck.fixtures.CurrencyRepository;
import io.tablemapper.tck.fixtures.DailyReadings;
import io.tablemapper.tck.fixtures.DailyReadingsRepository;
import io.tablemapper.tck.support.Stores;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Derived partial merge methods returning a {@code CompletableFuture} on every store: the same write as the blocking
 * method on the store's async path — the same rows, results, exceptions and listener reports —, the entity built on
 * the caller's thread (what that throws fails the future), and on Azure no thread held while the write is under way.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class AsyncMergeMethodsTest {
  private static final LocalDate DAY = LocalDate.of(2026, 11, 25);

  private final Stores stores;
  @RegisterExtension final OneThreadAsync one = new OneThreadAsync();

  AsyncMergeMethodsTest(Stores stores) {
    this.stores = stores;
  }

  /** A mapper whose async operations have one thread, reporting to {@code events}. */
  private TableMapper mapper(TableBackend backend, List<OperationEvent> events) {
    return one.mapper(TableMapper.builder().backend(backend).operationListener(events::add));
  }

  /** The merge methods of DailyReadings on one path; an async method's failure thrown as the cause it carries. */
  private interface Merges {
    void upsertMergeH07(double h07, String sensor);

    DailyReadings mergeH08AndCount(double h08, int count, String sensor, String etag);

    void mergeH06(double h06, String sensor);

    DailyReadings upsertMergeH06AndPeak(double h06, Double peak, String sensor);
  }

  private static Merges blocking(DailyReadingsRepository readings) {
    return new Merges() {
      @Override
      public void upsertMergeH07(double h07, String sensor) {
        readings.upsertMergeH07BySensorAndDay(h07, sensor, DAY);
      }

      @Override
      public DailyReadings mergeH08AndCount(double h08, int count, String sensor, String etag) {
        return readings.mergeH08AndCountBySensorAndDay(h08, count, sensor, DAY, etag);
      }

      @Override
      public void mergeH06(double h06, String sensor) {
        readings.mergeH06BySensorAndDay(h06, sensor, DAY);
      }

      @Override
      public DailyReadings upsertMergeH06AndPeak(double h06, Double peak, String sensor) {
        return readings.upsertMerge(new DailyReadings(sensor, DAY, h06, 0, 0, peak, 0, null, null), "h06", "peak");
      }
    };
  }

  private static Merges async(DailyReadingsAsyncRepository readings) {
    return new Merges() {
      @Override
      public void upsertMergeH07(double h07, String sensor) {
        assertThat(started(() -> readings.upsertMergeH07BySensorAndDay(h07, sensor, DAY))).isNull();
      }

      @Override
      public DailyReadings mergeH08AndCount(double h08, int count, String sensor, String etag) {
        return started(() -> readings.mergeH08AndCountBySensorAndDay(h08, count, sensor, DAY, etag));
      }

      @Override
      public void mergeH06(double h06, String sensor) {
        assertThat(started(() -> readings.mergeH06BySensorAndDay(h06, sensor, DAY))).isNull();
      }

      @Override
      public DailyReadings upsertMergeH06AndPeak(double h06, Double peak, String sensor) {
        return started(() -> readings.upsertMergeH06AndPeakBySensorAndDay(h06, peak, sensor, DAY));
      }
    };
  }

  /** The result of an async method, which throws nothing itself: every failure is its future's. */
  private static <R> R started(Supplier<CompletableFuture<R>> call) {
    CompletableFuture<R> future;
    try {
      future = call.get();
    } catch (RuntimeException e) {
      throw new AssertionError("an async merge method threw instead of failing its future", e);
    }
    return join(future);
  }

  /** What a path returned, stored, threw and reported over the same merges. */
  private record Run(List<Object> outcomes, List<String> reports) {}

  private Run mergesOn(boolean async) {
    List<OperationEvent> events = new CopyOnWriteArrayList<>();
    TableMapper mapper = mapper(stores.newStore(), events);
    DailyReadingsRepository readings = mapper.repository(DailyReadingsRepository.class);
    Merges merges = async ? async(mapper.repository(DailyReadingsAsyncRepository.class)) : blocking(readings);
    List<Object> outcomes = new ArrayList<>();

    merges.upsertMergeH07(7.5, "s1"); // inserts
    DailyReadings v1 = readings.findBySensorAndDay("s1", DAY).orElseThrow();
    outcomes.add(plain(v1));
    DailyReadings v2 = merges.mergeH08AndCount(8.5, 3, "s1", v1.etag());
    outcomes.add(plain(v2));
    outcomes.add(v2.etag() != null && !v2.etag().equals(v1.etag()));
    outcomes.add(v2.etag().equals(readings.findBySensorAndDay("s1", DAY).orElseThrow().etag()));
    outcomes.add(failure(() -> merges.mergeH08AndCount(80, 4, "s1", v1.etag())) // the ETag of before
        .replace(v1.etag(), "<the ETag read>")); // which differs between two stores
    outcomes.add(failure(() -> merges.mergeH06(6, "absent"))); // no such entity
    outcomes.add(failure(() -> merges.mergeH06(6, null))); // no PartitionKey
    merges.mergeH06(6.5, "s1");
    outcomes.add(plain(merges.upsertMergeH06AndPeak(6.25, 9.0, "s1")));
    outcomes.add(plain(merges.upsertMergeH06AndPeak(1.0, null, "s2"))); // inserts
    outcomes.add(plain(readings.findBySensorAndDay("s1", DAY).orElseThrow()));
    outcomes.add(plain(readings.findBySensorAndDay("s2", DAY).orElseThrow()));
    outcomes.add(readings.findBySensorAndDay("absent", DAY).isPresent());

    List<String> reports = new ArrayList<>();
    for (OperationEvent event : events) {
      reports.add(event.type() + " " + event.entity() + " rows read " + event.rowsRead() + " written "
          + event.rowsWritten() + " requests " + event.requests() + " " + event.outcome());
    }
    return new Run(outcomes, reports);
  }

  private static DailyReadings plain(DailyReadings read) {
    return read.withEtag(null);
  }

  /** The class and message of what a merge failed with, or that it did not fail. */
  private static String failure(Runnable merge) {
    Throwable failure = catchThrowable(merge::run);
    return failure == null ? "no failure" : failure.getClass().getSimpleName() + ": " + failure.getMessage();
  }

  @Test
  void asyncMergeMethodsStoreReturnThrowAndReportWhatTheBlockingOnesDo() {
    Run blocking = mergesOn(false);
    Run async = mergesOn(true);

    assertThat(async.outcomes()).isEqualTo(blocking.outcomes());
    assertThat(async.reports()).isEqualTo(blocking.reports());
    // and what both do is the merges': the values merged, the conflict, the absent entity, the bad key
    assertThat(async.outcomes().get(1)).isEqualTo(new DailyReadings("s1", DAY, 0, 0, 8.5, null, 3, null, null));
    assertThat(async.outcomes().subList(2, 4)).containsExactly(true, true);
    assertThat((String) async.outcomes().get(4)).startsWith(ConcurrencyConflictException.class.getSimpleName());
    assertThat((String) async.outcomes().get(5)).startsWith(EntityNotFoundException.class.getSimpleName());
    assertThat((String) async.outcomes().get(6)).doesNotStartWith("no failure");
    assertThat(async.outcomes().get(9))
        .isEqualTo(new DailyReadings("s1", DAY, 6.25, 7.5, 8.5, 9.0, 3, null, null));
    assertThat(async.outcomes().get(10)).isEqualTo(new DailyReadings("s2", DAY, 1.0, 0, 0, null, 0, null, null));
    assertThat(async.outcomes().get(11)).isEqualTo(false);
  }

  @Test
  void anAsyncMergeOfACachedEntityIsSeenByTheNextCachedReadOfEitherPath() {
    TableMapper mapper = mapper(stores.newStore(), new CopyOnWriteArrayList<>());
    CurrencyRepository blocking = mapper.repository(CurrencyRepository.class);
    CurrencyAsyncRepository async = mapper.repository(CurrencyAsyncRepository.class);
    Currency euro = blocking.insert(Currency.of("DE", "EUR", "€", 2));
    assertThat(join(async.findByCountryAndCode("DE", "EUR"))).map(Currency::decimals)
        .contains(2);
    assertThat(blocking.findByCountry("DE")).extracting(Currency::decimals).containsExactly(2);

    Currency merged = join(async.mergeDecimalsByCountryAndCode(4, "DE", "EUR", euro.etag()));

    assertThat(merged.etag()).isNotEqualTo(euro.etag());
    assertThat(join(async.findByCountryAndCode("DE", "EUR"))).map(Currency::decimals)
        .contains(4);
    assertThat(blocking.findByCountry("DE")).extracting(Currency::decimals).containsExactly(4);
    assertThat(blocking.findByCountryAndSymbol("DE", "€")).map(Currency::decimals).as("its index copy too")
        .contains(4);
    CompletableFuture<Currency> stale = async.mergeDecimalsByCountryAndCode(5, "DE", "EUR", euro.etag());
    assertThat(catchThrowable(stale::join)).isInstanceOf(CompletionException.class)
        .cause().isInstanceOf(ConcurrencyConflictException.class);
  }

  @Test
  void twentyAsyncMergeMethodsEndWhileTheMappersOnlyExecutorThreadIsTakenOnAzure() throws Exception {
    List<OperationEvent> events = new CopyOnWriteArrayList<>();
    TableMapper mapper = mapper(stores.newStore(), events);
    DailyReadingsRepository blocking = mapper.repository(DailyReadingsRepository.class);
    DailyReadingsAsyncRepository async = mapper.repository(DailyReadingsAsyncRepository.class);
    for (int i = 0; i < 10; i++) {
      blocking.upsertMergeH07BySensorAndDay(i, "m" + i, DAY);
    }
    events.clear();
    CountDownLatch release = new CountDownLatch(1);
    one.take(release); // the mapper's only async thread is taken

    List<CompletableFuture<?>> merges = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      merges.add(async.mergeH06BySensorAndDay(100 + i, "m" + i, DAY));
      merges.add(async.upsertMergeH06AndPeakBySensorAndDay(200 + i, (double) i, "u" + i, DAY));
    }
    if (stores == Stores.AZURE) {
      // the SDK's async client: every merge is sent and answered while no thread of the mapper is free
      assertThat(eventually(() -> events.size() == 20)).as("20 merges ended with the executor taken").isTrue();
      assertThat(events).allSatisfy(event -> {
        assertThat(event.failure()).isNull();
        assertThat(event.type()).isIn(OperationType.MERGE, OperationType.UPSERT_MERGE);
      });
    }
    assertThat(merges).as("handed over on the executor, once it is free").noneMatch(CompletableFuture::isDone);
    release.countDown();

    for (CompletableFuture<?> merge : merges) {
      merge.get(60, TimeUnit.SECONDS);
    }
    for (int i = 0; i < 10; i++) {
      assertThat(blocking.findBySensorAndDay("m" + i, DAY).orElseThrow())
          .extracting(DailyReadings::h06, DailyReadings::h07).containsExactly(100.0 + i, (double) i);
      assertThat(blocking.findBySensorAndDay("u" + i, DAY).orElseThrow())
          .extracting(DailyReadings::h06, DailyReadings::peak).containsExactly(200.0 + i, (double) i);
    }
  }
}
