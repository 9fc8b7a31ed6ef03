package io.tablemapper.runtime.rows;

import io.tablemapper.api.IndexState;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The rows that record the state of an entity type's indexes: one row per table and type, in the mapper's own table
 * {@value #TABLE}, partition {@value #PARTITION}, RowKey {@code <table>|<type>} (the table's name
 * in lower case, as the store compares names; a character the store refuses in a key escaped as {@code %XX}).
 *
 * <p>For each index the writers of the type maintain (or once maintained) the row holds: {@code State_<index>}, an
 * {@link IndexState} name; {@code Table_<index>}, the table of the index's rows (the entity's own, or a remote
 * index's); and while a build or repair is under way {@code Checkpoint_<index>}, where a run that died resumes
 * ({@code E:<PartitionKey>} after the entity table's partitions up to that key, {@code R:<PartitionKey>} in the sweep
 * of a remote index's table), and {@code Conflicts_<index>}, the unique values found held twice so far. Index names
 * are letters and digits, so every name is a valid property name.
 *
 * <p>The row lives in a table of its own, not the entity's nor the registry of pending work: no read of entities (a
 * table scan, a partition, a dynamic table) ever meets it, no completer's look at the registry, and it is there
 * before the entity table has a row.
 */
public final class IndexStateRows {
  /** The table of the state rows: {@value}. */
  public static final String TABLE = "TableMapperIndexes";
  /** The partition of the state rows: {@value}. */
  public static final String PARTITION = "indexes";
  /** The discriminator value of a state row: {@value}, a type no entity can declare. */
  public static final String TYPE = "#indexes";
  private static final String STATE = "State_";
  private static final String INDEX_TABLE = "Table_";
  private static final String CHECKPOINT = "Checkpoint_";
  private static final String CONFLICTS = "Conflicts_";

  private IndexStateRows() {}

  /** The RowKey of the state row of a type in a table. */
  public static String rowKey(String table, String type) {
    String raw = table.toLowerCase(java.util.Locale.ROOT) + "|" + type;
    StringBuilder key = new StringBuilder(raw.length());
    for (char c : raw.toCharArray()) {
      if (c == '/' || c == '\\' || c == '#' || c == '?' || c == '%' || c < 0x20 || c >= 0x7f && c <= 0x9f) {
        key.append('%').append(String.format("%02X", (int) c & 0xff));
      } else {
        key.append(c);
      }
    }
    return key.toString();
  }

  /** The state the row records for an index, or null when it records none. */
  public static IndexState state(TableRow row, String index) {
    Object value = row == null ? null : row.get(STATE + index);
    if (!(value instanceof String name)) {
      return null;
    }
    try {
      return IndexState.valueOf(name);
    } catch (IllegalArgumentException unknown) {
      return IndexState.NOT_BUILT; // a state a later version wrote: not known to be ready
    }
  }

  /** The names of the indexes the row records, in the row's order. */
  public static List<String> indexes(TableRow row) {
    List<String> names = new ArrayList<>();
    if (row != null) {
      for (Map.Entry<String, Object> property : row.properties().entrySet()) {
        if (property.getKey().startsWith(STATE)) {
          names.add(property.getKey().substring(STATE.length()));
        }
      }
    }
    return names;
  }

  /** The table of an index's rows as recorded, or null. */
  public static String table(TableRow row, String index) {
    Object value = row == null ? null : row.get(INDEX_TABLE + index);
    return value instanceof String text ? text : null;
  }

  /** The checkpoint of a run under way over an index, or null. */
  public static String checkpoint(TableRow row, String index) {
    Object value = row == null ? null : row.get(CHECKPOINT + index);
    return value instanceof String text ? text : null;
  }

  /** The conflicts counted so far by a run under way over an index. */
  public static long conflicts(TableRow row, String index) {
    Object value = row == null ? null : row.get(CONFLICTS + index);
    return value instanceof Long count ? count : 0;
  }

  /** A new state row of a type, recording nothing yet. */
  public static TableRow.Builder newRow(String discriminator, String table, String type) {
    return TableRow.builder(PARTITION, rowKey(table, type)).putString(discriminator, TYPE);
  }

  /**
   * The row with an index's state (and its table) set; a checkpoint and a conflict count kept only when given
   * (null removes them).
   */
  public static TableRow with(TableRow row, String index, IndexState state, String indexTable, String checkpoint,
      Long conflicts) {
    TableRow.Builder changed = row.toBuilder().putString(STATE + index, state.name());
    if (indexTable != null) {
      changed.putString(INDEX_TABLE + index, indexTable);
    }
    if (checkpoint == null) {
      changed.remove(CHECKPOINT + index);
    } else {
      changed.putString(CHECKPOINT + index, checkpoint);
    }
    if (conflicts == null) {
      changed.remove(CONFLICTS + index);
    } else {
      changed.putInt64(CONFLICTS + index, conflicts);
    }
    return changed.build();
  }

  /** The row without anything recorded of an index. */
  public static TableRow without(TableRow row, String index) {
    return row.toBuilder().remove(STATE + index).remove(INDEX_TABLE + index).remove(CHECKPOINT + index)
        .remove(CONFLICTS + index).build();
  }
}
