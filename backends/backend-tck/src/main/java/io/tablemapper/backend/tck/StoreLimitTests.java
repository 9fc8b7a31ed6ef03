package io.tablemapper.backend.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.spi.Filter;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The store's limits ({@link StoreLimits}): what is just within them is stored and read back intact, what is just
 * beyond them is rejected with the specific exception, and a rejected write leaves the table as it was, whether it
 * inserts a new row or replaces, merges or upserts an existing one.
 */
abstract class StoreLimitTests extends ConformanceGroup {
  private static final Duration TICK = Duration.ofNanos(StoreLimits.DATE_TIME_TICK_NANOS);
  /** U+1F600, one character of two UTF-16 code units (four bytes of UTF-8). */
  private static final String EMOJI = "\uD83D\uDE00";

  @BeforeEach
  void storeARowToChange() {
    store().insert(TableRow.builder("p", "existing").putString("name", "before").build());
  }

  @Test
  void keys_of_1024_characters_are_accepted() {
    String longest = "k".repeat(StoreLimits.MAX_KEY_LENGTH);
    String rowKey = store().withinRowKeyLimit(longest);
    store().insert(longest, rowKey);

    assertThat(store().get(longest, rowKey).rowKey()).isEqualTo(rowKey);
  }

  @Test
  void a_row_key_is_accepted_up_to_the_profiles_utf8_byte_limit_and_rejected_one_byte_beyond_it() {
    int limit = store().backend.profile().maxRowKeyBytes();
    if (limit >= 3 * StoreLimits.MAX_KEY_LENGTH) {
      // Table Storage: characters are the limit, whatever their bytes
      String threeByteKey = "\u65E5".repeat(StoreLimits.MAX_KEY_LENGTH);
      store().insert("p", threeByteKey);
      assertThat(store().get("p", threeByteKey).rowKey()).isEqualTo(threeByteKey);
      return;
    }
    String longest = "\u65E5".repeat(limit / 3) + "k".repeat(limit % 3);
    store().insert("p", longest);
    assertThat(store().get("p", longest).rowKey()).isEqualTo(longest);
    assertUnchangedBy(() -> {
      assertKeyRejected("p", longest + "k");
      assertKeyRejected("p", "\u65E5".repeat(limit / 3 + 1));
    });
    // a PartitionKey has no byte limit of its own
    store().insert("\u65E5".repeat(StoreLimits.MAX_KEY_LENGTH), "r");
  }

  @Test
  void a_partition_key_or_row_key_of_1025_characters_is_rejected() {
    String tooLong = "k".repeat(StoreLimits.MAX_KEY_LENGTH + 1);

    assertUnchangedBy(() -> {
      assertKeyRejected(tooLong, "r");
      assertKeyRejected("p", tooLong);
    });
  }

  @Test
  void a_key_of_1024_utf16_code_units_is_accepted_however_many_code_points_or_utf8_bytes_it_has() {
    List<String> longest = List.of(
        "\u00E9".repeat(StoreLimits.MAX_KEY_LENGTH),
        "\u65E5".repeat(StoreLimits.MAX_KEY_LENGTH),
        EMOJI.repeat(StoreLimits.MAX_KEY_LENGTH / 2),
        "k".repeat(StoreLimits.MAX_KEY_LENGTH - 2) + EMOJI);
    for (String key : longest) {
      String rowKey = store().withinRowKeyLimit(key);
      store().insert(key, rowKey);
      TableRow read = store().get(key, rowKey);
      assertThat(read.partitionKey()).isEqualTo(key);
      assertThat(read.rowKey()).isEqualTo(rowKey);
    }
  }

  @Test
  void a_key_of_1025_utf16_code_units_is_rejected_even_when_a_surrogate_pair_crosses_the_limit() {
    assertUnchangedBy(() -> {
      for (String tooLong : List.of(
          "k".repeat(StoreLimits.MAX_KEY_LENGTH - 1) + EMOJI,
          EMOJI.repeat(StoreLimits.MAX_KEY_LENGTH / 2 + 1),
          "\u00E9".repeat(StoreLimits.MAX_KEY_LENGTH + 1))) {
        assertKeyRejected(tooLong, "r");
        assertKeyRejected("p", tooLong);
      }
    });
  }

  @Test
  void the_characters_slash_backslash_hash_and_question_mark_are_rejected_in_either_key() {
    assertUnchangedBy(() -> {
      for (char forbidden : new char[] {'/', '\\', '#', '?'}) {
        String key = "a" + forbidden + "b";
        assertKeyRejected(key, "r");
        assertKeyRejected("p", key);
      }
    });
  }

  @Test
  void control_characters_U_0000_to_U_001F_and_U_007F_to_U_009F_are_rejected_in_either_key() {
    List<Character> controls = new ArrayList<>();
    for (char c = 0x00; c <= 0x1F; c++) {
      controls.add(c);
    }
    for (char c = 0x7F; c <= 0x9F; c++) {
      controls.add(c);
    }
    assertUnchangedBy(() -> {
      for (char control : controls) {
        String key = "a" + control + "b";
        assertKeyRejected(key, "r");
        assertKeyRejected("p", key);
      }
    });
  }

  @Test
  void a_lone_surrogate_is_rejected_in_either_key_and_in_a_string_value_but_a_surrogate_pair_accepted() {
    assertUnchangedBy(() -> {
      for (String key : List.of("a\uD800b", "a\uDC00", "\uDBFF", "b\uDC00\uD800")) {
        assertKeyRejected(key, "r");
        assertKeyRejected("p", key);
        assertEntityRejected(TableRow.builder("p", "r").putString("text", key));
      }
    });
    store().insert(TableRow.builder("p" + EMOJI, "r" + EMOJI).putString("text", EMOJI).build());
    assertThat(store().get("p" + EMOJI, "r" + EMOJI).getString("text")).isEqualTo(EMOJI);
  }

  @Test
  void a_query_comparing_with_a_lone_surrogate_selects_exactly_what_the_filter_accepts() {
    store().insert(TableRow.builder("q", "a").putString("text", "x").build());
    store().insert(TableRow.builder("q", "b").putString("text", "\uFFFF").build());
    String lone = "\uD800";

    assertThat(store().queryAll(store().query().filter(Filter.eq("text", lone)).build())).isEmpty();
    assertThat(store().queryAll(store().query().filter(Filter.ne("text", lone)).build())).hasSize(2);
    assertThat(store().queryAll(store().query().filter(Filter.gt("text", lone)).build()))
        .extracting(TableRow::rowKey).containsExactly("b");
    assertThat(store().queryAll(store().query().partitionKey(lone).build())).isEmpty();
    assertThat(store().queryAll(store().query().partitionKey("q").rowFrom(KeyBound.inclusive("a" + lone)).build()))
        .extracting(TableRow::rowKey).containsExactly("b");
  }

  @Test
  void the_characters_next_to_the_control_ranges_are_accepted() {
    for (String key : List.of("a b", "a~b", "a\u00A0b")) {
      store().insert(key, key);
      assertThat(store().get(key, key).partitionKey()).isEqualTo(key);
    }
  }

  @Test
  void an_entity_with_252_properties_is_accepted() {
    TableRow row = withProperties("r", StoreLimits.MAX_PROPERTIES);
    store().insert(row);

    assertThat(store().get("p", "r").properties()).hasSize(StoreLimits.MAX_PROPERTIES);
  }

  @Test
  void an_entity_with_253_properties_is_rejected() {
    assertEntityRejected(withProperties("r", StoreLimits.MAX_PROPERTIES + 1).toBuilder());
  }

  @Test
  void a_string_of_32768_characters_is_accepted_and_one_of_32769_rejected() {
    String longest = "s".repeat(StoreLimits.MAX_STRING_LENGTH);
    store().insert(TableRow.builder("p", "r").putString("text", longest).build());
    assertThat(store().get("p", "r").getString("text")).isEqualTo(longest);

    assertEntityRejected(TableRow.builder("p", "new").putString("text", longest + "s"));
  }

  @Test
  void a_string_of_32768_utf16_code_units_is_accepted_whatever_its_characters_and_one_unit_more_rejected() {
    // 16,384 supplementary characters are 32,768 code units but 65,536 bytes of UTF-8; CJK is 98,304 bytes.
    String pairs = EMOJI.repeat(StoreLimits.MAX_STRING_LENGTH / 2);
    String cjk = "\u65E5".repeat(StoreLimits.MAX_STRING_LENGTH);
    store().insertAll(List.of(
        TableRow.builder("p", "pairs").putString("text", pairs).build(),
        TableRow.builder("p", "cjk").putString("text", cjk).build()));
    assertThat(store().get("p", "pairs").getString("text")).isEqualTo(pairs);
    assertThat(store().get("p", "cjk").getString("text")).isEqualTo(cjk);

    assertEntityRejected(TableRow.builder("p", "new").putString("text", pairs + "s"));
    assertEntityRejected(TableRow.builder("p", "new").putString("text", "s" + cjk));
  }

  @Test
  void a_binary_of_65536_bytes_is_accepted_and_one_of_65537_rejected() {
    byte[] largest = filled(StoreLimits.MAX_BINARY_LENGTH);
    store().insert(TableRow.builder("p", "r").putBinary("data", largest).build());
    assertThat(store().get("p", "r").getBinary("data")).isEqualTo(largest);

    assertEntityRejected(TableRow.builder("p", "new").putBinary("data", filled(StoreLimits.MAX_BINARY_LENGTH + 1)));
  }

  @Test
  void an_entity_of_exactly_1_MiB_is_accepted_and_one_byte_more_is_rejected() {
    TableRow largest = ofSize("r", StoreLimits.MAX_ENTITY_SIZE);
    store().insert(largest);
    assertThat(StoreLimits.entitySize(store().get("p", "r"))).isEqualTo(StoreLimits.MAX_ENTITY_SIZE);

    assertEntityRejected(ofSize("new", StoreLimits.MAX_ENTITY_SIZE + 1).toBuilder());
  }

  @Test
  void a_merge_that_would_leave_more_than_252_properties_is_rejected_alone_or_in_a_batch() {
    store().insertAll(List.of(withProperties("full", StoreLimits.MAX_PROPERTIES), withProperties("most", 200)));
    TableRow.Builder fiftyThreeNew = TableRow.builder("p", "most");
    for (int i = 0; i < StoreLimits.MAX_PROPERTIES + 1 - 200; i++) {
      fiftyThreeNew.putInt32("q" + i, i);
    }

    assertUnchangedBy(() -> {
      TableRow oneNew = TableRow.builder("p", "full").putInt32("extra", 1).build();
      for (TableRow changes : List.of(oneNew, fiftyThreeNew.build())) {
        for (WriteOperation operation : List.of(
            WriteOperation.merge(changes, null),
            WriteOperation.merge(changes, store().get("p", changes.rowKey()).etag()),
            WriteOperation.upsertMerge(changes))) {
          assertThatThrownBy(() -> store().write(operation))
              .as("%s adding %d properties", operation, changes.properties().size())
              .isInstanceOf(InvalidEntityException.class);
        }
        List<WriteOperation> batch = List.of(
            WriteOperation.upsertMerge(TableRow.builder("p", "fresh").putInt32("n", 1).build()),
            WriteOperation.upsertMerge(changes));
        assertThatThrownBy(() -> store().batch(batch))
            .as("batch merging %d properties into %s", changes.properties().size(), changes.rowKey())
            .isInstanceOfSatisfying(BatchException.class, e -> {
              assertThat(e.reason()).isEqualTo(BatchException.Reason.REJECTED);
              assertThat(e.failedIndex()).isEqualTo(1);
              assertThat(e.getCause()).isInstanceOf(InvalidEntityException.class);
            });
      }
    });

    // Merging new values into names the row has leaves 252 properties, which is allowed.
    store().write(WriteOperation.merge(
        TableRow.builder("p", "full").putString("p0", "changed").putInt32("p251", -1).build(), null));
    TableRow merged = store().get("p", "full");
    assertThat(merged.properties()).hasSize(StoreLimits.MAX_PROPERTIES);
    assertThat(merged.getString("p0")).isEqualTo("changed");
    assertThat(merged.getInt32("p251")).isEqualTo(-1);
  }

  @Test
  void a_merge_may_grow_an_entity_to_exactly_1_MiB_but_not_one_byte_more() {
    store().insert(ofSize("large", StoreLimits.MAX_ENTITY_SIZE - 1000));
    // A Binary property named "m" costs 8 + 2 + 4 bytes plus its length.
    TableRow toTheLimit = TableRow.builder("p", "large").putBinary("m", filled(1000 - 14)).build();

    store().write(WriteOperation.merge(toTheLimit, null));
    assertThat(StoreLimits.entitySize(store().get("p", "large"))).isEqualTo(StoreLimits.MAX_ENTITY_SIZE);

    TableRow oneMore = TableRow.builder("p", "large").putBinary("m", filled(1000 - 13)).build();
    assertUnchangedBy(() -> {
      for (WriteOperation operation :
          List.of(WriteOperation.merge(oneMore, "*"), WriteOperation.upsertMerge(oneMore))) {
        assertThatThrownBy(() -> store().write(operation))
            .as("%s", operation)
            .isInstanceOf(InvalidEntityException.class);
      }
    });
  }

  @Test
  void the_earliest_and_latest_date_times_are_accepted() {
    store().insert(TableRow.builder("p", "r")
        .putDateTime("earliest", StoreLimits.MIN_DATE_TIME)
        .putDateTime("latest", StoreLimits.MAX_DATE_TIME)
        .build());

    TableRow read = store().get("p", "r");
    assertThat(read.getDateTime("earliest")).isEqualTo(Instant.parse("1601-01-01T00:00:00Z"));
    assertThat(read.getDateTime("latest")).isEqualTo(Instant.parse("9999-12-31T23:59:59.9999999Z"));
  }

  @Test
  void a_date_time_one_tick_outside_the_range_is_rejected() {
    assertEntityRejected(TableRow.builder("p", "new").putDateTime("when", StoreLimits.MIN_DATE_TIME.minus(TICK)));
    assertEntityRejected(TableRow.builder("p", "new").putDateTime("when", StoreLimits.MAX_DATE_TIME.plus(TICK)));
  }

  @Test
  void a_date_time_more_precise_than_100_ns_is_rejected() {
    assertEntityRejected(
        TableRow.builder("p", "new").putDateTime("when", Instant.parse("2024-02-29T12:00:00.000000001Z")));
    assertEntityRejected(
        TableRow.builder("p", "new").putDateTime("when", Instant.parse("2024-02-29T12:00:00.12345678Z")));
  }

  @Test
  void invalid_property_names_are_rejected() {
    List<String> invalid = List.of(
        "", "1st", "has space", "with-dash", "dotted.name", "PartitionKey", "RowKey", "Timestamp",
        "n".repeat(StoreLimits.MAX_PROPERTY_NAME_LENGTH + 1));
    for (String name : invalid) {
      assertEntityRejected(TableRow.builder("p", "new").putString(name, "value"));
    }
  }

  @Test
  void property_names_are_case_sensitive_so_a_row_may_hold_name_and_Name() {
    store().insert(
        TableRow.builder("p", "r").putString("name", "lower").putInt32("Name", 1).putBoolean("NAME", true).build());

    TableRow read = store().get("p", "r");
    assertThat(read.properties()).containsOnlyKeys("name", "Name", "NAME");
    assertThat(read.getString("name")).isEqualTo("lower");
    assertThat(read.getInt32("Name")).isEqualTo(1);
    assertThat(read.getBoolean("NAME")).isTrue();

    store().write(WriteOperation.merge(TableRow.builder("p", "r").putString("nAme", "fourth").build(), null));
    assertThat(store().get("p", "r").properties()).containsOnlyKeys("name", "Name", "NAME", "nAme");
  }

  @Test
  void property_names_of_letters_digits_and_underscores_up_to_255_characters_are_accepted() {
    String longest = "n".repeat(StoreLimits.MAX_PROPERTY_NAME_LENGTH);
    store().insert(TableRow.builder("p", "r")
        .putInt32("_leading", 1).putInt32("x", 2).putInt32("mixed_Case_9", 3).putInt32(longest, 4)
        .build());

    assertThat(store().get("p", "r").properties()).containsOnlyKeys("_leading", "x", "mixed_Case_9", longest);
  }

  /** Checks that a write and a batch of a row with these keys are rejected; callers check that nothing changed. */
  private void assertKeyRejected(String partitionKey, String rowKey) {
    TableRow row = TableRow.keys(partitionKey, rowKey);
    assertThatThrownBy(() -> store().write(WriteOperation.insert(row)))
        .as("insert of %s", row.describeKeys())
        .isInstanceOf(InvalidKeyException.class);
    assertThatThrownBy(() -> store().write(WriteOperation.upsertReplace(row)))
        .as("upsert of %s", row.describeKeys())
        .isInstanceOf(InvalidKeyException.class);
    assertThatThrownBy(() -> store().batch(List.of(WriteOperation.upsertMerge(row))))
        .as("batch upsert of %s", row.describeKeys())
        .isInstanceOfSatisfying(BatchException.class, e -> {
          assertThat(e.reason()).isEqualTo(BatchException.Reason.REJECTED);
          assertThat(e.failedIndex()).isZero();
          assertThat(e.getCause()).isInstanceOf(InvalidKeyException.class);
        });
  }

  /**
   * Checks that the properties are rejected both as a new row and as every kind of write to the existing row,
   * and that nothing changed.
   */
  private void assertEntityRejected(TableRow.Builder properties) {
    TableRow fresh = properties.build();
    TableRow.Builder sameOnExisting = TableRow.builder("p", "existing");
    fresh.properties().forEach(sameOnExisting::put);
    TableRow onExisting = sameOnExisting.build();
    assertUnchangedBy(() -> {
      for (WriteOperation operation : List.of(
          WriteOperation.insert(fresh),
          WriteOperation.upsertReplace(fresh),
          WriteOperation.replace(onExisting, "*"),
          WriteOperation.merge(onExisting, null),
          WriteOperation.upsertMerge(onExisting))) {
        assertThatThrownBy(() -> store().write(operation))
            .as("%s", operation)
            .isInstanceOf(InvalidEntityException.class);
      }
    });
  }

  private static TableRow withProperties(String rowKey, int count) {
    TableRow.Builder row = TableRow.builder("p", rowKey, count);
    for (int i = 0; i < count; i++) {
      row.putInt32("p" + i, i);
    }
    return row.build();
  }

  /**
   * A row whose size in the store's estimate ({@link StoreLimits#entitySize}) is exactly {@code size} bytes: mostly
   * ASCII strings of the longest length, which cost two bytes per character in the estimate but one on the wire,
   * and a binary for the rest, so that its JSON stays well below 1 MiB.
   */
  static TableRow ofSize(String rowKey, long size) {
    TableRow.Builder row = TableRow.builder("p", rowKey);
    long remaining = size - StoreLimits.entitySize(TableRow.keys("p", rowKey));
    // A property named like "s000" costs 8 + 2 × 4 + 4 bytes besides its value.
    long overhead = 20;
    for (int i = 0; remaining - overhead > StoreLimits.MAX_BINARY_LENGTH; i++) {
      // As long as the binary cannot hold the rest; always leaving room for the binary's own overhead.
      int length = (int) Math.min(StoreLimits.MAX_STRING_LENGTH, (remaining - 2 * overhead) / 2);
      row.putString(String.format("s%03d", i), "s".repeat(length));
      remaining -= overhead + 2L * length;
    }
    if (remaining < overhead) {
      throw new IllegalArgumentException("cannot build a row of exactly " + size + " bytes");
    }
    row.putBinary("b000", filled((int) (remaining - overhead)));
    TableRow built = row.build();
    if (StoreLimits.entitySize(built) != size) {
      throw new AssertionError("built a row of " + StoreLimits.entitySize(built) + " bytes, not " + size);
    }
    return built;
  }

  static byte[] filled(int length) {
    byte[] bytes = new byte[length];
    for (int i = 0; i < length; i++) {
      bytes[i] = (byte) (i * 31 + 7);
    }
    return bytes;
  }
}
