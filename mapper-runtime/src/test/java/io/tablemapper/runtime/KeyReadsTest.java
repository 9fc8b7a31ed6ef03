package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.runtime.fixtures.Keycard;
import io.tablemapper.runtime.fixtures.Keycard_;
import io.tablemapper.runtime.fixtures.Keycard__Mapping;
import io.tablemapper.spi.TableRow;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import io.tablemapper.runtime.values.JsonMappingContext;
import io.tablemapper.runtime.mapping.Mappings;

/**
 * The generated {@code fromRow} decodes each key once, straight-line ({@code Keycard__Mapping}: literals, a signed
 * int, an enum and a String up to their separators, a descending padded int, a signed long), and reads exactly what
 * the template's {@code KeySpec.decode} reads, refusing exactly what it refuses with the same message, in the same
 * order as the checks of the key columns: one rule, and the mapping the runtime builds from the annotations agrees.
 */
class KeyReadsTest {
  private static final EntityMapping<Keycard> GENERATED = Keycard__Mapping.INSTANCE;
  private static final EntityMapping<Keycard> INTROSPECTED = Mappings.of(null).introspect(Keycard.class);
  private static final String PARTITION_KEY = Keycard_.partitionKey(5);
  private static final String ROW_KEY = Keycard_.rowKey(Keycard.Level.STAFF, "ann", 42, 7L);

  private static Keycard read(String partitionKey, String rowKey) {
    return GENERATED.fromRow(TableRow.builder(partitionKey, rowKey).putString("note", "n").build(),
        JsonMappingContext.INSTANCE);
  }

  @Test
  void readsTheComponentsOfBothKeysAsTheTemplateDecodesThem() {
    Keycard[] cards = {
        new Keycard(5, Keycard.Level.STAFF, "ann", 42, 7L, "n"),
        new Keycard(Integer.MIN_VALUE, Keycard.Level.GUEST, "b o b", 0, Long.MIN_VALUE, "n"),
        new Keycard(Integer.MAX_VALUE, Keycard.Level.ADMIN, "ç-ü", 99_999, Long.MAX_VALUE, "n"),
        new Keycard(-1, Keycard.Level.ADMIN, "x", 1, -1L, "n"),
    };
    for (Keycard card : cards) {
      String partitionKey = Keycard_.partitionKey(card.floor());
      String rowKey = Keycard_.rowKey(card.level(), card.holder(), card.number(), card.serial());

      assertThat(read(partitionKey, rowKey)).isEqualTo(card);
      assertThat(Keycard_.ROW_KEY_SPEC.decode(rowKey))
          .containsExactly(card.level(), card.holder(), card.number(), card.serial());
    }
  }

  @ParameterizedTest(name = "RowKey {0}")
  @ValueSource(strings = {
      "VIP_ann_99957_00000000000000000007",      // no constant of the enum
      "STAFF",                                    // no separator after the enum
      "STAFF_ann",                                // no separator after the String
      "STAFF_ann_9995x_00000000000000000007",    // a letter among the padded digits
      "STAFF_ann_9995",                           // the key ends inside the padded digits
      "STAFF_ann_99957-00000000000000000007",    // another literal than the template's
      "STAFF_ann_99957_x0000000000000000007",    // no sign
      "STAFF_ann_99957_0000000000000000007",     // a digit short
      "STAFF_ann_99957_00000000000000000007x",   // text after the last component
      "STAFF_ann_99957_09999999999999999999",    // beyond Long.MAX_VALUE
      "STAFF_ann_99957_09300000000000000000",    // beyond Long.MAX_VALUE, without overflowing the digits
      "STAFF_ann_99957_-9300000000000000000",    // a negative encoding of a non-negative value
  })
  void refusesAMalformedRowKeyWithTheMessageOfTheTemplate(String rowKey) {
    Throwable decoded = catchThrowable(() -> Keycard_.ROW_KEY_SPEC.decode(rowKey));
    Throwable generated = catchThrowable(() -> read(PARTITION_KEY, rowKey));

    assertThat(decoded).isInstanceOf(InvalidKeyException.class);
    assertThat(generated).isInstanceOf(InvalidKeyException.class).hasMessage(decoded.getMessage());
  }

  @ParameterizedTest(name = "PartitionKey {0}")
  @ValueSource(strings = {"floor_5", "flor_00000000005", "floor_x0000000005", "floor_09999999999",
      "floor_-9999999999", "floor_000000000050", "floor_"})
  void refusesAMalformedPartitionKeyWithTheMessageOfTheTemplate(String partitionKey) {
    Throwable decoded = catchThrowable(() -> Keycard_.PARTITION_KEY_SPEC.decode(partitionKey));
    Throwable generated = catchThrowable(() -> read(partitionKey, ROW_KEY));

    assertThat(decoded).isInstanceOf(InvalidKeyException.class);
    assertThat(generated).isInstanceOf(InvalidKeyException.class).hasMessage(decoded.getMessage());
  }

  @Test
  void aDisagreeingColumnOfAnEarlierPropertyIsReportedBeforeAMalformedKeyOfALaterOne() {
    // floor comes first: its column is checked before the RowKey, which holds the later properties, is decoded
    TableRow row = TableRow.builder(PARTITION_KEY, "VIP_ann").putInt32("floor", 6).build();

    assertThat(catchThrowable(() -> GENERATED.fromRow(row, JsonMappingContext.INSTANCE)))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("property 'floor' holds 6 (Edm.Int32), but the row's keys say floor = 5");
  }

  @Test
  void aMalformedKeyIsReportedBeforeADisagreeingColumnOfAnyOfItsComponents() {
    // the whole RowKey is decoded where its first component (level) is read, before holder's column is checked
    TableRow row = TableRow.builder(PARTITION_KEY, "STAFF_ann_99957_0000000000000000000x")
        .putString("holder", "bob").build();

    assertThat(catchThrowable(() -> GENERATED.fromRow(row, JsonMappingContext.INSTANCE)))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("RowKey 'STAFF_ann_99957_0000000000000000000x' of Keycard does not match template");
  }

  @Test
  void readsAndRefusesEveryMutatedKeyAsTheIntrospectedMappingDoes() {
    Random random = new Random(18);
    String alphabet = "_-0159xASTF";
    Keycard.Level[] levels = Keycard.Level.values();
    int read = 0;
    int refused = 0;
    for (int i = 0; i < 5_000; i++) {
      String partitionKey = Keycard_.partitionKey(random.nextInt());
      String rowKey = Keycard_.rowKey(levels[random.nextInt(levels.length)], "h" + random.nextInt(100),
          random.nextInt(100_000), random.nextLong());
      boolean inRowKey = random.nextBoolean();
      StringBuilder key = new StringBuilder(inRowKey ? rowKey : partitionKey);
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
          break; // unchanged
      }
      TableRow row = TableRow.builder(inRowKey ? partitionKey : key.toString(), inRowKey ? key.toString() : rowKey)
          .putString("note", "n").build();

      Throwable generatedFailure = catchThrowable(() -> GENERATED.fromRow(row, JsonMappingContext.INSTANCE));
      Throwable introspectedFailure = catchThrowable(() -> INTROSPECTED.fromRow(row, JsonMappingContext.INSTANCE));
      if (introspectedFailure == null) {
        assertThat(generatedFailure).as("reading %s", row).isNull();
        assertThat(GENERATED.fromRow(row, JsonMappingContext.INSTANCE))
            .isEqualTo(INTROSPECTED.fromRow(row, JsonMappingContext.INSTANCE));
        read++;
      } else {
        assertThat(generatedFailure).as("reading %s", row).isInstanceOf(introspectedFailure.getClass())
            .hasMessage(introspectedFailure.getMessage());
        refused++;
      }
    }
    assertThat(read).as("rows read").isGreaterThan(500);
    assertThat(refused).as("rows refused").isGreaterThan(500);
  }
}
