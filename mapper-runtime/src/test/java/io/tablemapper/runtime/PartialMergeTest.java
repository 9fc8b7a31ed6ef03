package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.runtime.fixtures.Counter;
import io.tablemapper.runtime.fixtures.CounterRepository;
import io.tablemapper.runtime.fixtures.SensorDay;
import io.tablemapper.runtime.fixtures.SensorDayRepository;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.fixtures.DailyReadings;
import io.tablemapper.tck.fixtures.DailyReadingsRepository;
import io.tablemapper.tck.support.InterceptingBackend.Requests;
import io.tablemapper.tck.support.InterceptingBackend;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Partial merges on every store — the guide's data series, one hour's reading written into the day's entity in one
 * request without reading it: by a repository method that names the properties ({@code upsertMergeH07BySensorAndDay},
 * checked at compile time) and by the run-time list of names ({@code merge(entity, "h08")}). Only the named
 * properties and the keys are written, primitives included; the others keep their stored values; an ETag given is
 * the merge's condition; index copies are rewritten from the merged row in the same transaction; a name that may
 * not be merged is refused before anything is sent.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class PartialMergeTest {
  private static final LocalDate DAY = LocalDate.of(2024, 5, 17);

  private final InterceptingBackend backend;
  private final TableMapper mapper;
  private final DailyReadingsRepository readings;
  private final SensorDayRepository days;

  PartialMergeTest(Stores stores) {
    this.backend = new InterceptingBackend(stores.newStore());
    this.mapper = TableMapper.builder().backend(backend).build();
    this.readings = mapper.repository(DailyReadingsRepository.class);
    this.days = mapper.repository(SensorDayRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private DailyReadings read() {
    return readings.findBySensorAndDay("s1", DAY).orElseThrow();
  }

  private Requests cost(Runnable operation) {
    Requests before = backend.requests();
    operation.run();
    return backend.requests().since(before);
  }

  @Test
  void theFirstReadingOfADayInsertsItsEntityAndTheNextOnesMergeIntoItEachInOneRequest() {
    readings.upsertMergeH07BySensorAndDay(7.5, "s1", DAY);
    assertThat(read()).isEqualTo(new DailyReadings("s1", DAY, 0, 7.5, 0, null, 0, null, read().etag()));

    assertThat(cost(() -> readings.upsertMergeH06AndPeakBySensorAndDay(6.25, 9.0, "s1", DAY).join()))
        .as("one write, nothing read").isEqualTo(new Requests(0, 0, 1, 0));
    assertThat(cost(() -> readings.mergeH06BySensorAndDay(6.5, "s1", DAY))).isEqualTo(new Requests(0, 0, 1, 0));

    assertThat(read()).isEqualTo(new DailyReadings("s1", DAY, 6.5, 7.5, 0, 9.0, 0, null, read().etag()));
    TableRow row = RawRows.all(backend, "Series").get(0);
    assertThat(row.properties()).as("only what was merged, and the keys' properties")
        .containsOnlyKeys("EntityType", "sensor", "day", "h06", "h07", "peak");
  }

  @Test
  void theRunTimeListOfNamesMergesOnlyThoseProperties() {
    readings.insert(new DailyReadings("s1", DAY, 6, 7, 8, 9.0, 3, null, null));

    DailyReadings returned = readings.merge(DailyReadings.of("s1", DAY).withH08(8.5), "h08");
    readings.upsertMerge(new DailyReadings("s1", DAY, 0, 0, 0, null, 4, "not stored", null), "count", "peak");

    assertThat(returned.etag()).as("the new ETag").isNotNull();
    assertThat(returned.h07()).as("the entity as given").isZero();
    assertThat(read()).as("a null named property is not written")
        .isEqualTo(new DailyReadings("s1", DAY, 6, 7, 8.5, 9.0, 4, null, read().etag()));
  }

  @Test
  void anETagGivenIsTheConditionOfTheMerge() {
    readings.upsertMergeH07BySensorAndDay(7, "s1", DAY);
    DailyReadings v1 = read();

    DailyReadings v2 = readings.mergeH08AndCountBySensorAndDay(8, 1, "s1", DAY, v1.etag());
    assertThat(v2.etag()).isNotEqualTo(v1.etag()).isEqualTo(read().etag());

    assertThatThrownBy(() -> readings.mergeH08AndCountBySensorAndDay(80, 2, "s1", DAY, v1.etag()))
        .isInstanceOf(ConcurrencyConflictException.class);
    assertThatThrownBy(() -> readings.merge(DailyReadings.of("s1", DAY).withH08(80).withEtag(v1.etag()), "h08"))
        .isInstanceOf(ConcurrencyConflictException.class);
    assertThat(read()).isEqualTo(new DailyReadings("s1", DAY, 0, 7, 8, null, 1, null, v2.etag()));

    readings.upsertMergeH07BySensorAndDay(70, "s1", DAY); // names no version
    assertThat(read().h07()).isEqualTo(70);
  }

  @Test
  void aMergeOfAnAbsentEntityFailsAndWritesNothing() {
    assertThatThrownBy(() -> readings.mergeH06BySensorAndDay(6, "s1", DAY))
        .isInstanceOf(EntityNotFoundException.class).hasMessageContaining("DailyReadings");
    assertThatThrownBy(() -> readings.merge(DailyReadings.of("s1", DAY), "h06"))
        .isInstanceOf(EntityNotFoundException.class);
    assertThat(readings.findBySensorAndDay("s1", DAY)).isEmpty();
  }

  @Test
  void aNameThatMayNotBeMergedIsRefusedBeforeAnythingIsSent() {
    readings.insert(new DailyReadings("s1", DAY, 6, 7, 8, null, 0, null, null));
    DailyReadings day = DailyReadings.of("s1", DAY);
    Requests before = backend.requests();

    assertThatThrownBy(() -> readings.merge(day, "h7")).isInstanceOf(InvalidEntityException.class)
        .hasMessage("[MergeUnknownProperty] the merge of DailyReadings names 'h7', which is not a property of"
            + " DailyReadings (did you mean 'h07'?)");
    assertThatThrownBy(() -> readings.merge(day, "h06", "day")).isInstanceOf(InvalidEntityException.class)
        .hasMessageStartingWith("[MergeKeyProperty] the merge of DailyReadings names 'day', which is part of the"
            + " RowKey 'day_{day}' of DailyReadings");
    assertThatThrownBy(() -> readings.upsertMerge(day, "etag")).isInstanceOf(InvalidEntityException.class)
        .hasMessageStartingWith("[MergeNotStored] the upsert-merge of DailyReadings names 'etag', which is its"
            + " @ETag");
    assertThatThrownBy(() -> readings.merge(day, "cache")).isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("[MergeNotStored]").hasMessageContaining("@Transient");
    assertThatThrownBy(() -> readings.merge(day, new String[0])).isInstanceOf(InvalidEntityException.class)
        .hasMessageStartingWith("[MergeProperties] the merge of DailyReadings names no property");
    assertThatThrownBy(() -> readings.merge(day, "h06", "h06")).isInstanceOf(InvalidEntityException.class)
        .hasMessage("[MergeProperties] the merge of DailyReadings names 'h06' twice; name each property once");
    assertThatThrownBy(() -> readings.merge(day, (String) null)).isInstanceOf(InvalidEntityException.class)
        .hasMessageStartingWith("[MergeProperties]");

    assertThat(backend.requests().since(before)).isEqualTo(new Requests(0, 0, 0, 0));
    assertThat(read().h06()).isEqualTo(6);
  }

  @Test
  void aPartialMergeRewritesTheFullIndexCopyFromTheMergedRow() {
    days.insert(new SensorDay("s1", DAY, 7, 8, "ok", null));

    days.mergeH07BySensorAndDay(70, "s1", DAY);

    SensorDay read = days.findBySensorAndDay("s1", DAY).orElseThrow();
    assertThat(read.h07()).isEqualTo(70);
    assertThat(read.status()).isEqualTo("ok");
    assertThat(days.findBySensorAndStatus("s1", "ok")).as("the copy holds the merged value")
        .extracting(SensorDay::h07, SensorDay::h08).containsExactly(org.assertj.core.groups.Tuple.tuple(70.0, 8.0));
  }

  @Test
  void aPartialMergeOfAnIndexedPropertyMovesTheCopyInTheSameTransaction() {
    days.insert(new SensorDay("s1", DAY, 7, 8, "ok", null));

    days.mergeStatusBySensorAndDay("alarm", "s1", DAY);

    assertThat(days.findBySensorAndStatus("s1", "ok")).isEmpty();
    assertThat(days.findBySensorAndStatus("s1", "alarm")).extracting(SensorDay::h07, SensorDay::h08)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(7.0, 8.0));
    assertThat(RawRows.all(backend, "SensorDays")).hasSize(2);
  }

  @Test
  void anUpsertMergeOfAnIndexedEntityInsertsItWithTheCopiesOfTheRowItWrites() {
    days.upsertMergeH08BySensorAndDay(8, "s1", DAY);
    assertThat(RawRows.all(backend, "SensorDays")).as("no status, so no copy").hasSize(1);

    days.mergeStatusBySensorAndDay("ok", "s1", DAY);
    days.upsertMergeH08BySensorAndDay(80, "s1", DAY);

    assertThat(days.findBySensorAndStatus("s1", "ok")).extracting(SensorDay::h08).containsExactly(80.0);
    assertThat(RawRows.all(backend, "SensorDays")).hasSize(2);
  }

  @Test
  void aMergeMethodOfAJavaBeanWritesOnlyItsValueAndKeys() {
    CounterRepository counters = mapper.repository(CounterRepository.class);

    Counter first = counters.upsertMergeHitsBySiteAndName(5, "web", "home");
    Counter second = counters.mergeMissesBySiteAndName(2, "web", "home", first.getEtag());
    counters.upsertMergeHitsBySiteAndName(6, "web", "home");

    Counter read = counters.findBySiteAndName("web", "home").orElseThrow();
    assertThat(read.getHits()).isEqualTo(6);
    assertThat(read.getMisses()).isEqualTo(2);
    assertThat(second.getEtag()).isNotEqualTo(first.getEtag());
    assertThatThrownBy(() -> counters.mergeMissesBySiteAndName(3, "web", "home", second.getEtag()))
        .isInstanceOf(ConcurrencyConflictException.class);
  }

  @Test
  void theListOfNamesKeepsCopiesAsTheMethodsDo() {
    days.insert(new SensorDay("s1", DAY, 7, 8, "ok", null));

    days.merge(new SensorDay("s1", DAY, 0, 0, "late", null), "status");

    List<SensorDay> late = days.findBySensorAndStatus("s1", "late");
    assertThat(late).extracting(SensorDay::h07).containsExactly(7.0);
    assertThat(days.findBySensorAndStatus("s1", "ok")).isEmpty();
  }
}
