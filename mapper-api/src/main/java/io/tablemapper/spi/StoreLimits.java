package io.tablemapper.spi;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.InvalidKeyException;
import java.time.Instant;
import java.util.Map;
import java.util.Set;

/**
 * The store's rules, written once: the processor checks literals and names against them at compile time, the
 * runtime checks every entity before sending it, and every backend enforces them so that all backends behave
 * like the real service.
 *
 * <p>Figures are Azure Table Storage's: keys up to 1024 characters without {@code / \ # ?} or control
 * characters; 252 properties besides PartitionKey, RowKey and Timestamp; strings up to 32,768 UTF-16
 * characters (64 KiB); binaries up to 64 KiB; entities up to 1 MiB; DateTime from 1601-01-01 to 9999-12-31 in
 * 100 ns ticks; entity group transactions of at most 100 operations and 4 MiB. A store of another
 * {@link StoreProfile} adds its own, checked by the overloads that take the profile: on
 * {@link StoreProfile#COSMOS_TABLE} RowKeys of at most {@value #COSMOS_MAX_ROW_KEY_BYTES} bytes of UTF-8 and batches of
 * at most 2 MiB.
 */
public final class StoreLimits {
  /** The most characters in a PartitionKey or RowKey. */
  public static final int MAX_KEY_LENGTH = 1024;
  /** The most properties an entity carries besides PartitionKey, RowKey and Timestamp. */
  public static final int MAX_PROPERTIES = 252;
  /** The most characters in a property name. */
  public static final int MAX_PROPERTY_NAME_LENGTH = 255;
  /** The most UTF-16 characters in a String property (64 KiB). */
  public static final int MAX_STRING_LENGTH = 32 * 1024;
  /** The most bytes in a Binary property. */
  public static final int MAX_BINARY_LENGTH = 64 * 1024;
  /** The largest entity, in the store's size estimate ({@link #entitySize}). */
  public static final int MAX_ENTITY_SIZE = 1024 * 1024;
  /** The most operations in one entity group transaction. */
  public static final int MAX_BATCH_OPERATIONS = 100;
  /**
   * The largest entity group transaction, both as the sum of its entities' sizes in the estimate and as the request
   * body sent ({@link RequestSize#batch}).
   */
  public static final int MAX_BATCH_SIZE = 4 * 1024 * 1024;
  /** The most bytes of UTF-8 in a RowKey on the Cosmos DB Table API ({@link StoreProfile#COSMOS_TABLE}). */
  public static final int COSMOS_MAX_ROW_KEY_BYTES = 255;
  /** The largest batch on the Cosmos DB Table API ({@link StoreProfile#COSMOS_TABLE}), 2 MiB. */
  public static final int COSMOS_MAX_BATCH_SIZE = 2 * 1024 * 1024;
  /** The most entities one query page returns. */
  public static final int MAX_PAGE_SIZE = 1000;
  /**
   * The earliest DateTime the store keeps, 1601-01-01T00:00:00Z (as epoch seconds: parsing the text would load
   * {@code java.time}'s parser and regular expressions at every start-up).
   */
  public static final Instant MIN_DATE_TIME = Instant.ofEpochSecond(-11_644_473_600L);
  /** The latest DateTime the store keeps, 9999-12-31T23:59:59.9999999Z. */
  public static final Instant MAX_DATE_TIME = Instant.ofEpochSecond(253_402_300_799L, 999_999_900);
  /** The precision of DateTime values, in nanoseconds (one tick). */
  public static final int DATE_TIME_TICK_NANOS = 100;

  /** Property names the store owns. */
  public static final Set<String> SYSTEM_PROPERTIES = Set.of("PartitionKey", "RowKey", "Timestamp");


  private StoreLimits() {}

  /**
   * Whether a character may appear in a key: not {@code / \ # ?} and not a control character (U+0000 to U+001F,
   * U+007F to U+009F).
   */
  public static boolean isKeyCharAllowed(char c) {
    return c != '/' && c != '\\' && c != '#' && c != '?' && !(c <= 0x1F) && !(c >= 0x7F && c <= 0x9F);
  }

  /**
   * The index of the first character a key may not hold ({@link #isKeyCharAllowed}), or of its first lone
   * surrogate ({@link #firstLoneSurrogate}); -1 when there is none.
   */
  public static int firstForbiddenKeyChar(CharSequence text) {
    int lone = firstLoneSurrogate(text);
    for (int i = 0; i < text.length() && (lone < 0 || i < lone); i++) {
      if (!isKeyCharAllowed(text.charAt(i))) {
        return i;
      }
    }
    return lone;
  }

  /**
   * The index of the first lone surrogate of a text (a high surrogate not followed by a low one, or a low one not
   * preceded by a high one), or -1. A lone surrogate is half of a character: UTF-8, in which the store keeps text,
   * cannot encode it, so no key or string value may hold one.
   */
  public static int firstLoneSurrogate(CharSequence text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * A character as text for messages: printable ones quoted, control characters as {@code U+XXXX}, a surrogate as
   * the lone surrogate it is where this is used.
   */
  public static String describeChar(char c) {
    if (Character.isSurrogate(c)) {
      return String.format("U+%04X (a lone surrogate: half of a character, which UTF-8 cannot encode)", (int) c);
    }
    return c < 0x20 || (c >= 0x7F && c <= 0x9F) ? String.format("U+%04X", (int) c) : "'" + c + "' (U+" + String.format("%04X", (int) c) + ")";
  }

  /**
   * Checks a whole PartitionKey or RowKey.
   *
   * @param keyName {@code PartitionKey} or {@code RowKey}
   * @param subject what the key belongs to, for the message (an entity class, a table)
   * @throws InvalidKeyException naming the subject, the key and the broken rule
   */
  public static void checkKey(String keyName, String key, String subject) {
    checkKey(keyName, key, subject, StoreProfile.AZURE_TABLE_STORAGE);
  }

  /**
   * Checks a whole PartitionKey or RowKey against the rules of a store profile: {@link #checkKey(String, String,
   * String)}'s, and the profile's limit on a RowKey's bytes ({@link StoreProfile#maxRowKeyBytes()}).
   *
   * @param keyName {@code PartitionKey} or {@code RowKey}
   * @param subject what the key belongs to, for the message (an entity class, a table)
   * @param profile the store's profile
   * @throws InvalidKeyException naming the subject, the key and the broken rule
   */
  public static void checkKey(String keyName, String key, String subject, StoreProfile profile) {
    if (key == null) {
      throw new InvalidKeyException(keyName + " of " + subject + " is null");
    }
    if (key.length() > MAX_KEY_LENGTH) {
      throw new InvalidKeyException(
          keyName + " of " + subject + " is " + key.length() + " characters long; the store allows at most "
              + MAX_KEY_LENGTH + " (key starts '" + key.substring(0, 40) + "…')");
    }
    int bad = firstForbiddenKeyChar(key);
    if (bad >= 0) {
      throw new InvalidKeyException(
          keyName + " '" + printable(key) + "' of " + subject + " contains the forbidden character "
              + describeChar(key.charAt(bad)) + " at index " + bad
              + "; keys may not hold / \\ # ?, control characters or lone surrogates");
    }
    if (profile.maxRowKeyBytes() < 3 * MAX_KEY_LENGTH && keyName.equals("RowKey")) {
      long bytes = utf8Length(key);
      if (bytes > profile.maxRowKeyBytes()) {
        throw new InvalidKeyException(
            keyName + " of " + subject + " is " + bytes + " bytes of UTF-8; " + profile + " allows at most "
                + profile.maxRowKeyBytes() + " (key starts '" + printable(key.substring(0, Math.min(40, key.length())))
                + "…'); shorten the key's template or its values");
      }
    }
  }

  /** The bytes a text takes in UTF-8 (a lone surrogate counted as the 3 bytes of a replacement). */
  public static long utf8Length(CharSequence text) {
    long bytes = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        bytes++;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (Character.isHighSurrogate(c) && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        bytes += 4;
        i++;
      } else {
        bytes += 3;
      }
    }
    return bytes;
  }

  /**
   * Checks the prefix of a table listing ({@link TableBackend#listTables}): letters and digits only, at most 63.
   *
   * @throws IllegalArgumentException naming the prefix and the rule
   */
  public static void checkTablePrefix(String prefix) {
    boolean valid = prefix != null && prefix.length() <= 63;
    for (int i = 0; valid && i < prefix.length(); i++) {
      char c = prefix.charAt(i);
      valid = c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9';
    }
    if (!valid) {
      throw new IllegalArgumentException("invalid table name prefix '" + prefix + "': a prefix of table names holds"
          + " at most 63 letters or digits");
    }
  }

  /** Whether a table name is valid: a letter, then 2 to 62 letters or digits; not the reserved "tables". */
  public static boolean isValidTableName(String table) {
    // by hand rather than by a regular expression: every backend call checks its table's name
    if (table == null || table.length() < 3 || table.length() > 63 || table.equalsIgnoreCase("tables")) {
      return false;
    }
    for (int i = 0; i < table.length(); i++) {
      char c = table.charAt(i);
      boolean letter = c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z';
      if (!letter && (i == 0 || c < '0' || c > '9')) {
        return false;
      }
    }
    return true;
  }

  /**
   * Checks a table name.
   *
   * @throws IllegalArgumentException naming the table and the rule
   */
  public static void checkTableName(String table) {
    if (!isValidTableName(table)) {
      throw new IllegalArgumentException(
          "invalid table name '" + table + "': a table name is a letter followed by 2 to 62 letters or digits"
              + " (^[A-Za-z][A-Za-z0-9]{2,62}$), and 'tables' is reserved");
    }
  }

  /**
   * Whether a property name is valid: 1 to 255 characters forming a C# identifier (a letter or underscore, then
   * letters, digits or underscores), and not a system property.
   */
  public static boolean isValidPropertyName(String name) {
    return propertyNameProblem(name) == null;
  }

  /** Why a property name is invalid, or null when it is valid. */
  public static String propertyNameProblem(String name) {
    if (name == null || name.isEmpty()) {
      return "a property name is empty";
    }
    if (name.length() > MAX_PROPERTY_NAME_LENGTH) {
      return "property name '" + name.substring(0, 20) + "…' is " + name.length()
          + " characters long; the store allows " + MAX_PROPERTY_NAME_LENGTH;
    }
    if (SYSTEM_PROPERTIES.contains(name)) {
      return "property name '" + name + "' is reserved by the store (PartitionKey, RowKey, Timestamp)";
    }
    char first = name.charAt(0);
    if (!(Character.isLetter(first) || first == '_')) {
      return "property name '" + name + "' must start with a letter or '_' (the store's names are C# identifiers)";
    }
    for (int i = 1; i < name.length(); i++) {
      char c = name.charAt(i);
      if (!(Character.isLetterOrDigit(c) || c == '_')) {
        return "property name '" + name + "' contains " + describeChar(c)
            + "; the store's names hold only letters, digits and '_'";
      }
    }
    return null;
  }

  /** Whether a DateTime value is within the store's range and precision. */
  public static boolean isValidDateTime(Instant value) {
    return !value.isBefore(MIN_DATE_TIME) && !value.isAfter(MAX_DATE_TIME) && value.getNano() % DATE_TIME_TICK_NANOS == 0;
  }

  /** Why a DateTime value cannot be stored, or null when it can. */
  public static String dateTimeProblem(Instant value) {
    if (value.isBefore(MIN_DATE_TIME) || value.isAfter(MAX_DATE_TIME)) {
      return value + " is outside the store's DateTime range " + MIN_DATE_TIME + " … " + MAX_DATE_TIME;
    }
    if (value.getNano() % DATE_TIME_TICK_NANOS != 0) {
      return value + " is more precise than the store's 100 ns ticks; truncate it, for example"
          + " with value.truncatedTo(ChronoUnit.MICROS)";
    }
    return null;
  }

  /**
   * The store's size estimate of an entity in bytes: 4 + 2 × (length of PartitionKey + RowKey) + for each
   * property 8 + 2 × (length of its name) + the size of its value (String 4 + 2 × length, Binary 4 + length,
   * Boolean 1, Int32 4, Int64, Double and DateTime 8, Guid 16).
   */
  public static long entitySize(TableRow row) {
    long size = 4 + 2L * (row.partitionKey().length() + row.rowKey().length());
    for (Map.Entry<String, Object> property : row.properties().entrySet()) {
      size += propertySize(property.getKey(), property.getValue());
    }
    return size;
  }

  /** What one property adds to the size estimate of its entity ({@link #entitySize}). */
  public static long propertySize(String name, Object value) {
    return 8 + 2L * name.length() + valueSize(value);
  }

  private static long valueSize(Object value) {
    switch (EdmType.of(value)) {
      case STRING:
        return 4 + 2L * ((String) value).length();
      case BINARY:
        return 4 + ((byte[]) value).length;
      case BOOLEAN:
        return 1;
      case INT32:
        return 4;
      case GUID:
        return 16;
      default:
        return 8;
    }
  }

  /**
   * Checks everything the store checks about one entity: its keys, the number, names, types and sizes of its
   * properties, DateTime ranges and the entity's total size.
   *
   * @param subject what the row is, for messages (for example {@code Employee} or {@code entity in table Company})
   * @throws InvalidKeyException if a key breaks the key rules
   * @throws InvalidEntityException if anything else breaks the entity rules
   */
  public static void checkRow(TableRow row, String subject) {
    checkRow(row, subject, StoreProfile.AZURE_TABLE_STORAGE);
  }

  /**
   * {@link #checkRow(TableRow, String)} on a store of a profile: its keys also against the profile's key limits.
   *
   * @param subject what the row is, for messages
   * @param profile the store's profile
   * @throws InvalidKeyException if a key breaks the key rules
   * @throws InvalidEntityException if anything else breaks the entity rules
   */
  public static void checkRow(TableRow row, String subject, StoreProfile profile) {
    checkKey("PartitionKey", row.partitionKey(), subject, profile);
    checkKey("RowKey", row.rowKey(), subject, profile);
    Map<String, Object> properties = row.properties();
    if (properties.size() > MAX_PROPERTIES) {
      throw new InvalidEntityException(
          subject + " " + row.describeKeys() + " has " + properties.size()
              + " properties; the store allows at most " + MAX_PROPERTIES
              + " besides PartitionKey, RowKey and Timestamp");
    }
    for (Map.Entry<String, Object> property : properties.entrySet()) {
      String name = property.getKey();
      String nameProblem = propertyNameProblem(name);
      if (nameProblem != null) {
        throw new InvalidEntityException(subject + " " + row.describeKeys() + ": " + nameProblem);
      }
      Object value = property.getValue();
      String problem = valueProblem(value);
      if (problem != null) {
        throw new InvalidEntityException(
            "property '" + name + "' of " + subject + " " + row.describeKeys() + ": " + problem);
      }
    }
    long size = entitySize(row);
    if (size > MAX_ENTITY_SIZE) {
      throw new InvalidEntityException(
          subject + " " + row.describeKeys() + " is " + size + " bytes in the store's size estimate; the store"
              + " allows at most " + MAX_ENTITY_SIZE + " (1 MiB) per entity");
    }
  }

  /** Why a single value cannot be stored, or null when it can. */
  public static String valueProblem(Object value) {
    EdmType type;
    try {
      type = EdmType.of(value);
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
    switch (type) {
      case STRING:
        int length = ((String) value).length();
        if (length > MAX_STRING_LENGTH) {
          return "the string is " + length + " characters long; the store allows at most " + MAX_STRING_LENGTH
              + " (64 KiB of UTF-16)";
        }
        int lone = firstLoneSurrogate((String) value);
        return lone < 0 ? null
            : "the string holds " + describeChar(((String) value).charAt(lone)) + " at index " + lone
                + ", which the store cannot keep";
      case BINARY:
        int bytes = ((byte[]) value).length;
        return bytes > MAX_BINARY_LENGTH
            ? "the binary value is " + bytes + " bytes long; the store allows at most " + MAX_BINARY_LENGTH
            : null;
      case DATE_TIME:
        return dateTimeProblem((Instant) value);
      default:
        return null;
    }
  }

  private static String printable(String key) {
    StringBuilder text = new StringBuilder(Math.min(key.length(), 80));
    for (int i = 0; i < key.length() && i < 80; i++) {
      char c = key.charAt(i);
      if (c < 0x20 || (c >= 0x7F && c <= 0x9F)) {
        text.append(String.format("\\u%04X", (int) c));
      } else {
        text.append(c);
      }
    }
    return key.length() > 80 ? text.append('…').toString() : text.toString();
  }
}
