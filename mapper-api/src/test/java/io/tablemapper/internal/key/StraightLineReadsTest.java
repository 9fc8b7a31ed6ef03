package io.tablemapper.internal.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.tablemapper.api.InvalidKeyException;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The straight-line reads of {@link KeySpec} ({@code literal}, {@code integralIn}, {@code textEnd}, {@code stringIn},
 * {@code enumIn}, {@code end}), walked left to right over a key as a generated {@code fromRow} walks it, read what
 * {@link KeySpec#decode} reads and refuse what it refuses, with its message, for every integral type padded or not,
 * ascending or descending, Strings and enums, on valid and mutated keys.
 */
class StraightLineReadsTest {
  enum Colour { RED, GREEN, BLUE }

  private static final List<KeySpec> SPECS = List.of(
      KeySpec.of("E", "RowKey", "n_{b}_{s:03}_{i:desc}_{l}", byte.class, short.class, int.class, long.class),
      KeySpec.of("E", "RowKey", "{e}_{t}_{l:019}", Colour.class, String.class, long.class),
      KeySpec.of("E", "RowKey", "{i:05:desc}{l:desc}_{t}", int.class, long.class, String.class),
      KeySpec.of("E", "RowKey", "x_{s:desc}_{b:02}_{e}", short.class, byte.class, Colour.class),
      KeySpec.of("E", "PartitionKey", "{e}", Colour.class),
      KeySpec.of("E", "PartitionKey", "{i:08}", int.class));

  /** What a generated fromRow does, over any template of these kinds: the values, or decode's error. */
  private static Object[] readStraight(KeySpec spec, String key) {
    Object[] values = new Object[spec.parts().size()];
    int at = 0;
    boolean endsWithText = false;
    for (KeyTemplate.Segment segment : spec.template().segments()) {
      if (segment instanceof KeyTemplate.Literal) {
        at = spec.literal(key, at, ((KeyTemplate.Literal) segment).text());
        endsWithText = false;
        continue;
      }
      KeySpec.Part part = spec.part(((KeyTemplate.Placeholder) segment).index());
      int index = ((KeyTemplate.Placeholder) segment).index();
      if (part.type().integral()) {
        values[index] = part.integralIn(key, at);
        at += part.encodedWidth();
        endsWithText = false;
      } else {
        int end = part.textEnd(key, at);
        values[index] = part.type() == KeyType.STRING ? part.stringIn(key, at, end) : part.enumIn(key, at, end);
        at = end;
        endsWithText = true;
      }
    }
    if (!endsWithText) {
      spec.end(key, at);
    }
    return values;
  }

  private static String randomKey(KeySpec spec, Random random) {
    Object[] values = new Object[spec.parts().size()];
    for (int i = 0; i < values.length; i++) {
      KeySpec.Part part = spec.part(i);
      switch (part.type()) {
        case STRING:
          values[i] = "t" + random.nextInt(1000);
          break;
        case ENUM:
          values[i] = Colour.values()[random.nextInt(3)];
          break;
        default:
          boolean padded = part.placeholder().width() > 0;
          long max = padded ? Math.min(part.type().maxValue(), KeyCodec.maxPadded(part.placeholder().width()))
              : part.type().maxValue();
          long min = padded ? 0 : part.type().minValue();
          long value;
          if (random.nextInt(4) == 0) {
            value = random.nextBoolean() ? min : max;
          } else if (max - min < 0 || max - min == Long.MAX_VALUE) { // a long's whole range, or 0 … Long.MAX_VALUE
            value = min == 0 ? random.nextLong() & Long.MAX_VALUE : random.nextLong();
          } else {
            value = min + Math.floorMod(random.nextLong(), max - min + 1);
          }
          values[i] = boxed(part.type(), value);
          break;
      }
    }
    return spec.compose(values);
  }

  private static Object boxed(KeyType type, long value) {
    switch (type) {
      case BYTE:
        return (byte) value;
      case SHORT:
        return (short) value;
      case INT:
        return (int) value;
      default:
        return value;
    }
  }

  @Test
  void readsAndRefusesEveryKeyAsDecodeDoes() {
    Random random = new Random(18);
    String alphabet = "_-0189xREDGNBLU";
    int read = 0;
    int refused = 0;
    for (int i = 0; i < 20_000; i++) {
      KeySpec spec = SPECS.get(random.nextInt(SPECS.size()));
      StringBuilder key = new StringBuilder(randomKey(spec, random));
      int at = random.nextInt(key.length() + 1);
      switch (random.nextInt(5)) {
        case 0:
          key.insert(at, alphabet.charAt(random.nextInt(alphabet.length())));
          break;
        case 1:
          key.setLength(at);
          break;
        case 2:
          if (at < key.length()) {
            key.deleteCharAt(at);
          }
          break;
        case 3:
          if (at < key.length()) {
            key.setCharAt(at, alphabet.charAt(random.nextInt(alphabet.length())));
          }
          break;
        default:
          break;
      }
      String text = key.toString();
      Throwable decodeFailure = catchThrowable(() -> spec.decode(text));
      Throwable straightFailure = catchThrowable(() -> readStraight(spec, text));
      if (decodeFailure == null) {
        assertThat(straightFailure).as("%s of %s", text, spec).isNull();
        Object[] decoded = spec.decode(text);
        Object[] straight = readStraight(spec, text);
        for (int p = 0; p < decoded.length; p++) {
          Object expected = decoded[p] instanceof Number ? ((Number) decoded[p]).longValue() : decoded[p];
          assertThat(straight[p]).as("component %s of %s", p, text).isEqualTo(expected);
        }
        read++;
      } else {
        assertThat(straightFailure).as("%s of %s", text, spec).isInstanceOf(InvalidKeyException.class)
            .hasMessage(decodeFailure.getMessage());
        refused++;
      }
    }
    assertThat(read).as("keys read").isGreaterThan(4_000);
    assertThat(refused).as("keys refused").isGreaterThan(4_000);
  }

  @Test
  void aReadOfAnotherKindThanThePartsIsAProgrammingError() {
    KeySpec spec = SPECS.get(1);

    assertThatThrownBy(() -> spec.part(0).integralIn("RED_t_0000000000000000001", 0))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("{e} of E RowKey");
    assertThatThrownBy(() -> spec.part(0).encodedWidth()).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> spec.part(2).textEnd("RED_t_0000000000000000001", 6))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("{l:019}");
    assertThatThrownBy(() -> spec.part(1).enumIn("RED_t_0000000000000000001", 4, 5))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> spec.part(0).stringIn("RED_t_0000000000000000001", 0, 3))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void theDigitsOfAKeyAreReadInPlaceOrRefusedWithMinusOne() {
    assertThat(KeyCodec.digitsAt("ab0123", 2, 4, false)).isEqualTo(123);
    assertThat(KeyCodec.digitsAt("ab0123", 2, 4, true)).isEqualTo(9876);
    assertThat(KeyCodec.digitsAt("ab0123", 2, 5, false)).as("past the end").isEqualTo(-1);
    assertThat(KeyCodec.digitsAt("ab0123", 1, 2, false)).as("not a digit").isEqualTo(-1);
    assertThat(KeyCodec.digitsAt("9223372036854775807", 0, 19, false)).isEqualTo(Long.MAX_VALUE);
    assertThat(KeyCodec.digitsAt("9223372036854775808", 0, 19, false)).as("beyond a long").isEqualTo(-1);
  }
}
