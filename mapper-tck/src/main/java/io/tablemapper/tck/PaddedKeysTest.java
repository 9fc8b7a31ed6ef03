package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.fixtures.Bin;
import io.tablemapper.tck.fixtures.BinRepository;
import io.tablemapper.tck.support.RawRows;
import java.util.List;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Keys of zero-padded components ({@link Bin}: a descending int, a boxed short, a byte, a boxed long), composed by
 * the generated straight-line composer, on every store: stored under the exact RowKey, found again by the whole key
 * and by its start, in the store's order (the descending shelf first by its highest number), and a value that does
 * not fit refused before anything is written.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class PaddedKeysTest {
  private final StoreUnderTest stores;
  private TableBackend backend;
  private TableMapper mapper;
  private BinRepository bins;

  PaddedKeysTest(StoreUnderTest stores) {
    this.stores = stores;
  }

  @BeforeEach
  void open() {
    backend = stores.newStore();
    mapper = TableMapper.builder().backend(backend).build();
    bins = mapper.repository(BinRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  @Test
  void aBinIsStoredUnderItsPaddedKeyAndFoundByItAndByItsStart() {
    Bin low = new Bin((byte) 3, 1, (short) 7, (byte) 0, 0L, "low");
    Bin high = new Bin((byte) 3, 9999, (short) 999, (byte) 99, 999_999L, "high");
    Bin sameShelf = new Bin((byte) 3, 1, (short) 8, (byte) 1, 42L, "same shelf");
    bins.insert(low);
    bins.insert(high);
    bins.insert(sameShelf);

    assertThat(RawRows.get(backend, "Bins", "aisle_03", "bin_9998_007_00_000000").get("label")).isEqualTo("low");
    assertThat(RawRows.get(backend, "Bins", "aisle_03", "bin_0000_999_99_999999").get("label")).isEqualTo("high");
    assertThat(bins.findByAisleAndShelfAndSlotAndTierAndCount((byte) 3, 9999, (short) 999, (byte) 99, 999_999L))
        .contains(high);
    assertThat(bins.findByAisleAndShelfAndSlotAndTierAndCount((byte) 3, 1, (short) 7, (byte) 0, 0L))
        .contains(low);
    assertThat(bins.findByAisleAndShelf((byte) 3, 1)).containsExactly(low, sameShelf);
    assertThat(bins.findByAisleAndShelfAndSlot((byte) 3, 1, (short) 8)).containsExactly(sameShelf);
    assertThat(bins.findByAisle((byte) 3)).containsExactly(high, low, sameShelf);
  }

  @Test
  void aValueThatDoesNotFitItsWidthIsRefusedAndNothingIsWritten() {
    Assertions.assertThatThrownBy(() -> bins.insert(new Bin((byte) 3, 10_000, (short) 1, (byte) 1, 1L, "wide")))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("Bin.shelf = 10000 does not fit {shelf:04:desc}");
    Assertions.assertThatThrownBy(() -> bins.insert(new Bin((byte) 3, 1, null, (byte) 1, 1L, "no slot")))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("Bin.slot");

    List<Bin> stored = bins.findByAisle((byte) 3);
    assertThat(stored).isEmpty();
  }
}
