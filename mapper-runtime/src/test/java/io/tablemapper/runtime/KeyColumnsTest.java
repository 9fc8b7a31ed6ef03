package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.fixtures.Meter;
import io.tablemapper.tck.fixtures.Meter__Mapping;
import java.util.List;
import org.junit.jupiter.api.Test;
import io.tablemapper.runtime.values.JsonMappingContext;
import io.tablemapper.runtime.mapping.Mappings;

/**
 * The rule of key columns on both paths: the generated mapping of a class and the one the runtime builds from its
 * annotations read the same rows to the same entities and refuse the same rows with the same message.
 */
class KeyColumnsTest {
  private static final EntityMapping<Meter> GENERATED = Meter__Mapping.INSTANCE;
  private static final EntityMapping<Meter> INTROSPECTED = Mappings.of(null).introspect(Meter.class);
  private static final String KEY = "m_000007_0000000000000000042";

  private static TableRow.Builder row() {
    return TableRow.builder("York", KEY).putInt64("total", 5L);
  }

  @Test
  void bothMappingsDecodeKeyPropertiesFromTheKeysWhenTheRowHasNoColumns() {
    TableRow row = row().build();

    Meter expected = new Meter("York", 7, 42L, 5L, null, null, null);
    assertThat(GENERATED.fromRow(row, JsonMappingContext.INSTANCE)).isEqualTo(expected);
    assertThat(INTROSPECTED.fromRow(row, JsonMappingContext.INSTANCE)).isEqualTo(expected);
  }

  @Test
  void bothMappingsAcceptAColumnEqualInMeaningToTheKeyWhateverItsIntegerType() {
    TableRow row = row().putString("site", "York").putInt32("id", 7).putInt32("serial", 42).build();

    Meter expected = new Meter("York", 7, 42L, 5L, null, null, null);
    assertThat(GENERATED.fromRow(row, JsonMappingContext.INSTANCE)).isEqualTo(expected);
    assertThat(INTROSPECTED.fromRow(row, JsonMappingContext.INSTANCE)).isEqualTo(expected);
  }

  @Test
  void bothMappingsRefuseEachDisagreeingKeyColumnWithTheSameMessage() {
    for (TableRow row : List.of(
        row().putString("site", "Leeds").build(),
        row().putInt32("id", 8).build(),
        row().putInt64("serial", 43L).build())) {
      Throwable generated = catchThrowable(() -> GENERATED.fromRow(row, JsonMappingContext.INSTANCE));
      Throwable introspected = catchThrowable(() -> INTROSPECTED.fromRow(row, JsonMappingContext.INSTANCE));

      assertThat(generated).isInstanceOf(InvalidEntityException.class)
          .hasMessageStartingWith("cannot read Meter from row (PartitionKey 'York', RowKey '" + KEY + "') of table"
              + " Meters: property '");
      assertThat(introspected).isInstanceOf(InvalidEntityException.class).hasMessage(generated.getMessage());
    }
  }
}
