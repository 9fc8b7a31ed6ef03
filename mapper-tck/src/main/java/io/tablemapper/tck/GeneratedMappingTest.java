package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.fixtures.Reading;
import io.tablemapper.tck.fixtures.ReadingRepository;
import io.tablemapper.tck.fixtures.Reading_;
import io.tablemapper.tck.fixtures.Shift;
import io.tablemapper.tck.fixtures.ShiftRepository;
import io.tablemapper.tck.support.RawRows;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Processor-generated mapping code on every store: every property type round trips, is stored as the
 * documented store type, and keys of every kind compose, order and decompose.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class GeneratedMappingTest {
  private static final UUID SENSOR = UUID.fromString("8f14e45f-ceea-467f-a0e6-2f5c6b1e2d3a");
  private static final Instant NOON = Instant.parse("2024-06-01T12:00:00Z");

  private final TableBackend backend;
  private final TableMapper mapper;
  private final ReadingRepository readings;
  private final ShiftRepository shifts;

  GeneratedMappingTest(StoreUnderTest under) {
    this.backend = under.newStore();
    this.mapper = TableMapper.builder().backend(backend).build();
    this.readings = mapper.repository(ReadingRepository.class);
    this.shifts = mapper.repository(ShiftRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private static Reading full() {
    return new Reading(SENSOR, NOON, -42L, "ünïcode ✓ 😀", 'A', 'z', new byte[] {0, -1, 127}, true, Boolean.FALSE,
        Byte.MIN_VALUE, Byte.MAX_VALUE, Short.MIN_VALUE, Short.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE,
        Long.MIN_VALUE, Long.MAX_VALUE, 1.5f, Float.NaN, Double.NEGATIVE_INFINITY, -0.0d, UUID.randomUUID(),
        OffsetDateTime.of(2024, 6, 1, 14, 30, 0, 123_456_700, ZoneOffset.ofHours(2)), LocalDate.of(1999, 12, 31),
        LocalDateTime.of(2024, 2, 29, 23, 59, 59, 999_999_900), Reading.Level.HIGH, new BigDecimal("1.50"),
        new BigInteger("-123456789012345678901234567890"), Map.of("a", 1, "b", 2), "not stored", null, null);
  }

  @Test
  void everyPropertyTypeRoundTripsThroughTheStore() {
    Reading written = full();
    Reading stored = readings.insert(written);

    Reading read = readings.findBySensor(SENSOR).get(0);

    assertThat(read)
        .usingRecursiveComparison()
        .withComparatorForType(Float::compare, Float.class)
        // a store may drop a zero's sign (the backend contract; Azurite does): -0.0 reads back as -0.0 or 0.0
        .withComparatorForType((Double a, Double b) -> a.doubleValue() == b.doubleValue() ? 0 : Double.compare(a, b),
            Double.class)
        .ignoringFields("etag", "written", "cache", "at")
        .isEqualTo(written);
    assertThat(read.ratioBox()).isNaN();
    assertThat(read.valueBox() == 0.0d).as("-0.0 read back as a zero, its sign kept or not").isTrue();
    assertThat(read.at()).isEqualTo(written.at().toInstant().atOffset(ZoneOffset.UTC));
    assertThat(read.cache()).as("transient").isNull();
    assertThat(read.etag()).isEqualTo(stored.etag()).isNotNull();
    assertThat(read.written()).isEqualTo(stored.written()).isNotNull();
    assertThat(read.payload()).isNotSameAs(written.payload());
  }

  @Test
  void eachJavaTypeIsStoredAsItsDocumentedStoreType() {
    readings.insert(full());

    TableRow row = RawRows.all(backend, "Readings").get(0);

    assertThat(row.properties())
        .containsEntry(EntityMapping.TYPE_PROPERTY, "Reading")
        .containsEntry("sensor", SENSOR)
        .containsEntry("taken", NOON)
        .containsEntry("sequence", -42L)
        .containsEntry("grade", "A")
        .containsEntry("small", (int) Byte.MIN_VALUE)
        .containsEntry("medium", (int) Short.MIN_VALUE)
        .containsEntry("ratio", 1.5d)
        .containsEntry("day", Instant.parse("1999-12-31T00:00:00Z"))
        .containsEntry("at", Instant.parse("2024-06-01T12:30:00.1234567Z"))
        .containsEntry("level", "HIGH")
        .containsEntry("amount", "1.50")
        .containsEntry("serial", "-123456789012345678901234567890")
        .doesNotContainKeys("cache", "etag", "written");
    assertThat(row.get("payload")).isEqualTo(new byte[] {0, -1, 127});
    assertThat(row.get("valid")).isEqualTo(Boolean.TRUE);
    assertThat(row.getString("extra")).as("JSON").contains("\"a\":1").contains("\"b\":2").startsWith("{");
  }

  @Test
  void nullBoxesAndReferencesAreLeftOutAndReadBackAsNull() {
    Reading minimal = Reading.minimal(SENSOR, NOON, 1, "only keys");
    readings.insert(minimal);

    TableRow row = RawRows.all(backend, "Readings").get(0);
    Reading read = readings.findBySensor(SENSOR).get(0);

    assertThat(row.properties()).doesNotContainKeys("initial", "payload", "checked", "smallBox", "batch", "extra");
    assertThat(read).usingRecursiveComparison().ignoringFields("etag", "written").isEqualTo(minimal);
  }

  @Test
  void aDescendingTimeKeyReturnsTheNewestFirstAndRangesByTime() {
    for (int hour = 0; hour < 5; hour++) {
      readings.insert(Reading.minimal(SENSOR, NOON.plusSeconds(3600L * hour), hour, "h" + hour));
    }

    assertThat(readings.findTop2BySensor(SENSOR)).extracting(Reading::label).containsExactly("h4", "h3");
    assertThat(readings.findBySensorAndTakenBetween(SENSOR, NOON.plusSeconds(3600), NOON.plusSeconds(3 * 3600)))
        .extracting(Reading::label).containsExactly("h3", "h2", "h1");
    assertThat(readings.findBySensorAndTakenGreaterThan(SENSOR, NOON.plusSeconds(2 * 3600)))
        .extracting(Reading::label).containsExactly("h4", "h3");
  }

  @Test
  void aFullDomainNumberSortsNegativesFirst() {
    for (long sequence : new long[] {5, -1, Long.MIN_VALUE, 0, Long.MAX_VALUE}) {
      readings.insert(Reading.minimal(SENSOR, NOON, sequence, "s" + sequence));
    }

    assertThat(readings.findBySensor(SENSOR)).extracting(Reading::sequence)
        .containsExactly(Long.MIN_VALUE, -1L, 0L, 5L, Long.MAX_VALUE);
  }

  @Test
  void keysOfEnumsBooleansDatesAndDescendingShortsComposeAndOrder() {
    LocalDate day = LocalDate.of(2024, 1, 31);
    for (short slot : new short[] {-3, 7, 0, Short.MAX_VALUE}) {
      shifts.insert(new Shift(Shift.Site.NORTH, true, day, slot, "c" + slot, slot));
    }
    shifts.insert(new Shift(Shift.Site.NORTH, true, day.plusDays(1), (short) 1, "next", 1));
    shifts.insert(new Shift(Shift.Site.NORTH, false, day, (short) 1, "closed", 1));

    assertThat(shifts.findBySiteAndOpenAndDay(Shift.Site.NORTH, true, day)).extracting(Shift::slot)
        .containsExactly(Short.MAX_VALUE, (short) 7, (short) 0, (short) -3);
    assertThat(shifts.findBySiteAndOpenAndDayAndSlotGreaterThan(Shift.Site.NORTH, true, day, (short) 0))
        .extracting(Shift::slot).containsExactly(Short.MAX_VALUE, (short) 7);
    assertThat(shifts.findBySiteAndOpenAndDayAndSlotAndCode(Shift.Site.NORTH, true, day, (short) -3, "c-3"))
        .get().extracting(Shift::staff).isEqualTo(-3);
    assertThat(shifts.findBySiteAndOpenAndDayBetween(Shift.Site.NORTH, true, day, day.plusDays(1)))
        .extracting(Shift::code).containsExactly("c32767", "c7", "c0", "c-3", "next");
    assertThat(RawRows.all(backend, "Shifts")).extracting(TableRow::partitionKey)
        .containsOnly("NORTH_true", "NORTH_false");
  }

  @Test
  void aRowWrittenByAnotherToolWithoutKeyPropertiesReadsItsKeysFromPartitionKeyAndRowKey() {
    readings.insert(Reading.minimal(SENSOR, NOON, 1, "seed"));
    String partitionKey = Reading_.partitionKey(SENSOR);
    String rowKey = Reading_.rowKey(NOON.plusSeconds(60), -7L);
    backend.write("Readings", WriteOperation.insert(TableRow.builder(partitionKey, rowKey)
        .putString(EntityMapping.TYPE_PROPERTY, "Reading")
        .putString("label", "foreign")
        .build()));

    Reading foreign = mapper.partition("Readings", partitionKey).all(Reading.class).get(0);

    assertThat(foreign.label()).isEqualTo("foreign");
    assertThat(foreign.sensor()).isEqualTo(SENSOR);
    assertThat(foreign.taken()).isEqualTo(NOON.plusSeconds(60));
    assertThat(foreign.sequence()).isEqualTo(-7L);
  }

  @Test
  void aKeyTimeMorePreciseThanTheStoreKeepsIsRefusedAsAnInvalidKeyAndNothingIsWritten() {
    Reading precise = Reading.minimal(SENSOR, NOON.plusNanos(1), 1, "precise");

    assertThatThrownBy(() -> readings.insert(precise))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("Reading.taken")
        .hasMessageContaining("100 ns ticks and part of the RowKey 'r_{taken:desc}_{sequence}'");
    assertThat(RawRows.all(backend, "Readings")).isEmpty();
  }

  @Test
  void aDateOutsideTheStoresRangeIsRefused() {
    Reading ancient = Reading.minimal(SENSOR, Instant.parse("1500-01-01T00:00:00Z"), 1, "ancient");

    assertThatThrownBy(() -> readings.insert(ancient))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("1601");
    assertThat(RawRows.all(backend, "Readings")).isEmpty();
  }

  @Test
  void oversizedStringsAndBinariesAreRefusedNamingTheProperty() {
    Reading longLabel = Reading.minimal(SENSOR, NOON, 1, "x".repeat(32 * 1024 + 1));
    Reading bigPayload = new Reading(SENSOR, NOON, 2, "big", 'a', null, new byte[64 * 1024 + 1], false, null,
        (byte) 0, null, (short) 0, null, 0, null, 0L, null, 0f, null, 0d, null, null, null, null, null, null, null,
        null, null, null, null, null);

    assertThatThrownBy(() -> readings.insert(longLabel))
        .isInstanceOf(InvalidEntityException.class).hasMessageContaining("label").hasMessageContaining("32768");
    assertThatThrownBy(() -> readings.insert(bigPayload))
        .isInstanceOf(InvalidEntityException.class).hasMessageContaining("payload").hasMessageContaining("65536");
    assertThat(RawRows.all(backend, "Readings")).isEmpty();
  }

  @Test
  void aNullKeyValueIsRefusedAsAnInvalidKeyNamingTheProperty() {
    Reading noTime = Reading.minimal(SENSOR, null, 1, "no time");

    assertThatThrownBy(() -> readings.insert(noTime))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("Reading.taken is null");
  }

  @Test
  void theMetamodelComposesTheSameKeysTheMapperWrites() {
    readings.insert(Reading.minimal(SENSOR, NOON, 3, "meta"));

    TableRow row = RawRows.all(backend, "Readings").get(0);

    assertThat(row.partitionKey()).isEqualTo(Reading_.partitionKey(SENSOR)).isEqualTo(SENSOR.toString());
    assertThat(row.rowKey()).isEqualTo(Reading_.rowKey(NOON, 3L));
    assertThat(List.of(Reading_.ROW_KEY_SPEC.decode(row.rowKey()))).containsExactly(NOON, 3L);
    assertThat(Reading_.TABLE).isEqualTo("Readings");
  }
}
