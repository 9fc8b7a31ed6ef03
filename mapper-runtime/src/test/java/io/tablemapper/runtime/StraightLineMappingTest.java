package io.tablemapper.runtime;

import static io.tablemapper.runtime.TwiceCompiled.LEDGER;
import static io.tablemapper.runtime.TwiceCompiled.PARCEL;
import static io.tablemapper.runtime.TwiceCompiled.PROCESSED;
import static io.tablemapper.runtime.TwiceCompiled.SHIPMENT;
import static io.tablemapper.runtime.TwiceCompiled.TILL;
import static io.tablemapper.runtime.TwiceCompiled.UNPROCESSED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.GeneratedNames;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.runtime.fixtures.Keycard;
import io.tablemapper.runtime.fixtures.Keycard__Mapping;
import io.tablemapper.runtime.fixtures.Locker;
import io.tablemapper.runtime.fixtures.Locker__Mapping;
import io.tablemapper.spi.TableRow;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import io.tablemapper.runtime.introspect.Accessors;
import io.tablemapper.runtime.values.JsonMappingContext;
import io.tablemapper.runtime.mapping.Mappings;
import io.tablemapper.runtime.introspect.RowCodes;
import io.tablemapper.runtime.introspect.RuntimeMapping;

/**
 * The straight-line code Byte Buddy generates for a class compiled without the processor ({@link RowCodes}) against
 * the processor's generated mapping of the same source, mapping for mapping and row for row: the keys and rows
 * {@code toRow} writes, the entities {@code fromRow} reads, and, for every malformed row, the same exception with the
 * same message. The fixtures cover a record with a property of every stored type (key components of five kinds,
 * defaults, JSON, an upgrade method, ETag and Timestamp) and a JavaBean read and written through getters, fluent and
 * plain setters, is-getters and fields; and the keys both read straight-line, in place ({@code Keycard}, a record,
 * and {@code Locker}, a JavaBean: literals, signed and padded integers of every width, ascending and descending,
 * primitive and boxed, enums and Strings ended by a separator or by the key), valid and mutated; and, for
 * {@code Ledger} (a record) and {@code Till} (a JavaBean), a {@code @DefaultValue} of every type, JSON values of every
 * shape and the keys of index copies of every form, sparse ones included.
 */
class StraightLineMappingTest {
  private static final UUID PARCEL_ID = UUID.fromString("00000000-0000-0000-0000-00000000002a");
  private static final Instant WRITTEN = Instant.parse("2024-05-06T07:08:09.1234567Z");

  private static Map<String, Object> shipment() {
    return UnprocessedEntityTest.shipmentValues();
  }


  /** The same with every nullable property null. */
  private static Map<String, Object> sparseShipment() {
    Map<String, Object> values = new HashMap<>(shipment());
    for (String nullable : List.of("declared", "discount", "boxes", "dock", "urgency", "insured", "mark", "label",
        "sent", "promised", "packed", "price", "serial", "status", "notes", "counts", "currency", "scratch")) {
      values.put(nullable, null);
    }
    return values;
  }

  private static Map<String, Object> parcel() {
    return UnprocessedEntityTest.parcelValues();
  }


  @SuppressWarnings("unchecked")
  private static EntityMapping<Object> generated(String entity) {
    try {
      return (EntityMapping<Object>) PROCESSED.load(GeneratedNames.mapping(entity))
          .getField(GeneratedNames.MAPPING_INSTANCE_FIELD).get(null);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  @SuppressWarnings("unchecked")
  private static EntityMapping<Object> byteBuddy(String entity) {
    return (EntityMapping<Object>) Mappings.of(null).introspect(UNPROCESSED.load(entity));
  }

  private static Object instance(Javac.Result compiled, String entity, Map<String, Object> values) {
    Class<?> type = compiled.load(entity);
    return type.isRecord() ? TwiceCompiled.record(type, values) : TwiceCompiled.bean(type, values);
  }

  @Test
  void theByteBuddyMappingIsStraightLineCodeDefinedBesideTheEntity() throws Exception {
    for (String entity : List.of(SHIPMENT, PARCEL, LEDGER, TILL)) {
      EntityMapping<Object> mapping = byteBuddy(entity);
      Field code = RuntimeMapping.class.getDeclaredField("code");
      code.setAccessible(true);
      Object generatedCode = code.get(mapping);

      assertThat(generatedCode).as(entity).isNotNull();
      assertThat(generatedCode.getClass().getName()).startsWith(entity + Accessors.MARKER + "rows");
      assertThat(generatedCode.getClass().getClassLoader()).isSameAs(UNPROCESSED.load(entity).getClassLoader());
    }
  }

  @Test
  void keysAndRowsAreTheGeneratedMappingsByteForByte() {
    for (String entity : List.of(SHIPMENT, PARCEL)) {
      List<Map<String, Object>> cases = entity.equals(SHIPMENT)
          ? List.of(shipment(), sparseShipment(), with(shipment(), "number", 0L), with(shipment(), "number",
              9_999_999_999L), with(shipment(), "carrier", "EXPRESS"))
          : List.of(parcel(), with(parcel(), "volume", null), with(parcel(), "destination", null));
      for (Map<String, Object> values : cases) {
        Object processed = instance(PROCESSED, entity, values);
        Object unprocessed = instance(UNPROCESSED, entity, values);
        EntityMapping<Object> generated = generated(entity);
        EntityMapping<Object> byteBuddy = byteBuddy(entity);

        assertThat(byteBuddy.partitionKey(unprocessed)).isEqualTo(generated.partitionKey(processed));
        assertThat(byteBuddy.rowKey(unprocessed)).isEqualTo(generated.rowKey(processed));
        TableRow expected = generated.toRow(processed, JsonMappingContext.INSTANCE);
        TableRow actual = byteBuddy.toRow(unprocessed, JsonMappingContext.INSTANCE);
        assertThat(actual).hasToString(expected.toString());
        assertThat(new ArrayList<>(actual.properties().keySet()))
            .as("the properties in the generated order")
            .isEqualTo(new ArrayList<>(expected.properties().keySet()));
        assertThat(TwiceCompiled.bytes(List.of(actual))).isEqualTo(TwiceCompiled.bytes(List.of(expected)));
      }
    }
  }

  @Test
  void badValuesAreRefusedWithTheGeneratedMappingsErrors() {
    List<Map<String, Object>> cases = List.of(
        with(shipment(), "number", -1L), // below a zero-padded component's range
        with(shipment(), "number", 10_000_000_000L), // more digits than the padding
        with(shipment(), "region", "no/slash"), // a character keys may not hold
        with(shipment(), "region", ""),
        with(shipment(), "day", null), // a null key component
        with(shipment(), "carrier", null),
        with(shipment(), "sent", Instant.parse("2024-03-01T10:15:30.123456789Z"))); // finer than a tick: truncated
    for (Map<String, Object> values : cases) {
      Object processed = instance(PROCESSED, SHIPMENT, values);
      Object unprocessed = instance(UNPROCESSED, SHIPMENT, values);
      sameOutcome(() -> generated(SHIPMENT).toRow(processed, JsonMappingContext.INSTANCE),
          () -> byteBuddy(SHIPMENT).toRow(unprocessed, JsonMappingContext.INSTANCE),
          (Object row) -> { });
    }
  }

  @Test
  void rowsAreReadToTheSameEntities() {
    for (String entity : List.of(SHIPMENT, PARCEL)) {
      List<Map<String, Object>> cases = entity.equals(SHIPMENT)
          ? List.of(shipment(), sparseShipment()) : List.of(parcel(), with(parcel(), "volume", null));
      for (Map<String, Object> values : cases) {
        TableRow row = generated(entity).toRow(instance(PROCESSED, entity, values), JsonMappingContext.INSTANCE)
            .withSystemProperties("W/\"7\"", WRITTEN);
        Map<String, String> expected = fields(generated(entity).fromRow(row, JsonMappingContext.INSTANCE));
        Map<String, String> actual = fields(byteBuddy(entity).fromRow(row, JsonMappingContext.INSTANCE));

        assertThat(actual).isEqualTo(expected);
        assertThat(actual).containsEntry(entity.equals(SHIPMENT) ? "etag" : "version", "String:W/\"7\"");
      }
    }
  }

  /**
   * Rows another application (or an older version) wrote, each broken or odd in one way: either both mappings read
   * the same entity, or both refuse it with the same exception and message.
   */
  @Test
  void malformedAndOlderRowsAreReadOrRefusedAlike() {
    TableRow shipment = generated(SHIPMENT).toRow(instance(PROCESSED, SHIPMENT, shipment()),
        JsonMappingContext.INSTANCE).withSystemProperties("W/\"1\"", WRITTEN);
    List<TableRow> rows = new ArrayList<>();
    rows.add(keys(shipment, "NOPE_north", shipment.rowKey())); // an enum component no constant names
    rows.add(keys(shipment, "POST", shipment.rowKey())); // a PartitionKey missing a component
    rows.add(keys(shipment, shipment.partitionKey(), "ship_42_2024-03-01")); // not zero-padded
    rows.add(keys(shipment, shipment.partitionKey(), "ship_0000000042_2024-13-01")); // no such day
    rows.add(keys(shipment, shipment.partitionKey(), "ship_0000000042_2024-03-01_more"));
    rows.add(keys(shipment, "EXPRESS_south", "ship_0000000043_2024-03-02")); // the columns disagree with the keys
    rows.add(changed(shipment, "number", 43L)); // a key column disagreeing
    rows.add(changed(shipment, "number", 42)); // the same number as an Int32: agrees
    rows.add(changed(shipment, "region", "south"));
    rows.add(changed(shipment, "carrier", "EXPRESS"));
    rows.add(changed(shipment, "day", "2024-03-02"));
    rows.add(changed(shipment, "status", "LOST")); // no such constant
    rows.add(changed(shipment, "grade", "AB")); // two characters for a char
    rows.add(changed(shipment, "mark", ""));
    rows.add(changed(shipment, "price", "a lot"));
    rows.add(changed(shipment, "serial", "1e3"));
    rows.add(changed(shipment, "notes", "not json"));
    rows.add(changed(shipment, "counts", "[1, 2]"));
    rows.add(changed(shipment, "priority", 300)); // beyond a byte
    rows.add(changed(shipment, "urgency", -129));
    rows.add(changed(shipment, "lane", 40_000)); // beyond a short
    rows.add(changed(shipment, "pieces", "3")); // a string for an int
    rows.add(changed(shipment, "boxes", 3L)); // an Int64 for an Integer
    rows.add(changed(shipment, "Wt", "heavy"));
    rows.add(changed(shipment, "Wt", 12)); // an Int32 for a double
    rows.add(changed(shipment, "fragile", "yes"));
    rows.add(changed(shipment, "sent", "yesterday"));
    rows.add(changed(shipment, "tracking", "not a uuid"));
    rows.add(changed(shipment, "label", "not binary"));
    rows.add(changed(shipment, "ratio", 1e300)); // beyond a float: as the generated cast makes it
    for (String column : List.of("region", "number", "carrier", "Wt", "pieces", "fragile", "grade", "priority",
        "lane", "ratio", "currency", "handlingDays", "notes", "status", "label")) {
      rows.add(changed(shipment, column, null)); // the column absent
    }
    // version 1 rows: the defaults for what they lack, the upgrade for their old note
    rows.add(changed(changed(changed(changed(shipment, EntityMapping.VERSION_PROPERTY, 1), "currency", null),
        "handlingDays", null), "note", "old style"));
    rows.add(changed(changed(shipment, EntityMapping.VERSION_PROPERTY, 1), "currency", "USD"));
    rows.add(changed(shipment, EntityMapping.VERSION_PROPERTY, "2"));

    TableRow parcel = generated(PARCEL).toRow(instance(PROCESSED, PARCEL, parcel()), JsonMappingContext.INSTANCE)
        .withSystemProperties("W/\"2\"", WRITTEN);
    List<TableRow> parcels = new ArrayList<>();
    parcels.add(keys(parcel, parcel.partitionKey(), "parcel_not-a-uuid"));
    parcels.add(keys(parcel, parcel.partitionKey(), "box_" + PARCEL_ID));
    parcels.add(changed(parcel, "Id", UUID.randomUUID()));
    parcels.add(changed(parcel, "Depot", "York"));
    parcels.add(changed(parcel, "Heavy", "true"));
    parcels.add(changed(parcel, "Heavy", null));
    parcels.add(changed(parcel, "WeightGrams", 1.5d));
    parcels.add(changed(parcel, "Volume", null));
    parcels.add(changed(parcel, "Volume", 7));
    parcels.add(changed(parcel, "Dest", null));
    parcels.add(TableRow.builder("Leeds", "parcel_" + PARCEL_ID).build()); // nothing but its keys

    int read = 0;
    int refused = 0;
    for (TableRow row : rows) {
      if (sameRead(SHIPMENT, row)) {
        read++;
      } else {
        refused++;
      }
    }
    for (TableRow row : parcels) {
      if (sameRead(PARCEL, row)) {
        read++;
      } else {
        refused++;
      }
    }
    assertThat(refused).as("rows refused alike").isGreaterThanOrEqualTo(25);
    assertThat(read).as("rows read alike").isGreaterThanOrEqualTo(10);
  }

  /** Rows with keys of every shape read in place, valid and broken: read to the same entity or refused alike. */
  @Test
  void keysReadInPlaceAreReadAndRefusedAlike() {
    List<TableRow> keycards = new ArrayList<>();
    for (Keycard card : List.of(new Keycard(5, Keycard.Level.STAFF, "ann", 42, 7L, "n"),
        new Keycard(Integer.MIN_VALUE, Keycard.Level.GUEST, "b o b", 0, Long.MIN_VALUE, "n"),
        new Keycard(Integer.MAX_VALUE, Keycard.Level.ADMIN, "ç-ü", 99_999, Long.MAX_VALUE, null))) {
      keycards.add(Keycard__Mapping.INSTANCE.toRow(card, JsonMappingContext.INSTANCE));
    }
    TableRow keycard = keycards.get(0);
    for (String rowKey : List.of("VIP_ann_99957_00000000000000000007", "STAFF", "STAFF_ann",
        "STAFF_ann_9995x_00000000000000000007", "STAFF_ann_9995", "STAFF_ann_99957-00000000000000000007",
        "STAFF_ann_99957_x0000000000000000007", "STAFF_ann_99957_0000000000000000007",
        "STAFF_ann_99957_00000000000000000007x", "STAFF_ann_99957_09999999999999999999",
        "STAFF_ann_99957_09300000000000000000", "STAFF_ann_99957_-9300000000000000000", "")) {
      keycards.add(keys(keycard, keycard.partitionKey(), rowKey));
    }
    for (String partitionKey : List.of("floor_5", "flor_00000000005", "floor_x0000000005", "floor_09999999999",
        "floor_-9999999999", "floor_000000000050", "floor_", "")) {
      keycards.add(keys(keycard, partitionKey, keycard.rowKey()));
    }
    keycards.add(changed(keycard, "floor", 6)); // a column disagreeing with the key
    keycards.add(changed(keycard, "holder", "bob"));
    keycards.add(changed(keycard, "serial", 7)); // an Int32 for a long: agrees
    keycards.add(changed(keys(keycard, keycard.partitionKey(), "VIP_ann"), "floor", 6)); // the earlier one first

    List<TableRow> lockers = new ArrayList<>();
    for (Locker locker : List.of(new Locker("hall", (short) 3, (byte) 1, 7, Locker.Kind.SKI, 42L, "a-b", "n"),
        new Locker("x", Short.MIN_VALUE, Byte.MIN_VALUE, 0, Locker.Kind.BIKE, Long.MIN_VALUE, "L_1", null),
        new Locker("ç", Short.MAX_VALUE, Byte.MAX_VALUE, 99, Locker.Kind.BAG, Long.MAX_VALUE, "z", "n"),
        new Locker("y", (short) -1, (byte) -1, 1, Locker.Kind.SKI, -1L, "q", "n"))) {
      lockers.add(Locker__Mapping.INSTANCE.toRow(locker, JsonMappingContext.INSTANCE));
    }
    TableRow locker = lockers.get(0);
    lockers.add(changed(locker, "zone", 4));
    lockers.add(changed(locker, "zone", 70_000)); // beyond a short: the column's error or the key's, alike
    lockers.add(changed(locker, "bay", 2));
    lockers.add(changed(locker, "tier", null));
    lockers.add(changed(locker, "kind", "BAG"));
    lockers.add(changed(locker, "serial", 41L));
    lockers.add(changed(locker, "code", "c"));
    lockers.add(keys(locker, "hall", locker.rowKey()));
    lockers.add(keys(locker, "hall-", locker.rowKey()));
    lockers.add(keys(locker, locker.partitionKey(), "L"));
    lockers.add(keys(locker, locker.partitionKey(), locker.rowKey().replace("SKI", "SKIS")));

    Random random = new Random(18);
    for (int i = 0; i < 2_000; i++) {
      List<TableRow> rows = i % 2 == 0 ? keycards : lockers;
      TableRow row = rows.get(random.nextInt(i % 2 == 0 ? 3 : 4));
      boolean inRowKey = random.nextBoolean();
      rows.add(inRowKey ? keys(row, row.partitionKey(), mutated(row.rowKey(), random))
          : keys(row, mutated(row.partitionKey(), random), row.rowKey()));
    }

    int read = 0;
    int refused = 0;
    for (TableRow row : keycards) {
      if (sameRead(Keycard__Mapping.INSTANCE, Mappings.of(null).introspect(Keycard.class), row)) {
        read++;
      } else {
        refused++;
      }
    }
    for (TableRow row : lockers) {
      if (sameRead(Locker__Mapping.INSTANCE, Mappings.of(null).introspect(Locker.class), row)) {
        read++;
      } else {
        refused++;
      }
    }
    assertThat(read).as("rows read alike").isGreaterThan(400);
    assertThat(refused).as("rows refused alike").isGreaterThan(1_000);
  }

  /** Every index's keys, as the two mappings compose them: the same key, the same null, or the same error. */
  @Test
  void indexCopiesAreKeyedAsTheGeneratedMappingKeysThem() {
    List<Map<String, Object>> cases = new ArrayList<>();
    cases.add(LedgerValues.full());
    cases.add(LedgerValues.sparse());
    cases.add(with(LedgerValues.full(), "level", 999));
    cases.add(with(LedgerValues.full(), "code", -7));
    cases.add(with(LedgerValues.full(), "flagged", false));
    cases.add(with(LedgerValues.full(), "clerk", "no/slash")); // a character keys may not hold
    cases.add(with(LedgerValues.full(), "account", "tab\there"));
    cases.add(with(LedgerValues.full(), "level", 1000)); // more digits than the padding
    cases.add(with(LedgerValues.full(), "level", -1));
    cases.add(with(LedgerValues.full(), "tag", ""));
    cases.add(with(LedgerValues.full(), "tag", "what?"));
    cases.add(with(LedgerValues.full(), "account", "x#y"));
    cases.add(with(LedgerValues.full(), "clerk", "back\\slash"));
    EntityMapping<Object> generated = generated(LEDGER);
    EntityMapping<Object> byteBuddy = byteBuddy(LEDGER);
    assertThat(byteBuddy.allIndexes()).extracting(IndexMapping::name)
        .containsExactlyElementsOf(generated.allIndexes().stream().map(IndexMapping::name).toList())
        .hasSize(7);
    int keys = 0;
    int nulls = 0;
    int refused = 0;
    for (Map<String, Object> values : cases) {
      Object processed = LedgerValues.instance(PROCESSED, values);
      Object unprocessed = LedgerValues.instance(UNPROCESSED, values);
      for (int i = 0; i < generated.allIndexes().size(); i++) {
        IndexMapping<Object> expected = generated.allIndexes().get(i);
        IndexMapping<Object> actual = byteBuddy.allIndexes().get(i);
        for (boolean rowKey : new boolean[] {false, true}) {
          Object[] result = new Object[1];
          boolean same = sameOutcome(
              () -> rowKey ? expected.rowKey(processed) : expected.partitionKey(processed),
              () -> rowKey ? actual.rowKey(unprocessed) : actual.partitionKey(unprocessed),
              (Object key) -> result[0] = key);
          if (!same) {
            refused++;
          } else if (result[0] == null) {
            nulls++;
          } else {
            keys++;
          }
        }
      }
    }
    assertThat(keys).as("keys composed alike").isGreaterThan(60);
    assertThat(nulls).as("no copy, alike (sparse indexes and copies in the entity's partition)").isGreaterThan(30);
    assertThat(refused).as("values refused alike").isGreaterThanOrEqualTo(6);
  }

  @Test
  void defaultsAndJsonAreWrittenAndReadAsTheGeneratedMappingDoes() {
    for (Map<String, Object> values : List.of(LedgerValues.full(), LedgerValues.sparse(),
        with(LedgerValues.full(), "dFloat", Float.NaN), with(LedgerValues.full(), "dDoubleBoxed", -0.0d))) {
      Object processed = LedgerValues.instance(PROCESSED, values);
      Object unprocessed = LedgerValues.instance(UNPROCESSED, values);
      TableRow expected = generated(LEDGER).toRow(processed, JsonMappingContext.INSTANCE);
      TableRow actual = byteBuddy(LEDGER).toRow(unprocessed, JsonMappingContext.INSTANCE);
      assertThat(actual).hasToString(expected.toString());
      assertThat(TwiceCompiled.bytes(List.of(actual))).isEqualTo(TwiceCompiled.bytes(List.of(expected)));

      TableRow stored = expected.withSystemProperties("W/\"3\"", WRITTEN);
      assertThat(fields(byteBuddy(LEDGER).fromRow(stored, JsonMappingContext.INSTANCE)))
          .isEqualTo(fields(generated(LEDGER).fromRow(stored, JsonMappingContext.INSTANCE)))
          .containsEntry("address", values.get("address") == null ? "null" : "Address:Address[street=Main, number=5]");
    }
    for (Map<String, Object> values : List.of(LedgerValues.till(), with(LedgerValues.till(), "coins", null))) {
      Object processed = TwiceCompiled.bean(PROCESSED.load(TILL), values);
      Object unprocessed = TwiceCompiled.bean(UNPROCESSED.load(TILL), values);
      TableRow expected = generated(TILL).toRow(processed, JsonMappingContext.INSTANCE);
      assertThat(byteBuddy(TILL).toRow(unprocessed, JsonMappingContext.INSTANCE)).hasToString(expected.toString());
      assertThat(fields(byteBuddy(TILL).fromRow(expected, JsonMappingContext.INSTANCE)))
          .isEqualTo(fields(generated(TILL).fromRow(expected, JsonMappingContext.INSTANCE)));
    }
  }

  /**
   * Rows of older versions, which take the defaults of what they lack, and rows whose defaulted or JSON properties
   * are broken, each read to the same entity or refused alike.
   */
  @Test
  void olderAndBrokenRowsOfDefaultsAndJsonAreReadOrRefusedAlike() {
    TableRow ledger = generated(LEDGER).toRow(LedgerValues.instance(PROCESSED, LedgerValues.full()),
        JsonMappingContext.INSTANCE).withSystemProperties("W/\"1\"", WRITTEN);
    List<String> defaulted = new ArrayList<>();
    for (String column : ledger.properties().keySet()) {
      if (column.startsWith("d") && !column.equals("day")) {
        defaulted.add(column);
      }
    }
    assertThat(defaulted).hasSize(26);
    List<TableRow> rows = new ArrayList<>();
    for (Object version : new Object[] {1, 2, 3, "1", 4}) {
      TableRow lacking = changed(ledger, EntityMapping.VERSION_PROPERTY, version);
      for (String column : defaulted) {
        lacking = changed(lacking, column, null);
      }
      rows.add(lacking); // every default (or, from version 3 on, the type's zero or null)
      rows.add(changed(changed(lacking, "dInt", 5), "dBytes", new byte[] {9})); // what it has, it keeps
      rows.add(changed(ledger, EntityMapping.VERSION_PROPERTY, version)); // nothing lacking
    }
    TableRow older = changed(ledger, EntityMapping.VERSION_PROPERTY, 1);
    List<Map.Entry<String, Object>> broken = new ArrayList<>();
    broken.add(Map.entry("dString", 7));
    broken.add(Map.entry("dChar", "xy"));
    broken.add(Map.entry("dCharacter", ""));
    broken.add(Map.entry("dBoolean", "yes"));
    broken.add(Map.entry("dBooleanBoxed", 1));
    broken.add(Map.entry("dByte", 300));
    broken.add(Map.entry("dByteBoxed", -129));
    broken.add(Map.entry("dShort", 40_000));
    broken.add(Map.entry("dShortBoxed", "1"));
    broken.add(Map.entry("dInt", 3L));
    broken.add(Map.entry("dInteger", "3"));
    broken.add(Map.entry("dLong", "9"));
    broken.add(Map.entry("dLongBoxed", 1.5d));
    broken.add(Map.entry("dFloat", 1e300));
    broken.add(Map.entry("dFloatBoxed", "NaN"));
    broken.add(Map.entry("dDouble", 2));
    broken.add(Map.entry("dDoubleBoxed", "1"));
    broken.add(Map.entry("dUuid", "not a uuid"));
    broken.add(Map.entry("dInstant", "yesterday"));
    broken.add(Map.entry("dOffset", 5));
    broken.add(Map.entry("dDate", UUID.randomUUID()));
    broken.add(Map.entry("dDateTime", true));
    broken.add(Map.entry("dKind", "NOPE"));
    broken.add(Map.entry("dDecimal", "a lot"));
    broken.add(Map.entry("dBig", "1.5"));
    broken.add(Map.entry("dBytes", "AQID"));
    broken.add(Map.entry("address", "not json"));
    broken.add(Map.entry("address", "[1, 2]"));
    broken.add(Map.entry("history", "{\"street\": \"x\"}"));
    broken.add(Map.entry("totals", "[1]"));
    broken.add(Map.entry("previous", "null"));
    broken.add(Map.entry("totals", "{\"a\": [1, \"b\"]}"));
    broken.add(Map.entry("history", 12));
    for (Map.Entry<String, Object> column : broken) {
      rows.add(changed(ledger, column.getKey(), column.getValue()));
      rows.add(changed(older, column.getKey(), column.getValue())); // present in an older row: read, not defaulted
    }
    rows.add(changed(changed(older, "address", "{\"street\": \"Elm\", \"number\": 9}"), "dKind", "DEBIT"));

    TableRow till = generated(TILL).toRow(TwiceCompiled.bean(PROCESSED.load(TILL), LedgerValues.till()),
        JsonMappingContext.INSTANCE);
    List<TableRow> tills = new ArrayList<>();
    for (Object version : new Object[] {1, 2}) {
      TableRow lacking = changed(till, EntityMapping.VERSION_PROPERTY, version);
      for (String column : List.of("drawers", "change", "seal", "mode", "coins")) {
        lacking = changed(lacking, column, null);
      }
      tills.add(lacking);
      tills.add(changed(lacking, "drawers", "many"));
      tills.add(changed(lacking, "coins", "{\"1\": \"one\"}"));
    }

    int read = 0;
    int refused = 0;
    for (TableRow row : rows) {
      if (sameRead(LEDGER, row)) {
        read++;
      } else {
        refused++;
      }
    }
    for (TableRow row : tills) {
      if (sameRead(TILL, row)) {
        read++;
      } else {
        refused++;
      }
    }
    assertThat(read).as("rows read alike").isGreaterThanOrEqualTo(18);
    assertThat(refused).as("rows refused alike").isGreaterThanOrEqualTo(40);
  }

  /** A version 1 row takes every default, of every type, as the generated mapping gives it. */
  @Test
  void aRowOfAnOlderVersionTakesEveryDefaultOnBothPaths() {
    TableRow row = TableRow.builder("North", "entry_00000001").putInt32(EntityMapping.VERSION_PROPERTY, 1).build();
    Map<String, String> expected = fields(generated(LEDGER).fromRow(row, JsonMappingContext.INSTANCE));
    Map<String, String> actual = fields(byteBuddy(LEDGER).fromRow(row, JsonMappingContext.INSTANCE));

    assertThat(actual).isEqualTo(expected);
    assertThat(actual).containsEntry("dString", "String:n/a").containsEntry("dChar", "Character:x")
        .containsEntry("dCharacter", "Character:y").containsEntry("dBoolean", "Boolean:true")
        .containsEntry("dBooleanBoxed", "Boolean:false").containsEntry("dByte", "Byte:-5")
        .containsEntry("dByteBoxed", "Byte:6").containsEntry("dShort", "Short:-300")
        .containsEntry("dShortBoxed", "Short:301").containsEntry("dInt", "Integer:42")
        .containsEntry("dInteger", "Integer:-42").containsEntry("dLong", "Long:-9000000000")
        .containsEntry("dLongBoxed", "Long:9000000000").containsEntry("dFloat", "Float:1.5")
        .containsEntry("dFloatBoxed", "Float:NaN").containsEntry("dDouble", "Double:2.25")
        .containsEntry("dDoubleBoxed", "Double:-Infinity")
        .containsEntry("dUuid", "UUID:123e4567-e89b-12d3-a456-426614174000")
        .containsEntry("dInstant", "Instant:2024-01-02T03:04:05.123456700Z")
        .containsEntry("dOffset", "OffsetDateTime:2024-01-02T03:04:05+02:00")
        .containsEntry("dDate", "LocalDate:2024-02-29").containsEntry("dDateTime", "LocalDateTime:2024-02-29T23:59:59")
        .containsEntry("dKind", "Kind:CREDIT").containsEntry("dDecimal", "BigDecimal:12.50")
        .containsEntry("dBig", "BigInteger:123456789012345678901234567890").containsEntry("dBytes", "[1, 2, 3, -1]")
        .containsEntry("address", "null").containsEntry("entryId", "Integer:1");
    // each read has its own copy of a byte[] default
    Object first = byteBuddy(LEDGER).fromRow(row, JsonMappingContext.INSTANCE);
    Object second = byteBuddy(LEDGER).fromRow(row, JsonMappingContext.INSTANCE);
    ((byte[]) TwiceCompiled.get(first, "dBytes"))[0] = 99;
    assertThat((byte[]) TwiceCompiled.get(second, "dBytes")).containsExactly(1, 2, 3, -1);
  }

  /** A key with one character inserted, replaced or removed, or cut short, or unchanged. */
  private static String mutated(String key, Random random) {
    String alphabet = "_-0159xLASTFK";
    StringBuilder text = new StringBuilder(key);
    int at = random.nextInt(text.length() + 1);
    switch (random.nextInt(5)) {
      case 0:
        text.insert(at, alphabet.charAt(random.nextInt(alphabet.length())));
        break;
      case 1:
        text.setLength(at);
        break;
      case 2:
        if (at < text.length()) {
          text.deleteCharAt(at);
        }
        break;
      case 3:
        if (at < text.length()) {
          text.setCharAt(at, alphabet.charAt(random.nextInt(alphabet.length())));
        }
        break;
      default:
        break;
    }
    return text.toString();
  }

  /**
   * The Byte Buddy {@code fromRow} of keys read in place allocates what the generated one allocates: the entity and
   * its Strings, no {@code Object[]} of decoded values and no boxed number.
   */
  @Test
  void theByteBuddyReadOfKeysReadInPlaceAllocatesWhatTheGeneratedOneDoes() {
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    TableRow row = Keycard__Mapping.INSTANCE.toRow(new Keycard(5, Keycard.Level.STAFF, "ann", 42, 7_000L, "n"),
        JsonMappingContext.INSTANCE);
    EntityMapping<Keycard> generated = Keycard__Mapping.INSTANCE;
    EntityMapping<Keycard> byteBuddy = Mappings.of(null).introspect(Keycard.class);
    assertThat(byteBuddy.fromRow(row, JsonMappingContext.INSTANCE)).isEqualTo(generated.fromRow(row,
        JsonMappingContext.INSTANCE));
    int reads = 20_000;
    long[] bytes = new long[2];
    for (int round = 0; round < 3; round++) { // the last round measured, both warmed alike
      for (int which = 0; which < 2; which++) {
        EntityMapping<Keycard> mapping = which == 0 ? generated : byteBuddy;
        long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
        int floors = 0;
        for (int i = 0; i < reads; i++) {
          floors += mapping.fromRow(row, JsonMappingContext.INSTANCE).floor();
        }
        bytes[which] = threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
        assertThat(floors).isEqualTo(5 * reads);
      }
    }
    assertThat(bytes[1] / reads).as("bytes per Byte Buddy read (generated: %s)", bytes[0] / reads)
        .isLessThanOrEqualTo(bytes[0] / reads + 8);
  }

  /**
   * The Byte Buddy keys of index copies allocate what the generated ones allocate: the keys' text, no
   * {@code Object[]} of values and no boxed number (the run-time mapping's {@code KeySpec.compose} allocated both).
   */
  @Test
  void theByteBuddyIndexKeysAllocateWhatTheGeneratedOnesDo() {
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    EntityMapping<Object> generated = generated(LEDGER);
    EntityMapping<Object> byteBuddy = byteBuddy(LEDGER);
    Object[] ledgers = {LedgerValues.instance(PROCESSED, LedgerValues.full()),
        LedgerValues.instance(UNPROCESSED, LedgerValues.full())};
    int rounds = 20_000;
    long[] bytes = new long[2];
    for (int round = 0; round < 3; round++) { // the last round measured, both warmed alike
      for (int which = 0; which < 2; which++) {
        EntityMapping<Object> mapping = which == 0 ? generated : byteBuddy;
        long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
        int length = 0;
        for (int i = 0; i < rounds; i++) {
          for (IndexMapping<Object> index : mapping.allIndexes()) {
            String partitionKey = index.partitionKey(ledgers[which]);
            length += (partitionKey == null ? 0 : partitionKey.length()) + index.rowKey(ledgers[which]).length();
          }
        }
        bytes[which] = threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
        assertThat(length).isPositive();
      }
    }
    assertThat(bytes[1] / rounds).as("bytes per Byte Buddy round of keys (generated: %s)", bytes[0] / rounds)
        .isLessThanOrEqualTo(bytes[0] / rounds + 8);
  }

  /** Reads the row through a generated and a Byte Buddy mapping; returns whether it was read (else refused alike). */
  private static <T> boolean sameRead(EntityMapping<T> generated, EntityMapping<T> byteBuddy, TableRow row) {
    boolean[] read = new boolean[1];
    sameOutcome(() -> generated.fromRow(row, JsonMappingContext.INSTANCE),
        () -> byteBuddy.fromRow(row, JsonMappingContext.INSTANCE), (Object entity) -> read[0] = true);
    return read[0];
  }

  /** Reads the row through both mappings; returns whether it was read (else it was refused alike). */
  private static boolean sameRead(String entity, TableRow row) {
    boolean[] read = new boolean[1];
    sameOutcome(() -> fields(generated(entity).fromRow(row, JsonMappingContext.INSTANCE)),
        () -> fields(byteBuddy(entity).fromRow(row, JsonMappingContext.INSTANCE)),
        (Object fields) -> read[0] = true);
    return read[0];
  }

  private interface Action {
    Object run();
  }

  /**
   * Both succeed with equal results (passed on), or both throw the same exception class with the same message.
   *
   * @return whether both succeeded
   */
  private static boolean sameOutcome(Action generated, Action byteBuddy, Consumer<Object> whenBothSucceed) {
    Object[] results = new Object[2];
    Throwable expected = catchThrowable(() -> results[0] = generated.run());
    Throwable actual = catchThrowable(() -> results[1] = byteBuddy.run());
    if (expected == null) {
      assertThat(actual).as("the generated mapping succeeded").isNull();
      if (results[0] instanceof TableRow) {
        assertThat(results[1]).hasToString(results[0].toString());
      } else {
        assertThat(results[1]).isEqualTo(results[0]);
      }
      whenBothSucceed.accept(results[1]);
      return true;
    }
    assertThat(expected).as("the mappings refuse with the mapper's own exceptions")
        .isInstanceOf(TableMapperException.class);
    assertThat(actual).as("the generated mapping threw " + expected).isNotNull()
        .isExactlyInstanceOf(expected.getClass()).hasMessage(expected.getMessage());
    return false;
  }

  private static Map<String, Object> with(Map<String, Object> values, String name, Object value) {
    Map<String, Object> changed = new HashMap<>(values);
    changed.put(name, value);
    return changed;
  }

  /** The row with a property set (or removed, for null). */
  private static TableRow changed(TableRow row, String name, Object value) {
    Map<String, Object> properties = new LinkedHashMap<>(row.properties());
    if (value == null) {
      properties.remove(name);
    } else {
      properties.put(name, value);
    }
    return TableRow.builder(row.partitionKey(), row.rowKey()).putAll(properties).etag(row.etag())
        .timestamp(row.timestamp()).build();
  }

  private static TableRow keys(TableRow row, String partitionKey, String rowKey) {
    return TableRow.builder(partitionKey, rowKey).putAll(row.properties()).etag(row.etag())
        .timestamp(row.timestamp()).build();
  }

  /** Every instance field of an entity (its own and inherited) as text: arrays by content, enums by name. */
  static Map<String, String> fields(Object entity) {
    Map<String, String> fields = new TreeMap<>();
    for (Class<?> type = entity.getClass(); type != Object.class; type = type.getSuperclass()) {
      for (Field field : type.getDeclaredFields()) {
        if (Modifier.isStatic(field.getModifiers())) {
          continue;
        }
        field.setAccessible(true);
        try {
          Object value = field.get(entity);
          fields.put(field.getName(), value instanceof byte[] ? Arrays.toString((byte[]) value)
              : value == null ? "null" : value.getClass().getSimpleName() + ":" + value);
        } catch (IllegalAccessException e) {
          throw new AssertionError(e);
        }
      }
    }
    return fields;
  }
}
