package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TimePrecisionPolicy;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.fixtures.Beacon;
import io.tablemapper.tck.fixtures.BeaconRepository;
import io.tablemapper.tck.fixtures.Sighting;
import io.tablemapper.tck.fixtures.SightingRepository;
import io.tablemapper.tck.support.RawRows;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Times finer than the store's 100 ns ticks (as {@code Instant.now()} is on current JDKs): outside keys they are
 * stored truncated by default, or refused under {@link TimePrecisionPolicy#REFUSE}; in a key, always refused. And
 * {@link Beacon}'s {@code {at:ticksdesc}} RowKey, the inverted .NET ticks, on every store.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class TimePrecisionTest {
  private static final Instant AT = Instant.parse("2024-01-31T12:00:00Z");
  private static final Instant FINE = Instant.parse("2024-01-31T12:00:00.123456789Z");
  private static final Instant TRUNCATED = Instant.parse("2024-01-31T12:00:00.1234567Z");

  private final StoreUnderTest stores;
  private final List<TableMapper> mappers = new ArrayList<>();
  private TableBackend backend;

  TimePrecisionTest(StoreUnderTest stores) {
    this.stores = stores;
  }

  private BeaconRepository beacons(TimePrecisionPolicy policy) {
    backend = stores.newStore();
    TableMapper.Builder builder = TableMapper.builder().backend(backend);
    if (policy != null) {
      builder.timePrecision(policy);
    }
    TableMapper mapper = builder.build();
    mappers.add(mapper);
    return mapper.repository(BeaconRepository.class);
  }

  @AfterEach
  void close() {
    mappers.forEach(TableMapper::close);
  }

  private static Beacon fine() {
    return new Beacon("d1", AT, FINE, FINE.atOffset(ZoneOffset.ofHours(2)),
        LocalDateTime.ofInstant(FINE, ZoneOffset.UTC));
  }

  // ------------------------------------------------------------------ TRUNCATE, the default

  @Test
  void byDefaultEveryKindOfTimeFinerThanATickIsStoredTruncatedToTheTickAndReadsBackSo() {
    BeaconRepository beacons = beacons(null);
    beacons.insert(fine());

    TableRow row = RawRows.get(backend, "Beacons", "d1", "2516955983999999999");
    assertThat(row.get("sent")).isEqualTo(TRUNCATED);
    assertThat(row.get("seen")).isEqualTo(TRUNCATED);
    assertThat(row.get("logged")).isEqualTo(TRUNCATED);
    assertThat(beacons.findByDeviceAndAt("d1", AT)).contains(new Beacon("d1", AT, TRUNCATED,
        TRUNCATED.atOffset(ZoneOffset.UTC), LocalDateTime.ofInstant(TRUNCATED, ZoneOffset.UTC)));
  }

  @Test
  void truncationIsTowardsThePastBeforeTheEpochToo() {
    BeaconRepository beacons = beacons(TimePrecisionPolicy.TRUNCATE);
    Instant before = Instant.parse("1969-12-31T23:59:59.999999999Z");
    beacons.insert(new Beacon("d1", AT, before, null, null));

    assertThat(beacons.findByDeviceAndAt("d1", AT).orElseThrow().sent())
        .isEqualTo(Instant.parse("1969-12-31T23:59:59.9999999Z"));
  }

  // ------------------------------------------------------------------ REFUSE

  @Test
  void underRefuseAnInstantFinerThanATickIsRefusedNamingTheEntityPropertyAndValueAndNothingIsWritten() {
    BeaconRepository beacons = beacons(TimePrecisionPolicy.REFUSE);

    assertThatThrownBy(() -> beacons.insert(new Beacon("d1", AT, FINE, null, null)))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("Beacon.sent = 2024-01-31T12:00:00.123456789Z is more precise than the store's 100 ns"
            + " ticks, and this mapper refuses such times (TimePrecisionPolicy.REFUSE)");
    assertThat(beacons.findTop2ByDevice("d1")).isEmpty();
  }

  @Test
  void underRefuseAnOffsetDateTimeOrLocalDateTimeFinerThanATickIsRefusedToo() {
    BeaconRepository beacons = beacons(TimePrecisionPolicy.REFUSE);

    assertThatThrownBy(() -> beacons.insert(
        new Beacon("d1", AT, null, FINE.atOffset(ZoneOffset.ofHours(2)), null)))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("Beacon.seen = 2024-01-31T12:00:00.123456789Z is more precise");
    assertThatThrownBy(() -> beacons.insert(
        new Beacon("d1", AT, null, null, LocalDateTime.ofInstant(FINE, ZoneOffset.UTC))))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("Beacon.logged = 2024-01-31T12:00:00.123456789Z is more precise");
    assertThat(beacons.findTop2ByDevice("d1")).isEmpty();
  }

  @Test
  void underRefuseTimesOfWholeTicksAreStoredExactly() {
    BeaconRepository beacons = beacons(TimePrecisionPolicy.REFUSE);
    Beacon exact = new Beacon("d1", AT, TRUNCATED, TRUNCATED.atOffset(ZoneOffset.UTC),
        LocalDateTime.ofInstant(TRUNCATED, ZoneOffset.UTC));

    beacons.insert(exact);

    assertThat(beacons.findByDeviceAndAt("d1", AT)).contains(exact);
  }

  // ------------------------------------------------------------------ keys

  @Test
  void aKeyComponentFinerThanATickIsRefusedWithInvalidKeyExceptionUnderEitherPolicy() {
    for (TimePrecisionPolicy policy : TimePrecisionPolicy.values()) {
      BeaconRepository beacons = beacons(policy);
      assertThatThrownBy(() -> beacons.insert(new Beacon("d1", FINE, null, null, null)))
          .as("%s", policy)
          .isInstanceOf(InvalidKeyException.class)
          .hasMessageContaining("Beacon.at = 2024-01-31T12:00:00.123456789Z is more precise than .NET ticks");
      assertThat(beacons.findTop2ByDevice("d1")).isEmpty();
    }
  }

  @Test
  void aTimeFinerThanATickInAnIndexKeyIsRefusedWithInvalidKeyExceptionUnderEitherPolicy() {
    for (TimePrecisionPolicy policy : TimePrecisionPolicy.values()) {
      beacons(policy);
      SightingRepository sightings = mappers.get(mappers.size() - 1).repository(SightingRepository.class);
      assertThatThrownBy(() -> sightings.insert(new Sighting("d1", "s1", FINE)))
          .as("%s", policy)
          .isInstanceOf(InvalidKeyException.class)
          .hasMessageContaining("Sighting.heard = 2024-01-31T12:00:00.123456789Z is more precise than the store's"
              + " 100 ns ticks and part of the index byHeard RowKey 'heard_{heard}', so it cannot be truncated");
      assertThat(RawRows.all(backend, "Sightings")).isEmpty();
    }
  }

  // ------------------------------------------------------------------ the .NET ticks RowKey

  @Test
  void rowsAreKeyedByInvertedDotNetTicksSoTheNewestComeFirst() {
    BeaconRepository beacons = beacons(null);
    for (int minutes = 0; minutes < 4; minutes++) {
      beacons.insert(new Beacon("d1", AT.plusSeconds(60L * minutes), null, null, null));
    }

    assertThat(RawRows.rowKeys(backend, "Beacons", "d1")).first().isEqualTo("2516955982199999999");
    assertThat(beacons.findTop2ByDevice("d1")).extracting(Beacon::at)
        .containsExactly(AT.plusSeconds(180), AT.plusSeconds(120));
    assertThat(beacons.findByDeviceAndAtBetween("d1", AT.plusSeconds(30), AT.plusSeconds(150)))
        .extracting(Beacon::at).containsExactly(AT.plusSeconds(120), AT.plusSeconds(60));
  }

  @Test
  void aRowADotNetWriterKeyedByInvertedTicksReadsWithItsTimeDecodedFromTheKey() {
    BeaconRepository beacons = beacons(null);
    backend.createTableIfNotExists("Beacons");
    // DateTime.MaxValue.Ticks - new DateTime(2024, 1, 31, 12, 0, 0, DateTimeKind.Utc).Ticks, formatted D19
    backend.write("Beacons", WriteOperation.insert(TableRow.builder("d1", "2516955983999999999")
        .putString(EntityMapping.TYPE_PROPERTY, "Beacon")
        .putDateTime("sent", TRUNCATED)
        .build()));

    Beacon read = beacons.findTop2ByDevice("d1").get(0);

    assertThat(read.at()).isEqualTo(AT);
    assertThat(read.sent()).isEqualTo(TRUNCATED);
  }

  @Test
  void anOffsetDateTimeOutsideTheKeyReadsBackAtOffsetZAsTheSameInstant() {
    BeaconRepository beacons = beacons(null);
    OffsetDateTime seen = OffsetDateTime.parse("2024-01-31T14:00:00+02:00");
    beacons.insert(new Beacon("d1", AT, null, seen, null));

    assertThat(beacons.findByDeviceAndAt("d1", AT).orElseThrow().seen()).isEqualTo(seen.withOffsetSameInstant(
        ZoneOffset.UTC));
  }
}
