package io.tablemapper.runtime.values;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.OutOfRowValues;
import io.tablemapper.spi.TableRow;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * The references of {@code @Large} values in their rows, and their names: the one place that knows the format. A row
 * holds, in place of each large value, a String reference {@code tmlarge:1:<S|B>:<name>} (S for a String value, B for
 * a Binary one); a value's name is {@code <PartitionKey>/<RowKey>/<uuid>}, each key in unpadded base64url of its
 * UTF-8, so that a sweep finds the row that should reference it. Every write names its values afresh, so a value is
 * never overwritten. Pure: nothing here is sent.
 */
public final class LargeReferences {
  private LargeReferences() {}

  /** How a reference starts; the version of the format follows. */
  public static final String PREFIX = "tmlarge:1:";

  private static final Base64.Encoder NAME_ENCODER = Base64.getUrlEncoder().withoutPadding();

  /** One value of a write, to be put before its row. */
  public record Value(String property, String name, byte[] bytes) {}

  /** A row with its large values replaced by references, and the values. */
  public record Detached(TableRow row, List<Value> values) {}

  /**
   * The row with each large value replaced by a reference under a fresh name, and the values to put. Pure: nothing
   * is sent.
   *
   * @throws InvalidEntityException if the keys are too long to name a value by
   */
  public static Detached detach(EntityMapping<?> mapping, TableRow row) {
    List<String> large = mapping.largeProperties();
    if (large.isEmpty()) {
      return new Detached(row, List.of());
    }
    TableRow.Builder detached = null;
    List<Value> values = new ArrayList<>(large.size());
    for (String property : large) {
      Object value = row.get(property);
      if (value == null) {
        continue;
      }
      char kind;
      byte[] bytes;
      if (value instanceof byte[]) {
        kind = 'B';
        bytes = (byte[]) value;
      } else if (value instanceof String) {
        kind = 'S';
        bytes = ((String) value).getBytes(StandardCharsets.UTF_8);
      } else {
        throw new IllegalStateException("@Large property '" + property + "' of " + mapping.entityClass().getName()
            + " holds a " + value.getClass().getSimpleName() + ", neither a String nor a Binary");
      }
      String name = name(mapping, row.partitionKey(), row.rowKey());
      values.add(new Value(property, name, bytes));
      if (detached == null) {
        detached = row.toBuilder();
      }
      detached.putString(property, PREFIX + kind + ':' + name);
    }
    return new Detached(detached == null ? row : detached.build(), List.copyOf(values));
  }
  /** A fresh name for a value of the entity with these keys. */
  private static String name(EntityMapping<?> mapping, String partitionKey, String rowKey) {
    String name = encode(partitionKey) + '/' + encode(rowKey) + '/' + UUID.randomUUID();
    if (name.length() > OutOfRowValues.MAX_NAME_LENGTH) {
      throw new InvalidEntityException(mapping.entityClass().getSimpleName() + " "
          + TableRow.keys(partitionKey, rowKey).describeKeys() + " cannot store its @Large properties "
          + mapping.largeProperties() + ": the name of a large value holds both keys (base64url of their UTF-8) and"
          + " would be " + name.length() + " characters long, more than the " + OutOfRowValues.MAX_NAME_LENGTH
          + " a value name may have; shorten the keys (together at most about 630 bytes of UTF-8)");
    }
    return name;
  }

  private static String encode(String key) {
    return NAME_ENCODER.encodeToString(key.getBytes(StandardCharsets.UTF_8));
  }
  /** The keys of the row that should reference a value of this name, or null when it is no name of this format. */
  public static TableRow owner(String name) {
    String[] parts = name.split("/", -1);
    if (parts.length != 3) {
      return null;
    }
    try {
      Base64.Decoder decoder = Base64.getUrlDecoder();
      return TableRow.keys(new String(decoder.decode(parts[0]), StandardCharsets.UTF_8),
          new String(decoder.decode(parts[1]), StandardCharsets.UTF_8));
    } catch (IllegalArgumentException notOurs) {
      return null;
    }
  }
  /** The name a stored value references, or null when it is no reference. */
  public static String referenced(Object stored) {
    if (stored instanceof String && ((String) stored).startsWith(PREFIX)) {
      String text = (String) stored;
      int colon = PREFIX.length() + 1;
      if (text.length() > colon + 1 && text.charAt(colon) == ':') {
        return text.substring(colon + 1);
      }
    }
    return null;
  }
  /** The names of the values a row references, in any property. */
  public static Set<String> references(TableRow row) {
    Set<String> names = new HashSet<>();
    if (row != null) {
      for (Object value : row.properties().values()) {
        String name = referenced(value);
        if (name != null) {
          names.add(name);
        }
      }
    }
    return names;
  }
}
