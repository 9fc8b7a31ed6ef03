package io.tablemapper.runtime;

import static io.tablemapper.runtime.TwiceCompiled.LEDGER;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Values of the twice-compiled {@code Ledger} and {@code Till}, by property name, for the tests that compare the
 * generated mapping with the Byte Buddy one: JSON records are given as maps of their components and built from the
 * compilation's own {@code Ledger.Address}, enums by constant name.
 */
final class LedgerValues {
  private LedgerValues() {}

  /** A Ledger with every property set, every default different from its declared one. */
  static Map<String, Object> full() {
    Map<String, Object> values = new HashMap<>();
    values.put("branch", "North");
    values.put("entryId", 1);
    values.put("account", "acc-7");
    values.put("code", 1234);
    values.put("flagged", true);
    values.put("clerk", "Ann");
    values.put("ticket", UUID.fromString("00000000-0000-0000-0000-0000000000aa"));
    values.put("day", LocalDate.of(2024, 3, 1));
    values.put("kind", "DEBIT");
    values.put("level", 7);
    values.put("tag", "rent");
    values.put("amount", new BigDecimal("99.95"));
    values.put("memo", "March");
    values.put("address", address("Main", 5));
    values.put("history", List.of(address("Old", 1), address("Older", 2)));
    values.put("totals", Map.of("q1", List.of(1, 2, 3)));
    values.put("previous", null);
    values.put("dString", "s");
    values.put("dChar", 'c');
    values.put("dCharacter", 'C');
    values.put("dBoolean", false);
    values.put("dBooleanBoxed", true);
    values.put("dByte", (byte) 1);
    values.put("dByteBoxed", (byte) -1);
    values.put("dShort", (short) 2);
    values.put("dShortBoxed", (short) -2);
    values.put("dInt", 3);
    values.put("dInteger", -3);
    values.put("dLong", 4L);
    values.put("dLongBoxed", -4L);
    values.put("dFloat", 0.5f);
    values.put("dFloatBoxed", -0.5f);
    values.put("dDouble", 0.25d);
    values.put("dDoubleBoxed", -0.25d);
    values.put("dUuid", UUID.fromString("00000000-0000-0000-0000-0000000000bb"));
    values.put("dInstant", Instant.parse("2023-05-06T07:08:09Z"));
    values.put("dOffset", OffsetDateTime.of(2023, 5, 6, 7, 8, 9, 0, ZoneOffset.ofHours(-3)));
    values.put("dDate", LocalDate.of(2023, 5, 6));
    values.put("dDateTime", LocalDateTime.of(2023, 5, 6, 7, 8, 9));
    values.put("dKind", "DEBIT");
    values.put("dDecimal", new BigDecimal("0.01"));
    values.put("dBig", BigInteger.TEN);
    values.put("dBytes", new byte[] {5, 6});
    return values;
  }

  /** The same entry with every property that may be null null: no copy in the sparse indexes, no JSON. */
  static Map<String, Object> sparse() {
    Map<String, Object> values = new HashMap<>(full());
    values.put("entryId", 2);
    for (String nullable : List.of("account", "code", "clerk", "ticket", "day", "kind", "level", "tag", "amount",
        "memo", "address", "history", "totals", "dString", "dCharacter", "dBooleanBoxed", "dByteBoxed",
        "dShortBoxed", "dInteger", "dLongBoxed", "dFloatBoxed", "dDoubleBoxed", "dUuid", "dInstant", "dOffset",
        "dDate", "dDateTime", "dKind", "dDecimal", "dBig", "dBytes")) {
      values.put(nullable, null);
    }
    return values;
  }

  /** A Till with every property set. */
  static Map<String, Object> till() {
    Map<String, Object> values = new HashMap<>();
    values.put("branch", "North");
    values.put("id", 3);
    values.put("cashier", "Bo");
    values.put("drawers", 2L);
    values.put("change", new BigDecimal("1.00"));
    values.put("seal", new byte[] {7});
    values.put("mode", "CREDIT");
    Map<String, Integer> coins = new LinkedHashMap<>(); // in a fixed order: Map.of's differs between JVMs
    coins.put("1", 3);
    coins.put("2", 4);
    values.put("coins", coins);
    return values;
  }

  /** A JSON record value, built by {@link #instance} from the compilation's own {@code Ledger.Address}. */
  static Map<String, Object> address(String street, int number) {
    Map<String, Object> address = new HashMap<>();
    address.put("street", street);
    address.put("number", number);
    return address;
  }

  /** A Ledger of a compilation, with these values. */
  static Object instance(Javac.Result compiled, Map<String, Object> values) {
    Map<String, Object> converted = new HashMap<>(values);
    Class<?> address = compiled.load(LEDGER + "$Address");
    for (String name : List.of("address", "previous")) {
      if (values.get(name) != null) {
        converted.put(name, record(address, values.get(name)));
      }
    }
    if (values.get("history") != null) {
      List<Object> history = new ArrayList<>();
      for (Object entry : (List<?>) values.get("history")) {
        history.add(record(address, entry));
      }
      converted.put("history", history);
    }
    return TwiceCompiled.record(compiled.load(LEDGER), converted);
  }

  @SuppressWarnings("unchecked")
  private static Object record(Class<?> type, Object components) {
    return TwiceCompiled.record(type, (Map<String, Object>) components);
  }
}
