package io.tablemapper.runtime;

import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.spi.TableRow;
import java.util.HashMap;
import java.util.Map;

/**
 * What one write knows about the rows under its stored entity's index values — where the entity's copies should
 * be: read before the transaction, or learned from a refused one. A value not known is taken to hold the entity's
 * copy, with the entity's ETag. Not thread-safe.
 */
final class CopyHolders {

  /**
   * The row under one index value.
   *
   * @param row the row, or null for none
   * @param ours whether the row is the entity's copy for that index
   */
  record Holder(TableRow row, boolean ours) {

    /** The row's ETag; only for a row that is there. */
    String etag() {
      return row.etag();
    }
  }

  private final String primaryRowKey;
  private final Map<String, Holder> byRowKey = new HashMap<>();

  /** Knows nothing yet about the copies of the entity with this RowKey. */
  CopyHolders(String primaryRowKey) {
    this.primaryRowKey = primaryRowKey;
  }

  /** What is known to be under {@code copyKey}, or null when nothing is known. */
  Holder get(String copyKey) {
    return byRowKey.get(copyKey);
  }

  /** Whether what is under {@code copyKey} is known (read or learned, not guessed). */
  boolean knows(String copyKey) {
    return byRowKey.containsKey(copyKey);
  }

  /** Records what is under one of the entity's values of {@code index}: {@code row}, or nothing (null). */
  void found(IndexMapping<?> index, String copyKey, TableRow row) {
    byRowKey.put(copyKey, new Holder(row, row != null && IndexCopies.isCopyOf(row, index, primaryRowKey)));
  }

  /** Forgets everything: the entity is read again. */
  void clear() {
    byRowKey.clear();
  }
}
