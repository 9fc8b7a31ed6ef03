package io.tablemapper.processor.generation.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.internal.key.KeyTemplate;
import io.tablemapper.internal.key.KeyType;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Example keys: composed by the runtime's encodings, with what their unreadable parts encode. */
class KeySamplesTest {
  private static final Instant AT = Instant.parse("2024-05-01T09:30:00Z");

  private static KeyDesign.Example example(String template, List<KeyType> types, Object... values) {
    return KeySamples.example("Thing", "RowKey", KeyTemplate.parse(template), types, Arrays.asList(values));
  }

  @Test
  void aPlainKeyNeedsNoExplanation() {
    KeyDesign.Example example = example("user_{tenant}_{userId:08}", List.of(KeyType.STRING, KeyType.INT),
        "contoso", 42);
    assertThat(example.key()).isEqualTo("user_contoso_00000042");
    assertThat(example.encoded()).isEmpty();
  }

  @Test
  void aDescendingTimeSaysWhichTimeItEncodes() {
    KeyDesign.Example example = example("expense_{userId:06}_{submitted:desc}",
        List.of(KeyType.INT, KeyType.INSTANT), 42, AT);
    assertThat(example.key()).isEqualTo("expense_000042_-9223372035140220007999999999");
    assertThat(example.encoded()).containsExactly("-9223372035140220007999999999 is submitted ="
        + " 2024-05-01T09:30:00Z, descending (later sorts first): the complement of its encoding");
  }

  @Test
  void ticksAndDescendingTicksSayWhichTimeTheyEncode() {
    assertThat(example("{at:ticks}", List.of(KeyType.INSTANT), AT).encoded()).containsExactly(
        "0638501526000000000 is at = 2024-05-01T09:30:00Z, as .NET ticks (100 ns since 0001-01-01)");
    KeyDesign.Example descending = example("{at:ticksdesc}", List.of(KeyType.INSTANT), AT);
    assertThat(descending.key()).isEqualTo("2516877449999999999");
    assertThat(Long.parseLong(descending.key()) + 638501526000000000L).isEqualTo(3155378975999999999L); // MaxValue
    assertThat(descending.encoded()).containsExactly("2516877449999999999 is at = 2024-05-01T09:30:00Z, as"
        + " DateTime.MaxValue.Ticks minus its .NET ticks (later sorts first)");
  }

  @Test
  void numbersOverTheirWholeRangeAndDescendingPaddedNumbersSayWhatTheyEncode() {
    assertThat(example("n_{id}", List.of(KeyType.INT), 42).encoded())
        .containsExactly("00000000042 is id = 42, fixed width over the whole int range");
    assertThat(example("n_{id:04:desc}", List.of(KeyType.INT), 42).encoded())
        .containsExactly("9957 is id = 42, descending: the nines' complement of its digits");
    assertThat(example("d_{day}", List.of(KeyType.LOCAL_DATE), LocalDate.of(2024, 5, 1)).key())
        .isEqualTo("d_2024-05-01");
  }

  @Test
  void aValueTheKeyCannotHoldIsShownAsTheReasonNotThrown() {
    KeyDesign.Example example = example("n_{id:02}", List.of(KeyType.INT), 420);
    assertThat(example.key()).startsWith("[no example: ").contains("420");
    assertThat(example.encoded()).isEmpty();
  }

  @Test
  void theEncodingOfATimeIsNamedInWords() {
    KeyTemplate template = KeyTemplate.parse("{at:ticksdesc}");
    assertThat(KeySamples.encoding(template.placeholders().get(0), KeyType.INSTANT))
        .isEqualTo("{at:ticksdesc}: 19 digits of .NET ticks, DateTime.MaxValue.Ticks minus them (newest first)");
    assertThat(KeySamples.encoding(KeyTemplate.parse("{day:desc}").placeholders().get(0), KeyType.LOCAL_DATE))
        .isEqualTo("{day:desc}: order-preserving local date, descending (newest first)");
  }
}
