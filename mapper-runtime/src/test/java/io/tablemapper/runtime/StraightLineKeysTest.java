package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.tck.fixtures.Bin;
import io.tablemapper.tck.fixtures.Bin_;
import io.tablemapper.tck.fixtures.Bin__Mapping;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The generated straight-line key composer ({@code Bin_.rowKey}: literals and zero-padded digits appended in place)
 * writes exactly what the template's {@code KeySpec} composes from boxed values, and refuses exactly what it
 * refuses, with the same message: one rule, two callers.
 */
class StraightLineKeysTest {

  @ParameterizedTest(name = "shelf {0}, slot {1}, tier {2}, count {3}")
  @CsvSource({
      "0, 0, 0, 0",
      "9999, 999, 99, 999999",
      "42, 7, 3, 4711",
      "1, 10, 10, 100000",
  })
  void composesWhatTheSpecComposes(int shelf, short slot, byte tier, long count) {
    String generated = Bin_.rowKey(shelf, slot, tier, count);

    assertThat(generated).isEqualTo(Bin_.ROW_KEY_SPEC.compose(shelf, slot, tier, count));
    assertThat(generated).hasSize("bin_0000_000_00_000000".length());
    assertThat(Bin_.ROW_KEY_SPEC.decode(generated)).containsExactly(shelf, slot, tier, count);
  }

  @Test
  void writesTheNinesComplementOfADescendingComponentAndPadsTheOthersWithZeros() {
    assertThat(Bin_.rowKey(42, (short) 7, (byte) 3, 4711L)).isEqualTo("bin_9957_007_03_004711");
    assertThat(Bin_.partitionKey((byte) 5)).isEqualTo("aisle_05");
    assertThat(Bin_.rowKeyPrefix(42, (short) 7)).isEqualTo("bin_9957_007_");
  }

  @ParameterizedTest(name = "shelf {0}, slot {1}, tier {2}, count {3}")
  @CsvSource({
      "-1, 0, 0, 0",
      "10000, 0, 0, 0",
      "0, -5, 0, 0",
      "0, 1000, 0, 0",
      "0, 0, 100, 0",
      "0, 0, -1, 0",
      "0, 0, 0, 1000000",
      "0, 0, 0, -9223372036854775808",
  })
  void refusesWhatTheSpecRefusesWithTheSameMessage(int shelf, short slot, byte tier, long count) {
    Throwable generated = catchThrowable(() -> Bin_.rowKey(shelf, slot, tier, count));
    Throwable spec = catchThrowable(() -> Bin_.ROW_KEY_SPEC.compose(shelf, slot, tier, count));

    assertThat(generated).isInstanceOf(InvalidKeyException.class).hasMessageContaining("does not fit");
    assertThat(spec).isInstanceOf(InvalidKeyException.class);
    assertThat(generated.getMessage()).isEqualTo(spec.getMessage());
  }

  @Test
  void refusesANullBoxedComponentAsAKeyError() {
    assertThatThrownBy(() -> Bin_.rowKey(1, null, (byte) 1, 1L))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("Bin.slot")
        .hasMessageContaining("is null");
    assertThatThrownBy(() -> Bin_.rowKey(1, (short) 1, (byte) 1, null))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("Bin.count");
  }

  @Test
  void anEntityComposesThroughTheSameCode() {
    Bin bin = new Bin((byte) 99, 0, (short) 999, (byte) 0, 999_999L, "x");

    assertThat(Bin__Mapping.INSTANCE.rowKey(bin)).isEqualTo("bin_9999_999_00_999999");
    assertThat(Bin__Mapping.INSTANCE.partitionKey(bin)).isEqualTo("aisle_99");
  }
}
