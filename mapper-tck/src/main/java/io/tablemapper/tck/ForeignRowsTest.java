package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.fixtures.Meter;
import io.tablemapper.tck.fixtures.MeterRepository;
import io.tablemapper.tck.support.RawRows;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Rows written beside the mapper by another application, straight through the backend: key properties come from
 * the keys, a column that disagrees with them is refused instead of moving the entity, and a {@code long} property
 * stored as Int32 is found by the queries that read it.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class ForeignRowsTest {
  private static final String TABLE = "Meters";

  private final TableBackend backend;
  private final TableMapper mapper;
  private final MeterRepository meters;

  ForeignRowsTest(StoreUnderTest stores) {
    this.backend = stores.newStore();
    this.mapper = TableMapper.builder().backend(backend).build();
    this.meters = mapper.repository(MeterRepository.class);
    backend.createTableIfNotExists(TABLE);
  }

  @AfterEach
  void close() {
    mapper.close();
    backend.close();
  }

  /** A row as another application writes it: keys, the mapper's type, and the columns given. */
  private void writeForeign(String site, String rowKey, TableRow.Builder columns) {
    TableRow given = columns.build();
    TableRow row = TableRow.builder(site, rowKey)
        .putString(EntityMapping.TYPE_PROPERTY, "Meter")
        .putAll(given.properties())
        .build();
    backend.batch(TABLE, List.of(WriteOperation.insert(row)));
  }

  private static TableRow.Builder columns() {
    return TableRow.builder("unused", "unused");
  }

  @Test
  void keyPropertiesAreDecodedFromTheKeysOfARowWithoutTheirColumns() {
    writeForeign("York", "m_000007_0000000000000000042", columns().putInt64("total", 5L).putString("label", "hall"));

    assertThat(meters.findBySite("York")).extracting(Meter::site, Meter::id, Meter::serial, Meter::label)
        .containsExactly(tuple("York", 7, 42L, "hall"));
  }

  @Test
  void anUpsertAfterReadingARowWithoutKeyColumnsWritesTheSameRowAndNoSecond() {
    writeForeign("York", "m_000007_0000000000000000042", columns().putInt64("total", 5L));
    Meter read = meters.findBySiteAndIdAndSerial("York", 7, 42L).orElseThrow();

    meters.upsert(read.withLabel("hall"));

    List<TableRow> rows = RawRows.all(backend, TABLE);
    assertThat(rows).hasSize(1);
    assertThat(rows.get(0).rowKey()).isEqualTo("m_000007_0000000000000000042");
    assertThat(rows.get(0).get("id")).isEqualTo(7);
    assertThat(rows.get(0).get("label")).isEqualTo("hall");
  }

  @Test
  void aRowWhoseRowKeyColumnDisagreesWithItsRowKeyIsRefusedNamingTableKeysPropertyAndBothValues() {
    writeForeign("York", "m_000007_0000000000000000042", columns().putString("site", "York").putInt32("id", 8)
        .putInt64("serial", 42L).putInt64("total", 5L));

    assertThatThrownBy(() -> meters.findBySite("York"))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessage("cannot read Meter from row (PartitionKey 'York', RowKey 'm_000007_0000000000000000042') of table"
            + " Meters: property 'id' holds 8 (Edm.Int32), but the row's keys say id = 7; keys are the truth and an"
            + " entity is never moved on read, so correct the column (or the keys) of the row, which another"
            + " application wrote");
    assertThatThrownBy(() -> meters.findBySiteAndIdAndSerial("York", 7, 42L))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("property 'id' holds 8 (Edm.Int32), but the row's keys say id = 7");
    assertThat(meters.findBySiteAndIdAndSerial("York", 8, 42L)).as("the entity is not moved to its column's key")
        .isEmpty();
    assertThat(RawRows.all(backend, TABLE)).as("nothing read, nothing written").hasSize(1);
  }

  @Test
  void aRowWhosePartitionKeyColumnDisagreesWithItsPartitionKeyIsRefused() {
    writeForeign("York", "m_000007_0000000000000000042", columns().putString("site", "Leeds").putInt64("total", 5L));

    assertThatThrownBy(() -> meters.findBySite("York"))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("(PartitionKey 'York', RowKey 'm_000007_0000000000000000042') of table Meters")
        .hasMessageContaining("property 'site' holds Leeds (Edm.String), but the row's keys say site = York");
    assertThat(meters.findBySite("Leeds")).isEmpty();
  }

  @Test
  void aLongKeyPropertyStoredAsInt32AgreesWithItsKeyAndAnUpsertRewritesTheSameRow() {
    writeForeign("York", "m_000007_0000000000000000042", columns().putString("site", "York").putInt32("id", 7)
        .putInt32("serial", 42).putInt32("total", 5));
    Meter read = meters.findBySiteAndIdAndSerial("York", 7, 42L).orElseThrow();
    assertThat(read.serial()).isEqualTo(42L);
    assertThat(read.total()).isEqualTo(5L);

    meters.upsert(read.withLabel("hall"));

    List<TableRow> rows = RawRows.all(backend, TABLE);
    assertThat(rows).hasSize(1);
    assertThat(rows.get(0).get("serial")).as("rewritten as the mapper writes a long").isEqualTo(42L);
  }

  @Test
  void anInt32StoredInALongPropertyIsMatchedByEqualityRangeAndCountQueriesLikeAnInt64() {
    writeForeign("York", "m_000001_0000000000000000001", columns().putInt32("total", 5).putInt32("peak", 9));
    meters.insert(Meter.of("York", 2, 2L, 5L, 9L, "mapper"));
    meters.insert(Meter.of("York", 3, 3L, 7L, 10L, "mapper"));

    assertThat(meters.findBySiteAndTotal("York", 5L)).extracting(Meter::id).containsExactly(1, 2);
    assertThat(meters.findBySiteAndPeak("York", 9L)).extracting(Meter::id).containsExactly(1, 2);
    assertThat(meters.findBySiteAndTotalGreaterThan("York", 4L)).extracting(Meter::id).containsExactly(1, 2, 3);
    assertThat(meters.findBySiteAndTotalGreaterThan("York", 5L)).extracting(Meter::id).containsExactly(3);
    assertThat(meters.findBySiteAndTotalBetween("York", 5L, 6L)).extracting(Meter::id).containsExactly(1, 2);
    assertThat(meters.countBySiteAndTotalLessThanEqual("York", 5L)).isEqualTo(2);
    assertThat(meters.findBySiteAndTotalIn("York", List.of(5L, 7L))).extracting(Meter::id).containsExactly(1, 2, 3);
    assertThat(meters.findBySiteAndTotalIn("York", List.of(5_000_000_005L, 5L))).extracting(Meter::id)
        .containsExactly(1, 2);
  }

  @Test
  void aLongOutsideTheInt32RangeMatchesInt64RowsOnlyAndBoundsInt32RowsByTheWholeRange() {
    writeForeign("York", "m_000001_0000000000000000001", columns().putInt32("total", Integer.MAX_VALUE));
    writeForeign("York", "m_000002_0000000000000000002", columns().putInt32("total", Integer.MIN_VALUE));
    meters.insert(Meter.of("York", 3, 3L, 5_000_000_000L, null, "mapper"));

    assertThat(meters.findBySiteAndTotal("York", 5_000_000_000L)).extracting(Meter::id).containsExactly(3);
    assertThat(meters.findBySiteAndTotal("York", Integer.MAX_VALUE)).extracting(Meter::id).containsExactly(1);
    assertThat(meters.findBySiteAndTotalGreaterThan("York", Integer.MAX_VALUE)).extracting(Meter::id)
        .containsExactly(3);
    assertThat(meters.findBySiteAndTotalGreaterThan("York", -3_000_000_000L)).extracting(Meter::id)
        .containsExactly(1, 2, 3);
    assertThat(meters.countBySiteAndTotalLessThanEqual("York", 3_000_000_000L)).isEqualTo(2);
    assertThat(meters.findBySiteAndTotalBetween("York", Long.MIN_VALUE, Integer.MIN_VALUE)).extracting(Meter::id)
        .containsExactly(2);
  }
}
