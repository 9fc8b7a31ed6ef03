package io.tablemapper.runtime.write;

import io.tablemapper.spi.TableRow;
import java.util.HashMap;
import java.util.Map;

/**
 * What one attempt of a write knows of the store: the stored entity (read, or guessed from the full index copy the
 * application read it through), the rows under the stored entity's index values — where its copies should be —
 * as read or as a refused transaction revealed them, and the stored version the application's ETag was found to
 * name. A value whose row is not known is taken to hold the entity's copy, with the entity's ETag.
 *
 * <p>Immutable: each read or lesson makes a new snapshot, which the next attempt plans from.
 *
 * @param storedKnown whether the stored entity is known (read, or guessed)
 * @param stored the stored entity's row, or null when there is none (or it is not known)
 * @param guessed whether {@code stored} is a guess taken from the full copy the entity was read through
 * @param holders what is known to be under the stored entity's index values, by RowKey
 * @param acceptedVersion the ETag of the stored version the application's ETag was found to name (through a copy),
 *     or null
 */
public record Snapshot(boolean storedKnown, TableRow stored, boolean guessed, Map<String, Holder> holders,
    String acceptedVersion) {

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

  /** Nothing read yet. */
  static final Snapshot UNREAD = new Snapshot(false, null, false, Map.of(), null);

  /** A snapshot that knows the stored entity ({@code stored}, or null for none) and nothing else. */
  static Snapshot of(TableRow stored) {
    return UNREAD.withStored(stored, false);
  }

  /** What is known to be under {@code copyKey}, or null when nothing is known. */
  Holder holder(String copyKey) {
    return holders.get(copyKey);
  }

  /** Whether what is under {@code copyKey} is known (read or learned, not guessed). */
  boolean knows(String copyKey) {
    return holders.containsKey(copyKey);
  }

  /** This snapshot with the stored entity known: {@code row} (null for none), a guess or read. */
  Snapshot withStored(TableRow row, boolean guess) {
    return new Snapshot(true, row, guess, holders, acceptedVersion);
  }

  /** This snapshot with what is under one of the stored entity's index values. */
  Snapshot withHolder(String copyKey, Holder holder) {
    Map<String, Holder> known = new HashMap<>(holders);
    known.put(copyKey, holder);
    return new Snapshot(storedKnown, stored, guessed, Map.copyOf(known), acceptedVersion);
  }

  /** This snapshot with the application's ETag found to name the stored version {@code version}. */
  Snapshot accepting(String version) {
    return new Snapshot(storedKnown, stored, guessed, holders, version);
  }

  /**
   * What the next attempt knows once it reads the entity again: nothing but the version the application's ETag was
   * found to name, which still holds while the entity has that version.
   */
  Snapshot forgotten() {
    return new Snapshot(false, null, false, Map.of(), acceptedVersion);
  }
}
