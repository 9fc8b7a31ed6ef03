package io.tablemapper.backend.tck;

import static io.tablemapper.backend.tck.TckStore.key;
import static io.tablemapper.backend.tck.TckStore.keys;
import static io.tablemapper.backend.tck.TckStore.rowKeys;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.spi.Filter;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Key fuzzing: every character a key may hold is stored exactly (no trimming, case folding or Unicode
 * normalization) and addresses exactly its row, keys drawn at random sort as UTF-16 code units, keys holding a
 * forbidden character anywhere are rejected, and keys no row can have still work as point reads (finding nothing)
 * and as range bounds (compared as strings).
 */
abstract class KeyTests extends ConformanceGroup {
  /** Characters a key may hold that mean something to OData, URLs, JSON, SQL or Unicode processing. */
  static final List<String> EXOTIC_KEYS = List.of(
      "!\"$&'()*+,-.:;<=>@[]^_`{|}~", " ", "  ", " a", "a ", "'", "''", "\"", "%", "%25", "%2F", "+", "a=b&c=d",
      "(x)", "*", ".", "..", ";--", "\u00A0", "\u00AD", "\u200B", "\u2028", "\uFEFF", "\u3000", "\u202Ertl",
      "\u0627\u0644\u0639\u0631\u0628\u064A\u0629", "e\u0301", "\u00E9", "A\u030A", "\u00C5", "\u212B", "\uFB01",
      "fi", "\u00DF", "ss", "\uFF21", "A", "a", "\u65E5\u672C", "\uD83D\uDE00", "\uD834\uDD1E",
      "\uD83C\uDFF3\uFE0F\u200D\uD83C\uDF08", "\uE000", "\uFFFD", "\u2018x\u2019", "\u201Cx\u201D", "\uFF07");
  /** Keys that break the key rules: one of each forbidden kind, and one too long. */
  static final List<String> IMPOSSIBLE_KEYS = List.of(
      "a/b", "a\\b", "a#b", "a?b", "a\u0000b", "a\tb", "a\u001Fb", "a\u007Fb", "a\u009Fb",
      "k".repeat(StoreLimits.MAX_KEY_LENGTH + 1));

  @Test
  void keys_of_exotic_characters_are_stored_exactly_and_address_exactly_their_row() {
    List<TableRow> rows = new ArrayList<>();
    for (String key : EXOTIC_KEYS) {
      rows.add(TableRow.builder("p", key).putString("key", key).build());
      rows.add(TableRow.builder(key, "r").putString("key", key).build());
    }
    store().insertAll(rows);

    rows.sort(TckStore.KEY_ORDER);
    assertThat(keys(store().all())).as("the whole table, in code-unit order").containsExactlyElementsOf(keys(rows));
    for (String key : EXOTIC_KEYS) {
      assertThat(store().get("p", key).getString("key")).as("point read of RowKey '%s'", key).isEqualTo(key);
      assertThat(store().get(key, "r").getString("key")).as("point read of PartitionKey '%s'", key).isEqualTo(key);
      assertThat(keys(store().queryAll(store().query().partitionKey(key).build())))
          .as("query of partition '%s'", key).containsExactly(key(key, "r"));
      assertThat(keys(store().queryAll(store().query().partitionKey("p").rowKey(key).build())))
          .as("query of RowKey '%s'", key).containsExactly(key("p", key));
    }
  }

  @Test
  void random_keys_of_allowed_characters_round_trip_and_sort_as_utf16_code_units() {
    Random random = new Random(20240131);
    List<String> partitionKeys = List.of(randomKey(random, 12), randomKey(random, 12), randomKey(random, 12));
    Set<String> seen = new LinkedHashSet<>();
    List<TableRow> rows = new ArrayList<>();
    while (rows.size() < 150) {
      String partitionKey = partitionKeys.get(random.nextInt(partitionKeys.size()));
      String rowKey = random.nextInt(30) == 0
          ? store().withinRowKeyLimit(randomKeyOfLength(random, StoreLimits.MAX_KEY_LENGTH))
          : randomKey(random, 40);
      if (seen.add(key(partitionKey, rowKey))) {
        rows.add(TableRow.builder(partitionKey, rowKey).putInt32("n", rows.size()).build());
      }
    }
    store().insertAll(rows);

    rows.sort(TckStore.KEY_ORDER);
    assertThat(keys(store().all())).as("random keys in code-unit order").containsExactlyElementsOf(keys(rows));
    for (int i = 0; i < 20; i++) {
      TableRow expected = rows.get(random.nextInt(rows.size()));
      assertThat(store().get(expected.partitionKey(), expected.rowKey()).getInt32("n"))
          .as("point read of %s", expected.describeKeys())
          .isEqualTo(expected.getInt32("n"));
    }
    for (int i = 0; i < 10; i++) {
      // Bounds drawn from stored keys and from fresh random strings, which may fall between stored keys.
      String partitionKey = partitionKeys.get(random.nextInt(partitionKeys.size()));
      KeyBound from = new KeyBound(random.nextBoolean() ? rows.get(random.nextInt(rows.size())).rowKey()
          : randomKey(random, 3), random.nextBoolean());
      KeyBound to = new KeyBound(randomKey(random, 3), random.nextBoolean());
      TableQuery query = store().query().partitionKey(partitionKey).rowFrom(from).rowTo(to).limit(7).build();
      List<String> expected = new ArrayList<>();
      for (TableRow row : rows) {
        if (query.matches(row)) {
          expected.add(row.rowKey());
        }
      }
      assertThat(rowKeys(store().queryAll(query))).as("%s", query).containsExactlyElementsOf(expected);
    }
  }

  @Test
  void rows_whose_keys_are_1024_code_units_long_page_one_at_a_time_and_resume_exactly() {
    int longest = StoreLimits.MAX_KEY_LENGTH;
    String emoji = "\uD83D\uDE00";
    List<String> partitionKeys = List.of("\u00E9".repeat(longest), emoji.repeat(longest / 2));
    // the longest RowKeys: 1024 code units, or on Cosmos DB 255 bytes of UTF-8 (an emoji is 2 units, 4 bytes)
    int rowLongest = Math.min(longest, store().backend.profile().maxRowKeyBytes());
    int emojiUnits = rowLongest == longest ? 2 : 4;
    String longRowKey = "k".repeat(rowLongest);
    List<String> rowKeys = List.of("k".repeat(rowLongest - 1) + "'", longRowKey,
        "k".repeat(rowLongest - emojiUnits) + emoji, emoji.repeat(rowLongest / emojiUnits));
    List<TableRow> rows = new ArrayList<>();
    for (String partitionKey : partitionKeys) {
      for (String rowKey : rowKeys) {
        rows.add(TableRow.keys(partitionKey, rowKey));
      }
    }
    store().insertAll(rows);
    rows.sort(TckStore.KEY_ORDER);

    assertThat(keys(store().queryAll(store().query().limit(1).build()))).containsExactlyElementsOf(keys(rows));
    TableQuery afterLongKey = store().query()
        .partitionFrom(KeyBound.inclusive(partitionKeys.get(0))).rowFrom(KeyBound.exclusive(longRowKey))
        .limit(1)
        .build();
    List<String> expected = new ArrayList<>();
    for (TableRow row : rows) {
      if (afterLongKey.matches(row)) {
        expected.add(key(row.partitionKey(), row.rowKey()));
      }
    }
    assertThat(expected).hasSize(4);
    assertThat(keys(store().queryAll(afterLongKey))).containsExactlyElementsOf(expected);
  }

  @Test
  void keys_holding_a_forbidden_character_anywhere_are_rejected_by_every_write() {
    Random random = new Random(7);
    List<String> forbidden = new ArrayList<>(List.of("/", "\\", "#", "?"));
    for (char c = 0; c <= 0x1F; c++) {
      forbidden.add(String.valueOf(c));
    }
    for (char c = 0x7F; c <= 0x9F; c++) {
      forbidden.add(String.valueOf(c));
    }
    store().insert("p", "existing");

    assertUnchangedBy(() -> {
      for (int i = 0; i < forbidden.size(); i++) {
        String valid = randomKey(random, 10);
        int at = i % 3 == 0 ? 0 : i % 3 == 1 ? valid.length() : random.nextInt(valid.length() + 1);
        String key = valid.substring(0, at) + forbidden.get(i) + valid.substring(at);
        boolean asPartitionKey = i % 2 == 0;
        TableRow row = asPartitionKey ? TableRow.keys(key, "existing") : TableRow.keys("p", key);
        for (WriteOperation operation : List.of(
            WriteOperation.insert(row), WriteOperation.upsertMerge(row), WriteOperation.replace(row, "*"),
            WriteOperation.delete(row.partitionKey(), row.rowKey(), null))) {
          assertThatThrownBy(() -> store().write(operation))
              .as("%s of key '%s'", operation.kind(), printable(key))
              .isInstanceOf(InvalidKeyException.class);
        }
        assertThatThrownBy(() -> store().batch(List.of(WriteOperation.upsertReplace(row))))
            .as("batch upsert of key '%s'", printable(key))
            .isInstanceOfSatisfying(BatchException.class,
                e -> assertThat(e.getCause()).isInstanceOf(InvalidKeyException.class));
      }
    });
  }

  @Test
  void a_point_read_with_keys_no_row_can_have_finds_nothing() {
    store().insert("p", "r");

    for (String impossible : IMPOSSIBLE_KEYS) {
      assertThat(store().find("p", impossible)).as("RowKey '%s'", printable(impossible)).isEmpty();
      assertThat(store().find(impossible, "r")).as("PartitionKey '%s'", printable(impossible)).isEmpty();
    }
  }

  @Test
  void range_bounds_that_no_key_may_hold_compare_as_strings_so_prefix_ranges_work_for_every_prefix() {
    // The end of a prefix range is the prefix with its last character raised by one, which for these prefixes is
    // a character keys may not hold: '.' → '/', '[' → '\', '"' → '#', '>' → '?', '~' → U+007F.
    List<String> stored = List.of(
        "a-", "a.", "a.x", "a.\uFFFD", "a0", "x[1", "x[2", "x]", "q\"", "q\"1", "q$", "t>", "t>1", "t@", "a~", "a~1",
        "a\u00A0");
    List<TableRow> rows = new ArrayList<>();
    for (String key : stored) {
      rows.add(TableRow.keys("p", key));
      rows.add(TableRow.keys(key, "r"));
    }
    store().insertAll(rows);

    for (String prefix : List.of("a.", "x[", "q\"", "t>", "a~")) {
      String end = KeyBound.prefixEnd(prefix);
      List<String> expected = stored.stream().filter(key -> key.startsWith(prefix)).sorted().toList();
      assertThat(StoreLimits.firstForbiddenKeyChar(end)).as("end of prefix '%s' holds a forbidden character", prefix)
          .isNotNegative();

      TableQuery rowRange = store().query().partitionKey("p")
          .rowFrom(KeyBound.inclusive(prefix)).rowTo(KeyBound.exclusive(end)).limit(2).build();
      assertThat(rowKeys(store().queryAll(rowRange))).as("RowKeys starting '%s'", prefix)
          .containsExactlyElementsOf(expected);
      TableQuery partitionRange = store().query()
          .partitionFrom(KeyBound.inclusive(prefix)).partitionTo(KeyBound.exclusive(end)).limit(2).build();
      List<String> partitionKeys = new ArrayList<>();
      store().queryAll(partitionRange).forEach(row -> partitionKeys.add(row.partitionKey()));
      assertThat(partitionKeys).as("PartitionKeys starting '%s'", prefix).containsExactlyElementsOf(expected);
      TableQuery filtered = store().query().partitionKey("p").filter(Filter.startsWith("RowKey", prefix)).build();
      assertThat(rowKeys(store().queryAll(filtered))).as("filter RowKey starts with '%s'", prefix)
          .containsExactlyElementsOf(expected);
    }
    TableQuery pastTheEnd = store().query().partitionKey("p").rowFrom(KeyBound.exclusive("a/")).build();
    assertThat(rowKeys(store().queryAll(pastTheEnd))).as("RowKeys after 'a/'").first().isEqualTo("a0");
  }

  /** A random key of up to {@code maxLength} UTF-16 code units drawn from characters keys may hold. */
  static String randomKey(Random random, int maxLength) {
    return randomKeyOfLength(random, random.nextInt(maxLength + 1));
  }

  /**
   * A random key of exactly {@code length} UTF-16 code units: mostly ASCII, with Latin-1, combining marks, CJK,
   * private-use and specials, and supplementary characters as whole surrogate pairs.
   */
  static String randomKeyOfLength(Random random, int length) {
    StringBuilder key = new StringBuilder(length);
    while (key.length() < length) {
      int kind = random.nextInt(10);
      if (kind < 5) {
        char c = (char) (0x20 + random.nextInt(0x7F - 0x20));
        key.append(StoreLimits.isKeyCharAllowed(c) ? c : '_');
      } else if (kind == 5) {
        key.append((char) (0xA0 + random.nextInt(0x100 - 0xA0)));
      } else if (kind == 6) {
        key.append((char) (0x300 + random.nextInt(0x70)));
      } else if (kind == 7) {
        key.append((char) (0x4E00 + random.nextInt(0x5000)));
      } else if (kind == 8) {
        // private use U+E000 to U+F8FF, or the halfwidth and fullwidth forms up to U+FFFD (not U+FFFE, U+FFFF)
        key.append(random.nextBoolean()
            ? (char) (0xE000 + random.nextInt(0x1900))
            : (char) (0xFF00 + random.nextInt(0xFE)));
      } else if (key.length() + 2 <= length) {
        key.appendCodePoint(0x10000 + random.nextInt(0xFFFE)); // not the noncharacters U+1FFFE and U+1FFFF
      }
    }
    return key.toString();
  }

  /** A key with control characters shown as {@code \\uXXXX} and long keys shortened, for messages. */
  static String printable(String key) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < key.length() && i < 60; i++) {
      char c = key.charAt(i);
      text.append(c < 0x20 || (c >= 0x7F && c <= 0x9F) ? String.format("\\u%04X", (int) c) : String.valueOf(c));
    }
    return key.length() > 60 ? text + "… (" + key.length() + " characters)" : text.toString();
  }
}
