package io.tablemapper.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.InvalidKeyException;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The store's rules, each limit just inside and just outside. */
class StoreLimitsTest {

  private static TableRow.Builder row() {
    return TableRow.builder("p", "r");
  }

  private static void accepted(TableRow row) {
    assertThatCode(() -> StoreLimits.checkRow(row, "Employee")).doesNotThrowAnyException();
  }

  // ------------------------------------------------------------------ keys

  @Test
  void aKeyOf1024CharactersIsAcceptedAnd1025IsNot() {
    accepted(TableRow.builder("p".repeat(1024), "r".repeat(1024)).build());
    assertThatThrownBy(() -> StoreLimits.checkRow(TableRow.builder("p".repeat(1025), "r").build(), "Employee"))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessage("PartitionKey of Employee is 1025 characters long; the store allows at most 1024"
            + " (key starts '" + "p".repeat(40) + "…')");
    assertThatThrownBy(() -> StoreLimits.checkRow(TableRow.builder("p", "r".repeat(1025)).build(), "Employee"))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageStartingWith("RowKey of Employee is 1025 characters long");
  }

  @Test
  void aKeyHoldingAForbiddenCharacterIsRejectedNamingItAndWhereItIs() {
    assertThatThrownBy(() -> StoreLimits.checkRow(TableRow.builder("Sales", "a/b").build(), "Employee"))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessage("RowKey 'a/b' of Employee contains the forbidden character '/' (U+002F) at index 1;"
            + " keys may not hold / \\ # ?, control characters or lone surrogates");
    assertThatThrownBy(() -> StoreLimits.checkKey("PartitionKey", "x\ty", "table Company"))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessage("PartitionKey 'x\\u0009y' of table Company contains the forbidden character U+0009 at index 1;"
            + " keys may not hold / \\ # ?, control characters or lone surrogates");
    assertThatThrownBy(() -> StoreLimits.checkKey("RowKey", "ab\uD800c", "Employee"))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("U+D800 (a lone surrogate: half of a character, which UTF-8 cannot encode) at index 2");
    assertThatCode(() -> StoreLimits.checkKey("RowKey", "ab\uD800\uDC00", "Employee")).doesNotThrowAnyException();
    assertThat(StoreLimits.firstLoneSurrogate("\uDC00\uD800")).isZero();
    assertThat(StoreLimits.firstLoneSurrogate("a\uD800\uDC00\uD800")).isEqualTo(3);
    assertThat(StoreLimits.valueProblem("x\uDFFF")).contains("lone surrogate", "at index 1");
    assertThatThrownBy(() -> StoreLimits.checkKey("RowKey", null, "Employee"))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessage("RowKey of Employee is null");
    assertThatCode(() -> StoreLimits.checkKey("RowKey", "", "Employee")).doesNotThrowAnyException();
  }

  @Test
  void keysMayNotHoldTheFourReservedCharactersNorControlCharacters() {
    for (char c : new char[] {'/', '\\', '#', '?', '\u0000', '\u001f', '\u007f', '\u0080', '\u009f'}) {
      assertThat(StoreLimits.isKeyCharAllowed(c)).as("U+%04X", (int) c).isFalse();
    }
    for (char c : new char[] {' ', '!', '.', '_', '~', '{', '}', '\u00a0', '\u00e9', '\ud800', '\uffff'}) {
      assertThat(StoreLimits.isKeyCharAllowed(c)).as("U+%04X", (int) c).isTrue();
    }
    assertThat(StoreLimits.firstForbiddenKeyChar("abc")).isEqualTo(-1);
    assertThat(StoreLimits.firstForbiddenKeyChar("ab?c#")).isEqualTo(2);
    assertThat(StoreLimits.describeChar('#')).isEqualTo("'#' (U+0023)");
    assertThat(StoreLimits.describeChar('\u0085')).isEqualTo("U+0085");
  }

  // ------------------------------------------------------------------ properties

  @Test
  void anEntityMayHave252PropertiesAndNotOneMore() {
    TableRow.Builder builder = row();
    TableRow.Builder oneMore = row();
    for (int i = 0; i < StoreLimits.MAX_PROPERTIES; i++) {
      builder.putInt32("p" + i, i);
      oneMore.putInt32("p" + i, i);
    }
    accepted(builder.build());
    TableRow tooMany = oneMore.putInt32("one_more", 0).build();
    assertThatThrownBy(() -> StoreLimits.checkRow(tooMany, "Employee"))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessage("Employee (PartitionKey 'p', RowKey 'r') has 253 properties; the store allows at most 252"
            + " besides PartitionKey, RowKey and Timestamp");
  }

  @Test
  void aPropertyNameMayBe255CharactersAndNotOneMore() {
    accepted(row().putBoolean("n".repeat(255), true).build());
    assertThatThrownBy(() -> StoreLimits.checkRow(row().putBoolean("n".repeat(256), true).build(), "Employee"))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessage("Employee (PartitionKey 'p', RowKey 'r'): property name '" + "n".repeat(20)
            + "…' is 256 characters long; the store allows 255");
  }

  @Test
  void propertyNamesAreIdentifiersThatTheStoreDoesNotOwn() {
    assertThat(StoreLimits.isValidPropertyName("firstName")).isTrue();
    assertThat(StoreLimits.isValidPropertyName("_hidden")).isTrue();
    assertThat(StoreLimits.isValidPropertyName("a1_b2")).isTrue();
    assertThat(StoreLimits.isValidPropertyName("Größe")).isTrue();
    assertThat(StoreLimits.propertyNameProblem("")).isEqualTo("a property name is empty");
    assertThat(StoreLimits.propertyNameProblem(null)).isEqualTo("a property name is empty");
    assertThat(StoreLimits.propertyNameProblem("1st"))
        .isEqualTo("property name '1st' must start with a letter or '_' (the store's names are C# identifiers)");
    assertThat(StoreLimits.propertyNameProblem("first-name"))
        .isEqualTo("property name 'first-name' contains '-' (U+002D); the store's names hold only letters, digits"
            + " and '_'");
    for (String reserved : new String[] {"PartitionKey", "RowKey", "Timestamp"}) {
      assertThat(StoreLimits.propertyNameProblem(reserved))
          .isEqualTo("property name '" + reserved + "' is reserved by the store (PartitionKey, RowKey, Timestamp)");
    }
    assertThatThrownBy(() -> StoreLimits.checkRow(row().putString("first name", "x").build(), "Employee"))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("Employee (PartitionKey 'p', RowKey 'r'): property name 'first name' contains");
  }

  @Test
  void aStringMayHold32768CharactersAndNotOneMore() {
    accepted(row().putString("s", "x".repeat(32_768)).build());
    assertThatThrownBy(() -> StoreLimits.checkRow(row().putString("s", "x".repeat(32_769)).build(), "Employee"))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessage("property 's' of Employee (PartitionKey 'p', RowKey 'r'): the string is 32769 characters long;"
            + " the store allows at most 32768 (64 KiB of UTF-16)");
  }

  @Test
  void aBinaryMayHold64KiBAndNotOneByteMore() {
    accepted(row().putBinary("b", new byte[65_536]).build());
    assertThatThrownBy(() -> StoreLimits.checkRow(row().putBinary("b", new byte[65_537]).build(), "Employee"))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessage("property 'b' of Employee (PartitionKey 'p', RowKey 'r'): the binary value is 65537 bytes long;"
            + " the store allows at most 65536");
  }

  @Test
  void theDateTimeLimitsAreTheStoresFirstAndLastTick() {
    assertThat(StoreLimits.MIN_DATE_TIME).isEqualTo(Instant.parse("1601-01-01T00:00:00Z"));
    assertThat(StoreLimits.MAX_DATE_TIME).isEqualTo(Instant.parse("9999-12-31T23:59:59.9999999Z"));
  }

  @Test
  void aDateTimeMustLieIn1601To9999InWholeTicks() {
    Instant tick = Instant.ofEpochSecond(0, 100);
    accepted(row().putDateTime("t", StoreLimits.MIN_DATE_TIME).build());
    accepted(row().putDateTime("t", StoreLimits.MAX_DATE_TIME).build());
    accepted(row().putDateTime("t", tick).build());
    assertThat(StoreLimits.isValidDateTime(StoreLimits.MIN_DATE_TIME.minusNanos(100))).isFalse();
    assertThat(StoreLimits.isValidDateTime(StoreLimits.MAX_DATE_TIME.plusNanos(100))).isFalse();
    assertThat(StoreLimits.isValidDateTime(tick.plusNanos(1))).isFalse();
    assertThat(StoreLimits.dateTimeProblem(Instant.parse("1600-12-31T23:59:59.9999999Z")))
        .isEqualTo("1600-12-31T23:59:59.999999900Z is outside the store's DateTime range"
            + " 1601-01-01T00:00:00Z … 9999-12-31T23:59:59.999999900Z");
    assertThat(StoreLimits.dateTimeProblem(Instant.ofEpochSecond(0, 50)))
        .startsWith("1970-01-01T00:00:00.000000050Z is more precise than the store's 100 ns ticks");
    assertThatThrownBy(() -> StoreLimits.checkRow(
            row().putDateTime("t", StoreLimits.MAX_DATE_TIME.plusNanos(100)).build(), "Employee"))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageStartingWith("property 't' of Employee (PartitionKey 'p', RowKey 'r'): +10000-01-01T00:00:00Z"
            + " is outside the store's DateTime range");
  }

  @Test
  void onlyTheEightStoreTypesAreValues() {
    assertThat(StoreLimits.valueProblem(1)).isNull();
    assertThat(StoreLimits.valueProblem((short) 1))
        .isEqualTo("not a store value: java.lang.Short (a property holds String, byte[], Boolean, Instant, Double,"
            + " UUID, Integer or Long)");
    assertThat(StoreLimits.valueProblem(null)).startsWith("not a store value: null");
  }

  // ------------------------------------------------------------------ entity size

  @Test
  void theEntitySizeFollowsTheStoresFormula() {
    TableRow row = TableRow.builder("pk", "rk1")
        .putString("s", "abc")
        .putBinary("b", new byte[5])
        .putBoolean("f", true)
        .putInt32("i", 1)
        .putInt64("l", 1L)
        .putDouble("d", 1.0)
        .putDateTime("t", Instant.EPOCH)
        .putGuid("g", UUID.randomUUID())
        .build();
    long keys = 4 + 2 * (2 + 3);
    long names = 8 * (8 + 2 * 1);
    long values = (4 + 2 * 3) + (4 + 5) + 1 + 4 + 8 + 8 + 8 + 16;
    assertThat(StoreLimits.entitySize(row)).isEqualTo(keys + names + values);
    assertThat(StoreLimits.entitySize(TableRow.keys("", ""))).isEqualTo(4);
  }

  /** Fifteen binaries of 64 KiB, and a last binary {@code x} of {@code filler} bytes. */
  private static TableRow nearlyFull(int filler) {
    TableRow.Builder builder = row();
    for (int i = 0; i < 15; i++) {
      builder.putBinary(String.format("b%02d", i), new byte[StoreLimits.MAX_BINARY_LENGTH]);
    }
    return builder.putBinary("x", new byte[filler]).build();
  }

  @Test
  void anEntityMayBeOneMebibyteInTheStoresEstimateAndNotOneByteMore() {
    int filler = (int) (StoreLimits.MAX_ENTITY_SIZE - StoreLimits.entitySize(nearlyFull(0)));
    TableRow largest = nearlyFull(filler);
    TableRow tooLarge = nearlyFull(filler + 1);

    assertThat(StoreLimits.entitySize(largest)).isEqualTo(StoreLimits.MAX_ENTITY_SIZE);
    accepted(largest);
    assertThatThrownBy(() -> StoreLimits.checkRow(tooLarge, "Employee"))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessage("Employee (PartitionKey 'p', RowKey 'r') is 1048577 bytes in the store's size estimate;"
            + " the store allows at most 1048576 (1 MiB) per entity");
  }

  @Test
  void keysAreCheckedBeforeProperties() {
    TableRow both = TableRow.builder("a#b", "r").putString("s", "x".repeat(40_000)).build();
    assertThatThrownBy(() -> StoreLimits.checkRow(both, "Employee")).isInstanceOf(InvalidKeyException.class);
  }

  // ------------------------------------------------------------------ tables

  @ParameterizedTest
  @ValueSource(strings = {"abc", "Company", "A12", "t2024x01", "Tables2"})
  void aTableNameIsALetterThenTwoTo62LettersOrDigits(String table) {
    assertThat(StoreLimits.isValidTableName(table)).isTrue();
    assertThatCode(() -> StoreLimits.checkTableName(table)).doesNotThrowAnyException();
    assertThat(StoreLimits.isValidTableName("a".repeat(63))).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"ab", "1abc", "my-table", "my_table", "tables", "Tables", "TABLES", "", "tåble"})
  void otherTableNamesAreRejectedSayingTheRule(String table) {
    assertThat(StoreLimits.isValidTableName(table)).isFalse();
    assertThatThrownBy(() -> StoreLimits.checkTableName(table))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("invalid table name '" + table + "': a table name is a letter followed by 2 to 62 letters or"
            + " digits (^[A-Za-z][A-Za-z0-9]{2,62}$), and 'tables' is reserved");
  }

  @Test
  void aTableNameOf64CharactersOrNoneIsRejected() {
    assertThat(StoreLimits.isValidTableName("a".repeat(64))).isFalse();
    assertThat(StoreLimits.isValidTableName(null)).isFalse();
  }
}
