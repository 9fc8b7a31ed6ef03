package io.tablemapper.processor.generation.report;

import io.tablemapper.internal.key.KeyCodec;
import io.tablemapper.internal.key.KeyType;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * The made-up value the key-design report puts in a key for a property, chosen by what the property's name says it
 * holds: an {@code email} is {@code ada@example.com}, a {@code tenant} {@code contoso}, a {@code department}
 * {@code Sales}, a {@code year} 2024, an {@code age} 36, an id 42, a time 2024-05-01T09:30Z. The same name gives the
 * same value everywhere, so key spaces that share a partition show the same PartitionKey. A bare {@code name},
 * {@code id} or {@code key} takes its kind from the entity ({@code Department.name} is a department); a String id
 * whose name says nothing more is the name's first word and 42 ({@code employeeId}: {@code employee-42}), and any
 * other String its name in words with a number ({@code reference-1}). Never a real value of the data: the report is
 * written at compile time and sees none.
 */
final class SampleValues {
  /** The time every time-valued placeholder shows. */
  static final LocalDateTime TIME = LocalDateTime.of(2024, 5, 1, 9, 30);
  private static final UUID SAMPLE_UUID = UUID.fromString("3f6c2a9e-8b1d-4c57-9e2a-0d4b7f1c6a58");

  /** Words of a String property's name, most specific first, and the value they stand for. */
  private static final List<Map.Entry<List<String>, String>> TEXTS = List.of(
      Map.entry(List.of("email", "mail"), "ada@example.com"),
      Map.entry(List.of("tenant"), "contoso"),
      Map.entry(List.of("firstname", "givenname", "forename"), "Ada"),
      Map.entry(List.of("lastname", "surname", "familyname"), "Lovelace"),
      Map.entry(List.of("username", "login", "user", "owner", "author"), "ada"),
      Map.entry(List.of("department", "dept", "division"), "Sales"),
      Map.entry(List.of("city", "town"), "Seattle"),
      Map.entry(List.of("country"), "Norway"),
      Map.entry(List.of("region", "zone", "datacenter"), "westeurope"),
      Map.entry(List.of("location", "site", "office", "store", "warehouse"), "Oslo"),
      Map.entry(List.of("service", "app", "application", "component"), "billing"),
      Map.entry(List.of("team", "group"), "platform"),
      Map.entry(List.of("project"), "apollo"),
      Map.entry(List.of("company", "organization", "organisation", "org", "customer", "client", "vendor",
          "supplier", "partner"), "Contoso"),
      Map.entry(List.of("account"), "ACC-1042"),
      Map.entry(List.of("order", "invoice", "receipt"), "ORD-1042"),
      Map.entry(List.of("sku", "product", "item", "article"), "SKU-1042"),
      Map.entry(List.of("phone", "mobile", "tel"), "+47-555-0100"),
      Map.entry(List.of("status", "state"), "active"),
      Map.entry(List.of("category", "kind", "type", "genre"), "books"),
      Map.entry(List.of("currency"), "EUR"),
      Map.entry(List.of("language", "locale", "lang"), "en-GB"),
      Map.entry(List.of("host", "server", "machine", "node", "instance"), "web-01"),
      Map.entry(List.of("device", "sensor", "meter"), "sensor-17"),
      Map.entry(List.of("tag", "label", "topic"), "urgent"),
      Map.entry(List.of("color", "colour"), "blue"),
      Map.entry(List.of("title", "subject"), "Quarterly report"),
      Map.entry(List.of("year"), "2024"),
      Map.entry(List.of("month"), "2024-05"),
      Map.entry(List.of("day", "date"), "2024-05-01"),
      Map.entry(List.of("code"), "A17"),
      Map.entry(List.of("name"), "Ada Lovelace"));

  /** Words of an integral property's name and the value they stand for; an id, a number and the rest are 42 or 7. */
  private static final List<Map.Entry<List<String>, Long>> NUMBERS = List.of(
      Map.entry(List.of("year"), 2024L),
      Map.entry(List.of("month"), 5L),
      Map.entry(List.of("week"), 18L),
      Map.entry(List.of("day"), 1L),
      Map.entry(List.of("hour"), 9L),
      Map.entry(List.of("minute"), 30L),
      Map.entry(List.of("age"), 36L),
      Map.entry(List.of("version", "revision"), 2L),
      Map.entry(List.of("sequence", "seq", "position", "rank", "attempt", "index"), 1L),
      Map.entry(List.of("count", "total", "quantity", "qty", "hits"), 3L),
      Map.entry(List.of("amount", "price", "cost", "cents", "balance"), 1250L),
      Map.entry(List.of("rating", "score", "level", "priority"), 4L),
      Map.entry(List.of("id", "number", "no", "num"), 42L));

  private SampleValues() {}

  /**
   * The value of a placeholder.
   *
   * @param entity the entity's simple name, which a bare {@code name} or a String {@code id} takes its kind from
   * @param property the property's Java name
   * @param type its key type
   * @param enumConstants an enum's constants (its first one is the value), else empty
   * @param width the placeholder's zero-padding width, or 0: a number is cut to the largest that fits
   * @return a String, a boxed number of the type, a Boolean, a UUID or a java.time value of the type
   */
  static Object of(String entity, String property, KeyType type, List<String> enumConstants, int width) {
    switch (type) {
      case STRING:
        return text(entity, property);
      case ENUM:
        return enumConstants.isEmpty() ? "CONSTANT" : enumConstants.get(0);
      case BOOLEAN:
        return Boolean.TRUE;
      case BYTE:
      case SHORT:
      case INT:
      case LONG:
        long value = Math.min(number(property), type == KeyType.BYTE ? Byte.MAX_VALUE : Long.MAX_VALUE);
        if (width > 0) {
          value = Math.min(value, KeyCodec.maxPadded(width));
        }
        return type == KeyType.BYTE ? (Object) (byte) value : type == KeyType.SHORT ? (Object) (short) value
            : type == KeyType.INT ? (Object) (int) value : (Object) value;
      case UUID:
        return SAMPLE_UUID;
      case INSTANT:
        return TIME.toInstant(ZoneOffset.UTC);
      case OFFSET_DATE_TIME:
        return TIME.atOffset(ZoneOffset.UTC);
      case LOCAL_DATE:
        return TIME.toLocalDate();
      case LOCAL_DATE_TIME:
        return TIME;
      default:
        throw new AssertionError(type);
    }
  }

  private static String text(String entity, String property) {
    List<String> words = words(property);
    if (words.equals(List.of("name")) || words.equals(List.of("id")) || words.equals(List.of("key"))) {
      String kind = match(TEXTS, words(entity)); // Department.name is a department, Tenant.id a tenant
      if (kind != null && !kind.equals("Ada Lovelace")) {
        return kind;
      }
    }
    String value = match(TEXTS, words);
    if (value != null) {
      return value;
    }
    if (words.get(words.size() - 1).equals("id")) { // employeeId: employee-42; Thing.id: thing-42
      return (words.size() > 1 ? words.get(0) : String.join("-", words(entity))) + "-42";
    }
    return String.join("-", words) + "-1";
  }

  private static long number(String property) {
    Long value = match(NUMBERS, words(property));
    return value == null ? 7 : value;
  }

  /** The value of the first entry one of whose words is a word of the name, or is the whole name in one word. */
  private static <V> V match(List<Map.Entry<List<String>, V>> table, List<String> words) {
    String whole = String.join("", words);
    for (Map.Entry<List<String>, V> entry : table) {
      for (String word : entry.getKey()) {
        if (words.contains(word) || whole.equals(word)) {
          return entry.getValue();
        }
      }
    }
    return null;
  }

  /** The words of a camelCase, snake_case or kebab-case name, lower case: {@code accountNumber} → account, number. */
  static List<String> words(String name) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean upper = Character.isUpperCase(c);
      boolean boundary = upper && word.length() > 0
          && (!Character.isUpperCase(name.charAt(i - 1))
              || i + 1 < name.length() && Character.isLowerCase(name.charAt(i + 1)));
      if (!Character.isLetterOrDigit(c) || boundary) {
        if (word.length() > 0) {
          words.add(word.toString());
          word.setLength(0);
        }
        if (!Character.isLetterOrDigit(c)) {
          continue;
        }
      }
      word.append(Character.toLowerCase(c));
    }
    if (word.length() > 0) {
      words.add(word.toString());
    }
    if (words.isEmpty()) {
      words.add(name.toLowerCase(Locale.ROOT));
    }
    return words;
  }
}
